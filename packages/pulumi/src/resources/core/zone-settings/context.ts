/**
 * The part of the settings engine that every operation of one kind shares: the kind's names
 * (its run claims, its labels and messages), how a state names its object, and the values of
 * a resource (the program's desired values, the record of the values before Pulumi, the
 * outputs, what changed), with the kind's read and write behind the plan gate.
 */
import type { TObject } from "@sinclair/typebox";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { containsUnknown, deepEqual, present, ResourceOperationError } from "../common";
import { describeValues } from "../engine-log";
import { shieldZoneOfPullZone } from "../spellings";
import {
  getPath,
  nameOf,
  redacted,
  sameValue,
  setPath,
  toProgram,
  toWire,
  type ReadContext,
  type SettingsField,
  type SettingsSnapshot,
  type SettingsTarget,
  type Wire,
  type WriteContext,
} from "./kind";
import type { SettingsInputs, SettingsOutputs, ZoneResolution, EngineKind } from "./types";
import { gated, managedOf, fieldOf } from "./answers";
import { nameChecks } from "./unique-names";
import { isObjectId } from "./object-ids";

/**
 * The schema module of the settings kinds' inputs (generated from the list of kinds, built by
 * `settingsInputsSchema` of settings-schemas.ts), relative to this directory: a path, not an
 * import (that module loads every kind and TypeBox; the engine only names its exports).
 */
const SETTINGS_INPUTS_SCHEMAS = "../../kinds/settings-inputs-schemas";

/** What every operation of the engine for `kind` shares: its names, labels and values. */
export function engineContext<R>(kind: EngineKind<R>) {
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
  const show = (raw: unknown) => {
    const v = redacted(kind.fields, raw);
    return kind.form?.describe
      ? kind.form.describe(v as Record<string, unknown>)
      : JSON.stringify(v);
  };
  /** Values in the log lines, for a person (`waf.mode = Block`). */
  // A secret setting's value is never printed (a field declared `secret: true`).
  const describe = (raw: unknown) => {
    const v = redacted(kind.fields, raw);
    return kind.form?.describe
      ? kind.form.describe(v as Record<string, unknown>)
      : describeValues(v);
  };
  /** How the program states `prior` (in the way out of a refused delete). */
  const priorInput = (raw: Record<string, unknown>) => {
    const p = redacted(kind.fields, raw) as Record<string, unknown>;
    return kind.form?.priorInput ? kind.form.priorInput(p) : `prior: ${JSON.stringify(p)}`;
  };

  // The inputs schema (settings-schemas.ts builds it from `kind`), precompiled by the build.
  const inputsSchema = schemaRef<TObject>(__dirname, SETTINGS_INPUTS_SCHEMAS, kind.inputsSchema);

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
  const readGated = (target: SettingsTarget, what: string, context?: ReadContext) =>
    gated(kind, target.zone, what, () => kind.read(target, context));

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
  const readPresent = async (target: SettingsTarget, what: string, context?: ReadContext) =>
    (await readGated(target, what, context)) ?? absent(target, what);

  /**
   * Writes `changes` (`context`: why); a plan-gated answer fails naming the plan. A write of
   * a unique name (a rename, or one given back) ends the run's listing of names, at its start
   * and at its end (unique-names.ts).
   */
  const writeGated = (
    target: SettingsTarget,
    snap: SettingsSnapshot<R>,
    changes: Record<string, Wire>,
    prior: Record<string, unknown>,
    what: string,
    context?: WriteContext,
  ) => {
    const write = () =>
      gated(kind, target.zone, what, () => kind.write(target, snap, changes, what, prior, context));
    if (!kind.uniqueNames || !(kind.uniqueNames.input in changes)) return write();
    names.forget();
    return write().finally(() => names.forget());
  };

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

  /** The checks of the kind's unique names (none when it declares none). */
  const names = nameChecks(kind.uniqueNames, {
    type: TYPE,
    adopt: kind.address?.input ?? "shieldZoneId",
  });

  /** The zone of create's inputs: the one they name by id, else the kind's or its pull zone's. */
  async function resolve(inputs: SettingsInputs, what: string): Promise<ZoneResolution> {
    if (isObjectId(kind, inputs.shieldZoneId)) return { zone: inputs.shieldZoneId as number };
    if (kind.resolveZone) return kind.resolveZone(inputs, what, names);
    return { zone: await shieldZoneOfPullZone(inputs.pullZoneId as number) };
  }

  const refused = (e: unknown) => {
    const status = (e as { status?: unknown })?.status;
    return (
      e instanceof ResourceOperationError ||
      (typeof status === "number" && status >= 400 && status < 500)
    );
  };

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

  return {
    kind,
    TYPE,
    CLAIM,
    REPLACING,
    SPELLED,
    FIELD,
    keyName,
    rk,
    ZONE,
    LABEL,
    show,
    describe,
    priorInput,
    inputsSchema,
    pinnedOf,
    targetKey,
    keyText,
    label,
    keyOf,
    shownKey,
    targetOf,
    objectNoun,
    desiredOf,
    programValue,
    outputsOf,
    inputsOf,
    readGated,
    absent,
    readPresent,
    writeGated,
    changesOf,
    priorOf,
    names,
    resolve,
    refused,
    passThroughChanged,
    sameAsState,
  };
}

/** The shared part of the engine for a kind ({@link engineContext}). */
export type EngineContext<R> = ReturnType<typeof engineContext<R>>;
