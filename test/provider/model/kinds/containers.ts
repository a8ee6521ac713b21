/**
 * The Magic Containers resources as kinds of the model test: `edge.containers.ContainerApp`
 * (an application: its own settings, its containers keyed by name, their image, environment and
 * endpoints keyed by display name, its volume templates), `ImageRegistry` (a registry: display
 * name and credentials) and `VolumeInstancesDeletion` (a one-shot: its objects are the volume
 * instances it acts on). Their "zone" is the account (0); an instance's is its application.
 *
 * - ContainerApp: created by `name` (with `runtimeType`, `regions`, a container and the volume
 *   template `cache-data`; destroy deletes it with its volumes' instances: they are `within`
 *   it) or adopted by `appId` (destroy gives back what it changed, not environment values:
 *   invariant (7)). An image tag starting with `fail` makes the deployment fail (the
 *   emulator's control): the run fails naming the container, and the state keeps the
 *   application. A taken name (fixture `shop`) is refused before any write.
 * - ImageRegistry: created by `registryType` + `displayName` (with a user name and token) or
 *   adopted by `registryId`; a token rotation is a new token; destroy of an adopted one gives
 *   back its display name only (the platform never answers a token). The platform keeps a
 *   token's first and last three characters: those are compared.
 * - VolumeInstancesDeletion: names an application and a volume template, either a fixture's
 *   (`app-1`'s `vol-detached`, three detached instances, or `vol-attached`, one attached) or a
 *   template of an application the program creates (`volumeId` from its `volumeIds` output).
 *   It may remove the instances of that template only, and only when none is attached (else
 *   it is refused before any call); another actor attaches, detaches, adds and deletes
 *   instances.
 *
 * Values come from the declarations (`CONTAINER_APP_FIELDS`, `REGISTRY_TYPES`) and the
 * emulator's fixtures, not from the providers' write functions.
 */
import fc from "fast-check";
import { McAnycastIpProtocolVersion } from "../../../../packages/client/src/spec/containers-enums";
import { mcAutoscalingSettingsSchema } from "../../../../packages/client/src/spec/containers-schemas";
import type { EmulatorState } from "../../../../packages/emulator/src";
import type { McApp } from "../../../../packages/emulator/src/state-containers";
import { volumeInstancesDeletionProvider } from "../../../../packages/pulumi/src/resources/kinds/own/volume-instances-deletion";
import { containerAppProvider } from "../../../../packages/pulumi/src/resources/kinds/settings/container-app";
import { CONTAINER_APP_FIELDS } from "../../../../packages/pulumi/src/resources/kinds/settings/container-app-fields";
import {
  imageRegistryProvider,
  REGISTRY_TYPES,
} from "../../../../packages/pulumi/src/resources/kinds/settings/image-registry";
import { clone, ProgramInputs } from "../engine";
import type { FieldEdit, ModelKind, OobCreateSpec, PlatformObject } from "../kind";
import { canon } from "../oracle";
import { sometimes } from "./rules";

type Json = Record<string, unknown>;
type App = McApp & Json;
type Container = NonNullable<McApp["containerTemplates"]>[number];
type Endpoint = Container["endpoints"][number];

const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const apps = (s: EmulatorState) => s.apps as App[];

/** A schema at a path of properties and items of a declaration (`containers.image.tag`). */
function schemaAt(field: string, path: string[]): Json {
  let s = CONTAINER_APP_FIELDS.find((f) => f.path === field)!.schema as Json;
  for (const part of path) {
    if (s.type === "array") s = s.items as Json;
    s = (s.properties as Record<string, Json>)[part];
  }
  return s.type === "array" ? (s.items as Json) : s;
}
const enumAt = (field: string, ...path: string[]): string[] =>
  schemaAt(field, path).enum as string[];

// ---------------------------------------------------------------------------------------
// ContainerApp
// ---------------------------------------------------------------------------------------

