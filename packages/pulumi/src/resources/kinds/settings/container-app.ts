/**
 * A Magic Containers application (`ContainerApp`): read with GET `/mc/apps/{appId}`, created
 * by `name` with one POST `/mc/apps` of the whole application, or adopted by `appId`. Its
 * settings are the runtime, autoscaling, regions, containers (keyed by `name`: their image,
 * environment, probes, endpoints keyed by `displayName`, volume mounts), the volume templates
 * (keyed by `name`) and the secret environment (by container; a Pulumi secret). Lists are
 * compared by their keys, never by position: another order is no change. A part of a
 * container the program leaves out is not managed (the platform's value stays). A write is as
 * small as the API allows (container-app-write.ts); each create or write waits for the
 * deployment, bounded, with status lines (container-app-deploy.ts), and a failing deployment
 * fails naming its containers and reasons, with the application kept in the state (the next
 * `pulumi up` deploys it again). Destroy deletes an application Pulumi created; an adopted one
 * is kept (unless `deleteOnDestroy: true`) and gets back what Pulumi changed (not its
 * environment values, which are never recorded: they may be secrets).
 */
import type { McAddApplicationRequest, McApplication } from "edgeplatform-client";
import { isNotFound, messageOf, ResourceOperationError, type Failure } from "../../core/common";
import { getClient } from "../../core/settings";
import { zoneListing } from "../../core/run-state";
import { logLine, outcomeUnknown } from "../../core/zone-objects/recovery";
import {
  settingsProvider,
  type EngineKind,
  type NameChecks,
  type SettingsInputs,
  type SettingsOutputs,
  type ZoneResolution,
} from "../../core/zone-settings/engine";
import type {
  SettingsSnapshot,
  SettingsTarget,
  Wire,
  WriteContext,
} from "../../core/zone-settings/kind";
import { createOrAdoptForm } from "../../core/zone-settings/create-or-adopt";
import { relistedAfterCreate } from "../../core/zone-settings/unique-names";
import { addressOf } from "../../core/zone-settings/object-ids";
import {
  canonical,
  containerOf,
  plainNames,
  projected,
  regionsOf,
  secretEnvironmentOf,
  type AppContainer,
  type AppRegions,
} from "./container-app-values";
import {
  appPatchOf,
  containerRequest,
  containerWrites,
  regionSettingsOf,
  sendContainerWrites,
} from "./container-app-write";
import { DEFAULT_DEPLOY_TIMEOUT_SECONDS, deployFailure, settled } from "./container-app-deploy";
import { CONTAINER_APP_DOCS, CONTAINER_APP_FIELDS } from "./container-app-fields";

/** An application as read, with its volume templates' ids (name → id) when listed. */
export interface AppRaw {
  app: McApplication;
  volumeIds?: Record<string, string>;
}

type Env = Record<string, string>;
type Secrets = Record<string, Env>;
const isObj = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** The applications written by this process's operation now under way (their deploy is waited for). */
const written = new Set<string>();
/**
 * The application as a create read it back just after its POST, by id: the first answer of
 * the wait for its deployment (one read, not two). Dropped by any later write.
 */
const readBack = new Map<string, McApplication>();

/**
 * An application as the engine compares it. `last`: the state a read refreshes (its program
 * values are the shape the answer is projected onto); without one, every container as read,
 * no environment values (they may be secrets) and no secret environment.
 */
function snapshotOf(
  raw: AppRaw,
  last?: Readonly<Record<string, unknown>>,
): SettingsSnapshot<AppRaw> {
  const app = raw.app;
  const plain = plainNames(last?.containers);
  const containers = app.containerTemplates.map((c) =>
    containerOf(c, plain ? (plain[c.name] ?? []) : undefined),
  );
  const volumes = app.volumes.map((v) => ({ name: v.name, size: v.size }));
  return {
    raw,
    values: {
      runtimeType: app.runtimeType ?? null,
      autoScaling: app.autoScaling ? { min: app.autoScaling.min, max: app.autoScaling.max } : null,
      regions: projected(regionsOf(app), last?.regions),
      containers: projected(containers, last?.containers, "containers"),
      volumes: projected(volumes, last?.volumes, "volumes"),
      secretEnvironment: isObj(last?.secretEnvironment)
        ? secretEnvironmentOf(app, last.secretEnvironment)
        : null,
    },
  };
}

