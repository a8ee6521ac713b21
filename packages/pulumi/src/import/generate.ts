/**
 * The pure half of `edgeplatform-import`: turns what was read from the platform (an
 * {@link ImportSnapshot}) into the text of a TypeScript Pulumi program that adopts it.
 * No I/O, no clock: the same snapshot always gives byte-identical text.
 *
 * - One resource per object of each collection kind with a configuration (`COLLECTION_KINDS`
 *   of the list of kinds: the shield zone's rules) in adopt mode (its id input,
 *   `deleteOnDestroy: false`) with the object's full configuration as the platform returned
 *   it; enumerations as their exact-case names, `null` kept as `null` (explicitly managed),
 *   fields the platform left out left out (not managed).
 * - One resource per list of a collection kind written as a list (adopt mode: its id input
 *   with its `shieldZoneId`, `deleteOnDestroy: false`) with its name, description, type,
 *   entries (the content split into lines, blank ones dropped), and its configuration in the
 *   zone (`enabled`, `action`).
 * - One resource per platform-owned object of a collection kind written as its configuration
 *   in the zone, when that is set (enabled, or an action other than None); the others keep
 *   the platform's defaults.
 * - One `edge.shield.ShieldZone` per shield zone (adopt mode: `shieldZoneId`) with the
 *   settings whose value differs from the platform's defaults (`GET /shield/shield-zone/defaults`,
 *   the engine settings' defaults `GET /shield/waf/engine-config`); a setting at its default
 *   is left out (not managed). Settings `ShieldZone` does not take are named in a comment.
 * - One resource of each kind written from its settings declaration (`DECLARED_KINDS` of
 *   the list of kinds: `edge.shield.BotDetection` & co.) per zone whose configuration differs from the platform's default, with the fields that differ; one
 *   `edge.shield.ResponsePage` per custom response page the zone has.
 * - One `edge.dns.ZoneDnssec` per DNS zone with its current DNSSEC state; when the zone's
 *   records were read, an `edge.dns.DnsZone` that adopts it (`zoneId`) and one
 *   `edge.dns.DnsRecord` per record (`recordId`, every field it holds that its type takes:
 *   `dns.ts`), named `<zone>-<type>-<name>` with a counter for a round-robin set.
 * - The records of a BIND zone file (`bind.ts`) as `edge.dns.DnsRecord`s to create, in a new
 *   `DnsZone` (`{ domain }`, `protect: true`, which its records take: their `zoneId` is its
 *   output) or an existing one, where a record the zone already has is adopted by its id
 *   instead of being created twice.
 * - Resource names in kebab-case from the objects' names (unique: objects of a kind that
 *   share a name get `-<id>`), TypeScript variables in camelCase (never a reserved word,
 *   never starting with a digit); in each shield zone, the collection kinds in the list's
 *   order, each sorted by id, then the zone's settings resources. Names
 *   are handed out kind by kind in that order, so importing a further kind never renames a
 *   resource of an earlier one.
 */
import { describeUrl, type Client } from "edgeplatform-client";
import type {
  CustomPageType,
  ShieldZoneResponse,
  ShieldZoneSettings,
  WafEngineConfigItem,
} from "edgeplatform-client/spec";
import {
  CustomPageTypes,
  dnsRecordTypeName,
  dnsRecordTypesInWords,
} from "edgeplatform-client/spec";
import type { DnsRecord } from "edgeplatform-client/spec";
import type { ZoneFileImport } from "./bind";
import {
  pullZoneHeader,
  pullZoneLines,
  type PullZoneImport,
  type PullZoneResourceType,
} from "./pull-zone";
import {
  COLLECTION_KINDS,
  DECLARED_KINDS,
  KIND_WORDS,
  type CollectionKind,
} from "./kinds.generated";
import {
  adoptedRecordArgs,
  dnsRecordLines,
  recordBaseName,
  sameRecord,
  zoneFileRecordArgs,
  type DnsRecordArgs,
} from "./dns";
import {
  array,
  enumValue,
  literal,
  MAX_LINE,
  plural,
  pushRendered,
  str,
  type EnumTable,
  type Rendered,
  type Warn,
} from "./render";
import {
  adoptableSettings,
  responsePageLines,
  settingsCount,
  settingsLines,
  settingsWords,
  shieldZoneLines,
  zoneSettings,
  type ZoneSettings,
} from "./settings";
import {
  accessListEntries,
  chainedRuleConditionSchema,
  OperatorType,
  VariableNames,
} from "edgeplatform-client/spec";

/**
 * An object of a collection kind with a `get` read: what that read answered (`list`) and its
 * line of the zone's listing (`details`; undefined when it has none).
 */
export interface ListedImport<L, D> {
  list: L;
  details: D | undefined;
}

/** A kind of a shield zone that could not be read (the key may not, or the plan lacks it). */
export interface SkippedKind {
  /** What was not imported, in words (`custom WAF rules`). */
  kind: string;
  /** Why (`403 forbidden: ...`). */
  reason: string;
}

/**
 * What was read of one shield zone. A kind left `undefined` was not read (not asked for,
 * or in {@link skipped}); an empty array was read and is empty.
 */
export interface ShieldZoneImport extends CollectionReads, DeclaredReads {
  /** The shield zone id. */
  shieldZoneId: number;
  /** Pull zones (given as `--pull-zone`) that resolved to this shield zone. */
  pullZoneIds?: number[];
  /** The zone's settings (`GET /shield/shield-zone/{id}`): a `ShieldZone` is written. */
  settings?: ShieldZoneResponse;
  /** The zone's custom response pages (every page type read; a page it lacks is absent). */
  responsePages?: Partial<Record<CustomPageType, string>>;
  /** Kinds that could not be read: written as comments, never silently left out. */
  skipped?: SkippedKind[];
  /**
   * Settings kinds the zone's plan does not have (a plan-gated answer): nothing to adopt,
   * said in the header (`bot detection`).
   */
  notOnPlan?: string[];
}

/**
 * The platform's defaults the settings resources are compared with: only what differs from
 * them is written. A default left `undefined` is unknown: every field of that kind is written
 * (its current value: adopting it still writes nothing).
 */
export interface SettingsDefaults extends DeclaredDefaults {
  /** What a new shield zone gets (`GET /shield/shield-zone/defaults`). */
  zone?: ShieldZoneSettings;
  /** The engine settings' defaults (`GET /shield/waf/engine-config`). */
  engineConfig?: WafEngineConfigItem[];
}

/** A kind written from its settings declaration. */
type Declared = (typeof DECLARED_KINDS)[number];

/** A collection kind of a shield zone (`COLLECTION_KINDS` of the list of kinds). */
export type Collection = (typeof COLLECTION_KINDS)[number] & CollectionKind;

/** The collection kinds, in the list's order. */
export const COLLECTIONS: readonly Collection[] = COLLECTION_KINDS;

/** The element type of an array type. */
type Element<A> = A extends readonly (infer E)[] ? E : never;

