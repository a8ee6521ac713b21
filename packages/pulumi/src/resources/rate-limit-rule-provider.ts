/**
 * Implementation of the `edge.shield.RateLimitRule` dynamic resource: diff, create, read,
 * update and delete against the shield rate-limit API (check: rate-limit-rule-check.ts;
 * pure planning: rate-limit-rule-plan.ts). Loaded at run time by the serialized stub in
 * `loader.ts` (`require("pulumi-edgeplatform").__providers.rateLimitRule`).
 *
 * The resource is the rule id. Its safety rules:
 * - one object, one owner: the zone is listed (once per zone per run) before a POST; a rule
 *   of the same name is never taken over, whatever its values (it may be another stack's,
 *   or made by hand): the create fails before any write, naming the rule and the ways out
 *   (adopt it by `ruleId`, rename, or record it after an interrupted run);
 * - a POST whose outcome is unknown is never re-sent: the zone is listed again to find it;
 * - a 202 is "pending": the rule is read back with a bounded backoff; a create whose id is
 *   known but that still fails is reported as a partial create, so the id goes into state;
 * - "gone" needs unambiguous evidence: a not-found answer AND a readable zone list without
 *   the id; `not_found_or_unauthorised_access`, 401/403 or an unreadable zone is an error;
 * - an update sends only the top-level fields that changed, with the configuration merged
 *   over the platform's current one (read just before), so nothing unmanaged is reset;
 * - an adopted rule stays adopted (`origin`): addressing it by zone and name later never
 *   makes destroy delete it; only `deleteOnDestroy: true` does.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { RateLimitWriteResult } from "edgeplatform-client";
import type { CreateRateLimitRequest, RateLimitRule } from "edgeplatform-client/spec";
import { normalizeRuleConfiguration } from "edgeplatform-client/spec";
import { isNotFound, messageOf, operation, PROVIDER_KEY, ResourceOperationError } from "./common";
import { checkRateLimitRule } from "./rate-limit-rule-check";
import {
  changedConfigFields,
  deletesOnDestroy,
  fieldsToPatch,
  inputsFromOutputs,
  isAdoptMode,
  managesTop,
  missingForCreate,
  originOf,
  patchFor,
  planChanges,
  RateLimitRuleInputs,
  RateLimitRuleOutputs,
  toOutputs,
} from "./rate-limit-rule-plan";
import {
  acceptedRuleId,
  confirmGone,
  findByName,
  logLine,
  outcomeUnknown,
  PartialCreateError,
  pendingOutputs,
  readBack,
  recoverCreatedRule,
  timing,
} from "./rate-limit-rule-recovery";
import { claim, claimValue, claimWith, isClaimed, unclaim, zoneListing } from "./run-state";
import { configureFromRequest, ConfigureRequestLike, getClient } from "./settings";

export type { RateLimitRuleInputs, RateLimitRuleOutputs } from "./rate-limit-rule-plan";
export { timing } from "./rate-limit-rule-recovery";

const label = (i: { ruleId?: unknown; shieldZoneId?: unknown; pullZoneId?: unknown }) =>
  isAdoptMode(i)
    ? `edgeplatform RateLimitRule ${String(i.ruleId)}`
    : i.pullZoneId !== undefined && i.pullZoneId !== null
      ? `edgeplatform RateLimitRule (pull zone ${String(i.pullZoneId)})`
      : `edgeplatform RateLimitRule (shield zone ${String(i.shieldZoneId)})`;

/** The shield zone a new rule goes into (`pullZoneId` resolves through the platform). */
async function targetZone(inputs: RateLimitRuleInputs, what: string): Promise<number> {
  if (inputs.pullZoneId === undefined || inputs.pullZoneId === null) {
    return inputs.shieldZoneId as number;
  }
  try {
    const zone = await getClient().shield.getShieldZoneByPullZone(inputs.pullZoneId);
    if (typeof zone?.shieldZoneId !== "number") throw new Error("the answer names no shieldZoneId");
    return zone.shieldZoneId;
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the shield zone of pull zone ${inputs.pullZoneId} could not be found ` +
        `(${messageOf(e)})`,
      e,
    );
  }
}

/** Whether a rule holds the program's managed values. */
const matches = (inputs: RateLimitRuleInputs, rule: RateLimitRule) =>
  fieldsToPatch(inputs, rule).length === 0;

/** Brings an existing rule to the program's managed values: no write when they match. */
async function converge(
  inputs: RateLimitRuleInputs,
  ruleId: number,
  what: string,
): Promise<RateLimitRule> {
  const client = getClient();
  const current = await client.shield.getRateLimit(ruleId);
  const patch = patchFor(inputs, current);
  if (!patch) return current;
  if (patch.fields.includes("ruleName")) await assertNameFree(current, inputs.ruleName, what);
  const result = await client.shield.updateRateLimit(ruleId, patch.body);
  if (result.status === 200) return result.rule;
  const rule = await readBack(ruleId, (r) => matches(inputs, r));
  if (!rule) {
    throw new ResourceOperationError(
      `${what} failed: the platform accepted the change of rule ${ruleId} (202) but it was not ` +
        `visible after ${timing.readBackMs / 1000} s; run \`pulumi up\` again (the change is ` +
        `re-sent only if it is still missing)`,
    );
  }
  return rule;
}