/** Every page of a listing by cursor. */
async function allPages<T>(
  list: (q: {
    nextCursor?: string;
    limit: number;
  }) => Promise<{ items?: T[]; cursor?: string | null }>,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 1000; i++) {
    const page = await list({ ...(cursor ? { nextCursor: cursor } : {}), limit: 1000 });
    out.push(...(page.items ?? []));
    if (!page.cursor) return out;
    cursor = page.cursor;
  }
  return out;
}

/** The account's applications named exactly `name` (their ids). */
const appsNamed = async (name: string): Promise<string[]> =>
  (await allPages((q) => getClient().containers.listApps(q)))
    .filter((a) => a.name === name)
    .map((a) => a.id)
    .filter((id): id is string => typeof id === "string");

/** The application and its volume ids; undefined when a readable listing lacks it (gone). */
async function readApp(t: SettingsTarget, withVolumes: boolean): Promise<AppRaw | undefined> {
  const id = addressOf(t);
  const c = getClient().containers;
  let app: McApplication;
  try {
    app = await c.getApp(id);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    // A not-found alone is never "gone": the account's listing must lack it too.
    const ids = (await allPages((q) => c.listApps(q))).map((a) => a.id);
    if (ids.includes(id)) throw e;
    return undefined;
  }
  if (!withVolumes) return { app };
  // The ids come only from the volumes' listing; an app without volume templates has none.
  if (app.volumes.length === 0) return { app, volumeIds: {} };
  const vols = await c.listVolumes(id);
  return { app, volumeIds: Object.fromEntries(vols.items.map((v) => [v.name, v.id])) };
}

/** The regions the platform offers (their ids), listed once per run (the platform's own list). */
const regionIds = async () =>
  (await zoneListing(0, () => allPages((q) => getClient().containers.listRegions(q)), "mc-regions"))
    .map((r) => r.id)
    .filter((x): x is string => typeof x === "string");

/** Refuses regions the platform does not offer, before any write, naming the allowed ids. */
async function checkRegionIds(r: AppRegions | undefined, what: string): Promise<void> {
  if (!r) return;
  const known = await regionIds();
  for (const [field, ids] of [
    ["regions.allowed", r.allowed],
    ["regions.required", r.required ?? []],
  ] as const) {
    const unknown = ids.filter((x) => !known.includes(x));
    if (unknown.length > 0)
      throw new ResourceOperationError(
        `${what} failed: \`${field}\` names ${unknown.map((u) => JSON.stringify(u)).join(", ")}, ` +
          `which the platform does not offer; allowed: ${known.join(", ")}. Nothing was written.`,
      );
  }
}

/** The failures of regions a schema cannot say: required within allowed, at most maxAllowed. */
export function regionFailures(r: unknown): Failure[] {
  if (!isObj(r) || !Array.isArray(r.allowed)) return [];
  const out: Failure[] = [];
  const required = Array.isArray(r.required) ? (r.required as string[]) : [];
  const outside = required.filter((x) => !(r.allowed as string[]).includes(x));
  if (outside.length > 0)
    out.push({
      property: "regions.required",
      reason: `${outside.join(", ")} not in \`regions.allowed\` (${(r.allowed as string[]).join(", ")}): required regions must be allowed`,
    });
  if (typeof r.maxAllowed === "number" && required.length > r.maxAllowed)
    out.push({
      property: "regions.maxAllowed",
      reason: `is ${r.maxAllowed}, fewer than the ${required.length} required regions`,
    });
  return out;
}

