/**
 * The zone settings resources of `edgeplatform-import` (`ShieldZone`, the kinds written from
 * their settings declaration, `DECLARED_KINDS` of the list of kinds, and `ResponsePage`): each
 * written with only the inputs whose value differs from what the platform gives a new zone, as the resource takes them (enum
 * names, `waf`/`ddos` groups, engine settings decoded). Every value written is the zone's
 * current one, so adopting it writes nothing.
 */
import {
  CustomPageTypes,
  DDoSShieldSensitivity,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
  type ApiGuardian,
  type CustomPageType,
  type ShieldZoneResponse,
  type ShieldZoneSettings,
  type WafEngineConfigItem,
} from "edgeplatform-client/spec";
import {
  effectiveEngineConfig,
  ENGINE_ITEMS,
  paranoiaLevel,
  pipedList,
  spacedList,
} from "../functions/shield-zone-view";
import { getPath } from "../resources/core/zone-settings/kind";
import type { SettingsDefaults, ShieldZoneImport } from "./generate";
import { DECLARED_KINDS, KIND_WORDS, type DeclaredKind, type ImportKind } from "./kinds.generated";
import {
  array,
  enumValue,
  key,
  literal,
  MAX_LINE,
  plural,
  pushRendered,
  str,
  type EnumTable,
  type Rendered,
  type Warn,
} from "./render";

/** One input of a settings resource: where it is in the args and where its value comes from. */
interface SettingField<S> {
  /** Path in the resource's args (`["waf", "mode"]`). */
  path: string[];
  /** The value in what the platform returned (`undefined`: the platform gave none). */
  get: (s: S) => unknown;
  /** The enumeration when the input takes names. */
  table?: EnumTable;
}

/** Deep equality of JSON-like values. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => same(x, b[i]));
  if (a && b && typeof a === "object" && typeof b === "object" && !Array.isArray(a)) {
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    return (
      ka.length === kb.length &&
      ka.every((k) => same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return false;
}

/** Inputs as a tree: a leaf is a rendered value, a node the inputs of a nested object. */
type ArgTree = Map<string, Rendered | ArgTree>;

/**
 * The inputs of `fields` whose value in `actual` differs from `defaults` (all of them when
 * `defaults` is unknown), as a tree in the order of `fields`. A value the platform did not
 * give is never written.
 */
function differing<S>(
  fields: SettingField<S>[],
  actual: S,
  defaults: S | undefined,
  where: string,
  warn: Warn,
): ArgTree {
  const tree: ArgTree = new Map();
  for (const f of fields) {
    const v = f.get(actual);
    if (v === undefined || (defaults !== undefined && same(v, f.get(defaults)))) continue;
    let node = tree;
    for (const k of f.path.slice(0, -1)) {
      if (!node.has(k)) node.set(k, new Map());
      node = node.get(k) as ArgTree;
    }
    const field = f.path.join(".");
    node.set(
      f.path[f.path.length - 1],
      f.table
        ? enumValue(field, f.table, v, (m) => warn(`${where}.${m}`))
        : Array.isArray(v)
          ? array(v.map((x) => ({ text: literal(x) })))
          : { text: literal(v) },
    );
  }
  return tree;
}

/** The lines of an args tree at `indent`; a nested object on one line when short and plain. */
function treeLines(tree: ArgTree, indent: string): string[] {
  const out: string[] = [];
  for (const [k, v] of tree) {
    if (!(v instanceof Map)) {
      pushRendered(out, indent, `${key(k)}: `, v);
      continue;
    }
    const inner = treeLines(v, "");
    const flat = `${indent}${key(k)}: { ${inner.map((l) => l.replace(/,$/, "")).join(", ")} },`;
    if (inner.every((l) => !l.includes("//")) && inner.length <= 3 && flat.length <= MAX_LINE)
      out.push(flat);
    else out.push(`${indent}${key(k)}: {`, ...treeLines(v, `${indent}  `), `${indent}},`);
  }
  return out;
}

/** An engine setting of a zone (its own item, else the engine's default), parsed. */
const engineField = (
  path: string[],
  item: string,
  parse: (encoded: string | undefined) => unknown,
): SettingField<EngineSettings> => ({
  path,
  get: (s) => {
    const encoded = s.find((i) => i.name === item)?.valueEncoded;
    return encoded === undefined ? undefined : (parse(encoded) ?? encoded);
  },
});
type EngineSettings = readonly WafEngineConfigItem[];

