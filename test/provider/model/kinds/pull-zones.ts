/**
 * The pull-zone resources as kinds of the model test: `edge.pullzones.PullZone` (a zone and its
 * settings), `EdgeRule`, `OptimizerClass` and `Hostname` (objects of a pull zone). Their "zone"
 * is a pull zone's id (a PullZone's own is 0, the account: invariant (3) then holds one zone
 * per name).
 *
 * - PullZone: created by `name` (+ `originUrl`; destroy deletes it with its hostnames, edge
 *   rules and classes: they are `within` it) or adopted by `pullZoneId` (destroy restores the
 *   settings it had: invariant (7)); only the settings the program names are managed. The
 *   settings and their values come from the kind's declaration (`pullZoneKind.fields`: path,
 *   platform key, schema), so a setting added there is driven here too. A taken name is
 *   refused before any write: the pool holds a fixture's name and another actor takes the
 *   pool's names.
 * - EdgeRule: in fixture zone 1 (20 rules), zone 2 (none) or a zone the program creates
 *   (`pullZoneId: { $ref }`), adopted by `edgeRuleId`; its name is its description, unique in
 *   its zone; its order is its `priority` (the platform's `OrderIndex`).
 * - OptimizerClass: in fixture zone 1 (class `thumb`) or 2; its id is its name, so each zone
 *   has a pool of its own (keys stay unique across zones); adopted by `className`.
 * - Hostname: in zone 1, 2 or a zone the program creates; its id is its value (unique across
 *   zones); adopted by `existingHostname`; `forceSsl` and a free certificate (a hostname under
 *   `.invalid` never gets one: the create fails and leaves no hostname, invariant (8)). A
 *   zone's system hostname is part of the zone (not an object of its own).
 *
 * Values come from docs/resources.md, the published document and the declarations' schemas,
 * not from the providers' field maps.
 */
import fc from "fast-check";
import {
  EdgeRuleActionType,
  TriggerMatchingTypes,
  TriggerTypes,
} from "../../../../packages/client/src/spec";
import type { EmulatorState } from "../../../../packages/emulator/src";
import { hostnameRecord, newPullZone } from "../../../../packages/emulator/src/state-pullzone";
import { edgeRuleProvider } from "../../../../packages/pulumi/src/resources/kinds/collections/edge-rule-fields";
import { hostnameProvider } from "../../../../packages/pulumi/src/resources/kinds/collections/hostname-fields";
import { optimizerClassProvider } from "../../../../packages/pulumi/src/resources/kinds/collections/optimizer-class-fields";
import {
  pullZoneKind as pullZoneDeclaration,
  pullZoneProvider,
} from "../../../../packages/pulumi/src/resources/kinds/settings/pull-zone";
import type { SettingsField } from "../../../../packages/pulumi/src/resources/core/zone-settings/kind";
import { WRITE_ONLY_PATHS } from "../../../../packages/pulumi/src/resources/kinds/settings/pull-zone-write-only";
import { clone, ProgramInputs, StateEntry } from "../engine";
import type { FieldEdit, ModelKind, OobCreateSpec, OobFieldEdit, PlatformObject } from "../kind";
import { canon } from "../oracle";
import { sometimes } from "./rules";

type StoredPullZone = EmulatorState["pullZones"][number];
type Json = Record<string, unknown>;
type Names = Readonly<Record<string, number>>;

const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const modelOf = (z: StoredPullZone): Json => (z.model ?? {}) as Json;
const zoneById = (s: EmulatorState, id: number) => s.pullZones.find((z) => z.id === id);

/** Fixture pull zones the zone objects go to (1: rules, hostnames, a class; 2: nothing). */
export const FIXTURE_PULL_ZONES = [1, 2];

/** Names a program creates zones of ("zone-two" is fixture zone 2's: refused). */
export const PULL_ZONE_NAMES = ["mz-alpha", "mz-beta", "zone-two"];

// ---------------------------------------------------------------------------------------
// PullZone
// ---------------------------------------------------------------------------------------

/**
 * The settings of the declaration (every one a flat setting at its platform key), but the
 * write-only ones: no read of the zone shows them, so the invariants could not see whether
 * the platform holds them (their behaviour: pull-zone-write-only.test.ts).
 */
const SETTINGS: readonly SettingsField[] = pullZoneDeclaration.fields.filter(
  (f) => !WRITE_ONLY_PATHS.has(f.path),
);
const BY_PATH = new Map(SETTINGS.map((f) => [f.path, f]));
const keyOfSetting = (f: SettingsField) => f.flatKey ?? f.path;

