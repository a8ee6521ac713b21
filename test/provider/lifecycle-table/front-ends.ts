/**
 * The two front ends of the lifecycle table (table.test.ts) over the same engine:
 *
 * - `dynamic`: each kind's dynamic provider, called as the dynamic-provider host calls it;
 * - `plugin`: the native provider plugin (`pulumi-resource-edgeplatform`, packages/pulumi/src/
 *   plugin/server.ts) served on a loopback port and called over gRPC as the Pulumi engine calls
 *   it: `Configure` with the stack's config (the API key a secret value, as the engine sends
 *   config), then `Check`/`Diff`/`Create`/`Read`/`Update`/`Delete` with the resource's type
 *   token and URN and its properties in Pulumi's Struct encoding. A failed create carrying
 *   `ErrorResourceInitFailed` is a partial create (its id and properties), as the engine reads it.
 *
 * Both give the table a {@link Provider} per kind and a way to set the stack's config; the rules
 * are the table's, written once.
 */
import * as path from "path";
import type * as grpcTypes from "@grpc/grpc-js";
import {
  configureFromRequest,
  resetSettings,
} from "../../../packages/pulumi/src/resources/core/settings";
import { PLUGIN_RESOURCES, tokenOf } from "../../../packages/pulumi/src/plugin/resources";
import { serve } from "../../../packages/pulumi/src/plugin/server";
import { stackConfig } from "../helpers";
import type { Any, KindDeclaration, Provider } from "./kind";

export interface FrontEnd {
  name: "dynamic" | "plugin";
  /** Starts what the front end needs (the plugin's server and a client of it). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The kind's operations as this front end's engine calls them. */
  provider(k: KindDeclaration): Provider;
  /**
   * `check` as the front end's host calls it before any write: the dynamic host's gated check
   * (registry.ts: it also checks the API key), the plugin's `Check`.
   */
  hosted(k: KindDeclaration): Provider;
  /** The stack's config (`edgeplatform:*` → value) for the next calls. */
  configure(config: Record<string, string>): Promise<void>;
}

/** The dynamic front end: `provider` is the kind's own; `hosted` the host's gated one. */
export function dynamicFrontEnd(hosted: (k: KindDeclaration) => Provider): FrontEnd {
  return {
    name: "dynamic",
    start: async () => undefined,
    stop: async () => undefined,
    provider: (k) => k.provider,
    hosted,
    configure: async (config) => {
      resetSettings();
      configureFromRequest(stackConfig(config));
    },
  };
}

const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromSdk = <T>(id: string): T => require(require.resolve(id, { paths: [sdkDir] })) as T;
const grpc = fromSdk<typeof grpcTypes>("@grpc/grpc-js");
const providerPb = require("@pulumi/pulumi/proto/provider_pb") as Any;
const providerGrpc = require("@pulumi/pulumi/proto/provider_grpc_pb") as Any;
const statusPb = require("@pulumi/pulumi/proto/status_pb") as Any;
const structPb = fromSdk<Any>("google-protobuf/google/protobuf/struct_pb");

/** The property protocol's secret value (what the engine sends for a secret config value). */
const secret = (value: string) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  value,
});
/** Config keys whose values are secrets (the schema's `apiKey`, `loggingToken`). */
const SECRET_KEYS = new Set(["apiKey", "loggingToken"]);

/** Plain JavaScript as a Struct, as the engine marshals properties (undefined left out). */
const toStruct = (v: unknown): Any =>
  structPb.Struct.fromJavaScript(JSON.parse(JSON.stringify(v ?? {})) as object);
const fromStruct = (s: Any): Any => (s ? s.toJavaScript() : {});

/** The plugin resource of a kind (by its type name). */
function tokenOfKind(k: KindDeclaration): string {
  const r = PLUGIN_RESOURCES.find((p) => p.typeName === k.name);
  if (!r) throw new Error(`the plugin serves no ${k.name}`);
  return tokenOf(r);
}

/**
 * A gRPC error as the engine reads it: its message, and for a partial create
 * (`ErrorResourceInitFailed` in the status details) the id and properties of the object.
 */
function engineError(e: grpcTypes.ServiceError): Error {
  const err = Object.assign(new Error(e.details ?? e.message), { code: e.code }) as Error & Any;
  const [bin] = e.metadata?.get("grpc-status-details-bin") ?? [];
  if (bin) {
    const status = statusPb.Status.deserializeBinary(bin as Buffer);
    for (const any of status.getDetailsList()) {
      if (!String(any.getTypeUrl()).endsWith("pulumirpc.ErrorResourceInitFailed")) continue;
      const init = providerPb.ErrorResourceInitFailed.deserializeBinary(any.getValue_asU8());
      err.id = init.getId();
      err.properties = fromStruct(init.getProperties());
      err.reasons = init.getReasonsList();
    }
  }
  return err;
}

/**
 * The plugin front end: the plugin's server on a loopback port, called over gRPC; `options`
 * as the plugin's `serve` takes them (an engine's address for its log lines).
 */
