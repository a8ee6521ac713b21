/**
 * Implementation of the `edge.shield.RateLimitRule` dynamic resource: check, diff, create,
 * read, update and delete against the shield rate-limit API. Loaded at run time by the thin
 * serialized stub in `loader.ts` (`require("pulumi-edgeplatform").__providers.rateLimitRule`).
 *
 * Two modes:
 * - adopt (`ruleId`): create = one PATCH of the existing rule to the desired state; destroy
 *   leaves the rule in place unless `deleteOnDestroy: true`.
 * - create (`shieldZoneId`): create = POST; destroy = DELETE (unless `deleteOnDestroy: false`).
 *   A POST whose outcome is unknown (timeout, connection reset, 5xx) is never re-sent: the
 *   zone's rules are listed and the one with the same `ruleName` and configuration is adopted.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { RateLimitWriteResult } from "../api/shield";
import {
  INT32_MAX,
  normalizeRuleConfiguration,
  RateLimitRule as ApiRateLimitRule,
  RateLimitRuleConfiguration,
  ruleConfigurationSchema,
  UpdateRateLimitRequest,
  validate,
} from "../schema";
import {
  checkInteger,
  checkType,
  containsUnknown,
  deepEqual,
  Failure,
  isNotFound,
  isPlainObject,
  isUnknown,
  messageOf,
  operation,
  ResourceOperationError,
  safeCheck,
  unknownProperties,
} from "./common";
import { configureFromRequest, ConfigureRequestLike, getClient } from "./settings";

/** Inputs of a rate-limit rule after `check` (enum names already turned into integers). */
export interface RateLimitRuleInputs {
  ruleId?: number;
  shieldZoneId?: number;
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleConfiguration: RateLimitRuleConfiguration;
  deleteOnDestroy?: boolean;
}

/** State (outputs) of a rate-limit rule: every input plus the platform's fields. */
export interface RateLimitRuleOutputs {
  ruleId: number;
  shieldZoneId: number;
  ruleName: string | null;
  ruleDescription: string | null;
  ruleConfiguration: RateLimitRuleConfiguration;
  deleteOnDestroy: boolean;
  adopted: boolean;
  userId: string | null;
  ruleJson: string | null;
}

/** Kinds of a property difference, as Pulumi names them. */
export type PropertyDiffKind =
  "add" | "add-replace" | "delete" | "delete-replace" | "update" | "update-replace";

/** `diff` result with a per-property breakdown (forwarded by hosts that support it). */
export interface DetailedDiffResult extends dynamic.DiffResult {
  detailedDiff: Record<string, { kind: PropertyDiffKind; inputDiff: boolean }>;
}

/** Top-level input names. */
export const RATE_LIMIT_RULE_INPUTS = [
  "ruleId",
  "shieldZoneId",
  "ruleName",
  "ruleDescription",
  "ruleConfiguration",
  "deleteOnDestroy",
] as const;

/** Configuration fields that are nullable in the API: absent, `null` and empty are alike. */
const NULLABLE_CONFIG_FIELDS = new Set([
  "variableTypes",
  "transformationTypes",
  "value",
  "isNegated",
  "isRegexVariable",
  "chainedRuleConditions",
]);

/** Top-level fields a PATCH can carry. */
type PatchField = "ruleName" | "ruleDescription" | "ruleConfiguration";

// ---------------------------------------------------------------------------------------
// check
// ---------------------------------------------------------------------------------------

/** Copy of `v` with unknown values left out (so that validation skips them). */
function stripUnknowns(v: unknown): unknown {
  if (Array.isArray(v)) return v.some(containsUnknown) ? undefined : v;
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (isUnknown(x)) continue;
      const s = stripUnknowns(x);
      if (s !== undefined) out[k] = s;
    }
    return out;
  }
  return v;
}

