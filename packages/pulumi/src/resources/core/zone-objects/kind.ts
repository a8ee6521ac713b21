/**
 * What a kind of "object in a parent" (an object of a zone, a record of a DNS zone, …) declares to the one engine that manages such objects (engine.ts).
 * The engine owns the safety rules (docs/resources.md, "Ownership"): identity is the object
 * id; adopt by id; a name is unique in a parent (unless the kind shares names) and checked
 * before any write; an object is never taken over by name; "gone" only
 * on confirmed evidence; a 202 is pending and read back; an unknown outcome is never
 * re-sent blindly; claims within a run; `origin` kept. A kind brings only what is its own.
 *
 * The engine's object has neutral names ({@link ZoneObject}: `id`, `parentId`, `name`,
 * `description`, `fields`): each kind's endpoints map between the platform's wire form and
 * it. Its inputs and state (state.ts) have the same neutral names. A kind declares its words
 * for messages ({@link Words}: its public id and name fields among them) and its public
 * spelling once ({@link Spelling}: its description field, a nested or flat configuration,
 * how an import id names the parent); the one boundary (boundary.ts, spelling.ts) applies
 * them to its inputs, state, diffs and messages.
 */
import type { SchemaRef } from "edgeplatform-client/spec/runtime";
import type { AcceptedResult } from "edgeplatform-client/spec/runtime";
import type { KindCapabilities } from "./capabilities";
import type { IdForm } from "./ids";
import type { Parent } from "./parent";
import type { Spelling } from "./spelling";

/** An object's id on the platform: a number, or a string (a GUID). */
export type ObjectId = number | string;

/**
 * An object as the engine holds it, in neutral names (a kind's endpoints map the platform's
 * wire form to it and back): its id, its parent's id, a name, a description, its fields.
 */
export interface ZoneObject<I extends ObjectId = ObjectId> {
  id: I;
  parentId: number;
  name?: string | null;
  description?: string | null;
  fields?: Record<string, unknown> | null;
  /**
   * Values the platform reports beside the managed fields (an access list's
   * `configurationId`, entry count, …): copied into the state as they are. Most kinds have none.
   */
  reported?: Record<string, unknown>;
}

/**
 * Answer of a create or update: the object (200), the platform's 202 `AcceptedResult`, or
 * `unnamed`: the write was applied but the answer does not name the object (a DNS record's
 * PUT answered with its zone), so the engine finds it as after a 202 that names none.
 */
export type ZoneObjectWrite<O> =
  { status: 200; object: O } | { status: 202; accepted: AcceptedResult } | { status: "unnamed" };

/** The calls the engine makes for a kind (the client's methods; retries are theirs). */
export interface ZoneObjectEndpoints<O extends ZoneObject> {
  /**
   * GET one object; throws a not-found error when it is gone. `zone` is its parent when
   * known (an API whose paths hold the zone needs it).
   */
  get(id: O["id"], zone?: number): Promise<O>;
  /**
   * A refresh's read of one object, when it differs from `get` (access lists: the zone's
   * listing is shared by the reads of one refresh, zone-reads.ts). Undefined: `get`.
   */
  read?(id: O["id"], zone: number): Promise<O>;
  /**
   * POST a new object (never retried blindly by the engine: an unknown outcome is looked up).
   * `body` in neutral names: `parentId`, `name`, `description` (when given), `fields`.
   */
  create(body: Record<string, unknown>): Promise<ZoneObjectWrite<O>>;
  /**
   * PATCH whole top-level values (safe to repeat), `body` in neutral names (`name`,
   * `description`, `fields`). `current` is the object as just read (the body was planned
   * against it).
   */
  update(id: O["id"], body: Record<string, unknown>, current: O): Promise<ZoneObjectWrite<O>>;
  /**
   * DELETE one object (`zone`: its parent, when known; `reported`: what the state recorded
   * the platform reporting of it, when it did). An answer with `statusCode: 202` (accepted,
   * applied later) is read back until the object is not found.
   */
  delete(id: O["id"], zone?: number, reported?: Record<string, unknown>): Promise<unknown>;
  /**
   * Every object of a zone, all pages of `perPage` objects (default: the client's 100).
   * Optional when the parent lists its children itself ({@link Parent.listChildren}).
   */
  listZone?(zone: number, perPage?: number): Promise<O[]>;
}

