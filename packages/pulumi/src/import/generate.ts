/**
 * The pure half of `edgeplatform-import`: turns what was read from the platform (an
 * {@link ImportSnapshot}) into the text of a TypeScript Pulumi program that adopts it.
 * No I/O, no clock: the same snapshot always gives byte-identical text.
 *
 * - One `edge.shield.RateLimitRule` per rule (adopt mode: `ruleId`, `deleteOnDestroy: false`)
 *   with the rule's full configuration as the platform returned it; enumerations as their
 *   exact-case names, `null` kept as `null` (explicitly managed), fields the platform left
 *   out left out (not managed).
 * - One `edge.dns.ZoneDnssec` per DNS zone with its current DNSSEC state.
 * - Resource names in kebab-case from the rule names (unique: rules that share a name get
 *   `-<ruleId>`), TypeScript variables in camelCase (never a reserved word, never starting
 *   with a digit), resources sorted by shield zone and rule id.
 */
import { describeUrl } from "edgeplatform-client";
import {
  chainedRuleConditionSchema,
  EnumsByField,
  OperatorType,
  RateLimitRule,
  ruleConfigurationSchema,
  VariableNames,
} from "edgeplatform-client/spec";

/** The rules of one shield zone, as read from the platform. */
export interface ShieldZoneImport {
  /** The shield zone id. */
  shieldZoneId: number;
  /** Pull zones (given as `--pull-zone`) that resolved to this shield zone. */
  pullZoneIds?: number[];
  /** Every rule of the zone (all pages), in any order. */
  rules: RateLimitRule[];
}

/** One DNS zone and its DNSSEC state, as read from the platform. */
export interface DnsZoneImport {
  /** The DNS zone id. */
  zoneId: number;
  /** The zone's domain, when known (used for the resource name). */
  domain?: string | null;
  /** `DnsSecEnabled` of `GET /dnszone/{id}`. */
  dnsSecEnabled: boolean;
}

/** Everything `edgeplatform-import` read, ready to be written as a program. */
export interface ImportSnapshot {
  /** Where it was read from (the management API base URL). Credentials in it are dropped. */
  source: string;
  /** Shield zones with their rules. */
  shieldZones: ShieldZoneImport[];
  /** DNS zones. */
  dnsZones: DnsZoneImport[];
}

/** One resource of the generated program. */
export interface GeneratedResource {
  /** Pulumi resource type token. */
  type: "pulumi-nodejs:dynamic/shield:RateLimitRule" | "pulumi-nodejs:dynamic/dns:ZoneDnssec";
  /** Pulumi resource name (kebab-case, unique in the program). */
  name: string;
  /** TypeScript variable the resource is assigned to. */
  variable: string;
  /** Rule id (rules) or DNS zone id (DNSSEC). */
  id: number;
}

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
}

/** Thrown by {@link generateProgram} when there is nothing to adopt. */
export class NothingToImportError extends Error {
  constructor() {
    super("nothing to import: no rate-limit rules and no DNS zones");
    this.name = "NothingToImportError";
  }
}

/** Longest line before a statement is wrapped (the repository's prettier width). */
const MAX_LINE = 100;

/** Words a variable must not be: reserved words, module-scope names, the `edge` import. */
const RESERVED = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export " +
    "extends false finally for function if import in instanceof new null return super switch " +
    "this throw true try typeof var void while with as implements interface let package " +
    "private protected public static yield await any boolean number string symbol type from " +
    "of async get set declare module namespace require exports arguments eval undefined " +
    "NaN Infinity edge pulumi ruleIds dnsZoneIds"
  ).split(" "),
);

/** Property order and allowed properties of a rule configuration (the schema's order). */
const CONFIG_FIELDS = Object.keys(ruleConfigurationSchema.properties);
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

/** The base (kebab-case) resource name of a rule: from its name, else `rule-<id>`. */
export function ruleBaseName(rule: Pick<RateLimitRule, "id" | "ruleName">): string {
  return toKebabCase(rule.ruleName ?? "") || `rule-${rule.id}`;
}

/** `source` without credentials, query or fragment (it goes into a comment). */
export function describeSource(source: string): string {
  return describeUrl(source);
}

// ---------------------------------------------------------------------------------------
// Values as TypeScript source
// ---------------------------------------------------------------------------------------

/** A rendered value: one line of text (plus a trailing comment), or several lines. */
interface Rendered {
  text: string;
  comment?: string;
  lines?: string[];
}