/** URLs a program writes (the platform keeps the trailing slash; it is compared without). */
const ORIGINS = ["https://origin.alpha.example", "https://origin.beta.example/"];
const normalUrl = (u: unknown) => (typeof u === "string" ? u.trim().replace(/\/+$/, "") : u);

/** The values of a setting, from its schema (within its bounds, enumerations by name or number). */
function valuesOf(f: SettingsField): fc.Arbitrary<unknown> {
  const s = f.schema as Json;
  if (f.names) {
    return fc.oneof(
      fc.constantFrom<unknown>(...Object.keys(f.names)),
      fc.constantFrom<unknown>(...Object.values(f.names)),
    );
  }
  // What the declaration states first: its values, its examples (a field whose values the
  // check narrows by a pattern declares them), then a list's item values.
  if (Array.isArray(s.enum)) return fc.constantFrom<unknown>(...(s.enum as unknown[]));
  if (Array.isArray(s.examples)) return fc.constantFrom<unknown>(...(s.examples as unknown[]));
  const items = (s.items ?? {}) as Json;
  if (Array.isArray(items.enum)) return fc.subarray(items.enum as unknown[]);
  const type = Array.isArray(s.type) ? (s.type as string[])[0] : s.type;
  if (type === "boolean") return fc.boolean();
  if (type === "integer" || type === "number") {
    const min = typeof s.minimum === "number" ? s.minimum : -1000;
    const max = typeof s.maximum === "number" ? s.maximum : 100_000;
    const pool = [min, 0, 1, 10, 300, 3600].filter((n) => n >= min && n <= max);
    return fc.constantFrom(...new Set(pool));
  }
  if (type === "array") {
    const pool = /ip/i.test(f.path)
      ? ["198.51.100.1", "198.51.100.2", "203.0.113.7"]
      : ["alpha.example", "beta.example", "*.gamma.example"];
    return fc.subarray(pool);
  }
  if (typeof s.pattern === "string" && s.pattern.includes("[hH][tT][tT][pP]"))
    return fc.constantFrom(...ORIGINS);
  const words = ["logs.alpha.example", "host.beta.example"];
  return fc.constantFrom(
    ...(typeof s.minLength === "number" && s.minLength > 0 ? words : ["", ...words]),
  );
}

/** The image blueprints: `{ name, properties }` in a program, `{ Name, Properties }` stored. */
const BLUEPRINTS = "bunnyAiImageBlueprints";
type Blueprint = { name: string; properties?: Record<string, string> };
/** A stored list of blueprints by name (the key): another order is the same list. */
const sortedBlueprints = (v: unknown) =>
  ((v ?? []) as Json[])
    .map((b) => ({ Name: b.Name, Properties: b.Properties ?? {} }))
    .sort((a, b) => String(a.Name).localeCompare(String(b.Name)));
const blueprintsKey = (v: unknown) => canon(sortedBlueprints(v));

/** The platform's value of a program's value of a setting. */
const settingWire = (f: SettingsField, v: unknown) => {
  if (f.path === BLUEPRINTS && Array.isArray(v))
    return (v as Blueprint[]).map((b) => ({ Name: b.name, Properties: b.properties ?? {} }));
  return f.names && typeof v === "string" && v in f.names ? (f.names as Names)[v] : v;
};

/**
 * A setting's unset form, from its schema: text "", a list [], the id of another object 0
 * ("none"). Unset reads null on a zone that never had the setting and this form after a
 * write made it unset (a write's null leaves a setting as it is): both are the setting unset.
 * Undefined: the setting has no such form (null is its only unset).
 */
function unsetForm(f: SettingsField): unknown {
  const s = f.schema as Json;
  if (f.names) return undefined;
  if (s.type === "string") return "";
  if (s.type === "array") return [];
  if (s.type === "integer" && s.minimum === 0) return 0;
  return undefined;
}
const UNSET = new Map(SETTINGS.map((f) => [f.path, unsetForm(f)]));
/** A platform value of setting `path` with unset (null) in its unset form. */
const orUnset = (path: string, v: unknown) => v ?? UNSET.get(path) ?? null;

/** Whether the platform's `actual` holds the program's `mine` of setting `f`. */
function settingHolds(f: SettingsField, mine: unknown, actual: unknown): boolean {
  const w = settingWire(f, mine);
  if (f.path === "originUrl") return normalUrl(w) === normalUrl(actual);
  if (f.path === BLUEPRINTS) return blueprintsKey(w) === blueprintsKey(actual);
  if (Array.isArray(w) && (f.unordered || Array.isArray(actual)))
    return canon([...w].sort()) === canon([...((actual as unknown[]) ?? [])].sort());
  return canon(orUnset(f.path, w)) === canon(orUnset(f.path, actual));
}

