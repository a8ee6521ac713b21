/**
 * Collection routes from a table: the list, get, create, update and delete of the objects of
 * a parent. The behaviour profile is applied here once for every collection: the write delay
 * (202 accepted, applied later, for the writes the table marks `deferred`), the 202 body
 * (naming the object or not), the answer to a missing object (404 or an embedded 200). The
 * table gives the paths, the id kind, the parent, the collection's own checks and its answers.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { acceptedResult, deleteAccepted } from "./common";
import { deferredWrite } from "./deferred-write";
import { collectionParams, type Id } from "./collection-params";
import type { CollectionTable, ItemAt, At, Op, Schema } from "./collection-table";

export type { Id, IdKind } from "./collection-params";
export { flatStore, type Store } from "./collection-store";
export type { At, CollectionTable, ItemAt, NotFound, Op } from "./collection-table";

/** Registers the routes of a collection table. */
export function registerCollection<T, P, C, U>(
  app: FastifyInstance,
  ctx: EmulatorContext,
  t: CollectionTable<T, P, C, U>,
): void {
  const engine = collectionEngine(ctx, t);
  const params = (over: Schema | undefined, withId: boolean) =>
    over ?? collectionParams(t.parent.param, t.parent.kind, withId ? t.id : undefined);
  const route = (
    method: string,
    url: string,
    schema: Schema,
    handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) => app.route({ method, url, schema, handler });
  const itemPath = t.get?.path ?? `${t.list?.path ?? t.create!.path}/:${t.id.param}`;

  if (t.list)
    route("GET", t.list.path, withQuery(params(t.list.params, false), t.list), engine.list);
  if (t.get) route("GET", t.get.path, { params: params(t.get.params, true) }, engine.get);
  if (t.create) {
    const p = t.parent.param ? { params: params(t.create.params, false) } : {};
    route(t.create.method, t.create.path, { ...p, body: t.create.body }, engine.create);
  }
  const update = t.update;
  if (update)
    for (const m of update.methods)
      route(m, itemPath, { params: params(update.params, true), body: update.body }, engine.update);
  if (t.delete) route("DELETE", itemPath, { params: params(t.delete.params, true) }, engine.delete);
}

const withQuery = (params: Schema, list: { querystring?: Schema }) =>
  list.querystring ? { params, querystring: list.querystring } : { params };

