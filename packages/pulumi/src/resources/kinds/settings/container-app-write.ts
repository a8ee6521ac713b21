/**
 * How `ContainerApp` writes a change with as few calls as the API allows: the application's
 * own settings (runtime, autoscaling, regions, volumes) in one PATCH `/mc/apps/{id}` (the fields
 * sent only; volumes merge by name), then one call per container that differs: POST of a new
 * container, PATCH `/mc/apps/{id}/containers/{cid}` of the parts that differ (its environment
 * as the whole list, its endpoints only when they differ, with those the program does not name:
 * the platform makes the list anew),
 * DELETE of one Pulumi added that the program no longer names (one that was there before
 * Pulumi goes back to its record instead). A container the program never named is not
 * touched.
 */
import type {
  McAddContainerRequest,
  McApplication,
  McContainerTemplate,
  McPatchApplicationRequest,
  McPatchContainerRequest,
} from "edgeplatform-client";
import { getClient } from "../../core/settings";
import {
  canonical,
  containerOf,
  projected,
  type AppContainer,
  type AppRegions,
} from "./container-app-values";

type Env = Record<string, string>;
const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
const same = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** The application-level part of a change (undefined: nothing to send). */
export function appPatchOf(
  changes: Record<string, unknown>,
): McPatchApplicationRequest | undefined {
  const body: McPatchApplicationRequest = {};
  if (typeof changes.runtimeType === "string")
    body.runtimeType = changes.runtimeType as McPatchApplicationRequest["runtimeType"];
  if (isObj(changes.autoScaling))
    body.autoScaling = changes.autoScaling as McPatchApplicationRequest["autoScaling"];
  if (isObj(changes.regions)) body.regionSettings = regionSettingsOf(changes.regions as never);
  if (Array.isArray(changes.volumes))
    body.volumes = (changes.volumes as { name: string; size: number }[]).map((v) => ({
      name: v.name,
      size: v.size,
    }));
  return Object.keys(body).length > 0 ? body : undefined;
}

/** Region settings as the platform takes them. */
export const regionSettingsOf = (r: AppRegions) => ({
  allowedRegionIds: [...r.allowed],
  ...(r.required ? { requiredRegionIds: [...r.required] } : {}),
  ...(typeof r.maxAllowed === "number" ? { maxAllowedRegions: r.maxAllowed } : {}),
});

/** The container request of a program's container (a new container, or a whole app's create). */
export function containerRequest(c: AppContainer, secret: Env | undefined): McAddContainerRequest {
  const env = { ...(c.environment ?? {}), ...(secret ?? {}) };
  return {
    name: c.name,
    imageRegistryId: c.image.registryId,
    imageNamespace: c.image.namespace,
    imageName: c.image.name,
    imageTag: c.image.tag,
    ...(c.image.digest ? { imageDigest: c.image.digest } : {}),
    ...(c.imagePullPolicy ? { imagePullPolicy: c.imagePullPolicy as never } : {}),
    ...(c.entryPoint ? { entryPoint: c.entryPoint } : {}),
    ...(c.probes ? { probes: c.probes } : {}),
    ...(Object.keys(env).length > 0
      ? { environmentVariables: Object.entries(env).map(([name, value]) => ({ name, value })) }
      : {}),
    ...(c.endpoints ? { endpoints: c.endpoints as never } : {}),
    ...(c.volumeMounts ? { volumeMounts: c.volumeMounts } : {}),
  } as McAddContainerRequest;
}

/**
 * The PATCH body that brings `raw` to `want` (undefined: nothing differs): the parts `want`
 * names that differ; the environment as a whole list when a variable the program names
 * (plain or secret) differs or one it managed before (`dropped`) is still there.
 */