const zoneManaged = (p: ProgramInputs) =>
  SETTINGS.filter((f) => p[f.path] !== undefined).map((f) => f.path);

/**
 * A zone as compared: everything but its zone objects (their own kinds), as JSON text (a
 * zone's record has some 150 fields: compared whole, byte for byte, it is read once).
 */
function zoneRaw(z: StoredPullZone): { raw: string; model: Json } {
  const { EdgeRules: _r, OptimizerClasses: _c, Hostnames, ...model } = modelOf(z);
  model.Hostnames = ((Hostnames ?? []) as Json[]).filter((h) => h.IsSystemHostname === true);
  // A zone that hides no setting may store `hidden` as nothing or as `{}` (the emulator's
  // bookkeeping of settings the record does not show): the same zone.
  return { raw: JSON.stringify({ ...z, hidden: z.hidden ?? {}, model }), model };
}

const SETTING_KEYS = new Set(SETTINGS.map(keyOfSetting));
const projectZone = (z: StoredPullZone): PlatformObject => {
  const { raw, model } = zoneRaw(z);
  const fields: Json = {};
  for (const f of SETTINGS) fields[f.path] = orUnset(f.path, model[keyOfSetting(f)]);
  fields[BLUEPRINTS] = sortedBlueprints(fields[BLUEPRINTS]);
  // The rest of the record, as one field (its JSON text): no setting the program names.
  const rest: Json = {};
  for (const [k, v] of Object.entries(model)) if (!SETTING_KEYS.has(k)) rest[k] = v;
  fields.platform = JSON.stringify(rest);
  return { key: `pz:${z.id}`, id: z.id, zone: 0, name: z.name, fields, raw };
};

/** A few settings of the declaration with values (never the origin: creates name their own). */
const someSettings = fc
  .subarray(
    SETTINGS.filter((f) => f.path !== "originUrl"),
    { minLength: 0, maxLength: 3 },
  )
  .chain((fs) => fc.tuple(...fs.map((f) => valuesOf(f).map((v) => [f.path, v] as const))));

/** `edge.pullzones.PullZone`. */
export const pullZoneKind: ModelKind = {
  name: "PullZone",
  tag: "pz",
  provider: pullZoneProvider,
  objects: (s) => s.pullZones.map(projectZone),
  paths: {
    create: "^/pullzone$",
    one: "^/pullzone/\\d+$",
    list: "^/pullzone$",
    read: /^\/pullzone\/(\d+)$/,
    methods: { update: "POST" },
  },
  uniqueNames: true,
  adoptId: (p) => (typeof p.pullZoneId === "number" ? p.pullZoneId : undefined),
  zoneOf: () => undefined,
  managedFields: zoneManaged,
  differences(p, obj) {
    const out: string[] = [];
    if (typeof p.name === "string" && p.name !== obj.name)
      out.push(`name: program ${p.name}, platform ${String(obj.name)}`);
    for (const path of zoneManaged(p)) {
      if (!settingHolds(BY_PATH.get(path)!, p[path], obj.fields[path]))
        out.push(`${path}: program ${canon(p[path])}, platform ${canon(obj.fields[path])}`);
    }
    return out;
  },
  expectedErrors: [
    // a name that is taken (a fixture's, another actor's, the other stack's, or the zone an
    // interrupted run created): never taken over by its name
    /the pull-zone name \S+ is already taken/,
    /another resource of this program (already|now) (creates or )?manages/,
  ],
  restoresPrior: { fields: SETTINGS.map((f) => f.path), unseen: {} },
  createdBy: (st) => st.outputs.origin === "created",
  // Every zone has an origin.
  prepare(s) {
    for (const z of s.pullZones) {
      const m = modelOf(z);
      if (!m.OriginUrl) m.OriginUrl = `https://origin.${z.name}.example`;
    }
  },
  newContainer: (i) => ({
    name: PULL_ZONE_NAMES[i % PULL_ZONE_NAMES.length],
    originUrl: ORIGINS[i % ORIGINS.length],
  }),
  addInputs: fc
    .tuple(fc.constantFrom(...PULL_ZONE_NAMES), fc.constantFrom(...ORIGINS), someSettings)
    .map(([name, originUrl, pairs]) => {
      const inputs: ProgramInputs = { name, originUrl };
      for (const [path, v] of pairs) inputs[path] = clone(v);
      return inputs;
    }),
  edits: fc
    .constantFrom(...SETTINGS)
    .chain((f) =>
      fc
        .tuple(valuesOf(f), fc.boolean())
        .map(([value, remove]): FieldEdit => ({ field: f.path, value, remove })),
    ),
  applyEdit(prog, e) {
    if (e.remove) {
      // A zone the program creates needs its origin.
      if (prog[e.field] === undefined || (e.field === "originUrl" && prog.name !== undefined))
        return undefined;
      delete prog[e.field];
      return `${e.field} removed (unmanaged)`;
    }
    prog[e.field] = clone(e.value);
    return `${e.field} = ${JSON.stringify(e.value)}`;
  },
  adoptSpecs: someSettings,
  adoptInputs(obj, spec) {
    const inputs: ProgramInputs = { pullZoneId: obj.id };
    for (const [path, v] of spec as [string, unknown][]) inputs[path] = clone(v);
    return inputs;
  },
  oobEdits: fc
    .constantFrom(...SETTINGS)
    .chain((f) => valuesOf(f).map((v) => ({ field: f.path, value: settingWire(f, v) }))),
  oobEdit(s, obj, e) {
    const m = modelOf(zoneById(s, Number(obj.id))!);
    m[keyOfSetting(BY_PATH.get(e.field)!)] = clone(e.value);
  },
  // Another actor makes a zone of a name the program may create (never one that exists).
  oobCreates: fc
    .constantFrom(...PULL_ZONE_NAMES)
    .map((name): OobCreateSpec => ({ zone: 0, name, body: {} })),
  oobCreate(s, c) {
    if (s.pullZones.some((z) => z.name === c.name)) return undefined;
    const z = newPullZone(s.nextIds as never, c.name!);
    z.model.OriginUrl = "https://origin.elsewhere.example";
    s.pullZones.push(z as StoredPullZone);
    return z.id;
  },
};

