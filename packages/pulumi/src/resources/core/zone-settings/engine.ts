/**
 * The settings engine: one implementation of the dynamic-provider operations for every
 * settings kind of a shield zone (kinds/*.ts). A settings object exists without Pulumi; a
 * resource manages the fields its program names and no other:
 *
 * - create reads the object, records the managed fields' values (`prior`, printed as the
 *   "configuration before Pulumi") and writes only the fields that differ;
 * - update writes only what changed; a field newly managed records its prior first; a field
 *   no longer managed is restored to its prior (never left silently changed);
 * - read gives the platform's current values of the managed fields (drift by field);
 * - delete restores every managed field to its prior;
 * - plan-gated answers fail naming the zone's plan, never "gone"; one object, one resource;
 * - a not-found answer is never "gone" either (a key of another account gets it too): read and
 *   delete fail naming the answers and the way out.
 *
 * `check` and `diff` make no API call.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { TObject } from "@sinclair/typebox";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { planName } from "../../kinds/access-list-names";
import {
  checkInputs,
  containsUnknown,
  deepEqual,
  isNotFound,
  isPlainObject,
  isUnknown,
  messageOf,
  notGoneError,
  operation,
  ownerConflicts,
  PROVIDER_KEY,
  ResourceOperationError,
  safeCheck,
  type Failure,
} from "../common";
import { logLine, PartialCreateError } from "../zone-objects/recovery";
import { describeValues } from "../engine-log";
import {
  claim,
  claimRecordedAt,
  claimValue,
  claimWith,
  isClaimed,
  isYoungerRecord,
  recordTime,
  restoreOnce,
  unclaim,
} from "../run-state";
import {
  refuseSharedField,
  refuseSpellings,
  sameObject,
  shieldZoneOfPullZone,
  spellingsFailures,
  withoutSpellings,
} from "../spellings";
import { configureFromRequest, getClient, type ConfigureRequestLike } from "../settings";
import {
  getPath,
  nameOf,
  sameValue,
  setPath,
  toProgram,
  withNames,
  toWire,
  viewOf,
  expandFields,
  fieldAt,
  mapPaths,
  type JsonSchema,
  type SettingsField,
  type SettingsKind,
  type SettingsSnapshot,
  type SettingsTarget,
  type Wire,
} from "./kind";
import type * as SettingsSchemas from "./settings-schemas";
import type { SharedField } from "../../kinds/settings/shared-fields";

/** Inputs of a settings resource after `check`: the zone, the kind's key, the settings. */
export type SettingsInputs = {
  shieldZoneId?: number;
  pullZoneId?: number;
} & Record<string, unknown>;

/** State of a settings resource. */
export type SettingsOutputs = {
  shieldZoneId: number;
  pullZoneId?: number;
  /** The managed fields' values before Pulumi managed them (enumerations by name). */
  prior: Record<string, unknown>;
  /** The managed fields' paths (`"waf.mode"`). */
  managed: string[];
  /** True when the program names the zone by `pullZoneId`. */
  byPullZone?: boolean;
  /** True when Pulumi created the object (a shield zone): destroy leaves it as it is. */
  created?: boolean;
  /** True for a read-only view (`get`): never written. */
  readOnly?: boolean;
  /**
   * When this entry recorded `prior` (ISO 8601; absent in states of earlier versions: older
   * than any): of two entries for one object, destroy restores the older record only.
   */
  priorRecordedAt?: string;
} & Record<string, unknown>;

/** What a kind may add to the engine: how the zone is found or made (a shield zone). */
export interface ZoneResolution {
  zone: number;
  /** Pulumi created the object in this call. */
  created?: boolean;
}

/** A kind plus the hooks only some kinds need. */
export interface EngineKind<R = unknown> extends SettingsKind<R> {
  /** Finds (or creates) the shield zone of create's inputs; default: resolve it. */
  resolveZone?(inputs: SettingsInputs, what: string): Promise<ZoneResolution>;
  /** Kind-specific input failures (`check`). */
  checkExtra?(news: Record<string, unknown>): Failure[];
  /**
   * The export of settings-schemas.ts that is this kind's inputs schema (built from this
   * declaration by `settingsInputsSchema`, precompiled by the build): what `check` validates.
   */
  inputsSchema: Extract<keyof typeof SettingsSchemas, `${string}InputsSchema`>;
  /** Inputs `check` passes through without validating them as settings (plain JSON Schema). */
  extraInputs?: Record<string, JsonSchema>;
  /** Output fields kept from the inputs as given (ApiGuardian's `specHash`). */
  passThrough?: readonly string[];
  /** Extra write before/after the settings (ApiGuardian's document); returns outputs to add. */
  afterWrite?(
    target: SettingsTarget,
    inputs: SettingsInputs,
    olds: SettingsOutputs | undefined,
    what: string,
  ): Promise<Record<string, unknown>>;
  /** Extra log line of delete (what destroy cannot undo). */
  deleteNote?(target: SettingsTarget, props: SettingsOutputs): string | undefined;
  /**
   * How the object is addressed when not by shield zone (a DNS zone): by one input, with no
   * other spelling; the object's own read is the zone's read, so its not-found is the zone's.
   */
  address?: ZoneAddress;
  /** Settings the program must give (path → the failure's reason); else at least one. */
  required?: Readonly<Record<string, string>>;
  /** The kind's stored form, when it is not the engine's (see {@link StoredForm}). */
  form?: StoredForm;
  /** A key inside the zone that the platform resolves (a managed list: by id or name). */
  key?: ResolvedKey;
  /**
   * The settings (by path) that write a platform field another kind writes too
   * (kinds/settings/shared-fields.ts): one resource per such field and zone, whatever kind.
   */
  shared?: Readonly<Record<string, SharedField>>;
}

/**
 * A key inside the zone that the program may spell two ways, by id or by name (a managed
 * list): both spellings name one object, so one resource; the platform resolves the name to
 * the id before anything is claimed. The resource id is `<zone>/<id>`; the state holds both
 * and says which one the program wrote, so that inputs and outputs follow it.
 */
export interface ResolvedKey {
  /** The input naming the object by id, an integer (`"listId"`). */
  id: string;
  /** The input naming it by name (`"listName"`). */
  name: string;
  /** The state's flag: the program names it by name (`"byName"`). */
  byName: string;
  /** The key in the resource's label (`"list"`: `ManagedAccessList (shield zone 1, list 3)`). */
  label: string;
  /** What the key names, in the input failures (`"the managed list"`). */
  noun: string;
  /**
   * The object a spelling names in the zone (its id and name), with the object as read (a
   * create reads it no second time). A spelling that names no such object fails, saying what
   * the zone has; a failed read fails as it is (never a resolution).
   */
  resolve(
    zone: number,
    by: { id?: number; name?: string },
    what: string,
  ): Promise<{ id: number; name: string; current?: SettingsSnapshot }>;
}

