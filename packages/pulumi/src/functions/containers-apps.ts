/**
 * Magic Containers application data sources: `getContainerApp` (one application with its
 * containers, endpoints and volumes) and `getContainerApps` (the account's applications, every
 * page), each also as an Output form. The containers and endpoints are fields of
 * `getContainerApp`, not data sources of their own: the platform answers them in the one read of
 * the application, so one call gives a consistent view of all three.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import type * as S from "./containers-schemas";
import type {
  McAppListItem,
  McApplication,
  McContainerEndpoint,
  McContainerTemplate,
  Volume,
} from "edgeplatform-client";
import { EdgeApiError } from "edgeplatform-client";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { checkArgs } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";

const ref = <K extends keyof typeof S>(name: K) =>
  schemaRef<(typeof S)[K]>(__dirname, "./containers-schemas", name);
const getContainerAppArgs = ref("getContainerAppArgsSchema");
const getContainerAppsArgs = ref("getContainerAppsArgsSchema");

/** Arguments of {@link getContainerApp}. */
export type GetContainerAppArgs = Static<typeof S.getContainerAppArgsSchema>;
/** Arguments of {@link getContainerApps}. */
export type GetContainerAppsArgs = Static<typeof S.getContainerAppsArgsSchema>;

/** A port of an endpoint (the platform's `EndpointPortMapping`). */
export interface ContainerAppPortMappingResult {
  /** The port the container listens on (`containerPort`). */
  containerPort: number;
  /** The port the endpoint exposes (`exposedPort`). */
  exposedPort: number;
  /** Its protocols (`protocols`): `"tcp"`, `"udp"`. */
  protocols: string[];
}

/** An endpoint of a container (the platform's `ContainerEndpoint`). */
export interface ContainerAppEndpointResult {
  /** The endpoint's id (`id`). */
  endpointId: string;
  /** The name of the container it belongs to. */
  containerName: string;
  /** The endpoint's name (`displayName`). */
  displayName: string;
  /** Its type (`type`): `"cdn"`, `"anycast"` or `"publicIp"`. */
  type: string;
  /** The public host name it answers on (`publicHost`). */
  publicHost: string;
  /** Whether it serves TLS (`isSslEnabled`). */
  isSslEnabled: boolean;
  /**
   * The pull zone of a CDN endpoint (`pullZoneId`), as a number: what a `PullZone` adopts or
   * `getPullZone` reads. Null for another type.
   */
  pullZoneId: number | null;
  /** Its ports (`portMappings`), in the platform's order. */
  portMappings: ContainerAppPortMappingResult[];
}

/** An environment variable of a container. */
export interface ContainerAppEnvironmentVariableResult {
  /** The variable's name. */
  name: string;
  /**
   * Its value (null when the platform gives none). The platform does not say which values are
   * secrets, so every value is handled as one: the Output form is a secret Output when any
   * value is present, and the provider plugin answers each value as a secret.
   */
  value: string | null;
}

/** A volume mount of a container. */
export interface ContainerAppVolumeMountResult {
  /** The volume's name. */
  name: string;
  /** Where the container sees it (`mountPath`). */
  mountPath: string;
}

/** A container of an application (the platform's `ContainerTemplate`). */
export interface ContainerAppContainerResult {
  /** The container's id (`id`). */
  containerId: string;
  /** The container's name (`name`). */
  name: string;
  /** The image as the platform spells it (`image`: `namespace/name:tag`). */
  image: string;
  /** The image's namespace (`imageNamespace`). */
  imageNamespace: string;
  /** The image's name (`imageName`). */
  imageName: string;
  /** The image's tag (`imageTag`). */
  imageTag: string;
  /** The digest the tag resolved to (`imageDigest`, `sha256:…`): the image that runs. */
  imageDigest: string;
  /** The id of the registry it is pulled from (`imageRegistryId`), as a number. */
  imageRegistryId: number;
  /** When the image is pulled (`imagePullPolicy`): `"always"` or `"ifNotPresent"`. */
  imagePullPolicy: string;
  /** Its environment, by name. */
  environmentVariables: ContainerAppEnvironmentVariableResult[];
  /** Its endpoints, by display name. */
  endpoints: ContainerAppEndpointResult[];
  /** Its volume mounts, by volume name. */
  volumeMounts: ContainerAppVolumeMountResult[];
}

/** A volume template of an application (the platform's volume list). */
export interface ContainerAppVolumeResult {
  /** The volume's id: what `VolumeInstancesDeletion` takes as `volumeId`. */
  volumeId: string;
  /** The volume's name (what a container mounts). */
  name: string;
  /** Its size in GB (`size`). */
  size: number;
  /** How many instances it has (`totalInstancesCount`). */
  totalInstancesCount: number;
  /** How many of them are attached to a container (`attachedInstancesCount`). */
  attachedInstancesCount: number;
}

