/**
 * Magic Containers application lifecycle and settings (`/mc/apps/{appId}/…`): deploy,
 * undeploy, restart, recreation of one pod, autoscaling, and the region settings' write.
 * A deployment moves on the emulator clock (state-containers.ts, profile `mcDeployMs`).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { MC_BODIES } from "../containers-document";
import { checkAutoscaling } from "../containers-build";
import { appNotFound, findApp, idParams, instancesOf, refused } from "../containers-views";
import { appStatus, startDeployment } from "../state-containers";
import { appParams } from "./containers-apps";

type P = { Params: { appId: string } };

/** Registers the lifecycle and settings routes of applications. */
export function registerContainerDeployRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const schema = { params: appParams };

  app.post<P>("/mc/apps/:appId/deploy", { schema }, async (req, reply) => {
    const path = pathOf(req.url);
    const a = findApp(ctx, req.params.appId);
    if (!a) return appNotFound(reply, path, req.params.appId);
    if (appStatus(a, ctx.now(), ctx.profile) === "progressing")
      return sendError(reply, path, 409, `A deployment of ${a.id} is under way`, {
        key: "conflict.deployment_in_progress",
        shape: "B",
      });
    startDeployment(a, ctx.now());
    ctx.store.commit();
    return reply.code(200).send();
  });

  app.post<P>("/mc/apps/:appId/undeploy", { schema }, async (req, reply) => {
    const path = pathOf(req.url);
    const a = findApp(ctx, req.params.appId);
    if (!a) return appNotFound(reply, path, req.params.appId);
    if (a.deployment === null)
      return sendError(reply, path, 409, `Application ${a.id} is not deployed`, {
        key: "conflict.not_deployed",
        shape: "B",
      });
    a.deployment = null;
    ctx.store.commit();
    return reply.code(200).send();
  });

  app.post<P>("/mc/apps/:appId/restart", { schema }, async (req, reply) => {
    const a = findApp(ctx, req.params.appId);
    if (!a) return appNotFound(reply, pathOf(req.url), req.params.appId);
    // An undeployed application has nothing to restart: it stays inactive.
    if (a.deployment !== null) startDeployment(a, ctx.now());
    ctx.store.commit();
    return reply.code(200).send();
  });

  app.post<{ Params: { appId: string; podId: string } }>(
    "/mc/apps/:appId/pods/:podId/recreate",
    {
      schema: { params: idParams("appId", "podId") },
    },
    async (req, reply) => {
      const path = pathOf(req.url);
      const a = findApp(ctx, req.params.appId);
      if (!a) return appNotFound(reply, path, req.params.appId);
      if (!instancesOf(ctx, a).some((i) => i.podId === req.params.podId))
        return sendError(reply, path, 404, `Pod ${req.params.podId} of ${a.id} was not found`, {
          key: "not_found.pod",
          shape: "B",
        });
      if (appStatus(a, ctx.now(), ctx.profile) === "progressing")
        return sendError(reply, path, 409, `A deployment of ${a.id} is under way`, {
          key: "conflict.deployment_in_progress",
          shape: "B",
        });
      return reply.code(200).send();
    },
  );

  app.get<P>("/mc/apps/:appId/autoscaling", { schema }, async (req, reply) => {
    const a = findApp(ctx, req.params.appId);
    if (!a) return appNotFound(reply, pathOf(req.url), req.params.appId);
    return a.autoScaling ?? { min: 1, max: 1 };
  });

  app.put<P & { Body: { min: number; max: number } }>(
    "/mc/apps/:appId/autoscaling",
    { schema: { ...schema, body: MC_BODIES.AutoscalingSettings } },
    async (req, reply) => {
      const path = pathOf(req.url);
      const a = findApp(ctx, req.params.appId);
      if (!a) return appNotFound(reply, path, req.params.appId);
      const errors = checkAutoscaling(req.body, "autoScaling");
      if (errors.length) return refused(reply, path, errors);
      a.autoScaling = { min: req.body.min, max: req.body.max };
      ctx.store.commit();
      return reply.code(200).send();
    },
  );

  app.put<
    P & {
      Body: {
        allowedRegionIds?: string[] | null;
        requiredRegionIds?: string[] | null;
        maxAllowedRegions?: number | null;
      };
    }
  >(
    "/mc/apps/:appId/region-settings",
    { schema: { ...schema, body: MC_BODIES.UpdateRegionSettingsRequest } },
    async (req, reply) => {
      const path = pathOf(req.url);
      const a = findApp(ctx, req.params.appId);
      if (!a) return appNotFound(reply, path, req.params.appId);
      const b = req.body;
      const allowed = b.allowedRegionIds ?? a.regionSettings.allowedRegionIds;
      const required = b.requiredRegionIds ?? a.regionSettings.requiredRegionIds;
      const outside = required.filter((r) => !allowed.includes(r));
      if (outside.length)
        return refused(reply, path, [
          {
            field: "requiredRegionIds",
            message: `${outside.join(", ")} not in allowedRegionIds (${allowed.join(", ")})`,
          },
        ]);
      const max = b.maxAllowedRegions ?? a.regionSettings.maxAllowedRegions;
      a.regionSettings = {
        allowedRegionIds: allowed,
        requiredRegionIds: required,
        ...(max != null ? { maxAllowedRegions: max } : {}),
        provisioningType: a.regionSettings.provisioningType,
      };
      ctx.store.commit();
      return reply.code(200).send();
    },
  );
}
