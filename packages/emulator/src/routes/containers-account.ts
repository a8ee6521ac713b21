/**
 * Magic Containers account-wide reads and log forwarding: regions (a fixed catalogue), the
 * optimal base region, limits, nodes, an application's usage summary, overview and
 * statistics (quiet figures: the emulator runs nothing), and log forwarding configurations
 * (one per application, kept in the state under `mcLogForwarding`; the token is never stored
 * nor answered).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { MC_BODIES, MC_QUERIES } from "../containers-document";
import { appNotFound, findApp, MC_NODES, page } from "../containers-views";
import { appStatus, type McApp } from "../state-containers";
import { appParams } from "./containers-apps";

/** The regions the emulated platform offers. */
export const MC_REGIONS = [
  { id: "DE", name: "Frankfurt", group: "Europe", hasAnycastSupport: true, hasCapacity: true },
  { id: "UK", name: "London", group: "Europe", hasAnycastSupport: true, hasCapacity: true },
  {
    id: "NY",
    name: "New York",
    group: "North America",
    hasAnycastSupport: true,
    hasCapacity: true,
  },
  { id: "SG", name: "Singapore", group: "Asia", hasAnycastSupport: false, hasCapacity: true },
  { id: "JP", name: "Tokyo", group: "Asia", hasAnycastSupport: false, hasCapacity: false },
];

/**
 * The overview's regions: one pod per required region (else the first allowed one, else the
 * platform's first region), each with
 * every container's status; while the application is `failing`, a container whose image tag
 * starts with `fail` is `notStarted` with the reason `CrashLoopBackOff`, the others `ready`.
 * Nothing while undeployed.
 */
function overviewRegions(a: McApp, status: ReturnType<typeof appStatus>) {
  if (status === "inactive") return [];
  const s = a.regionSettings;
  const regions =
    s.requiredRegionIds.length > 0
      ? s.requiredRegionIds
      : s.allowedRegionIds.length > 0
        ? s.allowedRegionIds.slice(0, 1)
        : [MC_REGIONS[0].id];
  return regions.map((region) => ({
    region,
    status,
    pods: [
      {
        name: `pod-${a.id}-${region}`,
        status: status === "active" ? "ready" : "scheduled",
        containers: (a.containerTemplates ?? []).map((c) => {
          const failed = status === "failing" && c.imageTag.startsWith("fail");
          return {
            id: c.id,
            name: c.name,
            image: c.image,
            status: failed ? "notStarted" : status === "progressing" ? "started" : "ready",
            ...(failed
              ? { reason: "CrashLoopBackOff", message: `image ${c.image} exited at start` }
              : {}),
          };
        }),
      },
    ],
  }));
}

/** The account limits of the emulated platform. */
export const MC_LIMITS = {
  maxNumberOfApplications: 20,
  maxNumberOfRegionsPerApplication: 5,
  maxNumberOfInstancesPerRegion: 10,
  maxNumberOfInstancesPerApplication: 50,
  maxNumberOfVolumesPerApplication: 5,
  maxVolumeSize: 100,
};

const NODES = MC_NODES;

interface LogForwardingBody {
  app: string;
  type: string;
  endpoint: string;
  port: number;
  token?: string;
  format: string;
  enabled: boolean;
}

