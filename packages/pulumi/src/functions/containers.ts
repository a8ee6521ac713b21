/**
 * Container data sources: `getRegistry` and `getRegionSettings` (each also as an
 * Output form).
 */
import * as pulumi from "@pulumi/pulumi";
import type { ContainerRegistry, RegionSettings } from "edgeplatform-client/spec";
import { ArgChecker, clientFor, DataSourceOptions, Inputs, resolveInputs } from "./settings";

/** Arguments of {@link getRegistry}. */
export interface GetRegistryArgs {
  /** ID of the container registry (int64). */
  registryId: number;
}

/** Result of {@link getRegistry}: the registry as the platform returns it (13 fields). */
export type GetRegistryResult = ContainerRegistry;

/**
 * Result of {@link getRegistryOutput}: like {@link GetRegistryResult}, but the two password
 * hint fields are secret Outputs, so they show as `[secret]` and are encrypted when
 * exported, while every other field stays a plain, usable value.
 */
export type GetRegistryOutputResult = Omit<
  ContainerRegistry,
  "firstPasswordSymbols" | "lastPasswordSymbols"
> & {
  /** First symbols of the registry password (secret). */
  firstPasswordSymbols: pulumi.Output<string>;
  /** Last symbols of the registry password (secret). */
  lastPasswordSymbols: pulumi.Output<string>;
};

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
  const c = new ArgChecker("containers.getRegistry");
  c.object(args);
  c.noUnknown(args, ["registryId"]);
  const registryId = c.int("registryId", args.registryId, 1);
  return clientFor(opts).containers.getRegistry(registryId);
}

/**
 * Output form of {@link getRegistry}: accepts Inputs; `firstPasswordSymbols` and
 * `lastPasswordSymbols` are secret Outputs (see {@link GetRegistryOutputResult}).
 *
 * ```ts
 * const reg = edge.containers.getRegistryOutput({ registryId: registry.id });
 * export const host = reg.hostName;            // plain
 * export const hint = reg.firstPasswordSymbols; // [secret]
 * ```
 */
export function getRegistryOutput(
  args: Inputs<GetRegistryArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetRegistryOutputResult> {
  return resolveInputs<GetRegistryArgs>(args).apply(async (a) => {
    const r = await getRegistry(a, opts);
    return {
      ...r,
      firstPasswordSymbols: pulumi.secret(r.firstPasswordSymbols),
      lastPasswordSymbols: pulumi.secret(r.lastPasswordSymbols),
    };
  }) as unknown as pulumi.Output<GetRegistryOutputResult>;
}

/** Arguments of {@link getRegionSettings}. */
export interface GetRegionSettingsArgs {
  /** ID of the application. */
  appId: string;
}

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
  const c = new ArgChecker("containers.getRegionSettings");
  c.object(args);
  c.noUnknown(args, ["appId"]);
  const appId = c.string("appId", args.appId);
  return clientFor(opts).containers.getRegionSettings(appId);
}

/** Output form of {@link getRegionSettings} (accepts Inputs). */
export function getRegionSettingsOutput(
  args: Inputs<GetRegionSettingsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetRegionSettingsResult> {
  return resolveInputs<GetRegionSettingsArgs>(args).apply((a) => getRegionSettings(a, opts));
}