/** Validates inputs and turns enum names into integers. Never throws. */
export function checkRateLimitRule(_olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const failures: Failure[] = [...unknownProperties(n, RATE_LIMIT_RULE_INPUTS)];
    const hasRuleId = n.ruleId !== undefined && n.ruleId !== null;
    const hasZone = n.shieldZoneId !== undefined && n.shieldZoneId !== null;
    if (hasRuleId && hasZone) {
      failures.push({
        property: "ruleId",
        reason:
          "set exactly one of ruleId (adopt an existing rule) or shieldZoneId (create a new rule), not both",
      });
    } else if (!hasRuleId && !hasZone) {
      failures.push({
        property: "shieldZoneId",
        reason:
          "one of ruleId (adopt an existing rule) or shieldZoneId (create a new rule in that shield zone) is required",
      });
    }
    failures.push(...checkInteger(n.ruleId ?? undefined, "ruleId", 1, INT32_MAX, "an integer"));
    failures.push(
      ...checkInteger(n.shieldZoneId ?? undefined, "shieldZoneId", 1, INT32_MAX, "an integer"),
    );
    failures.push(...checkType(n.ruleName, "ruleName", "string", { nullable: true }));
    failures.push(...checkType(n.ruleDescription, "ruleDescription", "string", { nullable: true }));
    failures.push(...checkType(n.deleteOnDestroy, "deleteOnDestroy", "boolean"));
    if (
      hasZone &&
      !hasRuleId &&
      !isUnknown(n.ruleName) &&
      (typeof n.ruleName !== "string" || n.ruleName === "")
    ) {
      failures.push({
        property: "ruleName",
        reason:
          "is required when creating a rule (shieldZoneId); it must be unique in the zone so that an interrupted create can be recovered",
      });
    }

    const inputs: Record<string, unknown> = { ...n };
    const config = n.ruleConfiguration;
    if (config === undefined || config === null) {
      failures.push({ property: "ruleConfiguration", reason: "is required" });
    } else if (!isUnknown(config)) {
      const normalized = normalizeRuleConfiguration(config);
      inputs.ruleConfiguration = normalized;
      failures.push(
        ...validate(ruleConfigurationSchema, stripUnknowns(normalized), "ruleConfiguration"),
      );
      const count = isPlainObject(normalized) ? normalized.requestCount : undefined;
      if (typeof count === "number" && Number.isInteger(count) && count <= 0) {
        failures.push({
          property: "ruleConfiguration.requestCount",
          reason: `must be greater than 0; got ${count}`,
        });
      }
    }
    return { inputs, failures };
  });
}

// ---------------------------------------------------------------------------------------
// diff
// ---------------------------------------------------------------------------------------

const isEmptyish = (v: unknown): boolean =>
  v === undefined ||
  v === null ||
  (Array.isArray(v) && v.length === 0) ||
  (isPlainObject(v) && Object.keys(v).length === 0);

/** Canonical form of a chained condition: nullish and empty members dropped. */
function canonicalCondition(c: unknown): unknown {
  if (!isPlainObject(c)) return c;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(c)) if (!isEmptyish(v)) out[k] = v;
  return out;
}

/** Canonical value of one configuration field (nullable: absent = null = empty). */
function canonicalField(field: string, v: unknown): unknown {
  if (NULLABLE_CONFIG_FIELDS.has(field) && isEmptyish(v)) return null;
  if (field === "chainedRuleConditions" && Array.isArray(v)) return v.map(canonicalCondition);
  if (field === "variableTypes" && isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== undefined && x !== null) out[k] = x;
    return out;
  }
  return v === undefined ? null : v;
}

/**
 * Compares a desired rule configuration with the last known one, field by field. A
 * non-nullable field left out of the desired configuration is the platform's to choose and
 * is not compared; a nullable field left out means null. Returns the changed paths
 * (`ruleConfiguration.timeframe`, `ruleConfiguration.variableTypes.REQUEST_URI`, ...).
 */