/** A zone addressed by one input of its own (`ZoneDnssec`'s `zoneId`). */
export interface ZoneAddress {
  /** The input and output naming the zone (`"zoneId"`). */
  input: string;
  /** The zone in messages (`"DNS zone"`). */
  noun: string;
  /** The zone in the resource's label (`"zone"`: `ZoneDnssec (zone 1)`). */
  label: string;
}

/**
 * The inputs and state of a kind whose states were written before it joined the engine
 * (`ZoneDnssec`: `zoneId`, `priorEnabled`): translated to the engine's form (`shieldZoneId`
 * naming the kind's zone, `prior`, `managed`) on the way in and back on the way out, so that
 * old states read and the program's inputs stay as they are. The rules are the engine's.
 */
export interface StoredForm {
  /** The program's inputs in the engine's form (unknown properties kept, for `check`). */
  inputs(program: Record<string, unknown>): SettingsInputs;
  /** A stored state in the engine's form. */
  state(stored: Record<string, unknown> | undefined): SettingsOutputs;
  /** The engine's state as stored. */
  stored(state: SettingsOutputs): Record<string, unknown>;
  /** The program's inputs a read reports, from a stored state. */
  programInputs(stored: Record<string, unknown>): Record<string, unknown>;
  /** An input property of the engine's form as the program names it (`shieldZoneId` → `zoneId`). */
  property(engine: string): string;
  /** How the program states `prior` (for messages: "priorEnabled: false"); else the engine's. */
  priorInput?(prior: Record<string, unknown>): string;
  /** Recorded values as messages name them ("DNSSEC disabled"); else the engine's. */
  describe?(values: Record<string, unknown>): string;
}

/** True for a plan-gated answer (`invalid_plan_type.*`, `feature_not_available_on_plan`). */
export function isPlanGated(e: unknown): boolean {
  const key = (e as { errorKey?: unknown })?.errorKey;
  return (
    typeof key === "string" &&
    (key.startsWith("invalid_plan_type") || key === "feature_not_available_on_plan")
  );
}

/** The plan of a shield zone by name (`"Basic"`), or undefined when unreadable. */
async function planOf(zone: number): Promise<string | undefined> {
  try {
    const z = await getClient().shieldZones.get(zone);
    return typeof z.planType === "number" ? planName(z.planType) : undefined;
  } catch {
    return undefined;
  }
}

/** Throws the plan-gate message for `e`: the resource, the zone, its plan, the answer. */
async function planGate(kind: EngineKind, zone: number, e: unknown, what: string): Promise<never> {
  const plan = await planOf(zone);
  throw new ResourceOperationError(
    `${what} failed: ${kind.noun} of shield zone ${zone} ${plan ? `(on the ${plan} plan) ` : ""}` +
      `are not available on its plan: the platform answered ${JSON.stringify(messageOf(e))} ` +
      `(${String((e as { errorKey?: unknown }).errorKey)}). This is not "gone"; nothing was ` +
      `written. Upgrade the zone's plan, or remove the resource.`,
    e,
  );
}

/** Runs a platform call of `kind`; a plan-gated answer becomes the plan-gate message. */
async function gated<T>(kind: EngineKind, zone: number, what: string, call: () => Promise<T>) {
  try {
    return await call();
  } catch (e) {
    if (isPlanGated(e)) return planGate(kind, zone, e, what);
    throw e;
  }
}

/**
 * After a failed read of a settings object: never "gone". A settings object lives as long as
 * its zone, and no answer tells a deleted zone from a zone the key cannot see: the platform
 * answers both with `not_found_or_unauthorised_access.shieldzone` (a DNS zone: 404
 * `not_found.dnszone`), and the zone list and the pull-zone mapping of a key of another
 * account lack the zone too. A not-found answer reads the zone: readable, the answer was about
 * something else (rethrown); not readable (a not-found too), the error names both answers and
 * the way out; the zone read failing otherwise (a 500, a timeout), the error names both
 * answers and says nothing is treated as gone. Any other failure is rethrown as it is.
 */
async function notGone(
  kind: EngineKind,
  zone: number,
  cause: unknown,
  what: string,
  noun = `${kind.noun} of shield zone ${zone}`,
): Promise<never> {
  if (cause instanceof ResourceOperationError || !isNotFound(cause)) throw cause;
  if (kind.address) {
    // The object's read is the zone's read: its not-found is the zone's answer.
    const where = `${kind.noun} of ${kind.address.noun} ${zone}`;
    throw notGoneError(what, where, JSON.stringify(messageOf(cause)), cause);
  }
  try {
    await getClient().shieldZones.get(zone);
  } catch (e) {
    // The zone read failed otherwise (a 500, a timeout): it tells nothing about the zone
    // or the key's access; name both answers, treat nothing as gone.
    if (e instanceof ResourceOperationError || !isNotFound(e))
      throw new ResourceOperationError(
        `${what} failed: reading ${noun} answered ` +
          `${JSON.stringify(messageOf(cause))}, and the read of shield zone ${zone} that ` +
          `checks it then failed with ${JSON.stringify(messageOf(e))}. Nothing is treated as ` +
          `gone and nothing was written; run the command again when the platform answers.`,
        e,
      );
    throw notGoneError(
      what,
      noun,
      `${JSON.stringify(messageOf(cause))} and reading shield zone ${zone} answered ` +
        `${JSON.stringify(messageOf(e))}`,
      cause,
    );
  }
  throw cause; // the zone is there: the answer was about something else
}

const present = (v: unknown) => v !== undefined && v !== null;

/** The managed fields of `inputs` (those the program names), in declaration order. */
export const managedOf = (kind: SettingsKind, inputs: Record<string, unknown>): SettingsField[] =>
  expandFields(kind.fields, inputs).filter((f) => present(getPath(inputs, f.path)));

const fieldOf = (kind: SettingsKind, path: string) => fieldAt(kind.fields, path);

/**
 * The dynamic-provider operations of a settings kind (what its serialized stub calls), with
 * its inputs `I` and state `O` (the engine's form unless the kind has a stored form).
 */
export interface SettingsOps<I = SettingsInputs, O = SettingsOutputs> {
  configure(req: ConfigureRequestLike): Promise<void>;
  check(olds: unknown, news: unknown): Promise<dynamic.CheckResult>;
  diff(id: string, olds: O, news: I): Promise<dynamic.DiffResult>;
  create(inputs: I): Promise<dynamic.CreateResult<O>>;
  read(id: string, props: O): Promise<dynamic.ReadResult<O>>;
  update(id: string, olds: O, news: I): Promise<dynamic.UpdateResult<O>>;
  delete(id: string, props: O): Promise<void>;
  /** The check, for tests and `check` of the stubs. */
  checkSync(olds: unknown, news: unknown): dynamic.CheckResult;
  /** The diff, for tests. */
  diffSync(id: string, olds: Partial<O>, news: I): dynamic.DiffResult;
}