/**
 * Names are unique in a zone: before a rule is renamed, the zone (listed once per run) must
 * have no other rule of the new name, and no other resource of this run may claim it.
 */
async function assertNameFree(rule: RateLimitRule, name: unknown, what: string): Promise<void> {
  if (typeof name !== "string" || name === "") return;
  const zone = rule.shieldZoneId;
  const listed = await zoneListing(zone, () => getClient().shield.listAllRateLimits(zone));
  const other = listed.find((r) => r.ruleName === name && r.id !== rule.id);
  if (other || isClaimed(`name:${zone}`, name)) {
    throw new ResourceOperationError(
      `${what} failed: shield zone ${zone} already has ${
        other ? `rule ${other.id}` : "a rule of this program"
      } named "${name}"; rule names are unique in a zone. Choose another ruleName, or rename ` +
        `that rule first. Nothing was written.`,
    );
  }
  claim(`name:${zone}`, name);
}

/** Adopt mode: the rule must exist; one PATCH only when managed fields differ. */
async function adopt(inputs: RateLimitRuleInputs, what: string) {
  const ruleId = inputs.ruleId as number;
  if (isClaimed("rule", ruleId)) {
    throw new ResourceOperationError(
      `${what} failed: another resource of this program already manages rule ${ruleId}; ` +
        `a rule can be managed by one resource only. Nothing was written.`,
    );
  }
  claim("rule", ruleId); // before the first await: two adopts of one rule in parallel
  let rule: RateLimitRule;
  try {
    rule = await converge(inputs, ruleId, what);
  } catch (e) {
    unclaim("rule", ruleId);
    if (isNotFound(e) && !(e as { isAmbiguousNotFound?: boolean }).isAmbiguousNotFound) {
      throw new ResourceOperationError(
        `${what} failed: rate-limit rule ${ruleId} does not exist (${messageOf(e)}). ruleId ` +
          `adopts an existing rule; use shieldZoneId or pullZoneId to create a new one.`,
        e,
      );
    }
    throw e;
  }
  claim("rule", rule.id);
  return { id: String(rule.id), outs: toOutputs(rule, inputs, "adopted") };
}

/**
 * The message of a create that found a rule of the same name: never taken over (it may be
 * another stack's rule, or made by hand); nothing is written.
 */
