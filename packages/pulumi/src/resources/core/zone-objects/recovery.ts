/**
 * Recovery and read-back of the zone-object engine (engine.ts), for every kind: checking that
 * an answer names an object, reading an object back after a 202 with a bounded backoff,
 * confirming "gone" with a zone listing, finding the object a POST with an unknown outcome
 * created (never re-sending it), and the partial-create error.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { withArticle } from "./create-messages";
import {
  isNotFound,
  isPlainObject,
  messageOf,
  PROVIDER_KEY,
  ResourceOperationError,
} from "../common";
import { seconds, statusLine } from "../engine-log";
import { getClient } from "../settings";
import type { RecoveryByProof } from "./capabilities";
import { isObjectId } from "./ids";
import { wordsOf, type ObjectId, type ZoneObject, type ZoneObjectKind } from "./kind";
import { childrenOf } from "./parent";
import { valueAt, type ObjectInputs, type SpellingFields } from "./state";

/** Waits and bounds of the recovery paths, in milliseconds (tests shorten them). */
export const timing = {
  /** Longest a 202 (or a not-yet-visible write) is read back for. */
  readBackMs: 20_000,
  /** First pause of the read-back backoff (doubles up to 2 s). */
  readBackStepMs: 250,
  /** How many times the zone is listed again after a POST with an unknown outcome. */
  recoveryRelists: 4,
  /** Longest pause between two of those listings. */
  recoveryMaxStepMs: 5_000,
  /** How long a read-back waits before its status line tells what it is waiting for. */
  statusAfterMs: 1_000,
};

/** What a read-back after a 202 waits for, as its status line tells it. */
export const ACCEPTED_WRITE = "the platform to apply the write (202 Accepted)";

/** The number id an `AcceptedResult` names (`value.id` or a trailing number in `location`). */
export function acceptedObjectId(accepted: { value?: unknown; location?: string | null }) {
  const v = accepted?.value;
  if (isPlainObject(v) && typeof v.id === "number") return v.id;
  const m = /\/(\d+)\/?$/.exec(accepted?.location ?? "");
  return m ? Number(m[1]) : undefined;
}

/** True when the outcome of a write is unknown (it may have been applied). */
export const outcomeUnknown = (e: unknown): boolean => {
  const status = (e as { status?: unknown })?.status;
  return typeof status === "number" && (status === 0 || status >= 500);
};

/**
 * Reads with `read` until `ready` says a write is visible, with the bounded backoff of every
 * read-back (a 202: applied later). `read` returns undefined for "not yet" (e.g. a 404 while
 * pending). Returns undefined when the write never became visible within `timing.readBackMs`.
 * Once it has waited `timing.statusAfterMs`, a status line of the resource tells what for
 * (`waitingFor`, for example {@link ACCEPTED_WRITE}), once.
 */
export async function pollUntil<T>(
  read: () => Promise<T | undefined>,
  ready: (value: T) => boolean,
  waits: { readBackMs: number; readBackStepMs: number } = timing,
  waitingFor = "the platform to apply the write",
): Promise<T | undefined> {
  const started = Date.now();
  const deadline = started + waits.readBackMs;
  let step = waits.readBackStepMs;
  for (;;) {
    const value = await read();
    if (value !== undefined && ready(value)) return value;
    const now = Date.now();
    if (now + step > deadline) return undefined;
    if (now - started >= timing.statusAfterMs) {
      statusLine(
        "pending",
        `waiting for ${waitingFor}, ${seconds(now - started)} so far; checking for up to ` +
          `${seconds(waits.readBackMs)}`,
      );
    }
    await sleep(step);
    step = Math.min(step * 2, 2_000);
  }
}

/**
 * Reads an object until `ready` says the write is visible, with a bounded backoff (a 202, or a
 * platform that applies writes late); a plain not-found means "not yet". Returns undefined
 * when it never became visible.
 */
export async function readBack<O extends ZoneObject>(
  kind: ZoneObjectKind<O>,
  objectId: O["id"],
  ready: (object: O) => boolean,
  zone?: number,
): Promise<O | undefined> {
  return pollUntil(
    async () => {
      try {
        const object = await kind.endpoints.get(objectId, zone);
        return isObjectId(kind.ids, object?.id) ? object : undefined;
      } catch (e) {
        if (!isNotFound(e) || (e as { isAmbiguousNotFound?: boolean }).isAmbiguousNotFound) {
          throw e;
        }
        return undefined;
      }
    },
    ready,
    timing,
    ACCEPTED_WRITE,
  );
}

/**
 * After a delete the platform accepted (202, applied later): reads the object until it is not
 * found (a plain not-found; an ambiguous one is an error), with the bounded backoff; throws
 * when it is still there, so the resource stays in the state and is never reported deleted.
 */
