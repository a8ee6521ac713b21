/**
 * Settings resolution: explicit argument > stack config (`edgeplatform:*`) > environment.
 * No vendor host is built in; a missing base URL or API key is a clear error naming the
 * config key and the environment variable.
 */
import { InvalidArgumentError } from "./api/invalid-argument";

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
  /**
   * Where each resolved setting came from, in words for error messages (never the value):
   * `stack config key "edgeplatform:apiKey"`, `environment variable EDGEPLATFORM_API_KEY`,
   * or the explicit argument (see {@link resolveSettings}). Passed on to the client by
   * `Client.fromSettings`, so that a refused key or an unreachable address names its source.
   */
  sources?: SettingSourceMap;
}

/** The connection settings by name. */
export type SettingName = "apiKey" | "baseUrl" | "loggingUrl" | "loggingToken";

/** Where each setting came from, in words (see {@link ResolvedSettings.sources}). */
export type SettingSourceMap = Partial<Record<SettingName, string>>;

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

/**
 * A required setting is missing everywhere (explicit options, stack config, environment).
 * A subclass of {@link InvalidArgumentError} (`operation` is `"settings"`, `field` the setting).
 */
export class MissingSettingError extends InvalidArgumentError {
  /** The missing setting (`apiKey`, `baseUrl`, ...). */
  readonly setting: keyof typeof SETTING_SOURCES;

