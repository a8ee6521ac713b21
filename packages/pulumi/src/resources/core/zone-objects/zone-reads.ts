/**
 * Reads of many objects of one parent (zone) served by its list: a `pulumi refresh` of N
 * objects of a zone makes 1 GET and one list call per 1 000 objects instead of N GETs (the engine
 * reads 4 × cores resources at once, so each GET's round trip holds up the refresh).
 *
 * Within a run (one provider process), the reads of a kind in a zone form a session:
 * - the session's first read is a GET, as a lone read always was;
 * - its second read lists the zone (once: its parent's `listChildren`, by default the kind's
 *   `listZone`, parent.ts `childrenOf`); that read and later ones take their object from
 *   the list when the kind says the entry reads like a GET ({@link ZoneObjectKind.listEntryReads})
 *   and the list agrees with a GET of one listed object (the first read's own GET, or, when
 *   that one failed, as when the first object read is the one deleted outside Pulumi, one GET of
 *   the listed object the second read asks for, which serves that read): same id, zone, name,
 *   description and configuration; a platform whose list differs from its GET is read with
 *   GETs only;
 * - an id missing from the list (created since, or gone: then the confirm-gone path), an entry
 *   that is not whole, or a list that fails, is read with its own GET as before;
 * - a session ends, and the next read starts a new one, when an id is read a second time, when
 *   its list answered more than {@link ZONE_READ_MAX_AGE_MS} ago, or when this process creates,
 *   updates or deletes a zone object. A list entry is handed out once.
 *
 * A kind whose read needs a zone-wide answer besides its own GET (an access list's line of the
 * zone's listing) shares that answer the same way ({@link sharedZoneAnswer}).
 */
import { deepEqual } from "../common";
import { readSessions } from "../run-state";
import { capabilitiesOf, type ParentReads } from "./capabilities";
import type { ObjectId, ZoneObject, ZoneObjectKind } from "./kind";
import { childrenOf } from "./parent";

/** How long after its answer a zone's list may serve a read, in milliseconds. */
export const ZONE_READ_MAX_AGE_MS = 2000;

/**
 * Objects per page of the list that serves reads: 1 000 objects in one or two calls, so that the
 * reads waiting for it wait less. A platform that pages smaller is followed page by page; one
 * that refuses the size fails the list, and every read makes its own GET.
 */
export const ZONE_READ_PAGE_SIZE = 1000;

/** What every session keeps: the ids read in it, and when its zone-wide answer came. */
interface SessionBase {
  /** Ids read in this session. */
  readonly ids: Set<ObjectId>;
  /** When the zone-wide answer came (`performance.now()`); undefined while it is pending. */
  answeredAt?: number;
}

/**
 * The session under `key` that a read of `id` joins: the current one, or a new one when there
 * is none, when `id` was read in it already, or when its answer is older than
 * {@link ZONE_READ_MAX_AGE_MS}.
 */
function joinSession<S extends SessionBase>(key: string, id: ObjectId): S {
  let s = readSessions.get(key) as S | undefined;
  const expired =
    s?.answeredAt !== undefined && performance.now() - s.answeredAt > ZONE_READ_MAX_AGE_MS;
  if (!s || s.ids.has(id) || expired) {
    s = { ids: new Set<ObjectId>() } as SessionBase as S;
    readSessions.set(key, s);
  }
  s.ids.add(id);
  return s;
}

/** The reads of one kind in one zone. */
interface Session<O> extends SessionBase {
  /** The first read's GET (undefined when it failed). */
  first?: Promise<O | undefined>;
  /** The zone's entries that may serve reads, by id; undefined: none (every read goes alone). */
  list?: Promise<Map<ObjectId, O> | undefined>;
}

/** What a read takes from an object (compared with `deepEqual`: key order carries no meaning). */
const readView = (o: ZoneObject) => ({
  id: o.id,
  parentId: o.parentId,
  name: o.name ?? null,
  description: o.description ?? null,
  fields: o.fields ?? null,
  reported: o.reported ?? null,
});

/**
 * The zone's entries that may serve reads, by id: the whole ones, when the list holds a listed
 * object exactly as its GET returns it; undefined otherwise or when listing fails. The GET is
 * the first read's; when that one failed (the object is gone, or the platform erred), it is a
 * GET of `askedId` (the read that asked for the list), which then serves that read.
 */