export function containerPatchOf(
  raw: McContainerTemplate,
  want: AppContainer,
  secret: Env | undefined,
  dropped: readonly string[],
  droppedEndpoints: readonly string[] = [],
): McPatchContainerRequest | undefined {
  const body: Record<string, unknown> = {};
  const now = containerOf(raw, Object.keys(want.environment ?? {}));
  const img = want.image;
  if (!same(projected(now.image, img), img)) {
    body.imageRegistryId = img.registryId;
    body.imageNamespace = img.namespace;
    body.imageName = img.name;
    body.imageTag = img.tag;
    if (img.digest) body.imageDigest = img.digest;
  }
  for (const k of ["imagePullPolicy", "entryPoint", "probes", "volumeMounts"] as const)
    if (want[k] !== undefined && !same(projected(now[k], want[k], k), want[k])) body[k] = want[k];
  // The platform makes a container's endpoints anew from the list sent: the list sent keeps
  // every endpoint the program does not name, but for those Pulumi managed before and no
  // longer names (`droppedEndpoints`, by display name).
  const nowEndpoints = (now.endpoints ?? []) as { displayName?: unknown }[];
  const named = new Set((want.endpoints ?? []).map((e) => String(e.displayName)));
  const stale = nowEndpoints.some(
    (e) => droppedEndpoints.includes(String(e.displayName)) && !named.has(String(e.displayName)),
  );
  if (
    stale ||
    (want.endpoints !== undefined &&
      !same(projected(now.endpoints, want.endpoints, "endpoints"), want.endpoints))
  )
    body.endpoints = [
      ...nowEndpoints.filter(
        (e) =>
          !named.has(String(e.displayName)) && !droppedEndpoints.includes(String(e.displayName)),
      ),
      ...(want.endpoints ?? []),
    ];
  const vars = raw.environmentVariables ?? [];
  const desired: Env = { ...(want.environment ?? {}), ...(secret ?? {}) };
  const has = Object.fromEntries(vars.map((v) => [v.name, v.value ?? ""]));
  const envDiffers =
    Object.entries(desired).some(([n, v]) => has[n] !== v) ||
    dropped.some((n) => n in has && !(n in desired));
  if (envDiffers) {
    const next = vars
      .filter((v) => !(v.name in desired) && !dropped.includes(v.name))
      .map((v) => ({ name: v.name, value: v.value ?? "" }));
    body.environmentVariables = [
      ...next,
      ...Object.entries(desired).map(([name, value]) => ({ name, value })),
    ];
  }
  return Object.keys(body).length > 0 ? (body as McPatchContainerRequest) : undefined;
}

/** What the container writes of one change are, in order, for a caller that sends them. */
export interface ContainerWrites {
  add: { name: string; body: McAddContainerRequest }[];
  patch: { id: string; name: string; body: McPatchContainerRequest }[];
  remove: { id: string; name: string }[];
}

/**
 * The container writes that bring `app` to `want` (the program's containers) and `secrets`
 * (the program's secret environment, by container). `was`: the containers and secret
 * environment Pulumi managed before this change (their names: what may be removed); `prior`:
 * the containers as they were before Pulumi (a container named there goes back to it).
 */
export function containerWrites(
  app: McApplication,
  want: readonly AppContainer[],
  secrets: Readonly<Record<string, Env>>,
  was: { containers: readonly AppContainer[]; secrets: Readonly<Record<string, Env>> },
  prior: readonly AppContainer[] | undefined,
): ContainerWrites {
  const out: ContainerWrites = { add: [], patch: [], remove: [] };
  const byName = new Map(app.containerTemplates.map((c) => [c.name, c]));
  /**
   * The endpoints of container `name` that Pulumi may remove: those it managed, but for one
   * the container had before Pulumi (its record), which is kept.
   */
  const pulumisEndpoints = (name: string): string[] => {
    const before = new Set(endpointNames(prior?.find((p) => p.name === name)));
    return endpointNames(was.containers.find((x) => x.name === name)).filter((n) => !before.has(n));
  };
  for (const c of want) {
    const raw = byName.get(c.name);
    const secret = secrets[c.name];
    if (!raw) {
      out.add.push({ name: c.name, body: containerRequest(c, secret) });
      continue;
    }
    const before = was.containers.find((x) => x.name === c.name);
    const dropped = [
      ...Object.keys(before?.environment ?? {}),
      ...Object.keys(was.secrets[c.name] ?? {}),
    ];
    const body = containerPatchOf(raw, c, secret, dropped, pulumisEndpoints(c.name));
    if (body) out.patch.push({ id: raw.id, name: c.name, body });
  }
  for (const old of was.containers) {
    if (want.some((c) => c.name === old.name)) continue;
    const raw = byName.get(old.name);
    if (!raw) continue;
    const back = prior?.find((p) => p.name === old.name);
    if (!back) {
      out.remove.push({ id: raw.id, name: old.name });
      continue;
    }
    const body = containerPatchOf(raw, back, undefined, [], pulumisEndpoints(old.name));
    if (body) out.patch.push({ id: raw.id, name: old.name, body });
  }
  return out;
}

/** The display names of the endpoints of container `c` (none: none). */
const endpointNames = (c: AppContainer | undefined): string[] =>
  ((c?.endpoints ?? []) as { displayName?: unknown }[]).map((e) => String(e.displayName));

/** Sends `w` for application `appId`: adds, then patches, then removals. */
export async function sendContainerWrites(appId: string, w: ContainerWrites): Promise<number> {
  const c = getClient().containers;
  for (const a of w.add) await c.addContainer(appId, a.body);
  for (const p of w.patch) await c.patchContainer(appId, p.id, p.body);
  for (const r of w.remove) await c.deleteContainer(appId, r.id);
  return w.add.length + w.patch.length + w.remove.length;
}
