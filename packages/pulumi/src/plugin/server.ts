/**
 * `pulumi-resource-edgeplatform`: a Pulumi resource provider plugin speaking the provider gRPC
 * protocol (`ResourceProviderService` of `@pulumi/pulumi/proto`), a second front end over the
 * engine of the dynamic TypeScript resources. Every resource operation is the kind's dynamic
 * provider operation (resources.ts), run through the provider-level steps the dynamic resources
 * run too (the resource's URN, the API key check, the stored-key way out:
 * `core/provider-chain.ts`); this file only translates requests and answers:
 *
 * - `Configure` reads the provider's settings from the request: the `edgeplatform:*` stack
 *   config for the default provider, an explicit `Provider` resource's own inputs for it (then
 *   `EDGEPLATFORM_*` environment variables, as the dynamic resources do). The engine starts one
 *   plugin process per provider instance and configures it once; every operation of this
 *   process runs with this instance's settings (the process's, `serveOneConnection`; a server
 *   started in a process that serves more runs each in `withConnection`), and a second
 *   `Configure` with other settings is refused rather than served with either account's key;
 * - `CheckConfig` refuses an unknown or malformed setting of an explicit provider (naming it
 *   and the allowed ones) and returns the API key and logging token as secrets, so that the
 *   state never holds them in plain text; `DiffConfig` reports each changed setting as an
 *   update: a new key or address updates the provider in place and never replaces the
 *   resources it manages;
 * - `Diff` reports a `detailedDiff` per field (`ruleConfiguration.requestCount`, `waf.mode`),
 *   the replace reasons as the kind's diff gives them;
 * - `Read` with no properties (`pulumi import`) returns the object as a resource that writes
 *   nothing and changes nothing: a zone object's every field (adopted, never deleted), a
 *   settings object's every setting at its current value (also its value before Pulumi);
 * - `Invoke` runs a data source of the package (functions.ts), an invalid argument as a check
 *   failure naming it;
 * - `Delete` refused for the key stored with the provider (a `pulumi destroy` that did not run
 *   the program) names `pulumi destroy --run-program` (`stored-settings.ts`);
 * - secrets are not accepted (the engine strips and re-applies them); create and update in a
 *   preview write nothing (an update keeps the object's id output known).
 */
import { createHash } from "crypto";
import * as fs from "fs";
import * as path from "path";
import type * as grpcTypes from "@grpc/grpc-js";
import { useEngine } from "../resources/core/engine-log";
import {
  providerChain,
  type KindOperations,
  type OperationName,
} from "../resources/core/provider-chain";
import {
  SETTING_SOURCES,
  TUNING_SOURCES,
  type EdgeSettings,
  type SettingName,
} from "edgeplatform-client";
import {
  currentSettings,
  getClient,
  scrub,
  serveOneConnection,
  type ScopedConnection,
} from "../resources/core/settings";
import type { PluginFunction } from "./functions";
import { PACKAGE, resourceOf, type PluginResource } from "./resources";
import { traced } from "./trace";
import { secretProperties, withSecrets } from "./secret-properties";

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

/**
 * The plugin's version: the package's, which is the schema's `version` (scripts/plugin-schema.js
 * writes it so). Read from the package's manifest, not by parsing the 200 KB schema: the engine
 * asks for it at every start of the plugin.
 */
