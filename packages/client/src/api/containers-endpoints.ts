/**
 * Endpoint definitions of the containers area (`/mc`), one per operation of the published
 * Magic Containers document (`CONTAINERS_OPERATIONS`, generated from it: a new or renamed
 * operation fails the generator, so this table cannot lag). Which writes may be repeated is
 * the generator's `METHODS` table: reads and PUT/PATCH/single-object DELETE are idempotent;
 * creations, deploy, undeploy, restart, pod recreation, volume detach and the deletion of all
 * instances of a volume template are not.
 */
import { CONTAINERS_OPERATIONS } from "../spec/containers-enums";
import type { EndpointDef } from "./transport";

/** The `client.containers` method names (one per operation). */
export type ContainersMethod =
  | "listApps"
  | "addApp"
  | "getApp"
  | "updateApp"
  | "patchApp"
  | "deleteApp"
  | "deployApp"
  | "undeployApp"
  | "restartApp"
  | "getAppStatistics"
  | "getAppSummary"
  | "getAppOverview"
  | "getAutoscaling"
  | "updateAutoscaling"
  | "getRegionSettings"
  | "updateRegionSettings"
  | "listRegistries"
  | "addRegistry"
  | "getRegistry"
  | "updateRegistry"
  | "deleteRegistry"
  | "searchPublicImages"
  | "listImages"
  | "listImageTags"
  | "getImageConfig"
  | "getImageDigest"
  | "getConfigSuggestions"
  | "addContainer"
  | "getContainer"
  | "patchContainer"
  | "deleteContainer"
  | "setContainerEnv"
  | "listEndpoints"
  | "addEndpoint"
  | "updateEndpoint"
  | "deleteEndpoint"
  | "listVolumes"
  | "updateVolume"
  | "deleteVolumeInstances"
  | "detachVolume"
  | "deleteVolumeInstance"
  | "recreatePod"
  | "listRegions"
  | "getOptimalRegion"
  | "getLimits"
  | "listNodes"
  | "listNodesPlain"
  | "listLogForwarding"
  | "addLogForwarding"
  | "getLogForwarding"
  | "updateLogForwarding"
  | "deleteLogForwarding";

/** What an endpoint adds to the document's facts. */
const EXTRA: Partial<Record<ContainersMethod, Partial<EndpointDef>>> = {
  listVolumes: {
    validate: (b) => (Array.isArray(b.items) ? undefined : 'no "items" array in the volume list'),
  },
  // The answer is informational ({ids}); an empty one does not undo the deletion.
  deleteVolumeInstances: { allowEmpty: true },
};

function endpointOf(o: (typeof CONTAINERS_OPERATIONS)[number]): EndpointDef {
  const m = o.clientMethod as ContainersMethod;
  return {
    operation: `containers.${m}`,
    method: o.method,
    path: `/mc${o.path}`,
    idempotent: o.idempotent,
    // An operation the document declares without an answer body may answer none.
    ...(o.answer === null ? { allowEmpty: true } : {}),
    ...(o.answer?.startsWith("array:") || o.clientMethod === "listNodesPlain"
      ? { bodyShape: "array" as const }
      : {}),
    ...EXTRA[m],
  };
}

/** Endpoint definitions of the containers area, by `client.containers` method. */
export const containersEndpoints: Readonly<Record<ContainersMethod, EndpointDef>> = Object.freeze(
  Object.fromEntries(CONTAINERS_OPERATIONS.map((o) => [o.clientMethod, endpointOf(o)])) as Record<
    ContainersMethod,
    EndpointDef
  >,
);
