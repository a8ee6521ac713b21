/**
 * Container data sources: `getRegistry` and `getRegionSettings` (each also as an
 * Output form).
 */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import type * as S from "./containers-schemas";
import type { ContainerRegistry, RegionSettings } from "edgeplatform-client";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { checkArgs } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";

const getRegistryArgs = schemaRef<typeof S.getRegistryArgsSchema>(
  __dirname,
  "./containers-schemas",
  "getRegistryArgsSchema",
);
/**
 * Arguments of {@link getRegistry}. `registryId` may also be the decimal string a resource's
 * `id` is (an `ImageRegistry`'s `id` output): the argument check reads it as the number.
 */
export type GetRegistryArgs = Omit<Static<typeof S.getRegistryArgsSchema>, "registryId"> & {
  /** ID of the container registry: a positive integer, or its decimal string (`"12"`). */
  registryId: number | string;
};

/** Result of {@link getRegistry}: the registry as the platform returns it (13 fields). */
export type GetRegistryResult = ContainerRegistry;

/**
 * Reads one container registry (GET `/mc/registries/{registryId}`).
 *
 * ```ts
 * const reg = await edge.containers.getRegistry({ registryId: 1 });
 * console.log(reg.hostName, reg.userName);
 * ```
 * @throws InvalidArgumentError when `registryId` is not a positive integer.
 * @throws EdgeApiError for platform errors (404 `isNotFound` for an unknown registry, 401).
 */
export async function getRegistry(
  args: GetRegistryArgs,
  opts: DataSourceOptions = {},
): Promise<GetRegistryResult> {
  try {
    const { registryId } = checkArgs("containers.getRegistry", getRegistryArgs, args);
    return await (await connectedClient(opts)).containers.getRegistry(registryId);
  } catch (e) {
    throw programError(e);
  }
}

/**
 * Output form of {@link getRegistry} (accepts Inputs; waits for `opts.dependsOn`). The
 * result is a SECRET Output, because it carries the password hints (`firstPasswordSymbols`,
 * `lastPasswordSymbols`): it shows as `[secret]` and is encrypted when exported. Use
 * `pulumi.unsecret(reg.hostName)` for a field you want in plain text.
 *
 * ```ts
 * const reg = edge.containers.getRegistryOutput({ registryId: registry.id }); // or .registryId
 * export const host = pulumi.unsecret(reg.hostName);
 * ```
 */
export function getRegistryOutput(
  args: Inputs<GetRegistryArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetRegistryResult> {
  // Secret by lifting (an apply that returns a secret): one chain, so an error rejects it once.
  return dataSourceOutput(args, opts, getRegistry).apply((r) => pulumi.secret(r));
}

const getRegionSettingsArgs = schemaRef<typeof S.getRegionSettingsArgsSchema>(
  __dirname,
  "./containers-schemas",
  "getRegionSettingsArgsSchema",
);
/** Arguments of {@link getRegionSettings}. */
export type GetRegionSettingsArgs = Static<typeof S.getRegionSettingsArgsSchema>;

/** Result of {@link getRegionSettings}. `maxAllowedRegions` may be absent. */
export type GetRegionSettingsResult = RegionSettings;

/**
 * Reads the region settings of an application (GET `/mc/apps/{appId}/region-settings`).
 *
 * ```ts
 * const rs = await edge.containers.getRegionSettings({ appId: "app-1" });
 * rs.provisioningType; // "static" | "dynamic"
 * ```
 * @throws InvalidArgumentError when `appId` is not a non-empty string.
 * @throws EdgeApiError for platform errors (404 `isNotFound` for an unknown app).
 */
export async function getRegionSettings(
  args: GetRegionSettingsArgs,
  opts: DataSourceOptions = {},
): Promise<GetRegionSettingsResult> {
  try {
    const { appId } = checkArgs("containers.getRegionSettings", getRegionSettingsArgs, args);
    return await (await connectedClient(opts)).containers.getRegionSettings(appId);
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getRegionSettings} (accepts Inputs). */
export function getRegionSettingsOutput(
  args: Inputs<GetRegionSettingsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetRegionSettingsResult> {
  return dataSourceOutput(args, opts, getRegionSettings);
}
