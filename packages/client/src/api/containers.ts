/**
 * Containers API (`/mc`, Magic Containers): applications and their containers, endpoints,
 * autoscaling, region settings and volumes; container registries and image look-ups; regions,
 * nodes, limits and log forwarding. One method per operation of the published document
 * (`containers-endpoints.ts`). A registry's password and the environment values a call sends
 * never appear in the error it throws (`containers-secrets.ts`).
 */
import type { ContainerRegistry, RegionSettings, VolumeDeletionResult, VolumeList } from "../spec";
import type {
  McAddApplicationRequest,
  McAddApplicationResponse,
  McAddContainerRequest,
  McApplication,
  McAutoscalingSettings,
  McContainerConfigSuggestions,
  McContainerImage,
  McContainerImageTag,
  McContainerRegistryRequest,
  McContainerTemplate,
  McCreateLogForwardingRequest,
  McDeleteVolumeInstanceResponse,
  McDetachVolumeResponse,
  McEndpointRequest,
  McGetContainerConfigSuggestionsRequest,
  McGetContainerImageDigestByTagRequest,
  McImageConfig,
  McImageTagInfo,
  McListApplicationsResponse,
  McListContainerImageExposedPortsRequest,
  McListContainerImageTagsRequest,
  McListContainerImagesRequest,
  McListContainerRegistriesResponse,
  McListEndpointsResponse,
  McListLogForwardingResponse,
  McListNodesResponse,
  McListRegionsResponse,
  McLogForwardingConfiguration,
  McOptimalBaseRegionResponse,
  McOverview,
  McPatchApplicationRequest,
  McPatchContainerRequest,
  McPatchVolumeRequest,
  McRemoveContainerRegistryResult,
  McSaveContainerRegistryResult,
  McSaveEndpointResponse,
  McSearchPublicContainerImagesRequest,
  McStatistics,
  McUpdateRegionSettingsRequest,
  McUpdateVolumeResponse,
  McUsageSummary,
  McUserLimits,
} from "../spec/containers-schemas";
import type { McDataGranularity } from "../spec/containers-enums";
import { containersEndpoints as E, type ContainersMethod } from "./containers-endpoints";
import { envSecrets, redactingSecrets } from "./containers-secrets";
import type { Caller, CallInput, RequestOptions } from "./transport";

export { containersEndpoints, type ContainersMethod } from "./containers-endpoints";

/** A page query of the cursor-paged lists (`limit` 1..1000, default 20 on the platform). */
export interface McPageQuery {
  nextCursor?: string;
  limit?: number;
}

/** Containers area of the {@link Client}. */
export class ContainersApi {
  /** @internal Use `client.containers`. */
  constructor(private readonly t: Caller) {}

  private async run<T>(
    m: ContainersMethod,
    input: CallInput,
    opts?: RequestOptions,
    secrets: readonly unknown[] = [],
  ): Promise<T> {
    return redactingSecrets(secrets, async () => (await this.t.call<T>(E[m], input, opts)).data);
  }

  // ---------------------------------------------------------------- applications

  /** Lists applications, one page (`nextCursor` from the previous page's `cursor`). */
  listApps(query: McPageQuery = {}, opts?: RequestOptions): Promise<McListApplicationsResponse> {
    return this.run("listApps", { query: { ...query } }, opts);
  }

  /** Creates an application (not idempotent); answers its id. Environment values are secret. */
  addApp(body: McAddApplicationRequest, opts?: RequestOptions): Promise<McAddApplicationResponse> {
    return this.run("addApp", { body }, opts, envSecrets(body?.containerTemplates ?? []));
  }

  /** Reads one application with its containers, instances and volumes. */
  getApp(appId: string, opts?: RequestOptions): Promise<McApplication> {
    return this.run("getApp", { params: { appId } }, opts);
  }

  /** Replaces an application's configuration (PUT; how omitted parts behave: see the emulator's `mcAppPut` profile). */
  updateApp(
    appId: string,
    body: McAddApplicationRequest,
    opts?: RequestOptions,
  ): Promise<McAddApplicationResponse> {
    return this.run(
      "updateApp",
      { params: { appId }, body },
      opts,
      envSecrets(body?.containerTemplates ?? []),
    );
  }

  /** Changes the fields sent of an application (PATCH). */
  patchApp(
    appId: string,
    body: McPatchApplicationRequest,
    opts?: RequestOptions,
  ): Promise<McAddApplicationResponse> {
    return this.run(
      "patchApp",
      { params: { appId }, body },
      opts,
      envSecrets(body?.containerTemplates ?? []),
    );
  }

