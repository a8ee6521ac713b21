/**
 * Containers area: volume-instance deletion, registries, applications (their containers,
 * endpoints and volumes) and application region settings.
 */
// The resources of the area, from the list of kinds (kinds/kind-list.json, npm run kinds).
export * from "./resources/public/containers.generated";
export {
  getRegistry,
  getRegistryOutput,
  getRegionSettings,
  getRegionSettingsOutput,
} from "./functions/containers";
export {
  getContainerApp,
  getContainerAppOutput,
  getContainerApps,
  getContainerAppsOutput,
} from "./functions/containers-apps";
export type {
  GetContainerAppArgs,
  GetContainerAppsArgs,
  GetContainerAppResult,
  GetContainerAppsResult,
  ContainerAppAutoscalingResult,
  ContainerAppContainerResult,
  ContainerAppEndpointResult,
  ContainerAppEnvironmentVariableResult,
  ContainerAppPortMappingResult,
  ContainerAppRegionSettingsResult,
  ContainerAppSummaryResult,
  ContainerAppVolumeMountResult,
  ContainerAppVolumeResult,
} from "./functions/containers-apps";
export type {
  GetRegistryArgs,
  GetRegionSettingsArgs,
  GetRegistryResult,
  GetRegionSettingsResult,
} from "./functions/containers";
export { ProvisioningTypes } from "edgeplatform-client";
export type {
  ContainerRegistry,
  RegionSettings,
  Volume,
  VolumeInstance,
} from "edgeplatform-client";
