/**
 * What a settings kind declares for the settings engine (engine.ts): its fields (public path
 * ↔ platform value, enumeration names, input schema), how to read the current values of a
 * zone's settings object and how to write a change over them. The engine does the rest
 * (check, diff, create, read, update, delete, the prior values and their restoring, drift
 * by field, one owner per settings object).
 *
 * The fields' schemas are plain JSON Schema (this module and the kinds load no TypeBox): the
 * schema module settings-schemas.ts builds each kind's inputs schema from them, the build
 * precompiles it, and the engine validates by reference (`schemaRef`).
 */

/** A JSON Schema (draft-07) as a plain object (`{ type: "boolean" }`). */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** A value as the platform holds it (enumerations as integers). */
export type Wire = unknown;

/** One setting a program may manage. */
export interface SettingsField {
  /**
   * Public path in the inputs, dot-separated (`"waf.mode"`). A path ending in `.*` is a map
   * of settings (`"bots.*"`: one setting per key the program names, `"bots.6"`); `key` is
   * the pattern its keys match.
   */
  path: string;
  /** The keys of a map of settings (`path` ending in `.*`): a regular expression source. */
  key?: string;
  /** Input schema of the value, plain JSON (an enumeration: its names and integers). */
  schema: JsonSchema;
  /** Enumeration names → integers (the value may be given as either). */
  names?: Readonly<Record<string, number>>;
  /** A list compared as a set (order does not matter on the platform). */
  unordered?: boolean;
  /**
   * The value's canonical form, for comparisons only (a list keyed by name: sorted by it, a
   * map's keys sorted): two values with the same canonical form are one setting (no write, no
   * drift, no diff). The value itself is kept as written or read.
   */
  canonical?: (value: Wire) => Wire;
  /**
   * A switch over a richer platform value (`UnderAttackMode`'s `enabled` over the DDoS
   * sensitivity): the program's value (`true`/`false`) of a platform value. Platform values
   * with the same program value are the same setting (no write, no drift); the value before
   * Pulumi is still recorded as the platform holds it (by name), so that destroy restores it.
   */
  switchOf?: (wire: Wire) => boolean;
  /** Schema of the field's `prior` (the values before Pulumi), when not the input's own. */
  priorSchema?: JsonSchema;
  /**
   * The platform's key of a field of a flat settings object, when not its path (`enabled`
   * at `isEnabled`; see {@link flatValues}, {@link flatBody}).
   */
  flatKey?: string;
  /**
   * What the setting is, in one or two sentences: the doc comment of its argument and output
   * (scripts/gen-kind-types.js), its description in the plugin's schema and every SDK, its row
   * in the docs' field table. Required: a field without one fails the build naming it.
   */
  description: string;
  /**
   * A secret value: a Pulumi secret in the state and the outputs (`additionalSecretOutputs`),
   * `secret: true` in the plugin's schema, never printed in a log or an error.
   */
  secret?: true;
  /**
   * The TypeScript type of the argument's value when the schema says less than the program's
   * type (`1 | 2 | 3 | 4`); default: from the schema (an enumeration: its `EnumArg`).
   */
  tsType?: string;
  /** A required argument of the TypeScript types (`UnderAttackMode`'s `enabled`). */
  required?: true;
}

/**
 * A group of settings at a path (`waf`, `waf.paranoia`, the map `bots`): its description, and
 * the name and doc of its exported argument interface when it has one (`ShieldZoneWafArgs`).
 */
export interface SettingsGroup {
  /** What the group is (the doc comment of its argument and output). */
  description: string;
  /** The exported interface of the group's arguments; default: an inline type. */
  typeName?: string;
  /** The doc comment of that interface. */
  typeDoc?: string;
  /** The TypeScript type of the group's argument, when written by hand (a mapped type). */
  tsType?: string;
  /** The TypeScript type of the group's output; default `Record<string, unknown>`. */
  outputType?: string;
}

/** An argument or output of a settings resource that is not a setting (`specHash`, `created`). */
export interface SettingsExtra {
  /** What it is (its doc comment and schema description). */
  description: string;
  /** Its TypeScript type (an argument: the value inside `pulumi.Input<…>`). */
  tsType: string;
  /** Whether it is a required argument (default: optional). */
  required?: boolean;
  /** An argument the engine keeps in the state (an output, not typed as one). */
  output?: true;
  /** Placed before the settings (an addressing argument, an id output); default: after. */
  first?: true;
  /** An output that holds a secret (a deployment key): a Pulumi secret, never printed. */
  secret?: true;
}