  /** Deletes an application (a repeated call may answer 404). */
  deleteApp(appId: string, opts?: RequestOptions): Promise<unknown> {
    return this.run("deleteApp", { params: { appId } }, opts);
  }

  /** Starts a deployment of the application (not idempotent; 409 while one is under way). */
  deployApp(appId: string, opts?: RequestOptions): Promise<unknown> {
    return this.run("deployApp", { params: { appId } }, opts);
  }

  /** Stops the application's instances (not idempotent). */
  undeployApp(appId: string, opts?: RequestOptions): Promise<unknown> {
    return this.run("undeployApp", { params: { appId } }, opts);
  }

  /** Restarts the application's instances (not idempotent). */
  restartApp(appId: string, opts?: RequestOptions): Promise<unknown> {
    return this.run("restartApp", { params: { appId } }, opts);
  }

  /**
   * Statistics of an application from `fromDate` (ISO 8601) to `toDate` (default now), per
   * `granularity` bucket.
   */
  getAppStatistics(
    appId: string,
    query: { fromDate: string; toDate?: string; granularity: McDataGranularity },
    opts?: RequestOptions,
  ): Promise<McStatistics> {
    return this.run("getAppStatistics", { params: { appId }, query: { ...query } }, opts);
  }

  /** Usage summary of an application. */
  getAppSummary(appId: string, opts?: RequestOptions): Promise<McUsageSummary> {
    return this.run("getAppSummary", { params: { appId } }, opts);
  }

  /** Overview of an application (regions, pods, containers). */
  getAppOverview(appId: string, opts?: RequestOptions): Promise<McOverview> {
    return this.run("getAppOverview", { params: { appId } }, opts);
  }

  /** Reads the autoscaling settings of an application. */
  getAutoscaling(appId: string, opts?: RequestOptions): Promise<McAutoscalingSettings> {
    return this.run("getAutoscaling", { params: { appId } }, opts);
  }

  /** Sets the autoscaling settings of an application (idempotent). */
  updateAutoscaling(
    appId: string,
    body: McAutoscalingSettings,
    opts?: RequestOptions,
  ): Promise<unknown> {
    return this.run("updateAutoscaling", { params: { appId }, body }, opts);
  }

  /** Reads the region settings of an application (GET `/mc/apps/{appId}/region-settings`). */
  getRegionSettings(appId: string, opts?: RequestOptions): Promise<RegionSettings> {
    return this.run("getRegionSettings", { params: { appId } }, opts);
  }

  /** Sets the region settings of an application (idempotent). */
  updateRegionSettings(
    appId: string,
    body: McUpdateRegionSettingsRequest,
    opts?: RequestOptions,
  ): Promise<unknown> {
    return this.run("updateRegionSettings", { params: { appId }, body }, opts);
  }

  // ---------------------------------------------------------------- registries

  /** Lists the container registries of the account. */
  listRegistries(opts?: RequestOptions): Promise<McListContainerRegistriesResponse> {
    return this.run("listRegistries", {}, opts);
  }

  /** Adds a container registry (not idempotent). The password never appears in an error. */
  addRegistry(
    body: McContainerRegistryRequest,
    opts?: RequestOptions,
  ): Promise<McSaveContainerRegistryResult> {
    return this.run("addRegistry", { body }, opts, registrySecrets(body));
  }

  /** Reads one container registry (GET `/mc/registries/{registryId}`); never its password. */
  getRegistry(registryId: number, opts?: RequestOptions): Promise<ContainerRegistry> {
    return this.run("getRegistry", { params: { registryId } }, opts);
  }

  /** Changes a container registry (idempotent). The password never appears in an error. */
  updateRegistry(
    registryId: number,
    body: McContainerRegistryRequest,
    opts?: RequestOptions,
  ): Promise<McSaveContainerRegistryResult> {
    return this.run(
      "updateRegistry",
      { params: { registryId }, body },
      opts,
      registrySecrets(body),
    );
  }

  /** Deletes a container registry (409 while an application uses it). */
  deleteRegistry(
    registryId: number,
    opts?: RequestOptions,
  ): Promise<McRemoveContainerRegistryResult> {
    return this.run("deleteRegistry", { params: { registryId } }, opts);
  }

