/**
 * The platform client: one {@link Transport} (auth, timeouts, retries, limiter, errors)
 * shared by one object per API area. Usable without Pulumi:
 *
 * ```ts
 * const client = new Client({ apiKey, baseUrl, loggingUrl });
 * for await (const page of client.shield.eventLogPages(1, new Date())) console.log(page.logs.length);
 * client.close();
 * ```
 */
import type { ResolvedSettings } from "../config";
import { ComputeApi } from "./compute";
import { ContainersApi } from "./containers";
import { DnsApi } from "./dns";
import type { RateLimit } from "./limiter";
import { LoggingApi } from "./logging";
import { PullZonesApi } from "./pullzones";
import { ShieldApi } from "./shield";
import { Transport, TRANSPORT_DEFAULTS } from "./transport";

/** Information passed to {@link ClientOptions.onRetry} before each retry. */
export interface RetryInfo {
  /** Operation being retried, for example `dns.getZone`. */
  operation: string;
  /** The attempt that just failed (1-based). */
  attempt: number;
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
}

/** Client of the platform's management and logging APIs. */
export class Client {
  /** Shield: rate-limit rules and event logs. */
  readonly shield: ShieldApi;
  /** DNS zones and DNSSEC. */
  readonly dns: DnsApi;
  /** Container registries, region settings and volumes (`/mc`). */
  readonly containers: ContainersApi;
  /** Edge script statistics. */
  readonly compute: ComputeApi;
  /** Pull-zone name availability. */
  readonly pullzones: PullZonesApi;
  /** CDN access logs (v2 JSON and v1 legacy). */
  readonly logging: LoggingApi;
  /** Timeout of one attempt, in milliseconds (option `timeoutMs`, default 30 000). */
  readonly timeoutMs: number;
  private readonly transport: Transport;

  /** Creates a client. Throws `MissingSettingError` when `apiKey` or `baseUrl` is empty. */
  constructor(opts: ClientOptions) {
    this.transport = new Transport(opts);
    this.timeoutMs = opts.timeoutMs ?? TRANSPORT_DEFAULTS.timeoutMs;
    this.shield = new ShieldApi(this.transport);
    this.dns = new DnsApi(this.transport);
    this.containers = new ContainersApi(this.transport);
    this.compute = new ComputeApi(this.transport);
    this.pullzones = new PullZonesApi(this.transport);
    this.logging = new LoggingApi(this.transport);
  }

  /** Creates a client from resolved settings (see `resolveSettings`), plus optional extras. */
  static fromSettings(s: ResolvedSettings, extra: Partial<ClientOptions> = {}): Client {
    return new Client({
      apiKey: s.apiKey,
      baseUrl: s.baseUrl,
      ...(s.loggingUrl ? { loggingUrl: s.loggingUrl } : {}),
      ...(s.loggingToken ? { loggingToken: s.loggingToken } : {}),
      ...extra,
    });
  }

  /** Closes idle keep-alive connections so the process can exit. */
  close(): void {
    this.transport.close();
  }

  /** Keeps the API key out of `util.inspect` / `console.log(client)`. */
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return "Client { shield, dns, containers, compute, pullzones, logging }";
  }

  /** Keeps the API key out of `JSON.stringify(client)`. */
  toJSON(): Record<string, never> {
    return {};
  }
}
