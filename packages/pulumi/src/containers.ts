/** Containers area: volume-instance deletion, registries and application region settings. */
export { VolumeInstancesDeletion } from "./resources/public/volume-instances-deletion";
export type {
  VolumeInstancesDeletionArgs,
  VolumeInstancesDeletionState,
} from "./resources/public/volume-instances-deletion";
export {
  getRegistry,
  getRegistryOutput,
  getRegionSettings,
  getRegionSettingsOutput,
} from "./functions/containers";
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
