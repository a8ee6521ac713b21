/**
 * Provider-process state of the dynamic resources: the stack configuration handed to
 * `configure()` and the {@link Client} built from it. Settings are resolved INSIDE the
 * provider process (stack config `edgeplatform:*`, then `EDGEPLATFORM_*` environment
 * variables), never captured in the serialized closure, and only when an API call is
 * actually needed: `check` and `diff` work without any credentials.
 */
import { Client } from "../api/client";
import { redact } from "../api/errors";
import { ConfigSource, ResolvedSettings, resolveSettings, SETTING_SOURCES } from "../config";

/** The part of the dynamic provider host's `ConfigureRequest` that is used here. */
export interface ConfigureRequestLike {
  config: { get(key: string): string | undefined };
}

let configSource: ConfigSource;
let cached: { key: string; settings: ResolvedSettings; client: Client } | undefined;
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
  // The cached client is NOT closed here: the host calls configure() once per resource type,
  // lazily, while requests of other types may be in flight on it. getClient() builds a new
  // client only when the resolved settings differ.
}

/** Forgets the configuration and the cached client (tests). */
export function resetSettings(): void {
  configSource = undefined;
  dropClient();
}

function dropClient(): void {
  cached?.client.close();
  cached = undefined;
}

/** Resolves the settings: stack config > environment. Throws `MissingSettingError`. */
export function currentSettings(): ResolvedSettings {
  const s = resolveSettings({}, configSource, process.env);
  for (const v of [s.apiKey, s.loggingToken]) if (v) secrets.add(v);
  return s;
}

/** The API client for the current settings (built once per distinct settings). */
export function getClient(): Client {
  const settings = currentSettings();
  const key = JSON.stringify([
    settings.apiKey,
    settings.baseUrl,
    settings.loggingUrl,
    settings.loggingToken,
  ]);
  if (!cached || cached.key !== key) {
    // A previous client (other settings) may still have requests in flight: let them finish.
    cached = { key, settings, client: Client.fromSettings(settings) };
  }
  return cached.client;
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
