/**
 * Builds the stored Magic Containers objects from request bodies (containers with their
 * endpoints, volume templates) and runs the emulator's own checks on them (references to
 * registries, pull zones and volume templates; unique names; autoscaling bounds). Each check
 * answers the field it refuses, as a path (`containerTemplates[1].imageRegistryId`).
 */
import { createHash } from "node:crypto";
import type { EmulatorState } from "./state";
import type { McContainerState, McEndpointState } from "./state-containers";
import { nextMcId } from "./state-containers";

/** A refused field. */
export interface McFieldError {
  field: string;
  message: string;
}

/** An endpoint as requested (`EndpointRequest`). */
export interface EndpointBody {
  displayName: string;
  cdn?: {
    isSslEnabled?: boolean;
    pullZoneId?: number | null;
    stickySessions?: { enabled?: boolean; sessionHeaders: string[]; cookieName?: string };
    portMappings?: PortBody[];
  };
  anycast?: { type: string; portMappings: PortBody[] };
}

interface PortBody {
  containerPort: number;
  exposedPort?: number | null;
  protocols?: string[];
}

/** A container as requested (`ContainerRequest`, `AddContainerRequest`, `PatchContainerRequest`). */
export interface ContainerBody {
  id?: string | null;
  name?: string | null;
  image?: string | null;
  imageName?: string | null;
  imageNamespace?: string | null;
  imageTag?: string | null;
  imageDigest?: string | null;
  imageRegistryId?: string | null;
  imagePullPolicy?: "always" | "ifNotPresent";
  entryPoint?: Record<string, unknown>;
  probes?: Record<string, unknown>;
  environmentVariables?: { name: string; value?: string }[] | null;
  endpoints?: EndpointBody[] | null;
  volumeMounts?: { name: string; mountPath: string }[] | null;
}

/** The digest the emulator gives an image (`namespace/name:tag`). */
export const digestOf = (image: string) =>
  `sha256:${createHash("sha256").update(image).digest("hex")}`;

/** The stored endpoint of an endpoint request. */
export function endpointFrom(state: EmulatorState, b: EndpointBody): McEndpointState {
  const id = nextMcId(state, "ep");
  const ports = (b.cdn?.portMappings ?? b.anycast?.portMappings ?? []).map((p) => ({
    containerPort: p.containerPort,
    exposedPort: p.exposedPort ?? p.containerPort,
    protocols: p.protocols ?? ["tcp"],
  }));
  const base = {
    id,
    displayName: b.displayName,
    publicHost: `${id}.containers.emulator.test`,
    portMappings: ports,
  };
  if (b.cdn) {
    const s = b.cdn.stickySessions;
    return {
      ...base,
      type: "cdn",
      isSslEnabled: b.cdn.isSslEnabled ?? true,
      // A CDN endpoint without a pull zone gets one of its own (an id no fixture uses).
      pullZoneId: String(b.cdn.pullZoneId ?? 900_000 + Number(id.slice(3))),
      ...(s
        ? {
            stickySessions: {
              enabled: s.enabled ?? true,
              sessionHeaders: s.sessionHeaders,
              cookieName: s.cookieName ?? "mc-session",
            },
          }
        : {}),
    };
  }
  return { ...base, type: "anycast", isSslEnabled: false, pullZoneId: "0" };
}

/**
 * The stored container of a request: a new one (`old` undefined; the request carries every
 * required field), `old` with the fields sent over it (`keep`; endpoints sent replace its
 * endpoints), or `old` replaced by the request (not `keep`: only its id and package stay).
 */
export function containerFrom(
  state: EmulatorState,
  b: ContainerBody,
  old?: McContainerState,
  keep = true,
): McContainerState {
  const pick = <K extends keyof McContainerState>(
    k: K,
    v: McContainerState[K] | null | undefined,
  ) => v ?? (keep ? old?.[k] : undefined);
  const imageNamespace = pick("imageNamespace", b.imageNamespace)!;
  const imageName = pick("imageName", b.imageName)!;
  const imageTag = pick("imageTag", b.imageTag)!;
  const image = b.image ?? `${imageNamespace}/${imageName}:${imageTag}`;
  const id = old?.id ?? nextMcId(state, "ct");
  return {
    id,
    name: pick("name", b.name)!,
    packageId: old?.packageId ?? `pkg-${id}`,
    image,
    imageName,
    imageNamespace,
    imageTag,
    imageRegistryId: pick("imageRegistryId", b.imageRegistryId)!,
    imageDigest: b.imageDigest ?? digestOf(image),
    imagePullPolicy: pick("imagePullPolicy", b.imagePullPolicy) ?? "ifNotPresent",
    entryPoint: pick("entryPoint", b.entryPoint) ?? {},
    probes: pick("probes", b.probes) ?? {},
    environmentVariables: pick("environmentVariables", b.environmentVariables) ?? [],
    endpoints: b.endpoints
      ? b.endpoints.map((e) => endpointFrom(state, e))
      : keep
        ? (old?.endpoints ?? [])
        : [],
    volumeMounts: pick("volumeMounts", b.volumeMounts) ?? [],
  };
}

/**
 * The emulator's own checks of containers as they would be stored: each registry exists,
 * each CDN endpoint's pull zone exists, each volume mount names a volume template, names are
 * unique. `at(i)` is the field path of the i-th container in the request.
 */
export function checkContainers(
  state: EmulatorState,
  bodies: ContainerBody[],
  volumeNames: Set<string>,
  at: (i: number) => string,
  otherNames: string[] = [],
): McFieldError[] {
  const errors: McFieldError[] = [];
  const names = new Set(otherNames);
  bodies.forEach((b, i) => {
    if (b.name != null) {
      if (names.has(b.name))
        errors.push({
          field: `${at(i)}.name`,
          message: `container name "${b.name}" is used twice`,
        });
      names.add(b.name);
    }
    if (
      b.imageRegistryId != null &&
      !state.registries.some((r) => String(r.id) === b.imageRegistryId)
    )
      errors.push({
        field: `${at(i)}.imageRegistryId`,
        message: `registry ${b.imageRegistryId} does not exist`,
      });
    (b.endpoints ?? []).forEach((e, j) => {
      const field = `${at(i)}.endpoints[${j}]`;
      if (!e.cdn === !e.anycast)
        errors.push({ field, message: "exactly one of cdn and anycast must be set" });
      const pz = e.cdn?.pullZoneId;
      if (pz != null && !state.pullZones.some((z) => z.id === pz))
        errors.push({
          field: `${field}.cdn.pullZoneId`,
          message: `pull zone ${pz} does not exist`,
        });
    });
    (b.volumeMounts ?? []).forEach((m, j) => {
      if (!volumeNames.has(m.name))
        errors.push({
          field: `${at(i)}.volumeMounts[${j}].name`,
          message: `no volume template "${m.name}"; allowed: ${[...volumeNames].join(", ") || "(none)"}`,
        });
    });
  });
  return errors;
}

/** Autoscaling bounds: `min` at most `max`. */
export function checkAutoscaling(a: { min: number; max: number }, field: string): McFieldError[] {
  return a.min > a.max
    ? [{ field: `${field}.min`, message: `min (${a.min}) must not exceed max (${a.max})` }]
    : [];
}