type Warn = (message: string) => void;
type EnumTable = Record<string, number>;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const key = (k: string): string => (IDENT.test(k) ? k : JSON.stringify(k));
const str = (s: string): string => JSON.stringify(s);

/** A JSON-like value as a one-line TypeScript literal. */
function literal(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "string") return str(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(literal).join(", ")}]`;
  if (typeof v === "object") {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    if (entries.length === 0) return "{}";
    return `{ ${entries.map(([k, x]) => `${key(k)}: ${literal(x)}`).join(", ")} }`;
  }
  return "undefined";
}

/**
 * An enumeration value as source: its exact-case name as a string. An integer this provider
 * version does not know stays the integer, with a comment (and a warning).
 */
function enumValue(field: string, table: EnumTable, v: unknown, warn: Warn): Rendered {
  const byValue = new Map(Object.entries(table).map(([n, x]) => [x, n]));
  if (typeof v === "number" && byValue.has(v)) return { text: str(byValue.get(v)!) };
  if (typeof v === "string") {
    const hit = Object.keys(table).find((n) => n.toLowerCase() === v.trim().toLowerCase());
    if (hit) return { text: str(hit) };
  }
  if (v === null) return { text: "null" };
  const allowed = Object.entries(table)
    .map(([n, x]) => `${x} ${n}`)
    .join(", ");
  warn(`${field} ${literal(v)} is not a value this provider knows (${allowed})`);
  return {
    text: literal(v),
    comment: `unknown ${field} value, kept as the platform returned it: tsc and pulumi preview flag it`,
  };
}

/** `variableTypes`: kept as it is; keys this provider does not know get a comment. */
function variableTypes(where: string, v: unknown, warn: Warn): Rendered {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return { text: literal(v) };
  const unknown = Object.keys(v).filter((k) => !VARIABLE_NAMES.has(k));
  if (unknown.length === 0) return { text: literal(v) };
  warn(`${where}.variableTypes: ${unknown.join(", ")} is not a variable name this provider knows`);
  return { text: literal(v), comment: `unknown variable name: tsc and pulumi preview flag it` };
}

/** Appends `r` as the value of `prefix` (`field: ` or nothing) at `indent`. */
function pushRendered(out: string[], indent: string, prefix: string, r: Rendered): void {
  if (r.lines) {
    out.push(`${indent}${prefix}${r.lines[0]}`, ...r.lines.slice(1).map((l) => indent + l));
    out[out.length - 1] += ",";
  } else {
    out.push(`${indent}${prefix}${r.text},${r.comment ? ` // ${r.comment}` : ""}`);
  }
}

/** An array: on one line when short and comment-free, else one item per line. */
function array(items: Rendered[]): Rendered {
  const flat = `[${items.map((i) => i.text).join(", ")}]`;
  if (items.every((i) => !i.comment && !i.lines) && flat.length <= 60) return { text: flat };
  const lines = ["["];
  for (const i of items) pushRendered(lines, "  ", "", i);
  lines.push("]");
  return { text: flat, lines };
}

/**
 * An object's fields in `order` (the schema's), one per line; fields outside the schema are
 * left out with a comment (the platform keeps their values: they are not managed).
 */
function objectLines(
  obj: Record<string, unknown>,
  order: string[],
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

function configurationLines(where: string, cfg: Record<string, unknown>, warn: Warn): string[] {
  const tables = EnumsByField as Record<string, EnumTable>;
  return objectLines(
    cfg,
    CONFIG_FIELDS,
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

/** Hands out unique resource names and variables, in program order. */
class Namer {
  private readonly names = new Set<string>();
  private readonly variables = new Set<string>();

  /** `base`, or `base-<id>` when `base` is shared; further `-2`, `-3` only if still taken. */
  name(base: string, id: number, shared: boolean): string {
    const first = shared ? `${base}-${id}` : base;
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

function zoneLabel(z: ShieldZoneImport): string {
  const pz = z.pullZoneIds ?? [];
  if (pz.length === 0) return `shield zone ${z.shieldZoneId}`;
  return `shield zone ${z.shieldZoneId} (pull zone${pz.length > 1 ? "s" : ""} ${pz.join(", ")})`;
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? "" : "s"}`;

