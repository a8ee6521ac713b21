/** Containers API (`/mc`): registries, application region settings, volumes. */
import type { ContainerRegistry, RegionSettings, VolumeDeletionResult, VolumeList } from "../spec";
import type { EndpointDef, Caller, RequestOptions } from "./transport";

/** Endpoint definitions of the containers area. */
export const containersEndpoints = {
  getRegistry: {
    operation: "containers.getRegistry",
    method: "GET",
    path: "/mc/registries/{registryId}",
  },
  getRegionSettings: {
    operation: "containers.getRegionSettings",
    method: "GET",
    path: "/mc/apps/{appId}/region-settings",
  },
  listVolumes: {
    operation: "containers.listVolumes",
    method: "GET",
    path: "/mc/apps/{appId}/volumes",
    validate: (b) => (Array.isArray(b.items) ? undefined : 'no "items" array in the volume list'),
  },
  deleteVolumeInstances: {
    operation: "containers.deleteVolumeInstances",
    method: "DELETE",
    path: "/mc/apps/{appId}/volumes/{volumeId}",
    // Not repeatable: a DELETE whose outcome is unknown may have deleted the instances
    // already; the caller lists the volumes instead of re-sending it.
    idempotent: false,
    // The answer is informational ({ids}); an empty one does not undo the deletion.
    allowEmpty: true,
  },
} as const satisfies Record<string, EndpointDef>;

/** Containers area of the {@link Client}. */
export class ContainersApi {
  /** @internal Use `client.containers`. */
  constructor(private readonly t: Caller) {}

  /** Reads one container registry (GET `/mc/registries/{registryId}`). */
  async getRegistry(registryId: number, opts?: RequestOptions): Promise<ContainerRegistry> {
    const res = await this.t.call<ContainerRegistry>(
      containersEndpoints.getRegistry,
      {
        params: { registryId },
      },
      opts,
    );
    return res.data;
  }

  /** Reads the region settings of an application (GET `/mc/apps/{appId}/region-settings`). */
  async getRegionSettings(appId: string, opts?: RequestOptions): Promise<RegionSettings> {
    const res = await this.t.call<RegionSettings>(
      containersEndpoints.getRegionSettings,
      {
        params: { appId },
      },
      opts,
    );
    return res.data;
  }

  /** Lists the volume templates of an application with their instances. */
  async listVolumes(appId: string, opts?: RequestOptions): Promise<VolumeList> {
    const res = await this.t.call<VolumeList>(
      containersEndpoints.listVolumes,
      {
        params: { appId },
      },
      opts,
    );
    return res.data;
  }

  /**
   * Deletes every instance of a volume template (DELETE `/mc/apps/{appId}/volumes/{volumeId}`).
   * All instances must be detached first (else 400, problem shape B).
   */
  async deleteVolumeInstances(
    appId: string,
    volumeId: string,
    opts?: RequestOptions,
  ): Promise<VolumeDeletionResult> {
    const res = await this.t.call<VolumeDeletionResult>(
      containersEndpoints.deleteVolumeInstances,
      {
        params: { appId, volumeId },
      },
      opts,
    );
    return res.data;
  }
}