/** The engine's operations for `kind` (what the serialized stub calls). */
export function settingsProvider<R>(kind: EngineKind<R>): SettingsOps {
  const TYPE = kind.type;
  const CLAIM = `zone-settings:${TYPE}`;
  const REPLACING = `zone-settings-replacing:${TYPE}`;
  /** How the create that claimed an object in this run spelled its zone (for messages). */
  const SPELLED = `zone-settings-spelled:${TYPE}`;
  /** A platform field shared with other kinds, claimed by zone and field: `{ type, path }`. */
  const FIELD = "zone-settings-field";
  const keyName = kind.keyInput?.name;
  const rk = kind.key;
  /** The zone in messages and in the label (a shield zone, unless the kind says). */
  const ZONE = kind.address?.noun ?? "shield zone";
  const LABEL = kind.address?.label ?? "shield zone";
  /** Recorded values in the messages of a refused delete. */
  const show = (v: unknown) =>
    kind.form?.describe ? kind.form.describe(v as Record<string, unknown>) : JSON.stringify(v);
  /** Values in the log lines, for a person (`waf.mode = Block`). */
  const describe = (v: unknown) =>
    kind.form?.describe ? kind.form.describe(v as Record<string, unknown>) : describeValues(v);
  /** How the program states `prior` (in the way out of a refused delete). */
  const priorInput = (p: Record<string, unknown>) =>
    kind.form?.priorInput ? kind.form.priorInput(p) : `prior: ${JSON.stringify(p)}`;

  // The inputs schema (settings-schemas.ts builds it from `kind`), precompiled by the build.
  const inputsSchema = schemaRef<TObject>(__dirname, "./settings-schemas", kind.inputsSchema);

  /**
   * The prior values the program states (`prior`) for the settings it manages, by path, as
   * they are recorded (enumerations by name; `null`: not set).
   */
  function pinnedOf(inputs: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    if (!present(inputs.prior)) return out;
    for (const f of managedOf(kind, inputs)) {
      const v = getPath(inputs.prior, f.path);
      if (v !== undefined) out[f.path] = v === null ? null : nameOf(f, toWire(f, v));
    }
    return out;
  }

  const targetKey = (t: SettingsTarget) =>
    t.key === undefined ? `${t.zone}` : `${t.zone}/${t.key}`;
  /** The key as the label shows it: a page type, a list's id, or (before it is resolved) name. */
  const keyText = (key: unknown) =>
    rk
      ? `${rk.label} ${typeof key === "string" ? JSON.stringify(key) : String(key)}`
      : `${keyName} ${String(key)}`;
  const label = (zone: unknown, key?: unknown) =>
    `edgeplatform ${TYPE} (${LABEL} ${String(zone)}${key !== undefined ? `, ${keyText(key)}` : ""})`;
  /** The key of the inputs as the program spells it (a resolved key: its id or its name). */
  const keyOf = (i: Record<string, unknown>): unknown =>
    rk
      ? present(i[rk.id])
        ? i[rk.id]
        : i[rk.name]
      : keyName && typeof i[keyName] === "string"
        ? (i[keyName] as string)
        : undefined;
  /** The key of a target as labels show it (a resolved key: its id). */
  const shownKey = (t: SettingsTarget) => (rk && t.key !== undefined ? Number(t.key) : t.key);
  /** The target of a state. */
  const targetOf = (o: Partial<SettingsOutputs>): SettingsTarget => ({
    zone: o.shieldZoneId as number,
    key: keyName ? (o[keyName] as string) : rk ? String(o[rk.id]) : undefined,
    ...(rk && typeof o[rk.name] === "string" ? { alias: o[rk.name] as string } : {}),
  });
  /**
   * The object in messages: `the bot detection settings of shield zone 1`, a key inside the
   * zone after it (`(pageType Blocked)`), a resolved one after the noun (`the configuration
   * of managed access list 3 ("AI Crawlers") of shield zone 1`).
   */
  const objectNoun = (t: SettingsTarget) =>
    rk && t.key !== undefined
      ? `${kind.noun} ${t.key}${t.alias !== undefined ? ` (${JSON.stringify(t.alias)})` : ""} of ${ZONE} ${t.zone}`
      : `${kind.noun} of ${ZONE} ${t.zone}${t.key !== undefined ? ` (${keyName} ${t.key})` : ""}`;
  /** The shared platform fields among the settings `paths`: each with its path here. */
  const sharedOf = (paths: readonly string[]) =>
    paths.flatMap((path) => (kind.shared?.[path] ? [{ path, shared: kind.shared[path] }] : []));
  /** The paths of the settings `inputs` manages. */
  const managedPaths = (inputs: Record<string, unknown>) =>
    managedOf(kind, inputs).map((f) => f.path);
  const fieldKey = (zone: number, field: string) => `${zone}\0${field}`;
  /**
   * Claims for this run the shared platform fields among `paths` in `zone`; refuses, before
   * any write, one that a resource of another kind claimed in this run (its zone known only
   * later, or inputs without the program's hint). `refuse: false` (diff) claims only the free
   * ones. Returns the fields it claimed (to give back when nothing was written).
   */
  function claimFields(
    paths: readonly string[],
    zone: number,
    what: string,
    refuse = true,
  ): string[] {
    const mine = sharedOf(paths);
    for (const { path, shared } of mine) {
      const theirs = claimValue(FIELD, fieldKey(zone, shared.field)) as
        { type: string; path: string } | undefined;
      if (!refuse || !theirs || theirs.type === TYPE) continue;
      throw new ResourceOperationError(
        `${what} failed: another resource of this program, an edge.shield.${theirs.type}, ` +
          `already manages ${shared.noun} of ${ZONE} ${zone} as \`${theirs.path}\` (the ` +
          `platform field ${shared.field}), which this resource's \`${path}\` writes too; ` +
          `one platform field can have one resource only. ` +
          `${shared.wayOut[0].toUpperCase()}${shared.wayOut.slice(1)}. Nothing was written.`,
      );
    }
    const taken: string[] = [];
    for (const { path, shared } of mine) {
      const k = fieldKey(zone, shared.field);
      const theirs = claimValue(FIELD, k) as { type: string } | undefined;
      if (theirs && theirs.type !== TYPE) continue;
      if (!theirs) taken.push(k);
      claimWith(FIELD, k, { type: TYPE, path });
    }
    return taken;
  }
  const unclaimFields = (keys: readonly string[]) => keys.forEach((k) => unclaim(FIELD, k));

  /** "Exactly one of `a` or `b`" failures (unknowns count as present). */
  const exactlyOne = (
    n: Record<string, unknown>,
    a: string,
    b: string,
    what: string,
  ): Failure[] => {
    const has = [a, b].filter((k) => present(n[k]));
    if (has.length === 1) return [];
    return [
      {
        property: has.length === 0 ? a : b,
        reason:
          has.length === 0
            ? `one of \`${a}\` or \`${b}\` is required (${what})`
            : `give exactly one of \`${a}\` or \`${b}\` (${what}), not both`,
      },
    ];
  };

  function check(_olds: unknown, news: unknown): dynamic.CheckResult {
    return safeCheck(news, (n) => {
      const conflicts = ownerConflicts(n, [
        "shieldZoneId",
        "pullZoneId",
        ...(keyName ? [keyName] : []),
        ...(rk ? [rk.id, rk.name] : []),
      ]);
      if (conflicts.length > 0) return { inputs: n, failures: conflicts };
      const failures: Failure[] = [];
      if (!kind.address) failures.push(...exactlyOne(n, "shieldZoneId", "pullZoneId", "the zone"));
      if (rk) failures.push(...exactlyOne(n, rk.id, rk.name, rk.noun));
      const required: Record<string, string> = {
        ...(kind.address ? { shieldZoneId: "is required" } : {}),
        ...(keyName
          ? {
              [keyName]: `\`${keyName}\` is required: one of ${kind.keyInput!.values.map((v) => JSON.stringify(v)).join(", ")}`,
            }
          : {}),
        ...kind.required,
      };
      failures.push(...checkInputs(inputsSchema, withoutSpellings(n), required));
      failures.push(...spellingsFailures(n));
      if (present(n.prior) && typeof n.prior === "object") {
        const managed = new Set(managedOf(kind, n).map((f) => f.path));
        for (const f of expandFields(kind.fields, n, n.prior)) {
          if (getPath(n.prior, f.path) !== undefined && !managed.has(f.path))
            failures.push({
              property: `prior.${f.path}`,
              reason: `\`prior\` may only name settings the program manages; \`${f.path}\` is not managed here`,
            });
        }
      }
      failures.push(...(kind.checkExtra?.(n) ?? []));
      if (
        !kind.allowEmpty &&
        !kind.required &&
        !expandFields(kind.fields, n).some(
          (f) => present(getPath(n, f.path)) || isUnknown(getPath(n, f.path)),
        ) &&
        !mapPaths(kind.fields).some((p) => isUnknown(getPath(n, p)))
      ) {
        const top = [...new Set(kind.fields.map((f) => f.path.split(".")[0]))];
        failures.push({
          property: top[0],
          reason: `at least one setting is required (${top.map((t) => `\`${t}\``).join(", ")}); a setting left out is not managed`,
        });
      }
      return { inputs: withNames(kind.fields, n), failures };
    });
  }

  /** The program's desired platform values of its managed fields. */
  const desiredOf = (inputs: Record<string, unknown>) =>
    Object.fromEntries(
      managedOf(kind, inputs).map((f) => [f.path, toWire(f, getPath(inputs, f.path))]),
    );

  /** The value of `f` in the program's form: the program's own spelling when equal. */
  function programValue(f: SettingsField, wire: Wire, like: unknown): unknown {
    if (present(like) && sameValue(f, wire, toWire(f, like))) return like;
    return toProgram(f, wire, like);
  }

  /** Outputs for a managed object: identity, the managed fields' current values, the prior. */
  function outputsOf(
    target: SettingsTarget,
    inputs: Record<string, unknown>,
    snap: SettingsSnapshot<R>,
    values: Record<string, Wire>,
    prior: Record<string, unknown>,
    extra: Record<string, unknown>,
    last?: Record<string, unknown>,
  ): SettingsOutputs {
    const managed = managedOf(kind, inputs).map((f) => f.path);
    const outs: SettingsOutputs = {
      shieldZoneId: target.zone,
      ...(present(inputs.pullZoneId)
        ? { pullZoneId: inputs.pullZoneId as number, byPullZone: true }
        : {}),
      ...(keyName ? { [keyName]: target.key } : {}),
      ...(rk
        ? {
            [rk.id]: Number(target.key),
            [rk.name]: target.alias,
            ...(present(inputs[rk.name]) ? { [rk.byName]: true } : {}),
          }
        : {}),
      ...(kind.outputs?.(snap, managed, last) ?? {}),
      prior,
      managed,
      ...(Object.keys(pinnedOf(inputs)).length > 0 ? { priorPinned: true } : {}),
    };
    for (const p of kind.passThrough ?? []) if (present(inputs[p])) outs[p] = inputs[p];
    for (const f of managedOf(kind, inputs))
      setPath(outs, f.path, programValue(f, values[f.path], getPath(inputs, f.path)));
    return { ...outs, ...extra };
  }

  /** The inputs the program wrote, recovered from a state (for `read`). */
  function inputsOf(o: SettingsOutputs): Record<string, unknown> {
    const i: Record<string, unknown> = {};
    if (o.byPullZone === true) i.pullZoneId = o.pullZoneId;
    else i.shieldZoneId = o.shieldZoneId;
    if (keyName) i[keyName] = o[keyName];
    if (rk) i[o[rk.byName] === true ? rk.name : rk.id] = o[o[rk.byName] === true ? rk.name : rk.id];
    if (o.readOnly) return i;
    for (const p of kind.passThrough ?? []) if (present(o[p])) i[p] = o[p];
    for (const path of o.managed ?? []) setPath(i, path, getPath(o, path));
    return i;
  }

  /** Reads the object; a plan-gated answer fails naming the plan. */
  const readGated = (target: SettingsTarget, what: string) =>
    gated(kind, target.zone, what, () => kind.read(target));

  /**
   * After a read that found no object (a readable listing of the zone lacks it): for create
   * and update, the kind's resolution says what the zone has; else a plain refusal.
   */
  async function absent(target: SettingsTarget, what: string): Promise<never> {
    if (rk) await rk.resolve(target.zone, { id: Number(target.key) }, what);
    throw new ResourceOperationError(
      `${what} failed: ${objectNoun(target)} is not in the zone's listing. Nothing was written.`,
    );
  }

  /** Reads the object that must be there (create, update): absent, the refusal says so. */
  const readPresent = async (target: SettingsTarget, what: string) =>
    (await readGated(target, what)) ?? absent(target, what);

  /** Writes `changes`; a plan-gated answer fails naming the plan. */
  const writeGated = (
    target: SettingsTarget,
    snap: SettingsSnapshot<R>,
    changes: Record<string, Wire>,
    prior: Record<string, unknown>,
    what: string,
  ) => gated(kind, target.zone, what, () => kind.write(target, snap, changes, what, prior));

  /** The fields of `desired` whose platform value differs. */
  function changesOf(
    snap: SettingsSnapshot<R>,
    desired: Record<string, Wire>,
  ): Record<string, Wire> {
    const out: Record<string, Wire> = {};
    for (const [path, want] of Object.entries(desired)) {
      const f = fieldOf(kind, path)!;
      if (!sameValue(f, snap.values[path], want)) out[path] = want;
    }
    return out;
  }

  /** Prior record of `paths` as the object holds them now (enumerations by name). */
  function priorOf(snap: SettingsSnapshot<R>, paths: readonly string[]): Record<string, unknown> {
    const p: Record<string, unknown> = {};
    for (const path of paths)
      setPath(p, path, nameOf(fieldOf(kind, path)!, snap.values[path] ?? null));
    return p;
  }

  async function resolve(inputs: SettingsInputs, what: string): Promise<ZoneResolution> {
    if (kind.resolveZone) return kind.resolveZone(inputs, what);
    if (typeof inputs.shieldZoneId === "number") return { zone: inputs.shieldZoneId };
    return { zone: await shieldZoneOfPullZone(inputs.pullZoneId as number) };
  }

  /**
   * Refuses, before any write, when another resource of the program names the same object
   * with the zone spelled the other way (spellings.ts): decided from the program and the
   * platform's answers, whichever of them runs first.
   */
  async function refuseOtherSpellings(
    inputs: SettingsInputs,
    target: SettingsTarget,
    what: string,
  ) {
    // A resolved key: the other resource names the object by its id or by its name.
    const same = (o: Record<string, unknown>, n: { shares?: unknown }) =>
      n.shares === undefined &&
      (!rk || o[rk.id] === Number(target.key) || o[rk.name] === target.alias);
    const others = await sameObject(inputs, target.zone, what, same);
    refuseSpellings(inputs, others, objectNoun(target), what);
    // Resources of other kinds that manage a platform field this one manages, in this zone.
    for (const { path, shared } of sharedOf(managedPaths(inputs))) {
      const sharers = await sameObject(
        inputs,
        target.zone,
        what,
        (_o, n) => n.shares?.field === shared.field,
      );
      refuseSharedField(inputs, sharers, path, shared, `${ZONE} ${target.zone}`, what);
    }
  }

  const refused = (e: unknown) => {
    const status = (e as { status?: unknown })?.status;
    return (
      e instanceof ResourceOperationError ||
      (typeof status === "number" && status >= 400 && status < 500)
    );
  };

  async function create(
    inputs: SettingsInputs & { [PROVIDER_KEY]?: unknown },
  ): Promise<dynamic.CreateResult<SettingsOutputs>> {
    const zoneText = inputs.shieldZoneId ?? `of pull zone ${String(inputs.pullZoneId)}`;
    let what = `${label(zoneText, keyOf(inputs))}: create`;
    return operation(what, async () => {
      const { zone, created } = await resolve(inputs, what);
      let target: SettingsTarget = { zone, key: keyOf(inputs) as string | undefined };
      // A resolved key: the platform says which object the spelling names, before the claim.
      let read: SettingsSnapshot<R> | undefined;
      if (rk) {
        const by = { id: inputs[rk.id] as number, name: inputs[rk.name] as string };
        const r = await gated(kind, zone, what, () => rk.resolve(zone, by, what));
        target = { zone, key: String(r.id), alias: r.name };
        read = r.current as SettingsSnapshot<R> | undefined;
      }
      what = `${label(zone, shownKey(target))}: create`;
      const key = targetKey(target);
      await refuseOtherSpellings(inputs, target, what);
      if (isClaimed(CLAIM, key)) {
        const theirs = claimValue(SPELLED, key);
        throw new ResourceOperationError(
          `${what} failed: another resource of this program already manages ` +
            `${objectNoun(target)}` +
            `${typeof theirs === "string" ? ` (it gives the zone as ${theirs})` : ""}; one ` +
            `settings object, one resource, whatever spelling of the zone. Nothing was written.`,
        );
      }
      // Claimed now, synchronously with the check above: a resource for the same object that
      // the program could not name (its zone known only later) is refused while this reads.
      const fields = claimFields(managedPaths(inputs), zone, what);
      claim(CLAIM, key);
      claimWith(
        SPELLED,
        key,
        present(inputs.pullZoneId)
          ? `pullZoneId ${String(inputs.pullZoneId)}`
          : `shieldZoneId ${zone}`,
      );
      let snap: SettingsSnapshot<R>;
      try {
        snap = read ?? (await readPresent(target, what));
      } catch (e) {
        unclaim(CLAIM, key); // nothing was written
        unclaim(SPELLED, key);
        unclaimFields(fields);
        if (isNotFound(e) && !(e instanceof ResourceOperationError)) {
          throw new ResourceOperationError(
            `${what} failed: ${ZONE} ${zone} does not exist (or the API key cannot see it): ${messageOf(e)}. Nothing was written.`,
            e,
          );
        }
        throw e;
      }
      const managed = managedOf(kind, inputs).map((f) => f.path);
      const prior = priorOf(snap, managed);
      // A replacement in this run of a resource for the same object (the zone spelled the
      // other way): the object now holds what Pulumi wrote; keep that resource's record.
      const replaced = claimValue(REPLACING, key) as Record<string, unknown> | undefined;
      for (const path of managed) {
        const r = getPath(replaced, path);
        if (r !== undefined) setPath(prior, path, r);
      }
      // What the program states was there before Pulumi wins over what is read now.
      for (const [path, v] of Object.entries(pinnedOf(inputs))) setPath(prior, path, v);
      const priorRecordedAt = recordTime();
      // The record a stale entry's delete compares with, and when it was taken.
      claimWith(CLAIM, key, prior, priorRecordedAt);
      const desired = desiredOf(inputs);
      const changes = changesOf(snap, desired);
      const extra = { ...(created ? { created: true } : {}), priorRecordedAt };
      let wrote = false;
      let written: Record<string, unknown> = {};
      try {
        if (Object.keys(changes).length > 0) {
          await kind.validate?.(target, changes, what);
          // Printed before the write: if the run is interrupted after it, the values are here.
          await logLine(
            `${what}: configuration before Pulumi: ${describe(priorOf(snap, managed))}; ` +
              `destroy restores ${created ? "nothing (Pulumi created it)" : describe(prior)}`,
          );
          written = (await writeGated(target, snap, changes, prior, what)) ?? {};
          wrote = true; // from here on, a failure must keep the record
        }
        const more = (await kind.afterWrite?.(target, inputs, undefined, what)) ?? {};
        return {
          id: key,
          outs: {
            ...outputsOf(target, inputs, snap, { ...snap.values, ...changes }, prior, extra),
            ...written,
            ...more,
            [PROVIDER_KEY]: inputs[PROVIDER_KEY],
          },
        };
      } catch (e) {
        if (!created && !wrote && refused(e)) {
          unclaim(CLAIM, key); // refused before or by the write: nothing was written
          unclaim(SPELLED, key);
          unclaimFields(fields);
          throw e;
        }
        // The write may have been applied (or Pulumi created the zone): keep the resource
        // with what destroy restores, so that the next run neither forgets the object nor
        // records Pulumi's write as its prior.
        throw new PartialCreateError(
          `${what} failed: ${messageOf(e)}. The state records ${kind.noun} with their values ` +
            `before Pulumi (${JSON.stringify(prior)}); the next \`pulumi up\` reads them and ` +
            `writes only what still differs`,
          key as never,
          {
            ...outputsOf(target, inputs, snap, snap.values, prior, extra),
            // Not done: the next run sends what these record (a document).
            ...Object.fromEntries((kind.passThrough ?? []).map((p) => [p, undefined])),
            [PROVIDER_KEY]: inputs[PROVIDER_KEY],
          },
        );
      }
    });
  }

  function parseId(id: string): SettingsTarget | undefined {
    const m = (rk ? /^(\d+)(?:\/(\d+))?$/ : /^(\d+)(?:\/([A-Za-z]+))?$/).exec(String(id));
    if (!m || (keyName !== undefined || rk !== undefined) !== (m[2] !== undefined))
      return undefined;
    return { zone: Number(m[1]), key: m[2] };
  }

  async function read(
    id: string,
    props: SettingsOutputs,
  ): Promise<dynamic.ReadResult<SettingsOutputs>> {
    const parsed = parseId(id);
    const viewOnly = typeof props?.shieldZoneId !== "number" || props.readOnly === true;
    const target: SettingsTarget | undefined = viewOnly ? parsed : targetOf(props);
    const what = `${label(target?.zone ?? "?", target && shownKey(target))}: read`;
    return operation(what, async () => {
      if (!target) {
        throw new ResourceOperationError(
          `${what} failed: the id must be ${keyName ? `"<shieldZoneId>/<${keyName}>" (e.g. "1/${kind.keyInput!.values[0]}")` : rk ? `"<shieldZoneId>/<${rk.id}>" (e.g. "1/3")` : '"<shieldZoneId>" (e.g. "1")'}; got ${JSON.stringify(id)}`,
        );
      }
      let snap: SettingsSnapshot<R> | undefined;
      try {
        if (viewOnly && rk) {
          // A view names the object by id: the resolution says what it is (or what the zone has).
          const r = await gated(kind, target.zone, what, () =>
            rk.resolve(target.zone, { id: Number(target.key) }, what),
          );
          target.alias = r.name;
          snap = (r.current as SettingsSnapshot<R> | undefined) ?? (await readGated(target, what));
        } else snap = await readGated(target, what);
      } catch (e) {
        return notGone(kind, target.zone, e, what, objectNoun(target));
      }
      // Confirmed gone: a readable listing of the zone lacks the object.
      if (snap === undefined) {
        if (viewOnly) return absent(target, what);
        return { id: "" };
      }
      if (viewOnly) {
        const outs: SettingsOutputs = {
          shieldZoneId: target.zone,
          ...(keyName ? { [keyName]: target.key } : {}),
          ...(rk ? { [rk.id]: Number(target.key), [rk.name]: target.alias } : {}),
          ...(kind.outputs?.(snap, []) ?? {}),
          prior: {},
          managed: [],
          readOnly: true,
        };
        for (const f of expandFields(kind.fields, snap.values))
          setPath(outs, f.path, viewOf(f, snap.values[f.path] ?? null));
        return { id: targetKey(target), props: outs, inputs: inputsOf(outs) as never };
      }
      const like = inputsOf(props);
      const outs: SettingsOutputs = {
        ...props,
        ...outputsOf(target, like, snap, snap.values, props.prior ?? {}, {}, props),
        ...(props.created ? { created: true } : {}),
      };
      return { id: targetKey(target), props: outs, inputs: inputsOf(outs) as never };
    });
  }

  const passThroughChanged = (olds: Partial<SettingsOutputs>, news: SettingsInputs) =>
    (kind.passThrough ?? []).some(
      (p) => containsUnknown(news[p]) || !deepEqual(news[p] ?? undefined, olds[p] ?? undefined),
    );

  /** Whether `news` names the settings `olds` manages, with the values `olds` records. */
  function sameAsState(olds: SettingsOutputs, news: SettingsInputs): boolean {
    const managed = managedOf(kind, news);
    const was = new Set(olds.managed ?? []);
    return (
      managed.length === was.size &&
      managed.every(
        (f) =>
          was.has(f.path) &&
          sameValue(f, toWire(f, getPath(news, f.path)), toWire(f, getPath(olds, f.path))),
      ) &&
      !passThroughChanged(olds, news)
    );
  }

  function diff(
    _id: string,
    olds: Partial<SettingsOutputs>,
    news: SettingsInputs,
  ): dynamic.DiffResult {
    const replaces: string[] = [];
    if (
      isUnknown(news.shieldZoneId) ||
      (present(news.shieldZoneId) && news.shieldZoneId !== olds.shieldZoneId) ||
      (present(news.shieldZoneId) && olds.byPullZone === true)
    )
      replaces.push("shieldZoneId");
    if (
      isUnknown(news.pullZoneId) ||
      (present(news.pullZoneId) &&
        (news.pullZoneId !== olds.pullZoneId || olds.byPullZone !== true))
    )
      replaces.push("pullZoneId");
    if (keyName && (isUnknown(news[keyName]) || news[keyName] !== olds[keyName]))
      replaces.push(keyName);
    // A resolved key: either spelling names another object (the state holds both).
    for (const k of rk ? [rk.id, rk.name] : [])
      if (isUnknown(news[k]) || (present(news[k]) && news[k] !== olds[k])) replaces.push(k);
    // The same object spelled the other way: an update (outputs follow the program).
    const spellingChanged =
      rk !== undefined && present(news[rk.name]) !== (olds[rk.byName] === true);
    const wasManaged = new Set(olds.managed ?? []);
    // A map of settings not known yet (preview): may change.
    const mapUnknown = mapPaths(kind.fields).some((p) => containsUnknown(getPath(news, p)));
    const changed = expandFields(kind.fields, news, [...wasManaged]).some((f) => {
      const n = getPath(news, f.path);
      if (containsUnknown(n)) return true;
      if (!present(n)) return wasManaged.has(f.path);
      const o = getPath(olds, f.path);
      // An enumeration compares by value: a state of 0.1 may hold the integer of the name.
      const same = f.names ? sameValue(f, toWire(f, n), toWire(f, o)) : deepEqual(n, o);
      return !wasManaged.has(f.path) || !same;
    });
    // A stated prior that differs from the record: an update that writes nothing.
    const priorChanged = Object.entries(pinnedOf(news)).some(
      ([path, v]) => !deepEqual(v, getPath(olds.prior, path)),
    );
    // A stated prior added or removed: the record changes hands (the program's, or kept).
    const pinChanged = Object.keys(pinnedOf(news)).length > 0 !== (olds.priorPinned === true);
    const passChanged = passThroughChanged(olds, news);
    if (typeof olds.shieldZoneId === "number" && !olds.readOnly) {
      const key = targetKey(targetOf(olds));
      // This run's program manages the object: a stale entry (the old half of a rename) must
      // not restore it later; a replacement for the same object keeps this record.
      // The record is the one this run keeps: a prior the program states wins.
      const record: Record<string, unknown> = structuredClone(olds.prior ?? {});
      for (const [path, v] of Object.entries(pinnedOf(news))) setPath(record, path, v);
      if (replaces.length === 0) claimWith(CLAIM, key, record, olds.priorRecordedAt);
      else claimWith(REPLACING, key, record, olds.priorRecordedAt);
      // The shared platform fields it manages: a create of another kind for one of them is
      // refused in this run (the free ones only: diff refuses nothing).
      claimFields(olds.managed ?? [], olds.shieldZoneId, "diff", false);
    }
    return {
      changes:
        replaces.length > 0 ||
        changed ||
        passChanged ||
        priorChanged ||
        pinChanged ||
        spellingChanged ||
        mapUnknown,
      replaces,
      deleteBeforeReplace: false,
    };
  }

  async function update(
    id: string,
    olds: SettingsOutputs,
    news: SettingsInputs,
  ): Promise<dynamic.UpdateResult<SettingsOutputs>> {
    const target = targetOf(olds);
    const what = `${label(target.zone, shownKey(target))}: update`;
    const { [PROVIDER_KEY]: provider } = olds as Record<string, unknown>;
    return operation(what, async () => {
      await refuseOtherSpellings(news, target, what);
      claimFields(managedPaths(news), target.zone, what);
      if (sameAsState(olds, news)) {
        // Only the record changes (a prior stated or no longer stated): no call. A setting
        // with no record (a state of an earlier version) stays without one: what the object
        // holds now is Pulumi's write, never its value before Pulumi.
        const pinned = pinnedOf(news);
        const prior: Record<string, unknown> = {};
        for (const path of olds.managed ?? []) {
          const p = path in pinned ? pinned[path] : getPath(olds.prior, path);
          if (p !== undefined) setPath(prior, path, p);
        }
        const { priorPinned: _p, ...kept } = olds as Record<string, unknown>;
        if (rk) {
          // The same object spelled the other way: the outputs follow the program.
          delete kept[rk.byName];
          if (present(news[rk.name])) kept[rk.byName] = true;
        }
        const pin = Object.keys(pinned).length > 0 ? { priorPinned: true } : {};
        return { outs: { ...(kept as SettingsOutputs), prior, ...pin } };
      }
      const snap = await readPresent(target, what);
      const managed = managedOf(kind, news).map((f) => f.path);
      const was = new Set(olds.managed ?? []);
      const prior: Record<string, unknown> = {};
      const fresh: string[] = [];
      const pinned = pinnedOf(news);
      for (const path of managed) {
        const p = getPath(olds.prior, path);
        if (path in pinned) setPath(prior, path, pinned[path]);
        else if (was.has(path) && p !== undefined) setPath(prior, path, p);
        else {
          fresh.push(path);
          setPath(prior, path, nameOf(fieldOf(kind, path)!, snap.values[path] ?? null));
        }
      }
      // A field no longer managed goes back to its prior: never left silently changed.
      const restore: Record<string, Wire> = {};
      for (const path of was) {
        if (managed.includes(path)) continue;
        const f = fieldOf(kind, path);
        const p = getPath(olds.prior, path);
        if (f && p !== undefined && !olds.created) restore[path] = toWire(f, p);
      }
      const changes = { ...changesOf(snap, restore), ...changesOf(snap, desiredOf(news)) };
      const inputs = news;
      const extra = {
        ...(olds.created ? { created: true } : {}),
        ...(olds.priorRecordedAt !== undefined ? { priorRecordedAt: olds.priorRecordedAt } : {}),
      };
      let wrote = false;
      let written: Record<string, unknown> = {};
      try {
        if (Object.keys(changes).length > 0) {
          const validated = Object.fromEntries(
            Object.entries(changes).filter(([p]) => managed.includes(p)),
          );
          await kind.validate?.(target, validated, what);
          if (fresh.length > 0)
            await logLine(
              `${what}: configuration before Pulumi: ${describe(priorOf(snap, fresh))}`,
            );
          const restored = Object.keys(restore).filter((p) => p in changes);
          if (restored.length > 0)
            logLine(
              `${what}: no longer managed, restored to the value before Pulumi: ${restored.join(", ")}`,
            );
          written = (await writeGated(target, snap, changes, prior, what)) ?? {};
          wrote = true; // from here on, a failure must keep the record
        }
        const more = (await kind.afterWrite?.(target, news, olds, what)) ?? {};
        return {
          outs: {
            ...outputsOf(target, inputs, snap, { ...snap.values, ...changes }, prior, extra),
            ...written,
            ...more,
            ...(provider !== undefined ? { [PROVIDER_KEY]: provider } : {}),
          },
        };
      } catch (e) {
        if (!wrote && refused(e)) throw e;
        throw new PartialCreateError(
          `${what} failed: ${messageOf(e)}. The state records the values before Pulumi ` +
            `(${JSON.stringify(prior)}); the next \`pulumi up\` reads them and writes only what ` +
            `still differs`,
          id as never,
          {
            ...outputsOf(target, inputs, snap, snap.values, prior, extra),
            ...Object.fromEntries((kind.passThrough ?? []).map((p) => [p, olds[p]])),
            [PROVIDER_KEY]: (news as Record<string, unknown>)[PROVIDER_KEY] ?? provider,
          },
        );
      }
    });
  }

  async function del(_id: string, props: SettingsOutputs): Promise<void> {
    if (!props || props.readOnly === true || typeof props.shieldZoneId !== "number") return;
    const target = targetOf(props);
    const what = `${label(target.zone, shownKey(target))}: delete`;
    const note = kind.deleteNote?.(target, props);
    if (props.created) {
      logLine(
        `${what}: Pulumi created ${kind.noun === "the shield zone settings" ? "this shield zone" : kind.noun}; ` +
          `the platform has no DELETE of a shield zone: it is left as it is, with its settings`,
      );
      return;
    }
    const key = targetKey(target);
    const prior = props.prior ?? {};
    let managed = (props.managed ?? []).filter((p) => getPath(prior, p) !== undefined);
    if (isClaimed(CLAIM, key)) {
      const theirs = claimValue(CLAIM, key) as Record<string, unknown> | undefined;
      const agree = managed.every((p) => {
        const t = getPath(theirs, p);
        return t === undefined || deepEqual(t, getPath(prior, p));
      });
      // Another resource of this run manages the object now, with the same record: it
      // restores what it manages; the settings only this entry managed are restored here.
      if (agree) {
        managed = managed.filter((p) => getPath(theirs, p) === undefined);
        if (managed.length === 0) return;
      } else if (isYoungerRecord(props.priorRecordedAt, claimRecordedAt(CLAIM, key))) {
        // This entry's record is younger than the record of the resource that manages the
        // object now (a rename reverted: the program names the first owner again): that
        // resource holds the values before Pulumi, this entry read what Pulumi had written.
        // It leaves those settings to it without a write; those only it managed are restored.
        const left = managed.filter((p) => getPath(theirs, p) !== undefined);
        managed = managed.filter((p) => getPath(theirs, p) === undefined);
        logLine(
          `${what}: another resource of this program now manages ${objectNoun(target)} ` +
            `with an older record of the values before Pulumi ` +
            `(${show(theirs)}, taken ${String(claimRecordedAt(CLAIM, key))}) than ` +
            `this entry's (${show(prior)}, taken ${String(props.priorRecordedAt)}, ` +
            `after Pulumi's write); nothing is written for ${left.join(", ")}: that resource's ` +
            `destroy restores them`,
        );
        if (managed.length === 0) return;
      } else
        throw new ResourceOperationError(
          `${what} failed: another resource of this program now manages ` +
            `${objectNoun(target)} (a rename without \`aliases\`, or a replacement) and ` +
            `recorded ${show(theirs)} as the values before Pulumi, but this entry ` +
            `recorded ${show(prior)}. Nothing was written. When this entry's values ` +
            `are the ones before Pulumi (the other resource read what Pulumi had written, as ` +
            `after \`pulumi up --replace\` or a rename without \`aliases\`), set ` +
            `\`${priorInput(prior)}\` on the resource that manages ${rk ? `${rk.label} ${target.key} of ` : ""}${LABEL} ` +
            `${target.zone} now ` +
            `and run \`pulumi up\` again: it writes nothing.`,
        );
    }
    // Restore once: another entry of this state for the same object (the other half of a
    // refused rename or replacement) may be deleted in this run too; each setting is restored
    // by the entry whose record is the oldest (the first owner's), whatever the order.
    const record = Object.fromEntries(managed.map((p) => [p, getPath(prior, p)]));
    const same = (p: string, a: unknown, b: unknown) =>
      sameValue(fieldOf(kind, p)!, toWire(fieldOf(kind, p)!, a), toWire(fieldOf(kind, p)!, b));
    await restoreOnce(CLAIM, key, props.priorRecordedAt, record, same, async (plan) => {
      if (plan.conflicts.length > 0) {
        const theirs: Record<string, unknown> = {};
        for (const c of plan.conflicts) setPath(theirs, c.field, c.theirs);
        const mine: Record<string, unknown> = {};
        for (const c of plan.conflicts) setPath(mine, c.field, record[c.field]);
        throw new ResourceOperationError(
          `${what} failed: another entry of this stack for the same object ` +
            `(${objectNoun(target)}) restored ${show(theirs)} in this run, but ` +
            `this entry recorded ${show(mine)} as the values before Pulumi, and ` +
            `neither record says which was taken first (states of earlier versions do not). ` +
            `Nothing was written. If this entry's values are the ones before Pulumi, run ` +
            `\`pulumi destroy\` again (this entry alone then restores them); if not, remove ` +
            `this entry with \`pulumi state delete <urn>\`.`,
        );
      }
      // Every setting restored by an older entry in this run: nothing left to do here.
      if (plan.restore.length === 0 && managed.length > 0) return;
      await operation(what, async () => {
        let snap: SettingsSnapshot<R> | undefined;
        try {
          snap = await readGated(target, what);
        } catch (e) {
          return notGone(kind, target.zone, e, what, objectNoun(target));
        }
        if (snap === undefined) return; // confirmed gone: nothing to restore
        const restore: Record<string, Wire> = {};
        for (const p of plan.restore) restore[p] = toWire(fieldOf(kind, p)!, record[p]);
        const changes = changesOf(snap, restore);
        if (Object.keys(changes).length > 0) await writeGated(target, snap, changes, prior, what);
        if (note) logLine(`${what}: ${note}`);
      });
    });
  }

  const ops: SettingsOps = {
    configure: async (req: ConfigureRequestLike): Promise<void> => configureFromRequest(req),
    check: async (olds: unknown, news: unknown) => check(olds, news),
    diff: async (id: string, olds: SettingsOutputs, news: SettingsInputs) => diff(id, olds, news),
    create,
    read,
    update,
    delete: del,
    /** The check, for tests and `check` of the stubs. */
    checkSync: check,
    diffSync: diff,
  };
  return kind.form ? inStoredForm(kind.form, kind.fields, ops) : ops;
}

/** The engine's operations for a kind with a stored form of its own: translated both ways. */
function inStoredForm(
  form: StoredForm,
  fields: readonly SettingsField[],
  ops: SettingsOps,
): SettingsOps {
  const stored = (o: SettingsOutputs) => form.stored(o) as SettingsOutputs;
  // A partial create (or update) carries the state to record: in the stored form too.
  const partial = (e: unknown) =>
    e instanceof PartialCreateError
      ? new PartialCreateError(e.message, e.id as never, stored(e.properties as SettingsOutputs))
      : e;
  const checkSync = (olds: unknown, news: unknown): dynamic.CheckResult =>
    safeCheck(news, (n) => {
      const r = ops.checkSync(olds, form.inputs(n));
      const failures = (r.failures ?? []).map((f) => ({
        ...f,
        property: form.property(f.property),
      }));
      // Enumerations by name, as the engine's check gives them (the settings' paths are the
      // program's).
      return { inputs: withNames(fields, n), failures };
    });
  const diffSync = (id: string, olds: Partial<SettingsOutputs>, news: SettingsInputs) => {
    const r = ops.diffSync(id, form.state(olds), form.inputs(news));
    return { ...r, replaces: r.replaces?.map((p) => form.property(p)) };
  };
  return {
    ...ops,
    check: async (olds: unknown, news: unknown) => checkSync(olds, news),
    diff: async (id: string, olds: SettingsOutputs, news: SettingsInputs) =>
      diffSync(id, olds, news),
    async create(inputs: SettingsInputs) {
      try {
        const r = await ops.create(form.inputs(inputs));
        return { id: r.id, outs: stored(r.outs as SettingsOutputs) };
      } catch (e) {
        throw partial(e);
      }
    },
    async read(id: string, props: SettingsOutputs) {
      const r = await ops.read(id, form.state(props));
      if (!r.props) return r; // confirmed gone
      const outs = stored(r.props as SettingsOutputs);
      return { id: r.id, props: outs, inputs: form.programInputs(outs) as never };
    },
    async update(id: string, olds: SettingsOutputs, news: SettingsInputs) {
      try {
        const r = await ops.update(id, form.state(olds), form.inputs(news));
        return { outs: stored(r.outs as SettingsOutputs) };
      } catch (e) {
        throw partial(e);
      }
    },
    delete: (id: string, props: SettingsOutputs) => ops.delete(id, form.state(props)),
    checkSync,
    diffSync,
  };
}

/** Whether `v` is a plain object (re-exported for the kinds). */
export { isPlainObject };