  /** Searches public images (a read sent as POST; idempotent). */
  searchPublicImages(
    body: McSearchPublicContainerImagesRequest,
    opts?: RequestOptions,
  ): Promise<McContainerImage[]> {
    return this.run("searchPublicImages", { body }, opts);
  }

  /** Lists the images of a registry (a read sent as POST). */
  listImages(
    body: McListContainerImagesRequest,
    opts?: RequestOptions,
  ): Promise<McContainerImage[]> {
    return this.run("listImages", { body }, opts);
  }

  /** Lists the tags of an image (a read sent as POST). */
  listImageTags(
    body: McListContainerImageTagsRequest,
    opts?: RequestOptions,
  ): Promise<McContainerImageTag[]> {
    return this.run("listImageTags", { body }, opts);
  }

  /** Reads the configuration of an image (a read sent as POST). */
  getImageConfig(
    body: McListContainerImageExposedPortsRequest,
    opts?: RequestOptions,
  ): Promise<McImageConfig> {
    return this.run("getImageConfig", { body }, opts);
  }

  /** Reads the digest of an image tag (a read sent as POST). */
  getImageDigest(
    body: McGetContainerImageDigestByTagRequest,
    opts?: RequestOptions,
  ): Promise<McImageTagInfo> {
    return this.run("getImageDigest", { body }, opts);
  }

  /** Configuration suggestions for an image (a read sent as POST). */
  getConfigSuggestions(
    body: McGetContainerConfigSuggestionsRequest,
    opts?: RequestOptions,
  ): Promise<McContainerConfigSuggestions> {
    return this.run("getConfigSuggestions", { body }, opts);
  }

  // ---------------------------------------------------------------- containers, endpoints

  /** Adds a container template to an application (not idempotent). */
  addContainer(
    appId: string,
    body: McAddContainerRequest,
    opts?: RequestOptions,
  ): Promise<McContainerTemplate> {
    return this.run("addContainer", { params: { appId }, body }, opts, envSecrets([body]));
  }

  /** Reads one container template. */
  getContainer(
    appId: string,
    containerId: string,
    opts?: RequestOptions,
  ): Promise<McContainerTemplate> {
    return this.run("getContainer", { params: { appId, containerId } }, opts);
  }

  /** Changes the fields sent of a container template. */
  patchContainer(
    appId: string,
    containerId: string,
    body: McPatchContainerRequest,
    opts?: RequestOptions,
  ): Promise<McContainerTemplate> {
    return this.run(
      "patchContainer",
      { params: { appId, containerId }, body },
      opts,
      envSecrets([body]),
    );
  }

  /** Deletes a container template. */
  deleteContainer(appId: string, containerId: string, opts?: RequestOptions): Promise<unknown> {
    return this.run("deleteContainer", { params: { appId, containerId } }, opts);
  }

  /** Replaces the environment variables of a container (name → value; values are secret). */
  setContainerEnv(
    appId: string,
    containerId: string,
    variables: Record<string, string>,
    opts?: RequestOptions,
  ): Promise<McContainerTemplate> {
    return this.run(
      "setContainerEnv",
      { params: { appId, containerId }, body: variables },
      opts,
      Object.values(variables ?? {}),
    );
  }

  /** Lists the endpoints of an application. */
  listEndpoints(appId: string, opts?: RequestOptions): Promise<McListEndpointsResponse> {
    return this.run("listEndpoints", { params: { appId } }, opts);
  }

  /** Adds an endpoint (CDN or anycast) to a container (not idempotent). */
  addEndpoint(
    appId: string,
    containerId: string,
    body: McEndpointRequest,
    opts?: RequestOptions,
  ): Promise<McSaveEndpointResponse> {
    return this.run("addEndpoint", { params: { appId, containerId }, body }, opts);
  }

  /** Changes an endpoint. */
  updateEndpoint(
    appId: string,
    endpointId: string,
    body: McEndpointRequest,
    opts?: RequestOptions,
  ): Promise<unknown> {
    return this.run("updateEndpoint", { params: { appId, endpointId }, body }, opts);
  }

  /** Deletes an endpoint. */
  deleteEndpoint(appId: string, endpointId: string, opts?: RequestOptions): Promise<unknown> {
    return this.run("deleteEndpoint", { params: { appId, endpointId } }, opts);
  }

  // ---------------------------------------------------------------- volumes, pods

  /** Lists the volume templates of an application with their instances. */
  listVolumes(appId: string, opts?: RequestOptions): Promise<VolumeList> {
    return this.run("listVolumes", { params: { appId } }, opts);
  }

