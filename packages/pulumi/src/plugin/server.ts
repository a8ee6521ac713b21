/**
 * `pulumi-resource-edgeplatform`: a Pulumi resource provider plugin speaking the provider gRPC
 * protocol (`ResourceProviderService` of `@pulumi/pulumi/proto`), a second front end over the
 * engine of the dynamic TypeScript resources. Every resource operation is the kind's dynamic
 * provider operation (resources.ts); this file only translates requests and answers:
 *
 * - `Configure` reads the `edgeplatform:*` config from the request (then `EDGEPLATFORM_*`
 *   environment variables, as the dynamic resources do);
 * - `Diff` reports a `detailedDiff` per field (`ruleConfiguration.requestCount`, `waf.mode`),
 *   the replace reasons as the kind's diff gives them;
 * - `Read` with no properties (`pulumi import`) returns the read-only view of the object;
 * - `Invoke` runs a data source of the package (functions.ts), an invalid argument as a check
 *   failure naming it;
 * - secrets are not accepted (the engine strips and re-applies them), nor is `preview` on
 *   create/update (the engine never calls them during a preview).
 */
import * as fs from "fs";
import * as path from "path";
import type * as grpcTypes from "@grpc/grpc-js";
import {
  configureFromRequest,
  currentSettings,
  getClient,
  scrub,
} from "../resources/core/settings";
import type { PluginFunction } from "./functions";
import { PACKAGE, resourceOf, type PluginResource } from "./resources";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

/** Modules of `@pulumi/pulumi`'s own dependencies, resolved from its directory. */
const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromSdk = <T>(id: string): T => require(require.resolve(id, { paths: [sdkDir] })) as T;
const grpc = fromSdk<typeof grpcTypes>("@grpc/grpc-js");
const providerPb = require("@pulumi/pulumi/proto/provider_pb") as Any;
const providerGrpc = require("@pulumi/pulumi/proto/provider_grpc_pb") as Any;
const pluginPb = require("@pulumi/pulumi/proto/plugin_pb") as Any;
const structPb = fromSdk<Any>("google-protobuf/google/protobuf/struct_pb");
const emptyPb = fromSdk<Any>("google-protobuf/google/protobuf/empty_pb");
const anyPb = fromSdk<Any>("google-protobuf/google/protobuf/any_pb");
const statusPb = require("@pulumi/pulumi/proto/status_pb") as Any;

/** The signature key of a secret value in the property protocol, and the secret's signature. */
const SIG = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

/** A value with secret markers replaced by their plain values (config may carry them). */
function unwrapSecrets(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(unwrapSecrets);
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    if (o[SIG] === SECRET_SIG) return unwrapSecrets(o.value);
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, unwrapSecrets(x)]));
  }
  return v;
}

/** A protobuf Struct as plain JavaScript (`{}` when absent). */
const fromStruct = (s: Any): Record<string, unknown> =>
  s ? (unwrapSecrets(s.toJavaScript()) as Record<string, unknown>) : {};
/** Plain JavaScript as a protobuf Struct (undefined values left out). */
const toStruct = (v: unknown): Any =>
  structPb.Struct.fromJavaScript(JSON.parse(JSON.stringify(v ?? {})) as object);

/** The package schema, written at build time beside this module (scripts/plugin-schema.js). */
function schemaText(): string {
  return fs.readFileSync(path.join(__dirname, "schema.json"), "utf8");
}

/** The plugin's version: the package's (the schema's `version`). */
function pluginVersion(): string {
  return (JSON.parse(schemaText()) as { version: string }).version;
}

/** The resource a request is for (by the type in its URN or its `type`). */
function resourceFor(req: Any): PluginResource {
  const type: string =
    (typeof req.getType === "function" && req.getType()) ||
    String(req.getUrn?.() ?? "")
      .split("::")
      .slice(-2, -1)[0] ||
    "";
  const r = resourceOf(type);
  if (!r) throw Object.assign(new Error(`${PACKAGE}: unknown resource type ${type}`), { code: 3 });
  return r;
}

/**
 * The gRPC error of a failed operation, its message with every known secret removed. An error
 * with an `id` (`PartialCreateError`: the object exists but the create could not finish) also
 * carries `ErrorResourceInitFailed` with the id and the state, so that the engine records the
 * object instead of forgetting it (what the SDK's provider server does for dynamic resources).
 */
