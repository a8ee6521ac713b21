/**
 * What a kind of "object in a shield zone" (a rate-limit rule, a custom WAF rule) declares to
 * the one engine that manages such objects (engine.ts). The engine owns the safety rules
 * (docs/resources.md, "Ownership"): identity is the object id; adopt by id; a name is unique
 * in a zone and checked before any write; an object is never taken over by name; "gone" only
 * on confirmed evidence; a 202 is pending and read back; an unknown outcome is never
 * re-sent blindly; claims within a run; `origin` kept. A kind brings only what is its own.
 *
 * Inside the engine, field names are those of the rule-shaped objects (`ruleId`, `ruleName`,
 * `ruleDescription`, `ruleConfiguration`). A kind whose public fields are named otherwise (an
 * access list: `listId`, `name`, `entries`) declares its words for messages ({@link Words})
 * and maps its inputs and state at the provider boundary (fields.ts).
 */
import type { SchemaRef } from "edgeplatform-client/spec/runtime";
import type { AcceptedResult } from "edgeplatform-client/spec/runtime";
import type { Failure } from "../common";
import type { IdForm } from "./ids";
import type { Parent } from "./parent";
import type { ObjectInputs, ObjectOutputs } from "./state";

/** An object's id on the platform: a number, or a string (a GUID). */
export type ObjectId = number | string;

/** An object as the platform returns it: an id, its zone, a name, a configuration. */
export interface ZoneObject<I extends ObjectId = ObjectId> {
  id: I;
  shieldZoneId: number;
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleConfiguration?: Record<string, unknown> | null;
  /**
   * Values the platform reports beside the managed fields (an access list's
   * `configurationId`, entry count, …): copied into the state as they are. Rules have none.
   */
  reported?: Record<string, unknown>;
}

/**
 * Answer of a create or update: the object (200), the platform's 202 `AcceptedResult`, or
 * `unnamed`: the write was applied but the answer does not name the object (a DNS record's
 * PUT answered with its zone), so the engine finds it as after a 202 that names none.
 */
export type ZoneObjectWrite<O> =
  { status: 200; rule: O } | { status: 202; accepted: AcceptedResult } | { status: "unnamed" };

/** The calls the engine makes for a kind (the client's methods; retries are theirs). */
export interface ZoneObjectEndpoints<O extends ZoneObject> {
  /**
   * GET one object; throws a not-found error when it is gone. `zone` is its shield zone when
   * known (an API whose paths hold the zone needs it).
   */
  get(id: O["id"], zone?: number): Promise<O>;
  /**
   * A refresh's read of one object, when it differs from `get` (access lists: the zone's
   * listing is shared by the reads of one refresh, zone-reads.ts). Undefined: `get`.
   */
  read?(id: O["id"], zone: number): Promise<O>;
  /** POST a new object (never retried blindly by the engine: an unknown outcome is looked up). */
  create(body: Record<string, unknown>): Promise<ZoneObjectWrite<O>>;
  /**
   * PATCH whole top-level values (safe to repeat). `current` is the object as just read (the
   * body was planned against it).
   */
  update(id: O["id"], body: Record<string, unknown>, current: O): Promise<ZoneObjectWrite<O>>;
  /**
   * DELETE one object (`zone`: its shield zone, when known). An answer with `statusCode: 202`
   * (accepted, applied later) is read back until the object is not found.
   */
  delete(id: O["id"], zone?: number): Promise<unknown>;
  /** Every object of a zone, all pages of `perPage` objects (default: the client's 100). */
  listZone(zone: number, perPage?: number): Promise<O[]>;
}

/** The configuration's field semantics (plan.ts): enumerations, nullables, required fields. */
export interface ConfigurationFields {
  /** Enumerations by field: names are kept in state, integers go on the wire. */
  enums: Record<string, Record<string, number>>;
  /** Enumeration names → integers (copy), chained conditions included. */
  normalize(config: unknown): unknown;
  /** Fields the API declares nullable: `null`, `[]` and `{}` are one value. */
  nullable: ReadonlySet<string>;
  /** Fields a new object cannot exist without (`variableTypes`: at least one variable). */
  requiredForCreate: readonly string[];
}

/**
 * The words a kind's messages use: what one object is called (`rule`), several (`rules`), and
 * its public id and name fields (`ruleId`, `ruleName`). Its parent's words are the parent's
 * ({@link Parent}).
 */
export interface Words {
  one: string;
  many: string;
  id: string;
  name: string;
}

