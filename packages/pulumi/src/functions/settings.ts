/**
 * Shared plumbing of the data sources: settings resolution (explicit options > stack config
 * `edgeplatform:*` > environment), one cached {@link Client} per settings, argument
 * validation with errors that name the field, progress reporting and the `getXOutput`
 * input resolution.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Client, ClientOptions } from "edgeplatform-client";
import { clearClientPool, pooledClient } from "../client-pool";
import {
  CONFIG_NAMESPACE,
  EdgeSettings,
  ResolvedSettings,
  resolveClientTuning,
  resolveSettings,
} from "edgeplatform-client";

/** Client settings that a data-source call may pass through (timeouts, retries, limiter). */
export type DataSourceClientOptions = Partial<
  Omit<ClientOptions, "apiKey" | "baseUrl" | "loggingUrl" | "loggingToken">
>;

/** Progress of a long read (event logs, access logs), as given to `onProgress`. */
export interface DataSourceProgress {
  /** Data source, for example `logging.getAccessLogs`. */
  operation: string;
  /** Pages fetched so far (page-based reads). */
  pages?: number;
  /** Records read so far. */
  records: number;
  /** Bytes read so far (v1 logs). */
  bytes?: number;
  /** The progress line that is also written to the Pulumi log. */
  message: string;
}

/**
 * Options of every data source (the second argument of `getX` / `getXOutput`).
 *
 * Connection settings come from, in order: these options, the stack config
 * (`edgeplatform:apiKey`, `edgeplatform:baseUrl`, `edgeplatform:loggingUrl`,
 * `edgeplatform:loggingToken`; absent outside a Pulumi program), then the environment
 * (`EDGEPLATFORM_API_KEY`, `EDGEPLATFORM_BASE_URL`, `EDGEPLATFORM_LOGGING_URL`,
 * `EDGEPLATFORM_LOGGING_TOKEN`).
 */
export interface DataSourceOptions extends EdgeSettings {
  /** Use this client instead of building one from the settings (the settings are then ignored). */
  client?: Client;
  /**
   * Extra client options, e.g. `{ timeoutMs, maxAttempts, loggingRateLimit, onRetry }`.
   * Clients are pooled per settings and plain options; `onRetry` is applied per call, so an
   * inline callback shares the pooled client (and its per-pull-zone limiter).
   */
  clientOptions?: DataSourceClientOptions;
  /** Called as a long read progresses (in addition to the ephemeral Pulumi log line). */
  onProgress?: (p: DataSourceProgress) => void;
}