  /** Changes a volume template (its size). */
  updateVolume(
    appId: string,
    volumeId: string,
    body: McPatchVolumeRequest,
    opts?: RequestOptions,
  ): Promise<McUpdateVolumeResponse> {
    return this.run("updateVolume", { params: { appId, volumeId }, body }, opts);
  }

  /**
   * Deletes every instance of a volume template (DELETE `/mc/apps/{appId}/volumes/{volumeId}`).
   * All instances must be detached first (else 400, problem shape B). Not repeatable: a
   * DELETE whose outcome is unknown may have deleted the instances already; list the volumes
   * instead of re-sending it.
   */
  deleteVolumeInstances(
    appId: string,
    volumeId: string,
    opts?: RequestOptions,
  ): Promise<VolumeDeletionResult> {
    return this.run("deleteVolumeInstances", { params: { appId, volumeId } }, opts);
  }

  /** Detaches the instances of a volume template (not idempotent). */
  detachVolume(
    appId: string,
    volumeId: string,
    opts?: RequestOptions,
  ): Promise<McDetachVolumeResponse> {
    return this.run("detachVolume", { params: { appId, volumeId } }, opts);
  }

  /** Deletes one volume instance. */
  deleteVolumeInstance(
    appId: string,
    volumeId: string,
    instanceId: string,
    opts?: RequestOptions,
  ): Promise<McDeleteVolumeInstanceResponse> {
    return this.run("deleteVolumeInstance", { params: { appId, volumeId, instanceId } }, opts);
  }

  /** Recreates one pod of an application (not idempotent). */
  recreatePod(appId: string, podId: string, opts?: RequestOptions): Promise<unknown> {
    return this.run("recreatePod", { params: { appId, podId } }, opts);
  }

  // ---------------------------------------------------------------- account

  /** Lists the regions, one page. */
  listRegions(query: McPageQuery = {}, opts?: RequestOptions): Promise<McListRegionsResponse> {
    return this.run("listRegions", { query: { ...query } }, opts);
  }

  /** The optimal base region (for the CDN server token, when given). */
  getOptimalRegion(
    query: { cdnServerToken?: string } = {},
    opts?: RequestOptions,
  ): Promise<McOptimalBaseRegionResponse> {
    return this.run("getOptimalRegion", { query: { ...query } }, opts);
  }

  /** The account's limits. */
  getLimits(opts?: RequestOptions): Promise<McUserLimits> {
    return this.run("getLimits", {}, opts);
  }

  /** Lists the nodes, one page. */
  listNodes(query: McPageQuery = {}, opts?: RequestOptions): Promise<McListNodesResponse> {
    return this.run("listNodes", { query: { ...query } }, opts);
  }

  /** Lists the nodes' addresses. */
  listNodesPlain(opts?: RequestOptions): Promise<string[]> {
    return this.run("listNodesPlain", {}, opts);
  }

  /** Lists the log forwarding configurations. */
  listLogForwarding(opts?: RequestOptions): Promise<McListLogForwardingResponse> {
    return this.run("listLogForwarding", {}, opts);
  }

  /** Creates a log forwarding configuration (not idempotent). The token never appears in an error. */
  addLogForwarding(
    body: McCreateLogForwardingRequest,
    opts?: RequestOptions,
  ): Promise<McLogForwardingConfiguration> {
    return this.run("addLogForwarding", { body }, opts, [body?.token]);
  }

  /** Reads the log forwarding configuration of an application. */
  getLogForwarding(appId: string, opts?: RequestOptions): Promise<McLogForwardingConfiguration> {
    return this.run("getLogForwarding", { params: { appId } }, opts);
  }

  /** Changes the log forwarding configuration of an application. The token never appears in an error. */
  updateLogForwarding(
    appId: string,
    body: McCreateLogForwardingRequest,
    opts?: RequestOptions,
  ): Promise<McLogForwardingConfiguration> {
    return this.run("updateLogForwarding", { params: { appId }, body }, opts, [body?.token]);
  }

  /** Deletes the log forwarding configuration of an application. */
  deleteLogForwarding(appId: string, opts?: RequestOptions): Promise<unknown> {
    return this.run("deleteLogForwarding", { params: { appId } }, opts);
  }
}

/** The secrets of a registry request: its password. */
function registrySecrets(body: McContainerRegistryRequest): unknown[] {
  return [body?.passwordCredentials?.password];
}
