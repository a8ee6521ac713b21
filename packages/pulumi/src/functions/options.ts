/**
 * Options of every data source (the second argument of `getX` / `getXOutput`): Pulumi's
 * invoke options plus the connection under its own key, and the client they resolve to.
 */
import * as pulumi from "@pulumi/pulumi";
import { CONFIG_NAMESPACE, type Client, type ClientOptions } from "edgeplatform-client";
import { clearClientPool } from "../client-pool";
import { pooledClientFor, resolveConnection } from "../connection";
import type { ResourceConnection } from "../resources/public/readable-resource";
import { plainConnection, type ConnectionInput, type PlainConnection } from "./connection-input";
import type { DataSourceProgress } from "./progress";

/** Client settings that a data-source call may pass through (timeouts, retries, limiter). */
export type DataSourceClientOptions = Partial<
  Omit<ClientOptions, "apiKey" | "baseUrl" | "loggingUrl" | "loggingToken">
>;

/**
 * Where and how a data source reaches the platform: the resources' `connection`
 * ({@link ResourceConnection}: each setting a string, a Promise or an Output, secret ones
 * included), plus a client or client options. Every field is optional: settings come from, in
 * order, these fields, the stack config (`edgeplatform:apiKey`, `edgeplatform:baseUrl`,
 * `edgeplatform:loggingUrl`, `edgeplatform:loggingToken`; absent outside a Pulumi program),
 * then the environment (`EDGEPLATFORM_API_KEY`, `EDGEPLATFORM_BASE_URL`,
 * `EDGEPLATFORM_LOGGING_URL`, `EDGEPLATFORM_LOGGING_TOKEN`).
 */
export interface DataSourceConnection extends ResourceConnection {
  /** Use this client instead of building one from the settings (the settings are then ignored). */
  client?: Client;
  /**
   * Extra client options, e.g. `{ timeoutMs, maxAttempts, loggingRateLimit, onRetry }`.
   * Clients are pooled per settings and plain options; `onRetry` is applied per call, so an
   * inline callback shares the pooled client (and its per-pull-zone limiter).
   */
  clientOptions?: DataSourceClientOptions;
}

/**
 * Options of every data source: Pulumi's {@link pulumi.InvokeOutputOptions} (`dependsOn` makes
 * `getXOutput` wait for those resources; `parent`, `provider` and the other invoke options are
 * accepted — the data sources run in the program's process, not in a provider plugin) plus
 * the connection (`connection`) and progress reporting (`onProgress`).
 */
export interface DataSourceOptions extends pulumi.InvokeOutputOptions {
  /**
   * Credentials, addresses and client tuning (default: stack config, then environment): the
   * same value as a resource's `connection` (an Output of the whole object included), or an
   * object with `client` / `clientOptions`. `getXOutput` waits for its Outputs; the promise
   * form `getX` awaits them and refuses one not known yet (a preview), naming the setting.
   */
  connection?: ConnectionInput;
  /** Called as a long read progresses (in addition to the ephemeral Pulumi log line). */
  onProgress?: (p: DataSourceProgress) => void;
}

/** Reads `edgeplatform:<key>` from the stack config; undefined outside a Pulumi program. */
export function stackConfig(key: string): string | undefined {
  try {
    const bare = key.startsWith(`${CONFIG_NAMESPACE}:`)
      ? key.slice(CONFIG_NAMESPACE.length + 1)
      : key;
    return new pulumi.Config(CONFIG_NAMESPACE).get(bare);
  } catch {
    return undefined;
  }
}

/** Resolves the connection settings of a data-source call (options > stack config > env). */
export function resolveDataSourceSettings(connection: PlainConnection = {}) {
  const { apiKey, baseUrl, loggingUrl, loggingToken } = connection;
  return resolveConnection(
    { apiKey, baseUrl, loggingUrl, loggingToken },
    stackConfig,
    (name) => `data-source option connection.${name}`,
  );
}

/**
 * The client for a data-source call whose connection holds plain strings:
 * `opts.connection.client`, or the pooled client of the resolved settings (see
 * `connection.ts`: the pool and the tuning keys are the resources').
 * @throws MissingSettingError, InvalidSettingError (naming the key and the allowed range),
 * UnsendableSettingError (a setting that is not a string a request can carry, never shown).
 */
export function clientFor(opts: { connection?: PlainConnection } = {}): Client {
  const connection = opts.connection ?? {};
  if (connection.client) return connection.client;
  const settings = resolveDataSourceSettings(connection);
  return pooledClientFor(settings, stackConfig, connection.clientOptions);
}

/**
 * The client for a data-source call: its `connection` resolved first (Promises and known
 * Outputs awaited; see `connection-input.ts`), then {@link clientFor}.
 */
export async function connectedClient(opts: DataSourceOptions = {}): Promise<Client> {
  return clientFor({ connection: await plainConnection(opts.connection) });
}

/**
 * What every data source rejects with: the error itself (same class and fields:
 * `EdgeApiError`, `InvalidArgumentError`, `MissingSettingError`, ...), flagged so that a
 * Pulumi program that leaves it unhandled reports ONE diagnostic line, its message, without
 * a stack trace and without "Unhandled exception": the SDK's uncaught-error handler treats
 * an error whose `__pulumiRunError` is `true` as a `pulumi.RunError` (`RunError.isInstance`
 * reads that flag, so that it works across SDK copies). The flag is not enumerable (JSON,
 * `toEqual` and `util.inspect` stay as they were). Outside a Pulumi program it changes
 * nothing. In a program run by the CLI, every data source refused for the same reason (a
 * missing setting, a refused API key) rejects with the first such error, so that the program
 * reports the reason once.
 */
export function programError(e: unknown): unknown {
  const first = firstOfItsKind(e);
  if (first) return first;
  if (e instanceof Error && !Object.prototype.hasOwnProperty.call(e, RUN_ERROR_FLAG)) {
    Object.defineProperty(e, RUN_ERROR_FLAG, { value: true, enumerable: false });
  }
  return e;
}
const RUN_ERROR_FLAG = "__pulumiRunError";

/** Per program run (its Stack resource): the first missing-setting or refused-key error, by cause. */
const credentialErrors = new WeakMap<object, Map<string, Error>>();

/**
 * In a Pulumi program run, the first error of the run with the same cause as `e` — a missing
 * or unsendable setting (`MissingSettingError`, `UnsendableSettingError`), or an HTTP 401 that names the refused credential and where
 * it comes from — so that every data source refused for the same reason rejects with one
 * error object, which the SDK reports once; else undefined (`e` is then the first, remembered
 * for the next ones). Outside a program run, always undefined.
 */
function firstOfItsKind(e: unknown): Error | undefined {
  if (!(e instanceof Error)) return undefined;
  let run: object | undefined;
  try {
    run = pulumi.runtime.hasMonitor() ? pulumi.runtime.getStackResource() : undefined;
  } catch {
    run = undefined;
  }
  if (!run) return undefined;
  const status = (e as { status?: unknown }).status;
  const refused = /the platform refused the .*/i.exec(e.message);
  const cause =
    e.name === "MissingSettingError" || e.name === "UnsendableSettingError"
      ? e.message
      : status === 401 && refused
        ? refused[0]
        : undefined;
  if (cause === undefined) return undefined;
  let seen = credentialErrors.get(run);
  if (!seen) credentialErrors.set(run, (seen = new Map()));
  const first = seen.get(cause);
  if (first) return first;
  seen.set(cause, e);
  return undefined;
}

/** Closes and forgets every pooled client (tests; long-running scripts). */
export function clearClientCache(): void {
  clearClientPool();
}