function pluginVersion(): string {
  return (require("../../package.json") as { version: string }).version;
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

/** The engine's placeholder for a value not known yet (a preview). */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";
/** The connection settings a provider takes (the schema's `provider.inputProperties`). */
const CONNECTION_KEYS = Object.keys(SETTING_SOURCES) as SettingName[];
/** The client's tuning a provider takes. */
const TUNING_KEYS = Object.keys(TUNING_SOURCES) as (keyof typeof TUNING_SOURCES)[];
/** Settings kept as secrets in the state. */
const SECRET_KEYS: readonly string[] = ["apiKey", "loggingToken"];
/** Provider inputs the engine itself reads (not settings of the plugin). */
const ENGINE_KEYS: readonly string[] = ["version", "pluginDownloadURL"];
const ALLOWED = [...CONNECTION_KEYS, ...TUNING_KEYS].join(", ");

/** The name of a provider from its URN (`accountA`, or `default_1_2_3` for a default one). */
const providerName = (urn: string): string => urn.split("::").pop() ?? "";
/**
 * Whether a URN is the engine's default provider, which the engine configures from the whole
 * `edgeplatform:*` stack config (where a program may keep keys of its own).
 */
const isDefaultProvider = (urn: string): boolean => /^default(_|$)/.test(providerName(urn));

/** A value as the engine sends it as a secret. */
const secret = (value: unknown) => ({ [SIG]: SECRET_SIG, value });

/**
 * `e` with the state it carries (a partial create's or update's `properties`, which the engine
 * records) holding the secret properties `keys` as secrets; kept out of what prints `e`.
 */
function partialWithSecrets(e: unknown, keys: readonly string[]): unknown {
  const p = e as { properties?: unknown } | null;
  if (keys.length === 0 || !p || typeof p !== "object" || p.properties === undefined) return e;
  Object.defineProperty(p, "properties", {
    value: withSecrets(p.properties, keys, secret),
    enumerable: false,
    writable: true,
    configurable: true,
  });
  return e;
}

/** Why a provider setting's value is refused, or undefined (never shows a key). */
function settingProblem(key: string, v: unknown): string | undefined {
  if (v === UNKNOWN) return undefined;
  if (key === "apiKey" || key === "loggingToken") {
    return typeof v === "string" && v.trim() !== ""
      ? undefined
      : `the provider's "${key}" must be a non-empty string`;
  }
  if (key === "baseUrl" || key === "loggingUrl") {
    let ok = false;
    try {
      ok = typeof v === "string" && /^https?:$/.test(new URL(v).protocol);
    } catch {
      ok = false;
    }
    return ok
      ? undefined
      : `the provider's "${key}" must be an http or https address (for example http://127.0.0.1:4010)`;
  }
  const t = TUNING_SOURCES[key as keyof typeof TUNING_SOURCES];
  if (t) {
    const n = typeof v === "string" && /^-?\d+$/.test(v.trim()) ? Number(v) : v;
    return typeof n === "number" && Number.isSafeInteger(n) && n >= t.min && n <= t.max
      ? undefined
      : `the provider's "${key}" (${t.what}) must be an integer from ${t.min} to ${t.max}; ` +
          `got ${JSON.stringify(v)}`;
  }
  return undefined;
}

/**
 * `CheckConfig` of a provider: the failures (one per setting, naming it; an unknown setting of
 * an explicit provider with the allowed ones) and the inputs, the keys as secrets.
 */
export function checkProviderConfig(
  urn: string,
  news: Record<string, unknown>,
): { inputs: Record<string, unknown>; failures: { property: string; reason: string }[] } {
  const failures: { property: string; reason: string }[] = [];
  const inputs: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(news)) {
    const known =
      (CONNECTION_KEYS as string[]).includes(k) || (TUNING_KEYS as string[]).includes(k);
    if (!known && !ENGINE_KEYS.includes(k) && !isDefaultProvider(urn)) {
      failures.push({
        property: k,
        reason: `unknown setting "${k}" of the provider; allowed: ${ALLOWED}`,
      });
    }
    const problem = known && v !== undefined && v !== null ? settingProblem(k, v) : undefined;
    if (problem) failures.push({ property: k, reason: problem });
    inputs[k] = SECRET_KEYS.includes(k) && typeof v === "string" && v !== UNKNOWN ? secret(v) : v;
  }
  return { inputs, failures };
}

/**
 * `DiffConfig` of a provider: the settings that changed (the engine's own inputs left out), each
 * an update. A new key or address never replaces the provider: a replaced provider would
 * replace every resource it manages (deleting created objects and restoring settings only to
 * make them again), where an update lets the next operation use the new settings.
 */
