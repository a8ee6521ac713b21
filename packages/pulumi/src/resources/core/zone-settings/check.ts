/**
 * The settings engine's `check` (the inputs against the kind's schema and rules, the one-owner
 * markers of the program) and `diff` (what changed, what replaces; it also claims the object
 * for this run). Neither makes an API call.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import {
  checkInputs,
  containsUnknown,
  deepEqual,
  isUnknown,
  ownerConflicts,
  present,
  safeCheck,
  type Failure,
} from "../common";
import { claimWith } from "../run-state";
import { logLine } from "../engine-log";
import { spellingsFailures, withoutSpellings } from "../spellings";
import {
  getPath,
  sameValue,
  setPath,
  withNames,
  toWire,
  expandFields,
  mapPaths,
  topFields,
  secretFailures,
} from "./kind";
import type { SettingsInputs, SettingsOutputs } from "./types";
import { managedOf } from "./answers";
import type { EngineContext } from "./context";
import type { EngineClaims } from "./claims";
import { isObjectId } from "./object-ids";

/** The `check` and `diff` of a kind. */
export function checkOperations<R>(c: EngineContext<R>, claims: EngineClaims) {
  const {
    kind,
    CLAIM,
    REPLACING,
    keyName,
    rk,
    inputsSchema,
    pinnedOf,
    targetKey,
    targetOf,
    passThroughChanged,
    label,
    shownKey,
    ZONE,
  } = c;
  const { claimFields } = claims;

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

  /** The input that creates the zone instead of naming it (`domain`), if the kind has one. */
  const createBy = kind.address?.createBy;

  /**
   * Exactly one of the zone's id (`shieldZoneId` in the engine's form: the stored form names
   * it) and the input that creates it (unknowns count as present).
   */
  const addressOrCreate = (n: Record<string, unknown>, by: string): Failure[] => {
    const { input, noun } = kind.address!;
    const has = ["shieldZoneId", by].filter((k) => present(n[k]));
    if (has.length === 1) return [];
    return [
      {
        property: has.length === 0 ? "shieldZoneId" : by,
        reason:
          has.length === 0
            ? `one of \`${input}\` (adopt an existing ${noun}) or \`${by}\` (create one) is required`
            : `give exactly one of \`${input}\` (adopt an existing ${noun}) or \`${by}\` (create one), not both`,
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
        ...(createBy ? [createBy] : []),
      ]);
      if (conflicts.length > 0) return { inputs: n, failures: conflicts };
      const failures: Failure[] = [];
      if (!kind.address) failures.push(...exactlyOne(n, "shieldZoneId", "pullZoneId", "the zone"));
      if (createBy) failures.push(...addressOrCreate(n, createBy));
      if (rk) failures.push(...exactlyOne(n, rk.id, rk.name, rk.noun));
      const required: Record<string, string> = {
        ...(kind.address && !createBy ? { shieldZoneId: "is required" } : {}),
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
        const top = topFields(kind.fields);
        failures.push({
          property: top[0],
          reason: `at least one setting is required (${top.map((t) => `\`${t}\``).join(", ")}); a setting left out is not managed`,
        });
      }
      // A secret setting's value is never printed, not even next to its failure.
      return { inputs: withNames(kind.fields, n), failures: secretFailures(kind.fields, failures) };
    });
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
    // The input that creates the object: another value creates another one; a value given
    // for an object Pulumi did not create would take it over by name (refused by create).
    if (
      createBy &&
      (isUnknown(news[createBy]) ||
        (present(news[createBy]) &&
          (olds.created !== true || !deepEqual(news[createBy], olds[createBy]))))
    )
      replaces.push(createBy);
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
      // A field with a canonical form compares by it (a list keyed by name, in any order).
      const same =
        f.names || f.canonical ? sameValue(f, toWire(f, n), toWire(f, o)) : deepEqual(n, o);
      return !wasManaged.has(f.path) || !same;
    });
    // A stated prior that differs from the record: an update that writes nothing.
    const priorChanged = Object.entries(pinnedOf(news)).some(
      ([path, v]) => !deepEqual(v, getPath(olds.prior, path)),
    );
    // A stated prior added or removed: the record changes hands (the program's, or kept).
    const pinChanged = Object.keys(pinnedOf(news)).length > 0 !== (olds.priorPinned === true);
    const passChanged = passThroughChanged(olds, news);
    // An object Pulumi created, now named by its id: adopted from now on (an update, no write).
    const handedOver = createBy !== undefined && olds.created === true && !present(news[createBy]);
    if (isObjectId(kind, olds.shieldZoneId) && !olds.readOnly) {
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
      claimFields(olds.managed ?? [], olds.shieldZoneId as number, "diff", false);
    }
    // A replacement deletes an object Pulumi created (a DNS zone, with its records): the
    // preview says so, under the resource.
    if (replaces.length > 0 && olds.created === true && kind.deleteCreated && !olds.readOnly)
      void logLine(
        `${label(olds.shieldZoneId, shownKey(targetOf(olds)))}: the replacement deletes ` +
          `${ZONE} ${olds.shieldZoneId} ${kind.deleteCreated.consequence} (Pulumi created ` +
          `it), once the new one exists`,
      );
    return {
      changes:
        replaces.length > 0 ||
        changed ||
        passChanged ||
        priorChanged ||
        pinChanged ||
        spellingChanged ||
        handedOver ||
        mapUnknown ||
        kind.unfinished?.(olds) === true,
      replaces,
      deleteBeforeReplace: false,
    };
  }

  return { check, diff };
}