// ---------------------------------------------------------------------------------------
// Zone objects: shared parts
// ---------------------------------------------------------------------------------------

/** The pull zone a zone object's program entry names (`pullZoneId`, a number). */
const zoneOfEntry = (p: ProgramInputs) =>
  typeof p.pullZoneId === "number" ? p.pullZoneId : undefined;

/** A zone of the program (by index: commands.ts resolves it) or a fixture zone. */
const pullZonePlacement = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...FIXTURE_PULL_ZONES) },
  { weight: 2, arbitrary: fc.nat(3).map((i): unknown => ({ $ref: `#${i}` })) },
);

/** Errors of a zone object whose zone the program creates but could not (its name taken). */
const ZONE_REFUSED = /the pull-zone name \S+ is already taken/;

/** A field edit: a new value, or removed from the managed set (never a required one). */
function editField(prog: ProgramInputs, e: FieldEdit, required: string[]): string | undefined {
  if (e.remove) {
    if (prog[e.field] === undefined || required.includes(e.field)) return undefined;
    delete prog[e.field];
    return `${e.field} removed (unmanaged)`;
  }
  prog[e.field] = clone(e.value);
  return `${e.field} = ${JSON.stringify(e.value)}`;
}

// ---------------------------------------------------------------------------------------
// EdgeRule
// ---------------------------------------------------------------------------------------

type StoredRule = Json & { Guid: string; Description?: string | null };

/** Descriptions a program writes ("fixture rule 3" is zone 1's third rule: refused there). */
const RULE_NAMES = ["rule-a", "rule-b", "fixture rule 3"];
const RULE_ENUMS: Record<string, Names> = {
  actionType: EdgeRuleActionType,
  triggerMatchingType: TriggerMatchingTypes,
};
/** The public fields of a rule, by the platform's name. */
const RULE_KEYS: Record<string, string> = {
  actionType: "ActionType",
  actionParameter1: "ActionParameter1",
  actionParameter2: "ActionParameter2",
  triggers: "Triggers",
  triggerMatchingType: "TriggerMatchingType",
  enabled: "Enabled",
  priority: "OrderIndex",
};
const PATTERNS = ["*/a/*", "*/b/*", "*.jpg"];

const rulesOf = (s: EmulatorState): [number, StoredRule][] =>
  s.pullZones.flatMap((z) =>
    ((modelOf(z).EdgeRules ?? []) as StoredRule[]).map((r) => [z.id, r] as [number, StoredRule]),
  );

const projectRule = (zone: number, r: StoredRule): PlatformObject => {
  const byKey = new Map(Object.entries(RULE_KEYS).map(([pub, key]) => [key, pub]));
  const fields: Json = {};
  for (const [k, v] of Object.entries(r)) {
    if (k === "Guid" || k === "Description") continue;
    fields[byKey.get(k) ?? `platform.${k}`] = v;
  }
  return { key: `er:${r.Guid}`, id: r.Guid, zone, name: r.Description, fields, raw: r };
};