export function diffProviderConfig(
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): { changed: string[]; kinds: Record<string, "add" | "update" | "delete"> } {
  const kinds: Record<string, "add" | "update" | "delete"> = {};
  for (const k of new Set([...Object.keys(olds), ...Object.keys(news)])) {
    if (ENGINE_KEYS.includes(k)) continue;
    const o = olds[k] ?? undefined;
    const n = news[k] ?? undefined;
    if (JSON.stringify(o) === JSON.stringify(n)) continue;
    kinds[k] = o === undefined ? "add" : n === undefined ? "delete" : "update";
  }
  return { changed: Object.keys(kinds), kinds };
}

/**
 * The connection of a Configure request: the default provider's settings are the stack config
 * (`edgeplatform:<key>`, named so in errors); an explicit provider's are its inputs (named as
 * the provider's). Both fall back to the `EDGEPLATFORM_*` environment variables.
 */
export function connectionOf(req: Any): ScopedConnection {
  const config = new Map<string, string>();
  const put = (key: string, v: unknown) => {
    if (v === undefined || v === null || v === "" || ENGINE_KEYS.includes(key)) return;
    config.set(`${PACKAGE}:${key}`, typeof v === "string" ? v : JSON.stringify(v));
  };
  // Older engines: `variables` keyed `edgeplatform:config:apiKey`; newer: typed `args`.
  req.getVariablesMap?.().forEach((v: string, k: string) => put(k.split(":").pop() ?? k, v));
  for (const [k, v] of Object.entries(fromStruct(req.getArgs?.()))) put(k, v);
  const lookup = (key: string) => config.get(key);
  const urn: string = req.getUrn?.() ?? "";
  if (urn === "" || isDefaultProvider(urn)) return { config: lookup };
  const explicit: EdgeSettings = {};
  for (const k of CONNECTION_KEYS) {
    const v = config.get(`${PACKAGE}:${k}`);
    if (v !== undefined) explicit[k] = v;
  }
  const name = providerName(urn);
  return {
    explicit,
    explicitName: (setting) => `setting "${setting}" of the provider "${name}"`,
    owner: `the provider "${name}" (pulumi:providers:${PACKAGE})`,
    config: lookup,
  };
}

/** What tells two connections apart (a digest: never kept or shown as text). */
const connectionDigest = (c: ScopedConnection): string =>
  createHash("sha256")
    .update(
      JSON.stringify([
        c.explicit ?? {},
        [...CONNECTION_KEYS, ...TUNING_KEYS].map((k) =>
          typeof c.config === "function" ? c.config(`${PACKAGE}:${k}`) : undefined,
        ),
      ]),
    )
    .digest("hex");

/**
 * The engine's inputs from the program's: a resource's derived arguments turned
 * (`DerivedInputs`); or, when they are refused, the one failure naming the argument and the
 * inputs without the arguments (never echoing a document).
 */