/** The region settings of an application. */
export interface ContainerAppRegionSettingsResult {
  /** The regions it may run in (`allowedRegionIds`). */
  allowedRegionIds: string[];
  /** The regions it always runs in (`requiredRegionIds`). */
  requiredRegionIds: string[];
  /** At most this many regions (`maxAllowedRegions`); null: no limit given. */
  maxAllowedRegions: number | null;
  /** `"static"` or `"dynamic"` (`provisioningType`); null when the platform gives none. */
  provisioningType: string | null;
}

/** The autoscaling of an application (instances per region). */
export interface ContainerAppAutoscalingResult {
  /** The fewest instances (`min`). */
  min: number;
  /** The most instances (`max`). */
  max: number;
}

/** Result of {@link getContainerApp}. */
export interface GetContainerAppResult {
  /** The application's id. */
  appId: string;
  /** The application's name. */
  name: string;
  /** `"shared"` or `"reserved"` (`runtimeType`). */
  runtimeType: string;
  /**
   * Its status (`status`), e.g. `"active"`, `"progressing"`, `"failing"`, `"inactive"`: the
   * platform's word at the time of the read.
   */
  status: string;
  /** Its autoscaling; null when the platform gives none. */
  autoScaling: ContainerAppAutoscalingResult | null;
  /** Its region settings. */
  regionSettings: ContainerAppRegionSettingsResult;
  /** Its containers, by name. */
  containers: ContainerAppContainerResult[];
  /** Every container's endpoints, by container name then display name. */
  endpoints: ContainerAppEndpointResult[];
  /** Its volume templates, by name. */
  volumes: ContainerAppVolumeResult[];
}

/** An application as the account's list gives it (the platform's `AppListItem`). */
export interface ContainerAppSummaryResult {
  /** The application's id. */
  appId: string;
  /** The application's name. */
  name: string;
  /** Its status (`status`); null when the platform gives none. */
  status: string | null;
  /** The address of its first endpoint (`displayEndpoint.address`); null: no endpoint. */
  displayEndpoint: string | null;
}

/** Result of {@link getContainerApps}. */
export interface GetContainerAppsResult {
  /** The applications, in the platform's order. */
  apps: ContainerAppSummaryResult[];
}

