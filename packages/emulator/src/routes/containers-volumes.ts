/**
 * Magic Containers volume templates beyond containers.ts: resize or rename (PATCH; a volume
 * never shrinks: 400 naming `size`), detach every instance, delete one detached instance.
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { MC_BODIES } from "../containers-document";
import { appNotFound, findApp, idParams, refused } from "../containers-views";

const params = idParams;

type VP = { Params: { appId: string; volumeId: string } };

/** Registers the volume routes of this module. */
export function registerContainerVolumeRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  /** The volume template the request names, or the answer to its absence. */
  const locate = (req: { url: string; params: VP["Params"] }, reply: FastifyReply) => {
    const path = pathOf(req.url);
    const a = findApp(ctx, req.params.appId);
    if (!a) return { answer: appNotFound(reply, path, req.params.appId) };
    const v = a.volumes.find((x) => x.id === req.params.volumeId);
    if (!v)
      return {
        answer: sendError(
          reply,
          path,
          404,
          `Volume template ${req.params.volumeId} of application ${a.id} was not found`,
          { key: "not_found.volume", shape: "B" },
        ),
      };
    return { v };
  };

  app.patch<VP & { Body: { name?: string | null; size?: number | null } }>(
    "/mc/apps/:appId/volumes/:volumeId",
    { schema: { params: params("appId", "volumeId"), body: MC_BODIES.PatchVolumeRequest } },
    async (req, reply) => {
      const at = locate(req, reply);
      if (!("v" in at)) return at.answer;
      const v = at.v!;
      const { name, size } = req.body;
      if (size != null && size < v.size)
        return refused(reply, pathOf(req.url), [
          { field: "size", message: `a volume never shrinks: ${size} is below ${v.size}` },
        ]);
      if (name != null) v.name = name;
      if (size != null) {
        v.size = size;
        for (const i of v.volumeInstances) i.size = size;
      }
      ctx.store.commit();
      return { name: v.name, size: v.size };
    },
  );

  app.post<VP>(
    "/mc/apps/:appId/volumes/:volumeId/detach",
    { schema: { params: params("appId", "volumeId") } },
    async (req, reply) => {
      const at = locate(req, reply);
      if (!("v" in at)) return at.answer;
      const v = at.v!;
      for (const i of v.volumeInstances) {
        i.attachedContainers = [];
        i.status = "detached";
      }
      v.attachedInstancesCount = 0;
      ctx.store.commit();
      return { name: v.name };
    },
  );

  app.delete<{ Params: VP["Params"] & { instanceId: string } }>(
    "/mc/apps/:appId/volumes/:volumeId/instances/:instanceId",
    { schema: { params: params("appId", "volumeId", "instanceId") } },
    async (req, reply) => {
      const at = locate(req, reply);
      if (!("v" in at)) return at.answer;
      const v = at.v!;
      const path = pathOf(req.url);
      const inst = v.volumeInstances.find((i) => i.id === req.params.instanceId);
      if (!inst)
        return sendError(
          reply,
          path,
          404,
          `Volume instance ${req.params.instanceId} was not found`,
          {
            key: "not_found.volume_instance",
            shape: "B",
          },
        );
      if (inst.attachedContainers.length > 0)
        return refused(reply, path, [
          {
            field: "instanceId",
            message: `${inst.id} is attached to ${inst.attachedContainers.join(", ")}; detach it first`,
          },
        ]);
      v.volumeInstances = v.volumeInstances.filter((i) => i !== inst);
      v.totalInstancesCount = v.volumeInstances.length;
      ctx.store.commit();
      return { id: inst.id };
    },
  );
}
