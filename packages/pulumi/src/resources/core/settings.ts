/**
 * Provider-process state of the dynamic resources: the stack configuration handed to
 * `configure()` and the {@link Client} built from it. Settings are resolved INSIDE the
 * provider process (stack config `edgeplatform:*`, then `EDGEPLATFORM_*` environment
 * variables), never captured in the serialized closure, and only when needed: `diff` and the
 * providers' own `check` work without any credentials (the registry's `check` then checks the
 * key, `credentials.ts`).
 *
 * A caller that serves more than one account in one process (provider instances of the native
 * plugin's server started in a test's process, resources with a `connection`) runs each
 * operation inside {@link withConnection}: the settings of that scope win over the process's
 * configuration for every `getClient()` the operation makes, however deep and however many
 * awaits later (`AsyncLocalStorage`). The plugin's own process serves one provider instance:
 * its settings are the process's ({@link serveOneConnection}), with no scope to carry.
 */
import { AsyncLocalStorage } from "async_hooks";
import {
  redact,
  SETTING_SOURCES,
  type Client,
  type ConfigSource,
  type EdgeSettings,
  type ExplicitSourceName,
  type ResolvedSettings,
} from "edgeplatform-client";
import { clearClientPool } from "../../client-pool";
import { pooledClientFor, resolveConnection } from "../../connection";
import { retryStatus } from "./engine-log";

/** The part of the dynamic provider host's `ConfigureRequest` that is used here. */
export interface ConfigureRequestLike {
  config: { get(key: string): string | undefined };
}

let configSource: ConfigSource;

/** The connection of one scope (see {@link withConnection}). */
export interface ScopedConnection {
  /** Settings given explicitly (a provider instance's inputs); they win over `config`. */
  explicit?: EdgeSettings;
  /** How an error names an explicit setting (`the provider's "apiKey"`). */
  explicitName?: ExplicitSourceName;
  /**
   * What holds the settings when it is not the stack config (`the provider "accountA"
   * (pulumi:providers:edgeplatform)`): a missing setting names it and its argument.
   */
  owner?: string;
  /**
   * Configuration looked up by full key (`edgeplatform:maxRetries`), then the environment.
   * Absent: the process's configuration (the stack config handed to `configure()`).
   */
  config?: ConfigSource;
}

const scope = new AsyncLocalStorage<ScopedConnection>();

/**
 * The connection of a process that serves one provider instance (the native plugin's process,
 * {@link serveOneConnection}), with its settings and client once resolved. Operations outside
 * any {@link withConnection} scope use it, so that such a process needs no
 * `AsyncLocalStorage` scope (whose hooks then run for every promise and callback).
 */
let processWide:
  { connection: ScopedConnection; settings?: ResolvedSettings; client?: Client } | undefined;

/**
 * Makes `connection` the settings of every operation of this process that runs in no
 * {@link withConnection} scope, for the rest of its life (a plugin process serves one provider
 * instance: a second, different connection is refused before this is called). `undefined`
 * forgets it (tests).
 */
export function serveOneConnection(connection: ScopedConnection | undefined): void {
  processWide = connection ? { connection } : undefined;
}

/**
 * Runs `fn` with `connection` as the settings of every API call it makes (instead of the
 * process's configuration), including calls made after awaits and in promises it starts.
 */
export function withConnection<T>(connection: ScopedConnection, fn: () => T): T {
  return scope.run(connection, fn);
}
/** Secrets seen so far (API key, logging token), scrubbed from every error message. */
const secrets = new Set<string>();

/**
 * Stores the stack configuration passed to a dynamic provider's `configure()`. Called once
 * per provider process and resource type by the Pulumi dynamic-provider host. Never throws:
 * a missing setting is reported by the first operation that needs the API.
 */
export function configureFromRequest(req: ConfigureRequestLike | undefined): void {
  const config = req?.config;
  configSource = config
    ? (key: string) => {
        const v: unknown = config.get(key);
        if (v === undefined || v === null) return undefined;
        return typeof v === "string" ? v : JSON.stringify(v);
      }
    : undefined;
  // No client is closed here: the host calls configure() once per resource type, lazily,
  // while requests of other types may be in flight. getClient() takes the pooled client of
  // the settings resolved at that moment.
}

/** Forgets the configuration and the pooled clients (tests). */
export function resetSettings(): void {
  configSource = undefined;
  processWide = undefined;
  clearClientPool();
}

/**
 * Resolves the settings: those of the current {@link withConnection} scope, else stack config >
 * environment. Throws `MissingSettingError`.
 */
export function currentSettings(): ResolvedSettings {
  const inScope = scope.getStore();
  if (!inScope && processWide) return (processWide.settings ??= resolved(processWide.connection));
  return resolved(inScope);
}

/** The settings of `scoped` (else the process's configuration), their secrets recorded. */
function resolved(scoped: ScopedConnection | undefined): ResolvedSettings {
  const s = scoped
    ? resolveConnection(
        scoped.explicit,
        scoped.config ?? configSource,
        scoped.explicitName,
        scoped.owner,
      )
    : resolveConnection({}, configSource);
  for (const v of [s.apiKey, s.loggingToken]) if (v) secrets.add(v);
  return s;
}

/** The view of each pooled client that tells its retries (one per pooled client). */
const telling = new WeakMap<Client, Client>();

/**
 * The API client for the current settings: the pooled client (shared with the data sources,
 * bounded, see `client-pool.ts`) of the resolved settings and of the tuning keys
 * `edgeplatform:requestTimeoutMs` / `edgeplatform:maxRetries` (else
 * `EDGEPLATFORM_REQUEST_TIMEOUT_MS` / `EDGEPLATFORM_MAX_RETRIES`), seen through a view that
 * tells its retries as a status line of the resource whose call made them (`engine-log.ts`).
 * @throws MissingSettingError, InvalidSettingError (naming the key and the allowed range).
 */
export function getClient(): Client {
  const inScope = scope.getStore();
  if (!inScope && processWide) return (processWide.client ??= clientOf(processWide.connection));
  return clientOf(inScope);
}

/** The pooled client of `scoped` (else the process's configuration), seen through its view. */
function clientOf(scoped: ScopedConnection | undefined): Client {
  const settings = currentSettings();
  const pooled = pooledClientFor(settings, scoped?.config ?? configSource);
  let view = telling.get(pooled);
  if (!view) {
    view = pooled.withOptions({ onRetry: retryStatus });
    telling.set(pooled, view);
  }
  return view;
}

/** Removes every known secret (and the configured ones from the environment) from `text`. */
export function scrub(text: string): string {
  const all = [...secrets];
  for (const s of Object.values(SETTING_SOURCES)) {
    if (s.env === SETTING_SOURCES.apiKey.env || s.env === SETTING_SOURCES.loggingToken.env) {
      const v = process.env[s.env];
      if (v) all.push(v);
    }
  }
  return redact(text, all);
}
