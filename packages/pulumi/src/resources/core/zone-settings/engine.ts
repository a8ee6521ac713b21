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
 * `diff` makes no API call; `check` of a new resource reads the object once, so that the values
 * before Pulumi are in the engine's record of the create before its write (prior-read.ts).
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { configureFromRequest, type ConfigureRequestLike } from "../settings";
import { isPlainObject } from "../common";
import type { EngineKind, SettingsInputs, SettingsOps, SettingsOutputs } from "./types";
import { engineContext } from "./context";
import { engineClaims } from "./claims";
import { checkOperations } from "./check";
import { createOperation } from "./create";
import { readOperation } from "./read";
import { updateOperation } from "./update";
import { deleteOperation } from "./restore";
import { inStoredForm } from "./stored-form";
import { PRIOR_READ, priorReadOperation } from "./prior-read";
import { scrubError, scrubText, secretTexts } from "./secret-scrub";

export type {
  CreatedDeletion,
  EngineKind,
  ResolvedKey,
  SettingsInputs,
  SettingsOps,
  SettingsOutputs,
  StoredForm,
  ZoneAddress,
  ZoneResolution,
} from "./types";
export type { NameChecks, UniqueNames } from "./unique-names";
export { isPlanGated, managedOf } from "./answers";

/**
 * A settings kind's provider as a module of its own names it (`zone-dnssec-provider.ts`,
 * `managed-access-list-provider.ts`, by the names of earlier releases): typed with that
 * module's inputs and state, with its `check` and `diff` as plain functions (no API call).
 */
export function typedSettingsProvider<I, O>(engine: unknown) {
  const provider = engine as SettingsOps<I, O>;
  return {
    provider,
    /** Validates the inputs. Never throws. No API call. */
    check: (olds: unknown, news: unknown): dynamic.CheckResult => provider.checkSync(olds, news),
    /** The diff of the state `olds` and the inputs `news`. No API call. */
    diff: (id: string, olds: Partial<O>, news: Partial<I>): dynamic.DiffResult =>
      provider.diffSync(id, olds, news as I),
  };
}

/** The engine's operations for `kind` (what the serialized stub calls). */
export function settingsProvider<R>(kind: EngineKind<R>): SettingsOps {
  const c = engineContext(kind);
  const claims = engineClaims(c);
  const { check, diff } = checkOperations(c, claims);
  const create = createOperation(c, claims);
  const read = readOperation(c);
  const update = updateOperation(c, claims);
  const del = deleteOperation(c);
  const priorRead = priorReadOperation(c);

  /**
   * `op` with the secret settings' values of its arguments replaced by `[secret]` in what it
   * throws (secret-scrub.ts; nothing to replace for a kind with no secret setting).
   */
  const guarded =
    <A extends unknown[], T>(op: (...args: A) => Promise<T>) =>
    async (...args: A): Promise<T> => {
      try {
        return await op(...args);
      } catch (e) {
        throw scrubError(e, secretTexts(kind.fields, ...args));
      }
    };
  /** `check` with the secret settings' values of `news` out of its failures' reasons. */
  const checkGuarded = (olds: unknown, news: unknown): dynamic.CheckResult => {
    const r = check(olds, news);
    const secrets = secretTexts(kind.fields, news, olds);
    if (secrets.length === 0 || !r.failures?.length) return r;
    return {
      ...r,
      failures: r.failures.map((f) => ({ ...f, reason: scrubText(f.reason, secrets) })),
    };
  };

  /**
   * `op` run under the kind's write discipline for the zone `zoneOf` its arguments name
   * ({@link EngineKind.writesUnder}); at once when the kind has none or the zone is not known
   * yet (a zone the operation creates: nothing else can write it before it exists).
   */
  const underZone =
    <A extends unknown[], T>(zoneOf: (...args: A) => unknown, op: (...args: A) => Promise<T>) =>
    (...args: A): Promise<T> => {
      const zone = zoneOf(...args);
      if (!kind.writesUnder || typeof zone !== "number") return op(...args);
      return kind.writesUnder(zone, () => op(...args));
    };

  const ops: SettingsOps = {
    configure: async (req: ConfigureRequestLike): Promise<void> => configureFromRequest(req),
    async check(olds: unknown, news: unknown) {
      const r = checkGuarded(olds, news);
      if ((r.failures ?? []).length > 0) return r;
      const read = await priorRead(olds, r.inputs as SettingsInputs);
      return read ? { ...r, inputs: { ...r.inputs, [PRIOR_READ]: read } } : r;
    },
    priorRead,
    diff: async (id: string, olds: SettingsOutputs, news: SettingsInputs) => diff(id, olds, news),
    create: guarded(underZone((inputs: SettingsInputs) => inputs?.shieldZoneId, create)),
    read: guarded(read),
    import: guarded((id: string) => read(id, {} as SettingsOutputs, true)),
    update: guarded(
      underZone(
        (_id: string, olds: SettingsOutputs, _news: SettingsInputs) => olds?.shieldZoneId,
        update,
      ),
    ),
    delete: guarded(underZone((_id: string, props: SettingsOutputs) => props?.shieldZoneId, del)),
    /** The check, for tests and `check` of the stubs. */
    checkSync: checkGuarded,
    diffSync: diff,
  };
  return kind.form ? inStoredForm(kind.form, kind.fields, ops) : ops;
}

/** Whether `v` is a plain object (re-exported for the kinds). */
export { isPlainObject };
