/**
 * The platform client: one {@link Transport} (auth, timeouts, retries, limiter, errors)
 * shared by one object per API area. Usable without Pulumi:
 *
 * ```ts
 * const client = new Client({ apiKey, baseUrl, loggingUrl });
 * for await (const page of client.shield.eventLogPages(1, new Date())) console.log(page.logs.length);
 * client.close();
 * ```
 *
 * Every method takes an optional last argument `{ signal }` ({@link RequestOptions}) that
 * cancels the call (limiter wait, backoff and request); the page iterators take it too.
 */
import type { ResolvedSettings, SettingSourceMap } from "../settings";
import { AccessListsApi } from "./access-lists";
import { ComputeApi } from "./compute";
import { ContainersApi } from "./containers";
import { DnsApi } from "./dns";
import type { RateLimit } from "./limiter";
import { LoggingApi } from "./logging";
import { PullZonesApi } from "./pullzones";
import { PullZoneStatisticsApi } from "./pullzone-statistics";
import { ShieldApi } from "./shield";
import { ShieldZonesApi } from "./shield-zones";
import { ShieldBotsApi } from "./shield-bots";
import { ShieldCatalogApi } from "./shield-catalog";
import { ShieldEventSearchApi } from "./shield-event-search";
import { ShieldMetricsApi } from "./shield-metrics";
import { ShieldZoneActionsApi } from "./shield-zone-actions";
import { WafReviewApi } from "./shield-waf-review";
import { WafApi } from "./waf";
import { Caller, RequestOptions, Transport, TRANSPORT_DEFAULTS } from "./transport";

/** Information passed to {@link ClientOptions.onRetry} before each retry. */
export interface RetryInfo {
  /** Operation being retried, for example `dns.getZone`. */
  operation: string;
  /** The attempt that just failed (1-based). */
  attempt: number;
  /** Most attempts the call makes, first one included (option `maxAttempts`). */
  maxAttempts: number;
  /** Its HTTP status (0 for network errors and timeouts). */
  status: number;
  /** Milliseconds the client waits before the next attempt. */
  delayMs: number;
}

/** Options of the {@link Client}. */
export interface ClientOptions {
  /** Personal API key, sent as `AccessKey`. Secret: never logged or put in errors. */
  apiKey: string;
  /** Base address of the management API (for example `http://127.0.0.1:4010`). */
  baseUrl: string;
  /** Base address of the logging API; logging calls without it throw `MissingSettingError`. */
  loggingUrl?: string;
  /** JWT for the logging API: sent as `Authorization: Bearer` instead of `AccessKey`. Secret. */
  loggingToken?: string;
  /** Timeout of one attempt in milliseconds (default 30 000; for streams: until headers). */
  timeoutMs?: number;
  /** Most attempts per call, first one included (default 5). */
  maxAttempts?: number;
  /** Budget of a whole call including retries and waits, in milliseconds (default 120 000). */
  deadlineMs?: number;
  /**
   * Client-side limiter of the logging API, per pull zone (default 30 requests per
   * 10 000 ms, the platform's limit); `false` disables it.
   */
  loggingRateLimit?: RateLimit | false;
  /** Called before each retry (for logging/metrics). */
  onRetry?: (info: RetryInfo) => void;
  /** Base of the exponential backoff in milliseconds (default 500). Addition to the contract. */
  retryBaseDelayMs?: number;
  /** Largest backoff delay in milliseconds (default 30 000). Addition to the contract. */
  retryMaxDelayMs?: number;
  /**
   * HTTP proxy. Default: the environment (`HTTPS_PROXY` / `HTTP_PROXY` / `NO_PROXY`, either
   * case; a direct connection when unset). A URL string: always this proxy. `false`: never
   * a proxy, whatever the environment says. The URL may carry credentials; it is never shown.
   */
  proxy?: string | false;
  /**
   * Where `apiKey`, `baseUrl`, `loggingUrl` and `loggingToken` came from, in words (for
   * example `stack config key "edgeplatform:apiKey"`): a refused credential (401/403) or an
   * unreachable address names it. Default: `client option "apiKey"` and so on. Set by
   * {@link Client.fromSettings} from `resolveSettings`.
   */
  settingSources?: SettingSourceMap;
}