/**
 * An exported interface of arguments besides the settings' (one form of arguments of which
 * the program gives exactly one: `DnsZoneCreateArgs`). An argument of type `never` is one the
 * form forbids (`zoneId?: never`).
 */
export interface SettingsArgsType {
  /** The interface's doc comment. */
  typeDoc: string;
  /** Its arguments, in order. */
  args: Readonly<Record<string, SettingsExtra>>;
}

/**
 * What the public types of a settings kind are made of besides its fields: the generator
 * (scripts/gen-kind-types.js) writes `<Type>SettingsArgs`, `<Type>State` and the class's
 * outputs from the fields and these.
 */
export interface SettingsDocs {
  /** The groups of settings by path (`waf`, `waf.paranoia`, `bots`). */
  groups?: Readonly<Record<string, SettingsGroup>>;
  /** Arguments that are not settings (`spec`, `specFile`), after the settings. */
  args?: Readonly<Record<string, SettingsExtra>>;
  /** Outputs that are not settings (`specHash`, `created`), after the settings. */
  outputs?: Readonly<Record<string, SettingsExtra>>;
  /** Output types that differ from the default (`planType`: `string | number`). */
  outputTypes?: Readonly<Record<string, string>>;
  /** The doc comment of `<Type>SettingsArgs`. */
  argsDoc: string;
  /** The name of the settings' argument interface, when not `<Type>SettingsArgs`. */
  argsName?: string;
  /** Other exported argument interfaces (the forms of exactly-one arguments), by name. */
  argTypes?: Readonly<Record<string, SettingsArgsType>>;
  /**
   * The interface `<Type>State` extends (the outputs every resource of a base class has);
   * default `SettingsStateBase`; `false`: none, the state names every output (`docs.outputs`).
   */
  stateBase?: false;
  /**
   * Every setting's output holds the platform's value, managed or not: typed without
   * `| undefined` (an enumeration: `string | number`).
   */
  outputsSet?: true;
  /**
   * An exported interface of the record before Pulumi (`prior`): one optional member per
   * setting, of its argument's type.
   */
  priorType?: { typeName: string; typeDoc: string };
  /** Outputs the engine keeps in the state that the public types do not name (`byName`). */
  stateOnly?: readonly string[];
}

/** Where a settings object lives: its zone, plus the kind's key (a page type). */
export interface SettingsTarget {
  /** The shield zone (the kind's zone, for a kind addressed otherwise: a DNS zone). */
  zone: number;
  /**
   * Second part of the key (`ResponsePage`'s `pageType`, a managed list's id as text);
   * undefined for the zone-wide kinds.
   */
  key?: string;
  /** The key's other spelling, for a key the platform resolves (a managed list's name). */
  alias?: string;
}

/** The current values of a settings object: `values[path]` as the platform holds it. */
export interface SettingsSnapshot<R = unknown> {
  /** The object as read (what a write merges over). */
  raw: R;
  /** Value of each declared field (null: not set on the platform). */
  values: Record<string, Wire>;
}

/** What a read is for: the state it refreshes, or only the values (a destroy's restore). */
export interface ReadContext {
  /** The state the read refreshes, when there is one (outputs a kind keeps, not reads again). */
  last?: Readonly<Record<string, unknown>>;
  /** Only the fields' values are needed (no outputs). */
  valuesOnly?: boolean;
  /**
   * A refresh's read (no write follows it): the kind may take the answer the run's other
   * reads of the object share (a pull zone's GET serves its settings and its edge rules).
   */
  refresh?: boolean;
}

/** Why the engine writes: what a kind's write may do differently for it. */
export interface WriteContext {
  /**
   * Destroy of an adopted object giving back its values before Pulumi (the engine's restore),
   * not a write of the program's values: a value the platform never answered (a registry's
   * token) cannot be sent with them. Default false.
   */
  restoring?: boolean;
  /**
   * The object is Pulumi's own (created by it): its record holds no values before Pulumi, so
   * nothing of it is kept as the platform's (a container app's endpoints). Default false.
   */
  created?: boolean;
}