function sameNameMessage(what: string, zone: number, name: string, same: RateLimitRule[]) {
  const ids = same.map((r) => r.id);
  const one = ids.length === 1;
  const id = one ? String(ids[0]) : "<id>";
  return (
    `${what} failed: shield zone ${zone} already has ${one ? "rule" : "rules"} ` +
    `${ids.join(", ")} named "${name}". Rule names are unique in a zone, and Pulumi never takes ` +
    `over a rule this stack did not create (it may belong to another stack, or have been made ` +
    `by hand). Nothing was written. Ways out: adopt it with \`ruleId: ${id}\` (destroy then ` +
    `leaves it; add \`deleteOnDestroy: true\` to make destroy delete it); or choose another ` +
    `ruleName; or, if you renamed this resource in the program, give the new one \`aliases: ` +
    `[{ name: "<old name>" }]\`; or, if an interrupted \`pulumi up\` of this stack created it, ` +
    `adopt it with \`ruleId: ${id}, deleteOnDestroy: true\` (destroy then deletes it), run ` +
    `\`pulumi up\`, then \`pulumi refresh --clear-pending-creates\` to drop the engine's ` +
    `pending operation.`
  );
}

/**
 * The replacement of a resource of this run (its identity changed, e.g. `shieldZoneId` to
 * the `pullZoneId` of the same zone) finds the rule it replaces: that rule is this stack's
 * own (the engine diffed its state in this run), so the replacement manages it, brought to
 * the program's values, and the old resource's delete leaves it.
 */
async function takeOverReplaced(
  inputs: RateLimitRuleInputs,
  existing: RateLimitRule,
  zone: number,
  what: string,
) {
  claim("rule", existing.id);
  claim(`name:${zone}`, inputs.ruleName as string);
  const rule = await converge(inputs, existing.id, what);
  const origin = claimValue("replacing", existing.id) === "adopted" ? "adopted" : "created";
  logLine(
    `${what}: rule ${rule.id} named "${inputs.ruleName}" in shield zone ${zone} is the rule of ` +
      `the resource this one replaces; it is kept and managed here`,
  );
  return { id: String(rule.id), outs: toOutputs(rule, inputs, origin) };
}

/** Create mode: required fields and name check, then one POST. */
async function createInZone(
  inputs: RateLimitRuleInputs & { [PROVIDER_KEY]?: unknown },
  what: string,
) {
  const client = getClient();
  const zone = await targetZone(inputs, what);
  const name = inputs.ruleName as string;
  const listed = await zoneListing(zone, () => client.shield.listAllRateLimits(zone));
  const same = listed.filter((r) => r.ruleName === name);
  const known = new Set(listed.map((r) => r.id));
  if (isClaimed(`name:${zone}`, name) || same.some((r) => isClaimed("rule", r.id))) {
    throw new ResourceOperationError(
      `${what} failed: another resource of this program already creates or manages a rule ` +
        `named "${name}" in shield zone ${zone}; rule names are unique in a zone.`,
    );
  }
  if (same.length === 1 && isClaimed("replacing", same[0].id)) {
    return takeOverReplaced(inputs, same[0], zone, what);
  }
  if (same.length > 0) throw new ResourceOperationError(sameNameMessage(what, zone, name, same));
  const missing = missingForCreate(inputs);
  if (missing.length > 0) {
    throw new ResourceOperationError(
      `${what} failed: a new rule needs ${missing.join(", ")}; nothing was written`,
    );
  }
  claim(`name:${zone}`, name);
  const body: CreateRateLimitRequest = {
    shieldZoneId: zone,
    ruleName: name,
    ...(inputs.ruleDescription !== undefined ? { ruleDescription: inputs.ruleDescription } : {}),
    ruleConfiguration: normalizeRuleConfiguration(inputs.ruleConfiguration) as never,
  };
  let rule: RateLimitRule;
  let result: RateLimitWriteResult;
  try {
    result = await client.shield.createRateLimit(body);
  } catch (e) {
    if (!outcomeUnknown(e)) throw e;
    rule = await recoverCreatedRule(inputs, zone, known, e, what);
    claim("rule", rule.id);
    return { id: String(rule.id), outs: toOutputs(rule, inputs, "created") };
  }
  if (result.status === 200) {
    rule = result.rule;
  } else {
    let id = acceptedRuleId(result.accepted);
    if (id === undefined) {
      const found = await findByName(zone, name, known);
      if (!found) {
        throw new ResourceOperationError(
          `${what} failed: the platform accepted the rule (202) without naming it, and no rule ` +
            `named "${name}" was visible in shield zone ${zone} after ${timing.readBackMs / 1000} ` +
            `s. The next \`pulumi up\` looks for it by name before creating, so it is not ` +
            `created twice.`,
        );
      }
      id = found.id;
    }
    claim("rule", id);
    const read = await readBack(id, () => true);
    if (!read) {
      throw new PartialCreateError(
        `${what}: the platform accepted rule ${id} (202) but it was not readable after ` +
          `${timing.readBackMs / 1000} s; it is recorded in the state, and the next \`pulumi up\` ` +
          `reads it and brings it to the program's values`,
        id,
        pendingOutputs(id, zone, inputs),
      );
    }
    rule = read;
  }
  claim("rule", rule.id);
  return { id: String(rule.id), outs: toOutputs(rule, inputs, "created") };
}

