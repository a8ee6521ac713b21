/**
 * Magic Containers applications (`/mc/apps`): list, add, get, replace (PUT, profile
 * `mcAppPut`), patch and delete. Bodies are checked against the published shapes
 * (containers-document.ts) and then by the emulator's own rules (containers-build.ts); every
 * change of the configuration starts a deployment (state-containers.ts).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { MC_BODIES, MC_QUERIES } from "../containers-document";
import {
  checkAutoscaling,
  checkContainers,
  containerFrom,
  type ContainerBody,
  type McFieldError,
} from "../containers-build";
import {
  appListItem,
  appNotFound,
  appView,
  findApp,
  idParams,
  ordered,
  page,
  refused,
} from "../containers-views";
import type { McApp, McContainerState } from "../state-containers";
import { nextMcId, startDeployment } from "../state-containers";

/** Path parameters of one application. */
export const appParams = idParams("appId");

/** An application request (`AddApplicationRequest`, `PatchApplicationRequest`). */
interface AppBody {
  name?: string | null;
  runtimeType?: "shared" | "reserved";
  terminationGracePeriodSeconds?: number;
  autoScaling?: { min: number; max: number };
  regionSettings?: {
    allowedRegionIds?: string[] | null;
    requiredRegionIds?: string[] | null;
    maxAllowedRegions?: number | null;
  };
  containerTemplates?: ContainerBody[] | null;
  volumes?: { name: string; size: number }[] | null;
}

type Req = FastifyRequest<{ Params: { appId: string }; Body: AppBody }>;

/** Registers the application routes. */
export function registerContainerAppRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const s = () => ctx.store.state;

  app.get<{ Querystring: { nextCursor?: string; limit?: number } }>(
    "/mc/apps",
    { schema: { querystring: MC_QUERIES.ListApplications } },
    async (req) => {
      const apps = ordered(ctx, s().apps as McApp[], (a) => a.name ?? a.id);
      const p = page(apps, req.query);
      return { ...p, items: p.items.map((a) => appListItem(ctx, a)) };
    },
  );

  app.post<{ Body: AppBody }>(
    "/mc/apps",
    { schema: { body: MC_BODIES.AddApplicationRequest } },
    async (req, reply) => {
      const path = pathOf(req.url);
      const b = req.body;
      if (s().apps.some((a) => (a as McApp).name === b.name))
        return sendError(reply, path, 409, `An application named "${b.name}" exists`, {
          key: "conflict.app_name",
          shape: "B",
        });
      const errors = checkApp(ctx, b, undefined);
      if (errors.length) return refused(reply, path, errors);
      const a: McApp = {
        id: nextMcId(s(), "app"),
        name: b.name!,
        runtimeType: b.runtimeType!,
        terminationGracePeriodSeconds: b.terminationGracePeriodSeconds,
        autoScaling: b.autoScaling!,
        regionSettings: regionSettingsFrom(b.regionSettings ?? {}, undefined),
        containerTemplates: (b.containerTemplates ?? []).map((c) => containerFrom(s(), c)),
        volumes: volumesFrom(b.volumes ?? [], [], "replace"),
        deployment: null,
        createdSeq: s().apps.length,
      };
      startDeployment(a, ctx.now());
      s().apps.push(a);
      ctx.store.commit();
      return reply.code(201).send({ id: a.id });
    },
  );

  app.get<{ Params: { appId: string } }>(
    "/mc/apps/:appId",
    { schema: { params: appParams } },
    async (req, reply) => {
      const a = findApp(ctx, req.params.appId);
      return a ? appView(ctx, a) : appNotFound(reply, pathOf(req.url), req.params.appId);
    },
  );

  const write = (mode: "put" | "patch") => async (req: Req, reply: FastifyReply) => {
    const path = pathOf(req.url);
    const a = findApp(ctx, req.params.appId);
    if (!a) return appNotFound(reply, path, req.params.appId);
    const b = req.body;
    const merge = mode === "patch" || ctx.profile.mcAppPut === "merge";
    const errors = checkApp(ctx, b, a);
    if (errors.length) return refused(reply, path, errors);
    if (b.name != null) a.name = b.name;
    if (b.runtimeType) a.runtimeType = b.runtimeType;
    if (b.autoScaling) a.autoScaling = b.autoScaling;
    if (b.terminationGracePeriodSeconds !== undefined || !merge)
      a.terminationGracePeriodSeconds = b.terminationGracePeriodSeconds;
    if (b.regionSettings)
      a.regionSettings = regionSettingsFrom(b.regionSettings, merge ? a.regionSettings : undefined);
    if (b.volumes || !merge)
      a.volumes = volumesFrom(b.volumes ?? [], a.volumes, merge ? "merge" : "replace");
    if (b.containerTemplates || !merge)
      a.containerTemplates = containersFrom(ctx, b.containerTemplates ?? [], a, merge);
    if (a.deployment !== null) startDeployment(a, ctx.now());
    ctx.store.commit();
    return { id: a.id };
  };
  app.put<{ Params: { appId: string }; Body: AppBody }>(
    "/mc/apps/:appId",
    { schema: { params: appParams, body: MC_BODIES.AddApplicationRequest } },
    write("put"),
  );
  app.patch<{ Params: { appId: string }; Body: AppBody }>(
    "/mc/apps/:appId",
    { schema: { params: appParams, body: MC_BODIES.PatchApplicationRequest } },
    write("patch"),
  );

  app.delete<{ Params: { appId: string } }>(
    "/mc/apps/:appId",
    { schema: { params: appParams } },
    async (req, reply) => {
      const i = s().apps.findIndex((a) => a.id === req.params.appId);
      if (i === -1) return appNotFound(reply, pathOf(req.url), req.params.appId);
      s().apps.splice(i, 1);
      ctx.store.commit();
      return reply.code(200).send();
    },
  );
}