/** The failures of containers a schema cannot say: unique names and keys, secrets by name. */
export function containerFailures(n: Record<string, unknown>): Failure[] {
  const out: Failure[] = [];
  const containers = Array.isArray(n.containers) ? (n.containers as AppContainer[]) : [];
  const names = containers.map((c) => c?.name);
  const twice = names.filter((x, i) => names.indexOf(x) !== i);
  if (twice.length > 0)
    out.push({
      property: "containers",
      reason: `container names must be unique; ${[...new Set(twice)].join(", ")} twice`,
    });
  containers.forEach((c, i) => {
    const eps = (c?.endpoints ?? []).map((e) => (e as { displayName?: string }).displayName);
    const dup = eps.filter((x, j) => eps.indexOf(x) !== j);
    if (dup.length > 0)
      out.push({
        property: `containers[${i}].endpoints`,
        reason: `endpoint display names must be unique; ${dup.join(", ")} twice`,
      });
  });
  const secrets = isObj(n.secretEnvironment) ? n.secretEnvironment : {};
  for (const [name, vars] of Object.entries(secrets)) {
    const c = containers.find((x) => x?.name === name);
    if (Array.isArray(n.containers) && !c)
      out.push({
        property: `secretEnvironment.${name}`,
        reason: `names no container of \`containers\` (${names.join(", ")})`,
      });
    const both = Object.keys(isObj(vars) ? vars : {}).filter((v) => v in (c?.environment ?? {}));
    if (both.length > 0)
      out.push({
        property: `secretEnvironment.${name}`,
        reason: `${both.join(", ")} also in \`environment\`: a variable is plain or secret, not both`,
      });
  }
  return out;
}

/**
 * Creates the application of `inputs` with one POST `/mc/apps` once `names` finds no
 * application of that name and the regions are known to the platform. A create whose outcome
 * is unknown is never re-sent: the application is found by its name (absent before).
 */
async function resolveZone(
  inputs: SettingsInputs,
  what: string,
  names: NameChecks,
): Promise<ZoneResolution> {
  const name = String(inputs.name);
  const regions = inputs.regions as AppRegions;
  await checkRegionIds(regions, what);
  await names.before(name, what);
  const secrets = (isObj(inputs.secretEnvironment) ? inputs.secretEnvironment : {}) as Secrets;
  const containers = (inputs.containers as AppContainer[] | undefined) ?? [];
  const body: McAddApplicationRequest = {
    name,
    runtimeType: inputs.runtimeType as McAddApplicationRequest["runtimeType"],
    autoScaling: (inputs.autoScaling as McAddApplicationRequest["autoScaling"]) ?? {
      min: 1,
      max: 1,
    },
    regionSettings: regionSettingsOf(regions),
    ...(containers.length > 0
      ? { containerTemplates: containers.map((c) => containerRequest(c, secrets[c.name])) as never }
      : {}),
    ...(Array.isArray(inputs.volumes) ? { volumes: inputs.volumes as never } : {}),
  };
  let id: string;
  try {
    const answer = await getClient().containers.addApp(body);
    id =
      typeof answer.id === "string"
        ? answer.id
        : await recoverCreated(name, new Error("the answer named no application id"), what);
  } catch (e) {
    if (e instanceof ResourceOperationError) throw e;
    if (!outcomeUnknown(e)) {
      await names.afterRefusal(name, what, e);
      throw new ResourceOperationError(
        `${what} failed: the platform refused the application ${JSON.stringify(name)}: ${messageOf(e)}. Nothing was written.`,
        e,
      );
    }
    id = await recoverCreated(name, e, what);
  }
  written.add(id);
  let current: SettingsSnapshot<AppRaw> | undefined;
  try {
    const raw = await readApp({ zone: id as unknown as number }, true);
    if (raw) current = snapshotOf(raw, inputs);
    if (raw) readBack.set(id, raw.app);
  } catch {
    current = undefined; // recorded all the same: the next read finds it
  }
  const snap = current ?? createdAsSent(id, body, inputs);
  // The engine records this read as the values before Pulumi (`prior`, no secret output): a
  // secret value never goes there. The secret environment is compared again at the next read.
  snap.values.secretEnvironment = null;
  return { zone: id, created: true, current: snap };
}

/** The application as sent (its read failed): what the state records until the next read. */
function createdAsSent(
  id: string,
  body: McAddApplicationRequest,
  inputs: SettingsInputs,
): SettingsSnapshot<AppRaw> {
  const app = {
    id,
    name: body.name,
    status: "progressing",
    runtimeType: body.runtimeType,
    regionSettings: body.regionSettings,
    containerTemplates: [],
    containerInstances: [],
    volumes: [],
    autoScaling: body.autoScaling,
  } as unknown as McApplication;
  const snap = snapshotOf({ app }, inputs);
  for (const k of ["containers", "volumes", "regions"])
    snap.values[k] = (inputs[k] as Wire) ?? null;
  return snap;
}