/** Names a program creates applications of ("shop" is fixture app-1's: refused). */
const APP_NAMES = ["mc-alpha", "mc-beta", "shop"];
/** Container names ("web" and "worker" are app-1's). */
const CONTAINER_NAMES = ["web", "api", "worker"];
/** Image tags (a tag starting with `fail` fails the deployment: the emulator's control). */
const TAGS = ["1.0.0", "2.0.0", "fail-boot"];
/** The volume template every created application has (its id feeds the deletions). */
const VOLUME = "cache-data";
/** Region settings (region ids of the emulator's catalogue). */
const REGIONS = [
  { allowed: ["DE", "NY"], required: ["DE"] },
  { allowed: ["UK"], maxAllowed: 1 },
];
const RUNTIMES = enumAt("runtimeType");
/**
 * The least `autoScaling.min`: the declaration's, unless the published document's is higher
 * (the declaration takes 0, which the platform refuses: a finding kept in
 * model-findings.test.ts).
 */
const LEAST_MIN = Math.max(
  schemaAt("autoScaling", ["min"]).minimum as number,
  mcAutoscalingSettingsSchema.properties.min.minimum ?? 0,
);
/** `autoScaling` values within the bounds (`min` at most `max`). */
const autoScalingArb = fc
  .tuple(fc.integer({ min: LEAST_MIN, max: 3 }), fc.integer({ min: 1, max: 4 }))
  .map(([min, max]) => ({ min: Math.min(min, max), max: Math.max(min, max) }));
const PULL_POLICIES = enumAt("containers", "imagePullPolicy");
/**
 * The anycast types of the declaration that the published document offers: the declaration
 * also takes "iPv6", which the platform refuses (a finding kept in model-findings.test.ts).
 */
const ANYCAST_TYPES = enumAt("containers", "endpoints", "anycast", "type").filter((t) =>
  (McAnycastIpProtocolVersion as readonly string[]).includes(t),
);
const PROTOCOLS = enumAt("containers", "endpoints", "cdn", "portMappings", "protocols");

/** An endpoint as a program writes it: anycast of a type, or CDN through fixture pull zone 1. */
const endpointArb: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(...ANYCAST_TYPES).map((type) => ({
    displayName: "edge",
    anycast: { type, portMappings: [{ containerPort: 8080, exposedPort: 80, protocols: ["tcp"] }] },
  })),
  fc.constantFrom(...PROTOCOLS).map((p) => ({
    displayName: "cdn",
    cdn: {
      isSslEnabled: true,
      pullZoneId: 1,
      portMappings: [{ containerPort: 8080, exposedPort: 80, protocols: [p] }],
    },
  })),
);

const imageOf = (tag: string) => ({ registryId: "1", namespace: "acme", name: "model-app", tag });

/** A container as a program writes it. */
const containerArb: fc.Arbitrary<Json> = fc
  .tuple(
    fc.constantFrom(...CONTAINER_NAMES),
    fc.constantFrom(...TAGS.slice(0, 2), ...TAGS.slice(0, 2), TAGS[2]),
    sometimes(fc.constantFrom("debug", "info"), 1, 1),
    sometimes(endpointArb, 2, 1),
    sometimes(fc.constantFrom(...PULL_POLICIES), 3, 1),
  )
  .map(([name, tag, level, endpoint, policy]) => ({
    name,
    image: imageOf(tag),
    ...(level !== undefined ? { environment: { LOG_LEVEL: level } } : {}),
    ...(endpoint !== undefined ? { endpoints: [endpoint] } : {}),
    ...(policy !== undefined ? { imagePullPolicy: policy } : {}),
  }));

/** An endpoint of the platform in the program's shape (its id and host are the platform's). */
function endpointShape(e: Endpoint): Json {
  const portMappings = e.portMappings.map((p) => ({ ...p }));
  return e.type === "cdn"
    ? { cdn: { isSslEnabled: e.isSslEnabled, pullZoneId: Number(e.pullZoneId), portMappings } }
    : { anycast: { type: "iPv4", portMappings } };
}

/** An application as compared: its volumes without their instances (the deletion's objects). */
function appRaw(a: App): Json {
  return { ...a, volumes: a.volumes.map((v) => ({ id: v.id, name: v.name, size: v.size })) };
}