/** `ShieldZone` inputs taken from the zone's fields. */
const ZONE_FIELDS: SettingField<ShieldZoneSettings>[] = [
  { path: ["planType"], get: (z) => z.planType, table: ShieldPlanType },
  { path: ["waf", "enabled"], get: (z) => z.wafEnabled },
  { path: ["waf", "mode"], get: (z) => z.wafExecutionMode, table: WafExecutionMode },
  { path: ["waf", "disabledRules"], get: (z) => z.wafDisabledRules },
  { path: ["waf", "logOnlyRules"], get: (z) => z.wafLogOnlyRules },
  {
    path: ["waf", "realtimeThreatIntelligence"],
    get: (z) => z.wafRealtimeThreatIntelligenceEnabled,
  },
  { path: ["waf", "requestHeaderLogging"], get: (z) => z.wafRequestHeaderLoggingEnabled },
  { path: ["waf", "ignoredHeaders"], get: (z) => z.wafRequestIgnoredHeaders },
  {
    path: ["waf", "requestBodyLimitAction"],
    get: (z) => z.wafRequestBodyLimitAction,
    table: WafPayloadLimitAction,
  },
  {
    path: ["waf", "responseBodyLimitAction"],
    get: (z) => z.wafResponseBodyLimitAction,
    table: WafPayloadLimitAction,
  },
];
/** `ShieldZone` inputs taken from the engine settings (`wafEngineConfig`). */
const ENGINE_FIELDS: SettingField<EngineSettings>[] = [
  engineField(["waf", "paranoia", "detection"], ENGINE_ITEMS.detectionParanoia, paranoiaLevel),
  engineField(["waf", "paranoia", "executing"], ENGINE_ITEMS.executingParanoia, paranoiaLevel),
  engineField(["waf", "paranoia", "blocking"], ENGINE_ITEMS.blockingParanoia, paranoiaLevel),
  engineField(["waf", "allowedMethods"], ENGINE_ITEMS.allowedMethods, spacedList),
  engineField(["waf", "allowedHttpVersions"], ENGINE_ITEMS.allowedHttpVersions, spacedList),
  engineField(["waf", "allowedContentTypes"], ENGINE_ITEMS.allowedContentTypes, pipedList),
];
/** `ShieldZone` inputs after the WAF ones. */
const ZONE_TAIL_FIELDS: SettingField<ShieldZoneSettings>[] = [
  {
    path: ["ddos", "sensitivity"],
    get: (z) => z.dDoSShieldSensitivity,
    table: DDoSShieldSensitivity,
  },
  { path: ["ddos", "challengeWindow"], get: (z) => z.dDoSChallengeWindow },
  { path: ["customRuleOrder"], get: (z) => z.wafCustomRuleOrder },
  { path: ["whitelabelResponsePages"], get: (z) => z.whitelabelResponsePages },
];
/** Zone settings `ShieldZone` does not take: named in a comment when not at their default. */
const UNMANAGED_ZONE_FIELDS = [
  "learningMode",
  "learningModeUntil",
  "requestBodyLoggingEnabled",
  "wafProfileId",
  "dDoSExecutionMode",
] as const;

/** Merges two trees (the second's leaves win). */
function mergeTrees(a: ArgTree, b: ArgTree): ArgTree {
  const out: ArgTree = new Map(a);
  for (const [k, v] of b) {
    const was = out.get(k);
    out.set(k, was instanceof Map && v instanceof Map ? mergeTrees(was, v) : v);
  }
  return out;
}

/** Sorts the `waf` node's keys in the order of the fields (zone fields, then engine ones). */
function wafOrdered(tree: ArgTree): ArgTree {
  const waf = tree.get("waf");
  if (!(waf instanceof Map)) return tree;
  const order = [...ZONE_FIELDS, ...ENGINE_FIELDS]
    .filter((f) => f.path[0] === "waf")
    .map((f) => f.path[1]);
  const sorted: ArgTree = new Map([...waf].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)));
  return new Map([...tree].map(([k, v]) => [k, k === "waf" ? sorted : v]));
}