/** After a POST `/mc/apps` whose outcome is unknown: the application, found by its name only. */
async function recoverCreated(name: string, cause: unknown, what: string): Promise<string> {
  let found: string[] = [];
  try {
    found = await relistedAfterCreate(() => appsNamed(name));
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the outcome of the application's create (POST /mc/apps) is unknown ` +
        `(${messageOf(cause)}) and listing the applications failed too (${messageOf(e)}). The ` +
        `request was not re-sent and nothing is recorded. Look for an application named ` +
        `${JSON.stringify(name)}: if there is one, adopt it with \`appId\`; else run \`pulumi up\` again.`,
      cause,
    );
  }
  if (found.length === 1) {
    void logLine(
      `${what}: the answer to the application's create was lost (${messageOf(cause)}); application ${found[0]} named ${JSON.stringify(name)}, absent before, is the one it created`,
    );
    return found[0];
  }
  throw new ResourceOperationError(
    `${what} failed: ${messageOf(cause)}. The request was not re-sent; the account lists ` +
      `${found.length} applications named ${JSON.stringify(name)} after it` +
      `${found.length === 0 ? ": it was not applied, run `pulumi up` again" : ": adopt yours with `appId`"}.`,
    cause,
  );
}

/**
 * Writes `changes`: one PATCH of the application's own settings, then the container writes
 * (container-app-write.ts). A destroy's restore (`context.restoring`) gives back the
 * containers recorded before Pulumi; the secret environment is never restored (not recorded).
 */
async function write(
  t: SettingsTarget,
  current: SettingsSnapshot<AppRaw>,
  changes: Record<string, Wire>,
  what: string,
  prior: Readonly<Record<string, unknown>>,
  context?: WriteContext,
): Promise<void> {
  const id = addressOf(t);
  readBack.delete(id); // written after its create's read: the wait reads it again
  if (!context?.restoring) await checkRegionIds(changes.regions as AppRegions | undefined, what);
  const c = getClient().containers;
  let calls = 0;
  const patch = appPatchOf(changes);
  if (patch) {
    await c.patchApp(id, patch);
    calls++;
  }
  if ("containers" in changes || "secretEnvironment" in changes) {
    const app = patch ? await c.getApp(id) : current.raw.app;
    const was = {
      containers: (current.values.containers as AppContainer[] | null) ?? [],
      secrets: (current.values.secretEnvironment as Secrets | null) ?? {},
    };
    const want = ((changes.containers ?? current.values.containers) as AppContainer[] | null) ?? [];
    const secrets = (
      context?.restoring
        ? {}
        : (changes.secretEnvironment ?? current.values.secretEnvironment ?? {})
    ) as Secrets;
    // An application Pulumi created had nothing before Pulumi: all its endpoints are Pulumi's.
    const priorContainers = context?.created
      ? undefined
      : (prior.containers as AppContainer[] | undefined);
    calls += await sendContainerWrites(
      id,
      containerWrites(
        app,
        want,
        secrets,
        context?.restoring ? { ...was, secrets: {} } : was,
        priorContainers,
      ),
    );
  }
  if (calls > 0 && !context?.restoring) {
    written.add(id);
    // A failure from here on leaves the state saying the deployment did not finish.
    current.raw.app = { ...current.raw.app, status: "progressing" };
  }
}

/** Outputs of a settled or read application: status, digests, endpoints, volume ids. */
function outputsOf(
  app: McApplication,
  volumeIds?: Record<string, string>,
): Record<string, unknown> {
  const endpoints: Record<string, unknown> = {};
  for (const c of app.containerTemplates)
    for (const e of c.endpoints)
      endpoints[`${c.name}/${e.displayName}`] = {
        container: c.name,
        type: e.type,
        publicHost: e.publicHost,
        ...(e.type === "cdn" ? { pullZoneId: Number(e.pullZoneId) } : {}),
      };
  return {
    name: app.name,
    status: app.status,
    imageDigests: Object.fromEntries(app.containerTemplates.map((c) => [c.name, c.imageDigest])),
    endpointOutputs: endpoints,
    ...(volumeIds ? { volumeIds } : {}),
  };
}