const ruleManaged = (p: ProgramInputs) => Object.keys(RULE_KEYS).filter((f) => p[f] !== undefined);

/** A trigger as the program writes it: a URL pattern list. */
const triggerOf = (i: number) => [{ type: "Url", patternMatches: [PATTERNS[i % PATTERNS.length]] }];

/** Whether the platform's triggers hold the program's (type and patterns; the rest defaults). */
function triggersHold(mine: unknown, actual: unknown): boolean {
  if (!Array.isArray(mine) || !Array.isArray(actual) || mine.length !== actual.length) return false;
  return mine.every((t: Json, i) => {
    const a = actual[i] as Json;
    const type = typeof t.type === "string" ? (TriggerTypes as Names)[t.type] : t.type;
    return (
      a.Type === type &&
      canon(a.PatternMatches) === canon(t.patternMatches) &&
      [0, null, undefined].includes(a.PatternMatchingType as number)
    );
  });
}

/** `edge.pullzones.EdgeRule`. */
export const edgeRuleKind: ModelKind = {
  name: "EdgeRule",
  tag: "er",
  provider: edgeRuleProvider,
  objects: (s) => rulesOf(s).map(([zone, r]) => projectRule(zone, r)),
  within: "pz",
  refField: "pullZoneId",
  fixtureContainers: FIXTURE_PULL_ZONES,
  paths: {
    create: "^/pullzone/\\d+/edgerules/addOrUpdate$",
    one: "^/pullzone/\\d+/edgerules/[0-9a-f-]+$",
    list: "^/pullzone/\\d+$",
    read: /^$/, // a rule is read in its zone's answer: see readZone
    readZone: /^\/pullzone\/(\d+)$/,
  },
  uniqueNames: true,
  adoptId: (p) => (typeof p.edgeRuleId === "string" ? p.edgeRuleId : undefined),
  zoneOf: zoneOfEntry,
  managedFields: ruleManaged,
  differences(p, obj) {
    const out: string[] = [];
    if (typeof p.description === "string" && p.description !== obj.name)
      out.push(`description: program ${p.description}, platform ${String(obj.name)}`);
    for (const f of ruleManaged(p)) {
      const mine = RULE_ENUMS[f] && typeof p[f] === "string" ? RULE_ENUMS[f][p[f]] : p[f];
      const ok =
        f === "triggers"
          ? triggersHold(mine, obj.fields[f])
          : canon(mine ?? null) === canon(obj.fields[f] ?? null);
      if (!ok) out.push(`${f}: program ${canon(p[f])}, platform ${canon(obj.fields[f])}`);
    }
    return out;
  },
  expectedErrors: [
    /already has edge rule [0-9a-f-]+ named/,
    /already manages edge rule|another resource of this program (already|now) (creates or )?manages/,
    /was not found|not found/i, // deleted out-of-band
    ZONE_REFUSED,
  ],
  addInputs: fc
    .tuple(
      pullZonePlacement,
      fc.constantFrom(...RULE_NAMES),
      fc.constantFrom("SetResponseHeader", "SetRequestHeader"),
      fc.nat(2),
      sometimes(fc.boolean(), 1, 1),
      sometimes(fc.integer({ min: 0, max: 30 }), 1, 1),
      sometimes(fc.constantFrom<unknown>("MatchAny", "MatchAll", 0), 1, 1),
    )
    .map(([pullZoneId, description, actionType, i, enabled, priority, matching]) => {
      const inputs: ProgramInputs = {
        pullZoneId,
        description,
        actionType,
        actionParameter1: `X-Model-${i}`,
        actionParameter2: "on",
        triggers: triggerOf(i),
      };
      if (enabled !== undefined) inputs.enabled = enabled;
      if (priority !== undefined) inputs.priority = priority;
      if (matching !== undefined) inputs.triggerMatchingType = matching;
      return inputs;
    }),
  edits: fc.oneof(
    fc
      .tuple(fc.boolean(), fc.boolean())
      .map(([value, remove]) => ({ field: "enabled", value, remove })),
    fc
      .tuple(fc.integer({ min: 0, max: 30 }), fc.boolean())
      .map(([value, remove]) => ({ field: "priority", value, remove })),
    fc
      .tuple(fc.constantFrom<unknown>("on", "off", null), fc.boolean())
      .map(([value, remove]) => ({ field: "actionParameter2", value, remove })),
    fc.nat(2).map((i) => ({ field: "triggers", value: triggerOf(i), remove: false })),
    fc.constantFrom(...RULE_NAMES).map((value) => ({ field: "description", value, remove: false })),
  ),
  applyEdit: (prog, e) => editField(prog, e, ["actionType", "triggers", "description"]),
  modeSwitch(prog: ProgramInputs, st: StateEntry) {
    if (typeof prog.edgeRuleId === "string") return undefined;
    prog.edgeRuleId = st.id;
    return `switched to edgeRuleId ${st.id}`;
  },
  adoptSpecs: fc.record({
    enabled: sometimes(fc.boolean(), 1, 1),
    priority: sometimes(fc.integer({ min: 0, max: 30 }), 1, 1),
  }),
  adoptInputs(obj, spec) {
    const inputs: ProgramInputs = { pullZoneId: obj.zone, edgeRuleId: obj.id };
    for (const [k, v] of Object.entries(spec as Json)) if (v !== undefined) inputs[k] = v;
    return inputs;
  },
  oobEdits: fc.oneof(
    fc.boolean().map((value): OobFieldEdit => ({ field: "Enabled", value })),
    fc.integer({ min: 0, max: 30 }).map((value): OobFieldEdit => ({ field: "OrderIndex", value })),
    fc.constantFrom("edited elsewhere").map((value) => ({ field: "ActionParameter2", value })),
  ),
  oobEdit(s, obj, e) {
    const r = rulesOf(s).find(([, x]) => x.Guid === obj.id)![1];
    r[e.field] = e.value;
  },
  oobDelete(s, obj) {
    const m = modelOf(zoneById(s, obj.zone)!);
    m.EdgeRules = ((m.EdgeRules ?? []) as StoredRule[]).filter((r) => r.Guid !== obj.id);
  },
  oobCreates: fc
    .tuple(fc.constantFrom(...FIXTURE_PULL_ZONES), fc.constantFrom(...RULE_NAMES))
    .map(([zone, name]): OobCreateSpec => ({ zone, name, body: {} })),
  oobCreate(s, c, freshName) {
    const z = zoneById(s, c.zone);
    if (!z || rulesOf(s).some(([zone, r]) => zone === c.zone && r.Description === c.name))
      return undefined;
    const n = Number(/\d+$/.exec(freshName)?.[0] ?? 0);
    const Guid = `00000000-0000-4000-9000-${String(n).padStart(12, "0")}`;
    const m = modelOf(z);
    m.EdgeRules = [
      ...((m.EdgeRules ?? []) as StoredRule[]),
      {
        Guid,
        ActionType: 5,
        ActionParameter1: "X-Elsewhere",
        ActionParameter2: "on",
        ActionParameter3: null,
        Triggers: [
          { Type: 0, PatternMatches: ["*/elsewhere/*"], PatternMatchingType: 0, Parameter1: null },
        ],
        ExtraActions: [],
        TriggerMatchingType: 0,
        Description: c.name,
        Enabled: true,
        OrderIndex: 40,
        ReadOnly: false,
      },
    ];
    return Guid;
  },
};

