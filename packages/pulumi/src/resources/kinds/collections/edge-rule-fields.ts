/**
 * The provider boundary of `edge.pullzones.EdgeRule`: its `check` (before any call) and the
 * mapping between its public fields (`edgeRuleId`, `pullZoneId`, `description`,
 * `actionType`, …, `priority`) and the engine's (`ruleId`, `shieldZoneId`, `ruleName`,
 * `ruleConfiguration`). The engine (provider.ts) runs unchanged in between.
 *
 * The rule API is keyed by pull zone, so `pullZoneId` is always given: with `edgeRuleId` it
 * adopts that rule of the zone, without it a new rule is created under `description` (its
 * name, unique in the zone). The state holds every field as the platform holds it
 * (enumerations by name): the fields the program writes are managed, the others reported and
 * listed in `unmanaged`.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import {
  checkInputs,
  isPlainObject,
  isUnknown,
  ownerConflicts,
  PROVIDER_KEY,
  ResourceOperationError,
  safeCheck,
  type Failure,
} from "../../core/common";
import { zoneObjectProvider } from "../../core/zone-objects/provider";
import type { ObjectInputs, ObjectOutputs } from "../../core/zone-objects/state";
import { EDGE_RULE_ENUMS, EDGE_RULE_FIELDS, edgeRuleKind } from "./edge-rule";
import type { edgeRuleInputsSchema as EdgeRuleInputsSchema } from "./edge-rule-schemas";

/** A trigger of an edge rule (enumerations by name). */
export interface EdgeRuleTriggerInput {
  type: string;
  patternMatches: string[];
  patternMatchingType?: string;
  parameter1?: string | null;
}

/** A rule's managed fields, by public name. */
export type EdgeRuleField = keyof typeof EDGE_RULE_FIELDS;
const CONFIG = Object.keys(EDGE_RULE_FIELDS) as EdgeRuleField[];

/** Inputs of an edge rule after `check` (enumerations by name). */
export interface EdgeRuleInputs {
  edgeRuleId?: string | null;
  pullZoneId?: number;
  description?: string;
  actionType?: string;
  actionParameter1?: string | null;
  actionParameter2?: string | null;
  triggers?: EdgeRuleTriggerInput[];
  triggerMatchingType?: string;
  enabled?: boolean;
  priority?: number;
  deleteOnDestroy?: boolean;
}

/** State of an edge rule: identity, mode, every field as the platform holds it. */
export interface EdgeRuleOutputs extends Omit<EdgeRuleInputs, "edgeRuleId" | "pullZoneId"> {
  edgeRuleId: string;
  pullZoneId: number;
  adopted: boolean;
  origin?: "adopted" | "created";
  /** Fields reported but not managed (left out by the program). */
  unmanaged?: (EdgeRuleField | "description")[];
  readOnly?: boolean;
}

const inputsSchema = schemaRef<typeof EdgeRuleInputsSchema>(
  __dirname,
  "./edge-rule-schemas",
  "edgeRuleInputsSchema",
);

const isSet = (v: unknown) => v !== undefined && v !== null;

/** The name of an enumeration value (a name in any case, or the integer), or a failure. */
function enumInput(field: string, property: string, v: unknown, failures: Failure[]) {
  const e = EDGE_RULE_ENUMS[field];
  const hit =
    typeof v === "number"
      ? Object.keys(e).find((k) => e[k] === v)
      : typeof v === "string"
        ? Object.keys(e).find((k) => k.toLowerCase() === v.toLowerCase())
        : undefined;
  if (hit !== undefined) return hit;
  failures.push({
    property,
    reason: `must be one of ${Object.keys(e).join(", ")} (or its integer); got ${JSON.stringify(v)}`,
  });
  return v;
}

const TRIGGER_KEYS = ["type", "patternMatches", "patternMatchingType", "parameter1"];