/** A kind of settings object, as the engine drives it. */
export interface SettingsKind<R = unknown> {
  /** Type name (`"ShieldZone"`): type token `pulumi-nodejs:dynamic/shield:<type>`, messages. */
  type: string;
  /** What the object is, in messages (`"the bot detection settings"`). */
  noun: string;
  /** The fields a program may manage. */
  fields: readonly SettingsField[];
  /** The second key input (`pageType`) with its allowed values; undefined: keyed by zone. */
  keyInput?: { name: string; values: readonly string[] };
  /**
   * Reads the current values. Not found (404) when the zone (or object) does not exist;
   * undefined only when a readable listing of the zone lacks the object (a kind with a
   * resolved key: the one answer that confirms it gone).
   */
  read(target: SettingsTarget, context?: ReadContext): Promise<SettingsSnapshot<R> | undefined>;
  /**
   * Writes `changes` (path → platform value) over `current` (read just before); `prior` is the
   * record of the values before Pulumi (by path, enumerations by name; a switch turned off
   * goes back to the value it recorded). Returns when
   * the change is visible (a write answered 202 is read back, bounded), with the outputs the
   * write's answer adds, if any (a DNSSEC switch's DS record). A refusal is a
   * `ResourceOperationError` whose message starts with `what` ("… failed: …"). `context` says
   * why the engine writes (a destroy's restore).
   */
  write(
    target: SettingsTarget,
    current: SettingsSnapshot<R>,
    changes: Record<string, Wire>,
    what: string,
    prior: Readonly<Record<string, unknown>>,
    context?: WriteContext,
  ): Promise<void | Record<string, unknown>>;
  /** Checks desired values against the platform before a write (create/update only). */
  validate?(target: SettingsTarget, desired: Record<string, Wire>, what: string): Promise<void>;
  /**
   * Outputs the kind adds from the current object (`planType` of a shield zone); `last` is the
   * state a read refreshes (outputs a write's answer gave, kept while they still hold).
   */
  outputs?(
    current: SettingsSnapshot<R>,
    managed: readonly string[],
    last?: Record<string, unknown>,
  ): Record<string, unknown>;
  /** Whether a program may manage no field at all (a shield zone: create-or-adopt only). */
  allowEmpty?: boolean;
  /** The public types' parts besides the fields (groups, extra arguments and outputs). */
  docs?: SettingsDocs;
}

/** What a field declares besides its path, schema and description. */
export type FieldOptions = Pick<
  SettingsField,
  "unordered" | "secret" | "tsType" | "required" | "canonical"
>;

/** An enumeration input: its names or its integers (one failure naming every allowed value). */
export function enumField(
  path: string,
  names: Readonly<Record<string, number>>,
  description: string,
  options: FieldOptions = {},
): SettingsField {
  return {
    path,
    names,
    schema: { enum: [...Object.keys(names), ...Object.values(names)] },
    description,
    ...options,
  };
}

/** A plain field with `schema`. */
export const field = (
  path: string,
  schema: JsonSchema,
  description: string,
  options: FieldOptions = {},
): SettingsField => ({ path, schema, description, ...options });

/** `f` at the platform key `flatKey` of a flat settings object (`enabled` at `isEnabled`). */
export const placed = (f: SettingsField, flatKey: string): SettingsField => ({ ...f, flatKey });

/** The platform key of a field of a flat settings object. */
const placeOf = (f: SettingsField): string => f.flatKey ?? f.path;

/**
 * The values of a flat settings object (one key per field, at its `flatKey` or path): by public path,
 * `null` when not set.
 */
export const flatValues = (
  fields: readonly SettingsField[],
  obj: Readonly<Record<string, unknown>>,
): Record<string, Wire> => Object.fromEntries(fields.map((f) => [f.path, obj[placeOf(f)] ?? null]));

/**
 * The body of a write to a flat settings object that takes every field: each at its place,
 * the changed value or else the current one; fields unset on both sides are left out.
 */
export function flatBody(
  fields: readonly SettingsField[],
  current: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, Wire>>,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    const v = f.path in changes ? changes[f.path] : current[placeOf(f)];
    if (v !== undefined && v !== null) body[placeOf(f)] = v;
  }
  return body;
}

const isMap = (f: SettingsField) => f.path.endsWith(".*");
const parentOf = (f: SettingsField) => f.path.slice(0, -2);