// ---------------------------------------------------------------------------------------
// OptimizerClass
// ---------------------------------------------------------------------------------------

/**
 * Class names by fixture zone (a class's id is its name: each zone its own names, so keys are
 * unique across zones). `thumb` is zone 1's fixture class: a create of it is refused.
 */
const CLASS_NAMES: Record<number, string[]> = { 1: ["thumb", "wide"], 2: ["hero", "square"] };
const WIDTHS = ["100", "320", "640"];

const classesOf = (s: EmulatorState): [number, Json][] =>
  s.pullZones.flatMap((z) =>
    ((modelOf(z).OptimizerClasses ?? []) as Json[]).map((c) => [z.id, c] as [number, Json]),
  );

/** `edge.pullzones.OptimizerClass`. */
export const optimizerClassKind: ModelKind = {
  name: "OptimizerClass",
  tag: "oc",
  provider: optimizerClassProvider,
  objects: (s) =>
    classesOf(s).map(([zone, c]) => ({
      key: `oc:${String(c.Name)}`,
      id: String(c.Name),
      zone,
      name: c.Name as string,
      fields: { properties: c.Properties ?? null },
      raw: c,
    })),
  within: "pz",
  paths: {
    create: "^/pullzone/\\d+$",
    one: "^/pullzone/\\d+$",
    list: "^/pullzone/\\d+$",
    read: /^$/,
    readZone: /^\/pullzone\/(\d+)$/,
    methods: { create: "POST", update: "POST" },
  },
  uniqueNames: true,
  adoptId: (p) => (typeof p.className === "string" ? p.className : undefined),
  zoneOf: zoneOfEntry,
  managedFields: (p) => (p.properties !== undefined ? ["properties"] : []),
  differences(p, obj) {
    if (typeof p.name === "string" && p.name !== obj.name)
      return [`name: program ${p.name}, platform ${String(obj.name)}`];
    if (p.properties === undefined) return [];
    return canon(p.properties) === canon(obj.fields.properties ?? {})
      ? []
      : [`properties: program ${canon(p.properties)}, platform ${canon(obj.fields.properties)}`];
  },
  expectedErrors: [
    /already has optimizer class \S+ (named|holding every value)/,
    /already manages optimizer class|another resource of this program (already|now) (creates or )?manages/,
    /was not found|not found/i,
  ],
  addInputs: fc
    .tuple(fc.constantFrom(...FIXTURE_PULL_ZONES), fc.nat(1), fc.constantFrom(...WIDTHS))
    .map(([pullZoneId, i, width]) => ({
      pullZoneId,
      name: CLASS_NAMES[pullZoneId][i],
      properties: { width },
    })),
  edits: fc.tuple(fc.constantFrom(...WIDTHS), fc.boolean()).map(([w, h]) => ({
    field: "properties",
    value: h ? { width: w, height: w } : { width: w },
    remove: false,
  })),
  applyEdit: (prog, e) => editField(prog, e, []),
  adoptSpecs: sometimes(fc.constantFrom(...WIDTHS), 1, 1),
  adoptInputs(obj, spec) {
    const inputs: ProgramInputs = { pullZoneId: obj.zone, className: obj.id };
    if (spec !== undefined) inputs.properties = { width: spec };
    return inputs;
  },
  oobEdits: fc.constantFrom(...WIDTHS).map((w) => ({ field: "properties", value: { width: w } })),
  oobEdit(s, obj, e) {
    const c = classesOf(s).find(([z, x]) => z === obj.zone && x.Name === obj.id)![1];
    c.Properties = clone(e.value);
  },
  oobDelete(s, obj) {
    const m = modelOf(zoneById(s, obj.zone)!);
    m.OptimizerClasses = ((m.OptimizerClasses ?? []) as Json[]).filter((c) => c.Name !== obj.id);
  },
  oobCreates: fc
    .tuple(fc.constantFrom(...FIXTURE_PULL_ZONES), fc.nat(1))
    .map(([zone, i]): OobCreateSpec => ({ zone, name: CLASS_NAMES[zone][i], body: {} })),
  oobCreate(s, c) {
    const z = zoneById(s, c.zone);
    if (!z || classesOf(s).some(([, x]) => x.Name === c.name)) return undefined;
    const m = modelOf(z);
    m.OptimizerClasses = [
      ...((m.OptimizerClasses ?? []) as Json[]),
      { Name: c.name, Properties: { width: "1" } },
    ];
    return c.name;
  },
};