async function servingEntries<O extends ZoneObject>(
  kind: ZoneObjectKind<O>,
  zone: number,
  reads: ParentReads<O>["listEntryReads"],
  first: Promise<O | undefined>,
  askedId: O["id"],
  answered: () => void,
): Promise<Map<ObjectId, O> | undefined> {
  try {
    const [listed, firstGot] = await Promise.all([
      childrenOf(kind, zone, ZONE_READ_PAGE_SIZE).finally(answered),
      first,
    ]);
    const byId = new Map<ObjectId, O>();
    for (const o of listed) if (reads(o, zone)) byId.set(o.id, o);
    if (!firstGot && !byId.has(askedId)) return undefined; // nothing to check the list against
    const got = firstGot ?? (await kind.endpoints.get(askedId, zone));
    const listedGot = byId.get(got.id);
    if (!listedGot || !deepEqual(readView(listedGot), readView(got))) return undefined;
    if (firstGot)
      byId.delete(got.id); // the first read returned it already
    else byId.set(got.id, got); // the asking read takes its own GET's answer
    return byId;
  } catch {
    return undefined; // each read makes its own GET and meets the error itself
  }
}

/**
 * The read of one object of `kind` (its GET, or its entry in the zone's list). `zone` is the
 * object's parent from the state; without it, always a GET.
 * @throws what the GET throws (a not-found error when it is gone).
 */
export function zoneReader<O extends ZoneObject>(
  kind: ZoneObjectKind<O>,
): (id: O["id"], zone: number | undefined) => Promise<O> {
  const reads = capabilitiesOf(kind).listEntryReads;
  return async (id, zone) => {
    if (typeof zone === "number" && kind.endpoints.read) return kind.endpoints.read(id, zone);
    if (!reads || typeof zone !== "number") return kind.endpoints.get(id, zone);
    const s = joinSession<Session<O>>(`${kind.claimKey}\0${zone}`, id);
    if (!s.first) {
      const got = kind.endpoints.get(id, zone);
      s.first = got.then(
        (o) => o,
        () => undefined,
      );
      return got;
    }
    if (!s.list) {
      const session = s;
      // The window counts from the list's answer (not from the check GET that may follow it).
      session.list = servingEntries(kind, zone, reads, s.first, id, () => {
        session.answeredAt ??= performance.now();
      });
    }
    const entries = await s.list;
    const hit = entries?.get(id);
    if (!hit) return kind.endpoints.get(id, zone);
    entries!.delete(id);
    return hit;
  };
}

/** Ends every session: this process wrote a zone object, so no earlier list may serve a read. */
export function forgetZoneReads(): void {
  readSessions.clear();
}

/**
 * Runs a write of a zone object: every session ends when it starts (no read during the write
 * takes a list from before it) and again when it ends (no read after it does either).
 */
export function zoneWrite<T>(write: () => Promise<T>): Promise<T> {
  forgetZoneReads();
  return write().finally(forgetZoneReads);
}

/** One zone-wide answer shared by the reads of a session (see {@link sharedZoneAnswer}). */
interface SharedAnswer extends SessionBase {
  answer?: Promise<unknown>;
}

/**
 * A zone-wide answer (e.g. the zone's access-list listing) that the reads of one refresh
 * share: `fetch`'s answer serves the reads of object `id` and of the objects read after it,
 * under a session's rules (module comment): it ends when an id is read a second time, when its
 * answer is older than {@link ZONE_READ_MAX_AGE_MS}, or when this process writes a zone object.
 * A read whose shared fetch failed makes its own, and meets its error itself.
 */
export async function sharedZoneAnswer<T>(
  key: string,
  id: ObjectId,
  fetch: () => Promise<T>,
): Promise<T> {
  const s = joinSession<SharedAnswer>(key, id);
  if (!s.answer) {
    const session = s;
    session.answer = fetch().finally(() => {
      session.answeredAt = performance.now();
    });
    return session.answer as Promise<T>; // this read's own fetch: its error is this read's
  }
  try {
    return (await s.answer) as T;
  } catch {
    return fetch();
  }
}
