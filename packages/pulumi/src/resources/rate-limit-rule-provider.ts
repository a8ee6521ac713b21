/**
 * Implementation of the `edge.shield.RateLimitRule` dynamic resource: diff, create, read,
 * update and delete against the shield rate-limit API (check: rate-limit-rule-check.ts;
 * pure planning: rate-limit-rule-plan.ts). Loaded at run time by the serialized stub in
 * `loader.ts` (`require("pulumi-edgeplatform").__providers.rateLimitRule`).
 *
 * The resource is the rule id. Its safety rules:
 * - create is idempotent by name: the zone is listed (once per zone per run) before a POST;
 *   a rule of the same name with the same managed fields is taken over (how a run that was
 *   interrupted after its POST converges); one with other values fails before any write;
 * - a POST whose outcome is unknown is never re-sent: the zone is listed again to find it;
 * - a 202 is "pending": the rule is read back with a bounded backoff; a create whose id is
 *   known but that still fails is reported as a partial create, so the id goes into state;
 * - "gone" needs unambiguous evidence: a not-found answer AND a readable zone list without
 *   the id; `not_found_or_unauthorised_access`, 401/403 or an unreadable zone is an error;
 * - an update sends only the top-level fields that changed, with the configuration merged
 *   over the platform's current one (read just before), so nothing unmanaged is reset.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { RateLimitWriteResult } from "edgeplatform-client";
import type { CreateRateLimitRequest, RateLimitRule } from "edgeplatform-client/spec";
import { normalizeRuleConfiguration } from "edgeplatform-client/spec";
import {
  isNotFound,
  isPlainObject,
  messageOf,
  operation,
  PROVIDER_KEY,
  ResourceOperationError,
} from "./common";
import { checkRateLimitRule } from "./rate-limit-rule-check";
import {
  changedConfigFields,
  deletesOnDestroy,
  fieldsToPatch,
  inputsFromOutputs,
  isAdoptMode,
  managesTop,
  patchFor,
  planChanges,
  RateLimitRuleInputs,
  RateLimitRuleOutputs,
  toOutputs,
} from "./rate-limit-rule-plan";
import { claim, isClaimed, zoneListing } from "./run-state";
import { configureFromRequest, ConfigureRequestLike, getClient } from "./settings";
import { setTimeout as sleep } from "node:timers/promises";

export type { RateLimitRuleInputs, RateLimitRuleOutputs } from "./rate-limit-rule-plan";

/** Waits and bounds of the recovery paths, in milliseconds (tests shorten them). */
export const timing = {
  /** Longest a 202 (or a not-yet-visible write) is read back for. */
  readBackMs: 20_000,
  /** First pause of the read-back backoff (doubles up to 2 s). */
  readBackStepMs: 250,
  /** How many times the zone is listed again after a POST with an unknown outcome. */
  recoveryRelists: 4,
  /** Longest pause between two of those listings. */
  recoveryMaxStepMs: 5_000,
};

const label = (i: { ruleId?: unknown; shieldZoneId?: unknown; pullZoneId?: unknown }) =>
  isAdoptMode(i)
    ? `edgeplatform RateLimitRule ${String(i.ruleId)}`
    : i.pullZoneId !== undefined && i.pullZoneId !== null
      ? `edgeplatform RateLimitRule (pull zone ${String(i.pullZoneId)})`
      : `edgeplatform RateLimitRule (shield zone ${String(i.shieldZoneId)})`;

/** A rule answer must name the rule; anything else would put a wrong id into state. */
function checkedRule(rule: unknown, what: string): RateLimitRule {
  if (!isPlainObject(rule) || typeof rule.id !== "number" || !Number.isInteger(rule.id)) {
    throw new ResourceOperationError(
      `${what} failed: the platform answered without a rule id (got ${
        isPlainObject(rule) ? `an object with keys [${Object.keys(rule).join(", ")}]` : typeof rule
      }); nothing was recorded`,
    );
  }
  return rule as unknown as RateLimitRule;
}

/** The rule id an `AcceptedResult` names (`value.id` or a trailing number in `location`). */
function acceptedRuleId(accepted: { value?: unknown; location?: string | null }) {
  const v = accepted?.value;
  if (isPlainObject(v) && typeof v.id === "number") return v.id;
  const m = /\/(\d+)\/?$/.exec(accepted?.location ?? "");
  return m ? Number(m[1]) : undefined;
}

/** True when the outcome of a write is unknown (it may have been applied). */
const outcomeUnknown = (e: unknown): boolean => {
  const status = (e as { status?: unknown })?.status;
  return typeof status === "number" && (status === 0 || status >= 500);
};

/**
 * Reads a rule until `ready` says the write is visible, with a bounded backoff (a 202, or a
 * platform that applies writes late). Returns undefined when it never became visible.
 */
