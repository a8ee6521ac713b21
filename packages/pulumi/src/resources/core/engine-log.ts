/**
 * The provider's log lines, attached to the resource they are about.
 *
 * The dynamic-provider host of `@pulumi/pulumi` (3.216–3.248, measured on 3.248:
 * `cmd/dynamic-provider/index.js`) hands `create(props)`, `update(id, olds, news)`, … the
 * properties only: the URN that each gRPC request carries (`CreateRequest.getUrn()`, …) is not
 * passed on, and the host has no engine client (the SDK's `pulumi.log` in that process prints
 * `info: [runtime] …` to its output, which the engine shows on the Stack). So, in the host's
 * process only:
 *
 * - the request classes of the host's own `proto/provider_pb` get a `get<Properties>` that
 *   remembers the request's URN for the object the host then passes to the provider
 *   ({@link installUrnCapture}); the registry runs each call with that URN ({@link withUrnOf});
 * - a line is sent to the engine's `Log` (the address the engine gives the host as its first
 *   argument) with that URN, so that it shows under the resource, once, as Pulumi's own
 *   providers' lines do; `ephemeral` lines are status lines that the engine shows while the
 *   resource is in progress and then drops.
 *
 * Anything missing (another host, another SDK layout, no URN, the RPC failing) falls back to
 * the process's standard error, one line prefixed with `edgeplatform: ` (the engine shows it on
 * the Stack), as before. Either way the line reads `edgeplatform: <what>: …`, the package named
 * once.
 *
 * Status lines ({@link statusLine}) say what a resource's call is waiting for (a retry, a write
 * the platform accepted with 202 and applies later): ephemeral, and at most one per call of
 * the resource and kind of wait, never one per retry or poll. Without the engine they are not
 * shown at all.
 */
import { AsyncLocalStorage } from "async_hooks";
import * as path from "path";
import type { RetryInfo } from "edgeplatform-client";

/** What one provider call (create, update, … of one resource) runs with. */
interface CallScope {
  /** The resource's URN. */
  urn: string;
  /** The kinds of wait already told in this call. */
  told: Set<WaitKind>;
}

/** What the provider's calls run with. */
const current = new AsyncLocalStorage<CallScope>();
/** URN of each object the host passes to the provider, as its request said. */
const urnOfProps = new WeakMap<object, string>();

/** The request getters whose result the host passes to the provider. */
const CAPTURED: Record<string, string> = {
  CheckRequest: "getNews",
  DiffRequest: "getNews",
  CreateRequest: "getProperties",
  ReadRequest: "getProperties",
  UpdateRequest: "getNews",
  DeleteRequest: "getProperties",
};

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

interface EngineLink {
  client: Any;
  proto: Any;
}
let link: EngineLink | null | undefined;
let installed = false;

/** The directory of the `@pulumi/pulumi` whose dynamic-provider host runs this process. */
function hostSdkDir(): string | undefined {
  const main = require.main?.filename;
  if (!main) return undefined;
  const parts = main.split(path.sep);
  const n = parts.length;
  if (parts[n - 1] !== "index.js" || parts[n - 2] !== "dynamic-provider" || parts[n - 3] !== "cmd")
    return undefined;
  return parts.slice(0, n - 3).join(path.sep);
}

/**
 * In the dynamic-provider host's process, makes the host's requests remember their URN for
 * the properties they hand to the provider. Idempotent; does nothing elsewhere.
 */
export function installUrnCapture(): void {
  if (installed) return;
  installed = true;
  const sdk = hostSdkDir();
  if (!sdk) return;
  try {
    const proto = require(path.join(sdk, "proto", "provider_pb")) as Record<string, Any>;
    for (const [cls, getter] of Object.entries(CAPTURED)) {
      const proto_ = proto[cls]?.prototype;
      const original = proto_?.[getter];
      if (typeof original !== "function" || typeof proto_.getUrn !== "function") continue;
      proto_[getter] = function (this: Any, ...args: unknown[]) {
        const struct = original.apply(this, args);
        const urn: unknown = this.getUrn();
        if (struct && typeof struct.toJavaScript === "function" && typeof urn === "string" && urn) {
          const toJs = struct.toJavaScript;
          struct.toJavaScript = function (this: Any, ...a: unknown[]) {
            const v = toJs.apply(this, a);
            if (v && typeof v === "object") urnOfProps.set(v, urn);
            return v;
          };
        }
        return struct;
      };
    }
  } catch {
    // Another SDK layout: lines go to standard error.
  }
}

/**
 * Sends the log lines of this process to the engine (the native plugin: `client` an
 * `EngineClient` of the address the engine started it with, `proto` the module of `LogRequest`);
 * lines of a call run with {@link withUrn} then show under its resource.
 */
export function useEngine(engine: { client: unknown; proto: unknown }): void {
  link = { client: engine.client, proto: engine.proto };
}

/** Runs `body` (one call of the resource `urn`) with `urn` as the current resource. */
export function withUrn<T>(urn: string, body: () => T): T {
  return urn ? current.run({ urn, told: new Set() }, body) : body();
}

/** Runs `body` with the URN of `props` (when the host's request named one) as the current. */
export function withUrnOf<T>(props: unknown, body: () => T): T {
  const urn = props && typeof props === "object" ? urnOfProps.get(props) : undefined;
  return urn ? current.run({ urn, told: new Set() }, body) : body();
}

/** The URN of the resource whose call is running, if known. */
export function currentUrn(): string | undefined {
  return current.getStore()?.urn;
}