/** One trigger checked, its enumerations as names. */
function checkTrigger(t: unknown, at: string, failures: Failure[]): unknown {
  if (isUnknown(t)) return t;
  if (!isPlainObject(t)) {
    failures.push({ property: at, reason: "must be an object ({type, patternMatches, …})" });
    return t;
  }
  const out: Record<string, unknown> = { ...t };
  for (const k of Object.keys(t)) {
    if (!TRIGGER_KEYS.includes(k)) {
      failures.push({
        property: `${at}.${k}`,
        reason: `is not a field of a trigger (${TRIGGER_KEYS.join(", ")})`,
      });
    }
  }
  if (!isSet(t.type)) failures.push({ property: `${at}.type`, reason: "is required" });
  else if (!isUnknown(t.type)) out.type = enumInput("type", `${at}.type`, t.type, failures);
  if (isSet(t.patternMatchingType) && !isUnknown(t.patternMatchingType)) {
    out.patternMatchingType = enumInput(
      "patternMatchingType",
      `${at}.patternMatchingType`,
      t.patternMatchingType,
      failures,
    );
  }
  const pm = t.patternMatches;
  if (
    !isUnknown(pm) &&
    (!Array.isArray(pm) || pm.some((x) => !isUnknown(x) && typeof x !== "string"))
  ) {
    failures.push({ property: `${at}.patternMatches`, reason: "is required: a list of strings" });
  }
  if (isSet(t.parameter1) && !isUnknown(t.parameter1) && typeof t.parameter1 !== "string") {
    failures.push({ property: `${at}.parameter1`, reason: "must be a string" });
  }
  return out;
}

/** The `check` of an edge rule: validates the inputs; returns them with enumeration names. */
export function checkEdgeRuleInputs(olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const conflicts = ownerConflicts(n, ["edgeRuleId"]);
    if (conflicts.length > 0) return { inputs: n, failures: conflicts };
    const failures: Failure[] = checkInputs(inputsSchema, n);
    const out: Record<string, unknown> = { ...n };
    if (!isSet(n.pullZoneId)) {
      failures.push({
        property: "pullZoneId",
        reason: "is required: the pull zone of the rule (with edgeRuleId to adopt a rule of it)",
      });
    }
    if (!isSet(n.edgeRuleId)) {
      if (
        !isUnknown(n.description) &&
        (typeof n.description !== "string" || n.description === "")
      ) {
        failures.push({
          property: "description",
          reason:
            "is required when creating an edge rule (no edgeRuleId): it is the rule's name, " +
            "unique in its pull zone, and how a create is made idempotent",
        });
      }
      for (const f of ["actionType", "triggers"]) {
        if (!isSet(n[f])) {
          failures.push({ property: f, reason: "is required when creating an edge rule" });
        }
      }
    }
    for (const f of ["actionType", "triggerMatchingType"]) {
      if (isSet(n[f]) && !isUnknown(n[f])) out[f] = enumInput(f, f, n[f], failures);
    }
    const triggers = n.triggers;
    if (isSet(triggers) && !isUnknown(triggers)) {
      if (!Array.isArray(triggers)) {
        failures.push({ property: "triggers", reason: "must be a list of triggers" });
      } else {
        out.triggers = triggers.map((t, i) => checkTrigger(t, `triggers[${i}]`, failures));
      }
    }
    void olds;
    return { inputs: out, failures };
  });
}

/** The engine's inputs of the public ones. */
export function toEngineInputs(i: EdgeRuleInputs): ObjectInputs {
  const config: Record<string, unknown> = {};
  for (const f of CONFIG) if (i[f] !== undefined) config[f] = i[f];
  const out: ObjectInputs & Record<string, unknown> = { ruleConfiguration: config };
  if (isSet(i.edgeRuleId)) out.ruleId = i.edgeRuleId!;
  if (i.pullZoneId !== undefined) out.shieldZoneId = i.pullZoneId;
  if (i.description !== undefined) out.ruleName = i.description;
  if (i.deleteOnDestroy !== undefined) out.deleteOnDestroy = i.deleteOnDestroy;
  const provider = (i as Record<string, unknown>)[PROVIDER_KEY];
  if (provider !== undefined) out[PROVIDER_KEY] = provider;
  return out;
}