const projectApp = (a: App): PlatformObject => {
  const r = a.regionSettings;
  const fields: Json = {
    // as the platform answers an application that stores none (the emulator's defaults)
    runtimeType: a.runtimeType ?? "shared",
    autoScaling: a.autoScaling ?? { min: 1, max: 1 },
    regions: {
      allowed: [...(r.allowedRegionIds ?? [])].sort(),
      required: [...(r.requiredRegionIds ?? [])].sort(),
      maxAllowed: r.maxAllowedRegions ?? null,
    },
    platform: canon({
      name: a.name,
      provisioningType: r.provisioningType,
      terminationGracePeriodSeconds: a.terminationGracePeriodSeconds,
    }),
  };
  for (const v of a.volumes) fields[`volumes.${v.name}`] = v.size;
  for (const c of a.containerTemplates ?? []) {
    const at = `containers.${c.name}`;
    fields[`${at}.image`] = {
      registryId: c.imageRegistryId,
      namespace: c.imageNamespace,
      name: c.imageName,
      tag: c.imageTag,
    };
    fields[`${at}.imagePullPolicy`] = c.imagePullPolicy;
    fields[`${at}.other`] = canon({
      entryPoint: c.entryPoint,
      probes: c.probes,
      volumeMounts: c.volumeMounts,
    });
    for (const e of c.environmentVariables) fields[`${at}.env.${e.name}`] = e.value ?? "";
    for (const e of c.endpoints) fields[`${at}.endpoints.${e.displayName}`] = endpointShape(e);
  }
  const raw = appRaw(a);
  return { key: `ca:${a.id}`, id: a.id, zone: 0, name: a.name ?? a.id, fields, raw };
};

const programContainers = (p: ProgramInputs): Json[] =>
  Array.isArray(p.containers) ? (p.containers as Json[]) : [];

/**
 * The managed fields of an application's entry: its own settings, each volume it names, and of
 * each container it names: the image, the pull policy when given, every variable and endpoint
 * it names, and the rest of a container (`other`: a container the program adds is new whole).
 */
function appManaged(p: ProgramInputs, withEnv = true): string[] {
  const out = ["runtimeType", "autoScaling", "regions"].filter((f) => p[f] !== undefined);
  for (const v of Array.isArray(p.volumes) ? (p.volumes as Json[]) : [])
    out.push(`volumes.${String(v.name)}`);
  for (const c of programContainers(p)) {
    const at = `containers.${String(c.name)}`;
    // A container the program adds is new whole (its pull policy and the rest default).
    out.push(`${at}.image`, `${at}.imagePullPolicy`, `${at}.other`);
    if (withEnv && isObj(c.environment))
      for (const n of Object.keys(c.environment)) out.push(`${at}.env.${n}`);
    for (const e of Array.isArray(c.endpoints) ? (c.endpoints as Json[]) : [])
      out.push(`${at}.endpoints.${String(e.displayName)}`);
  }
  return out;
}

/** Where the platform's application does not hold the program's values. */
function appDifferences(p: ProgramInputs, obj: PlatformObject): string[] {
  const out: string[] = [];
  const f = obj.fields;
  const differ = (what: string, mine: unknown, theirs: unknown) => {
    if (canon(mine) !== canon(theirs))
      out.push(`${what}: program ${canon(mine)}, platform ${canon(theirs)}`);
  };
  if (typeof p.name === "string") differ("name", p.name, obj.name);
  if (p.runtimeType !== undefined) differ("runtimeType", p.runtimeType, f.runtimeType);
  if (p.autoScaling !== undefined) differ("autoScaling", p.autoScaling, f.autoScaling);
  if (isObj(p.regions)) {
    const r = p.regions as { allowed: string[]; required?: string[]; maxAllowed?: number };
    const have = f.regions as Json;
    differ("regions.allowed", [...r.allowed].sort(), have.allowed);
    differ("regions.required", [...(r.required ?? [])].sort(), have.required);
    if (r.maxAllowed !== undefined) differ("regions.maxAllowed", r.maxAllowed, have.maxAllowed);
  }
  for (const v of Array.isArray(p.volumes) ? (p.volumes as Json[]) : [])
    differ(`volumes.${String(v.name)}`, v.size, f[`volumes.${String(v.name)}`]);
  for (const c of programContainers(p)) {
    const at = `containers.${String(c.name)}`;
    differ(`${at}.image`, c.image, f[`${at}.image`]);
    if (c.imagePullPolicy !== undefined)
      differ(`${at}.imagePullPolicy`, c.imagePullPolicy, f[`${at}.imagePullPolicy`]);
    for (const [n, v] of Object.entries(isObj(c.environment) ? c.environment : {}))
      differ(`${at}.env.${n}`, v, f[`${at}.env.${n}`]);
    for (const e of Array.isArray(c.endpoints) ? (c.endpoints as Json[]) : []) {
      const { displayName, ...shape } = e;
      differ(
        `${at}.endpoints.${String(displayName)}`,
        shape,
        f[`${at}.endpoints.${String(displayName)}`],
      );
    }
  }
  return out;
}