function engineLink(): EngineLink | null {
  if (link !== undefined) return link;
  link = null;
  const sdk = hostSdkDir();
  const address = engineAddressOf(process.argv.slice(2));
  if (!sdk || !address) return link;
  try {
    const grpc = require(require.resolve("@grpc/grpc-js", { paths: [sdk] })) as Any;
    const rpc = require(path.join(sdk, "proto", "engine_grpc_pb")) as Any;
    const proto = require(path.join(sdk, "proto", "engine_pb")) as Any;
    const client = new rpc.EngineClient(address, grpc.credentials.createInsecure());
    link = { client, proto };
  } catch {
    link = null;
  }
  return link;
}

/**
 * The engine's address among a provider process's arguments (`process.argv.slice(2)`): the
 * first that is not one of the flags the engine puts before it (`--logtostderr`, `-v=N`,
 * `--tracing <endpoint>`, as with `pulumi up --logflow -v=3 --tracing …`).
 */
export function engineAddressOf(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === "--logtostderr" || a.startsWith("-v=")) continue;
    if (a === "--tracing") {
      i += 1;
      continue;
    }
    return a;
  }
  return undefined;
}

/** How long a line waits for the engine to take it (ms). */
const LOG_DEADLINE_MS = 5_000;

/** `edgeplatform: <text>`, once: a text that starts with the package's name loses it. */
export function prefixed(text: string): string {
  return `edgeplatform: ${text.startsWith("edgeplatform ") ? text.slice("edgeplatform ".length) : text}`;
}

function toStderr(text: string): void {
  process.stderr.write(`${prefixed(text)}\n`);
}

/**
 * Logs `text` about the resource whose call is running: under that resource when the engine
 * can be told (info; `ephemeral` for a status line), else on standard error. Resolves when the
 * engine has the line (never rejects), so that a line printed "before the write" is shown
 * even if the run is interrupted during the write.
 */
export function logLine(text: string, o: { ephemeral?: boolean } = {}): Promise<void> {
  const urn = currentUrn();
  const l = urn ? engineLink() : null;
  if (!urn || !l) {
    if (!o.ephemeral) toStderr(text);
    return Promise.resolve();
  }
  return new Promise<void>((resolve) => {
    try {
      const req = new l.proto.LogRequest();
      req.setSeverity(l.proto.LogSeverity.INFO);
      req.setMessage(prefixed(text));
      req.setUrn(urn);
      req.setEphemeral(o.ephemeral === true);
      // An engine that does not answer holds no operation for long: the line then goes to
      // standard error.
      l.client.log(req, { deadline: Date.now() + LOG_DEADLINE_MS }, (err: unknown) => {
        if (err && !o.ephemeral) toStderr(text);
        resolve();
      });
    } catch {
      if (!o.ephemeral) toStderr(text);
      resolve();
    }
  });
}

/**
 * A kind of wait a status line tells: `retry`, a failed attempt the client repeats after a
 * delay (429, 502–504, a timeout or dropped connection); `pending`, a write the platform
 * accepted (202) and applies later, read back until it shows.
 */
export type WaitKind = "retry" | "pending";

/**
 * Tells, as an ephemeral line under the resource whose call is running, what it is waiting
 * for: the first time in this call for `kind`, never again (so one line per resource and kind
 * of wait, however many retries or polls). Nothing outside a resource's call.
 */
export function statusLine(kind: WaitKind, text: string): void {
  const scope = current.getStore();
  if (!scope || scope.told.has(kind)) return;
  scope.told.add(kind);
  void logLine(text, { ephemeral: true });
}

/** `0.4 s`, `1 s`, `12 s`: a duration for a person. */
export function seconds(ms: number): string {
  return ms >= 1_000 ? `${Math.round(ms / 1_000)} s` : `${(ms / 1_000).toFixed(1)} s`;
}

/**
 * A retry for a person: `the platform answered 503 to shield.getRateLimit; retrying in 2 s
 * (attempt 2 of 5)`. Numbers and the operation's name only: never a body or a header.
 */
export function describeRetry(info: RetryInfo): string {
  const what =
    info.status === 0
      ? `${info.operation} got no answer (a timeout or a dropped connection)`
      : `the platform answered ${info.status}${info.status === 429 ? " (too many requests)" : ""} to ${info.operation}`;
  const when = info.delayMs >= 100 ? `retrying in ${seconds(info.delayMs)}` : "retrying now";
  return `${what}; ${when} (attempt ${info.attempt + 1} of ${info.maxAttempts})`;
}

/** Reports a retry of the client as a status line of the resource whose call made it. */
export function retryStatus(info: RetryInfo): void {
  statusLine("retry", describeRetry(info));
}

/**
 * Values for a person: `waf.mode = Block, ddos.sensitivity = 4` (dotted paths, `not set` for
 * null, lists and other values as JSON), or `nothing` when there is none.
 */
export function describeValues(values: unknown): string {
  const out: string[] = [];
  const walk = (v: unknown, at: string) => {
    if (v !== null && typeof v === "object" && !Array.isArray(v)) {
      const entries = Object.entries(v as Record<string, unknown>);
      if (entries.length === 0 && at) out.push(`${at} = {}`);
      for (const [k, x] of entries) walk(x, at ? `${at}.${k}` : k);
      return;
    }
    const shown =
      v === null || v === undefined ? "not set" : typeof v === "string" ? v : JSON.stringify(v);
    out.push(at ? `${at} = ${shown}` : shown);
  };
  walk(values, "");
  return out.length > 0 ? out.join(", ") : "nothing";
}