/** Registers the account and log forwarding routes. */
export function registerContainerAccountRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  /** Log forwarding configurations by application id (in the state: reset drops them). */
  const store = () => {
    const st = ctx.store.state as { mcLogForwarding?: Record<string, Record<string, unknown>> };
    return (st.mcLogForwarding ??= {});
  };
  const forwarding = {
    values: () => Object.values(store()),
    has: (id: string) => id in store(),
    get: (id: string) => store()[id] as Record<string, unknown> | undefined,
    set: (id: string, v: Record<string, unknown>) => {
      store()[id] = v;
      ctx.store.commit();
    },
    delete: (id: string) => {
      if (!(id in store())) return false;
      delete store()[id];
      ctx.store.commit();
      return true;
    },
  };
  const appP = { schema: { params: appParams } };

  app.get<{ Querystring: { nextCursor?: string; limit?: number } }>(
    "/mc/regions",
    { schema: { querystring: MC_QUERIES.ListRegions } },
    async (req) => page(MC_REGIONS, req.query),
  );
  app.get("/mc/regions/optimal", async () => ({ region: MC_REGIONS[0] }));
  app.get("/mc/limits", async () => ({
    ...MC_LIMITS,
    existingNumberOfApplications: ctx.store.state.apps.length,
  }));
  app.get<{ Querystring: { nextCursor?: string; limit?: number } }>(
    "/mc/nodes",
    { schema: { querystring: MC_QUERIES.ListNodes } },
    async (req) => page(NODES, req.query),
  );
  app.get("/mc/nodes/plain", async () => NODES);

  app.get<{ Params: { appId: string } }>("/mc/apps/:appId/summary", appP, async (req, reply) => {
    const a = findApp(ctx, req.params.appId);
    if (!a) return appNotFound(reply, pathOf(req.url), req.params.appId);
    return {
      averageLatency: 0,
      currentLatency: 0,
      totalVolumeSizeInGb: a.volumes.reduce((n, v) => n + v.size * v.volumeInstances.length, 0),
      monthlyCost: 0,
      latencyChart: {},
      status: appStatus(a, ctx.now(), ctx.profile),
    };
  });
  app.get<{ Params: { appId: string } }>("/mc/apps/:appId/overview", appP, async (req, reply) => {
    const a = findApp(ctx, req.params.appId);
    if (!a) return appNotFound(reply, pathOf(req.url), req.params.appId);
    const status = appStatus(a, ctx.now(), ctx.profile);
    return {
      desiredInstances: a.autoScaling?.min ?? 1,
      status,
      regions: overviewRegions(a, status),
    };
  });
  app.get<{ Params: { appId: string } }>(
    "/mc/apps/:appId/statistics",
    { schema: { params: appParams, querystring: MC_QUERIES.GetApplicationStatistics } },
    async (req, reply) => {
      const a = findApp(ctx, req.params.appId);
      if (!a) return appNotFound(reply, pathOf(req.url), req.params.appId);
      return {};
    },
  );

  app.get("/mc/log/forwarding", async () => ({ items: forwarding.values() }));
  const save = (b: LogForwardingBody, id: string) => {
    const { token: _token, ...rest } = b;
    const cfg = { id, ...rest, productId: "mc", createdAt: new Date(ctx.now()).toISOString() };
    forwarding.set(b.app, cfg);
    return cfg;
  };
  app.post<{ Body: LogForwardingBody }>(
    "/mc/log/forwarding",
    { schema: { body: MC_BODIES.CreateLogForwardingRequest } },
    async (req, reply) => {
      const path = pathOf(req.url);
      if (!findApp(ctx, req.body.app)) return appNotFound(reply, path, req.body.app);
      if (forwarding.has(req.body.app))
        return sendError(
          reply,
          path,
          400,
          `Application ${req.body.app} already forwards its logs`,
          {
            key: "log_forwarding_exists",
            shape: "B",
            fieldErrors: [{ field: "app", message: "already has a log forwarding configuration" }],
          },
        );
      return reply.code(201).send(save(req.body, `lf-${req.body.app}`));
    },
  );
  const missing = (reply: Parameters<typeof appNotFound>[0], path: string, appId: string) =>
    sendError(reply, path, 404, `Application ${appId} has no log forwarding configuration`, {
      key: "not_found.log_forwarding",
      shape: "B",
    });
  app.get<{ Params: { appId: string } }>(
    "/mc/log/forwarding/:appId",
    appP,
    async (req, reply) =>
      forwarding.get(req.params.appId) ?? missing(reply, pathOf(req.url), req.params.appId),
  );
  app.put<{ Params: { appId: string }; Body: LogForwardingBody }>(
    "/mc/log/forwarding/:appId",
    { schema: { params: appParams, body: MC_BODIES.CreateLogForwardingRequest } },
    async (req, reply) => {
      const old = forwarding.get(req.params.appId);
      if (!old) return missing(reply, pathOf(req.url), req.params.appId);
      return save({ ...req.body, app: req.params.appId }, String(old.id));
    },
  );
  app.delete<{ Params: { appId: string } }>(
    "/mc/log/forwarding/:appId",
    appP,
    async (req, reply) => {
      if (!forwarding.delete(req.params.appId))
        return missing(reply, pathOf(req.url), req.params.appId);
      return reply.code(204).send();
    },
  );
}
