/**
 * The one way settings become an API client, for the dynamic resources
 * (`resources/core/settings.ts`, stack config handed to `configure()`) and the data sources
 * (`functions/options.ts`, explicit options and the program's stack config) alike:
 * connection settings resolve as explicit > stack config > environment, the client tuning
 * (`edgeplatform:requestTimeoutMs` / `edgeplatform:maxRetries`, else
 * `EDGEPLATFORM_REQUEST_TIMEOUT_MS` / `EDGEPLATFORM_MAX_RETRIES`) as explicit client
 * options > stack config > environment, and the client comes from the one bounded pool.
 */
import {
  resolveClientTuning,
  resolveSettings,
  type Client,
  type ClientOptions,
  type ConfigSource,
  type EdgeSettings,
  type ExplicitSourceName,
  type ResolvedSettings,
} from "edgeplatform-client";
import { pooledClient } from "./client-pool";

/**
 * Resolves the connection settings: `explicit` > stack config `config` > environment, and
 * records where each came from (`explicitName` names the explicit ones), so that a refused
 * key or an unreachable address names the setting to fix.
 * @param owner what holds the settings when it is not the stack config (an explicit provider).
 * @throws MissingSettingError naming the config key (or `owner`'s argument) and the
 * environment variable.
 */
export function resolveConnection(
  explicit: EdgeSettings = {},
  config?: ConfigSource,
  explicitName?: ExplicitSourceName,
  owner?: string,
): ResolvedSettings {
  return resolveSettings(explicit, config, process.env, explicitName, owner);
}

/**
 * The pooled client of `settings`, tuned by `clientOptions` > stack config > environment.
 * @throws InvalidSettingError for a tuning value out of range (naming the key and range).
 */
export function pooledClientFor(
  settings: ResolvedSettings,
  config?: ConfigSource,
  clientOptions: Partial<ClientOptions> = {},
): Client {
  return pooledClient(settings, { ...resolveClientTuning(config, process.env), ...clientOptions });
}