function engineInputs(
  r: PluginResource,
  news: Record<string, unknown>,
): { inputs: Record<string, unknown>; failure?: { property: string; reason: string } } {
  const d = r.derived;
  if (!d) return { inputs: news };
  try {
    return { inputs: d.toEngine(news) };
  } catch (e) {
    const { name, field, reason } = e as { name?: unknown; field?: unknown; reason?: unknown };
    if (name !== "InvalidArgumentError" || typeof field !== "string") throw e;
    const text = scrub(String(reason));
    const inputs = Object.fromEntries(Object.entries(news).filter(([k]) => !(k in d.args)));
    return d.unprinted.includes(field)
      ? { inputs, failure: { property: "", reason: `\`${field}\`: ${text}` } }
      : { inputs, failure: { property: field, reason: text } };
  }
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

/**
 * The kind's check of a request: the derived arguments turned first (a refused one is the
 * check's one failure, the kind's check not run), then the kind's own check.
 */
async function checkKind(
  req: Any,
  olds: unknown,
  news: Record<string, unknown>,
): Promise<{ inputs?: unknown; failures?: { property: string; reason: string }[] }> {
  const resource = resourceFor(req);
  const derived = engineInputs(resource, news);
  if (derived.failure) return { inputs: derived.inputs, failures: [derived.failure] };
  const checked = await resource.engine.provider.check(olds, derived.inputs);
  // A secret setting's input is a secret of the state too, whatever the program wrote.
  const keys = secretProperties(resource);
  return keys.length === 0
    ? checked
    : { ...checked, inputs: withSecrets(checked.inputs, keys, secret) };
}

/**
 * The handlers of `ResourceProviderService`: one provider instance (one per process). With
 * `ownProcess` (the plugin's own process, main.ts), its connection is the process's
 * (`serveOneConnection`) and operations run in no `withConnection` scope; else (a server in a
 * process that serves more, as tests do) each operation runs in its instance's scope.
 */
function handlers(ownProcess: boolean): Record<string, unknown> {
  /** This instance's connection (from `Configure`) and its digest. */
  const instance: { connection?: ScopedConnection; digest?: string; urn?: string } = {};
  /**
   * The plugin's provider chain (`provider-chain.ts`): the engine shows a failure's message
   * only, the settings are this instance's (`Configure`), and a resource brings no connection
   * of its own (an explicit provider holds another account's settings).
   */
  const chain = providerChain({
    providerConnection: () => (ownProcess ? undefined : instance.connection),
  });
  /**
   * The operation `op` of a request through the chain: `args` as `kind`'s operation takes them,
   * the URN the request's.
   */
  const run = <R = Any>(
    req: Any,
    op: OperationName,
    args: unknown[],
    kind: KindOperations,
  ): Promise<R> => chain({ op, args, kind, urn: String(req.getUrn?.() ?? "") }) as Promise<R>;
  /** The kind's engine's operations of a request (by the type in its URN). */
  const kindOf = (req: Any): KindOperations =>
    resourceFor(req).engine.provider as unknown as KindOperations;
  return {
    getSchema: unary(async () => new providerPb.GetSchemaResponse().setSchema(schemaText())),
    getPluginInfo: unary(async () => new pluginPb.PluginInfo().setVersion(pluginVersion())),
    checkConfig: unary(async (req) => {
      const { inputs, failures } = checkProviderConfig(
        String(req.getUrn?.() ?? ""),
        fromStruct(req.getNews()),
      );
      return withFailures(new providerPb.CheckResponse().setInputs(toStruct(inputs)), failures);
    }),
    diffConfig: unary(async (req) => {
      // The inputs before (older engines send only the state, which holds the same settings).
      const olds = fromStruct(req.getOldInputs?.() ?? req.getOlds());
      const { changed, kinds } = diffProviderConfig(olds, fromStruct(req.getNews()));
      const res = new providerPb.DiffResponse()
        .setChanges(
          changed.length > 0
            ? providerPb.DiffResponse.DiffChanges.DIFF_SOME
            : providerPb.DiffResponse.DiffChanges.DIFF_NONE,
        )
        .setDiffsList(changed)
        .setHasdetaileddiff(true);
      const K = providerPb.PropertyDiff.Kind;
      const kindOf = { add: K.ADD, update: K.UPDATE, delete: K.DELETE };
      for (const k of changed) {
        res.getDetaileddiffMap().set(k, new providerPb.PropertyDiff().setKind(kindOf[kinds[k]]));
      }
      return res;
    }),
    configure: unary(async (req) => {
      const connection = connectionOf(req);
      const digest = connectionDigest(connection);
      const urn = String(req.getUrn?.() ?? "");
      if (instance.digest !== undefined && instance.digest !== digest) {
        throw Object.assign(
          new Error(
            `${PACKAGE}: this plugin process serves the provider ${JSON.stringify(providerName(instance.urn ?? ""))} ` +
              `and was asked to serve ${JSON.stringify(providerName(urn))} with other settings as ` +
              "well; refused, so that no resource is managed with another provider's key. The " +
              "engine starts one process per provider instance unless it attaches to a running " +
              "one (PULUMI_DEBUG_PROVIDERS): attach only with one provider instance.",
          ),
          { code: grpc.status.FAILED_PRECONDITION },
        );
      }
      instance.connection = connection;
      instance.digest = digest;
      instance.urn = urn;
      if (ownProcess) serveOneConnection(connection);
      return (
        new providerPb.ConfigureResponse()
          .setAcceptsecrets(false)
          .setAcceptresources(false)
          // Create and Update are called in a preview too: they write nothing then (below).
          .setSupportspreview(true)
      );
    }),
    check: unary(async (req) => {
      const res = await run<Awaited<ReturnType<typeof checkKind>>>(
        req,
        "check",
        [fromStruct(req.getOlds()), fromStruct(req.getNews())],
        { check: (olds, news) => checkKind(req, olds, news as Record<string, unknown>) },
      );
      return withFailures(
        new providerPb.CheckResponse().setInputs(toStruct(res.inputs)),
        res.failures,
      );
    }),
    diff: unary(async (req) => {
      const engine = resourceFor(req).engine;
      const olds = fromStruct(req.getOlds()) as never;
      const news = fromStruct(req.getNews()) as never;
      const d = await run<Awaited<ReturnType<typeof engine.provider.diff>>>(
        req,
        "diff",
        [req.getId(), olds, news],
        engine.provider as unknown as KindOperations,
      );
      const res = new providerPb.DiffResponse()
        .setChanges(
          d.changes
            ? providerPb.DiffResponse.DiffChanges.DIFF_SOME
            : providerPb.DiffResponse.DiffChanges.DIFF_NONE,
        )
        .setReplacesList(d.replaces ?? [])
        .setDeletebeforereplace(d.deleteBeforeReplace === true);
      if (d.changes) {
        const fields = engine.fieldChanges(olds, news);
        const K = providerPb.PropertyDiff.Kind;
        const detailed = res.getDetaileddiffMap();
        const put = (k: string, kind: number) =>
          detailed.set(k, new providerPb.PropertyDiff().setKind(kind).setInputdiff(false));
        // The replace reasons are the diff's own; the kind's report breaks the rest down.
        const replaces = [...new Set([...(d.replaces ?? []), ...fields.replaces])];
        const changed = fields.changed.filter((f) => !replaces.includes(f));
        // The input derived arguments become, beside the field they change (an edge script's
        // `codeSize` beside its `codeHash`): the preview shows the code's new size too.
        const derived = resourceFor(req).derived?.input;
        const nd = derived === undefined ? undefined : (news as Record<string, unknown>)[derived];
        if (
          derived !== undefined &&
          changed.length > 0 &&
          nd !== undefined &&
          JSON.stringify(nd) !== JSON.stringify((olds as Record<string, unknown>)?.[derived])
        )
          changed.push(derived);
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
      // A preview: the inputs, as the engine shows a create without a provider's preview.
      if (req.getPreview?.() === true)
        return new providerPb.CreateResponse().setProperties(req.getProperties());
      const keys = secretProperties(resourceFor(req));
      const r = await run<{ id: string; outs?: unknown }>(
        req,
        "create",
        [fromStruct(req.getProperties())],
        kindOf(req),
      ).catch((e: unknown) => {
        throw partialWithSecrets(e, keys);
      });
      return new providerPb.CreateResponse()
        .setId(r.id)
        .setProperties(toStruct(withSecrets(r.outs, keys, secret)));
    }),
    read: unary(async (req) => {
      const provider = resourceFor(req).engine.provider;
      const props = fromStruct(req.getProperties());
      // No properties: `pulumi import` (the engine has no state of the object yet).
      const kind: KindOperations =
        Object.keys(props).length === 0 && provider.import
          ? { read: (id) => provider.import!(id as string) }
          : (provider as unknown as KindOperations);
      const r = await run<{ id?: string; props?: unknown; inputs?: unknown }>(
        req,
        "read",
        [req.getId(), props],
        kind,
      );
      const res = new providerPb.ReadResponse().setId(r.id ?? "");
      const keys = secretProperties(resourceFor(req));
      if (r.id)
        res
          .setProperties(toStruct(withSecrets(r.props, keys, secret)))
          .setInputs(toStruct(withSecrets(r.inputs, keys, secret)));
      return res;
    }),
    update: unary(async (req) => {
      if (req.getPreview?.() === true)
        return new providerPb.UpdateResponse().setProperties(previewOfUpdate(req));
      const keys = secretProperties(resourceFor(req));
      const r = await run<{ outs?: unknown }>(
        req,
        "update",
        [req.getId(), fromStruct(req.getOlds()), fromStruct(req.getNews())],
        kindOf(req),
      ).catch((e: unknown) => {
        throw partialWithSecrets(e, keys);
      });
      return new providerPb.UpdateResponse().setProperties(
        toStruct(withSecrets(r.outs, keys, secret)),
      );
    }),
    delete: unary(async (req) => {
      await run(req, "delete", [req.getId(), fromStruct(req.getProperties())], kindOf(req));
      return new emptyPb.Empty();
    }),
    invoke: unary(async (req) => run(req, "invoke", [], { invoke: () => invoke(req) })),
    cancel: unary(async () => new emptyPb.Empty()),
    attach: unary(async () => new emptyPb.Empty()),
  };
}

/**
 * The outputs a preview shows for an update (nothing is written): the new inputs, as without
 * a provider's preview, and the object's id output as the state has it (an update never
 * changes it: another id replaces). Without it the id output would be unknown in the
 * preview, and every resource that takes it (an edge rule on `${zone.pullZoneId}`) would show
 * replaced when only a setting of the zone changes.
 */
function previewOfUpdate(req: Any): Any {
  const r = resourceFor(req);
  const props = req.getNews();
  if (r.family !== "settings") return props;
  const key = r.kind.address?.input ?? "shieldZoneId";
  const old = req.getOlds()?.getFieldsMap().get(key);
  const fields = props.getFieldsMap();
  if (old !== undefined && !fields.has(key)) fields.set(key, old);
  return props;
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
 * Runs a function: the data source itself, with the client of this provider instance's
 * settings (its `Configure`, then the environment, as for the resources). An
 * invalid argument is a check failure naming the argument (its message says what is allowed);
 * any other error fails the call. Known secrets are removed from every message.
 */
async function invoke(req: Any): Promise<Any> {
  const f = functionFor(req);
  const res = new providerPb.InvokeResponse();
  try {
    currentSettings(); // a missing setting fails here, and the secrets are known to `scrub`
    const result = await f.run(fromStruct(req.getArgs()) as never, {
      connection: { client: getClient() },
    });
    return res.setReturn(toStruct(f.secrets ? f.secrets(result as never, secret) : result));
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

/** The top-level property of a property path (`ruleConfiguration.requestCount`). */
const topOf = (p: string) => p.split(".")[0];

/**
 * Serves the provider on a loopback port and prints the port on stdout (what the engine reads).
 * Resolves with the server and its port. `ownProcess`: this process serves nothing else (the
 * plugin's executable), so its one provider instance's settings are the process's.
 * `engineAddress`: the engine's address (given to the plugin when it starts): each call's log lines go
 * to the engine's `Log` with the call's URN, so they show under the resource (a provider
 * plugin's standard error is shown only at a debug verbosity).
 */
export async function serve(
  options: { ownProcess?: boolean; engineAddress?: string } = {},
): Promise<{ server: grpcTypes.Server; port: number }> {
  if (options.engineAddress) {
    const engineGrpc = require("@pulumi/pulumi/proto/engine_grpc_pb") as Any;
    const client = new engineGrpc.EngineClient(
      options.engineAddress,
      grpc.credentials.createInsecure(),
    );
    useEngine({ client, proto: require("@pulumi/pulumi/proto/engine_pb") });
  }
  const server = new grpc.Server({
    "grpc.max_receive_message_length": 1024 * 1024 * 400,
  });
  server.addService(
    providerGrpc.ResourceProviderService,
    traced(handlers(options.ownProcess === true)) as never,
  );
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) =>
      err ? reject(err) : resolve(p),
    ),
  );
  process.stdout.write(`${port}\n`);
  return { server, port };
}