// ---------------------------------------------------------------------------------------
// Hostname
// ---------------------------------------------------------------------------------------

type StoredHostname = Json & { Value: string; IsSystemHostname?: boolean };

/**
 * Hostnames a program adds: `static.zone-one.example` is zone 1's (refused), a `.invalid`
 * one never gets a free certificate (the platform refuses it, at once or after a while).
 */
const HOSTNAMES = [
  "www.alpha.example",
  "cdn.beta.example",
  "static.zone-one.example",
  "bad.invalid",
];

const hostnamesOf = (s: EmulatorState): [number, StoredHostname][] =>
  s.pullZones.flatMap((z) =>
    ((modelOf(z).Hostnames ?? []) as StoredHostname[])
      .filter((h) => h.IsSystemHostname !== true)
      .map((h) => [z.id, h] as [number, StoredHostname]),
  );

/**
 * The managed fields. An adopted hostname's `forceSsl` from before the adopt is given back
 * when it leaves the state, managed or not (documented: after adopt then destroy the zone is as
 * it was), so it is a field its resource may write.
 */
const hostnameManaged = (p: ProgramInputs) =>
  ["forceSsl", "certificate"].filter(
    (f) => p[f] !== undefined || (f === "forceSsl" && typeof p.existingHostname === "string"),
  );

