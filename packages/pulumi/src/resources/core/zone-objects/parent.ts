/**
 * A parent of zone objects (a DNS zone, a pull zone, …) as a strategy the engine is given
 * by a kind's declaration: how a program addresses it (its field and its other spellings,
 * resolved through the platform), what messages call it, and whether writes under one
 * parent go one at a time. The engine knows this interface only; the parents themselves are
 * under `kinds/parents/`.
 *
 * Inside the engine a parent's id is the object's, the inputs' and the state's `parentId`;
 * the public field is the parent's own {@link Parent.field} (the boundary applies it,
 * spelling.ts), and messages and checks say it and {@link Parent.word}; its other spellings'
 * fields are the parent's own (`pullZoneId`), in the engine's inputs and state too.
 */
import { AsyncLocalStorage } from "async_hooks";
import type { ObjectId, ZoneObject, ZoneObjectKind } from "./kind";
import type { ObjectInputs } from "./state";

/** Another input field that names a parent, resolved through the platform. */
export interface ParentSpelling {
  /** The input field (`pullZoneId`). */
  field: string;
  /** What that field's id is called in messages (`pull zone`). */
  word: string;
  /**
   * The parent's id that `id` names (a read of the platform). Throws an error that says what
   * failed, prefixed with `what`: nothing is written.
   */
  resolve(id: number, what: string): Promise<number>;
}

/** A parent of one or more kinds of objects. */
export interface Parent {
  /** What one parent is called in messages (`DNS zone`). */
  word: string;
  /** The public field that places a new object in a parent (`zoneId`). */
  field: string;
  /** Other input fields that name a parent (`pullZoneId`); none by default. */
  spellings?: readonly ParentSpelling[];
  /**
   * Whether the platform rewrites the parent for a child's write, so that writes under one
   * parent must go one at a time, read-back included (default: false, writes run at once).
   */
  serialWrites?: boolean;
  /**
   * How the children of `kind` under parent `id` are listed (every page of `perPage`): for a
   * parent whose children have no list endpoint of their own (they are read from the
   * parent's object). Whatever it reads serves the reads of a run as a kind's list does (one
   * listing per parent and run for the name checks, zone-reads.ts's sessions for a refresh).
   * Default: the kind's `endpoints.listZone`.
   */
  listChildren?<O extends ZoneObject>(
    kind: ZoneObjectKind<O>,
    id: number,
    perPage?: number,
  ): Promise<O[]>;
}

const isSet = (v: unknown) => v !== undefined && v !== null;

/** The spelling `inputs` use to name the parent (undefined: the parent's own field). */
export const spellingOf = (
  parent: Parent,
  inputs: object,
): (ParentSpelling & { id: number }) | undefined => {
  for (const s of parent.spellings ?? []) {
    const id = (inputs as Record<string, unknown>)[s.field];
    if (isSet(id)) return { ...s, id: id as number };
  }
  return undefined;
};

/** The fields of the parent's other spellings (`pullZoneId`); none by default. */
export const spellingFields = (parent: Parent): string[] =>
  (parent.spellings ?? []).map((s) => s.field);

/** Every field that places a new object: the parent's own, then its other spellings. */
export const placingFields = (parent: Parent): string[] => [
  parent.field,
  ...(parent.spellings ?? []).map((s) => s.field),
];

/** The parent a new object goes into: its id as given, or resolved from another spelling. */
export async function parentOf(
  parent: Parent,
  inputs: ObjectInputs,
  what: string,
): Promise<number> {
  const spelled = spellingOf(parent, inputs);
  return spelled ? spelled.resolve(spelled.id, what) : (inputs.parentId as number);
}

/** `(DNS zone 7)` / `(pull zone 9)`: where a create-mode resource is, for its label. */
export function placeLabel(parent: Parent, inputs: ObjectInputs): string {
  const spelled = spellingOf(parent, inputs);
  return spelled
    ? `(${spelled.word} ${String(spelled.id)})`
    : `(${parent.word} ${String(inputs.parentId)})`;
}

/**
 * Every child of `kind` under parent `id`: the parent's {@link Parent.listChildren}, else the
 * kind's `listZone` (called as it always was: `perPage` only when given).
 * @throws when neither is declared.
 */
export function childrenOf<O extends ZoneObject>(
  kind: ZoneObjectKind<O>,
  id: number,
  ...perPage: [] | [number]
): Promise<O[]> {
  if (kind.parent.listChildren) return kind.parent.listChildren(kind, id, ...perPage);
  if (kind.endpoints.listZone) return kind.endpoints.listZone(id, ...perPage);
  throw new Error(
    `${kind.typeName}: declares no listZone endpoint and its parent (${kind.parent.word}) ` +
      `no listChildren`,
  );
}

/** The tail of each parent's queue of writes (parents with `serialWrites`). */
const queues = new Map<string, Promise<unknown>>();

/** The reads kept by the write running now under a `serialWrites` parent, by key. */
const slots = new AsyncLocalStorage<Map<string, unknown>>();

/**
 * Keeps `answer`, a read of the parent made by the write running now under a `serialWrites`
 * parent (its name check's listing, its update's read of the object), for that write's own
 * read-modify-write ({@link takeSlotRead}): no write of this process can come between them,
 * as between a read and the write right after it. Outside such a write, nothing is kept.
 */
export function keepSlotRead(key: string, answer: unknown): void {
  slots.getStore()?.set(key, answer);
}

/**
 * The read under `key` that the write running now kept ({@link keepSlotRead}), handed out
 * once; undefined when there is none (then the caller reads anew). Every read the write kept
 * is dropped with it: the write about to be made makes them old.
 */
export function takeSlotRead<T>(key: string): T | undefined {
  const kept = slots.getStore();
  const answer = kept?.get(key) as T | undefined;
  kept?.clear();
  return answer;
}

/**
 * Runs `write` (an operation's writes and read-backs) under parent `id`: after the writes
 * queued before it when the parent declares `serialWrites`, at once otherwise; a queued
 * write keeps its own reads ({@link keepSlotRead}). Not nested: a write waiting for itself
 * would never run.
 */
export function parentWrite<T>(parent: Parent, id: unknown, write: () => Promise<T>): Promise<T> {
  if (!parent.serialWrites || !isSet(id)) return write();
  const k = `${parent.field}\0${String(id)}`;
  const before = queues.get(k) ?? Promise.resolve();
  const inSlot = () => slots.run(new Map(), write);
  const run = before.then(inSlot, inSlot);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  queues.set(k, tail);
  void tail.then(() => {
    if (queues.get(k) === tail) queues.delete(k);
  });
  return run;
}

/**
 * The two errors of a kind whose API is keyed by its parent (`one`: what one object is
 * called, `edge rule`): `notIn`, the parent's answer lacks the object (a plain not-found, which
 * the engine confirms before it forgets anything); `parentOf`, the parent a call needs, known
 * from the state or the program, else an error naming the object.
 */
export function parentKeyed(parent: Pick<Parent, "word">, one: string) {
  const keyedBy = parent.word.split(" ").pop();
  return {
    notIn: (parentId: number, id: ObjectId): Error =>
      Object.assign(new Error(`${parent.word} ${parentId} has no ${one} ${id}`), {
        isNotFound: true as const,
      }),
    parentOf(parentId: number | undefined, id: ObjectId): number {
      if (typeof parentId !== "number") {
        throw new Error(
          `the ${parent.word} of ${one} ${id} is not known (the API is keyed by ${keyedBy})`,
        );
      }
      return parentId;
    },
  };
}
