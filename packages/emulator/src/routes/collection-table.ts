/** The table a collection's routes are declared with (`collection.ts` registers it). */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { GenericRequestResponse } from "edgeplatform-client/spec";
import type { BehaviourProfile } from "../profiles";
import type { Id, IdKind } from "./collection-params";
import type { Store } from "./collection-store";

/** The operations of a collection. */
export type Op = "get" | "list" | "create" | "update" | "delete";
/** A JSON schema (fastify validates with it). */
export type Schema = Record<string, unknown>;

/** Where a request stands: its parent, and the profile as it was when the request came. */
export interface At<P> {
  req: FastifyRequest;
  reply: FastifyReply;
  profile: BehaviourProfile;
  parentId: Id;
  /** The parent (undefined only for a flat collection whose object outlived its parent). */
  parent: P;
}

/** A request on one object. */
export interface ItemAt<T, P> extends At<P | undefined> {
  id: Id;
  item: T;
}

/** The answer to a missing object. */
export interface NotFound {
  key: string;
  message(id: Id, parentId: Id): string;
  /** Whether the profile's `notFoundAnswer` applies (404, or 200 with `body`); else a 404. */
  profiled: boolean;
  /** The 404: a problem document (shape A), or `body` with HTTP 404. */
  http404: "problem" | "body";
  /** The body that carries the failure (embedded answers). */
  body?(error: GenericRequestResponse, op: Op): unknown;
}

/** One collection's table. */
export interface CollectionTable<T, P, C = unknown, U = unknown> {
  /** The id's path parameter and kind, and an object's id. */
  id: { param: string; kind: IdKind; of(item: T): Id };
  parent: {
    /**
     * The path parameter naming the parent (`/zones/:zoneId/things/:id`); absent: an object is
     * found by its id alone and its parent is `parentIdOf` it (the create names it in the body).
     */
    param?: string;
    kind?: IdKind;
    /** The parent, when it exists and the request's key may see it. */
    find(req: FastifyRequest, parentId: Id): P | undefined;
    /** Whether the request's key may see the parent (an object found by its id alone). */
    sees?(req: FastifyRequest, parentId: Id): boolean;
    /** Whether the parent still exists (a delayed create is dropped when it does not). */
    exists(parentId: Id): boolean;
    /** The answer when the parent is missing or hidden from the key. */
    missing(at: Omit<At<P>, "parent" | "profile">, op: Op): unknown;
  };
  /** The parent of an object (a flat collection: no parent in the object's path). */
  parentIdOf?(item: T): Id;
  store: Store<T>;
  notFound: NotFound;
  /** The 202 of a delayed create or update: its location, and the body that names nothing. */
  accepted?: { location(parentId: Id, id: Id): string; unnamed: "full" | "short" };
  get?: { path: string; params?: Schema; answer(at: ItemAt<T, P>): unknown };
  list?: {
    path: string;
    /** The path parameter naming the parent, where the collection's object paths have none. */
    parentParam?: string;
    params?: Schema;
    querystring?: Schema;
    answer(at: At<P>, items: T[]): unknown;
  };
  create?: {
    method: "POST" | "PUT";
    path: string;
    params?: Schema;
    body: Schema;
    /** Where a flat collection's create names the parent. */
    parentIdOf?(body: C): Id;
    /** The collection's own refusal (its answer), or undefined. */
    check?(at: At<P>, body: C): unknown;
    /** Takes the id (and whatever else) now; `make` builds the object when it is stored. */
    build(at: At<P>, body: C): { id: Id; make(): T };
    /** Whether the profile's write delay applies. */
    deferred: boolean;
    answer(at: At<P>, item: T): unknown;
  };
  update?: {
    methods: ("PATCH" | "PUT" | "POST")[];
    params?: Schema;
    body: Schema;
    check?(at: ItemAt<T, P>, body: U): unknown;
    /** Changes `target` in place, or returns the object that replaces it. */
    apply(target: T, body: U, at: ItemAt<T, P>): T | void;
    deferred: boolean;
    answer(at: ItemAt<T, P>, item: T): unknown;
  };
  delete?: {
    params?: Schema;
    /** With the write delay: the message of the 202 (the published API's), or at once. */
    deferred: false | ((id: Id) => string);
    answer(at: ItemAt<T, P>): unknown;
  };
}