/** `edge.pullzones.Hostname`. */
export const hostnameKind: ModelKind = {
  name: "Hostname",
  tag: "hn",
  provider: hostnameProvider,
  objects: (s) =>
    hostnamesOf(s).map(([zone, h]) => {
      const { Value: _v, ForceSSL, HasCertificate, ...rest } = h;
      const fields: Json = { forceSsl: ForceSSL, certificate: HasCertificate };
      for (const [k, v] of Object.entries(rest)) fields[`platform.${k}`] = v;
      // A certificate's fields change with it (managed with `certificate`).
      for (const k of ["Certificate", "CertificateKey", "CertificateProvisionType"])
        delete fields[`platform.${k}`];
      return { key: `hn:${h.Value}`, id: h.Value, zone, name: h.Value, fields, raw: h };
    }),
  within: "pz",
  refField: "pullZoneId",
  fixtureContainers: FIXTURE_PULL_ZONES,
  paths: {
    create: "^/pullzone/\\d+/addHostname$",
    one: "^/pullzone/\\d+/(removeHostname|setForceSSL)$",
    list: "^/pullzone/\\d+$",
    read: /^$/,
    readZone: /^\/pullzone\/(\d+)$/,
    methods: { update: "POST" },
  },
  uniqueNames: true,
  // An adopted hostname gets its `forceSsl` before the adopt back when it leaves the state
  // (documented); a created one is deleted.
  restoresPrior: { fields: ["forceSsl"], unseen: {} },
  createdBy: (st) => st.outputs.adopted !== true,
  adoptId: (p) => (typeof p.existingHostname === "string" ? p.existingHostname : undefined),
  zoneOf: zoneOfEntry,
  managedFields: hostnameManaged,
  differences(p, obj) {
    const out: string[] = [];
    if (typeof p.hostname === "string" && p.hostname !== obj.name)
      out.push(`hostname: program ${p.hostname}, platform ${String(obj.name)}`);
    if (p.forceSsl !== undefined && p.forceSsl !== obj.fields.forceSsl)
      out.push(`forceSsl: program ${canon(p.forceSsl)}, platform ${canon(obj.fields.forceSsl)}`);
    // A free certificate the program asked for is there after a successful up (issued).
    if (isObj(p.certificate) && obj.fields.certificate !== true)
      out.push(`certificate: program ${canon(p.certificate)}, platform has none`);
    return out;
  },
  expectedErrors: [
    /already has hostname \S+ (named|holding every value)/,
    // a hostname of another zone (a fixture's, or added there by another resource)
    /is a hostname of pull zone \d+ .*; a hostname belongs to one pull zone/,
    /already manages hostname|another resource of this program (already|now) (creates or )?manages/,
    /was not found|not found/i,
    // a free certificate the platform does not issue (a `.invalid` hostname)
    /certificate/i,
    ZONE_REFUSED,
  ],
  addInputs: fc
    .tuple(
      pullZonePlacement,
      fc.constantFrom(...HOSTNAMES),
      sometimes(fc.boolean(), 1, 1),
      sometimes(fc.constant({ type: "free", timeoutSeconds: 2 }), 1, 1),
    )
    .map(([pullZoneId, hostname, forceSsl, certificate]) => {
      const inputs: ProgramInputs = { pullZoneId, hostname };
      if (forceSsl !== undefined) inputs.forceSsl = forceSsl;
      if (certificate !== undefined) inputs.certificate = certificate;
      return inputs;
    }),
  edits: fc
    .tuple(fc.boolean(), fc.boolean())
    .map(([value, remove]) => ({ field: "forceSsl", value, remove })),
  applyEdit: (prog, e) => editField(prog, e, []),
  adoptSpecs: sometimes(fc.boolean(), 1, 1),
  adoptInputs(obj, spec) {
    const inputs: ProgramInputs = { pullZoneId: obj.zone, existingHostname: obj.id };
    if (spec !== undefined) inputs.forceSsl = spec;
    return inputs;
  },
  oobEdits: fc.boolean().map((value) => ({ field: "forceSsl", value })),
  oobEdit(s, obj, e) {
    const h = hostnamesOf(s).find(([, x]) => x.Value === obj.id)![1];
    h.ForceSSL = e.value;
  },
  oobDelete(s, obj) {
    const m = modelOf(zoneById(s, obj.zone)!);
    m.Hostnames = ((m.Hostnames ?? []) as StoredHostname[]).filter((h) => h.Value !== obj.id);
  },
  oobCreates: fc
    .tuple(fc.constantFrom(...FIXTURE_PULL_ZONES), fc.constantFrom(...HOSTNAMES.slice(0, 2)))
    .map(([zone, name]): OobCreateSpec => ({ zone, name, body: {} })),
  oobCreate(s, c) {
    const z = zoneById(s, c.zone);
    if (
      !z ||
      s.pullZones.some((x) =>
        ((modelOf(x).Hostnames ?? []) as StoredHostname[]).some((h) => h.Value === c.name),
      )
    )
      return undefined;
    const ids = s.nextIds as unknown as { hostname: number };
    const m = modelOf(z);
    m.Hostnames = [
      ...((m.Hostnames ?? []) as StoredHostname[]),
      hostnameRecord(ids.hostname++, c.name!),
    ];
    return c.name;
  },
};