/** The entry of container `name` of a program (added with a first image when absent). */
function containerEntry(prog: ProgramInputs, name: string): Json {
  const list = programContainers(prog);
  let c = list.find((x) => x.name === name);
  if (!c) {
    c = { name, image: imageOf(TAGS[0]) };
    prog.containers = [...list, c];
  }
  return c;
}

/**
 * Whether a program names endpoints of this container: of every application (an adopted one's
 * endpoints the program does not name are kept, and destroy removes those Pulumi added: two
 * findings of this model, model-findings.test.ts).
 */
const endpointsAllowed = (_prog: ProgramInputs, _container: string) => true;

/** The inputs of a new application (`i`: which of the pools). */
const newApp = (name: string, runtime: string, regions: Json, container: Json, size: number) => ({
  name,
  runtimeType: runtime,
  regions: clone(regions),
  containers: [clone(container)],
  volumes: [{ name: VOLUME, size }],
});

/** `edge.containers.ContainerApp`. */
export const containerAppKind: ModelKind = {
  name: "ContainerApp",
  tag: "ca",
  provider: containerAppProvider,
  objects: (s) => apps(s).map(projectApp),
  paths: {
    create: "^/mc/apps$",
    one: "^/mc/apps/[^/]+(/containers(/[^/]+)?)?$",
    list: "^/mc/apps$",
    read: /^\/mc\/apps\/([^/]+)$/,
  },
  uniqueNames: true,
  adoptId: (p) => (typeof p.appId === "string" ? p.appId : undefined),
  zoneOf: () => undefined,
  managedFields: (p) => appManaged(p),
  differences: appDifferences,
  expectedErrors: [
    /already has container application \S+ named/,
    /another resource of this program (already|now) (creates or )?manages/,
    /another resource of this program already creates an? .* named/, // one name, two creates
    // an image tag of the program that fails to start (the documented failure)
    /the deployment of application .* is failing: .*container \S+: /,
  ],
  restoresPrior: { fields: [], unseen: {} },
  // Destroy gives back what Pulumi changed but environment values (never recorded).
  restoredFields: (p) => appManaged(p, false),
  createdBy: (st) => st.outputs.origin === "created",
  newContainer: (i) =>
    newApp(
      APP_NAMES[i % APP_NAMES.length],
      RUNTIMES[i % RUNTIMES.length],
      REGIONS[i % REGIONS.length],
      { name: "web", image: imageOf(TAGS[0]) },
      1,
    ),
  addInputs: fc
    .tuple(
      fc.constantFrom(...APP_NAMES),
      fc.constantFrom(...RUNTIMES),
      fc.constantFrom(...REGIONS),
      containerArb,
      fc.integer({ min: 1, max: 5 }),
    )
    .map(([name, runtime, regions, container, size]) =>
      newApp(name, runtime, regions, container, size),
    ),
  edits: fc.oneof(
    fc
      .tuple(fc.constantFrom(...CONTAINER_NAMES), fc.constantFrom(...TAGS))
      .map(([c, value]): FieldEdit => ({ field: `${c}.image`, value, remove: false })),
    fc
      .tuple(fc.constantFrom(...CONTAINER_NAMES), fc.constantFrom("debug", "warn"), fc.boolean())
      .map(([c, value, remove]): FieldEdit => ({ field: `${c}.env`, value, remove })),
    fc
      .tuple(fc.constantFrom(...CONTAINER_NAMES), endpointArb, fc.boolean())
      .map(([c, value, remove]): FieldEdit => ({ field: `${c}.endpoints`, value, remove })),
    fc
      .constantFrom(...CONTAINER_NAMES)
      .map((c): FieldEdit => ({ field: `${c}.container`, value: null, remove: true })),
    fc
      .tuple(autoScalingArb, fc.boolean())
      .map(([value, remove]): FieldEdit => ({ field: "autoScaling", value, remove })),
    fc
      .tuple(fc.constantFrom(...RUNTIMES), fc.boolean())
      .map(([value, remove]): FieldEdit => ({ field: "runtimeType", value, remove })),
  ),
  applyEdit(prog, e) {
    const created = typeof prog.name === "string";
    if (e.field === "autoScaling" || e.field === "runtimeType") {
      if (e.remove) {
        // A created application needs its runtime.
        if (prog[e.field] === undefined || (created && e.field === "runtimeType")) return undefined;
        delete prog[e.field];
        return `${e.field} removed (unmanaged)`;
      }
      prog[e.field] = clone(e.value);
      return `${e.field} = ${JSON.stringify(e.value)}`;
    }
    const [name, part] = e.field.split(".");
    const list = programContainers(prog);
    if (part === "container") {
      // A created application keeps one container at least.
      if (!list.some((c) => c.name === name) || (created && list.length < 2)) return undefined;
      prog.containers = list.filter((c) => c.name !== name);
      if ((prog.containers as Json[]).length === 0) delete prog.containers;
      return `container ${name} removed from containers`;
    }
    const named = list.some((c) => c.name === name);
    if (e.remove && !named) return undefined;
    // An adopted application gets no container it lacked (see `adoptInputs`).
    if (!named && !created) return undefined;
    if (part === "endpoints" && !endpointsAllowed(prog, name)) return undefined;
    const c = containerEntry(prog, name);
    if (part === "image") {
      c.image = imageOf(String(e.value));
      return `containers.${name}.image.tag = ${JSON.stringify(e.value)}`;
    }
    const key = part === "env" ? "environment" : "endpoints";
    if (e.remove) {
      if (c[key] === undefined) return undefined;
      delete c[key];
      return `containers.${name}.${key} removed (unmanaged)`;
    }
    c[key] = part === "env" ? { LOG_LEVEL: e.value } : [clone(e.value)];
    return `containers.${name}.${key} = ${JSON.stringify(c[key])}`;
  },
  adoptSpecs: fc.record({
    autoScaling: sometimes(autoScalingArb, 1, 1),
    container: sometimes(containerArb, 1, 1),
  }),
  adoptInputs(obj, spec) {
    const a = spec as { autoScaling?: Json; container?: Json };
    const inputs: ProgramInputs = { appId: obj.id };
    if (a.autoScaling) inputs.autoScaling = clone(a.autoScaling);
    // A container only for an application that has one: the platform never deletes the last
    // container, so destroy cannot give back an application without containers (a finding kept
    // in model-findings.test.ts).
    const hasContainers = Object.keys(obj.fields).some((f) => f.startsWith("containers."));
    if (a.container && hasContainers) {
      const c = clone(a.container);
      if (!endpointsAllowed(inputs, String(c.name))) delete c.endpoints;
      inputs.containers = [c];
    }
    return inputs;
  },
  oobEdits: fc.oneof(
    fc.constantFrom(...TAGS.slice(0, 2)).map((value) => ({ field: "image", value })),
    fc.constantFrom("error", "info").map((value) => ({ field: "env", value })),
    fc.constantFrom({ min: 2, max: 4 }).map((value) => ({ field: "autoScaling", value })),
  ),
  oobEdit(s, obj, e) {
    const a = apps(s).find((x) => x.id === obj.id)!;
    if (e.field === "autoScaling") {
      a.autoScaling = clone(e.value) as never;
      return;
    }
    const c = a.containerTemplates?.[0];
    if (!c) return false;
    if (e.field === "image") {
      c.imageTag = String(e.value);
      c.image = `${c.imageNamespace}/${c.imageName}:${c.imageTag}`;
      c.imageDigest = `sha256:${"e".repeat(63)}${TAGS.indexOf(c.imageTag)}`;
      return;
    }
    const v = c.environmentVariables.find((x) => x.name === "LOG_LEVEL");
    if (v) v.value = String(e.value);
    else c.environmentVariables.push({ name: "LOG_LEVEL", value: String(e.value) });
  },
  oobDelete(s, obj) {
    s.apps = apps(s).filter((a) => a.id !== obj.id);
  },
  oobCreates: fc
    .constantFrom(...APP_NAMES)
    .map((name): OobCreateSpec => ({ zone: 0, name, body: {} })),
  oobCreate(s, c, fresh) {
    if (apps(s).some((a) => (a.name ?? a.id) === c.name)) return undefined;
    const id = `app-${fresh}`;
    apps(s).push({
      id,
      name: c.name!,
      runtimeType: "shared",
      autoScaling: { min: 1, max: 1 },
      regionSettings: { allowedRegionIds: ["DE"], requiredRegionIds: [] },
      volumes: [],
      containerTemplates: [],
      deployment: null,
      createdSeq: 500 + apps(s).length,
    } as unknown as App);
    return id;
  },
};

