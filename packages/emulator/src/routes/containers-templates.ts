/**
 * Magic Containers container templates (`/mc/apps/{appId}/containers/…`): add, get, patch,
 * delete, and the environment variables' PUT (name → value). Each change starts a deployment
 * of a deployed application. The last container of an application cannot be deleted (400).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { MC_BODIES } from "../containers-document";
import { checkContainers, containerFrom, type ContainerBody } from "../containers-build";
import { appNotFound, findApp, idParams, refused } from "../containers-views";
import type { McApp, McContainerState } from "../state-containers";
import { startDeployment } from "../state-containers";
import { appParams } from "./containers-apps";

const containerParams = idParams("appId", "containerId");

type CP = { Params: { appId: string; containerId: string } };

/** A deployed application redeploys after a change. */
function changed(ctx: EmulatorContext, a: McApp): void {
  if (a.deployment !== null) startDeployment(a, ctx.now());
  ctx.store.commit();
}

/** Registers the container template routes. */
export function registerContainerTemplateRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const s = () => ctx.store.state;

  /** The application and its container the request names, or the answer to their absence. */
  const locate = (
    req: { url: string; params: CP["Params"] },
    reply: FastifyReply,
  ): { a: McApp; c: McContainerState; i: number } | { answer: unknown } => {
    const path = pathOf(req.url);
    const a = findApp(ctx, req.params.appId);
    if (!a) return { answer: appNotFound(reply, path, req.params.appId) };
    const list = a.containerTemplates ?? [];
    const i = list.findIndex((x) => x.id === req.params.containerId);
    if (i === -1)
      return {
        answer: sendError(
          reply,
          path,
          404,
          `Container ${req.params.containerId} of application ${a.id} was not found`,
          { key: "not_found.container", shape: "B" },
        ),
      };
    return { a, c: list[i], i };
  };

  app.post<{ Params: { appId: string }; Body: ContainerBody }>(
    "/mc/apps/:appId/containers",
    { schema: { params: appParams, body: MC_BODIES.AddContainerRequest } },
    async (req, reply) => {
      const path = pathOf(req.url);
      const a = findApp(ctx, req.params.appId);
      if (!a) return appNotFound(reply, path, req.params.appId);
      const others = (a.containerTemplates ?? []).map((x) => x.name);
      const volumes = new Set(a.volumes.map((v) => v.name));
      const errors = checkContainers(s(), [req.body], volumes, () => "", others).map((e) => ({
        ...e,
        field: e.field.replace(/^\./, ""),
      }));
      if (errors.length) return refused(reply, path, errors);
      const c = containerFrom(s(), req.body);
      a.containerTemplates = [...(a.containerTemplates ?? []), c];
      changed(ctx, a);
      return reply.code(201).send(c);
    },
  );

  app.get<CP>(
    "/mc/apps/:appId/containers/:containerId",
    { schema: { params: containerParams } },
    async (req, reply) => {
      const at = locate(req, reply);
      return "answer" in at ? at.answer : at.c;
    },
  );

  app.patch<CP & { Body: ContainerBody }>(
    "/mc/apps/:appId/containers/:containerId",
    { schema: { params: containerParams, body: MC_BODIES.PatchContainerRequest } },
    async (req, reply) => {
      const at = locate(req, reply);
      if ("answer" in at) return at.answer;
      const { a, c, i } = at;
      const others = a.containerTemplates!.filter((x) => x.id !== c.id).map((x) => x.name);
      const volumes = new Set(a.volumes.map((v) => v.name));
      const errors = checkContainers(s(), [req.body], volumes, () => "", others).map((e) => ({
        ...e,
        field: e.field.replace(/^\./, ""),
      }));
      if (errors.length) return refused(reply, pathOf(req.url), errors);
      const next = containerFrom(s(), req.body, c);
      a.containerTemplates![i] = next;
      changed(ctx, a);
      return next;
    },
  );

  app.delete<CP>(
    "/mc/apps/:appId/containers/:containerId",
    { schema: { params: containerParams } },
    async (req, reply) => {
      const at = locate(req, reply);
      if ("answer" in at) return at.answer;
      const { a, c } = at;
      if (a.containerTemplates!.length === 1)
        return refused(reply, pathOf(req.url), [
          { field: "containerId", message: `${c.id} is the last container of ${a.id}` },
        ]);
      a.containerTemplates = a.containerTemplates!.filter((x) => x.id !== c.id);
      changed(ctx, a);
      return reply.code(200).send();
    },
  );

  app.put<CP & { Body: Record<string, string> }>(
    "/mc/apps/:appId/containers/:containerId/env",
    {
      schema: { params: containerParams, body: MC_BODIES.SetContainerEnvironmentVariables },
    },
    async (req, reply) => {
      const at = locate(req, reply);
      if ("answer" in at) return at.answer;
      const { a, c } = at;
      c.environmentVariables = Object.entries(req.body).map(([name, value]) => ({ name, value }));
      changed(ctx, a);
      return c;
    },
  );
}