/** Client of the platform's management and logging APIs. */
export class Client {
  /** Shield: rate-limit rules and event logs. */
  readonly shield: ShieldApi;
  /** Shield: custom WAF rules. */
  readonly waf: WafApi;
  /**
   * Shield zones and their settings: the zone (WAF, DDoS, plan), bot detection, upload
   * scanning, API guardian, custom response pages, managed WAF rules and metrics.
   */
  readonly shieldZones: ShieldZonesApi;
  /** Shield: access lists (managed and custom) and their configuration in a zone. */
  readonly accessLists: AccessListsApi;
  /** Shield: bot categorization (the zone's action per known bot and per bot category). */
  readonly shieldBots: ShieldBotsApi;
  /** Shield: detailed metrics (overview over a range, overages, per rule and per feature). */
  readonly shieldMetrics: ShieldMetricsApi;
  /** Shield: event-log search and CSV export. */
  readonly shieldEvents: ShieldEventSearchApi;
  /** Shield: review of the managed WAF rules that triggered, and recommendations. */
  readonly wafReview: WafReviewApi;
  /** Shield: reference data (WAF profiles, rules by plan, enumerations, promotion state). */
  readonly shieldCatalog: ShieldCatalogApi;
  /** Shield: under-attack mode, API guardian endpoints, a custom WAF rule replaced whole. */
  readonly shieldZoneActions: ShieldZoneActionsApi;
  /** DNS: zones, records, zone files, statistics, record scans and DNSSEC. */
  readonly dns: DnsApi;
  /** Container registries, region settings and volumes (`/mc`). */
  readonly containers: ContainersApi;
  /** Edge scripts: code, releases, variables, secrets, deployment key, statistics. */
  readonly compute: ComputeApi;
  /** Pull-zone name availability. */
  readonly pullzones: PullZonesApi;
  /** Pull-zone statistics: traffic, optimizer, SafeHop, origin-shield queue. */
  readonly pullzoneStatistics: PullZoneStatisticsApi;
  /** CDN access logs (v2 JSON and v1 legacy). */
  readonly logging: LoggingApi;
  /** Timeout of one attempt, in milliseconds (option `timeoutMs`, default 30 000). */
  readonly timeoutMs: number;
  /** The transport: a private field, so neither `util.inspect` nor JSON can reach the key. */
  readonly #transport: Transport;

  /** Creates a client. Throws `MissingSettingError` when `apiKey` or `baseUrl` is empty. */
  constructor(opts: ClientOptions);
  /** @internal A view of `transport` whose calls get `defaults` (see `withOptions`). */
  constructor(opts: ClientOptions, transport: Transport, defaults: RequestOptions);
  constructor(opts: ClientOptions, transport?: Transport, defaults?: RequestOptions) {
    const t = transport ?? new Transport(opts);
    this.#transport = t;
    this.timeoutMs = opts.timeoutMs ?? TRANSPORT_DEFAULTS.timeoutMs;
    // The areas get a caller closure, not the transport: nothing secret is reachable from
    // `client.shield` & co. by inspection or serialization.
    const caller: Caller = defaults
      ? { call: (def, input, o) => t.call(def, input, mergeRequestOptions(defaults, o)) }
      : { call: (def, input, o) => t.call(def, input, o) };
    this.shield = new ShieldApi(caller);
    this.waf = new WafApi(caller);
    this.shieldZones = new ShieldZonesApi(caller);
    this.accessLists = new AccessListsApi(caller);
    this.shieldBots = new ShieldBotsApi(caller);
    this.shieldMetrics = new ShieldMetricsApi(caller);
    this.shieldEvents = new ShieldEventSearchApi(caller);
    this.wafReview = new WafReviewApi(caller);
    this.shieldCatalog = new ShieldCatalogApi(caller);
    this.shieldZoneActions = new ShieldZoneActionsApi(caller);
    this.dns = new DnsApi(caller);
    this.containers = new ContainersApi(caller);
    this.compute = new ComputeApi(caller);
    this.pullzones = new PullZonesApi(caller);
    this.pullzoneStatistics = new PullZoneStatisticsApi(caller);
    this.logging = new LoggingApi(caller);
  }

  /** Creates a client from resolved settings (see `resolveSettings`), plus optional extras. */
  static fromSettings(s: ResolvedSettings, extra: Partial<ClientOptions> = {}): Client {
    return new Client({
      apiKey: s.apiKey,
      baseUrl: s.baseUrl,
      ...(s.loggingUrl ? { loggingUrl: s.loggingUrl } : {}),
      ...(s.loggingToken ? { loggingToken: s.loggingToken } : {}),
      ...(s.sources ? { settingSources: s.sources } : {}),
      ...extra,
    });
  }

  /**
   * A client that shares this one's connections and limiter (so the per-pull-zone limit
   * stays shared) and passes `defaults` (`signal`, `onRetry`) to every call. Cheap: use it
   * for a per-task `signal` or `onRetry` without building a new client.
   */
  withOptions(defaults: RequestOptions): Client {
    return new Client({ timeoutMs: this.timeoutMs } as ClientOptions, this.#transport, defaults);
  }

  /**
   * Closes idle keep-alive connections (requests in flight finish first). Optional: idle
   * connections never keep a script alive. The client stays usable.
   */
  close(): void {
    this.#transport.close();
  }

  /** Keeps the API key out of `util.inspect` / `console.log(client)`. */
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return "Client { shield, waf, shieldZones, accessLists, shieldBots, shieldMetrics, shieldEvents, wafReview, shieldCatalog, shieldZoneActions, dns, containers, compute, pullzones, pullzoneStatistics, logging }";
  }

  /** Keeps the API key out of `JSON.stringify(client)`. */
  toJSON(): Record<string, never> {
    return {};
  }
}

/** Per-call options over defaults; both `onRetry` callbacks run, either `signal` aborts. */
function mergeRequestOptions(d: RequestOptions, o: RequestOptions | undefined): RequestOptions {
  if (!o) return d;
  const signals = [d.signal, o.signal].filter((x): x is AbortSignal => x !== undefined);
  const retries = [d.onRetry, o.onRetry].filter((f) => f !== undefined);
  return {
    signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
    onRetry: retries.length > 1 ? (i) => retries.forEach((f) => f?.(i)) : retries[0],
  };
}
