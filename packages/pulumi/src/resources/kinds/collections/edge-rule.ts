/**
 * `edge.pullzones.EdgeRule` as a zone-object kind: one edge rule of a pull zone
 * (`/pullzone/{pullZoneId}/edgerules/…`, the published core API, tag "Pull Zone"), identified
 * by its guid (string ids). Identity, adopt by id, "gone" on evidence, claims and recovery are
 * the engine's; what is its own:
 * - its parent is a pull zone (kinds/parents/pull-zone.ts): its rules come in the zone's GET
 *   (`EdgeRules`; there is no list endpoint of rules), one read per run for the name checks,
 *   and a refresh's reads share one answer of the zone (the parent's `sharedPullZone`); the
 *   platform rewrites the zone for a rule's write, so writes to one zone go one at a time;
 * - its name is its `Description`, unique in a zone (the engine's default);
 * - its order is an explicit `priority`, the platform's `OrderIndex`, never its position in
 *   the zone's list: a reordering writes only the rules whose priority changed;
 * - a new rule's write may answer with no body: its guid is then found by reading the zone
 *   (the one rule of that description);
 * - an update writes the whole rule (`addOrUpdate` by guid): the values the program leaves out
 *   (`ActionParameter3`, `ExtraActions`, …) are sent as read, so nothing unmanaged is reset.
 *
 * In the engine's terms a rule is `{id: Guid, parentId: its pull zone, name: Description,
 * fields: {actionType, actionParameter1, actionParameter2, triggers, triggerMatchingType,
 * enabled, priority, …}}` with the enumerations as integers.
 */
import { parentKeyed } from "../../core/zone-objects/parent";
import {
  EdgeRuleActionType,
  PatternMatchingTypes,
  schemaRef,
  TriggerMatchingTypes,
  TriggerTypes,
  type EdgeRuleV2Model,
  type PullZoneModel,
} from "edgeplatform-client/spec/runtime";
import { getClient } from "../../core/settings";
import type { ConfigurationFields, Words, ZoneObject } from "../../core/zone-objects/kind";
import type { Spelling } from "../../core/zone-objects/spelling";
import { pullZoneParent, sharedPullZone, type PullZoneChildKind } from "../parents/pull-zone";
import { edgeRuleDocs } from "./edge-rule-docs";
import { enumCodec } from "./enum-codec";
import type { CollectionKindDocs } from "./rule-docs";

/** The words of an edge rule's messages and its public id and name fields. */
export const EDGE_RULE_WORDS: Words = {
  one: "edge rule",
  many: "edge rules",
  id: "edgeRuleId",
  name: "description",
};

/**
 * The enumerations of a rule by field, a trigger's (`type`, `patternMatchingType`) included:
 * names in the state, integers on the wire (the client's generated pull-zone enumerations).
 */
export const EDGE_RULE_ENUMS: Record<string, Record<string, number>> = {
  actionType: EdgeRuleActionType,
  triggerMatchingType: TriggerMatchingTypes,
  type: TriggerTypes,
  patternMatchingType: PatternMatchingTypes,
};

const ENUMS = enumCodec(EDGE_RULE_ENUMS);

/** A rule's managed fields: public name → the platform's (`EdgeRuleV2Model`). */
export const EDGE_RULE_FIELDS = {
  actionType: "ActionType",
  actionParameter1: "ActionParameter1",
  actionParameter2: "ActionParameter2",
  triggers: "Triggers",
  triggerMatchingType: "TriggerMatchingType",
  enabled: "Enabled",
  priority: "OrderIndex",
} as const;

/**
 * The public spelling of an edge rule (with {@link EDGE_RULE_WORDS} and the pull zone's
 * `pullZoneId`): its fields flat at the top level (the state holds every one, those the
 * program leaves out listed in `unmanaged`), no description field of its own (its name is
 * the platform's `Description`), its pull zone given with its id too, and a `get` id of the
 * form `"<pullZoneId>/<edgeRuleId>"`.
 */
export const EDGE_RULE_SPELLING: Spelling = {
  fields: { flat: Object.keys(EDGE_RULE_FIELDS) },
  parentAlways: true,
  idWithParent: { example: "1/00000000-0000-4000-8000-000000000001" },
};

/**
 * Values of a rule the kind does not manage, kept in the engine's fields as read so that an
 * update (which writes the whole rule) sends them back unchanged.
 */
const KEPT = { actionParameter3: "ActionParameter3", extraActions: "ExtraActions" } as const;

/** The field semantics of a rule's values. */
export const edgeRuleFields: ConfigurationFields = {
  enums: EDGE_RULE_ENUMS,
  normalize: ENUMS.normalize,
  nullable: new Set(["actionParameter1", "actionParameter2", "triggers"]),
  requiredForCreate: ["actionType", "triggers"],
  shapes: {
    itemLists: {
      // A trigger's value left out holds the platform's default for a new trigger.
      triggers: {
        defaults: { patternMatchingType: [0], parameter1: [null, undefined, ""] },
        enums: ["type", "patternMatchingType"],
      },
    },
  },
};

/** A rule in the engine's terms. */
export type EdgeRuleObject = ZoneObject<string>;

/** A trigger in the engine's form (`{type, patternMatches, patternMatchingType, parameter1}`). */
const triggerOf = (t: NonNullable<EdgeRuleV2Model["Triggers"]>[number]) => ({
  type: t.Type,
  patternMatches: t.PatternMatches ?? [],
  patternMatchingType: t.PatternMatchingType ?? 0,
  parameter1: t.Parameter1 ?? null,
});