/** What collection kind `C` reads: the listing's answer, its `part`, each object's `get`. */
type Read<C extends Collection> = C["read"] extends { part: infer P }
  ? Answer<Client[C["read"]["api"]], C["read"]["list"]> extends infer R
    ? P extends keyof R
      ? C["read"] extends { get: { method: infer G } }
        ? ListedImport<Answer<Client[C["read"]["api"]], G>, Element<R[P]>>[]
        : R[P]
      : never
    : never
  : Answer<Client[C["read"]["api"]], C["read"]["list"]>;

/** What method `K` of `O` answers (a promise-returning method). */
type Answer<O, K> = K extends keyof O
  ? O[K] extends (...args: never[]) => Promise<infer R>
    ? R
    : never
  : never;

/**
 * What the zone's reads of the collection kinds answered (every object, all pages, in any
 * order), by zone property.
 */
export type CollectionReads = {
  [C in Collection as C["key"]]?: Read<C>;
};

/** The value at `path` (`list.id`) of an object as read. */
export const at = (x: unknown, path: string): unknown =>
  path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], x);

/** The id of an object of collection kind `c` (its `object.id` path). */
export const objectId = (c: Collection, x: unknown): number => at(x, c.object.id) as number;

/** The name of an object of collection kind `c` (its `object.name` path). */
export const objectName = (c: Collection, x: unknown): string | null | undefined =>
  at(x, c.object.name) as string | null | undefined;

/** The objects of collection kind `c` a zone's import holds (undefined: not read). */
export const collectionOf = (z: CollectionReads, c: Collection): unknown[] | undefined =>
  (z as Record<string, unknown[] | undefined>)[c.key];

/** What the zone's reads of the kinds written from their declaration answered, by zone property. */
export type DeclaredReads = {
  [D in Declared as D["key"]]?: Awaited<ReturnType<Client["shieldZones"][D["read"]]>>;
};

/** A new zone's values of the kinds written from their declaration, by zone property. */
export type DeclaredDefaults = { [D in Declared as D["key"]]?: D["defaults"] };

/** One DNS zone, its DNSSEC state and its records, as read from the platform. */
export interface DnsZoneImport {
  /** The DNS zone id. */
  zoneId: number;
  /** The zone's domain, when known (used for the resource name). */
  domain?: string | null;
  /** `DnsSecEnabled` of `GET /dnszone/{id}`. */
  dnsSecEnabled: boolean;
  /**
   * Every record of the zone (`Records` of `GET /dnszone/{id}`): an `edge.dns.DnsZone` and
   * one `edge.dns.DnsRecord` per record are written. Left out: the DNSSEC state only.
   */
  records?: DnsRecord[];
}

/** The records of a BIND zone file, to write as records to create (`--bind-file`). */
export interface ZoneFileZoneImport {
  /** The file as it was given (named in comments). */
  file: string;
  /** Its records as the platform takes them (`readZoneFile`). */
  zone: ZoneFileImport;
  /** The existing DNS zone to put them in; left out: a new zone for the file's domain. */
  zoneId?: number;
  /**
   * The records that zone has: a record of the file it already has is adopted by its id
   * (never created a second time); the others are named in a comment and left alone.
   */
  existing?: DnsRecord[];
}

/** Everything `edgeplatform-import` read, ready to be written as a program. */
export interface ImportSnapshot {
  /** Where it was read from (the management API base URL). Credentials in it are dropped. */
  source: string;
  /** Shield zones with their rules and lists. */
  shieldZones: ShieldZoneImport[];
  /** DNS zones. */
  dnsZones: DnsZoneImport[];
  /** Zone files whose records are written as records to create. */
  zoneFiles?: ZoneFileZoneImport[];
  /** The platform's defaults of the settings kinds (needed when a zone's settings were read). */
  defaults?: SettingsDefaults;
  /** Pull zones (`--pull-zone`) written as adopting pull-zone resources (`pull-zone.ts`). */
  pullZones?: PullZoneImport[];
}

/** One resource of the generated program. */
export interface GeneratedResource {
  /** Pulumi resource type token. */
  type: ResourceType;
  /** Pulumi resource name (kebab-case, unique in the program). */
  name: string;
  /** TypeScript variable the resource is assigned to. */
  variable: string;
  /**
   * Rule id (rules), list id (access lists, managed lists), DNS zone id (DNSSEC, DnsZone),
   * record id (DnsRecord) or shield zone id (zone settings resources); 0 for a zone or record
   * that a zone file's program creates.
   */
  id: number;
  /** The page type of a `ResponsePage`. */
  pageType?: CustomPageType;
  /** The shield zone of a rule or list (managed list ids repeat across zones). */
  shieldZoneId?: number;
  /** The line of the zone file a record to create (or its new zone, 0) comes from. */
  line?: number;
  /** A pull zone's child's own id: the edge rule's guid, the class's name, the hostname. */
  key?: string;
}

/** Type tokens of the resources the generator writes. */
export type ResourceType =
  | `pulumi-nodejs:dynamic/shield:${Collection["type"]}`
  | "pulumi-nodejs:dynamic/shield:ShieldZone"
  | `pulumi-nodejs:dynamic/shield:${Declared["type"]}`
  | "pulumi-nodejs:dynamic/shield:ResponsePage"
  | "pulumi-nodejs:dynamic/dns:ZoneDnssec"
  | "pulumi-nodejs:dynamic/dns:DnsZone"
  | "pulumi-nodejs:dynamic/dns:DnsRecord"
  | PullZoneResourceType;

/** Result of {@link generateProgram}. */
export interface GeneratedProgram {
  /** The TypeScript program. */
  text: string;
  /** Its resources, in program order. */
  resources: GeneratedResource[];
  /**
   * Things a human should look at (each is also a comment in the program): values this
   * provider version does not know, fields left out.
   */
  warnings: string[];
  /** What a human must supply (each also a comment): custom certificates' keys. */
  notes?: string[];
}

/** Thrown by {@link generateProgram} when there is nothing to adopt. */
export class NothingToImportError extends Error {
  constructor() {
    super("nothing to import: no rules, no access lists, no zone settings and no DNS zones");
    this.name = "NothingToImportError";
  }
}

/** Words a variable must not be: reserved words, module-scope names, the `edge` import. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export " +
    "extends false finally for function if import in instanceof new null return super switch " +
    "this throw true try typeof var void while with as implements interface let package " +
    "private protected public static yield await any boolean number string symbol type from " +
    "of async get set declare module namespace require exports arguments eval undefined " +
    `NaN Infinity edge pulumi ${COLLECTIONS.map((c) => c.exportList).join(" ")} ` +
    "dnsZoneIds " +
    `shieldZoneIds ${DECLARED_KINDS.map((d) => `${d.key}Ids`).join(" ")} responsePageIds dnsZones ` +
    "dnsRecordIds"
  ).split(" "),
);

/** Property order and allowed properties of a chained condition. */
const CHAINED_FIELDS = Object.keys(chainedRuleConditionSchema.properties);
const VARIABLE_NAMES = new Set<string>(VariableNames);