export function grpcError(e: unknown): grpcTypes.ServiceError {
  const message = scrub(e instanceof Error ? e.message : String(e));
  const code = (e as { code?: unknown })?.code;
  const metadata = new grpc.Metadata();
  const partial = e as { id?: unknown; properties?: unknown; reasons?: unknown };
  if (typeof partial?.id === "string" && partial.id !== "") {
    const detail = new providerPb.ErrorResourceInitFailed()
      .setId(partial.id)
      .setProperties(toStruct(partial.properties))
      .setReasonsList(
        Array.isArray(partial.reasons) ? partial.reasons.map((r) => scrub(String(r))) : [],
      );
    const any = new anyPb.Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusPb.Status().setCode(grpc.status.UNKNOWN).setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return Object.assign(new Error(message), {
    code: typeof code === "number" ? code : grpc.status.UNKNOWN,
    details: message,
    metadata,
  }) as grpcTypes.ServiceError;
}

/** A unary handler from an async function (errors become gRPC errors). */
const unary =
  (fn: (req: Any) => Promise<Any>) =>
  (call: { request: Any }, callback: (err: grpcTypes.ServiceError | null, res?: Any) => void) => {
    fn(call.request).then(
      (res) => callback(null, res),
      (e: unknown) => callback(grpcError(e)),
    );
  };

/** The config of a Configure request as `edgeplatform:<key>` → string. */
function configOf(req: Any): Map<string, string> {
  const config = new Map<string, string>();
  const put = (key: string, v: unknown) => {
    if (v === undefined || v === null || v === "") return;
    config.set(`${PACKAGE}:${key}`, typeof v === "string" ? v : JSON.stringify(v));
  };
  // Older engines: `variables` keyed `edgeplatform:config:apiKey`; newer: typed `args`.
  req.getVariablesMap?.().forEach((v: string, k: string) => put(k.split(":").pop() ?? k, v));
  for (const [k, v] of Object.entries(fromStruct(req.getArgs?.()))) put(k, v);
  return config;
}

/** The check failures of a CheckResponse. */
function withFailures(res: Any, failures: { property: string; reason: string }[] | undefined) {
  for (const f of failures ?? []) {
    const failure = new providerPb.CheckFailure();
    failure.setProperty(f.property);
    failure.setReason(f.reason);
    res.addFailures(failure);
  }
  return res;
}

/** The handlers of `ResourceProviderService`. */
function handlers(): Record<string, unknown> {
  const configured: { req?: ConfigureRequest } = {};
  const engineOf = async (req: Any) => {
    const r = resourceFor(req);
    if (configured.req) await r.engine.provider.configure(configured.req);
    return r.engine;
  };
  return {
    getSchema: unary(async () => new providerPb.GetSchemaResponse().setSchema(schemaText())),
    getPluginInfo: unary(async () => new pluginPb.PluginInfo().setVersion(pluginVersion())),
    checkConfig: unary(async (req) =>
      new providerPb.CheckResponse().setInputs(req.getNews() ?? toStruct({})),
    ),
    diffConfig: unary(async (req) => {
      const olds = fromStruct(req.getOlds());
      const news = fromStruct(req.getNews());
      const diffs = [...new Set([...Object.keys(olds), ...Object.keys(news)])].filter(
        (k) => k !== "version" && JSON.stringify(olds[k]) !== JSON.stringify(news[k]),
      );
      return new providerPb.DiffResponse()
        .setChanges(
          diffs.length > 0
            ? providerPb.DiffResponse.DiffChanges.DIFF_SOME
            : providerPb.DiffResponse.DiffChanges.DIFF_NONE,
        )
        .setDiffsList(diffs);
    }),
    configure: unary(async (req) => {
      const config = configOf(req);
      configured.req = { config: { get: (key: string) => config.get(key) } };
      return new providerPb.ConfigureResponse()
        .setAcceptsecrets(false)
        .setAcceptresources(false)
        .setSupportspreview(false);
    }),
    check: unary(async (req) => {
      const engine = await engineOf(req);
      const res = await engine.provider.check(fromStruct(req.getOlds()), fromStruct(req.getNews()));
      return withFailures(
        new providerPb.CheckResponse().setInputs(toStruct(res.inputs)),
        res.failures,
      );
    }),
    diff: unary(async (req) => {
      const engine = await engineOf(req);
      const olds = fromStruct(req.getOlds()) as never;
      const news = fromStruct(req.getNews()) as never;
      const d = await engine.provider.diff(req.getId(), olds, news);
      const fields = engine.fieldChanges(olds, news);
      const res = new providerPb.DiffResponse()
        .setChanges(
          d.changes
            ? providerPb.DiffResponse.DiffChanges.DIFF_SOME
            : providerPb.DiffResponse.DiffChanges.DIFF_NONE,
        )
        .setReplacesList(d.replaces ?? [])
        .setDeletebeforereplace(d.deleteBeforeReplace === true);
      if (d.changes) {
        const K = providerPb.PropertyDiff.Kind;
        const detailed = res.getDetaileddiffMap();
        const put = (k: string, kind: number) =>
          detailed.set(k, new providerPb.PropertyDiff().setKind(kind).setInputdiff(false));
        // The replace reasons are the diff's own; the kind's report breaks the rest down.
        const replaces = [...new Set([...(d.replaces ?? []), ...fields.replaces])];
        const changed = fields.changed.filter((f) => !replaces.includes(f));
        // A change the kind's report does not break down (none should): its top-level inputs.
        if (replaces.length + changed.length + fields.removed.length === 0) {
          const o = olds as Record<string, unknown>;
          const n = news as Record<string, unknown>;
          for (const k of Object.keys(n)) {
            if (JSON.stringify(n[k]) !== JSON.stringify(o?.[k])) changed.push(k);
          }
        }
        for (const f of replaces) put(f, K.UPDATE_REPLACE);
        for (const f of changed) put(f, K.UPDATE);
        for (const f of fields.removed) put(f, K.DELETE);
        res.setHasdetaileddiff(true);
        res.setDiffsList([...new Set([...replaces, ...changed, ...fields.removed].map(topOf))]);
      }
      return res;
    }),
    create: unary(async (req) => {
      const engine = await engineOf(req);
      const r = await engine.provider.create(fromStruct(req.getProperties()) as never);
      return new providerPb.CreateResponse().setId(r.id).setProperties(toStruct(r.outs));
    }),
    read: unary(async (req) => {
      const engine = await engineOf(req);
      const r = await engine.provider.read(req.getId(), fromStruct(req.getProperties()) as never);
      const res = new providerPb.ReadResponse().setId(r.id ?? "");
      if (r.id) res.setProperties(toStruct(r.props)).setInputs(toStruct(r.inputs));
      return res;
    }),
    update: unary(async (req) => {
      const engine = await engineOf(req);
      const r = await engine.provider.update(
        req.getId(),
        fromStruct(req.getOlds()) as never,
        fromStruct(req.getNews()) as never,
      );
      return new providerPb.UpdateResponse().setProperties(toStruct(r.outs));
    }),
    delete: unary(async (req) => {
      const engine = await engineOf(req);
      await engine.provider.delete(req.getId(), fromStruct(req.getProperties()) as never);
      return new emptyPb.Empty();
    }),
    invoke: unary(async (req) => invoke(req, configured.req)),
    cancel: unary(async () => new emptyPb.Empty()),
    attach: unary(async () => new emptyPb.Empty()),
  };
}

/** The function a request is for (by its token). */
function functionFor(req: Any): PluginFunction {
  const tok = String(req.getTok?.() ?? "");
  // Loaded on the first Invoke: the data sources load the Pulumi SDK, which no resource
  // operation needs (the plugin starts once per CLI command; most never invoke).
  const { functionOf } = require("./functions") as typeof import("./functions");
  const f = functionOf(tok);
  if (!f) {
    throw Object.assign(new Error(`${PACKAGE}: unknown function ${tok}`), {
      code: grpc.status.INVALID_ARGUMENT,
    });
  }
  return f;
}

/**
 * Runs a function: the data source itself, with the client of the provider's settings (the
 * `edgeplatform:*` config of `Configure`, then the environment, as for the resources). An
 * invalid argument is a check failure naming the argument (its message says what is allowed);
 * any other error fails the call. Known secrets are removed from every message.
 */
async function invoke(req: Any, configured: ConfigureRequest | undefined): Promise<Any> {
  const f = functionFor(req);
  configureFromRequest(configured);
  const res = new providerPb.InvokeResponse();
  try {
    currentSettings(); // a missing setting fails here, and the secrets are known to `scrub`
    const result = await f.run(fromStruct(req.getArgs()) as never, {
      connection: { client: getClient() },
    });
    return res.setReturn(toStruct(result));
  } catch (e) {
    const field = (e as { field?: unknown }).field;
    if ((e as Error)?.name !== "InvalidArgumentError" || typeof field !== "string") throw e;
    const failure = new providerPb.CheckFailure();
    failure.setProperty(field);
    failure.setReason(scrub((e as Error).message));
    res.addFailures(failure);
    return res;
  }
}

/** What `Configure` keeps: the config as the dynamic providers' `configure` takes it. */
type ConfigureRequest = { config: { get(key: string): string | undefined } };

/** The top-level property of a property path (`ruleConfiguration.requestCount`). */
const topOf = (p: string) => p.split(".")[0];

/**
 * Serves the provider on a loopback port and prints the port on stdout (what the engine reads).
 * Resolves with the server and its port.
 */
export async function serve(): Promise<{ server: grpcTypes.Server; port: number }> {
  const server = new grpc.Server({
    "grpc.max_receive_message_length": 1024 * 1024 * 400,
  });
  server.addService(providerGrpc.ResourceProviderService, handlers() as never);
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  process.stdout.write(`${port}\n`);
  return { server, port };
}
