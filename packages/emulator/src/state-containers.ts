/**
 * The Magic Containers part of the emulator's state: what an application stores besides its
 * region settings and volumes (name, containers with their endpoints, autoscaling, the
 * deployment under way), the ids of new objects, and the deployment clock (a deployment is
 * `progressing` until `mcDeployMs` of the emulator clock have passed, then `active`, or
 * `failing` when one of its containers' image tags starts with `fail`).
 */
import type { BehaviourProfile } from "./profiles";
import type { AppState, EmulatorState } from "./state";

/** An environment variable of a container (its value is returned as stored). */
export interface McEnvVar {
  name: string;
  value?: string;
}

/** A port mapping of an endpoint. */
export interface McPortMapping {
  containerPort: number;
  exposedPort: number;
  protocols: string[];
}

/** An endpoint of a container (`ContainerEndpoint`). */
export interface McEndpointState {
  id: string;
  displayName: string;
  publicHost: string;
  type: "cdn" | "anycast" | "publicIp";
  isSslEnabled: boolean;
  /** The pull zone a CDN endpoint serves through (as a string, as the platform answers). */
  pullZoneId: string;
  portMappings: McPortMapping[];
  stickySessions?: { enabled: boolean; sessionHeaders: string[]; cookieName: string };
}

/** A container template of an application (`ContainerTemplate`). */
export interface McContainerState {
  id: string;
  name: string;
  packageId: string;
  image: string;
  imageName: string;
  imageNamespace: string;
  imageTag: string;
  imageRegistryId: string;
  imageDigest: string;
  imagePullPolicy: "always" | "ifNotPresent";
  entryPoint: Record<string, unknown>;
  probes: Record<string, unknown>;
  environmentVariables: McEnvVar[];
  endpoints: McEndpointState[];
  volumeMounts: { name: string; mountPath: string }[];
}

/** A deployment: when it started (emulator clock, epoch ms). */
export interface McDeployment {
  startedAt: number;
}

/** What an application stores besides its region settings and volumes. */
export interface McAppExtra {
  name: string;
  runtimeType: "shared" | "reserved";
  terminationGracePeriodSeconds?: number;
  autoScaling: { min: number; max: number };
  containerTemplates: McContainerState[];
  /** The deployment, or null when undeployed (`inactive`). */
  deployment: McDeployment | null;
  /** Creation order (lists answer in it under `mcListOrder: "created"`). */
  createdSeq: number;
}

/** An application as the containers routes see it (a fixture may lack the extra fields). */
export type McApp = AppState & Partial<McAppExtra>;

/** The ids the containers routes hand out (kept in `nextIds.mcObject`). */
export function nextMcId(state: EmulatorState, prefix: string): string {
  const ids = state.nextIds as { mcObject?: number };
  if (ids.mcObject === undefined) ids.mcObject = 1000;
  return `${prefix}-${ids.mcObject++}`;
}

/** The next registry id: above every id in use. */
export function nextRegistryId(state: EmulatorState): number {
  const ids = state.nextIds as { mcRegistry?: number };
  const next = Math.max(ids.mcRegistry ?? 100, ...state.registries.map((r) => r.id + 1));
  ids.mcRegistry = next + 1;
  return next;
}

/**
 * The status of an application now: `inactive` undeployed; `progressing` while its
 * deployment is younger than `profile.mcDeployMs`; then `failing` when a container's image
 * tag starts with `fail`, else `active`.
 */
export function appStatus(
  app: McApp,
  now: number,
  profile: BehaviourProfile,
): "active" | "progressing" | "inactive" | "failing" {
  const d = app.deployment;
  if (d === null) return "inactive";
  if (d === undefined) return "active"; // a fixture application without a deployment record
  if (now - d.startedAt < profile.mcDeployMs) return "progressing";
  const failing = (app.containerTemplates ?? []).some((c) => c.imageTag.startsWith("fail"));
  return failing ? "failing" : "active";
}

/** Starts a (re)deployment of the application at `now`. */
export function startDeployment(app: McApp, now: number): void {
  app.deployment = { startedAt: now };
}
