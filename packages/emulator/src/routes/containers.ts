/** Container routes (`/mc`): registries, region settings, volumes and volume-instance deletion. */
import type { FastifyInstance } from "fastify";
import type { Volume, VolumeDeletionResult, VolumeList } from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import type { Fault } from "../faults";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { int64Params } from "./common";
import { appNotFound, idParams } from "../containers-views";

const appParams = idParams("appId");
const volumeParams = idParams("appId", "volumeId");

/** A volume with its counters recomputed from its instances. */
function withCounts(v: Volume): Volume {
  return {
    ...v,
    totalInstancesCount: v.volumeInstances.length,
    attachedInstancesCount: v.volumeInstances.filter((i) => i.attachedContainers.length > 0).length,
  };
}

/** Registers the container routes. */
export function registerContainerRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const s = () => ctx.store.state;

  app.get<{ Params: { registryId: number } }>(
    "/mc/registries/:registryId",
    { schema: { params: int64Params("registryId") } },
    async (req, reply) => {
      const r = s().registries.find((x) => x.id === req.params.registryId);
      if (!r) {
        return sendError(
          reply,
          pathOf(req.url),
          404,
          `Container registry ${req.params.registryId} was not found`,
          {
            key: "not_found.registry",
            shape: "B",
          },
        );
      }
      return r;
    },
  );

  app.get<{ Params: { appId: string } }>(
    "/mc/apps/:appId/region-settings",
    { schema: { params: appParams } },
    async (req, reply) => {
      const a = s().apps.find((x) => x.id === req.params.appId);
      if (!a) return appNotFound(reply, pathOf(req.url), req.params.appId);
      return a.regionSettings;
    },
  );

  app.get<{ Params: { appId: string } }>(
    "/mc/apps/:appId/volumes",
    { schema: { params: appParams } },
    async (req, reply) => {
      const a = s().apps.find((x) => x.id === req.params.appId);
      if (!a) return appNotFound(reply, pathOf(req.url), req.params.appId);
      const list: VolumeList = {
        items: a.volumes.map(withCounts),
        meta: { totalItems: a.volumes.length },
      };
      return list;
    },
  );

  app.delete<{ Params: { appId: string; volumeId: string } }>(
    "/mc/apps/:appId/volumes/:volumeId",
    { schema: { params: volumeParams } },
    async (req, reply) => {
      const path = pathOf(req.url);
      const { appId, volumeId } = req.params;
      const a = s().apps.find((x) => x.id === appId);
      const v = a?.volumes.find((x) => x.id === volumeId);
      if (!a) return appNotFound(reply, path, appId);
      if (!v) {
        return sendError(
          reply,
          path,
          404,
          `Volume template ${volumeId} of application ${appId} was not found`,
          { key: "not_found.volume", shape: "B" },
        );
      }
      if (v.volumeInstances.length === 0) {
        return sendError(reply, path, 404, `Volume template ${volumeId} has no instances`, {
          key: "not_found.volume_instances",
          shape: "B",
        });
      }
      const attached = v.volumeInstances.filter((i) => i.attachedContainers.length > 0);
      if (attached.length > 0) {
        const names = attached.map(
          (i) => `${i.id} (attached to ${i.attachedContainers.join(", ")})`,
        );
        return sendError(
          reply,
          path,
          400,
          `Cannot delete the instances of volume ${volumeId}: detach them first: ${names.join("; ")}`,
          {
            key: "volume_instances_attached",
            fieldErrors: attached.map((i) => ({
              field: `volumeInstances.${i.id}`,
              message: `instance ${i.id} is attached to ${i.attachedContainers.join(", ")}; detach it first`,
            })),
          },
        );
      }
      // A fault's `applyFirst`: the platform failed part-way, after the first N instances.
      const limit = (req as { emuAfter?: Fault }).emuAfter?.applyFirst;
      const ids = v.volumeInstances.slice(0, limit).map((i) => i.id);
      v.volumeInstances = v.volumeInstances.slice(ids.length);
      v.totalInstancesCount = v.volumeInstances.length;
      v.attachedInstancesCount = 0;
      ctx.store.commit();
      const res: VolumeDeletionResult = { ids };
      return res;
    },
  );
}