/**
 * A list of items compared item by item (a kind's list of conditions): an item's
 * field the program leaves out must hold the platform's default for a new item, never the
 * field of whatever item the platform holds at that position.
 */
export interface ItemList {
  /** The values a field of a new item may hold when the program leaves it out, by field. */
  defaults: Record<string, readonly unknown[]>;
  /** The items' enumeration fields (names in the state, integers on the wire). */
  enums: readonly string[];
}

/**
 * Shapes of configuration fields beyond plain values, declared by a kind (plan.ts applies
 * them); none by default.
 */
export interface FieldShapes {
  /**
   * Maps whose `null` entries mean "absent" (a map of variables to values): compared
   * without them; an empty map is no value (required: at least one entry; in a list item: the
   * default).
   */
  maps?: readonly string[];
  /** Lists compared item by item ({@link ItemList}), by field. */
  itemLists?: Record<string, ItemList>;
}

/** The configuration's field semantics (plan.ts): enumerations, nullables, required fields. */
export interface ConfigurationFields {
  /** Enumerations by field: names are kept in state, integers go on the wire. */
  enums: Record<string, Record<string, number>>;
  /** Enumeration names → integers (copy), chained conditions included. */
  normalize(config: unknown): unknown;
  /** Fields the API declares nullable: `null`, `[]` and `{}` are one value. */
  nullable: ReadonlySet<string>;
  /** Fields a new object cannot exist without (a map: at least one entry). */
  requiredForCreate: readonly string[];
  /** Shapes of fields beyond plain values (maps, lists compared by item); none by default. */
  shapes?: FieldShapes;
  /**
   * What `check` adds after the list of required fields, in the kind's words (`(variables
   * with at least one entry)`); none by default.
   */
  requiredNote?: string;
  /**
   * The form a field's value is compared in (after its wire form), when parts of it are never
   * reported by the platform (a certificate's private key): the program's value and the
   * platform's are equal when their forms are. The wire value keeps every part. Default: the
   * value itself.
   */
  compareForm?(field: string, value: unknown): unknown;
}

/**
 * The words a kind's messages use: what one object is called (`record`), several (`records`),
 * and its public id and name fields (`recordId`, `name`): the public spelling of the engine's
 * `id` and `name` too. Its parent's words are the parent's
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
  /** What the parent of an object is called (`DNS zone`). */
  zone: string;
  /** The public field that places a new object in a parent (`zoneId`). */
  zoneId: string;
}

/** The words of a kind's messages, its parent's included. */
export const wordsOf = (kind: { words: Words; parent: Parent }): MessageWords => ({
  ...kind.words,
  zone: kind.parent.word,
  zoneId: kind.parent.field,
});

/**
 * One kind of zone object, as the engine needs it: its identity, parent, words, fields and
 * endpoints, and the optional capabilities it declares (capabilities.ts).
 */
export interface ZoneObjectKind<O extends ZoneObject = ZoneObject> extends KindCapabilities<O> {
  /** Type name in messages and labels (`DnsRecord`). */
  typeName: string;
  /** What one object is called in messages (`DNS record`). */
  noun: string;
  /** Words of messages and public field names. */
  words: Words;
  /** The parent of its objects: how a program addresses it, and its words. */
  parent: Parent;
  /** Its public spelling of the engine's inputs and state (spelling.ts). */
  spelling: Spelling;
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
  /** The platform calls. */
  endpoints: ZoneObjectEndpoints<O>;
}