/** A field's value with its enumerations (a trigger's included) as names. */
function named(field: string, v: unknown): unknown {
  const nameOf = (f: string, x: unknown) =>
    Object.keys(EDGE_RULE_ENUMS[f]).find((k) => EDGE_RULE_ENUMS[f][k] === x) ?? x;
  if (field === "triggers" && Array.isArray(v)) {
    return v.map((t) =>
      isPlainObject(t)
        ? {
            ...t,
            type: nameOf("type", t.type),
            ...(t.patternMatchingType !== undefined
              ? { patternMatchingType: nameOf("patternMatchingType", t.patternMatchingType) }
              : {}),
          }
        : t,
    );
  }
  return field in EDGE_RULE_ENUMS ? nameOf(field, v) : v;
}

/** The public state of the engine's. */
export function toPublicOutputs(o: ObjectOutputs & Record<string, unknown>): EdgeRuleOutputs {
  const c = o.ruleConfiguration ?? {};
  const r = o.reported ?? {};
  const unmanaged: (EdgeRuleField | "description")[] = (o.unmanaged ?? []).includes("ruleName")
    ? ["description"]
    : [];
  const out: EdgeRuleOutputs & Record<string, unknown> = {
    edgeRuleId: String(o.ruleId),
    pullZoneId: o.shieldZoneId,
    adopted: o.adopted,
  };
  if (o.ruleName !== undefined && o.ruleName !== null) out.description = o.ruleName;
  for (const f of CONFIG) {
    if (c[f] !== undefined) (out as Record<string, unknown>)[f] = named(f, c[f]);
    else if (f in r) {
      (out as Record<string, unknown>)[f] = named(f, r[f]);
      unmanaged.push(f);
    }
  }
  if (o.origin !== undefined) out.origin = o.origin;
  if (o.deleteOnDestroy !== undefined) out.deleteOnDestroy = o.deleteOnDestroy;
  if (unmanaged.length > 0) out.unmanaged = unmanaged;
  if (o.readOnly !== undefined) out.readOnly = o.readOnly;
  if (o[PROVIDER_KEY] !== undefined) out[PROVIDER_KEY] = o[PROVIDER_KEY];
  return out;
}

/** A field's value in the platform's form (enumerations, a trigger's too, as integers). */
function wireValue(field: string, v: unknown): unknown {
  const w = (edgeRuleKind.config.normalize({ [field]: v }) as Record<string, unknown>)[field];
  return field === "triggers" && Array.isArray(w)
    ? w.map((t) => edgeRuleKind.config.normalize(t))
    : w;
}

/** The engine's state of the public one. */
export function toEngineOutputs(o: EdgeRuleOutputs & Record<string, unknown>): ObjectOutputs {
  const unmanaged = o.unmanaged ?? [];
  const config: Record<string, unknown> = {};
  const reported: Record<string, unknown> = {};
  for (const f of CONFIG) {
    if (o[f] === undefined) continue;
    reported[f] = wireValue(f, o[f]);
    if (!unmanaged.includes(f)) config[f] = o[f];
  }
  const out: ObjectOutputs = {
    ruleId: o.edgeRuleId,
    shieldZoneId: o.pullZoneId,
    adopted: o.adopted === true,
    ruleConfiguration: config,
    reported,
  };
  if (o.origin !== undefined) out.origin = o.origin;
  if (o.description !== undefined) out.ruleName = o.description;
  if (unmanaged.includes("description")) out.unmanaged = ["ruleName"];
  if (o.deleteOnDestroy !== undefined) out.deleteOnDestroy = o.deleteOnDestroy;
  if (o.readOnly !== undefined) out.readOnly = o.readOnly;
  return out;
}

/** The public inputs of the engine's (what `read` reports). */
function fromEngineInputs(i: ObjectInputs, zone: number): EdgeRuleInputs {
  const out: EdgeRuleInputs = { pullZoneId: zone };
  if (isSet(i.ruleId)) out.edgeRuleId = String(i.ruleId);
  if (typeof i.ruleName === "string") out.description = i.ruleName;
  const c = i.ruleConfiguration ?? {};
  for (const f of CONFIG) if (c[f] !== undefined) (out as Record<string, unknown>)[f] = c[f];
  if (i.deleteOnDestroy !== undefined) out.deleteOnDestroy = i.deleteOnDestroy;
  return out;
}