/** The top-level inputs of `fields`, once each, in declaration order (`ddos` for `ddos.sensitivity`). */
export const topFields = (fields: readonly SettingsField[]): string[] => [
  ...new Set(fields.map((f) => f.path.split(".")[0])),
];

/** The paths of the maps of settings among `fields` (`"bots"` for `"bots.*"`). */
export const mapPaths = (fields: readonly SettingsField[]): string[] =>
  fields.filter(isMap).map(parentOf);

/**
 * The fields with each map of settings (`"bots.*"`) expanded to one field per key that one of
 * `sources` holds at its path (an input's `bots`, a stated `prior.bots`, a snapshot's values
 * `"bots.6"`, a state's `managed` paths): the settings these name, in declaration order.
 */
export function expandFields(
  fields: readonly SettingsField[],
  ...sources: unknown[]
): SettingsField[] {
  if (!fields.some(isMap)) return [...fields];
  const out: SettingsField[] = [];
  for (const f of fields) {
    if (!isMap(f)) {
      out.push(f);
      continue;
    }
    const parent = parentOf(f);
    const keys = new Set<string>();
    for (const src of sources) {
      if (Array.isArray(src)) {
        for (const p of src)
          if (typeof p === "string" && p.startsWith(`${parent}.`))
            keys.add(p.slice(parent.length + 1));
        continue;
      }
      const at = getPath(src, parent);
      if (at !== null && typeof at === "object" && !Array.isArray(at))
        for (const k of Object.keys(at)) keys.add(k);
      // A snapshot's values: flat paths.
      if (src !== null && typeof src === "object" && !Array.isArray(src))
        for (const p of Object.keys(src))
          if (p.startsWith(`${parent}.`)) keys.add(p.slice(parent.length + 1));
    }
    const matches = (k: string) => f.key === undefined || new RegExp(`^(?:${f.key})$`).test(k);
    for (const k of [...keys]
      .filter(matches)
      .sort((a, b) => a.localeCompare(b, "en", { numeric: true })))
      out.push({ ...f, path: `${parent}.${k}` });
  }
  return out;
}

/** The field at `path` (a key of a map of settings: that map's field, at that path). */
export function fieldAt(fields: readonly SettingsField[], path: string): SettingsField | undefined {
  const exact = fields.find((f) => f.path === path);
  if (exact) return exact;
  const map = fields.find(
    (f) =>
      isMap(f) &&
      path.startsWith(`${parentOf(f)}.`) &&
      !path.slice(parentOf(f).length + 1).includes("."),
  );
  return map && { ...map, path };
}

/** The platform value of an input value (an enumeration name → its integer). */
export function toWire(f: SettingsField, v: unknown): Wire {
  if (f.names && typeof v === "string" && v in f.names) return f.names[v];
  return v;
}

/** The value in the program's form: a name when the program wrote a name (`like`), else as is. */
export function toProgram(f: SettingsField, wire: Wire, like: unknown): unknown {
  if (f.switchOf && typeof like === "boolean") return f.switchOf(wire);
  if (f.names && typeof like === "string") {
    const name = Object.entries(f.names).find(([, n]) => n === wire)?.[0];
    if (name !== undefined) return name;
  }
  return wire;
}

/** Name of an enumeration value (prior values are recorded by name), else the value. */
export function nameOf(f: SettingsField, wire: Wire): unknown {
  return f.names ? toProgram(f, wire, "") : wire;
}

/** A value as a read-only view (`get`) shows it: a switch as its program value, else by name. */
export function viewOf(f: SettingsField, wire: Wire): unknown {
  return f.switchOf ? f.switchOf(wire) : nameOf(f, wire);
}

/**
 * Every setting of `fields` as a read-only view shows it ({@link viewOf}), by path, from a
 * snapshot's `values` (null: not set): the outputs of a kind whose outputs hold every setting.
 */
export const viewsOf = (
  fields: readonly SettingsField[],
  values: Readonly<Record<string, Wire>>,
): Record<string, unknown> =>
  Object.fromEntries(fields.map((f) => [f.path, viewOf(f, values[f.path] ?? null)]));

/**
 * The output types of the enumerations among `fields` (`string | number`: a name, or the
 * platform's integer), by path: a kind's `docs.outputTypes` when its outputs hold every setting.
 */
