/**
 * Settings resolution: explicit argument > stack config (`edgeplatform:*`) > environment.
 * No vendor host is built in; a missing base URL or API key is a clear error naming the
 * config key and the environment variable.
 */

/** Connection settings of the provider and the data sources. */
export interface EdgeSettings {
  /** Personal API key of the account (sent as `AccessKey`). Secret. */
  apiKey?: string;
  /** Base address of the management API, for example `http://127.0.0.1:4010`. */
  baseUrl?: string;
  /**
   * Base address of the CDN logging API (the bundled emulator serves it at
   * `${baseUrl}/logging`). Needed only by the logging data sources; no default.
   */
  loggingUrl?: string;
  /** JWT for the logging API (`Authorization: Bearer`). Secret. Default: use `apiKey`. */
  loggingToken?: string;
}

/** Settings after resolution: `apiKey` and `baseUrl` are present. */
export interface ResolvedSettings extends EdgeSettings {
  apiKey: string;
  baseUrl: string;
}

/** The stack config namespace. */
export const CONFIG_NAMESPACE = "edgeplatform";

/** Each setting with its stack config key and environment variable. */
export const SETTING_SOURCES = {
  apiKey: { config: "edgeplatform:apiKey", env: "EDGEPLATFORM_API_KEY" },
  baseUrl: { config: "edgeplatform:baseUrl", env: "EDGEPLATFORM_BASE_URL" },
  loggingUrl: { config: "edgeplatform:loggingUrl", env: "EDGEPLATFORM_LOGGING_URL" },
  loggingToken: { config: "edgeplatform:loggingToken", env: "EDGEPLATFORM_LOGGING_TOKEN" },
} as const;

/** A stack config source: a lookup by full key (`edgeplatform:apiKey`) or a plain map. */
export type ConfigSource =
  ((key: string) => string | undefined) | Record<string, string | undefined> | undefined;

/** Error raised when a required setting is missing everywhere. */
export class MissingSettingError extends Error {
  /** The missing setting (`apiKey`, `baseUrl`, ...). */
  readonly setting: keyof typeof SETTING_SOURCES;

  constructor(setting: keyof typeof SETTING_SOURCES) {
    const s = SETTING_SOURCES[setting];
    super(
      `edgeplatform: missing setting "${setting}": set the stack config key "${s.config}"` +
        `${setting === "apiKey" ? " (pulumi config set --secret edgeplatform:apiKey ...)" : ""}` +
        ` or the environment variable ${s.env}`,
    );
    this.name = "MissingSettingError";
    this.setting = setting;
  }
}

function lookup(source: ConfigSource, key: string): string | undefined {
  if (!source) return undefined;
  if (typeof source === "function") return source(key);
  // Accept both "edgeplatform:apiKey" and bare "apiKey" keys in a map.
  return source[key] ?? source[key.slice(CONFIG_NAMESPACE.length + 1)];
}

const nonEmpty = (v: string | undefined): string | undefined =>
  v === undefined || v === "" ? undefined : v;

/**
 * Resolves settings from, in order: `explicit`, the stack config `config`, then `env`
 * (default `process.env`). Throws {@link MissingSettingError} when `apiKey` or `baseUrl`
 * is missing. Trailing slashes are removed from URLs.
 */
export function resolveSettings(
  explicit: EdgeSettings = {},
  config?: ConfigSource,
  env: NodeJS.ProcessEnv = process.env,
): ResolvedSettings {
  const pick = (name: keyof typeof SETTING_SOURCES): string | undefined =>
    nonEmpty(explicit[name]) ??
    nonEmpty(lookup(config, SETTING_SOURCES[name].config)) ??
    nonEmpty(env[SETTING_SOURCES[name].env]);
  const apiKey = pick("apiKey");
  if (!apiKey) throw new MissingSettingError("apiKey");
  const baseUrl = pick("baseUrl")?.replace(/\/+$/, "");
  if (!baseUrl) throw new MissingSettingError("baseUrl");
  const loggingUrl = pick("loggingUrl")?.replace(/\/+$/, "");
  const loggingToken = pick("loggingToken");
  return {
    apiKey,
    baseUrl,
    ...(loggingUrl ? { loggingUrl } : {}),
    ...(loggingToken ? { loggingToken } : {}),
  };
}