/**
 * Kebab-case of free text: ASCII letters and digits (accents removed), lowercase, words
 * joined by single `-`. Empty when nothing is left.
 */
export function toKebabCase(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z])([A-Z])/g, "$1-$2") // camelCase words
    .replace(/([0-9])([A-Z][a-z])/g, "$1-$2") // "IPv6Limit", but "2FA" stays
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * A TypeScript variable name for a kebab-case resource name: camelCase; `prefix` in front
 * when it would start with a digit (or be empty); `suffix` appended to a reserved word.
 */
export function toIdentifier(kebab: string, prefix = "rule", suffix = "Rule"): string {
  const camel = kebab.replace(/-([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
  let id = camel === "" ? prefix : camel;
  if (/^[0-9]/.test(id)) id = prefix + id;
  if (RESERVED.has(id)) id += suffix;
  return id;
}

/**
 * The base (kebab-case) resource name of a rule: from its name, else `<fallback>-<id>`
 * (the kind's `names.fallback`).
 */
export function ruleBaseName(
  rule: { id: number; ruleName?: string | null },
  fallback = "rule",
): string {
  return toKebabCase(rule.ruleName ?? "") || `${fallback}-${rule.id}`;
}

/** A platform-owned object's configuration in a zone (the `zone-config` form). */
interface ZoneConfig {
  isEnabled?: boolean | null;
  action?: unknown;
}

/**
 * Whether the configuration in the zone of an object of collection kind `c` is set (enabled,
 * or an action other than None): for a `configuredOnly` kind, only those are written; the
 * others keep the platform's defaults.
 */
export function configured(c: Collection, d: ZoneConfig): boolean {
  const none =
    d.action === c.enums?.action?.None ||
    (typeof d.action === "string" && d.action.toLowerCase() === "none");
  return d.isEnabled === true || (d.action !== undefined && d.action !== null && !none);
}

/** {@link configured} for the collection kind whose objects are written only when configured. */
export function isConfigured(d: ZoneConfig): boolean {
  return COLLECTIONS.some((c) => c.configuredOnly && configured(c, d));
}

/** `source` without credentials, query or fragment (it goes into a comment). */
export function describeSource(source: string): string {
  return describeUrl(source);
}

// ---------------------------------------------------------------------------------------
// Rule configurations as TypeScript source
// ---------------------------------------------------------------------------------------

/** `variableTypes`: kept as it is; keys this provider does not know get a comment. */
function variableTypes(where: string, v: unknown, warn: Warn): Rendered {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return { text: literal(v) };
  const unknown = Object.keys(v).filter((k) => !VARIABLE_NAMES.has(k));
  if (unknown.length === 0) return { text: literal(v) };
  warn(`${where}.variableTypes: ${unknown.join(", ")} is not a variable name this provider knows`);
  return { text: literal(v), comment: `unknown variable name: tsc and pulumi preview flag it` };
}

/**
 * An object's fields in `order` (the schema's), one per line; fields outside the schema are
 * left out with a comment (the platform keeps their values: they are not managed).
 */
function objectLines(
  obj: Record<string, unknown>,
  order: readonly string[],
  render: (field: string, v: unknown) => Rendered,
  where: string,
  warn: Warn,
  indent: string,
): string[] {
  const lines: string[] = [];
  for (const field of order) {
    if (obj[field] !== undefined)
      pushRendered(lines, indent, `${field}: `, render(field, obj[field]));
  }
  const unknown = Object.keys(obj)
    .filter((k) => !order.includes(k) && obj[k] !== undefined)
    .sort();
  if (unknown.length > 0) {
    const m = `left out ${unknown.join(", ")}: not in this provider's schema (not managed; the platform keeps it)`;
    warn(`${where}: ${m}`);
    lines.push(`${indent}// ${m}`);
  }
  return lines;
}

function chainedConditions(where: string, v: unknown, warn: Warn): Rendered {
  if (!Array.isArray(v)) return { text: literal(v) };
  if (v.length === 0) return { text: "[]" };
  const lines = ["["];
  v.forEach((c, i) => {
    const at = `${where}.chainedRuleConditions[${i}]`;
    if (c === null || typeof c !== "object" || Array.isArray(c)) {
      pushRendered(lines, "  ", "", { text: literal(c) });
      return;
    }
    const inner = objectLines(
      c as Record<string, unknown>,
      CHAINED_FIELDS,
      (f, x) =>
        f === "operatorType"
          ? enumValue(f, OperatorType, x, (m) => warn(`${at}.${m}`))
          : f === "variableTypes"
            ? variableTypes(at, x, warn)
            : { text: literal(x) },
      at,
      warn,
      "    ",
    );
    lines.push("  {", ...inner, "  },");
  });
  lines.push("]");
  return { text: literal(v), lines };
}

function configurationLines(
  where: string,
  cfg: Record<string, unknown>,
  warn: Warn,
  fields: readonly string[],
  tables: Readonly<Record<string, EnumTable>>,
): string[] {
  return objectLines(
    cfg,
    fields,
    (field, v) => {
      const table = tables[field];
      const w = (m: string) => warn(`${where}.${m}`);
      if (field === "transformationTypes" && Array.isArray(v))
        return array(v.map((x) => enumValue(field, table, x, w)));
      if (table) return enumValue(field, table, v, w);
      if (field === "variableTypes") return variableTypes(where, v, warn);
      if (field === "chainedRuleConditions") return chainedConditions(where, v, warn);
      return { text: literal(v) };
    },
    where,
    warn,
    "    ",
  );
}

// ---------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------

/** Hands out unique resource names and variables. */
class Namer {
  private readonly names = new Set<string>();
  private readonly variables = new Set<string>();

  /**
   * `base`, or `base-<suffix>` when `base` is shared within its kind or already taken by an
   * earlier kind; further `-2`, `-3` only if still taken.
   */
  name(base: string, suffix: string | number, shared: boolean): string {
    const first = shared || this.names.has(base) ? `${base}-${suffix}` : base;
    let candidate = first;
    for (let n = 2; this.names.has(candidate); n++) candidate = `${first}-${n}`;
    this.names.add(candidate);
    return candidate;
  }

  /** A camelCase variable for `name`, with a counter when two names give the same one. */
  variable(name: string, prefix: string, suffix: string): string {
    const base = toIdentifier(name, prefix, suffix);
    let candidate = base;
    for (let n = 2; this.variables.has(candidate); n++) candidate = `${base}${n}`;
    this.variables.add(candidate);
    return candidate;
  }
}

// ---------------------------------------------------------------------------------------
// The program
// ---------------------------------------------------------------------------------------

/** A shield zone after merging and sorting: every kind an array (empty when not read). */
interface Zone {
  shieldZoneId: number;
  pullZoneIds: number[];
  /** Which kinds were read (so "0 WAF rules" is said only when they were). */
  read: Set<Kind>;
  /**
   * The objects of each collection kind, by its zone property, sorted by id (of a
   * `configuredOnly` kind: the configured ones only).
   */
  lists: Record<string, unknown[]>;
  /** How many objects a `configuredOnly` kind has in the zone in all, by zone property. */
  totals: Record<string, number>;
  /** The settings resources the zone gets. */
  settings: ZoneSettings;
  skipped: SkippedKind[];
  notOnPlan: string[];
}

/** The settings a zone import holds (merged: the last one read wins). */
type SettingsImport = Pick<ShieldZoneImport, "settings" | Declared["key"] | "responsePages">;

type Kind = Collection["key"];

/** The objects of kind `k` a merged zone holds. */
const itemsOf = (z: Zone, k: Kind): unknown[] => z.lists[k];

/** Each kind in program order, with how it is counted in words. */
const KINDS: { kind: Kind; one: string; none: string; configuredOnly?: boolean }[] =
  COLLECTIONS.map((c) => ({
    kind: c.key,
    one: c.counted,
    none: c.none,
    configuredOnly: c.configuredOnly,
  }));

/** How many resources the zone gives. */
const zoneCount = (z: Zone): number =>
  COLLECTIONS.reduce((n, c) => n + z.lists[c.key].length, 0) + adoptableSettings(z.settings);

function zoneLabel(z: Pick<Zone, "shieldZoneId" | "pullZoneIds">): string {
  const pz = z.pullZoneIds;
  if (pz.length === 0) return `shield zone ${z.shieldZoneId}`;
  return `shield zone ${z.shieldZoneId} (pull zone${pz.length > 1 ? "s" : ""} ${pz.join(", ")})`;
}

/**
 * The header's line(s) of a zone: `shield zone 1: 2 rate-limit rules, 1 WAF rule, 2 of 4
 * managed lists configured` (the kinds read), wrapped at {@link MAX_LINE}.
 */
function zoneCounts(z: Zone): string[] {
  const parts = KINDS.filter((k) => z.read.has(k.kind)).map((k) =>
    k.configuredOnly
      ? `${itemsOf(z, k.kind).length} of ${plural(z.totals[k.kind], k.one)} configured`
      : plural(itemsOf(z, k.kind).length, k.one),
  );
  parts.push(...settingsWords(z.settings));
  if (parts.length === 0) parts.push("nothing read");
  const lines = [`//   ${zoneLabel(z)}:`];
  parts.forEach((p, i) => {
    const item = ` ${p}${i < parts.length - 1 ? "," : ""}`;
    if (lines[lines.length - 1].length + item.length > MAX_LINE) lines.push(`//    ${item}`);
    else lines[lines.length - 1] += item;
  });
  return lines;
}

function header(
  source: string,
  zones: Zone[],
  dns: DnsZoneImport[],
  files: ZoneFileZoneImport[],
  pullZones: PullZoneImport[] = [],
): string[] {
  // The notes of the collection kinds that have objects, each once.
  const notes = [
    ...new Set(
      COLLECTIONS.filter((c) => c.note && zones.some((z) => z.lists[c.key].length > 0)).map((c) =>
        (c.note ?? []).join("\n"),
      ),
    ),
  ];
  return [
    "// Generated by edgeplatform-import: a Pulumi program that adopts what already exists on",
    "// the platform. Edit it like any other program.",
    `// Read from ${describeSource(source)} (the API key is not recorded here):`,
    ...zones.flatMap((z) => [
      ...zoneCounts(z),
      ...z.skipped.map((s) => `//     NOT imported: ${s.kind} (${s.reason})`),
      ...(z.notOnPlan.length > 0
        ? [`//     not on the zone's plan (nothing to adopt): ${z.notOnPlan.join(", ")}`]
        : []),
    ]),
    ...pullZones.map(pullZoneHeader),
    ...dns.map(
      (d) =>
        `//   DNS zone ${d.zoneId}${d.domain ? ` (${d.domain})` : ""}: ` +
        `DNSSEC ${d.dnsSecEnabled ? "enabled" : "disabled"}` +
        (d.records ? `, ${plural(d.records.length, "record")}` : ""),
    ),
    ...files.map((f) => {
      const adopted = f.existing ? matchExisting(f).size : 0;
      const parts = [
        f.zoneId === undefined
          ? `${f.zone.domain} (a new DNS zone)`
          : `DNS zone ${f.zoneId} (${f.zone.domain})`,
        `${plural(f.zone.records.length - adopted, "record")} to create`,
        ...(f.existing ? [`${adopted} already there (adopted)`] : []),
        ...(f.zone.skipped.length > 0 ? [`${f.zone.skipped.length} skipped`] : []),
        ...(f.zone.refused.length > 0 ? [`${plural(f.zone.refused.length, "line")} refused`] : []),
      ];
      return `//   zone file ${f.file}: ${parts.join(", ")}`;
    }),
    "//",
    ...(zones.length + dns.length > 0
      ? [
          "// `pulumi up` adopts each rule by its `ruleId` with the values it had at import time, and",
          "// each DNS zone's current DNSSEC state: when nothing changed on the platform since the",
          "// import, it makes no API writes. Change a value here and `pulumi up` sends one PATCH for",
          "// that rule.",
          "// `pulumi destroy` (or removing a resource from this file) leaves every rule in place",
          "// (`deleteOnDestroy: false`) and returns each DNS zone to the DNSSEC state it had when",
          "// Pulumi adopted it, which is the state recorded here: nothing is deleted or switched.",
        ]
      : []),
    ...notes.flatMap((n) => n.split("\n")),
    ...(zones.some((z) => settingsCount(z.settings) > 0)
      ? [
          `// Zone settings (ShieldZone, ${DECLARED_KINDS.map((d) => d.type).join(", ")}) name only what`,
          "// differs from the platform's defaults; what is left out is not managed. Destroy puts",
          "// each managed setting back to its value at adoption, i.e. leaves it as it is now; a",
          "// ResponsePage that existed before is kept.",
        ]
      : []),
    ...(dns.some((d) => d.records) || files.some((f) => f.existing)
      ? [
          "// DNS zones are adopted by `zoneId` (destroy deletes none of them) and their records by",
          "// `recordId`, with every field each record holds that its type takes (a field at a new",
          "// record's default is left out): `pulumi up` writes nothing while nothing changed.",
        ]
      : []),
    ...(pullZones.length > 0
      ? [
          "// Pull zones are adopted by `pullZoneId` with the settings that differ from a new zone's",
          "// (the others are not managed), their edge rules by `edgeRuleId`, optimizer classes by",
          "// `className` and hostnames by `existingHostname`, each as it is now: `pulumi up` writes",
          "// nothing while nothing changed, and `pulumi destroy` deletes none of them (an adopted",
          "// zone gets back the settings it had when Pulumi adopted it, i.e. these).",
        ]
      : []),
    ...(files.length > 0
      ? [
          "// The records of a zone file have no `recordId`: `pulumi up` creates them (in a new zone",
          "// for the file's domain unless an existing zone was given).",
        ]
      : []),
    "// Enumerations are written as names (exact case). `null` is managed (keeps the field",
    "// empty); a field that is left out is not managed.",
  ];
}

/** `export const name = [a, b];`, one item per line when it does not fit on one. */
function exportList(name: string, items: string[]): string[] {
  if (items.length === 0) return [];
  const line = `export const ${name} = [${items.join(", ")}];`;
  if (line.length <= MAX_LINE) return [line];
  return [`export const ${name} = [`, ...items.map((i) => `  ${i},`), "];"];
}

/** A rule as the platform answers it: what {@link ruleLines} writes of it. */
interface RuleObject {
  id: number;
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleConfiguration?: unknown;
}

/** An object of a collection kind with a configuration (a rule) in adopt mode. */
function ruleLines(
  c: Collection,
  rule: RuleObject,
  name: string,
  variable: string,
  warn: Warn,
): string[] {
  const where = `${c.where} ${rule.id}`;
  const cfg = rule.ruleConfiguration;
  const cfgLines =
    cfg && typeof cfg === "object" && c.configuration
      ? configurationLines(
          where,
          cfg as Record<string, unknown>,
          warn,
          c.configuration.fields,
          c.configuration.enums,
        )
      : [];
  return [
    `const ${variable} = new edge.shield.${c.type}(${str(name)}, {`,
    `  ${c.idInput}: ${rule.id},`,
    ...(rule.ruleName !== undefined ? [`  ruleName: ${literal(rule.ruleName)},`] : []),
    ...(rule.ruleDescription !== undefined
      ? [`  ruleDescription: ${literal(rule.ruleDescription)},`]
      : []),
    ...(cfgLines.length > 0
      ? ["  ruleConfiguration: {", ...cfgLines, "  },"]
      : ["  ruleConfiguration: {},"]),
    "  deleteOnDestroy: false,",
    "});",
  ];
}

/** A list as {@link ListedImport} holds it (the `list` form). */
type ListObject = ListedImport<
  { id: number; name: string; description?: string | null; type?: unknown; content?: unknown },
  ZoneConfig
>;

/** The enumeration table `field` of kind `c` (`enums`; empty when it has none). */
const enumsOf = (c: Collection, field: string): EnumTable =>
  (c.enums as Readonly<Record<string, EnumTable>> | undefined)?.[field] ?? {};

/** A list of collection kind `c` in adopt mode, with its configuration in the zone. */
function listLines(
  c: Collection,
  zoneId: number,
  a: ListObject,
  name: string,
  variable: string,
  warn: Warn,
): string[] {
  const { list, details } = a;
  const where = `${c.where} ${list.id}`;
  const w = (m: string) => warn(`${where}.${m}`);
  const out = [`const ${variable} = new edge.shield.${c.type}(${str(name)}, {`];
  out.push(
    `  ${c.idInput}: ${list.id},`,
    `  shieldZoneId: ${zoneId},`,
    `  name: ${str(list.name)},`,
  );
  if (list.description !== undefined) out.push(`  description: ${literal(list.description)},`);
  pushRendered(out, "  ", "type: ", enumValue("type", enumsOf(c, "type"), list.type, w));
  const entries = accessListEntries(typeof list.content === "string" ? list.content : "");
  pushRendered(out, "  ", "entries: ", array(entries.map((e) => ({ text: str(e) }))));
  if (details) {
    out.push(`  enabled: ${details.isEnabled},`);
    pushRendered(
      out,
      "  ",
      "action: ",
      enumValue("action", enumsOf(c, "action"), details.action, w),
    );
  } else {
    const m = "left out enabled and action: the list is not in the zone's listing (not managed)";
    warn(`${where}: ${m}`);
    out.push(`  // ${m}`);
  }
  out.push("  deleteOnDestroy: false,", "});");
  return out;
}

/** A platform-owned object of collection kind `c`: its configuration in a zone. */
function zoneConfigLines(
  c: Collection,
  zoneId: number,
  d: unknown,
  name: string,
  variable: string,
  warn: Warn,
): string[] {
  const id = objectId(c, d);
  const cfg = d as ZoneConfig;
  const w = (m: string) => warn(`${c.where} ${id} in shield zone ${zoneId}.${m}`);
  const out = [
    `const ${variable} = new edge.shield.${c.type}(${str(name)}, {`,
    `  shieldZoneId: ${zoneId},`,
    `  ${c.idInput}: ${id}, // ${String(objectName(c, d)).replace(/[\r\n]+/g, " ")}`,
    `  enabled: ${cfg.isEnabled},`,
  ];
  pushRendered(out, "  ", "action: ", enumValue("action", enumsOf(c, "action"), cfg.action, w));
  out.push("});");
  return out;
}

/** An object of collection kind `c` as its `render` form writes it. */
function collectionObjectLines(
  c: Collection,
  zoneId: number,
  x: unknown,
  name: string,
  variable: string,
  warn: Warn,
): string[] {
  if (c.render === "list") return listLines(c, zoneId, x as ListObject, name, variable, warn);
  if (c.render === "zone-config") return zoneConfigLines(c, zoneId, x, name, variable, warn);
  return ruleLines(c, x as RuleObject, name, variable, warn);
}

/**
 * How many resources that manage something one zone's import gives (an empty `ShieldZone`
 * does not count): 0 means nothing to adopt there.
 */
export function adoptableCount(z: ShieldZoneImport, defaults: SettingsDefaults = {}): number {
  return (
    COLLECTIONS.reduce(
      (n, c) =>
        n +
        ((c.configuredOnly
          ? collectionOf(z, c)?.filter((x) => configured(c, x as ZoneConfig))
          : collectionOf(z, c)
        )?.length ?? 0),
      0,
    ) + adoptableSettings(zoneSettings(z, defaults, () => undefined))
  );
}

/** Merges zones given twice (by id and by pull zone) and sorts every kind by id. */
function mergeZones(input: ShieldZoneImport[], defaults: SettingsDefaults, warn: Warn): Zone[] {
  const byZone = new Map<number, Zone>();
  const raw = new Map<number, SettingsImport>();
  const union = <T>(a: T[], b: T[] | undefined, id: (x: T) => number): T[] =>
    [...new Map([...a, ...(b ?? [])].map((x) => [id(x), x])).values()].sort(
      (x, y) => id(x) - id(y),
    );
  for (const z of input) {
    const seen: Zone = byZone.get(z.shieldZoneId) ?? {
      shieldZoneId: z.shieldZoneId,
      pullZoneIds: [],
      read: new Set(),
      lists: Object.fromEntries(COLLECTIONS.map((c) => [c.key, []])),
      totals: {},
      settings: { declared: [], responsePages: [] },
      skipped: [],
      notOnPlan: [],
    };
    const r = raw.get(z.shieldZoneId) ?? {};
    raw.set(z.shieldZoneId, {
      settings: z.settings ?? r.settings,
      ...Object.fromEntries(DECLARED_KINDS.map((d) => [d.key, z[d.key] ?? r[d.key]])),
      responsePages: z.responsePages ?? r.responsePages,
    });
    for (const c of COLLECTIONS) if (collectionOf(z, c) !== undefined) seen.read.add(c.key);
    byZone.set(z.shieldZoneId, {
      ...seen,
      pullZoneIds: [...new Set([...seen.pullZoneIds, ...(z.pullZoneIds ?? [])])].sort(
        (a, b) => a - b,
      ),
      lists: Object.fromEntries(
        COLLECTIONS.map((c) => [
          c.key,
          union(seen.lists[c.key], collectionOf(z, c), (x) => objectId(c, x)),
        ]),
      ),
      skipped: [
        ...new Map(
          [...seen.skipped, ...(z.skipped ?? [])].map((s) => [`${s.kind}\n${s.reason}`, s]),
        ).values(),
      ].sort((a, b) => (a.kind < b.kind ? -1 : a.kind > b.kind ? 1 : 0)),
      notOnPlan: [...new Set([...seen.notOnPlan, ...(z.notOnPlan ?? [])])],
    });
  }
  return [...byZone.values()]
    .sort((a, b) => a.shieldZoneId - b.shieldZoneId)
    .map((z) => ({
      ...z,
      totals: Object.fromEntries(
        COLLECTIONS.filter((c) => c.configuredOnly).map((c) => [c.key, z.lists[c.key].length]),
      ),
      lists: Object.fromEntries(
        COLLECTIONS.map((c) => [
          c.key,
          c.configuredOnly
            ? z.lists[c.key].filter((x) => configured(c, x as ZoneConfig))
            : z.lists[c.key],
        ]),
      ),
      settings: zoneSettings(
        { shieldZoneId: z.shieldZoneId, ...raw.get(z.shieldZoneId) },
        defaults,
        warn,
      ),
    }));
}

/** How many of `bases` each base name has (names shared within a kind get a suffix). */
function counts(bases: string[]): Map<string, number> {
  const uses = new Map<string, number>();
  for (const b of bases) uses.set(b, (uses.get(b) ?? 0) + 1);
  return uses;
}

/**
 * Writes the Pulumi program that adopts `snapshot`. Pure and deterministic: zones sorted by
 * id, every kind by id, duplicates (same zone or DNS zone twice) merged.
 * @throws NothingToImportError when the snapshot holds nothing to adopt.
 */
export function generateProgram(snapshot: ImportSnapshot): GeneratedProgram {
  const warnings: string[] = [];
  const warn: Warn = (m) => warnings.push(m);
  const defaults = snapshot.defaults ?? {};
  const zones = mergeZones(snapshot.shieldZones, defaults, warn);
  const dns = [...new Map(snapshot.dnsZones.map((d) => [d.zoneId, d])).values()].sort(
    (a, b) => a.zoneId - b.zoneId,
  );
  const files = snapshot.zoneFiles ?? [];
  const pullZones = [
    ...new Map((snapshot.pullZones ?? []).map((p) => [p.pullZoneId, p])).values(),
  ].sort((a, b) => a.pullZoneId - b.pullZoneId);
  if (
    zones.every((z) => zoneCount(z) === 0) &&
    dns.length === 0 &&
    files.length === 0 &&
    pullZones.length === 0
  ) {
    throw new NothingToImportError();
  }

  const namer = new Namer();

  // Names, kind by kind (the collection kinds first, in the list's order), so a further kind
  // never renames a resource of an earlier one.
  const nameKey = (zone: number, kind: string, id: number) => `${zone}/${kind}/${id}`;
  const names = new Map<string, { name: string; variable: string }>();
  const assign = <T>(
    kind: string,
    items: [number, T][],
    id: (x: T) => number,
    base: (x: T) => string,
    suffix: (zone: number, x: T) => string | number,
    prefix: [string, string],
  ) => {
    const uses = counts(items.map(([, x]) => base(x)));
    for (const [zone, x] of items) {
      const name = namer.name(base(x), suffix(zone, x), (uses.get(base(x)) ?? 0) > 1);
      names.set(nameKey(zone, kind, id(x)), { name, variable: namer.variable(name, ...prefix) });
    }
  };
  const all = <T>(pick: (z: Zone) => T[]): [number, T][] =>
    zones.flatMap((z) => pick(z).map((x): [number, T] => [z.shieldZoneId, x]));
  for (const c of COLLECTIONS) {
    const { fallback, variable } = c.names;
    assign(
      c.kind,
      all((z) => z.lists[c.key]),
      (x) => objectId(c, x),
      (x) => ruleBaseName({ id: objectId(c, x), ruleName: objectName(c, x) }, fallback),
      (zone, x) => (c.names.perZone ? `zone-${zone}` : objectId(c, x)),
      [variable, variable[0].toUpperCase() + variable.slice(1)],
    );
  }
  // One of each settings kind per zone: named after the kind and the zone.
  const settingsKinds: [string, (s: ZoneSettings) => unknown][] = [
    ["shield-zone", (s) => s.shieldZone],
    ...DECLARED_KINDS.map((d): [string, (s: ZoneSettings) => unknown] => [
      d.kind,
      (s) => s.declared.some((x) => x.kind === d.kind),
    ]),
  ];
  for (const [kind, has] of settingsKinds) {
    assign(
      kind,
      all((z) => (has(z.settings) ? [z.shieldZoneId] : [])),
      (id) => id,
      (id) => (kind === "shield-zone" ? `shield-zone-${id}` : `${kind}-zone-${id}`),
      (_z, id) => id,
      ["zone", "Zone"],
    );
  }
  assign(
    "page",
    all((z) => z.settings.responsePages.map((p) => CustomPageTypes.indexOf(p.pageType))),
    (i) => i,
    (i) => `${CustomPageTypes[i]}-page`,
    (zone) => `zone-${zone}`,
    ["page", "Page"],
  );

  /** The collection kind whose objects the zone's settings name by id. */
  const referred = COLLECTIONS.find((c) => c.settingsRefer);
  const resources: GeneratedResource[] = [];
  const out = [
    ...header(snapshot.source, zones, dns, files, pullZones),
    "",
    'import * as edge from "pulumi-edgeplatform";',
  ];
  const add = (type: ResourceType, zone: number, kind: string, id: number) => {
    const n = names.get(nameKey(zone, kind, id))!;
    resources.push({ type, name: n.name, variable: n.variable, id, shieldZoneId: zone });
    return n;
  };
  const addPage = (zone: number, pageType: CustomPageType) => {
    const n = names.get(nameKey(zone, "page", CustomPageTypes.indexOf(pageType)))!;
    const type = "pulumi-nodejs:dynamic/shield:ResponsePage" as const;
    resources.push({
      type,
      name: n.name,
      variable: n.variable,
      id: zone,
      shieldZoneId: zone,
      pageType,
    });
    return n;
  };
  for (const z of zones) {
    const zid = z.shieldZoneId;
    const empty = KINDS.filter((k) => z.read.has(k.kind) && itemsOf(z, k.kind).length === 0);
    out.push(
      "",
      `// ${zoneLabel(z)}` +
        (zoneCount(z) === 0 ? `: nothing to adopt (${empty.map((k) => k.none).join(", ")})` : ""),
    );
    for (const s of z.skipped) out.push(`// NOT imported: ${s.kind} (${s.reason})`);
    for (const c of COLLECTIONS) {
      const items = z.lists[c.key];
      const rest = c.configuredOnly ? z.totals[c.key] - items.length : 0;
      if (c.configuredOnly && items.length > 0)
        out.push(
          `// ${KIND_WORDS[c.kind].many} with a configuration set` +
            (rest > 0
              ? ` (${rest} more ${rest === 1 ? "keeps" : "keep"} the platform's defaults)`
              : ""),
        );
      else if (c.section && items.length > 0) out.push(`// ${KIND_WORDS[c.kind].many}`);
      for (const x of items) {
        const n = add(`pulumi-nodejs:dynamic/shield:${c.type}`, zid, c.kind, objectId(c, x));
        out.push(...collectionObjectLines(c, zid, x, n.name, n.variable, warn));
      }
    }
    const s = z.settings;
    if (settingsCount(s) > 0) {
      out.push(
        adoptableSettings(s) > 0
          ? "// zone settings that differ from the platform's defaults"
          : "// zone settings: all at the platform's defaults",
      );
    }
    if (s.shieldZone) {
      const n = add("pulumi-nodejs:dynamic/shield:ShieldZone", zid, "shield-zone", zid);
      out.push(
        ...shieldZoneLines(
          s.shieldZone,
          s.shieldZoneTree ?? new Map(),
          defaults,
          n.name,
          n.variable,
          (ruleId) => {
            const rule = referred && names.get(nameKey(zid, referred.kind, ruleId));
            return rule && `${rule.variable}.ruleId`;
          },
        ),
      );
    }
    for (const d of s.declared) {
      const n = add(`pulumi-nodejs:dynamic/shield:${d.type}`, zid, d.kind, zid);
      out.push(...settingsLines(d.type, zid, d.tree, n.name, n.variable, d.notes));
    }
    for (const p of s.responsePages) {
      const n = addPage(zid, p.pageType);
      out.push(...responsePageLines(zid, p.pageType, p.html, n.name, n.variable));
    }
  }

  const notes: string[] = [];
  let usesConfig = false;
  for (const p of pullZones) {
    const section = pullZoneLines(
      p,
      {
        name: (base, suffix, shared) => namer.name(base, suffix, shared),
        variable: (name, prefix, suffix) => namer.variable(name, prefix, suffix),
        kebab: toKebabCase,
      },
      warn,
    );
    out.push("", ...section.lines);
    resources.push(...section.resources);
    notes.push(...section.notes);
    usesConfig ||= section.usesConfig === true;
  }
  // A custom certificate's key comes from the stack config, as a secret.
  if (usesConfig) {
    const at = out.indexOf('import * as edge from "pulumi-edgeplatform";');
    out.splice(
      at,
      1,
      'import * as pulumi from "@pulumi/pulumi";',
      'import * as edge from "pulumi-edgeplatform";',
      "",
      "const config = new pulumi.Config();",
    );
  }

  if (dns.length > 0) out.push("", "// DNS zones: DNSSEC as it is now");
  for (const d of dns) {
    const base = `dnssec-${toKebabCase(d.domain ?? "") || `zone-${d.zoneId}`}`;
    const shared = dns.some(
      (x) => x.zoneId !== d.zoneId && toKebabCase(x.domain ?? "") === toKebabCase(d.domain ?? ""),
    );
    const name = namer.name(base, d.zoneId, shared);
    const variable = namer.variable(name, "zone", "Zone");
    resources.push({ type: "pulumi-nodejs:dynamic/dns:ZoneDnssec", name, variable, id: d.zoneId });
    const args = `{ zoneId: ${d.zoneId}, enabled: ${d.dnsSecEnabled} }`;
    const line = `const ${variable} = new edge.dns.ZoneDnssec(${str(name)}, ${args});`;
    if (line.length <= MAX_LINE) out.push(line);
    else
      out.push(
        `const ${variable} = new edge.dns.ZoneDnssec(${str(name)}, {`,
        `  zoneId: ${d.zoneId},`,
        `  enabled: ${d.dnsSecEnabled},`,
        "});",
      );
  }

  for (const d of dns) {
    if (d.records) out.push("", ...dnsZoneLines(d, namer, resources, warn));
  }
  for (const f of files) out.push("", ...zoneFileLines(f, namer, resources));

  // Every variable is used once, so "no unused variables" linters stay quiet.
  const refs = (type: string, field: string) =>
    resources.filter((r) => r.type.endsWith(type)).map((r) => `${r.variable}.${field}`);
  out.push(
    "",
    "// What this program manages, as stack outputs.",
    ...COLLECTIONS.flatMap((c) => exportList(c.exportList, refs(`:${c.type}`, c.idInput))),
    ...exportList("shieldZoneIds", refs(":ShieldZone", "id")),
    ...DECLARED_KINDS.flatMap((d) => exportList(`${d.key}Ids`, refs(`:${d.type}`, "id"))),
    ...exportList("responsePageIds", refs(":ResponsePage", "id")),
    ...exportList("dnsZoneIds", refs(":ZoneDnssec", "zoneId")),
    ...exportList("dnsZones", refs(":DnsZone", "zoneId")),
    ...exportList("dnsRecordIds", refs(":DnsRecord", "recordId")),
    ...exportList("pullZoneIds", refs(":PullZone", "pullZoneId")),
    ...exportList("edgeRuleIds", refs(":EdgeRule", "edgeRuleId")),
    ...exportList("optimizerClassNames", refs(":OptimizerClass", "className")),
    ...exportList("hostnames", refs(":Hostname", "existingHostname")),
  );
  return {
    text: `${out.join("\n")}\n`,
    resources,
    warnings,
    ...(notes.length > 0 ? { notes } : {}),
  };
}

// ---------------------------------------------------------------------------------------
// DNS zones and records
// ---------------------------------------------------------------------------------------

/**
 * What `protect` on a generated zone does: the records below take it (their `zoneId` is the
 * zone's output: resources/public/zone-protection.ts), so it protects the zone's records too.
 */
const PROTECT_HINT = [
  "// `{ protect: true }` as a third argument protects the zone and every record below (their",
  "// `zoneId` is its output): `pulumi destroy`, removing them from this file and `--target` of",
  "// one of them then fail and delete nothing, until it is taken out and `pulumi up` has run",
];

/** `new edge.dns.DnsZone(name, args[, opts]);`, on one line when it fits. */
function dnsZoneStatement(variable: string, name: string, args: string, opts?: string): string[] {
  const line = `const ${variable} = new edge.dns.DnsZone(${str(name)}, ${args}${opts ? `, ${opts}` : ""});`;
  if (line.length <= MAX_LINE) return [line];
  return [
    `const ${variable} = new edge.dns.DnsZone(`,
    `  ${str(name)},`,
    `  ${args},`,
    ...(opts ? [`  ${opts},`] : []),
    ");",
  ];
}

/** Names the zone (`records-example`) and hands out `<zone>-<type>-<name>` for its records. */
function zoneNames(
  namer: Namer,
  domain: string | null | undefined,
  zoneId: number | undefined,
): {
  name: string;
  variable: string;
  record: (type: string, recordName: string, id: string) => { name: string; variable: string };
} {
  const base = toKebabCase(domain ?? "") || `dns-zone-${zoneId ?? "new"}`;
  const name = namer.name(base, zoneId ?? "new", false);
  const variable = namer.variable(name, "zone", "Zone");
  const seen = new Map<string, number>();
  return {
    name,
    variable,
    record: (type, recordName, id) => {
      const b = `${name}-${recordBaseName(type, recordName)}`;
      const n = (seen.get(b) ?? 0) + 1;
      seen.set(b, n);
      const rname = namer.name(n === 1 ? b : `${b}-${n}`, id, false);
      return { name: rname, variable: namer.variable(rname, "record", "Record") };
    },
  };
}

/** A DNS zone read from the platform: the zone and each of its records, adopted by id. */
function dnsZoneLines(
  d: DnsZoneImport,
  namer: Namer,
  resources: GeneratedResource[],
  warn: Warn,
): string[] {
  const label = `DNS zone ${d.zoneId}${d.domain ? ` (${d.domain})` : ""}`;
  const z = zoneNames(namer, d.domain, d.zoneId);
  resources.push({
    type: "pulumi-nodejs:dynamic/dns:DnsZone",
    name: z.name,
    variable: z.variable,
    id: d.zoneId,
  });
  const out = [
    `// ${label}: the zone and its records, adopted by id`,
    ...PROTECT_HINT,
    ...dnsZoneStatement(z.variable, z.name, `{ zoneId: ${d.zoneId} }`),
  ];
  for (const r of [...(d.records ?? [])].sort((a, b) => a.Id - b.Id)) {
    const notes: string[] = [];
    const args = adoptedRecordArgs(r, warn, notes);
    if (!args) {
      const m = `DNS record ${r.Id} (${literal(r.Name ?? "")}): type ${literal(r.Type)} is not a record type this provider knows`;
      warn(`${m} (allowed: ${dnsRecordTypesInWords()}): not imported`);
      out.push(`// NOT imported: ${m}`);
      continue;
    }
    const n = z.record(args.type, args.name, `${r.Id}`);
    resources.push({
      type: "pulumi-nodejs:dynamic/dns:DnsRecord",
      name: n.name,
      variable: n.variable,
      id: r.Id,
    });
    out.push(...dnsRecordLines(n.variable, n.name, `${z.variable}.zoneId`, args, undefined, notes));
  }
  return out;
}

/** Which existing record each record of the file (by index) is: one to one, in file order. */
function matchExisting(f: ZoneFileZoneImport): Map<number, DnsRecord> {
  const used = new Set<number>();
  const out = new Map<number, DnsRecord>();
  f.zone.records.forEach((r, i) => {
    const hit = (f.existing ?? []).find((p) => !used.has(p.Id) && sameRecord(p, r));
    if (hit) {
      used.add(hit.Id);
      out.set(i, hit);
    }
  });
  return out;
}

/** The records of a zone file: in a new zone (protected) or an existing one. */
function zoneFileLines(
  f: ZoneFileZoneImport,
  namer: Namer,
  resources: GeneratedResource[],
): string[] {
  const { zone } = f;
  const z = zoneNames(namer, zone.domain, f.zoneId);
  resources.push({
    type: "pulumi-nodejs:dynamic/dns:DnsZone",
    name: z.name,
    variable: z.variable,
    id: f.zoneId ?? 0,
    ...(f.zoneId === undefined ? { line: 0 } : {}),
  });
  const out: string[] = [];
  if (f.zoneId === undefined) {
    out.push(
      `// zone file ${f.file}: a new DNS zone for ${zone.domain} and its records, to create`,
      "// `pulumi destroy` of a zone Pulumi created DELETES it with every record in it. `protect`",
      "// protects the zone and every record below (their `zoneId` is its output): destroy,",
      "// removing them from this file and `--target` of one of them fail and delete nothing.",
      "// To delete the zone: take `protect` out, `pulumi up`, then `pulumi destroy`",
      ...dnsZoneStatement(
        z.variable,
        z.name,
        `{ domain: ${str(zone.domain)} }`,
        "{ protect: true }",
      ),
    );
  } else {
    out.push(
      `// zone file ${f.file}: its records in DNS zone ${f.zoneId} (${zone.domain}), adopted by id`,
      ...PROTECT_HINT,
      ...dnsZoneStatement(z.variable, z.name, `{ zoneId: ${f.zoneId} }`),
    );
  }
  const matched = matchExisting(f);
  const adoptedIds = new Set([...matched.values()].map((p) => p.Id));
  const others = (f.existing ?? [])
    .filter((p) => !adoptedIds.has(p.Id))
    .sort((a, b) => a.Id - b.Id);
  if (others.length > 0) {
    out.push(
      `// ${plural(others.length, "record")} of DNS zone ${f.zoneId} ${others.length === 1 ? "is" : "are"} not in the file: not in this program (not managed, left as`,
      "// they are):",
      ...others.map(
        (p) =>
          `//   record ${p.Id}: ${dnsRecordTypeName(p.Type) ?? `type ${literal(p.Type)}`} ${literal(p.Name ?? "")} ${String(p.Value ?? "").replace(/[\r\n]+/g, " ")}`,
      ),
    );
  }
  for (const s of zone.skipped)
    out.push(`// line ${s.line}: ${s.type} ${literal(s.name)} skipped: ${s.reason}`);
  for (const r of zone.refused)
    out.push(`// line ${r.line}: NOT imported (refused): ${r.reason.replace(/[\r\n]+/g, " ")}`);
  zone.records.forEach((r, i) => {
    const hit = matched.get(i);
    let args: DnsRecordArgs = zoneFileRecordArgs(r);
    let lead = `line ${r.line}`;
    if (hit) {
      // The record the zone already has, with what the file says of it: no second record.
      const adopted = adoptedRecordArgs(hit, () => undefined);
      if (adopted) args = { ...adopted, ttl: r.ttl };
      lead += `, already in the zone`;
    }
    const n = z.record(r.type, r.name, hit ? `${hit.Id}` : `line-${r.line}`);
    resources.push({
      type: "pulumi-nodejs:dynamic/dns:DnsRecord",
      name: n.name,
      variable: n.variable,
      id: hit?.Id ?? 0,
      line: r.line,
    });
    out.push(...dnsRecordLines(n.variable, n.name, `${z.variable}.zoneId`, args, lead));
  });
  return out;
}