export function pluginFrontEnd(
  options: Parameters<typeof serve>[0] = {},
): FrontEnd & { configureProvider(urn: string, args: Record<string, string>): Promise<void> } {
  let server: grpcTypes.Server | undefined;
  let client: Any;
  const call = <T>(method: string, req: Any): Promise<T> =>
    new Promise((resolve, reject) =>
      client[method](req, (e: grpcTypes.ServiceError | null, res: T) =>
        e ? reject(engineError(e)) : resolve(res),
      ),
    );
  const providers = new Map<string, Provider>();

  const providerOf = (k: KindDeclaration): Provider => {
    const type = tokenOfKind(k);
    const name = `table-${k.name}`;
    const urn = `urn:pulumi:table::lifecycle::${type}::${name}`;
    const at = (req: Any): Any => req.setUrn(urn).setName(name).setType(type);
    return {
      async check(olds, news) {
        const res = await call<Any>(
          "check",
          at(new providerPb.CheckRequest()).setOlds(toStruct(olds)).setNews(toStruct(news)),
        );
        const failures = res
          .getFailuresList()
          .map((f: Any) => ({ property: f.getProperty(), reason: f.getReason() }));
        return failures.length > 0
          ? { inputs: fromStruct(res.getInputs()), failures }
          : { inputs: fromStruct(res.getInputs()) };
      },
      async diff(id, olds, news) {
        const res = await call<Any>(
          "diff",
          at(new providerPb.DiffRequest())
            .setId(id)
            .setOlds(toStruct(olds))
            .setNews(toStruct(news)),
        );
        const detailedDiff: string[] = [];
        res.getDetaileddiffMap().forEach((_: unknown, k: string) => detailedDiff.push(k));
        return {
          changes: res.getChanges() === providerPb.DiffResponse.DiffChanges.DIFF_SOME,
          replaces: res.getReplacesList(),
          deleteBeforeReplace: res.getDeletebeforereplace(),
          detailedDiff: detailedDiff.sort(),
        };
      },
      async create(inputs) {
        const res = await call<Any>(
          "create",
          at(new providerPb.CreateRequest()).setProperties(toStruct(inputs)).setPreview(false),
        );
        return { id: res.getId(), outs: fromStruct(res.getProperties()) };
      },
      async read(id, props) {
        const res = await call<Any>(
          "read",
          at(new providerPb.ReadRequest())
            .setId(id)
            .setProperties(toStruct(props))
            .setInputs(toStruct(props)),
        );
        if (!res.getId()) return { id: "" };
        return {
          id: res.getId(),
          props: fromStruct(res.getProperties()),
          inputs: fromStruct(res.getInputs()),
        };
      },
      async update(id, olds, news) {
        const res = await call<Any>(
          "update",
          at(new providerPb.UpdateRequest())
            .setId(id)
            .setOlds(toStruct(olds))
            .setNews(toStruct(news))
            .setPreview(false),
        );
        return { outs: fromStruct(res.getProperties()) };
      },
      async delete(id, props) {
        await call(
          "delete",
          at(new providerPb.DeleteRequest()).setId(id).setProperties(toStruct(props)),
        );
      },
    };
  };
  const provider = (k: KindDeclaration) => {
    let p = providers.get(k.name);
    if (!p) providers.set(k.name, (p = providerOf(k)));
    return p;
  };

  /** Starts the plugin's server (a plugin process, as far as its memory goes). */
  const start = async () => {
    // The port line the engine reads is not printed.
    const write = jest.spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const served = await serve(options);
      server = served.server;
      client = new providerGrpc.ResourceProviderClient(
        `127.0.0.1:${served.port}`,
        grpc.credentials.createInsecure(),
      );
    } finally {
      write.mockRestore();
    }
  };
  const stop = async () => {
    client?.close();
    server?.forceShutdown();
  };

  return {
    name: "plugin",
    start,
    stop,
    provider,
    hosted: provider,
    configure: (config) => configureAs(undefined, config),
    /** An explicit provider (`pulumi:providers:edgeplatform`) with the URN `urn` and these inputs. */
    configureProvider: (urn, args) => configureAs(urn, args),
  };

  /**
   * A new plugin process for the new config, as the engine starts one per provider instance
   * (a process refuses a second, different configuration): no pooled client of the last one.
   * `urn`: an explicit provider's (absent: the default provider, configured from the stack).
   */
  async function configureAs(urn: string | undefined, config: Record<string, string>) {
    await stop();
    resetSettings();
    await start();
    const req = new providerPb.ConfigureRequest();
    if (urn) req.setUrn(urn);
    const vars = req.getVariablesMap();
    const args: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(config)) {
      const short = key.replace(/^edgeplatform:/, "");
      vars.set(`edgeplatform:config:${short}`, value);
      args[short] = SECRET_KEYS.has(short) ? secret(value) : value;
    }
    req.setArgs(toStruct(args)).setAcceptsecrets(true).setAcceptresources(true);
    await call("configure", req);
  }
}