/** The handlers of a collection table (what applies the profile). */
function collectionEngine<T, P, C, U>(ctx: EmulatorContext, t: CollectionTable<T, P, C, U>) {
  const paramsOf = (req: FastifyRequest) => req.params as Record<string, Id>;
  const base = (req: FastifyRequest, reply: FastifyReply, parentId: Id) => ({
    req,
    reply,
    parentId,
  });

  /** The answer to a missing object, in the shape the table and the profile say. */
  const notFound = (req: FastifyRequest, reply: FastifyReply, id: Id, pid: Id, op: Op) => {
    const nf = t.notFound;
    const message = nf.message(id, pid);
    const embedded = nf.profiled && ctx.profile.notFoundAnswer === "embedded-200";
    if (embedded || nf.http404 === "body") {
      const error = { statusCode: 404, success: false, message, errorKey: nf.key };
      return reply.code(embedded ? 200 : 404).send(nf.body!(error, op));
    }
    return sendError(reply, pathOf(req.url), 404, message, { key: nf.key, shape: "A" });
  };

  /** The object the request names, or the answer to its absence. */
  const locate = (
    req: FastifyRequest,
    reply: FastifyReply,
    op: Op,
  ): { at: ItemAt<T, P> } | { answer: unknown } => {
    const profile = ctx.profile;
    const id = paramsOf(req)[t.id.param];
    const byId = (item: T) => t.id.of(item) === id;
    if (t.parent.param) {
      const pid = paramsOf(req)[t.parent.param];
      const parent = t.parent.find(req, pid);
      if (parent === undefined) return { answer: t.parent.missing(base(req, reply, pid), op) };
      const item = t.store.of(pid).find(byId);
      if (item === undefined) return { answer: notFound(req, reply, id, pid, op) };
      return { at: { req, reply, profile, parentId: pid, parent, id, item } };
    }
    const item = t.store.find(id);
    if (item === undefined) return { answer: notFound(req, reply, id, id, op) };
    const pid = t.parentIdOf!(item);
    if (!t.parent.sees!(req, pid)) return { answer: t.parent.missing(base(req, reply, pid), op) };
    return {
      at: { req, reply, profile, parentId: pid, parent: t.parent.find(req, pid), id, item },
    };
  };

  /** The parent the request names (path or create body), or the answer to its absence. */
  const parentAt = (
    req: FastifyRequest,
    reply: FastifyReply,
    op: Op,
    pid: Id,
  ): { at: At<P> } | { answer: unknown } => {
    const parent = t.parent.find(req, pid);
    if (parent === undefined) return { answer: t.parent.missing(base(req, reply, pid), op) };
    return { at: { req, reply, profile: ctx.profile, parentId: pid, parent } };
  };

  const accepted = (pid: Id, id: Id) => {
    const a = t.accepted!;
    return acceptedResult(ctx.profile.acceptedNamesRule, a.location(pid, id), id, a.unnamed);
  };

  return {
    get: async (req: FastifyRequest, reply: FastifyReply) => {
      const found = locate(req, reply, "get");
      return "answer" in found ? found.answer : t.get!.answer(found.at);
    },

    list: async (req: FastifyRequest, reply: FastifyReply) => {
      const param = t.list!.parentParam ?? t.parent.param!;
      const found = parentAt(req, reply, "list", paramsOf(req)[param]);
      return "answer" in found
        ? found.answer
        : t.list!.answer(found.at, t.store.of(found.at.parentId));
    },

    create: async (req: FastifyRequest, reply: FastifyReply) => {
      const c = t.create!;
      const body = req.body as C;
      const pid = t.parent.param ? paramsOf(req)[t.parent.param] : c.parentIdOf!(body);
      const found = parentAt(req, reply, "create", pid);
      if ("answer" in found) return found.answer;
      const at = found.at;
      const refused = c.check?.(at, body);
      if (refused !== undefined) return refused;
      const { id, make } = c.build(at, body);
      let item: T;
      return deferredWrite(ctx, reply, {
        delayable: c.deferred,
        reserves: true,
        now: () => {
          item = make();
          t.store.add(pid, item);
        },
        later: () => {
          // The parent went away (or the id was taken by a state PUT) meanwhile: dropped.
          if (!t.parent.exists(pid) || t.store.find(id) !== undefined) return false;
          t.store.add(pid, make());
          return true;
        },
        accepted: () => accepted(pid, id),
        done: () => c.answer(at, item),
      });
    },

    update: async (req: FastifyRequest, reply: FastifyReply) => {
      const u = t.update!;
      const found = locate(req, reply, "update");
      if ("answer" in found) return found.answer;
      const at = found.at;
      const body = req.body as U;
      const refused = u.check?.(at, body);
      if (refused !== undefined) return refused;
      let item = at.item;
      const applyTo = (target: T) => {
        const next = u.apply(target, body, at);
        if (next !== undefined) t.store.replace(at.parentId, at.id, next);
        return next ?? target;
      };
      return deferredWrite(ctx, reply, {
        delayable: u.deferred,
        now: () => void (item = applyTo(item)),
        later: () => {
          const cur = t.store.find(at.id);
          if (cur === undefined) return false; // deleted meanwhile
          applyTo(cur);
          return true;
        },
        accepted: () => accepted(at.parentId, at.id),
        done: () => u.answer(at, item),
      });
    },

    delete: async (req: FastifyRequest, reply: FastifyReply) => {
      const d = t.delete!;
      const found = locate(req, reply, "delete");
      if ("answer" in found) return found.answer;
      const at = found.at;
      const remove = () => t.store.remove(at.parentId, at.id);
      const message = d.deferred;
      // Accepted (the published 202): the object is still read and listed until applied.
      return deferredWrite(ctx, reply, {
        delayable: message !== false,
        now: remove,
        later: () => {
          if (t.store.find(at.id) === undefined) return false; // deleted meanwhile
          remove();
          return true;
        },
        accepted: () => deleteAccepted(message ? message(at.id) : ""),
        done: () => d.answer(at),
      });
    },
  };
}