/** A kind's words with its parent's: what the parent is called and its public field. */
export interface MessageWords extends Words {
  /** What the parent of an object is called (`shield zone`, `DNS zone`). */
  zone: string;
  /** The public field that places a new object in a parent (`shieldZoneId`, `zoneId`). */
  zoneId: string;
}

/** The words of a kind's messages, its parent's included. */
export const wordsOf = (kind: { words: Words; parent: Parent }): MessageWords => ({
  ...kind.words,
  zone: kind.parent.word,
  zoneId: kind.parent.field,
});

/** One kind of zone object, as the engine needs it. */
export interface ZoneObjectKind<O extends ZoneObject = ZoneObject> {
  /** Type name in messages and labels (`RateLimitRule`). */
  typeName: string;
  /** What one object is called in messages (`rate-limit rule`). */
  noun: string;
  /** Words of messages and public field names. */
  words: Words;
  /** The parent of its objects: how a program addresses it, and its words. */
  parent: Parent;
  /** How its ids look: numbers (default) or strings (GUIDs). */
  ids?: IdForm;
  /** Namespace of this kind's claims within a run (ids of two kinds may be equal). */
  claimKey: string;
  /** The configuration's field semantics. */
  config: ConfigurationFields;
  /**
   * JSON schema of the configuration (wire form, after enumeration names are turned into
   * integers), by reference to a schema module's export (precompiled: `spec/precompiled.ts`).
   */
  configurationSchema: SchemaRef;
  /** Checks of the configuration that a schema cannot say (e.g. a count above 0). */
  extraChecks?(wire: Record<string, unknown>): Failure[];
  /** The platform calls. */
  endpoints: ZoneObjectEndpoints<O>;
  /**
   * Whether an entry of `zone`'s list reads exactly like the object's GET (then a refresh reads
   * the objects of a zone with its list: zone-reads.ts). Undefined: every read is a GET.
   */
  listEntryReads?(entry: O, zone: number): boolean;
  /**
   * Whether an adopting create (by id) reads the object as a refresh does (`endpoints.read`:
   * the zone's answer shared by the reads of a run, zone-reads.ts) instead of a GET of its
   * own: for a kind whose GET is its zone's whole answer (DNS records), N adopts of one zone
   * then make one call. The session rules keep it fresh: no answer from before this process's
   * last write of a zone object, or older than the session window, serves an adopt; the write
   * an adopt makes (a field that differs) ends the sessions as every write does.
   */
  adoptReadsShared?: boolean;
  /**
   * Runs just before a POST, after the name check (e.g. a plan limit); throws to refuse:
   * nothing is written. `listed` is the zone as listed for the name check, `createdInRun`
   * the ids this run created in the zone since.
   */
  beforeCreate?(ctx: {
    zone: number;
    listed: readonly O[];
    createdInRun: readonly O["id"][];
    what: string;
    /** The program's inputs (after `check`). */
    inputs: ObjectInputs;
  }): Promise<void>;
  /**
   * Runs after the object exists (a 200, a 202 read back, or found after an unknown outcome)
   * and returns it as the state should record it, e.g. after a second write a POST cannot
   * carry. Throws a `PartialCreateError` (recovery.ts) when that write fails: the id is kept.
   */
  afterCreate?(ctx: { object: O; zone: number; inputs: ObjectInputs; what: string }): Promise<O>;
  /**
   * Whether names are unique in a zone: `"unique"` (default: rules, lists; the zone is checked
   * for the name before a create or rename, and a 202 that names no object is resolved by
   * name) or `"shared"` (a DNS zone, where a round-robin set is several records of one name:
   * no name check and no name claim; "no take-over" works by id only, and an object whose
   * create answer was lost or named nothing is found by {@link sentIn} alone).
   */
  names?: "unique" | "shared";
  /**
   * Proof that `object` is what a create sent (`body`, the POST's body): every field sent holds
   * the value sent. Declared, a create whose outcome is unknown (a timeout or 5xx after the
   * POST, or an answer that names no object) is recovered by proof, never by name: the
   * objects of the zone that were not there before the POST and that no resource of this run
   * claims are listed; exactly one of them holding every field sent is adopted as created;
   * any other count fails naming the candidates and the way out (nothing forgotten, nothing
   * re-sent). Required with `names: "shared"`.
   */
  sentIn?(object: O, body: Record<string, unknown>): boolean;
  /**
   * Fields whose change replaces the resource besides its identity (what the platform
   * cannot change in place), in public names; undefined or empty: none.
   */
  replacedBy?(olds: Partial<ObjectOutputs>, news: ObjectInputs): string[];
}