export function diffRuleConfiguration(
  desired: unknown,
  actual: unknown,
): Record<string, PropertyDiffKind> {
  const out: Record<string, PropertyDiffKind> = {};
  if (isUnknown(desired)) return { ruleConfiguration: "update" };
  const d = isPlainObject(desired) ? desired : {};
  const a = isPlainObject(actual) ? actual : {};
  const fields = new Set([
    ...Object.keys(d),
    ...Object.keys(a).filter((k) => NULLABLE_CONFIG_FIELDS.has(k)),
  ]);
  for (const field of fields) {
    const path = `ruleConfiguration.${field}`;
    const dv = d[field];
    if (dv === undefined && !NULLABLE_CONFIG_FIELDS.has(field)) continue;
    if (containsUnknown(dv)) {
      out[path] = "update";
      continue;
    }
    const cd = canonicalField(field, dv);
    const ca = canonicalField(field, a[field]);
    if (deepEqual(cd, ca)) continue;
    if (field === "variableTypes" && isPlainObject(cd) && isPlainObject(ca)) {
      for (const k of new Set([...Object.keys(cd), ...Object.keys(ca)])) {
        if (cd[k] === ca[k]) continue;
        out[`${path}.${k}`] =
          ca[k] === undefined ? "add" : cd[k] === undefined ? "delete" : "update";
      }
      continue;
    }
    if (field === "chainedRuleConditions" && Array.isArray(cd) && Array.isArray(ca)) {
      const n = Math.max(cd.length, ca.length);
      for (let i = 0; i < n; i++) {
        if (deepEqual(cd[i], ca[i])) continue;
        out[`${path}[${i}]`] = i >= ca.length ? "add" : i >= cd.length ? "delete" : "update";
      }
      continue;
    }
    out[path] = ca === null ? "add" : cd === null ? "delete" : "update";
  }
  return out;
}

/** Effective `deleteOnDestroy`: explicit, else true for created rules, false for adopted. */
const effectiveDeleteOnDestroy = (inputs: { deleteOnDestroy?: unknown; ruleId?: unknown }) =>
  typeof inputs.deleteOnDestroy === "boolean"
    ? inputs.deleteOnDestroy
    : inputs.ruleId === undefined || inputs.ruleId === null;

/** What an update from `olds` (state) to `news` (desired inputs) involves. */
export interface RateLimitRulePlan {
  /** Property path → kind, for every difference. */
  detailed: Record<string, PropertyDiffKind>;
  /** Identity properties whose change replaces the rule. */
  replaces: string[];
  /** Top-level fields whose values differ and go into the PATCH. */
  patchFields: PatchField[];
  /** The PATCH body (only the changed top-level fields; `ruleConfiguration` whole). */
  patch: UpdateRateLimitRequest;
}

/** Computes the differences between the last known state and the desired inputs. */
export function planRateLimitRule(
  olds: Partial<RateLimitRuleOutputs>,
  news: Partial<RateLimitRuleInputs>,
): RateLimitRulePlan {
  const detailed: Record<string, PropertyDiffKind> = {};
  const replaces: string[] = [];
  const newAdopt = news.ruleId !== undefined && news.ruleId !== null;
  const oldAdopt = olds.adopted === true;
  if (newAdopt !== oldAdopt) {
    replaces.push("ruleId", "shieldZoneId");
    detailed.ruleId = newAdopt ? "add-replace" : "delete-replace";
    detailed.shieldZoneId = newAdopt ? "delete-replace" : "add-replace";
  } else if (newAdopt) {
    if (isUnknown(news.ruleId) || news.ruleId !== olds.ruleId) {
      replaces.push("ruleId");
      detailed.ruleId = "update-replace";
    }
  } else if (isUnknown(news.shieldZoneId) || news.shieldZoneId !== olds.shieldZoneId) {
    replaces.push("shieldZoneId");
    detailed.shieldZoneId = "update-replace";
  }

  const patchFields: PatchField[] = [];
  for (const field of ["ruleName", "ruleDescription"] as const) {
    const dv = news[field];
    if (dv === undefined) continue; // not managed: the platform's value stays
    const av = olds[field] ?? null;
    if (isUnknown(dv) || (dv ?? null) !== av) {
      patchFields.push(field);
      detailed[field] = av === null ? "add" : dv === null ? "delete" : "update";
    }
  }
  if (news.ruleConfiguration !== undefined) {
    const cfg = diffRuleConfiguration(news.ruleConfiguration, olds.ruleConfiguration);
    if (Object.keys(cfg).length > 0) {
      patchFields.push("ruleConfiguration");
      Object.assign(detailed, cfg);
    }
  }
  if (effectiveDeleteOnDestroy(news) !== (olds.deleteOnDestroy ?? !oldAdopt)) {
    detailed.deleteOnDestroy = news.deleteOnDestroy === undefined ? "delete" : "update";
  }
  const patch: UpdateRateLimitRequest = {};
  for (const f of patchFields) {
    (patch as Record<string, unknown>)[f] = (news as Record<string, unknown>)[f];
  }
  return { detailed, replaces, patchFields, patch };
}