export const enumOutputTypes = (fields: readonly SettingsField[]): Record<string, string> =>
  Object.fromEntries(fields.filter((f) => f.names).map((f) => [f.path, "string | number"]));

/**
 * The inputs with every enumeration integer as its name (the settings and a stated `prior`):
 * what `check` returns, so that `preview --diff` and the state read `mode: "Block"` whether
 * the program wrote `edge.shield.WafExecutionMode.Block` (1) or the name. A copy; values that
 * are no enumeration's integer (a name, a value not known yet) stay as they are.
 */
export function withNames(
  fields: readonly SettingsField[],
  inputs: Record<string, unknown>,
): Record<string, unknown> {
  let out = inputs;
  const copyPath = (o: Record<string, unknown>, path: string[]): Record<string, unknown> => {
    const root = { ...o };
    let cur = root;
    for (const k of path) {
      const next = cur[k];
      if (next === null || typeof next !== "object" || Array.isArray(next)) return root;
      cur[k] = { ...(next as Record<string, unknown>) };
      cur = cur[k] as Record<string, unknown>;
    }
    return root;
  };
  for (const f of expandFields(fields, inputs, inputs.prior)) {
    if (!f.names) continue;
    for (const base of [[], ["prior"]]) {
      const path = [...base, ...f.path.split(".")];
      const v = getPath(out, path.join("."));
      if (typeof v !== "number") continue;
      const name = Object.entries(f.names).find(([, n]) => n === v)?.[0];
      if (name === undefined) continue;
      out = copyPath(out, path.slice(0, -1));
      setPath(out, path.join("."), name);
    }
  }
  return out;
}