  /**
   * @param owner what holds the settings when it is not the stack config, for example
   * `the provider "accountA" (pulumi:providers:edgeplatform)`: the message then names it and
   * its argument instead of the stack config key.
   */
  constructor(setting: keyof typeof SETTING_SOURCES, owner?: string) {
    const s = SETTING_SOURCES[setting];
    super("settings", setting, "is missing");
    const where = owner
      ? ` of ${owner}: set its argument ${setting}`
      : `: set the stack config key "${s.config}"` +
        `${setting === "apiKey" ? " (pulumi config set --secret edgeplatform:apiKey ...)" : ""}`;
    this.message = `edgeplatform: missing setting "${setting}"${where} or the environment variable ${s.env}`;
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

/** Characters an HTTP header value may hold (tab, visible ASCII, space, Latin-1). */
const HEADER_SAFE = /^[\t\x20-\x7e\x80-\xff]*$/;

/**
 * Why a setting's value cannot be sent (every setting ends up in a request line or a header),
 * described without the value; undefined when it can.
 */
function unsendable(value: unknown): string | undefined {
  if (typeof value !== "string") {
    const type = typeof value;
    const what =
      value === null
        ? "null"
        : Array.isArray(value)
          ? "an array"
          : `${type === "object" ? "an" : "a"} ${type}`;
    return `must be a string; got ${what} (a value still to be resolved, such as a Pulumi Output or a Promise, cannot be sent)`;
  }
  if (!HEADER_SAFE.test(value)) {
    return "holds characters an HTTP request cannot carry (a line break or another control character)";
  }
  return undefined;
}

/**
 * A setting's value cannot be sent to the platform (not a string, or characters a header cannot
 * carry): named with where it comes from, never shown. Thrown before any request.
 */
export class UnsendableSettingError extends InvalidArgumentError {
  /** The setting (`apiKey`, `baseUrl`, ...). */
  readonly setting: SettingName;
  constructor(setting: SettingName, source: string, reason: string) {
    super("settings", setting, reason);
    this.message = `edgeplatform: invalid setting "${setting}" from the ${source}: ${reason}`;
    this.name = "UnsendableSettingError";
    this.setting = setting;
  }
}

/** How {@link resolveSettings} names an explicit setting (default: `argument "apiKey"`). */
export type ExplicitSourceName = (setting: SettingName) => string;

/**
 * Resolves settings from, in order: `explicit`, the stack config `config`, then `env`
 * (default `process.env`). Throws {@link MissingSettingError} when `apiKey` or `baseUrl`
 * is missing (naming `owner` and its argument when given, else the stack config key).
 * Trailing slashes are removed from URLs. `sources` records where each value
 * came from (`explicitName` names the explicit ones, e.g. `opts.connection.apiKey`).
 */
export function resolveSettings(
  explicit: EdgeSettings = {},
  config?: ConfigSource,
  env: NodeJS.ProcessEnv = process.env,
  explicitName: ExplicitSourceName = (name) => `argument "${name}"`,
  owner?: string,
): ResolvedSettings {
  const sources: SettingSourceMap = {};
  const found = (name: SettingName): string | undefined => {
    const s = SETTING_SOURCES[name];
    const given = nonEmpty(explicit[name]);
    if (given !== undefined) {
      sources[name] = explicitName(name);
      return given;
    }
    const fromConfig = nonEmpty(lookup(config, s.config));
    if (fromConfig !== undefined) {
      sources[name] = `stack config key "${s.config}"`;
      return fromConfig;
    }
    const fromEnv = nonEmpty(env[s.env]);
    if (fromEnv !== undefined) {
      sources[name] =
        `environment variable ${s.env}` +
        (config ? ` (the stack config key "${s.config}" is not set)` : "");
    }
    return fromEnv;
  };
  const pick = (name: SettingName): string | undefined => {
    const value = found(name);
    const wrong = value === undefined ? undefined : unsendable(value);
    if (wrong) throw new UnsendableSettingError(name, sources[name] ?? explicitName(name), wrong);
    return value;
  };
  const apiKey = pick("apiKey");
  if (!apiKey) throw new MissingSettingError("apiKey", owner);
  const baseUrl = pick("baseUrl")?.replace(/\/+$/, "");
  if (!baseUrl) throw new MissingSettingError("baseUrl", owner);
  const loggingUrl = pick("loggingUrl")?.replace(/\/+$/, "");
  const loggingToken = pick("loggingToken");
  return {
    apiKey,
    baseUrl,
    ...(loggingUrl ? { loggingUrl } : {}),
    ...(loggingToken ? { loggingToken } : {}),
    sources,
  };
}

// ---------------------------------------------------------------------------------------
// What an error says about the setting to fix (never its value)
// ---------------------------------------------------------------------------------------

/** `url` without credentials, query or fragment: safe to show in messages. */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname === "/" ? "" : u.pathname}`;
  } catch {
    return "(the configured URL)";
  }
}

/** Network error codes that mean "the host could not be reached" (no answer at all). */
export const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "EADDRNOTAVAIL",
  "ETIMEDOUT",
]);

/**
 * The sentence an HTTP 401/403 adds to its error: which credential was refused and where it
 * comes from (`source`, see {@link ResolvedSettings.sources}; default: the client option).
 */
export function refusedCredentialHint(
  setting: "apiKey" | "loggingToken",
  status: number,
  source: string | undefined,
  url: string,
): string {
  const what = setting === "apiKey" ? "API key" : "logging token";
  const from = source ?? `client option "${setting}"`;
  return (
    `the platform refused the ${what} (HTTP ${status}); it comes from the ${from}: ` +
    `check that it is a valid ${what} of the account at ${describeUrl(url)}`
  );
}

/**
 * The sentence an unreachable host adds to its error: the URL and the setting it comes from
 * (`source`, see {@link ResolvedSettings.sources}; default: the client option).
 */
export function unreachableHint(
  setting: "baseUrl" | "loggingUrl",
  code: string,
  source: string | undefined,
  url: string,
): string {
  const from = source ?? `client option "${setting}"`;
  return `cannot reach ${describeUrl(url)} (${code}): check the ${from}`;
}

// ---------------------------------------------------------------------------------------
// Client tuning: request timeout and retries (stack config > environment)
// ---------------------------------------------------------------------------------------

/** Tuning settings of the API client, with their keys, variables and allowed ranges. */
export const TUNING_SOURCES = {
  requestTimeoutMs: {
    config: "edgeplatform:requestTimeoutMs",
    env: "EDGEPLATFORM_REQUEST_TIMEOUT_MS",
    min: 100,
    max: 600_000,
    what: "timeout of one HTTP attempt in milliseconds",
  },
  maxRetries: {
    config: "edgeplatform:maxRetries",
    env: "EDGEPLATFORM_MAX_RETRIES",
    min: 0,
    max: 10,
    what: "retries after the first attempt",
  },
} as const;

/**
 * A tuning setting has a value outside its allowed range (or is not an integer). A subclass
 * of {@link InvalidArgumentError} (`operation` is `"settings"`, `field` the setting).
 */
export class InvalidSettingError extends InvalidArgumentError {
  /** The setting, for example `requestTimeoutMs`. */
  readonly setting: keyof typeof TUNING_SOURCES;
  constructor(setting: keyof typeof TUNING_SOURCES, source: string, value: string) {
    const s = TUNING_SOURCES[setting];
    super("settings", setting, `not an integer from ${s.min} to ${s.max}`);
    this.message =
      `edgeplatform: invalid setting "${setting}" (${s.what}) from ${source}: ` +
      `${JSON.stringify(value)} is not an integer from ${s.min} to ${s.max}`;
    this.name = "InvalidSettingError";
    this.setting = setting;
  }
}

/** Client options derived from the tuning settings (absent = the client's default). */
export interface ClientTuning {
  /** From `requestTimeoutMs`. */
  timeoutMs?: number;
  /** `maxRetries + 1`. */
  maxAttempts?: number;
}

/**
 * Reads `edgeplatform:requestTimeoutMs` / `edgeplatform:maxRetries` from the stack config,
 * else `EDGEPLATFORM_REQUEST_TIMEOUT_MS` / `EDGEPLATFORM_MAX_RETRIES` from the environment.
 * @throws InvalidSettingError naming the key (or variable) and the allowed range.
 */
export function resolveClientTuning(
  config?: ConfigSource,
  env: NodeJS.ProcessEnv = process.env,
): ClientTuning {
  const read = (name: keyof typeof TUNING_SOURCES): number | undefined => {
    const s = TUNING_SOURCES[name];
    const fromConfig = nonEmpty(lookup(config, s.config));
    const raw = fromConfig ?? nonEmpty(env[s.env]);
    if (raw === undefined) return undefined;
    const text = String(raw).trim();
    const n = /^-?\d+$/.test(text) ? Number(text) : NaN;
    if (!Number.isSafeInteger(n) || n < s.min || n > s.max) {
      const where =
        fromConfig !== undefined
          ? `stack config key "${s.config}"`
          : `environment variable ${s.env}`;
      throw new InvalidSettingError(name, where, String(raw));
    }
    return n;
  };
  const timeoutMs = read("requestTimeoutMs");
  const retries = read("maxRetries");
  return {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(retries !== undefined ? { maxAttempts: retries + 1 } : {}),
  };
}