/** Reports whether and how the desired inputs differ from the state. No API call. */
export function diffRateLimitRule(
  _id: string,
  olds: Partial<RateLimitRuleOutputs>,
  news: Partial<RateLimitRuleInputs>,
): DetailedDiffResult {
  const plan = planRateLimitRule(olds ?? {}, news ?? {});
  const kinds = Object.entries(plan.detailed);
  return {
    changes: kinds.length > 0,
    replaces: plan.replaces,
    deleteBeforeReplace: false,
    detailedDiff: Object.fromEntries(kinds.map(([k, kind]) => [k, { kind, inputDiff: true }])),
  };
}

// ---------------------------------------------------------------------------------------
// create / read / update / delete
// ---------------------------------------------------------------------------------------

/** Throws when a rule body carries an embedded failure (`errorResponse.success === false`). */
function assertNoEmbeddedFailure(rule: ApiRateLimitRule, what: string): void {
  const er = rule?.errorResponse;
  if (er && er.success === false) {
    throw new ResourceOperationError(
      `${what} failed: the platform reported ${er.errorKey ?? "an error"}${
        er.message ? `: ${er.message}` : ""
      }`,
      { errorKey: er.errorKey ?? undefined, status: er.statusCode },
    );
  }
}

/** Builds the state from a rule as the platform returned it. */
export function toOutputs(
  rule: ApiRateLimitRule,
  adopted: boolean,
  deleteOnDestroy: boolean,
): RateLimitRuleOutputs {
  return {
    ruleId: rule.id,
    shieldZoneId: rule.shieldZoneId,
    ruleName: rule.ruleName ?? null,
    ruleDescription: rule.ruleDescription ?? null,
    ruleConfiguration: rule.ruleConfiguration ?? {},
    deleteOnDestroy,
    adopted,
    userId: rule.userId ?? null,
    ruleJson: rule.ruleJson ?? null,
  };
}

/** Turns a write result into the rule: 200 = the body; 202 = GET the rule. */
async function settle(
  result: RateLimitWriteResult,
  id: number | undefined,
  what: string,
): Promise<ApiRateLimitRule> {
  if (result.status === 200) {
    assertNoEmbeddedFailure(result.rule, what);
    return result.rule;
  }
  const ruleId = id ?? acceptedRuleId(result.accepted);
  if (ruleId === undefined) {
    throw new ResourceOperationError(
      `${what}: the platform accepted the request (202) without naming the rule`,
    );
  }
  const rule = await getClient().shield.getRateLimit(ruleId);
  assertNoEmbeddedFailure(rule, what);
  return rule;
}

/** The rule id an `AcceptedResult` names (`value.id` or a trailing number in `location`). */
function acceptedRuleId(accepted: {
  value?: unknown;
  location?: string | null;
}): number | undefined {
  const v = accepted?.value;
  if (isPlainObject(v) && typeof v.id === "number") return v.id;
  const m = /\/(\d+)\/?$/.exec(accepted?.location ?? "");
  return m ? Number(m[1]) : undefined;
}

/** True when the outcome of a POST is unknown (it may have been applied). */
const outcomeUnknown = (e: unknown): boolean => {
  const status = (e as { status?: unknown })?.status;
  return typeof status === "number" && (status === 0 || status >= 500);
};

/** How many times the zone is listed again, one grace step apart, before a POST with an
 * unknown outcome is taken as not applied (a platform may apply a timed-out POST late). */
const RECOVERY_RELISTS = 4;
/** Longest grace step between two listings, in milliseconds. */
const RECOVERY_MAX_STEP_MS = 5_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * After a POST with an unknown outcome: finds the rule it created, by listing the zone's
 * rules and matching `ruleName` and the desired configuration. Never re-sends the POST.
 * When no rule of that name is there yet, lists again up to {@link RECOVERY_RELISTS} times,
 * one client timeout apart (at most {@link RECOVERY_MAX_STEP_MS}), so that a POST the
 * platform applies late is still found instead of being created twice by a retry.
 */