// ---------------------------------------------------------------------------------------
// ImageRegistry
// ---------------------------------------------------------------------------------------

type Registry = EmulatorState["registries"][number] & Json;

/** Display names ("Docker Hub mirror" is fixture registry 1's: refused). */
const REGISTRY_NAMES = ["mr-alpha", "mr-beta", "Docker Hub mirror"];
/** Tokens (8 characters or more: the platform keeps their first and last three). */
const TOKENS = ["model-token-one", "model-token-two"];
const USERS = ["model-bot", "model-ci"];
const ends = (token: string) => `${token.slice(0, 3)}…${token.slice(-3)}`;

const registryManaged = (p: ProgramInputs) => [
  ...["displayName", "userName", "token"].filter((f) => p[f] !== undefined),
  // a registry with credentials is private: the platform's consequence of writing them
  ...(p.token !== undefined ? ["platform.isPublic"] : []),
];

const projectRegistry = (r: Registry): PlatformObject => {
  const { lastUpdatedAt: _at, ...raw } = r;
  const fields: Json = {
    displayName: r.displayName,
    userName: r.userName ?? null,
    token: r.firstPasswordSymbols ? `${r.firstPasswordSymbols}…${r.lastPasswordSymbols}` : null,
  };
  const own = ["id", "displayName", "userName", "firstPasswordSymbols", "lastPasswordSymbols"];
  for (const [k, v] of Object.entries(raw)) if (!own.includes(k)) fields[`platform.${k}`] = v;
  return { key: `ir:${r.id}`, id: r.id, zone: 0, name: r.displayName, fields, raw };
};