const byName =
  <T>(key: (x: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
/** A platform id string as a number (the numeric ids of pull zones and registries). */
const numberId = (v: string | undefined): number | null =>
  v !== undefined && /^[0-9]+$/.test(v) ? Number(v) : null;

function endpointOf(containerName: string, e: McContainerEndpoint): ContainerAppEndpointResult {
  return {
    endpointId: e.id,
    containerName,
    displayName: e.displayName,
    type: e.type,
    publicHost: e.publicHost,
    isSslEnabled: e.isSslEnabled === true,
    pullZoneId: e.type === "cdn" ? numberId(e.pullZoneId) : null,
    portMappings: (e.portMappings ?? []).map((p) => ({
      containerPort: p.containerPort,
      exposedPort: p.exposedPort,
      protocols: [...(p.protocols ?? [])],
    })),
  };
}

function containerOf(c: McContainerTemplate): ContainerAppContainerResult {
  return {
    containerId: c.id,
    name: c.name,
    image: c.image,
    imageNamespace: c.imageNamespace,
    imageName: c.imageName,
    imageTag: c.imageTag,
    imageDigest: c.imageDigest,
    imageRegistryId: numberId(c.imageRegistryId) ?? 0,
    imagePullPolicy: c.imagePullPolicy,
    environmentVariables: (c.environmentVariables ?? [])
      .map((v) => ({ name: v.name, value: v.value ?? null }))
      .sort(byName((v) => v.name)),
    endpoints: (c.endpoints ?? [])
      .map((e) => endpointOf(c.name, e))
      .sort(byName((e) => e.displayName)),
    volumeMounts: (c.volumeMounts ?? [])
      .map((m) => ({ name: m.name, mountPath: m.mountPath }))
      .sort(byName((m) => m.name)),
  };
}

/** The application in this package's casing, field by field. */
export function containerAppOf(a: McApplication, volumes: Volume[]): GetContainerAppResult {
  const containers = (a.containerTemplates ?? []).map(containerOf).sort(byName((c) => c.name));
  const rs = a.regionSettings;
  return {
    appId: a.id,
    name: a.name,
    runtimeType: a.runtimeType,
    status: a.status,
    autoScaling: a.autoScaling ? { min: a.autoScaling.min, max: a.autoScaling.max } : null,
    regionSettings: {
      allowedRegionIds: [...(rs?.allowedRegionIds ?? [])],
      requiredRegionIds: [...(rs?.requiredRegionIds ?? [])],
      maxAllowedRegions: rs?.maxAllowedRegions ?? null,
      provisioningType: rs?.provisioningType ?? null,
    },
    containers,
    endpoints: containers.flatMap((c) => c.endpoints),
    volumes: volumes
      .map((v) => ({
        volumeId: v.id,
        name: v.name,
        size: v.size,
        totalInstancesCount: v.totalInstancesCount,
        attachedInstancesCount: v.attachedInstancesCount,
      }))
      .sort(byName((v) => v.name)),
  };
}

/** The platform's error for an unknown application, with a message naming it. */
function notFound(op: string, appId: string, e: unknown): unknown {
  if (!(e instanceof EdgeApiError) || !e.isNotFound) return e;
  return new EdgeApiError({
    operation: op,
    status: e.status,
    method: e.method,
    path: e.path,
    ...(e.errorKey ? { errorKey: e.errorKey } : {}),
    detail: `container app "${appId}" was not found on the account (check appId)`,
  });
}

/** Whether any container of `r` has an environment value. */
export function hasEnvironmentValues(r: GetContainerAppResult): boolean {
  return r.containers.some((c) => c.environmentVariables.some((v) => v.value !== null));
}

/**
 * Reads a Magic Containers application (GET `/mc/apps/{appId}` and its volumes, GET
 * `…/volumes`): name, runtime type, status, autoscaling, region settings, its containers (image,
 * resolved digest, environment, endpoints, volume mounts), every endpoint (a CDN endpoint's
 * `pullZoneId` as a number) and its volumes with their ids and sizes. Lists are sorted by name,
 * so the result does not change with the platform's order.
 *
 * ```ts
 * const app = await edge.containers.getContainerApp({ appId: "app-1" });
 * app.containers.map((c) => c.imageDigest);
 * app.endpoints.find((e) => e.type === "cdn")?.pullZoneId;
 * ```
 * @throws InvalidArgumentError for a bad `appId`.
 * @throws EdgeApiError for platform errors (404 `isNotFound` for an unknown app, naming it).
 */
export async function getContainerApp(
  args: GetContainerAppArgs,
  opts: DataSourceOptions = {},
): Promise<GetContainerAppResult> {
  const op = "containers.getContainerApp";
  try {
    const { appId } = checkArgs(op, getContainerAppArgs, args);
    const client = await connectedClient(opts);
    try {
      const app = await client.containers.getApp(appId);
      const volumes = await client.containers.listVolumes(appId);
      return containerAppOf(app, volumes.items ?? []);
    } catch (e) {
      throw notFound(op, appId, e);
    }
  } catch (e) {
    throw programError(e);
  }
}

/**
 * Output form of {@link getContainerApp} (accepts Inputs). The result is a SECRET Output when
 * any container has an environment value (the platform does not say which values are secrets):
 * it shows as `[secret]` and is encrypted when exported. Use `pulumi.unsecret(...)` for a field
 * you want in plain text.
 *
 * ```ts
 * const app = edge.containers.getContainerAppOutput({ appId: "app-1" });
 * export const host = pulumi.unsecret(app.endpoints.apply((e) => e[0]?.publicHost));
 * ```
 */
export function getContainerAppOutput(
  args: Inputs<GetContainerAppArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetContainerAppResult> {
  // Secret by lifting (an apply that returns a secret): one chain, so an error rejects it once.
  return dataSourceOutput(args, opts, getContainerApp).apply((r) =>
    hasEnvironmentValues(r) ? pulumi.secret(r) : pulumi.output(r),
  ) as pulumi.Output<GetContainerAppResult>;
}

function summaryOf(a: McAppListItem): ContainerAppSummaryResult {
  return {
    appId: a.id ?? "",
    name: a.name ?? a.id ?? "",
    status: a.status ?? null,
    displayEndpoint: a.displayEndpoint?.address ?? null,
  };
}

/** The most pages read before giving up (a platform that keeps answering a cursor). */
const MAX_PAGES = 10_000;

/**
 * Lists the account's Magic Containers applications (GET `/mc/apps`, every page), optionally
 * only those named `name` (exact, case-sensitive).
 *
 * ```ts
 * const { apps } = await edge.containers.getContainerApps({ name: "shop" });
 * apps[0]?.appId;
 * ```
 * @throws InvalidArgumentError for a bad `name`.
 * @throws EdgeApiError for platform errors.
 */
export async function getContainerApps(
  args: GetContainerAppsArgs = {},
  opts: DataSourceOptions = {},
): Promise<GetContainerAppsResult> {
  const op = "containers.getContainerApps";
  try {
    const { name } = checkArgs(op, getContainerAppsArgs, args);
    const client = await connectedClient(opts);
    const apps: ContainerAppSummaryResult[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < MAX_PAGES; n++) {
      const p = await client.containers.listApps({
        limit: 1000,
        ...(cursor ? { nextCursor: cursor } : {}),
      });
      for (const a of p.items ?? []) apps.push(summaryOf(a));
      if (!p.cursor || p.cursor === cursor || (p.items ?? []).length === 0) break;
      cursor = p.cursor;
    }
    return { apps: name === undefined ? apps : apps.filter((a) => a.name === name) };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getContainerApps} (accepts Inputs). */
export function getContainerAppsOutput(
  args: Inputs<GetContainerAppsArgs> = {},
  opts: DataSourceOptions = {},
): pulumi.Output<GetContainerAppsResult> {
  return dataSourceOutput(args, opts, getContainerApps);
}