/** Whether a state records a deployment that did not finish (failing, or left under way). */
const unfinished = (olds: Partial<SettingsOutputs>) =>
  olds.status === "failing" || olds.status === "progressing";

/**
 * After the writes of a create or update: waits for the deployment they started (or, for a
 * state whose deployment did not finish and nothing written now, deploys again first).
 */
async function afterWrite(
  t: SettingsTarget,
  inputs: SettingsInputs,
  olds: SettingsOutputs | undefined,
  what: string,
): Promise<Record<string, unknown>> {
  const id = addressOf(t);
  const wrote = written.delete(id);
  const read = readBack.get(id);
  readBack.delete(id);
  const retry = olds !== undefined && unfinished(olds);
  if (!wrote && !retry) return {};
  const name = typeof olds?.name === "string" ? olds.name : String(inputs.name ?? id);
  const timeout =
    typeof inputs.deployTimeoutSeconds === "number"
      ? inputs.deployTimeoutSeconds
      : DEFAULT_DEPLOY_TIMEOUT_SECONDS;
  let app = await settled(id, name, timeout, what, read);
  if (app.status === "failing" && !wrote) {
    void logLine(`${what}: application ${name}'s last deployment failed: deploying it again`);
    await getClient().containers.deployApp(id);
    app = await settled(id, name, timeout, what);
  }
  if (app.status === "failing") throw await deployFailure(app, what);
  return outputsOf(app);
}

/** Deletes an application; a not-found is never "gone" to the engine. */
async function deleteApp(t: SettingsTarget): Promise<void> {
  await getClient().containers.deleteApp(addressOf(t));
}

/** `edge.containers.ContainerApp`. */
export const containerAppKind: EngineKind<AppRaw> = {
  type: "ContainerApp",
  noun: "the settings",
  inputsSchema: "containerAppInputsSchema",
  fields: CONTAINER_APP_FIELDS,
  docs: CONTAINER_APP_DOCS,
  allowEmpty: true,
  address: {
    input: "appId",
    noun: "container application",
    label: "app",
    createBy: "name",
    ids: "string",
  },
  extraInputs: {
    name: { type: "string", minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9-\\s]+$" },
    deleteOnDestroy: { type: "boolean" },
    deployTimeoutSeconds: { type: "integer", minimum: 1, maximum: 3600 },
  },
  passThrough: ["deleteOnDestroy", "deployTimeoutSeconds"],
  checkExtra(news) {
    const out: Failure[] = [];
    const given = (k: string) => news[k] !== undefined && news[k] !== null;
    if (given("name"))
      for (const k of ["runtimeType", "regions"])
        if (!given(k))
          out.push({ property: k, reason: "is required to create an application (with `name`)" });
    out.push(...regionFailures(news.regions), ...containerFailures(news));
    return out;
  },
  uniqueNames: {
    input: "name",
    one: "container application",
    many: "container applications",
    list: async () =>
      (await allPages((q) => getClient().containers.listApps(q))).map((a) => ({
        id: a.id,
        name: a.name,
      })),
  },
  resolveZone,
  read: async (t, context) => {
    const raw = await readApp(t, !context?.valuesOnly);
    return raw && snapshotOf(raw, context?.last);
  },
  write,
  afterWrite,
  unfinished,
  outputs: (snap) => outputsOf(snap.raw.app, snap.raw.volumeIds),
  deleteCreated: {
    run: deleteApp,
    consequence: "(with its containers, endpoints and volumes)",
    adoptedIf: "deleteOnDestroy",
  },
  form: createOrAdoptForm({
    address: "appId",
    createBy: "name",
    kept: ["deleteOnDestroy", "deployTimeoutSeconds"],
  }),
};

/** The canonical form of a field's value (for tests and docs: order never matters). */
export { canonical };

/** The dynamic provider of `edge.containers.ContainerApp` (what its serialized stub calls). */
export const containerAppProvider = settingsProvider(containerAppKind);