async function readBack(
  ruleId: number,
  ready: (rule: RateLimitRule) => boolean,
): Promise<RateLimitRule | undefined> {
  const client = getClient();
  const deadline = Date.now() + timing.readBackMs;
  let step = timing.readBackStepMs;
  for (;;) {
    try {
      const rule = await client.shield.getRateLimit(ruleId);
      if (typeof rule?.id === "number" && ready(rule)) return rule;
    } catch (e) {
      if (!isNotFound(e) || (e as { isAmbiguousNotFound?: boolean }).isAmbiguousNotFound) throw e;
    }
    if (Date.now() + step > deadline) return undefined;
    await sleep(step);
    step = Math.min(step * 2, 2_000);
  }
}

/**
 * Confirms that a rule is gone after a not-found answer: the zone's rule list must be
 * readable and lack the id. Otherwise throws, naming both answers.
 */
async function confirmGone(ruleId: number, zone: number | undefined, cause: unknown, what: string) {
  if (typeof zone !== "number") {
    throw new ResourceOperationError(
      `${what} failed: ${messageOf(cause)}. The rule's shield zone is not recorded, so this ` +
        `cannot be confirmed; not treating rule ${ruleId} as gone.`,
      cause,
    );
  }
  let listed: RateLimitRule[];
  try {
    listed = await getClient().shield.listAllRateLimits(zone);
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: reading rule ${ruleId} answered "${messageOf(cause)}" and listing shield ` +
        `zone ${zone} failed too (${messageOf(e)}). A key without access to the zone gets the ` +
        `same answers, so the rule is NOT treated as gone: check the API key's scope.`,
      cause,
    );
  }
  if (listed.some((r) => r.id === ruleId)) {
    throw new ResourceOperationError(
      `${what} failed: reading rule ${ruleId} answered "${messageOf(cause)}" but shield zone ` +
        `${zone} still lists it; not treating it as gone (try again).`,
      cause,
    );
  }
}

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

/** Writes a line to the provider's log (the engine shows it with the resource's output). */
function logLine(text: string): void {
  process.stderr.write(`edgeplatform: ${text}\n`);
}

/** Error that makes the engine record a created object despite the failure. */
class PartialCreateError extends ResourceOperationError {
  readonly id: string;
  readonly properties: Record<string, unknown>;
  readonly reasons: string[];
  constructor(message: string, id: number, properties: Record<string, unknown>) {
    super(message);
    this.id = String(id);
    this.properties = properties;
    this.reasons = [this.message];
  }
}