/** The `ShieldZone` inputs of a zone that differ from the defaults. */
function shieldZoneTree(zone: ShieldZoneResponse, defaults: SettingsDefaults, warn: Warn): ArgTree {
  const where = `shield zone ${zone.shieldZoneId}`;
  const engine = effectiveEngineConfig(zone.wafEngineConfig, defaults.engineConfig ?? []);
  return wafOrdered(
    mergeTrees(
      mergeTrees(
        differing(ZONE_FIELDS, zone, defaults.zone, where, warn),
        differing(ENGINE_FIELDS, engine, defaults.engineConfig, where, warn),
      ),
      differing(ZONE_TAIL_FIELDS, zone, defaults.zone, where, warn),
    ),
  );
}

/**
 * A zone's `ShieldZone`: adopt by id, the settings that differ from the defaults (`tree`).
 * `customRuleOrder` names each rule the program adopts by its resource (`blockAdmin.ruleId`,
 * from `ruleRef`), a rule it does not adopt by its id.
 */
export function shieldZoneLines(
  zone: ShieldZoneResponse,
  tree: ArgTree,
  defaults: SettingsDefaults,
  name: string,
  variable: string,
  ruleRef: (ruleId: number) => string | undefined = () => undefined,
): string[] {
  const engine = effectiveEngineConfig(zone.wafEngineConfig, defaults.engineConfig ?? []);
  const order = zone.wafCustomRuleOrder;
  const args = new Map(tree);
  if (args.has("customRuleOrder") && Array.isArray(order)) {
    args.set("customRuleOrder", array(order.map((id) => ({ text: ruleRef(id) ?? literal(id) }))));
  }
  const out = [`const ${variable} = new edge.shield.ShieldZone(${str(name)}, {`];
  out.push(`  shieldZoneId: ${zone.shieldZoneId},`, ...treeLines(args, "  "));
  const z = zone as Record<string, unknown>;
  const d = (defaults.zone ?? {}) as Record<string, unknown>;
  const managedItems = new Set<string>(Object.values(ENGINE_ITEMS));
  const unmanaged = [
    ...UNMANAGED_ZONE_FIELDS.filter(
      // A field the defaults do not name (`dDoSExecutionMode`: read-only, not in the
      // published request shape the defaults answer) is not claimed to differ.
      (f) => z[f] !== undefined && !(defaults.zone && (!(f in d) || same(z[f], d[f]))),
    ).map((f) => `${f} ${literal(z[f])}`),
    ...engine
      .filter(
        (i) => !managedItems.has(i.name) && !(defaults.engineConfig ?? []).some((x) => same(x, i)),
      )
      .map((i) => `engine setting ${i.name} ${literal(i.valueEncoded)}`),
  ];
  if (unmanaged.length > 0) {
    out.push(
      "  // not managed by ShieldZone (the platform keeps them):",
      ...unmanaged.map((u) => `  //   ${u}`),
    );
  }
  out.push("});");
  return out;
}

/**
 * The inputs of a kind written from its settings declaration, in its order: each field's path,
 * its value at its platform key (`isEnabled` for `enabled`), its enumeration.
 */
function declaredFields(d: DeclaredKind): SettingField<unknown>[] {
  return d.fields.map((f) => ({
    path: f.path.split("."),
    get: (s: unknown) => getPath(s, f.flatKey ?? f.path),
    ...(f.names ? { table: f.names } : {}),
  }));
}

/** A zone's singleton settings resource (`BotDetection`, ...) with `tree` as its inputs. */
export function settingsLines(
  cls: string,
  zoneId: number,
  tree: ArgTree,
  name: string,
  variable: string,
  notes: string[] = [],
): string[] {
  return [
    `const ${variable} = new edge.shield.${cls}(${str(name)}, {`,
    `  shieldZoneId: ${zoneId},`,
    ...treeLines(tree, "  "),
    ...notes.map((n) => `  // ${n}`),
    "});",
  ];
}

/** A custom response page of a zone. */
export function responsePageLines(
  zoneId: number,
  pageType: CustomPageType,
  html: string,
  name: string,
  variable: string,
): string[] {
  return [
    `const ${variable} = new edge.shield.ResponsePage(${str(name)}, {`,
    `  shieldZoneId: ${zoneId},`,
    `  pageType: ${str(pageType)},`,
    `  html: ${str(html)},`,
    "});",
  ];
}