/** A data-source argument is invalid. Thrown before any API call. */
export class InvalidArgumentError extends TypeError {
  /** The data source, for example `shield.getEventLogs`. */
  readonly operation: string;
  /** The argument's name, for example `maxPages`. */
  readonly field: string;
  /** The allowed values, when the argument is an enumeration. */
  readonly allowed?: readonly unknown[];
  constructor(
    operation: string,
    field: string,
    reason: string,
    allowed?: readonly unknown[],
    cause?: unknown,
  ) {
    super(
      `edgeplatform: ${operation}: invalid argument "${field}": ${reason}`,
      cause === undefined ? undefined : { cause },
    );
    this.name = "InvalidArgumentError";
    this.operation = operation;
    this.field = field;
    if (allowed) this.allowed = allowed;
  }
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
export function resolveDataSourceSettings(opts: DataSourceOptions = {}): ResolvedSettings {
  const { apiKey, baseUrl, loggingUrl, loggingToken } = opts;
  return resolveSettings({ apiKey, baseUrl, loggingUrl, loggingToken }, stackConfig);
}

/**
 * The client for a data-source call: `opts.client`, or the pooled client for the settings
 * (see `client-pool.ts`: one bounded pool shared with the resources, keyed by the settings
 * and the plain `clientOptions`, never by callback identity). Timeout and retries come from
 * `clientOptions`, else `edgeplatform:requestTimeoutMs` / `edgeplatform:maxRetries`, else
 * `EDGEPLATFORM_REQUEST_TIMEOUT_MS` / `EDGEPLATFORM_MAX_RETRIES`.
 * @throws InvalidSettingError for a tuning value out of range (naming the key and range).
 */
export function clientFor(opts: DataSourceOptions = {}): Client {
  if (opts.client) return opts.client;
  const settings = resolveDataSourceSettings(opts);
  const tuning = resolveClientTuning(stackConfig, process.env);
  return pooledClient(settings, { ...tuning, ...opts.clientOptions });
}

/** Closes and forgets every pooled client (tests; long-running scripts). */
export function clearClientCache(): void {
  clearClientPool();
}

/** True when running inside a Pulumi program connected to an engine. */
function inPulumiProgram(): boolean {
  try {
    return !!pulumi.runtime.getEngine();
  } catch {
    return false;
  }
}

/**
 * A progress reporter for one long read: calls `opts.onProgress` every time and, inside a
 * Pulumi program, writes an ephemeral info line at most once per `intervalMs` (the first and
 * the final line always). Silent outside a Pulumi program.
 */
export function progressReporter(
  operation: string,
  opts: DataSourceOptions,
  intervalMs = 1000,
): { update(p: Omit<DataSourceProgress, "operation" | "message">, final?: boolean): void } {
  const toEngine = inPulumiProgram();
  let last = 0;
  return {
    update(p, final = false) {
      const parts = [
        p.pages !== undefined ? `${p.pages} page${p.pages === 1 ? "" : "s"}` : undefined,
        `${p.records} record${p.records === 1 ? "" : "s"}`,
        p.bytes !== undefined ? `${(p.bytes / 1e6).toFixed(1)} MB` : undefined,
      ].filter(Boolean);
      const message = `${operation}: ${final ? "done, " : ""}${parts.join(", ")}`;
      opts.onProgress?.({ operation, ...p, message });
      const now = Date.now();
      if (toEngine && (final || last === 0 || now - last >= intervalMs)) {
        last = now;
        pulumi.log.info(message, undefined, undefined, true).catch(() => undefined);
      }
    },
  };
}

// ---------------------------------------------------------------------------------------
// getXOutput support
// ---------------------------------------------------------------------------------------

/** Each property may be a plain value, a promise or an Output. */
export type Inputs<T> = { [K in keyof T]: pulumi.Input<T[K]> };

const plain = (v: unknown): unknown => (v instanceof Date ? dateToInput(v) : v);
function dateToInput(d: Date): string {
  return Number.isNaN(d.getTime()) ? "Invalid Date" : d.toISOString();
}

/**
 * Resolves the top-level properties of `args` (values, promises, Outputs) into one Output.
 * `Date` values become ISO 8601 strings first, because `pulumi.output` would turn a `Date`
 * into `{}`; every data source accepts the ISO form wherever it accepts a `Date`.
 */
export function resolveInputs<T extends object>(args: Inputs<T>): pulumi.Output<T> {
  // A whole-object Input: resolve it, then its properties.
  if (pulumi.Output.isInstance(args)) {
    return (args as unknown as pulumi.Output<Inputs<T>>).apply((a) => resolveInputs<T>(a));
  }
  if (args instanceof Promise) {
    const later = (args as Promise<Inputs<T>>).then((a) => resolveInputs<T>(a));
    return pulumi.output(later) as unknown as pulumi.Output<T>;
  }
  if (args === null || typeof args !== "object") {
    return pulumi.output(args as unknown as T) as unknown as pulumi.Output<T>;
  }
  const entries = Object.entries(args as Record<string, unknown>).map(([k, v]) => {
    let value: unknown = v;
    if (pulumi.Output.isInstance(v)) value = (v as pulumi.Output<unknown>).apply(plain);
    else if (v instanceof Promise) value = v.then(plain);
    else value = plain(v);
    return (pulumi.output(value) as pulumi.Output<unknown>).apply(
      (resolved) => [k, resolved] as [string, unknown],
    );
  });
  return pulumi
    .all(entries)
    .apply((pairs) => Object.fromEntries(pairs as [string, unknown][]) as unknown as T);
}

// ---------------------------------------------------------------------------------------
// Argument validation
// ---------------------------------------------------------------------------------------

/** Validators for data-source arguments; each error names the operation and the field. */
export class ArgChecker {
  constructor(readonly operation: string) {}

  fail(field: string, reason: string, allowed?: readonly unknown[]): never {
    throw new InvalidArgumentError(this.operation, field, reason, allowed);
  }

