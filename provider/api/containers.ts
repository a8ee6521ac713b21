/** Containers API (`/mc`): registries, application region settings, volumes. */
import type {
  ContainerRegistry,
  RegionSettings,
  VolumeDeletionResult,
  VolumeList,
} from "../schema";
import type { EndpointDef, Transport } from "./transport";

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
  },
  deleteVolumeInstances: {
    operation: "containers.deleteVolumeInstances",
    method: "DELETE",
    path: "/mc/apps/{appId}/volumes/{volumeId}",
  },
} as const satisfies Record<string, EndpointDef>;

/** Containers area of the {@link Client}. */
export class ContainersApi {
  /** @internal Use `client.containers`. */
  constructor(private readonly t: Transport) {}

  /** Reads one container registry (GET `/mc/registries/{registryId}`). */
  async getRegistry(registryId: number): Promise<ContainerRegistry> {
    const res = await this.t.call<ContainerRegistry>(containersEndpoints.getRegistry, {
      params: { registryId },
    });
    return res.data;
  }

  /** Reads the region settings of an application (GET `/mc/apps/{appId}/region-settings`). */
  async getRegionSettings(appId: string): Promise<RegionSettings> {
    const res = await this.t.call<RegionSettings>(containersEndpoints.getRegionSettings, {
      params: { appId },
    });
    return res.data;
  }

  /** Lists the volume templates of an application with their instances. */
  async listVolumes(appId: string): Promise<VolumeList> {
    const res = await this.t.call<VolumeList>(containersEndpoints.listVolumes, {
      params: { appId },
    });
    return res.data;
  }

  /**
   * Deletes every instance of a volume template (DELETE `/mc/apps/{appId}/volumes/{volumeId}`).
   * All instances must be detached first (else 400, problem shape B).
   */
  async deleteVolumeInstances(appId: string, volumeId: string): Promise<VolumeDeletionResult> {
    const res = await this.t.call<VolumeDeletionResult>(containersEndpoints.deleteVolumeInstances, {
      params: { appId, volumeId },
    });
    return res.data;
  }
}
