/**
 * The settings of `ContainerApp` (their input schemas, plain JSON, as the published
 * `AddApplicationRequest` has them) and the parts of its public types besides them (the forms
 * of its arguments, its outputs).
 */
import {
  field,
  type JsonSchema,
  type SettingsDocs,
  type SettingsField,
} from "../../core/zone-settings/kind";
import { createOrAdoptArgTypes, recordOutputs } from "../../core/zone-settings/create-or-adopt";
import { McAnycastIpProtocolVersion } from "edgeplatform-client";
import { canonical } from "./container-app-values";

const str = (more: Record<string, unknown> = {}): JsonSchema => ({
  type: "string",
  minLength: 1,
  ...more,
});
const int = (minimum: number, maximum: number): JsonSchema => ({
  type: "integer",
  minimum,
  maximum,
});
const obj = (properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema => ({
  type: "object",
  additionalProperties: false,
  properties,
  ...(required.length > 0 ? { required } : {}),
});
const list = (items: JsonSchema, more: Record<string, unknown> = {}): JsonSchema => ({
  type: "array",
  items,
  ...more,
});

/** A port mapping (`ContainerPortMappingRequest`). */
const PORT = obj(
  {
    containerPort: int(1, 65535),
    exposedPort: int(1, 65535),
    protocols: list({ enum: ["tcp", "udp", "sctp"] }),
  },
  ["containerPort"],
);

/** An endpoint (`EndpointRequest`): a CDN endpoint or an anycast one. */
const ENDPOINT = obj(
  {
    displayName: str({ maxLength: 50 }),
    cdn: obj({
      isSslEnabled: { type: "boolean" },
      pullZoneId: int(1, 2147483647),
      stickySessions: obj(
        {
          enabled: { type: "boolean" },
          sessionHeaders: list({ type: "string" }, { minItems: 1, maxItems: 3 }),
          cookieName: str(),
        },
        ["sessionHeaders"],
      ),
      portMappings: list(PORT, { minItems: 1, maxItems: 1 }),
    }),
    // The published document's protocol versions (iPv4 only): one the platform refuses is
    // refused by check, before any write.
    anycast: obj(
      {
        type: { enum: [...McAnycastIpProtocolVersion] },
        portMappings: list(PORT, { minItems: 1 }),
      },
      ["type", "portMappings"],
    ),
  },
  ["displayName"],
);

/** A probe (`ContainerProbe`): its timings and one of HTTP GET, TCP socket or gRPC. */
const PROBE = obj({
  initialDelaySeconds: int(1, 3600),
  periodSeconds: int(1, 3600),
  timeoutSeconds: int(1, 3600),
  failureThreshold: int(1, 1000),
  successThreshold: int(1, 1000),
  httpGet: { type: "object" },
  tcpSocket: { type: "object" },
  grpc: { type: "object" },
});

const NAME_PART = "^[a-zA-Z0-9]+(?:[./_-]{1,2}[a-zA-Z0-9]+)*$";

/** A container (`ContainerRequest`, in the program's shape). */
const CONTAINER = obj(
  {
    name: str({ maxLength: 50 }),
    image: obj(
      {
        registryId: str(),
        namespace: str({ pattern: NAME_PART }),
        name: str({ pattern: NAME_PART }),
        tag: str({ pattern: "^[a-zA-Z0-9]+(?:[._-]{1,2}[a-zA-Z0-9]+)*$" }),
        digest: { type: "string", pattern: "^sha256:[a-z0-9]{64}$" },
      },
      ["registryId", "namespace", "name", "tag"],
    ),
    imagePullPolicy: { enum: ["always", "ifNotPresent"] },
    entryPoint: obj({
      command: { type: "string" },
      commandArray: list({ type: "string" }),
      arguments: { type: "string" },
      argumentsArray: list({ type: "string" }),
      workingDirectory: { type: "string" },
    }),
    environment: { type: "object", additionalProperties: { type: "string" } },
    probes: obj({ startup: PROBE, readiness: PROBE, liveness: PROBE }),
    endpoints: list(ENDPOINT),
    volumeMounts: list(
      obj({ name: str({ maxLength: 50 }), mountPath: str({ pattern: "^/" }) }, [
        "name",
        "mountPath",
      ]),
    ),
  },
  ["name", "image"],
);

/** The settings of an application. */
export const CONTAINER_APP_FIELDS: readonly SettingsField[] = [
  field(
    "runtimeType",
    { enum: ["shared", "reserved"] },
    'Runtime of the application: `"shared"` or `"reserved"`. Required to create one.',
    { tsType: '"shared" | "reserved"' },
  ),
  field(
    "autoScaling",
    obj({ min: int(1, 1000), max: int(1, 1000) }, ["min", "max"]),
    "Instances per region: `min` to `max` (`min` at most `max`). Default on create: 1 to 1.",
    { tsType: "{ min: number; max: number }", canonical },
  ),
  field(
    "regions",
    obj(
      {
        allowed: list(str(), { minItems: 1 }),
        required: list(str()),
        maxAllowed: int(1, 100),
      },
      ["allowed"],
    ),
    "Regions the application may run in (`allowed`, region ids of `listRegions`), those it " +
      "must run in (`required`, each also allowed) and how many at most (`maxAllowed`, at " +
      "least the required count). Checked before any write; an unknown id is refused naming " +
      "the allowed ones. Order does not matter. Required to create an application.",
    { tsType: "{ allowed: string[]; required?: string[]; maxAllowed?: number }", canonical },
  ),
  field(
    "containers",
    list(CONTAINER, { minItems: 1 }),
    "The containers, keyed by `name` (their order does not matter; endpoints are keyed by " +
      "`displayName`, volume mounts by `name`, environment by variable name). Each has its " +
      "image (`registryId`, `namespace`, `name`, `tag`, and `digest` to pin one: the digest " +
      "the platform resolves is the `imageDigests` output), `imagePullPolicy`, `entryPoint`, " +
      "`environment` (plain values), `probes` (`startup`, `readiness`, `liveness`), " +
      "`endpoints` (`cdn` with its pull zone, or `anycast`) and `volumeMounts`. A part left " +
      "out is not managed. A container the program stops naming goes back to its value " +
      "before Pulumi (one Pulumi added is deleted); one never named is not touched.",
    {
      tsType:
        '{ name: string; image: { registryId: string; namespace: string; name: string; tag: string; digest?: string }; imagePullPolicy?: "always" | "ifNotPresent"; entryPoint?: Record<string, unknown>; environment?: Record<string, pulumi.Input<string>>; probes?: { startup?: Record<string, unknown>; readiness?: Record<string, unknown>; liveness?: Record<string, unknown> }; endpoints?: Record<string, unknown>[]; volumeMounts?: { name: string; mountPath: string }[] }[]',
      canonical: (v) => canonical(v, "containers"),
    },
  ),
  field(
    "volumes",
    list(obj({ name: str({ maxLength: 50 }), size: int(1, 100) }, ["name", "size"])),
    "Volume templates, keyed by `name`, each of `size` GB (their ids: the `volumeIds` " +
      "output). A template left out is kept.",
    { tsType: "{ name: string; size: number }[]", canonical: (v) => canonical(v, "volumes") },
  ),
  field(
    "secretEnvironment",
    {
      type: "object",
      additionalProperties: { type: "object", additionalProperties: { type: "string" } },
    },
    "Secret environment variables by container name, then variable name (`{ web: { " +
      'DB_PASSWORD: "…" } }`): always a Pulumi secret in the state and the outputs, ' +
      "whatever the program passes, never printed in a log or an error. A variable is plain " +
      "(`environment`) or secret, not both. Never recorded as a value before Pulumi.",
    { secret: true, tsType: "Record<string, Record<string, pulumi.Input<string>>>", canonical },
  ),
];

/** The forms of the arguments (`name` creates, `appId` adopts) and the outputs. */
export const CONTAINER_APP_DOCS: SettingsDocs = {
  argsDoc:
    "Settings of {@link ContainerAppArgs}. Every setting left out is not managed (never " +
    "written); lists are keyed by name, so their order is never a change.",
  argTypes: {
    ...createOrAdoptArgTypes(
      "ContainerApp",
      "application",
      {
        input: "name",
        typeDoc: "Creates an application: `name` (with `runtimeType` and `regions`).",
        description:
          "Creates an application of this name (POST `/mc/apps`, once no application of the " +
          "account has it); destroy deletes it. Another name replaces the resource.",
        tsType: "string",
      },
      {
        input: "appId",
        typeDoc: "Adopts an application: `appId`.",
        description:
          "Id of an existing application to adopt (no write when the program states what it " +
          "holds): kept by destroy (unless `deleteOnDestroy`), which gives back what Pulumi " +
          "changed. Another id replaces the resource.",
        tsType: "string",
      },
    ),
    ContainerAppOptionsArgs: {
      typeDoc: "The optional choices of a {@link ContainerApp}.",
      args: {
        deleteOnDestroy: {
          description:
            "Destroy deletes an adopted application too (a created one is always deleted). Default false.",
          tsType: "boolean",
        },
        deployTimeoutSeconds: {
          description:
            "How long a create or update waits for the deployment it starts, in seconds " +
            "(1–3600). Default 600. Past it the operation fails; the state keeps the application " +
            "and the next `pulumi up` waits again.",
          tsType: "number",
        },
      },
    },
  },
  stateBase: false,
  outputs: {
    appId: { description: "Id of the application.", tsType: "string", first: true },
    origin: {
      description:
        '`"created"` (destroy deletes the application) or `"adopted"` (destroy restores it).',
      tsType: '"created" | "adopted" | undefined',
      first: true,
    },
    name: { description: "Name of the application.", tsType: "string | undefined", first: true },
    status: {
      description:
        'Status of the deployment after the last operation: `"active"`, `"failing"`, ' +
        '`"progressing"` (the next `pulumi up` waits for it again), `"inactive"`.',
      tsType: "string | undefined",
    },
    imageDigests: {
      description:
        "The digest the platform resolved for each container's image, by container name.",
      tsType: "Record<string, string> | undefined",
    },
    endpointOutputs: {
      description:
        "Each endpoint by `<container>/<displayName>`: its `type`, `publicHost` and, for a CDN " +
        "endpoint, the `pullZoneId` it serves through (a program may manage it as a `PullZone`).",
      tsType:
        "Record<string, { container: string; type: string; publicHost: string; pullZoneId?: number }> | undefined",
    },
    volumeIds: {
      description: "The id of each volume template by name (for `VolumeInstancesDeletion`).",
      tsType: "Record<string, string> | undefined",
    },
    deleteOnDestroy: {
      description: "The program's `deleteOnDestroy`; undefined when left out.",
      tsType: "boolean | undefined",
    },
    deployTimeoutSeconds: {
      description: "The program's `deployTimeoutSeconds`; undefined when left out.",
      tsType: "number | undefined",
    },
    ...recordOutputs(
      "ContainerApp",
      "application",
      "The managed settings before Pulumi managed them (no environment values): what destroy " +
        "of an adopted application gives back. `{}` for a read-only view.",
    ),
  },
};
