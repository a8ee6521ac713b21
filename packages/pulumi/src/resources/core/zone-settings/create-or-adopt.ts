/**
 * What the settings kinds whose object Pulumi may create or adopt share (`DnsZone` by
 * `domain` or `zoneId`, `PullZone` by `name` or `pullZoneId`, `ImageRegistry` by
 * `registryType` or `registryId`): their stored form, where the
 * object is named by the kind's own input and `origin` says whether Pulumi created it, and
 * the public outputs and stated prior that describe it.
 */
import type { SettingsArgsType, SettingsDocs } from "./kind";
import type { SettingsOutputs, StoredForm } from "./types";

/** How a create-or-adopt kind names its object in its inputs and state. */
export interface CreateOrAdoptNames {
  /** The input and output naming the object by id (`"zoneId"`): the engine's `shieldZoneId`. */
  address: string;
  /** The input that creates the object instead (`"domain"`). */
  createBy: string;
  /**
   * Inputs compared in the form the platform keeps them, by input (`domain`: lower case, no
   * trailing dot): applied to a string value, any other value is kept as it is for `check`.
   */
  normalize?: Readonly<Record<string, (value: string) => string>>;
  /**
   * Inputs of the program a read reports as the state keeps them, a read-only view's too
   * (`deleteOnDestroy`); left out when the state has none. Default: none.
   */
  kept?: readonly string[];
}

/**
 * The stored form of a create-or-adopt kind: the object is `names.address` (the engine's
 * `shieldZoneId`), and `origin` is `"created"` or `"adopted"` (the engine's `created`; a
 * read-only view has none). A read's program inputs name the object the way it was made:
 * by `names.createBy` when Pulumi created it, else by its id.
 */
export function createOrAdoptForm(names: CreateOrAdoptNames): StoredForm {
  const { address, createBy } = names;
  const normalize = names.normalize ?? {};
  return {
    inputs(program) {
      const { [address]: id, ...rest } = program;
      for (const input of Object.keys(normalize)) delete rest[input];
      const out: Record<string, unknown> = { ...rest };
      if (id !== undefined) out.shieldZoneId = id as number;
      for (const [input, normal] of Object.entries(normalize)) {
        const v = program[input];
        if (v !== undefined) out[input] = typeof v === "string" ? normal(v) : v;
      }
      return out;
    },
    state(stored) {
      const { [address]: id, origin, ...rest } = stored ?? {};
      return {
        ...rest,
        shieldZoneId: id as number,
        prior: (rest.prior as Record<string, unknown> | undefined) ?? {},
        managed: (rest.managed as string[] | undefined) ?? [],
        ...(origin === "created" ? { created: true } : {}),
      };
    },
    stored(s: SettingsOutputs) {
      const {
        shieldZoneId,
        created,
        pullZoneId: _p,
        byPullZone: _b,
        ...rest
      } = s as Record<string, unknown>;
      return {
        [address]: shieldZoneId,
        ...(rest.readOnly === true ? {} : { origin: created === true ? "created" : "adopted" }),
        ...rest,
      };
    },
    programInputs(stored) {
      const i: Record<string, unknown> =
        stored.origin === "created"
          ? { [createBy]: stored[createBy] }
          : { [address]: stored[address] };
      for (const k of names.kept ?? []) if (stored[k] !== undefined) i[k] = stored[k];
      if (stored.readOnly === true) return i;
      for (const p of (stored.managed as string[] | undefined) ?? []) i[p] = stored[p];
      return i;
    },
    property: (p) => (p === "shieldZoneId" ? address : p),
  };
}

/** The stated `prior` of a create-or-adopt kind (its `<Kind>PriorArgs`). */
export const statedPriorArg = {
  description:
    "The way out after an interrupted `pulumi up` (the write landed, the state never recorded " +
    "it): the managed settings' values before Pulumi, as the interrupted run printed them " +
    "(`configuration before Pulumi {...}`), by setting name (`null`: not set). Only managed " +
    "settings may be named. Stating or changing it writes nothing to the platform. Default: " +
    "the values read when Pulumi first managed each setting.",
  tsType: "Record<string, unknown>",
};

/** One of the two forms of arguments that name a create-or-adopt kind's object. */
export interface NamingForm {
  /** The form's input (`"domain"`; the adopting one: the id, `"zoneId"`). */
  input: string;
  /** The doc comment of the form's interface (`"Creates a zone: \`domain\`."`). */
  typeDoc: string;
  /** What the input does. */
  description: string;
  /** The input's TypeScript type; default `number` (an id). */
  tsType?: string;
}

/**
 * The argument interfaces of a create-or-adopt kind: `<type>CreateArgs` (the input that
 * creates the object, the id forbidden), `<type>AdoptArgs` (the id, the creating input
 * forbidden) and `<type>PriorArgs` (the stated prior); `object` names the object in the
 * forbidden inputs' descriptions (`"zone"`).
 */
export function createOrAdoptArgTypes(
  type: string,
  object: string,
  create: NamingForm,
  adopt: NamingForm,
): Record<string, SettingsArgsType> {
  const input = (f: NamingForm) => ({
    description: f.description,
    tsType: f.tsType ?? "number",
    required: true,
  });
  const not = (other: NamingForm) => ({
    description: `Not with \`${other.input}\`: one of the two names the ${object}.`,
    tsType: "never",
  });
  const a = /^[AEIOU]/.test(type) ? "an" : "a";
  return {
    [`${type}CreateArgs`]: {
      typeDoc: create.typeDoc,
      args: { [create.input]: input(create), [adopt.input]: not(create) },
    },
    [`${type}AdoptArgs`]: {
      typeDoc: adopt.typeDoc,
      args: { [create.input]: not(adopt), [adopt.input]: input(adopt) },
    },
    [`${type}PriorArgs`]: {
      typeDoc: `The optional stated prior of ${a} {@link ${type}}.`,
      args: { prior: statedPriorArg },
    },
  };
}

/**
 * The outputs of the record of a kind whose object Pulumi may create or adopt, after its own:
 * `prior` (described by `prior`: what it holds and what destroy does with it), the managed
 * settings' names, and the marks of a stated prior and of a read-only view
 * (`<type>.get` reads one `object`: `"zone"`).
 */
export function recordOutputs(
  type: string,
  object: string,
  prior: string,
): NonNullable<SettingsDocs["outputs"]> {
  return {
    prior: { description: prior, tsType: "Record<string, unknown>" },
    managed: { description: "The managed settings' names.", tsType: "string[]" },
    priorPinned: {
      description:
        "True when the program states `prior` (the record is the program's); else undefined.",
      tsType: "boolean | undefined",
    },
    readOnly: {
      description: `True for a ${object} read with \`${type}.get\` (a read-only view); else undefined.`,
      tsType: "boolean | undefined",
    },
  };
}

/**
 * The outputs every create-or-adopt zone kind has after those of its zone's identity: `origin`
 * and the record ({@link recordOutputs}).
 */
export function createOrAdoptOutputs(type: string): NonNullable<SettingsDocs["outputs"]> {
  return {
    origin: {
      description:
        '`"created"` (destroy deletes the zone) or `"adopted"` (destroy restores its settings).',
      tsType: '"created" | "adopted" | undefined',
      first: true,
    },
    ...recordOutputs(
      type,
      "zone",
      "The managed settings before Pulumi managed them (enumerations by name): what destroy of " +
        "an adopted zone restores. `{}` for a read-only view.",
    ),
  };
}