/** Creates (zone modes) or adopts (`ruleId`) the rule. */
export async function createRateLimitRule(
  inputs: RateLimitRuleInputs,
): Promise<dynamic.CreateResult<RateLimitRuleOutputs>> {
  const what = `${label(inputs)}: create`;
  return operation(what, () =>
    isAdoptMode(inputs) ? adopt(inputs, what) : createInZone(inputs, what),
  );
}

/**
 * Reads the rule (GET) and reports the program's managed fields as the platform holds them.
 * A rule leaves the state (empty id) only when the zone's list confirms it is gone.
 */
export async function readRateLimitRule(
  id: string,
  props: RateLimitRuleOutputs,
): Promise<dynamic.ReadResult<RateLimitRuleOutputs>> {
  const ruleId = typeof props?.ruleId === "number" ? props.ruleId : Number(id);
  const what = `edgeplatform RateLimitRule ${ruleId}: read`;
  return operation(what, async () => {
    let rule: RateLimitRule;
    try {
      rule = await getClient().shield.getRateLimit(ruleId);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      await confirmGone(ruleId, props?.shieldZoneId, e, what);
      return { id: "" };
    }
    if (isReadOnlyView(props)) {
      const outs = readOnlyView(rule);
      return { id: String(rule.id), props: outs, inputs: inputsFromOutputs(outs) as never };
    }
    const known = inputsFromOutputs({ ...props, ruleId, adopted: props?.adopted === true });
    const outs = toOutputs(rule, known, originOf(props ?? {}));
    return { id: String(rule.id), props: outs, inputs: inputsFromOutputs(outs) as never };
  });
}

/**
 * Whether a read has no prior state (`RateLimitRule.get`: the props hold only `__provider`)
 * or is the read-only view such a read returned (`adopted`, `deleteOnDestroy: false`, no
 * `unmanaged`, the whole configuration).
 */
function isReadOnlyView(props: Partial<RateLimitRuleOutputs> | undefined): boolean {
  return typeof props?.ruleId !== "number" || props.readOnly === true;
}

/**
 * The read-only view of a rule (`RateLimitRule.get`): every field the platform reports, the
 * enumerations as its integers; adopted and `deleteOnDestroy: false`, so that nothing done
 * with this state could ever delete the rule (the engine never deletes a read resource).
 */
function readOnlyView(rule: RateLimitRule): RateLimitRuleOutputs {
  const outs = toOutputs(
    rule,
    {
      ruleId: rule.id,
      ruleName: rule.ruleName ?? null,
      ruleDescription: rule.ruleDescription ?? null,
      ruleConfiguration: { ...(rule.ruleConfiguration ?? {}) },
      deleteOnDestroy: false,
    },
    "adopted",
  );
  return { ...outs, readOnly: true };
}

