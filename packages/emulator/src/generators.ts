/**
 * Deterministic data generators: access-log records (v2 objects and v1 lines), shield
 * event-log entries, script statistics and DNSSEC records. Everything is a pure function
 * of its inputs (zone id, UTC day, index ...), so nothing is stored and pages can be
 * computed by index arithmetic.
 */
import { createHash } from "crypto";
import type {
  AccessLogEntry,
  CacheStatus,
  DnssecInfo,
  EventLogEntry,
  ScriptStatistics,
} from "edgeplatform-client/spec";
import { DAY_MS, utcDayStart } from "edgeplatform-client/spec";

export { DAY_MS, utcDayStart };
/** Milliseconds per hour. */
export const HOUR_MS = 3_600_000;

/** 32-bit mixing function (murmur3 finaliser). */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of a few integers (order-sensitive), as an unsigned 32-bit number. */
export function hashInts(...xs: number[]): number {
  let h = 0x9e3779b9;
  for (const x of xs) {
    h = mix32((h ^ (x | 0)) + Math.imul(Math.floor(x / 4294967296) | 0, 0x27d4eb2f));
  }
  return h;
}

/** Small deterministic PRNG (mulberry32) seeded by a 32-bit hash. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  /** Next unsigned 32-bit value. */
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }
  /** Integer in [0, n). */
  int(n: number): number {
    return this.next() % n;
  }
  /** One element of a list. */
  pick<T>(xs: readonly T[]): T {
    return xs[this.next() % xs.length];
  }
}

const hex8 = (n: number): string => (n >>> 0).toString(16).padStart(8, "0");

// ---------------------------------------------------------------------------------------
// Access logs
// ---------------------------------------------------------------------------------------

const CACHE_WEIGHTED: CacheStatus[] = [
  "HIT",
  "HIT",
  "HIT",
  "HIT",
  "HIT",
  "HIT",
  "MISS",
  "MISS",
  "MISS",
  "BYPASS",
  "REVALIDATED",
  "STALE",
  "UPDATING",
  "-",
];
const STATUS_WEIGHTED = [
  200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 204, 206, 301, 302, 304, 304, 400,
  403, 404, 404, 429, 500, 502, 503,
];
const COUNTRIES = ["DE", "US", "GB", "FR", "NL", "SI", "JP", "BR", "IN", "AU", "CA", "SE"];
const EDGE_LOCATIONS = [
  "DE-FRA",
  "US-NYC",
  "GB-LON",
  "FR-PAR",
  "NL-AMS",
  "SI-LJU",
  "JP-TYO",
  "BR-SAO",
  "IN-BOM",
  "AU-SYD",
];
const PATHS = [
  "/",
  "/index.html",
  "/assets/app.js",
  "/assets/app.css",
  "/images/hero.jpg",
  "/images/logo.png",
  "/api/v1/items",
  "/api/v1/search",
  "/videos/intro.mp4",
  "/fonts/inter.woff2",
  "/blog/post",
  "/downloads/setup.zip",
];
const USER_AGENTS = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
  "curl/8.5.0",
  "Googlebot/2.1 (+http://www.google.com/bot.html)",
];
/** User agent of origin-shield records (excluded from v2 unless includeOriginShield). */
export const ORIGIN_SHIELD_USER_AGENT = "EdgePlatform-OriginShield/1.0";
const REFERERS = [
  "",
  "",
  "https://www.google.com/",
  "https://news.example.net/article",
  "https://t.co/abc123",
];
const ASNS: [number, string][] = [
  [3320, "Deutsche Telekom AG"],
  [7922, "Comcast Cable Communications"],
  [2856, "British Telecommunications PLC"],
  [3215, "Orange S.A."],
  [1136, "KPN B.V."],
  [5603, "Telekom Slovenije"],
  [2516, "KDDI Corporation"],
  [15169, "Google LLC"],
];