/** A rule as the platform returns it, in the engine's terms. */
export function fromEdgeRule(zone: number, r: EdgeRuleV2Model): EdgeRuleObject {
  const f: Record<string, unknown> = {
    actionType: r.ActionType,
    actionParameter1: r.ActionParameter1 ?? null,
    actionParameter2: r.ActionParameter2 ?? null,
    triggers: (r.Triggers ?? []).map(triggerOf),
    triggerMatchingType: r.TriggerMatchingType,
    enabled: r.Enabled,
    priority: r.OrderIndex,
    actionParameter3: r.ActionParameter3 ?? null,
    extraActions: r.ExtraActions ?? null,
  };
  // The managed fields are also reported: the state shows those the program leaves out.
  const reported = Object.fromEntries(Object.keys(EDGE_RULE_FIELDS).map((k) => [k, f[k]]));
  return { id: r.Guid ?? "", parentId: zone, name: r.Description ?? "", fields: f, reported };
}

/** The platform's body of a rule (wire form: enumerations as integers) with its description. */
export function wireRule(name: unknown, fields: Record<string, unknown>): EdgeRuleV2Model {
  const c = ENUMS.normalize(fields) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  if (typeof name === "string") out.Description = name;
  for (const [k, wire] of Object.entries({ ...EDGE_RULE_FIELDS, ...KEPT })) {
    const v = c[k];
    if (v === undefined) continue;
    out[wire] =
      k === "triggers" && Array.isArray(v)
        ? v.map((t: Record<string, unknown>) => {
            const n = ENUMS.normalize(t) as Record<string, unknown>;
            const w: Record<string, unknown> = { Type: n.type, PatternMatches: n.patternMatches };
            if (n.patternMatchingType !== undefined) w.PatternMatchingType = n.patternMatchingType;
            if (n.parameter1 !== undefined) w.Parameter1 = n.parameter1;
            return w;
          })
        : v;
  }
  return out as EdgeRuleV2Model;
}

const api = () => getClient().pullzones;

/** A missing object of its parent's answer (a plain not-found), and the parent a call needs. */
const { notIn, parentOf: zoneOf } = parentKeyed(pullZoneParent, "edge rule");

/** Rule `id` of a zone's answer, or a not-found error. */
function ruleIn(z: PullZoneModel, zone: number, id: string): EdgeRuleObject {
  const r = (z.EdgeRules ?? []).find((x) => x.Guid === id);
  if (!r) throw notIn(zone, id);
  return fromEdgeRule(zone, r);
}

/** The edge-rule kind (with the descriptions of its public types, `docs`). */
export const edgeRuleKind: PullZoneChildKind<EdgeRuleObject> & { docs: CollectionKindDocs } = {
  typeName: "EdgeRule",
  noun: "edge rule",
  words: EDGE_RULE_WORDS,
  parent: pullZoneParent,
  spelling: EDGE_RULE_SPELLING,
  ids: "string",
  claimKey: "edge-rule",
  config: edgeRuleFields,
  configurationSchema: schemaRef(__dirname, "./edge-rule-schemas", "edgeRuleConfigurationSchema"),
  // An adopt by edgeRuleId reads the rule from the zone's answer a run's reads share.
  adoptReadsShared: true,
  childrenInZone: (z, zone) => (z.EdgeRules ?? []).map((r) => fromEdgeRule(zone, r)),
  endpoints: {
    get: async (id, zone) => ruleIn(await api().get(zoneOf(zone, id)), zone!, id),
    /**
     * A refresh's read: the zone's answer the reads of this refresh share (one GET for the
     * zone's rules); a rule missing from it (created since) is looked up in a fresh one.
     */
    read: async (id, zone) => {
      const shared = await sharedPullZone(zone, id);
      if ((shared.EdgeRules ?? []).some((r) => r.Guid === id)) return ruleIn(shared, zone, id);
      return ruleIn(await api().get(zone), zone, id);
    },
    /**
     * Writes a new rule (no guid). A platform that answers without the rule: the zone is read
     * (anew: this write is not in any earlier read) and the one rule of that description is
     * the new one; none or several leave it to the engine's recovery by name.
     */
    create: async (body) => {
      const zone = body.parentId as number;
      const sent = wireRule(body.name, (body.fields ?? {}) as Record<string, unknown>);
      const answer = await api().addOrUpdateEdgeRule(zone, sent);
      if (typeof answer?.Guid === "string" && answer.Guid !== "") {
        return { status: 200, object: fromEdgeRule(zone, answer) };
      }
      const found = ((await api().get(zone)).EdgeRules ?? []).filter(
        (r) => r.Description === body.name,
      );
      if (found.length === 1) return { status: 200, object: fromEdgeRule(zone, found[0]) };
      return { status: "unnamed" };
    },
    /** One write of the whole rule by guid: the planned fields over the rule as just read. */
    update: async (id, body, current) => {
      const zone = current.parentId;
      const fields = { ...(current.fields ?? {}), ...((body.fields ?? {}) as object) };
      const name = typeof body.name === "string" ? body.name : current.name;
      const answer = await api().addOrUpdateEdgeRule(zone, { ...wireRule(name, fields), Guid: id });
      const object =
        typeof answer?.Guid === "string" && answer.Guid === id
          ? fromEdgeRule(zone, answer)
          : { ...current, name, fields: ENUMS.normalize(fields) as Record<string, unknown> };
      return { status: 200, object };
    },
    delete: (id, zone) => api().deleteEdgeRule(zoneOf(zone, id), id),
  },
  docs: edgeRuleDocs,
};