/** The credentials of a program: a user name and its token (a rotation: another token). */
const credentialsArb = fc.tuple(fc.constantFrom(...USERS), fc.constantFrom(...TOKENS));

/** `edge.containers.ImageRegistry`. */
export const imageRegistryKind: ModelKind = {
  name: "ImageRegistry",
  tag: "ir",
  provider: imageRegistryProvider,
  objects: (s) => (s.registries as Registry[]).map(projectRegistry),
  paths: {
    create: "^/mc/registries$",
    one: "^/mc/registries/\\d+$",
    list: "^/mc/registries$",
    read: /^\/mc\/registries\/(\d+)$/,
    methods: { update: "PUT" },
  },
  // A create never makes a second registry of a name (refused before any write: an expected
  // error); the platform itself allows two, and a program may rename two adopted ones alike.
  uniqueNames: false,
  adoptId: (p) => (typeof p.registryId === "number" ? p.registryId : undefined),
  zoneOf: () => undefined,
  managedFields: registryManaged,
  differences(p, obj) {
    const out: string[] = [];
    for (const f of registryManaged(p).filter((x) => !x.startsWith("platform."))) {
      const mine = f === "token" ? ends(String(p.token)) : p[f];
      if (canon(mine) !== canon(obj.fields[f]))
        out.push(
          `${f}: program ${f === "token" ? mine : canon(p[f])}, platform ${canon(obj.fields[f])}`,
        );
    }
    return out;
  },
  expectedErrors: [
    /already has container registr(y|ies) \d+(, \d+)* named/,
    /another resource of this program (already|now) (creates or )?manages/,
    /another resource of this program already creates an? .* named/, // one name, two creates
  ],
  restoresPrior: { fields: [], unseen: {} },
  // Destroy gives back the display name only: the platform never answers a token.
  restoredFields: (p) => (p.displayName !== undefined ? ["displayName"] : []),
  createdBy: (st) => st.outputs.origin === "created",
  addInputs: fc
    .tuple(
      fc.constantFrom(...REGISTRY_TYPES),
      fc.constantFrom(...REGISTRY_NAMES),
      sometimes(credentialsArb, 1, 2),
    )
    .map(([registryType, displayName, creds]) => ({
      registryType,
      displayName,
      ...(creds ? { userName: creds[0], token: creds[1] } : {}),
    })),
  edits: fc.oneof(
    fc
      .constantFrom(...REGISTRY_NAMES.slice(0, 2), "mr-renamed")
      .map((value): FieldEdit => ({ field: "displayName", value, remove: false })),
    fc
      .tuple(credentialsArb, fc.boolean())
      .map(([value, remove]): FieldEdit => ({ field: "credentials", value, remove })),
  ),
  applyEdit(prog, e) {
    if (e.field === "displayName") {
      prog.displayName = e.value;
      return `displayName = ${JSON.stringify(e.value)}`;
    }
    if (e.remove) {
      if (prog.token === undefined) return undefined;
      delete prog.userName;
      delete prog.token;
      return "credentials removed (unmanaged)";
    }
    const [userName, token] = e.value as [string, string];
    const line = prog.token !== undefined && prog.token !== token ? "token rotated" : "credentials";
    Object.assign(prog, { userName, token });
    return `${line}: userName = ${JSON.stringify(userName)}, token = ${ends(token)}`;
  },
  adoptSpecs: fc.record({
    displayName: sometimes(fc.constantFrom("mr-adopted"), 1, 1),
    credentials: sometimes(credentialsArb, 1, 1),
  }),
  adoptInputs(obj, spec) {
    const a = spec as { displayName?: string; credentials?: [string, string] };
    const inputs: ProgramInputs = { registryId: obj.id };
    if (a.displayName) inputs.displayName = a.displayName;
    if (a.credentials)
      Object.assign(inputs, { userName: a.credentials[0], token: a.credentials[1] });
    return inputs;
  },
  oobEdits: fc.oneof(
    fc.constantFrom("renamed-elsewhere").map((value) => ({ field: "displayName", value })),
    fc.constantFrom("someone-else").map((value) => ({ field: "userName", value })),
  ),
  oobEdit(s, obj, e) {
    const r = (s.registries as Registry[]).find((x) => x.id === obj.id)!;
    r[e.field] = e.value;
  },
  // No out-of-band delete: like every kind of the settings engine (PullZone, EdgeScript), a
  // registry that answers 404 is never taken as gone (a key of another account gets the
  // same answer); refresh fails and says so, and the way out is `pulumi state delete`.
  oobCreates: fc
    .constantFrom(...REGISTRY_NAMES)
    .map((name): OobCreateSpec => ({ zone: 0, name, body: {} })),
  oobCreate(s, c) {
    if (s.registries.some((r) => r.displayName === c.name)) return undefined;
    const ids = s.nextIds as { mcRegistry?: number };
    const id = Math.max(ids.mcRegistry ?? 100, ...s.registries.map((r) => r.id + 1));
    ids.mcRegistry = id + 1;
    s.registries.push({
      ...(s.registries[0] ?? {}),
      id,
      displayName: c.name!,
      hostName: "docker.io",
      userName: "elsewhere",
      firstPasswordSymbols: "els",
      lastPasswordSymbols: "ere",
    } as Registry);
    return id;
  },
};