/** Records whose index is `9 (mod 10)` are origin-shield records. */
export function isOriginShieldIndex(index: number): boolean {
  return index % 10 === 9;
}
/** Number of non-origin-shield indexes in `[0, i)`. */
export function nonShieldBelow(i: number): number {
  return i - Math.floor(i / 10);
}
/** Index of the k-th (0-based) non-origin-shield record. */
export function nonShieldIndex(k: number): number {
  return Math.floor(k / 9) * 10 + (k % 9);
}

/** Timestamp (epoch ms) of record `index` of a day with `perDay` evenly spaced records. */
export function recordTime(dayStart: number, index: number, perDay: number): number {
  return dayStart + Math.floor((index * DAY_MS) / perDay);
}
/** Smallest index whose timestamp is `>= dayStart + offsetMs` (clamped to [0, perDay]). */
export function firstIndexAtOrAfter(offsetMs: number, perDay: number): number {
  if (offsetMs <= 0) return 0;
  if (offsetMs >= DAY_MS) return perDay;
  return Math.min(perDay, Math.ceil((offsetMs * perDay) / DAY_MS));
}

/** The pull-zone facts a record depends on. */
export interface LogZone {
  id: number;
  name: string;
  extendedLogging: boolean;
}

let ridPrefixKey = "";
let ridPrefix = "";

/** Request id of a record; it encodes (zone, day, index) so it can be looked up directly. */
export function makeRequestId(zoneId: number, dayNumber: number, index: number): string {
  const key = `${zoneId}:${dayNumber}`;
  if (key !== ridPrefixKey) {
    ridPrefixKey = key;
    ridPrefix = `-${zoneId.toString(16)}-${dayNumber.toString(16)}-`;
  }
  return hex8(hashInts(zoneId, dayNumber, index, 7)) + ridPrefix + index.toString(16);
}

/** Decodes a request id made by `makeRequestId`, or undefined. */
export function parseRequestId(
  id: string,
): { zoneId: number; dayNumber: number; index: number } | undefined {
  const m = /^([0-9a-f]{8})-([0-9a-f]{1,12})-([0-9a-f]{1,12})-([0-9a-f]{1,12})$/.exec(id);
  if (!m) return undefined;
  const zoneId = parseInt(m[2], 16);
  const dayNumber = parseInt(m[3], 16);
  const index = parseInt(m[4], 16);
  return makeRequestId(zoneId, dayNumber, index) === id ? { zoneId, dayNumber, index } : undefined;
}

/** A generated record with a numeric timestamp (epoch ms) instead of the ISO string. */
export type RawAccessLogRecord = Omit<AccessLogEntry, "timestamp"> & { t: number };

/**
 * Generates record `index` of UTC day `dayNumber` (days since epoch) of a pull zone.
 * With `full` false, the v2-only fields (ja4Fingerprint, asn, asnOrganization) are left
 * empty, which is faster for v1 lines; every other field is identical.
 */
export function rawAccessLogRecord(
  zone: LogZone,
  dayNumber: number,
  index: number,
  perDay: number,
  full = true,
): RawAccessLogRecord {
  const r = new Rng(hashInts(zone.id, dayNumber, index));
  const t = recordTime(dayNumber * DAY_MS, index, perDay);
  const shield = isOriginShieldIndex(index);
  const statusCode = r.pick(STATUS_WEIGHTED);
  const cacheStatus = r.pick(CACHE_WEIGHTED);
  const path0 = r.pick(PATHS);
  const q = r.int(4) === 0 ? `?v=${r.int(1000)}` : "";
  const path = path0 === "/blog/post" ? `/blog/post-${r.int(500)}` : path0;
  const scheme = r.int(10) === 0 ? "http" : "https";
  const host = `${zone.name}.edge.example`;
  const bytesSent = statusCode === 304 || statusCode === 204 ? 0 : 200 + r.int(2_000_000);
  const ranged = statusCode === 206;
  const auth = r.int(20) === 0;
  const remoteIp = `${1 + r.int(222)}.${r.int(256)}.${r.int(256)}.${1 + r.int(254)}`;
  const countryCode = r.pick(COUNTRIES);
  const edgeLocation = r.pick(EDGE_LOCATIONS);
  const userAgent = r.pick(USER_AGENTS);
  const referer = r.pick(REFERERS);
  const contentRange = ranged ? `bytes 0-${1023 + r.int(100_000)}/${2_000_000 + r.int(1000)}` : "";
  let ja4Fingerprint = "";
  let asn = 0;
  let asnOrganization = "";
  if (full) {
    [asn, asnOrganization] = r.pick(ASNS);
    ja4Fingerprint = `t13d${1500 + r.int(500)}h2_${hex8(r.next()).slice(0, 12)}_${hex8(r.next())}`;
  }
  return {
    t,
    pullZoneId: zone.id,
    requestId: makeRequestId(zone.id, dayNumber, index),
    cacheStatus,
    statusCode,
    bytesSent,
    remoteIp,
    countryCode,
    edgeLocation,
    scheme,
    host,
    path,
    url: `${scheme}://${host}${path}${q}`,
    userAgent: shield ? ORIGIN_SHIELD_USER_AGENT : userAgent,
    referer,
    bodyBytesSent: Math.max(0, bytesSent - 180),
    contentRange,
    authorizationHeader: auth ? "Bearer ****" : "",
    ja4Fingerprint,
    asn,
    asnOrganization,
  };
}