/** Whether the platform value `a` equals the desired value `b` (both platform values). */
export function sameValue(f: SettingsField, a: Wire, b: Wire): boolean {
  // A switch: a program value (a boolean) against a platform value compares on/off; two
  // platform values (a restore of the value before Pulumi) compare exactly.
  if (f.switchOf && (typeof a === "boolean" || typeof b === "boolean")) {
    const on = (v: Wire) => (typeof v === "boolean" ? v : f.switchOf!(v));
    return on(a) === on(b);
  }
  if (f.canonical) return JSON.stringify(f.canonical(a)) === JSON.stringify(f.canonical(b));
  if (Array.isArray(a) && Array.isArray(b) && f.unordered) {
    const sa = [...a].map(String).sort();
    const sb = [...b].map(String).sort();
    return sa.length === sb.length && sa.every((x, i) => x === sb[i]);
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The value at `path` of a nested object; undefined when absent. */
export function getPath(o: unknown, path: string): unknown {
  let cur: unknown = o;
  for (const k of path.split(".")) {
    if (cur === null || typeof cur !== "object" || Array.isArray(cur)) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return cur;
}

/** Sets `path` of a nested object (creating the objects on the way). */
export function setPath(o: Record<string, unknown>, path: string, v: unknown): void {
  const keys = path.split(".");
  let cur = o;
  for (const k of keys.slice(0, -1)) {
    const next = cur[k];
    if (next === null || typeof next !== "object" || Array.isArray(next)) cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys[keys.length - 1]] = v;
}

/**
 * The schemas of a kind's setting inputs (the `properties` of its inputs schema): nested
 * objects built from the fields' paths, no unknown properties at any depth (plain JSON).
 */
export function settingsSchema(fields: readonly SettingsField[]): Record<string, JsonSchema> {
  interface Node {
    leaf?: JsonSchema;
    children: Map<string, Node>;
  }
  const root: Node = { children: new Map() };
  for (const f of fields) {
    let n = root;
    if (isMap(f)) {
      // A map of settings: an object of any keys matching `key`, each the field's schema.
      const keys = parentOf(f).split(".");
      for (const k of keys.slice(0, -1)) {
        let c = n.children.get(k);
        if (!c) n.children.set(k, (c = { children: new Map() }));
        n = c;
      }
      n.children.set(keys[keys.length - 1], {
        children: new Map(),
        leaf: {
          type: "object",
          additionalProperties: f.schema,
          ...(f.key !== undefined ? { propertyNames: { pattern: `^(?:${f.key})$` } } : {}),
        },
      });
      continue;
    }
    for (const k of f.path.split(".")) {
      let c = n.children.get(k);
      if (!c) n.children.set(k, (c = { children: new Map() }));
      n = c;
    }
    n.leaf = f.schema;
  }
  const build = (n: Node): JsonSchema =>
    n.leaf ?? {
      additionalProperties: false,
      type: "object",
      properties: Object.fromEntries([...n.children].map(([k, c]) => [k, build(c)])),
    };
  return Object.fromEntries([...root.children].map(([k, c]) => [k, build(c)]));
}

/**
 * The problems of a kind's declaration for its public types, schema and docs: a field, group,
 * extra argument or output with no description, each named with the kind (`"<Type>: field
 * <path> has no description"`). Empty when the declaration is whole.
 */
export function declarationProblems(
  kind: Pick<SettingsKind, "type" | "fields" | "docs">,
): string[] {
  const out: string[] = [];
  const blank = (d: unknown) => typeof d !== "string" || d.trim() === "";
  for (const f of kind.fields)
    if (blank(f.description)) out.push(`${kind.type}: field ${f.path} has no description`);
  const docs = kind.docs;
  for (const [what, entries] of [
    ["group", docs?.groups],
    ["argument", docs?.args],
    ["output", docs?.outputs],
  ] as const)
    for (const [name, e] of Object.entries(entries ?? {}))
      if (blank(e.description)) out.push(`${kind.type}: ${what} ${name} has no description`);
  return out;
}

/** What a log line or an error shows in place of a secret setting's value. */
export const REDACTED = "[secret]";

/**
 * `values` (nested by path, or keyed by flat path) with every secret setting's value (a field
 * declared `secret: true`) replaced by {@link REDACTED}: what a log line or an error may print.
 * A copy; `values` itself when no field is secret.
 */
export function redacted(fields: readonly SettingsField[], values: unknown): unknown {
  if (!fields.some((f) => f.secret)) return values;
  if (values === null || typeof values !== "object" || Array.isArray(values)) return values;
  const out = JSON.parse(JSON.stringify(values)) as Record<string, unknown>;
  for (const f of expandFields(fields, out)) {
    if (!f.secret) continue;
    if (f.path in out) out[f.path] = REDACTED;
    if (getPath(out, f.path) !== undefined) setPath(out, f.path, REDACTED);
  }
  return out;
}

/**
 * `record` (values nested by path: a `prior`) without the secret settings' values: what may be
 * kept where Pulumi cannot hold a secret (the inputs `check` returns, which the engine stores
 * as given). A copy; `record` itself when no field is secret or it is not an object.
 */
export function withoutSecrets(fields: readonly SettingsField[], record: unknown): unknown {
  if (!fields.some((f) => f.secret) || !isRecord(record)) return record;
  const out = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
  for (const f of expandFields(fields, out)) {
    if (!f.secret) continue;
    const keys = f.path.split(".");
    const parent = keys.length === 1 ? out : getPath(out, keys.slice(0, -1).join("."));
    if (isRecord(parent)) delete parent[keys[keys.length - 1]];
  }
  return out;
}

/**
 * `failures` of `check` with each one about a secret setting (`html`, `prior.html`) made the
 * resource's (property `""`, its reason naming the setting): the engine prints a failed
 * property's value next to its reason. A type failure's `got <value>` says `got [secret]`.
 */
export function secretFailures<F extends { property: string; reason: string }>(
  fields: readonly SettingsField[],
  failures: F[],
): F[] {
  if (!fields.some((f) => f.secret)) return failures;
  return failures.map((x) => {
    const path = x.property.replace(/^prior\./, "");
    if (!fieldAt(fields, path)?.secret) return x;
    const reason = x.reason.replace(/\bgot [\s\S]*$/, `got ${REDACTED}`);
    return { ...x, property: "", reason: `\`${x.property}\` ${reason}` };
  });
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * `error` (a failure that carries the state to record, `properties`) with that state left out
 * of what prints it (`util.inspect`, a log of the error) when a field is secret: the engine
 * still reads it (it keeps the secret outputs encrypted); a printout would not.
 */
export function secretsHidden<E extends object>(fields: readonly SettingsField[], error: E): E {
  if (!fields.some((f) => f.secret) || !("properties" in error)) return error;
  Object.defineProperty(error, "properties", { enumerable: false });
  return error;
}