function header(source: string, zones: ShieldZoneImport[], dns: DnsZoneImport[]): string[] {
  return [
    "// Generated by edgeplatform-import: a Pulumi program that adopts what already exists on",
    "// the platform. Edit it like any other program.",
    `// Read from ${describeSource(source)} (the API key is not recorded here):`,
    ...zones.map((z) => `//   ${zoneLabel(z)}: ${plural(z.rules.length, "rate-limit rule")}`),
    ...dns.map(
      (d) =>
        `//   DNS zone ${d.zoneId}${d.domain ? ` (${d.domain})` : ""}: ` +
        `DNSSEC ${d.dnsSecEnabled ? "enabled" : "disabled"}`,
    ),
    "//",
    "// `pulumi up` adopts each rule by its `ruleId` with the values it had at import time, and",
    "// each DNS zone's current DNSSEC state: when nothing changed on the platform since the",
    "// import, it makes no API writes. Change a value here and `pulumi up` sends one PATCH for",
    "// that rule.",
    "// `pulumi destroy` (or removing a resource from this file) leaves every rule in place",
    "// (`deleteOnDestroy: false`) and returns each DNS zone to the DNSSEC state it had when",
    "// Pulumi adopted it, which is the state recorded here: nothing is deleted or switched.",
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

function ruleLines(rule: RateLimitRule, name: string, variable: string, warn: Warn): string[] {
  const where = `rule ${rule.id}`;
  const cfg = rule.ruleConfiguration;
  const cfgLines =
    cfg && typeof cfg === "object"
      ? configurationLines(where, cfg as unknown as Record<string, unknown>, warn)
      : [];
  return [
    `const ${variable} = new edge.shield.RateLimitRule(${str(name)}, {`,
    `  ruleId: ${rule.id},`,
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

/**
 * Writes the Pulumi program that adopts `snapshot`. Pure and deterministic: zones sorted by
 * id, rules by id, duplicates (same zone or DNS zone twice) merged.
 * @throws NothingToImportError when the snapshot holds no rule and no DNS zone.
 */
export function generateProgram(snapshot: ImportSnapshot): GeneratedProgram {
  const byZone = new Map<number, ShieldZoneImport>();
  for (const z of snapshot.shieldZones) {
    const seen = byZone.get(z.shieldZoneId);
    const rules = new Map((seen?.rules ?? []).map((r) => [r.id, r]));
    for (const r of z.rules) rules.set(r.id, r);
    byZone.set(z.shieldZoneId, {
      shieldZoneId: z.shieldZoneId,
      pullZoneIds: [...new Set([...(seen?.pullZoneIds ?? []), ...(z.pullZoneIds ?? [])])].sort(
        (a, b) => a - b,
      ),
      rules: [...rules.values()].sort((a, b) => a.id - b.id),
    });
  }
  const zones = [...byZone.values()].sort((a, b) => a.shieldZoneId - b.shieldZoneId);
  const dns = [...new Map(snapshot.dnsZones.map((d) => [d.zoneId, d])).values()].sort(
    (a, b) => a.zoneId - b.zoneId,
  );
  if (zones.every((z) => z.rules.length === 0) && dns.length === 0) {
    throw new NothingToImportError();
  }

  const warnings: string[] = [];
  const warn: Warn = (m) => warnings.push(m);
  const resources: GeneratedResource[] = [];
  const namer = new Namer();
  const uses = new Map<string, number>();
  for (const r of zones.flatMap((z) => z.rules)) {
    uses.set(ruleBaseName(r), (uses.get(ruleBaseName(r)) ?? 0) + 1);
  }

  const out = [
    ...header(snapshot.source, zones, dns),
    "",
    'import * as edge from "pulumi-edgeplatform";',
  ];
  for (const z of zones) {
    out.push("", `// ${zoneLabel(z)}${z.rules.length === 0 ? ": no rate-limit rules" : ""}`);
    for (const rule of z.rules) {
      const base = ruleBaseName(rule);
      const name = namer.name(base, rule.id, (uses.get(base) ?? 0) > 1);
      const variable = namer.variable(name, "rule", "Rule");
      resources.push({
        type: "pulumi-nodejs:dynamic/shield:RateLimitRule",
        name,
        variable,
        id: rule.id,
      });
      out.push(...ruleLines(rule, name, variable, warn));
    }
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

  // Every variable is used once, so "no unused variables" linters stay quiet.
  const refs = (type: string, field: string) =>
    resources.filter((r) => r.type.endsWith(type)).map((r) => `${r.variable}.${field}`);
  out.push(
    "",
    "// What this program manages, as stack outputs.",
    ...exportList("ruleIds", refs(":RateLimitRule", "ruleId")),
    ...exportList("dnsZoneIds", refs(":ZoneDnssec", "zoneId")),
  );
  return { text: `${out.join("\n")}\n`, resources, warnings };
}