// ---------------------------------------------------------------------------------------
// VolumeInstancesDeletion
// ---------------------------------------------------------------------------------------

type Instance = EmulatorState["apps"][number]["volumes"][number]["volumeInstances"][number];

/** Every volume instance, with its application and volume template. */
const instancesOf = (s: EmulatorState): [App, string, Instance][] =>
  apps(s).flatMap((a) =>
    a.volumes.flatMap((v) => v.volumeInstances.map((i) => [a, v.id, i] as [App, string, Instance])),
  );

/** Fixture templates of app-1 (three detached instances; one attached of two). */
const FIXTURE_VOLUMES = ["vol-detached", "vol-attached"];

/** `edge.containers.VolumeInstancesDeletion` (its objects: the volume instances). */
export const volumeInstancesDeletionKind: ModelKind = {
  name: "VolumeInstancesDeletion",
  tag: "vd",
  provider: volumeInstancesDeletionProvider,
  objects: (s) =>
    instancesOf(s).map(([a, volume, i]) => ({
      key: `vd:${i.id}`,
      id: i.id,
      // its application (ids are text): what it is within
      zone: a.id as unknown as number,
      name: i.id,
      fields: { volume, attachedContainers: i.attachedContainers, status: i.status },
      raw: { volume, ...i },
    })),
  within: "ca",
  refField: "appId",
  // no `fixtureContainers`: each reference names its fixture value (app-1, vol-detached)
  paths: {
    create: "^/mc/apps/[^/]+/volumes/[^/]+$",
    one: "^/mc/apps/[^/]+/volumes/[^/]+$",
    list: "^/mc/apps/[^/]+/volumes$",
    read: /^$/,
    methods: { create: "DELETE" },
  },
  uniqueNames: false,
  adoptId: () => undefined,
  zoneOf: () => undefined,
  managedFields: () => [],
  differences: () => [],
  expectedErrors: [
    // the documented refusal, before any call: an instance of the template is attached
    /instance\(s\) of volume "\S+" are still attached: .*Detach them/,
    // the application (deleted by another actor, or by this program) or its template is gone
    /has no volume template|application \S+ was not found|not found/i,
  ],
  oneShot: {
    // Only the instances of the template it names, and only when none of them is attached.
    removes(inputs, before) {
      const mine = before.filter(
        (o) =>
          o.key.startsWith("vd:") &&
          String(o.zone) === String(inputs.appId) &&
          o.fields.volume === inputs.volumeId,
      );
      const attached = mine.some((o) => (o.fields.attachedContainers as unknown[]).length > 0);
      return attached ? [] : mine.map((o) => o.key);
    },
  },
  addInputs: fc
    .tuple(
      fc.oneof(
        fc.constantFrom(...FIXTURE_VOLUMES).map((volumeId): Json => ({ appId: "app-1", volumeId })),
        fc.nat(3).map((i): Json => ({
          // both name an output, so both go to one application the program creates
          appId: { $ref: `#${i}`, output: "appId", fixture: "app-1" },
          volumeId: { $ref: `#${i}`, output: `volumeIds.${VOLUME}`, fixture: "vol-detached" },
        })),
      ),
      sometimes(fc.nat(3), 1, 1),
    )
    .map(([target, trigger]) => ({
      ...target,
      ...(trigger !== undefined ? { triggers: [trigger] } : {}),
    })),
  edits: fc.oneof(
    fc.nat(3).map((value): FieldEdit => ({ field: "triggers", value, remove: false })),
    fc
      .constantFrom(...FIXTURE_VOLUMES)
      .map((value): FieldEdit => ({ field: "volumeId", value, remove: false })),
  ),
  applyEdit(prog, e) {
    if (e.field === "volumeId") {
      // The fixture form only (a template of the program's application stays its own).
      if (prog.appId !== "app-1" || prog.volumeId === e.value) return undefined;
      prog.volumeId = e.value;
      return `volumeId = ${JSON.stringify(e.value)} (runs the deletion again)`;
    }
    prog.triggers = [e.value];
    return `triggers = [${JSON.stringify(e.value)}]`;
  },
  adoptSpecs: fc.constant(undefined),
  adoptInputs: () => undefined,
  oobEdits: fc.boolean().map((value) => ({ field: "attached", value })),
  oobEdit(s, obj, e) {
    const i = instancesOf(s).find(([, , x]) => x.id === obj.id)![2];
    if (e.value === i.attachedContainers.length > 0) return false;
    i.attachedContainers = e.value ? ["web-1"] : [];
    i.status = e.value ? "attached" : "detached";
  },
  oobDelete(s, obj) {
    for (const a of apps(s))
      for (const v of a.volumes)
        v.volumeInstances = v.volumeInstances.filter((i) => i.id !== obj.id);
  },
  // The platform makes an instance of a template (a region it runs in), attached or not.
  oobCreates: fc
    .tuple(fc.nat(5), fc.boolean())
    .map(([at, attached]): OobCreateSpec => ({ zone: 0, name: undefined, body: { at, attached } })),
  oobCreate(s, c, fresh) {
    const volumes = apps(s).flatMap((a) => a.volumes);
    if (volumes.length === 0) return undefined;
    const { at, attached } = c.body as { at: number; attached: boolean };
    const v = volumes[at % volumes.length];
    const id = `vi-${fresh}`;
    v.volumeInstances.push({
      id,
      attachedContainers: attached ? ["web-1"] : [],
      region: "DE",
      status: attached ? "attached" : "detached",
      size: v.size,
      usage: 0,
    } as Instance);
    return id;
  },
};