async function recoverCreatedRule(
  inputs: RateLimitRuleInputs,
  cause: unknown,
  what: string,
): Promise<ApiRateLimitRule> {
  const zone = inputs.shieldZoneId as number;
  const client = getClient();
  const step = Math.min(client.timeoutMs, RECOVERY_MAX_STEP_MS);
  let rules: ApiRateLimitRule[] = [];
  try {
    for (let i = 0; i <= RECOVERY_RELISTS; i++) {
      if (i > 0) await sleep(step);
      rules = await client.shield.listAllRateLimits(zone);
      if (rules.some((r) => r.ruleName === inputs.ruleName)) break;
    }
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the create request's outcome is unknown (${messageOf(cause)}) and listing ` +
        `the zone's rules to find it failed too (${messageOf(e)}). Check shield zone ${zone} for a ` +
        `rule named "${inputs.ruleName}" before retrying; adopt it with ruleId if it exists.`,
      cause,
    );
  }
  const named = rules.filter((r) => r.ruleName === inputs.ruleName);
  const matching = named.filter(
    (r) =>
      Object.keys(diffRuleConfiguration(inputs.ruleConfiguration, r.ruleConfiguration)).length ===
      0,
  );
  if (matching.length === 1) return matching[0];
  if (matching.length === 0 && named.length === 0) {
    throw new ResourceOperationError(
      `${what} failed: ${messageOf(cause)}. The request was not re-sent; no rule named ` +
        `"${inputs.ruleName}" appeared in shield zone ${zone} within ` +
        `${(step * RECOVERY_RELISTS) / 1000} s, so it was not applied: it is safe to retry.`,
      cause,
    );
  }
  const ids = (matching.length ? matching : named).map((r) => r.id).join(", ");
  throw new ResourceOperationError(
    `${what} failed: ${messageOf(cause)}. The request was not re-sent; shield zone ${zone} has ` +
      `rule(s) ${ids} named "${inputs.ruleName}" and it is not certain which one this request ` +
      `created. Adopt the right one with ruleId, or delete the extra ones, then retry.`,
    cause,
  );
}

const label = (inputs: { ruleId?: unknown; shieldZoneId?: unknown }) =>
  inputs.ruleId !== undefined && inputs.ruleId !== null
    ? `edgeplatform RateLimitRule ${String(inputs.ruleId)}`
    : `edgeplatform RateLimitRule (shield zone ${String(inputs.shieldZoneId)})`;

/** Body of the PATCH that adopts a rule: every managed top-level field. */
function adoptPatch(inputs: RateLimitRuleInputs): UpdateRateLimitRequest {
  const patch: UpdateRateLimitRequest = { ruleConfiguration: inputs.ruleConfiguration };
  if (inputs.ruleName !== undefined) patch.ruleName = inputs.ruleName;
  if (inputs.ruleDescription !== undefined) patch.ruleDescription = inputs.ruleDescription;
  return patch;
}

/** Adopts (one PATCH) or creates (one POST) the rule. */
export async function createRateLimitRule(
  inputs: RateLimitRuleInputs,
): Promise<dynamic.CreateResult<RateLimitRuleOutputs>> {
  const what = `${label(inputs)}: create`;
  return operation(what, async () => {
    const client = getClient();
    const deleteOnDestroy = effectiveDeleteOnDestroy(inputs);
    if (inputs.ruleId !== undefined && inputs.ruleId !== null) {
      let result: RateLimitWriteResult;
      try {
        result = await client.shield.updateRateLimit(inputs.ruleId, adoptPatch(inputs));
      } catch (e) {
        if (isNotFound(e)) {
          throw new ResourceOperationError(
            `${what} failed: rate-limit rule ${inputs.ruleId} does not exist (${messageOf(e)}). ` +
              `ruleId adopts an existing rule; use shieldZoneId to create a new one.`,
            e,
          );
        }
        throw e;
      }
      const rule = await settle(result, inputs.ruleId, what);
      return { id: String(rule.id), outs: toOutputs(rule, true, deleteOnDestroy) };
    }
    let rule: ApiRateLimitRule;
    try {
      const body = {
        shieldZoneId: inputs.shieldZoneId as number,
        ruleName: inputs.ruleName,
        ...(inputs.ruleDescription !== undefined
          ? { ruleDescription: inputs.ruleDescription }
          : {}),
        ruleConfiguration: inputs.ruleConfiguration,
      };
      rule = await settle(await client.shield.createRateLimit(body), undefined, what);
    } catch (e) {
      if (!outcomeUnknown(e)) throw e;
      rule = await recoverCreatedRule(inputs, e, what);
    }
    return { id: String(rule.id), outs: toOutputs(rule, false, deleteOnDestroy) };
  });
}

