/**
 * The values of a Magic Containers application as `ContainerApp` compares them: the program's
 * shapes (containers keyed by `name`, endpoints by `displayName`, volumes and volume mounts by
 * `name`, environment as a map), the platform's answer in those shapes, their canonical form
 * (order never matters) and the projection of an answer onto what a program wrote (a part the
 * program leaves out is not managed: its platform value is neither compared nor written).
 */
import type { McApplication, McContainerTemplate } from "edgeplatform-client";

/** A container's image as a program gives it. */
export interface AppImage {
  registryId: string;
  namespace: string;
  name: string;
  tag: string;
  digest?: string;
}

/** A container as a program gives it (and as `containers` holds it). */
export interface AppContainer {
  name: string;
  image: AppImage;
  imagePullPolicy?: string;
  entryPoint?: Record<string, unknown>;
  environment?: Record<string, string>;
  probes?: Record<string, unknown>;
  endpoints?: Record<string, unknown>[];
  volumeMounts?: { name: string; mountPath: string }[];
}

/** The region settings as a program gives them. */
export interface AppRegions {
  allowed: string[];
  required?: string[];
  maxAllowed?: number;
}

/** The keys lists are matched by, by list name (a list not named here is positional). */
const LIST_KEYS: Readonly<Record<string, string>> = {
  containers: "name",
  endpoints: "displayName",
  volumes: "name",
  volumeMounts: "name",
};

const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/**
 * The canonical form of a value: object keys sorted, lists keyed by name sorted by it (at any
 * depth, `list` naming the list a value is in), `allowed`/`required` regions sorted.
 */
export function canonical(v: unknown, list?: string): unknown {
  if (Array.isArray(v)) {
    const items = v.map((x) => canonical(x));
    const key = list ? LIST_KEYS[list] : undefined;
    if (key)
      return [...items].sort((a, b) =>
        String(isObj(a) ? a[key] : a).localeCompare(String(isObj(b) ? b[key] : b)),
      );
    if (list === "allowed" || list === "required") return [...items].map(String).sort();
    return items;
  }
  if (!isObj(v)) return v;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(v).sort()) if (v[k] !== undefined) out[k] = canonical(v[k], k);
  return out;
}

/**
 * `value` (as the platform holds it) reduced to the parts `shape` (what a program wrote)
 * names: an object to the keys of `shape`, a keyed list to the items `shape` names (by key),
 * any other list item by item. Without a shape, the value as it is.
 */
export function projected(value: unknown, shape: unknown, list?: string): unknown {
  if (shape === undefined || shape === null) return value;
  if (Array.isArray(value) && Array.isArray(shape)) {
    const key = list ? LIST_KEYS[list] : undefined;
    if (key) {
      const named = new Set(shape.filter(isObj).map((s) => String(s[key])));
      return value
        .filter((x) => isObj(x) && named.has(String(x[key])))
        .map((x) =>
          projected(
            x,
            shape.find(
              (s) => isObj(s) && String(s[key]) === String((x as Record<string, unknown>)[key]),
            ),
          ),
        );
    }
    return value.map((x, i) => projected(x, shape[i]));
  }
  if (isObj(value) && isObj(shape)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(shape))
      if (value[k] !== undefined) out[k] = projected(value[k], shape[k], k);
    return out;
  }
  return value;
}

/** An endpoint as a program gives it (`EndpointRequest`), from the platform's `ContainerEndpoint`. */
function endpointOf(e: McContainerTemplate["endpoints"][number]): Record<string, unknown> {
  const ports = e.portMappings.map((p) => ({
    containerPort: p.containerPort,
    exposedPort: p.exposedPort,
    protocols: p.protocols,
  }));
  if (e.type === "cdn")
    return {
      displayName: e.displayName,
      cdn: {
        isSslEnabled: e.isSslEnabled,
        pullZoneId: Number(e.pullZoneId),
        ...(e.stickySessions ? { stickySessions: e.stickySessions } : {}),
        portMappings: ports,
      },
    };
  return { displayName: e.displayName, anycast: { type: "iPv4", portMappings: ports } };
}

/** The image of a container template. */
const imageOf = (c: McContainerTemplate): AppImage => ({
  registryId: c.imageRegistryId,
  namespace: c.imageNamespace,
  name: c.imageName,
  tag: c.imageTag,
  digest: c.imageDigest,
});

/**
 * A container as `containers` holds it. `plain`: the names of its environment variables that
 * are not secret (undefined: not known, so the environment is left out: its values may be
 * secrets, and a record of them would be plain).
 */
export function containerOf(c: McContainerTemplate, plain?: readonly string[]): AppContainer {
  const env = Object.fromEntries(
    (c.environmentVariables ?? [])
      .filter((v) => plain?.includes(v.name))
      .map((v) => [v.name, v.value ?? ""]),
  );
  return {
    name: c.name,
    image: imageOf(c),
    imagePullPolicy: c.imagePullPolicy,
    entryPoint: c.entryPoint as Record<string, unknown>,
    ...(plain ? { environment: env } : {}),
    probes: c.probes as Record<string, unknown>,
    endpoints: c.endpoints.map(endpointOf),
    volumeMounts: c.volumeMounts.map((m) => ({ name: m.name, mountPath: m.mountPath })),
  };
}

/** The secret environment of `app`: per container, the variables `secret` names (all: undefined). */
export function secretEnvironmentOf(
  app: McApplication,
  secret?: Readonly<Record<string, unknown>>,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const c of app.containerTemplates) {
    const names = secret
      ? Object.keys(isObj(secret[c.name]) ? (secret[c.name] as object) : {})
      : undefined;
    const vars = (c.environmentVariables ?? []).filter((v) => !names || names.includes(v.name));
    if (vars.length > 0 || names)
      out[c.name] = Object.fromEntries(vars.map((v) => [v.name, v.value ?? ""]));
  }
  if (secret) for (const k of Object.keys(out)) if (!(k in secret)) delete out[k];
  return out;
}

/** The region settings of `app` in the program's shape. */
export const regionsOf = (app: McApplication): AppRegions => ({
  allowed: [...(app.regionSettings.allowedRegionIds ?? [])],
  required: [...(app.regionSettings.requiredRegionIds ?? [])],
  ...(typeof app.regionSettings.maxAllowedRegions === "number"
    ? { maxAllowed: app.regionSettings.maxAllowedRegions }
    : {}),
});

/** The names of a container's plain environment variables in a state's `containers`, by container. */
export function plainNames(containers: unknown): Record<string, string[]> | undefined {
  if (!Array.isArray(containers)) return undefined;
  const out: Record<string, string[]> = {};
  for (const c of containers)
    if (isObj(c) && typeof c.name === "string")
      out[c.name] = isObj(c.environment) ? Object.keys(c.environment) : [];
  return out;
}