  /** The argument object itself. */
  object<T>(args: T): T {
    if (args === null || typeof args !== "object" || Array.isArray(args)) {
      this.fail("args", `must be an object; got ${describe(args)}`);
    }
    return args;
  }

  /** No properties other than `known`. */
  noUnknown(args: object, known: readonly string[]): void {
    for (const k of Object.keys(args)) {
      if (!known.includes(k) && (args as Record<string, unknown>)[k] !== undefined) {
        this.fail(k, `unknown argument; allowed arguments: ${known.join(", ")}`);
      }
    }
  }

  /** An integer from `min` to `max` (accepts integer strings such as `"12"`). */
  int(field: string, v: unknown, min = 0, max = Number.MAX_SAFE_INTEGER): number {
    const n = typeof v === "string" && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v;
    if (typeof n !== "number" || !Number.isInteger(n) || n < min || n > max) {
      this.fail(field, `must be an integer from ${min} to ${max}; got ${describe(v)}`);
    }
    return n;
  }

  /** An optional positive integer. */
  optPositiveInt(field: string, v: unknown, max = Number.MAX_SAFE_INTEGER): number | undefined {
    return v === undefined || v === null ? undefined : this.int(field, v, 1, max);
  }

  /** A non-empty string. */
  string(field: string, v: unknown): string {
    if (typeof v !== "string" || v.trim() === "") {
      this.fail(field, `must be a non-empty string; got ${describe(v)}`);
    }
    return v;
  }

  /** An optional string (empty is allowed and dropped). */
  optString(field: string, v: unknown): string | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string") this.fail(field, `must be a string; got ${describe(v)}`);
    return v === "" ? undefined : v;
  }

  /** An optional boolean. */
  optBool(field: string, v: unknown): boolean | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "boolean") this.fail(field, `must be true or false; got ${describe(v)}`);
    return v;
  }

  /** An optional value out of `allowed`. */
  optEnum<T extends string>(field: string, v: unknown, allowed: readonly T[]): T | undefined {
    if (v === undefined || v === null) return undefined;
    if (typeof v !== "string" || !allowed.includes(v as T)) {
      this.fail(
        field,
        `must be one of ${allowed.map((a) => JSON.stringify(a)).join(", ")}; got ${describe(v)}`,
        allowed,
      );
    }
    return v as T;
  }

  /** An optional instant: a valid `Date` or an ISO 8601 string. Returns an ISO string. */
  optInstant(field: string, v: unknown): string | undefined {
    if (v === undefined || v === null) return undefined;
    let d: Date | undefined;
    if (v instanceof Date) d = v;
    else if (typeof v === "string" && ISO_INSTANT.test(v.trim())) d = new Date(v.trim());
    if (!d || Number.isNaN(d.getTime())) {
      this.fail(
        field,
        `must be a Date or an ISO 8601 date or date-time (e.g. "2024-05-01" or ` +
          `"2024-05-01T10:00:00Z"); got ${describe(v)}`,
      );
    }
    if (typeof v === "string") {
      // Date.parse rolls impossible days over (02-30 -> 03-01): reject those.
      const [y, m, day] = v.trim().slice(0, 10).split("-").map(Number);
      const real = new Date(Date.UTC(y, m - 1, day));
      if (real.getUTCMonth() !== m - 1 || real.getUTCDate() !== day) {
        this.fail(field, `is not a calendar date: ${describe(v)}`);
      }
    }
    return d.toISOString();
  }
}

const ISO_INSTANT =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;

/** Short description of a value for error messages. */
export function describe(v: unknown): string {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? "an invalid Date" : v.toISOString();
  if (typeof v === "string") return JSON.stringify(v.length > 80 ? `${v.slice(0, 80)}…` : v);
  if (v === undefined) return "undefined";
  if (typeof v === "function") return "a function";
  try {
    const s = JSON.stringify(v);
    return s === undefined ? String(v) : s.length > 80 ? `${s.slice(0, 80)}…` : s;
  } catch {
    return String(v);
  }
}

/** Start (epoch ms) of the UTC day `daysAgo` days before the day of `now`. */
export function utcDayStart(now: number, daysAgo = 0): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - daysAgo);
}
