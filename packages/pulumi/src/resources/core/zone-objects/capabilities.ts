/**
 * The optional capabilities of a zone-object kind: small named interfaces a kind implements
 * by declaring their members (as a Terraform resource implements `ResourceWithImportState`),
 * each with the engine's default when it does not. None of them is a rule of the lifecycle
 * core: identity, adopt, claims, "gone" on evidence and recovery stay the engine's.
 */
import type { Failure } from "../common";
import type { ZoneObject, ZoneObjectKind } from "./kind";
import type { ObjectInputs, ObjectOutputs } from "./state";

/**
 * Name uniqueness: `"unique"` (the default; the parent is checked for the name
 * before a create or rename, and a 202 that names no object is resolved by name) or
 * `"shared"` (a DNS zone, where a round-robin set is several records of one name: no name
 * check and no name claim; "no take-over" works by id only, and an object whose create answer
 * was lost or named nothing is found by {@link RecoveryByProof} alone).
 */
export interface NameUniqueness {
  names: "unique" | "shared";
}

/**
 * Recovery by proof: `sentIn` says that `object` is what a create sent (`body`, the POST's
 * body): every field sent holds the value sent. Declared, a create whose outcome is unknown
 * (a timeout or 5xx after the POST, or an answer that names no object) is recovered by
 * proof, never by name: the objects of the parent that were not there before the POST and
 * that no resource of this run claims are listed; exactly one of them holding every field
 * sent is adopted as created; any other count fails naming the candidates and the way out
 * (nothing forgotten, nothing re-sent). Required with `names: "shared"`. Default: recovery by
 * name.
 */
export interface RecoveryByProof<O> {
  sentIn(object: O, body: Record<string, unknown>): boolean;
}

/** What a create guard is told about the create it may refuse. */
export interface CreateGuardContext<O extends ZoneObject> {
  /** The parent's id. */
  zone: number;
  /** The parent as listed for the name check. */
  listed: readonly O[];
  /** The ids this run created in the parent since. */
  createdInRun: readonly O["id"][];
  /** The operation, for messages (`edgeplatform <Type> (<parent> 7): create`). */
  what: string;
  /** The program's inputs (after `check`). */
  inputs: ObjectInputs;
}

/**
 * A create guard (a plan limit, a DNS name rule): runs just before a POST, after the name
 * check; throws to refuse, and nothing is written. Default: none.
 */
export interface CreateGuard<O extends ZoneObject> {
  beforeCreate(ctx: CreateGuardContext<O>): Promise<void>;
}

/**
 * A create completion: runs after the object exists (a 200, a 202 read back, or found after
 * an unknown outcome) and returns it as the state should record it, e.g. after a second
 * write a POST cannot carry. Throws a `PartialCreateError` (recovery.ts) when that write
 * fails: the id is kept. Default: the object as created.
 */
export interface CreateCompletion<O extends ZoneObject> {
  afterCreate(ctx: { object: O; zone: number; inputs: ObjectInputs; what: string }): Promise<O>;
}

/**
 * Reads served by the parent (zone-reads.ts). `listEntryReads`: whether an entry of a
 * parent's list reads exactly like the object's GET (then a refresh reads the objects of a
 * parent with its list; default: every read is a GET). `adoptReadsShared`: whether an
 * adopting create (by id) reads the object as a refresh does (`endpoints.read`: the parent's
 * answer shared by the reads of a run) instead of a GET of its own: for a kind whose GET is
 * its parent's whole answer (DNS records), N adopts of one parent then make one call. The
 * session rules keep it fresh: no answer from before this process's last write of a zone
 * object, or older than the session window, serves an adopt; the write an adopt makes ends
 * the sessions as every write does (default: false).
 */
export interface ParentReads<O> {
  listEntryReads(entry: O, zone: number): boolean;
  adoptReadsShared: boolean;
}

/**
 * Replacement: fields whose change replaces the resource besides its identity (what the
 * platform cannot change in place), in public names. Default: none.
 */
export interface Replacement {
  replacedBy(olds: Partial<ObjectOutputs>, news: ObjectInputs): string[];
}

/**
 * The `replacedBy` of a kind the platform cannot rename: a created object given another name
 * (no id in the program) is another object, so the name replaces it.
 */
export const renameReplaces = (olds: Partial<ObjectOutputs>, news: ObjectInputs): string[] =>
  news.id === undefined &&
  typeof olds.name === "string" &&
  typeof news.name === "string" &&
  olds.name !== news.name
    ? ["name"]
    : [];

/**
 * The listing of the name checks: the objects of a parent that a create's name check (and a
 * rename's) looks at, listed once per parent and run, from a wider listing the kind makes
 * anyway (a hostname: the account's pull zones with their hostnames, also its check that no
 * other zone has it). Default: the parent's listing (parent.ts `childrenOf`). A listing after
 * a write (recovery) is always the parent's, read anew.
 */
export interface NameListing<O> {
  namesListing(zone: number): Promise<O[]>;
}

/**
 * The base of an update: `"read"` (the default: the object is read just before its PATCH,
 * the merge base, so nothing unmanaged is reset) or `"state"`: the last known state is the
 * base and nothing is read, for a kind whose platform reports nothing an update could merge
 * with (a script secret: a name it cannot change and a value it never reports). The write
 * itself then meets an object that is gone (a not-found), as the read would have.
 */
export interface UpdateBase {
  updateBase: "read" | "state";
}

/** Checks of the configuration that a schema cannot say (a count above 0). Default: none. */
export interface ExtraChecks {
  extraChecks(wire: Record<string, unknown>): Failure[];
}

/** Every optional capability a kind may declare. */
export type KindCapabilities<O extends ZoneObject> = Partial<
  NameUniqueness &
    RecoveryByProof<O> &
    CreateGuard<O> &
    CreateCompletion<O> &
    ParentReads<O> &
    Replacement &
    NameListing<O> &
    UpdateBase &
    ExtraChecks
>;

/**
 * A kind's capabilities with the defaults filled where a default is a plain value or a pure
 * function; `proof`, `guard` and `completion` are undefined when not declared (the engine
 * then recovers by name, guards nothing and records the object as created, without waiting).
 * @throws when the kind's declaration contradicts itself (shared names without a proof).
 */
export function capabilitiesOf<O extends ZoneObject>(kind: ZoneObjectKind<O>) {
  const names = kind.names ?? "unique";
  if (names === "shared" && !kind.sentIn) {
    throw new Error(`${kind.typeName}: a kind whose names are shared must declare sentIn`);
  }
  return {
    /** Whether names are unique in a parent (checked and claimed before a create or rename). */
    uniqueNames: names === "unique",
    proof: kind.sentIn ? { sentIn: kind.sentIn } : undefined,
    guard: kind.beforeCreate ? { beforeCreate: kind.beforeCreate } : undefined,
    completion: kind.afterCreate ? { afterCreate: kind.afterCreate } : undefined,
    listEntryReads: kind.listEntryReads,
    adoptReadsShared: kind.adoptReadsShared === true,
    /** Whether an update's base is the last known state (no read before its write). */
    updatesFromState: kind.updateBase === "state",
    replacedBy: (olds: Partial<ObjectOutputs>, news: ObjectInputs): string[] =>
      kind.replacedBy?.(olds, news) ?? [],
    extraChecks: (wire: Record<string, unknown>): Failure[] => kind.extraChecks?.(wire) ?? [],
  };
}