/** Generates record `index` of UTC day `dayNumber` of a pull zone (the v2 shape). */
export function accessLogRecord(
  zone: LogZone,
  dayNumber: number,
  index: number,
  perDay: number,
): AccessLogEntry {
  const { t, ...rest } = rawAccessLogRecord(zone, dayNumber, index, perDay, true);
  return { timestamp: new Date(t).toISOString(), ...rest };
}

const dash = (s: string | number): string => (s === "" ? "-" : String(s));

/** One v1 (pipe-delimited) line for a record, without the trailing newline. */
export function legacyLine(rec: RawAccessLogRecord, extended: boolean): string {
  const base =
    `${dash(rec.cacheStatus)}|${rec.statusCode}|${rec.t}|${rec.bytesSent}|` +
    `${rec.pullZoneId}|${dash(rec.remoteIp)}|${dash(rec.referer)}|${dash(rec.url)}|` +
    `${dash(rec.edgeLocation)}|${dash(rec.userAgent)}|${rec.requestId}|${dash(rec.countryCode)}`;
  if (!extended) return base;
  return `${base}|${rec.bodyBytesSent}|${dash(rec.contentRange)}|${dash(rec.authorizationHeader)}`;
}

// ---------------------------------------------------------------------------------------
// Shield event logs
// ---------------------------------------------------------------------------------------

const RULES: [string, string, string][] = [
  ["942100", "SQLI", "SQL Injection Attack Detected via libinjection"],
  ["941100", "XSS", "XSS Attack Detected via libinjection"],
  ["930100", "LFI", "Path Traversal Attack (/../)"],
  ["913100", "SCANNER", "Found User-Agent associated with security scanner"],
  ["920350", "PROTOCOL", "Host header is a numeric IP address"],
  ["RL-101", "RATELIMIT", "Rate limit exceeded"],
];
const SEVERITIES = ["NOTICE", "WARNING", "CRITICAL"];
const METHODS = ["GET", "GET", "GET", "POST", "PUT", "DELETE"];

/**
 * Entry `i` of page `page` of a shield zone's event logs for one UTC day. Timestamps are
 * spread evenly over `spanMs` from the day's start (the whole day, or up to now for today).
 */