export async function readBackGone(
  kind: ZoneObjectKind,
  objectId: ObjectId,
  zone: number | undefined,
  what: string,
): Promise<void> {
  const gone = await pollUntil(
    async () => {
      try {
        await kind.endpoints.get(objectId, zone);
        return false;
      } catch (e) {
        if (!isNotFound(e) || (e as { isAmbiguousNotFound?: boolean }).isAmbiguousNotFound) {
          throw e;
        }
        return true;
      }
    },
    (isGone) => isGone,
    timing,
    "the platform to apply the delete (202 Accepted)",
  );
  if (!gone) {
    const w = wordsOf(kind);
    throw new ResourceOperationError(
      `${what} failed: the platform accepted the delete of ${w.one} ${objectId} (202) but it was ` +
        `still there after ${timing.readBackMs / 1000} s; it stays in the state: run the ` +
        `command again`,
    );
  }
}

/**
 * Confirms that an object is gone after a not-found answer: the zone's list must be
 * readable and lack the id. Otherwise throws, naming both answers.
 */
export async function confirmGone(
  kind: ZoneObjectKind,
  objectId: ObjectId,
  zone: number | undefined,
  cause: unknown,
  what: string,
) {
  const w = wordsOf(kind);
  if (typeof zone !== "number") {
    throw new ResourceOperationError(
      `${what} failed: ${messageOf(cause)}. The ${w.one}'s ${w.zone} is not recorded, so ` +
        `this cannot be confirmed; not treating ${w.one} ${objectId} as gone.`,
      cause,
    );
  }
  let listed: ZoneObject[];
  try {
    listed = await childrenOf(kind, zone);
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the platform answered "${messageOf(cause)}" and listing ${w.zone} ` +
        `${zone} failed too (${messageOf(e)}). A key without access to the zone gets the ` +
        `same answers, so the ${w.one} is NOT treated as gone: check the API key's scope.`,
      cause,
      { keyAmbiguous: true },
    );
  }
  if (listed.some((r) => r.id === objectId)) {
    throw new ResourceOperationError(
      `${what} failed: the platform answered "${messageOf(cause)}" but ${w.zone} ` +
        `${zone} still lists ${w.one} ${objectId}; not treating it as gone (try again).`,
      cause,
    );
  }
}

/** Writes a line about the resource being operated on (`../engine-log.ts`). */
export { logLine } from "../engine-log";

/** Error that makes the engine record a created object despite the failure. */
export class PartialCreateError extends ResourceOperationError {
  readonly id: string;
  readonly properties: Record<string, unknown>;
  readonly reasons: string[];
  constructor(message: string, id: ObjectId, properties: Record<string, unknown>) {
    super(message);
    this.id = String(id);
    // A property left undefined is not recorded: the engine's host cannot encode one (the
    // answer to the operation would never be sent, and `pulumi up` would wait forever).
    this.properties = definedOnly(properties) as Record<string, unknown>;
    this.reasons = [this.message];
  }
}

/** `v` with every object key whose value is undefined left out, at every depth (in a list: null). */
function definedOnly(v: unknown): unknown {
  if (Array.isArray(v)) return v.map((x) => (x === undefined ? null : definedOnly(x)));
  if (v === null || typeof v !== "object" || Object.getPrototypeOf(v) !== Object.prototype)
    return v;
  return Object.fromEntries(
    Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => [k, definedOnly(x)]),
  );
}

/** State recorded for an object whose values are not known yet (a pending write). */
export function pendingOutputs(
  objectId: ObjectId,
  zone: number,
  inputs: ObjectInputs & { [PROVIDER_KEY]?: unknown },
  spellings: SpellingFields,
): Record<string, unknown> {
  const outs: Record<string, unknown> = { id: objectId, parentId: zone, adopted: false };
  for (const f of spellings) {
    const v = valueAt(inputs, f);
    if (v !== undefined) outs[f] = v;
  }
  if (typeof inputs.deleteOnDestroy === "boolean") outs.deleteOnDestroy = inputs.deleteOnDestroy;
  outs.fields = {};
  outs[PROVIDER_KEY] = inputs[PROVIDER_KEY];
  return outs;
}

/**
 * After a POST with an unknown outcome: finds the object it created by name among those that
 * were not in the zone's listing before the POST (`known`); never re-sends.
 */