/** The emulator's own checks of an application request (`old`: the application changed). */
function checkApp(ctx: EmulatorContext, b: AppBody, old: McApp | undefined): McFieldError[] {
  const sent = b.containerTemplates ?? [];
  const volumeNames = new Set([
    ...(b.volumes ?? []).map((v) => v.name),
    ...(old?.volumes ?? []).map((v) => v.name),
  ]);
  const errors = checkContainers(
    ctx.store.state,
    sent,
    volumeNames,
    (i) => `containerTemplates[${i}]`,
  );
  sent.forEach((c, i) => {
    if (c.id != null && !(old?.containerTemplates ?? []).some((x) => x.id === c.id))
      errors.push({
        field: `containerTemplates[${i}].id`,
        message: `the application has no container ${c.id} (leave id out for a new container)`,
      });
    const isNew = c.id == null;
    if (isNew)
      for (const k of [
        "name",
        "imageName",
        "imageNamespace",
        "imageTag",
        "imageRegistryId",
      ] as const)
        if (c[k] == null)
          errors.push({
            field: `containerTemplates[${i}].${k}`,
            message: "required for a new container",
          });
  });
  if (b.autoScaling) errors.push(...checkAutoscaling(b.autoScaling, "autoScaling"));
  return errors;
}

/** The containers after a request: replaced by those sent, or merged by id (`merge`). */
function containersFrom(
  ctx: EmulatorContext,
  sent: ContainerBody[],
  a: McApp,
  merge: boolean,
): McContainerState[] {
  const old = a.containerTemplates ?? [];
  const next = sent.map((c) =>
    containerFrom(
      ctx.store.state,
      c,
      old.find((x) => x.id === c.id),
      merge,
    ),
  );
  if (!merge) return next;
  // Merged: the containers not sent stay, in their order; new ones come last.
  const changed = new Map(next.map((n) => [n.id, n]));
  return [
    ...old.map((o) => changed.get(o.id) ?? o),
    ...next.filter((n) => !old.some((o) => o.id === n.id)),
  ];
}

/** Volume templates after a request (instances of the kept templates stay). */
function volumesFrom(
  sent: { name: string; size: number }[],
  old: McApp["volumes"],
  mode: "merge" | "replace",
): McApp["volumes"] {
  const next = sent.map((v) => {
    const o = old.find((x) => x.name === v.name);
    return o
      ? { ...o, size: v.size }
      : {
          id: `vol-${v.name}`,
          name: v.name,
          size: v.size,
          totalInstancesCount: 0,
          attachedInstancesCount: 0,
          volumeInstances: [],
        };
  });
  if (mode === "replace") return next;
  return [...old.filter((o) => !sent.some((v) => v.name === o.name)), ...next];
}

/** Region settings after a request (`old`: merge the fields sent over it). */
function regionSettingsFrom(
  b: NonNullable<AppBody["regionSettings"]>,
  old: McApp["regionSettings"] | undefined,
): McApp["regionSettings"] {
  const max = b.maxAllowedRegions ?? old?.maxAllowedRegions;
  return {
    allowedRegionIds: b.allowedRegionIds ?? old?.allowedRegionIds ?? [],
    requiredRegionIds: b.requiredRegionIds ?? old?.requiredRegionIds ?? [],
    ...(max != null ? { maxAllowedRegions: max } : {}),
    provisioningType: old?.provisioningType ?? "static",
  };
}