/** State recorded for a rule whose values are not known yet (a pending write). */
function pendingOutputs(
  ruleId: number,
  zone: number,
  inputs: RateLimitRuleInputs & { [PROVIDER_KEY]?: unknown },
): Record<string, unknown> {
  const outs: Record<string, unknown> = { ruleId, shieldZoneId: zone, adopted: false };
  if (inputs.pullZoneId !== undefined) outs.pullZoneId = inputs.pullZoneId;
  if (typeof inputs.deleteOnDestroy === "boolean") outs.deleteOnDestroy = inputs.deleteOnDestroy;
  outs.ruleConfiguration = {};
  outs[PROVIDER_KEY] = inputs[PROVIDER_KEY];
  return outs;
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
  const current = checkedRule(await client.shield.getRateLimit(ruleId), what);
  const patch = patchFor(inputs, current);
  if (!patch) return current;
  const result = await client.shield.updateRateLimit(ruleId, patch.body);
  if (result.status === 200) return checkedRule(result.rule, what);
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

/** Adopt mode: the rule must exist; one PATCH only when managed fields differ. */
async function adopt(inputs: RateLimitRuleInputs, what: string) {
  const ruleId = inputs.ruleId as number;
  let rule: RateLimitRule;
  try {
    rule = await converge(inputs, ruleId, what);
  } catch (e) {
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
  return { id: String(rule.id), outs: toOutputs(rule, inputs) };
}

/** After a POST with an unknown outcome: finds the rule it created by name, never re-sends. */
async function recoverCreatedRule(
  inputs: RateLimitRuleInputs,
  zone: number,
  cause: unknown,
  what: string,
): Promise<RateLimitRule> {
  const client = getClient();
  const step = Math.min(client.timeoutMs, timing.recoveryMaxStepMs);
  let named: RateLimitRule[] = [];
  try {
    for (let i = 0; i <= timing.recoveryRelists; i++) {
      if (i > 0) await sleep(step);
      named = (await client.shield.listAllRateLimits(zone)).filter(
        (r) => r.ruleName === inputs.ruleName,
      );
      if (named.length > 0) break;
    }
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the create request's outcome is unknown (${messageOf(cause)}) and listing ` +
        `the zone's rules to find it failed too (${messageOf(e)}). The request was not re-sent. ` +
        `The next \`pulumi up\` looks for a rule named "${inputs.ruleName}" in shield zone ` +
        `${zone} before creating one, so running it again is safe.`,
      cause,
    );
  }
  // The zone had no rule of this name just before the POST, so one that is there now is ours.
  if (named.length === 1) return named[0];
  if (named.length === 0) {
    throw new ResourceOperationError(
      `${what} failed: ${messageOf(cause)}. The request was not re-sent; no rule named ` +
        `"${inputs.ruleName}" appeared in shield zone ${zone} within ` +
        `${(step * timing.recoveryRelists) / 1000} s, so it was not applied: it is safe to retry.`,
      cause,
    );
  }
  throw new ResourceOperationError(
    `${what} failed: ${messageOf(cause)}. The request was not re-sent; shield zone ${zone} now ` +
      `has rules ${named.map((r) => r.id).join(", ")} named "${inputs.ruleName}". Adopt the ` +
      `right one with ruleId and delete the others, then run again.`,
    cause,
  );
}

/** Create mode: name check, then one POST (or a take-over of an identical same-named rule). */
async function createInZone(
  inputs: RateLimitRuleInputs & { [PROVIDER_KEY]?: unknown },
  what: string,
) {
  const client = getClient();
  const zone = await targetZone(inputs, what);
  const name = inputs.ruleName as string;
  const listed = await zoneListing(zone, () => client.shield.listAllRateLimits(zone));
  const same = listed.filter((r) => r.ruleName === name);
  if (isClaimed(`name:${zone}`, name) || same.some((r) => isClaimed("rule", r.id))) {
    throw new ResourceOperationError(
      `${what} failed: another resource of this program already creates or manages a rule ` +
        `named "${name}" in shield zone ${zone}; rule names are unique in a zone.`,
    );
  }
  if (same.length > 1) {
    throw new ResourceOperationError(
      `${what} failed: shield zone ${zone} already has rules ${same.map((r) => r.id).join(", ")} ` +
        `named "${name}". Adopt one with ruleId, or choose another ruleName. Nothing was written.`,
    );
  }
  if (same.length === 1) {
    const existing = same[0];
    if (!matches(inputs, existing)) {
      throw new ResourceOperationError(
        `${what} failed: shield zone ${zone} already has rule ${existing.id} named "${name}" ` +
          `with other settings (${fieldsToPatch(inputs, existing).join(", ")} differ). Adopt it ` +
          `with ruleId: ${existing.id}, or choose another ruleName. Nothing was written.`,
      );
    }
    claim("rule", existing.id);
    claim(`name:${zone}`, name);
    logLine(
      `${what}: took over existing rule ${existing.id} named "${name}" in shield zone ${zone} ` +
        `(same settings; e.g. created by an interrupted run); no request was sent`,
    );
    return { id: String(existing.id), outs: toOutputs(existing, inputs) };
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
    rule = await recoverCreatedRule(inputs, zone, e, what);
    claim("rule", rule.id);
    return { id: String(rule.id), outs: toOutputs(rule, inputs) };
  }
  if (result.status === 200) {
    rule = checkedRule(result.rule, what);
  } else {
    let id = acceptedRuleId(result.accepted);
    if (id === undefined) {
      const found = await findByName(zone, name);
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
  return { id: String(rule.id), outs: toOutputs(rule, inputs) };
}

/** Lists a zone until a rule of `name` appears (bounded backoff). */
async function findByName(zone: number, name: string): Promise<RateLimitRule | undefined> {
  const deadline = Date.now() + timing.readBackMs;
  let step = timing.readBackStepMs;
  for (;;) {
    const hit = (await getClient().shield.listAllRateLimits(zone)).find((r) => r.ruleName === name);
    if (hit) return hit;
    if (Date.now() + step > deadline) return undefined;
    await sleep(step);
    step = Math.min(step * 2, 2_000);
  }
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
      rule = checkedRule(await getClient().shield.getRateLimit(ruleId), what);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      await confirmGone(ruleId, props?.shieldZoneId, e, what);
      return { id: "" };
    }
    const known = inputsFromOutputs({ ...props, ruleId, adopted: props?.adopted === true });
    const outs = toOutputs(rule, known);
    return { id: String(rule.id), props: outs, inputs: inputsFromOutputs(outs) as never };
  });
}

/** Reports replacements (another rule or zone) and in-place changes. No API call. */
export function diffRateLimitRule(
  _id: string,
  olds: Partial<RateLimitRuleOutputs>,
  news: RateLimitRuleInputs,
): dynamic.DiffResult {
  const { replaces, changed } = planChanges(olds ?? {}, news ?? { ruleConfiguration: {} });
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
      return { outs: toOutputs(rule, news) };
    }
    const rule = await converge(news, ruleId, what);
    return { outs: toOutputs(rule, news) };
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