/** The settings resources of a zone that differ from the defaults (the `ShieldZone` always). */
export interface ZoneSettings {
  shieldZone?: ShieldZoneResponse;
  /** The `ShieldZone` inputs that differ from the defaults (empty: all at the defaults). */
  shieldZoneTree?: ArgTree;
  /** The kinds written from their declaration (DECLARED_KINDS) that differ, in its order. */
  declared: DeclaredSettings[];
  /** When the zone has an API document: its title and version in words (may be empty). */
  apiDocument?: string;
  responsePages: { pageType: CustomPageType; html: string }[];
}

/** A settings resource written from its kind's declaration: its inputs and notes. */
export interface DeclaredSettings {
  kind: ImportKind;
  /** Its class (`BotDetection`). */
  type: (typeof DECLARED_KINDS)[number]["type"];
  tree: ArgTree;
  /** Comment lines at the end of its arguments. */
  notes: string[];
}

/** Which settings resources a zone gets: the trees of the kinds that differ from the defaults. */
export function zoneSettings(
  z: ShieldZoneImport,
  defaults: SettingsDefaults,
  warn: Warn,
): ZoneSettings {
  const where = `shield zone ${z.shieldZoneId}`;
  const tree = <S>(
    fields: SettingField<S>[],
    actual: S | undefined,
    d: S | undefined,
    what: string,
  ) => {
    if (actual === undefined) return undefined;
    const t = differing(fields, actual, d, `${where} ${what}`, warn);
    return t.size > 0 ? t : undefined;
  };
  const shieldZoneSettings = z.settings && shieldZoneTree(z.settings, defaults, warn);
  const apiDocument = apiDocumentWords(z.apiGuardian);
  const declared = DECLARED_KINDS.flatMap((d): DeclaredSettings[] => {
    const read = z[d.key] as Record<string, unknown> | undefined;
    const actual = "within" in d ? read?.[d.within] : read;
    const given = (defaults as Record<string, unknown>)[d.key];
    const t = tree(declaredFields(d), actual, given, KIND_WORDS[d.kind].many);
    return t ? [{ kind: d.kind, type: d.type, tree: t, notes: notesOf(d.kind, apiDocument) }] : [];
  });
  return {
    shieldZone: z.settings,
    shieldZoneTree: shieldZoneSettings,
    declared,
    apiDocument,
    responsePages: CustomPageTypes.flatMap((pageType) => {
      const html = z.responsePages?.[pageType];
      return typeof html === "string" ? [{ pageType, html }] : [];
    }),
  };
}

/** The comment lines of a declared kind's resource (ApiGuardian: the document not imported). */
function notesOf(kind: ImportKind, apiDocument: string | undefined): string[] {
  if (kind !== "api-guardian" || apiDocument === undefined) return [];
  return [
    `the zone's API document${apiDocument} is not imported (the platform does not`,
    "return it): give `spec` or `specFile` to manage it",
  ];
}

/** ` ("Shop API" 1.2)` when the zone has an API document, `""` without a title; else undefined. */
function apiDocumentWords(a: ApiGuardian | undefined): string | undefined {
  const title = a?.configuration?.title;
  const has = (Array.isArray(a?.endpoints) && a.endpoints.length > 0) || !!title;
  if (!has) return undefined;
  const version = a?.configuration?.version;
  return title ? ` (${JSON.stringify(title)}${version ? ` ${version}` : ""})` : "";
}

/** How many settings resources `s` gives. */
export const settingsCount = (s: ZoneSettings): number =>
  (s.shieldZone ? 1 : 0) + s.declared.length + s.responsePages.length;

/** Whether the zone's `ShieldZone` manages nothing (every setting at the platform's default). */
export const emptyShieldZone = (s: ZoneSettings): boolean =>
  s.shieldZone !== undefined && (s.shieldZoneTree?.size ?? 0) === 0;

/** How many settings resources `s` gives that manage something (not an empty `ShieldZone`). */
export const adoptableSettings = (s: ZoneSettings): number =>
  settingsCount(s) - (emptyShieldZone(s) ? 1 : 0);

/** The settings resources of a zone in words (`zone settings`, `bot detection`, ...). */
export function settingsWords(s: ZoneSettings): string[] {
  return [
    ...(s.shieldZone
      ? [emptyShieldZone(s) ? "zone settings at the defaults" : "zone settings"]
      : []),
    ...s.declared.map((d) => KIND_WORDS[d.kind].many),
    ...(s.responsePages.length > 0 ? [plural(s.responsePages.length, "response page")] : []),
  ];
}