export async function recoverCreatedByName<O extends ZoneObject>(
  kind: ZoneObjectKind<O>,
  inputs: ObjectInputs,
  zone: number,
  known: ReadonlySet<ObjectId>,
  cause: unknown,
  what: string,
): Promise<O> {
  const w = wordsOf(kind);
  const step = Math.min(getClient().timeoutMs, timing.recoveryMaxStepMs);
  let named: O[] = [];
  try {
    for (let i = 0; i <= timing.recoveryRelists; i++) {
      if (i > 0) await sleep(step);
      named = (await childrenOf(kind, zone)).filter(
        (r) => r.name === inputs.name && !known.has(r.id),
      );
      if (named.length > 0) break;
    }
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the create request's outcome is unknown (${messageOf(cause)}) and listing ` +
        `the zone's ${w.many} to find it failed too (${messageOf(e)}). The request was not ` +
        `re-sent. The next \`pulumi up\` looks for ${withArticle(w.one)} named "${inputs.name}" in ` +
        `${w.zone} ${zone} before creating one, so running it again is safe.`,
      cause,
    );
  }
  // The zone had no object of this name when it was listed before the POST, and those it had
  // then are left out: an object of this name that is there now is ours.
  if (named.length === 1) return named[0];
  if (named.length === 0) {
    throw new ResourceOperationError(
      `${what} failed: ${messageOf(cause)}. The request was not re-sent; no ${w.one} named ` +
        `"${inputs.name}" appeared in ${w.zone} ${zone} within ` +
        `${(step * timing.recoveryRelists) / 1000} s, so it was not applied: it is safe to retry.`,
      cause,
    );
  }
  throw new ResourceOperationError(
    `${what} failed: ${messageOf(cause)}. The request was not re-sent; ${w.zone} ${zone} now ` +
      `has ${w.many} ${named.map((r) => r.id).join(", ")} named "${inputs.name}". Adopt ` +
      `the right one with ${w.id} and delete the others, then run again.`,
    cause,
  );
}

/** Lists a zone until an object of `name` that is not in `known` appears (bounded backoff). */
export async function findByName<O extends ZoneObject>(
  kind: ZoneObjectKind<O>,
  zone: number,
  name: string,
  known: ReadonlySet<ObjectId>,
): Promise<O | undefined> {
  return pollUntil(
    async () => (await childrenOf(kind, zone)).find((r) => r.name === name && !known.has(r.id)),
    () => true,
    timing,
    `the platform to list the new ${wordsOf(kind).one} (202 Accepted)`,
  );
}

/**
 * After a create whose outcome is unknown (a timeout or 5xx after the POST) or whose answer
 * names no object, for a kind that declares {@link ZoneObjectKind.sentIn}: finds the object by
 * proof, never by name. The zone is listed (again, with the bounded backoff while nothing
 * shows); the candidates are the objects that were not in the zone before the POST (`known`)
 * and that no resource of this run claims (`claimed`), holding every field sent (`body`).
 * Exactly one: it is the one created. None: the write was not applied (after the bounded
 * wait), safe to run again. Several: fails naming them and the way out. Never re-sends.
 */
export async function recoverByProof<O extends ZoneObject>(
  kind: ZoneObjectKind<O>,
  proof: RecoveryByProof<O>,
  zone: number,
  body: Record<string, unknown>,
  known: ReadonlySet<ObjectId>,
  claimed: (id: ObjectId) => boolean,
  cause: unknown,
  what: string,
): Promise<O> {
  const w = wordsOf(kind);
  const sentIn = (o: O, body: Record<string, unknown>) => proof.sentIn(o, body);
  const why = cause === undefined ? "the platform's answer named no " + w.one : messageOf(cause);
  const step = Math.min(getClient().timeoutMs, timing.recoveryMaxStepMs);
  let fresh: O[] = [];
  let proven: O[] = [];
  try {
    for (let i = 0; i <= timing.recoveryRelists; i++) {
      if (i > 0) await sleep(step);
      fresh = (await childrenOf(kind, zone)).filter((o) => !known.has(o.id) && !claimed(o.id));
      proven = fresh.filter((o) => sentIn(o, body));
      if (proven.length > 0) break;
    }
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the create request's outcome is unknown (${why}) and listing ${w.zone} ` +
        `${zone} to find the ${w.one} failed too (${messageOf(e)}). The request was not ` +
        `re-sent. Before running \`pulumi up\` again, look at ${w.zone} ${zone}: if it has a ` +
        `new ${w.one} holding this resource's values, adopt it with \`${w.id}: <its id>, ` +
        `deleteOnDestroy: true\` (running again as is may create a second one).`,
      cause,
    );
  }
  if (proven.length === 1) return proven[0];
  const ids = (xs: O[]) => xs.map((o) => o.id).join(", ");
  if (proven.length === 0) {
    const others =
      fresh.length > 0
        ? ` (${w.zone} ${zone} has new ${w.many} ${ids(fresh)}, none holding every value sent)`
        : "";
    throw new ResourceOperationError(
      `${what} failed: ${why}. The request was not re-sent; no new ${w.one} holding the values ` +
        `sent appeared in ${w.zone} ${zone} within ${(step * timing.recoveryRelists) / 1000} s` +
        `${others}, so it was not applied: it is safe to run \`pulumi up\` again.`,
      cause,
    );
  }
  throw new ResourceOperationError(
    `${what} failed: ${why}. The request was not re-sent; ${w.zone} ${zone} now has ` +
      `${w.many} ${ids(proven)}, each new and holding every value sent, so which one this ` +
      `create made cannot be proven (${w.one} names are not unique here, and a name is no ` +
      `proof). Nothing was recorded. Adopt the right one with \`${w.id}: <id>, ` +
      `deleteOnDestroy: true\` and delete the others (or adopt each with a resource of its own), ` +
      `then run \`pulumi up\` again.`,
    cause,
  );
}
