/**
 * Magic Containers endpoints (`/mc/apps/{appId}/endpoints`, added per container): list (profile
 * `mcListOrder`), add, update (the endpoint keeps its id and public host) and delete.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { MC_BODIES } from "../containers-document";
import { checkContainers, endpointFrom, type EndpointBody } from "../containers-build";
import { appNotFound, findApp, idParams, ordered, refused } from "../containers-views";
import type { McApp } from "../state-containers";
import { startDeployment } from "../state-containers";
import { appParams } from "./containers-apps";

const params = (second: string) => idParams("appId", second);

/** Registers the endpoint routes. */
export function registerContainerEndpointRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const s = () => ctx.store.state;
  const changed = (a: McApp) => {
    if (a.deployment !== null) startDeployment(a, ctx.now());
    ctx.store.commit();
  };
  /** The emulator's checks of one endpoint request (fields named from the body's root). */
  const check = (a: McApp, b: EndpointBody) =>
    checkContainers(s(), [{ endpoints: [b] }], new Set(a.volumes.map((v) => v.name)), () => "").map(
      (e) => ({ ...e, field: e.field.replace(/^\.endpoints\[0\]\.?/, "") || "endpoint" }),
    );
  const notFound = (reply: FastifyReply, path: string, what: string, id: string, appId: string) =>
    sendError(reply, path, 404, `${what} ${id} of application ${appId} was not found`, {
      key: `not_found.${what.toLowerCase()}`,
      shape: "B",
    });

  /** The application and the container holding the endpoint, or the answer to their absence. */
  const owner = (
    req: { url: string; params: { appId: string; endpointId: string } },
    reply: FastifyReply,
  ) => {
    const path = pathOf(req.url);
    const a = findApp(ctx, req.params.appId);
    if (!a) return { answer: appNotFound(reply, path, req.params.appId) };
    const c = (a.containerTemplates ?? []).find((x) =>
      x.endpoints.some((e) => e.id === req.params.endpointId),
    );
    if (!c) return { answer: notFound(reply, path, "Endpoint", req.params.endpointId, a.id) };
    return { a, c };
  };

  app.get<{ Params: { appId: string } }>(
    "/mc/apps/:appId/endpoints",
    { schema: { params: appParams } },
    async (req, reply) => {
      const a = findApp(ctx, req.params.appId);
      if (!a) return appNotFound(reply, pathOf(req.url), req.params.appId);
      const items = (a.containerTemplates ?? []).flatMap((c) =>
        c.endpoints.map((e) => ({ ...e, containerName: c.name, containerId: c.id })),
      );
      const list = ordered(ctx, items, (e) => e.displayName);
      return { items: list, meta: { totalItems: list.length }, cursor: null };
    },
  );

  app.post<{ Params: { appId: string; containerId: string }; Body: EndpointBody }>(
    "/mc/apps/:appId/containers/:containerId/endpoints",
    { schema: { params: params("containerId"), body: MC_BODIES.EndpointRequest } },
    async (req, reply) => {
      const path = pathOf(req.url);
      const a = findApp(ctx, req.params.appId);
      if (!a) return appNotFound(reply, path, req.params.appId);
      const c = (a.containerTemplates ?? []).find((x) => x.id === req.params.containerId);
      if (!c) return notFound(reply, path, "Container", req.params.containerId, a.id);
      const errors = check(a, req.body);
      if (errors.length) return refused(reply, path, errors);
      const e = endpointFrom(s(), req.body);
      c.endpoints.push(e);
      changed(a);
      return reply.code(201).send({ id: e.id });
    },
  );

  app.put<{ Params: { appId: string; endpointId: string }; Body: EndpointBody }>(
    "/mc/apps/:appId/endpoints/:endpointId",
    { schema: { params: params("endpointId"), body: MC_BODIES.EndpointRequest } },
    async (req, reply) => {
      const at = owner(req, reply);
      if (!at.a) return at.answer;
      const { a, c } = at;
      const errors = check(a, req.body);
      if (errors.length) return refused(reply, pathOf(req.url), errors);
      const i = c.endpoints.findIndex((e) => e.id === req.params.endpointId);
      const old = c.endpoints[i];
      c.endpoints[i] = { ...endpointFrom(s(), req.body), id: old.id, publicHost: old.publicHost };
      changed(a);
      return reply.code(200).send();
    },
  );

  app.delete<{ Params: { appId: string; endpointId: string } }>(
    "/mc/apps/:appId/endpoints/:endpointId",
    { schema: { params: params("endpointId") } },
    async (req, reply) => {
      const at = owner(req, reply);
      if (!at.a) return at.answer;
      const { a, c } = at;
      c.endpoints = c.endpoints.filter((e) => e.id !== req.params.endpointId);
      changed(a);
      return reply.code(200).send();
    },
  );
}