/** Reports replacements (another rule or zone) and in-place changes. No API call. */
export function diffRateLimitRule(
  _id: string,
  olds: Partial<RateLimitRuleOutputs>,
  news: RateLimitRuleInputs,
): dynamic.DiffResult {
  const { replaces, changed } = planChanges(olds ?? {}, news ?? { ruleConfiguration: {} });
  // A resource of this run's program keeps its rule: no create of this run may take it over,
  // no other resource may adopt it, and a delete of it by a stale state entry (the old half
  // of a replacement or rename whose run failed before its delete) leaves it alone.
  if (replaces.length === 0 && typeof olds?.ruleId === "number") claim("rule", olds.ruleId);
  // A replacement (identity changed) may find this rule again in the same zone by name: it
  // is this stack's own rule, so that create may keep it instead of failing.
  if (replaces.length > 0 && typeof olds?.ruleId === "number") {
    claimWith("replacing", olds.ruleId, originOf(olds));
  }
  return { changes: replaces.length + changed.length > 0, replaces, deleteBeforeReplace: false };
}

/**
 * Brings the rule to the program's values. A change of mode, of `deleteOnDestroy` or of the
 * managed set alone makes no API call; a managed value that differs from the last known
 * state makes one GET (the platform's current values) and one PATCH of the top-level
 * fields that really differ.
 */
export async function updateRateLimitRule(
  id: string,
  olds: RateLimitRuleOutputs,
  news: RateLimitRuleInputs,
): Promise<dynamic.UpdateResult<RateLimitRuleOutputs>> {
  const ruleId = typeof olds?.ruleId === "number" ? olds.ruleId : Number(id);
  const what = `edgeplatform RateLimitRule ${ruleId}: update`;
  return operation(what, async () => {
    const stale =
      (["ruleName", "ruleDescription"] as const).some(
        (f) => news[f] !== undefined && (!managesTop(olds, f) || news[f] !== olds[f]),
      ) || changedConfigFields(news.ruleConfiguration ?? {}, olds.ruleConfiguration).length > 0;
    if (!stale) {
      const rule = {
        id: ruleId,
        shieldZoneId: olds.shieldZoneId,
        ruleName: olds.ruleName,
        ruleDescription: olds.ruleDescription,
        ruleConfiguration: olds.ruleConfiguration ?? {},
      } as RateLimitRule;
      return { outs: toOutputs(rule, news, originOf(olds)) };
    }
    const rule = await converge(news, ruleId, what);
    return { outs: toOutputs(rule, news, originOf(olds)) };
  });
}

/**
 * Deletes the rule when `deleteOnDestroy` (default for created rules); else leaves it. A
 * rule that a resource of this run took over (a replacement) is left to it.
 */
export async function deleteRateLimitRule(id: string, props: RateLimitRuleOutputs): Promise<void> {
  const ruleId = typeof props?.ruleId === "number" ? props.ruleId : Number(id);
  if (!deletesOnDestroy(props ?? {})) return;
  const what = `edgeplatform RateLimitRule ${ruleId}: delete`;
  if (isClaimed("rule", ruleId)) {
    logLine(`${what}: skipped, another resource of this run now manages rule ${ruleId}`);
    return;
  }
  await operation(what, async () => {
    try {
      await getClient().shield.deleteRateLimit(ruleId);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      await confirmGone(ruleId, props?.shieldZoneId, e, what); // already gone: nothing to do
    }
  });
}

/** The dynamic provider of `edge.shield.RateLimitRule` (what the serialized stub calls). */
export const rateLimitRuleProvider = {
  configure: async (req: ConfigureRequestLike): Promise<void> => configureFromRequest(req),
  check: async (olds: unknown, news: unknown) => checkRateLimitRule(olds, news),
  diff: async (id: string, olds: RateLimitRuleOutputs, news: RateLimitRuleInputs) =>
    diffRateLimitRule(id, olds, news),
  create: createRateLimitRule,
  read: readRateLimitRule,
  update: updateRateLimitRule,
  delete: deleteRateLimitRule,
};