/** A field of the engine's by its public name. */
const publicField = (f: string): string =>
  f === "ruleId"
    ? "edgeRuleId"
    : f === "shieldZoneId"
      ? "pullZoneId"
      : f === "ruleName"
        ? "description"
        : f.replace(/^ruleConfiguration\./, "");

/** The engine built from the declaration. */
export const edgeRuleEngine = zoneObjectProvider(edgeRuleKind);
const engine = edgeRuleEngine;

/** A resource id `"<pullZoneId>/<edgeRuleId>"` (what a `get` takes) split; else the guid. */
function splitId(rid: string): { zone?: number; guid: string } {
  const m = /^(\d{1,16})\/([^/]+)$/.exec(rid);
  return m ? { zone: Number(m[1]), guid: m[2] } : { guid: rid };
}

/** Reads the rule from its zone's answer; a `get` id is `"<pullZoneId>/<edgeRuleId>"`. */
async function read(rid: string, props: EdgeRuleOutputs): Promise<dynamic.ReadResult> {
  const view = typeof props?.edgeRuleId !== "string";
  const { zone, guid } = splitId(rid);
  if (view && zone === undefined) {
    throw new ResourceOperationError(
      `edgeplatform EdgeRule: read failed: the id must be "<pullZoneId>/<edgeRuleId>" ` +
        `(e.g. "1/00000000-0000-4000-8000-000000000001"); got ${JSON.stringify(rid)}`,
    );
  }
  const known = view
    ? ({ ruleId: guid, shieldZoneId: zone, readOnly: true } as unknown as ObjectOutputs)
    : toEngineOutputs(props as never);
  const res = await engine.read(guid, known);
  if (!res.id || !res.props) return { id: res.id };
  const outs = res.props as ObjectOutputs;
  return {
    id: zone !== undefined ? rid : res.id,
    props: toPublicOutputs(outs as never),
    inputs: fromEngineInputs(res.inputs as ObjectInputs, outs.shieldZoneId) as never,
  };
}

/**
 * The fields the diff finds changed, by their public names: the engine's per-field report of
 * the mapped inputs and state. No API call.
 */
export function edgeRuleFieldChanges(olds: EdgeRuleOutputs, news: EdgeRuleInputs) {
  const r = engine.fieldChanges(toEngineOutputs((olds ?? {}) as never), toEngineInputs(news ?? {}));
  return {
    replaces: r.replaces.map(publicField),
    changed: r.changed.map(publicField),
    removed: r.removed.map(publicField),
  };
}

/** The dynamic provider of `edge.pullzones.EdgeRule` (what the serialized stub calls). */
export const edgeRuleProvider = {
  configure: engine.provider.configure,
  check: async (olds: unknown, news: unknown) => checkEdgeRuleInputs(olds, news),
  diff: async (rid: string, olds: EdgeRuleOutputs, news: EdgeRuleInputs) => {
    const res = engine.diff(
      splitId(rid).guid,
      toEngineOutputs(olds as never),
      toEngineInputs(news),
    );
    return { ...res, replaces: (res.replaces ?? []).map(publicField) };
  },
  create: async (inputs: EdgeRuleInputs): Promise<dynamic.CreateResult> => {
    const res = await engine.create(toEngineInputs(inputs));
    return { id: res.id, outs: toPublicOutputs(res.outs as never) };
  },
  read,
  update: async (rid: string, olds: EdgeRuleOutputs, news: EdgeRuleInputs) => {
    const res = await engine.update(
      splitId(rid).guid,
      toEngineOutputs(olds as never),
      toEngineInputs(news),
    );
    return { outs: toPublicOutputs(res.outs as never) };
  },
  delete: async (rid: string, props: EdgeRuleOutputs) =>
    engine.delete(splitId(rid).guid, toEngineOutputs(props as never)),
};