/** Inputs that reproduce a state (what `read` reports, so a clean refresh diffs clean). */
export function inputsFromOutputs(o: RateLimitRuleOutputs): Record<string, unknown> {
  const inputs: Record<string, unknown> = o.adopted
    ? { ruleId: o.ruleId }
    : { shieldZoneId: o.shieldZoneId };
  if (o.ruleName !== null && o.ruleName !== undefined) inputs.ruleName = o.ruleName;
  if (o.ruleDescription !== null && o.ruleDescription !== undefined) {
    inputs.ruleDescription = o.ruleDescription;
  }
  const config: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o.ruleConfiguration ?? {})) {
    // Empty lists/objects are kept as the platform returned them (a program that sent `[]`
    // reads `[]` back, so a clean refresh leaves `preview --diff` clean); null means unset.
    if (v !== undefined && v !== null) config[k] = v;
  }
  inputs.ruleConfiguration = config;
  if (o.deleteOnDestroy !== !o.adopted) inputs.deleteOnDestroy = o.deleteOnDestroy;
  return inputs;
}

/** Reads the rule (GET). A rule gone upstream returns an empty id (removed from state). */
export async function readRateLimitRule(
  id: string,
  props: RateLimitRuleOutputs,
): Promise<dynamic.ReadResult<RateLimitRuleOutputs>> {
  const ruleId = typeof props?.ruleId === "number" ? props.ruleId : Number(id);
  const what = `edgeplatform RateLimitRule ${ruleId}: read`;
  return operation(what, async () => {
    let rule: ApiRateLimitRule;
    try {
      rule = await getClient().shield.getRateLimit(ruleId);
    } catch (e) {
      if (isNotFound(e)) return { id: "" };
      throw e;
    }
    const adopted = props?.adopted === true;
    const outs = toOutputs(
      rule,
      adopted,
      typeof props?.deleteOnDestroy === "boolean" ? props.deleteOnDestroy : !adopted,
    );
    return { id: String(rule.id), props: outs, inputs: inputsFromOutputs(outs) as never };
  });
}

/** Sends exactly one PATCH with the changed top-level fields (none when nothing changed). */
export async function updateRateLimitRule(
  id: string,
  olds: RateLimitRuleOutputs,
  news: RateLimitRuleInputs,
): Promise<dynamic.UpdateResult<RateLimitRuleOutputs>> {
  const ruleId = olds.ruleId ?? Number(id);
  const what = `edgeplatform RateLimitRule ${ruleId}: update`;
  return operation(what, async () => {
    const plan = planRateLimitRule(olds, news);
    const deleteOnDestroy = effectiveDeleteOnDestroy(news);
    if (plan.patchFields.length === 0) return { outs: { ...olds, deleteOnDestroy } };
    const result = await getClient().shield.updateRateLimit(ruleId, plan.patch);
    const rule = await settle(result, ruleId, what);
    return { outs: toOutputs(rule, olds.adopted === true, deleteOnDestroy) };
  });
}

/** Deletes the rule when `deleteOnDestroy` (default for created rules); else leaves it. */
export async function deleteRateLimitRule(id: string, props: RateLimitRuleOutputs): Promise<void> {
  const ruleId = typeof props?.ruleId === "number" ? props.ruleId : Number(id);
  const keep =
    typeof props?.deleteOnDestroy === "boolean" ? !props.deleteOnDestroy : props?.adopted === true;
  if (keep) return;
  await operation(`edgeplatform RateLimitRule ${ruleId}: delete`, async () => {
    try {
      await getClient().shield.deleteRateLimit(ruleId);
    } catch (e) {
      if (!isNotFound(e)) throw e; // already gone: nothing to do
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