export function eventLogEntry(
  shieldZoneId: number,
  dayNumber: number,
  page: number,
  i: number,
  logsPerPage: number,
  totalLogs: number,
  spanMs: number,
): EventLogEntry {
  const global = page * logsPerPage + i;
  const r = new Rng(hashInts(shieldZoneId, dayNumber, global, 11));
  const [ruleId, ruleGroup, msg] = r.pick(RULES);
  const [asn] = r.pick(ASNS);
  const method = r.pick(METHODS);
  const path = r.pick(PATHS);
  const status = ruleGroup === "RATELIMIT" ? "429" : r.int(2) === 0 ? "403" : "200";
  return {
    logId: `${hex8(hashInts(shieldZoneId, dayNumber, global, 13))}${hex8(r.next())}`,
    timestamp: dayNumber * DAY_MS + Math.floor((global * spanMs) / Math.max(1, totalLogs)),
    log: `[${ruleId}] ${msg} ${method} ${path}`,
    labels: {
      asn: String(asn),
      country: r.pick(COUNTRIES),
      ruleId,
      severity: r.pick(SEVERITIES),
      method,
      ruleGroup,
      status,
      serverZone: r.pick(EDGE_LOCATIONS),
    },
  };
}

// ---------------------------------------------------------------------------------------
// Script statistics
// ---------------------------------------------------------------------------------------

/**
 * Statistics of a script over `[fromMs, toMs)`, bucketed by UTC hour or day. Chart keys are
 * the ISO timestamps of the bucket starts. Deterministic in (scriptId, bucket start).
 */
export function scriptStatistics(
  scriptId: number,
  fromMs: number,
  toMs: number,
  hourly: boolean,
): ScriptStatistics {
  const step = hourly ? HOUR_MS : DAY_MS;
  const first = Math.floor(fromMs / step) * step;
  const RequestsServedChart: Record<string, number> = {};
  const AverageCpuTimeChart: Record<string, number> = {};
  const TotalCpuTimeChart: Record<string, number> = {};
  let requests = 0;
  let cpu = 0;
  for (let b = first; b < toMs; b += step) {
    const r = new Rng(hashInts(scriptId, Math.floor(b / HOUR_MS), hourly ? 1 : 2));
    const n = hourly ? 500 + r.int(5000) : 20_000 + r.int(100_000);
    const avg = Math.round((0.5 + r.int(4500) / 1000) * 1000) / 1000; // ms per execution
    const total = Math.round(n * avg * 1000) / 1000;
    const key = new Date(b).toISOString().replace(".000Z", "Z");
    RequestsServedChart[key] = n;
    AverageCpuTimeChart[key] = avg;
    TotalCpuTimeChart[key] = total;
    requests += n;
    cpu += total;
  }
  cpu = Math.round(cpu * 1000) / 1000;
  return {
    TotalRequestsServed: requests,
    TotalCpuUsed: cpu,
    TotalMonthlyCost: Math.round(((requests / 1e6) * 0.2 + (cpu / 1e6) * 0.02) * 100) / 100,
    AverageCpuTimePerExecution: requests ? Math.round((cpu / requests) * 1000) / 1000 : 0,
    RequestsServedChart,
    AverageCpuTimeChart,
    TotalCpuTimeChart,
  };
}

// ---------------------------------------------------------------------------------------
// DNSSEC
// ---------------------------------------------------------------------------------------

/** The DNSSEC record of a zone: DS data (deterministic per zone) when enabled, blank when not. */
export function dnssecInfo(zoneId: number, domain: string, enabled: boolean): DnssecInfo {
  if (!enabled) {
    return {
      Enabled: false,
      DsRecord: "",
      Digest: "",
      DigestType: "",
      Algorithm: 0,
      PublicKey: "",
      KeyTag: 0,
      Flags: 0,
      DsConfigured: false,
    };
  }
  const keyTag = hashInts(zoneId, 53) % 65536;
  const publicKey = createHash("sha512").update(`key:${zoneId}:${domain}`).digest("base64");
  const digest = createHash("sha256")
    .update(`${domain}:${keyTag}:${publicKey}`)
    .digest("hex")
    .toUpperCase();
  const name = domain.endsWith(".") ? domain : `${domain}.`;
  return {
    Enabled: true,
    DsRecord: `${name} 3600 IN DS ${keyTag} 13 2 ${digest}`,
    Digest: digest,
    // As the platform answers it (the name with the IANA number).
    DigestType: "SHA256 (2)",
    Algorithm: 13,
    PublicKey: publicKey,
    KeyTag: keyTag,
    Flags: 257,
    DsConfigured: false,
  };
}
