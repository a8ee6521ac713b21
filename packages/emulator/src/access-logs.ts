/**
 * CDN access logs computed on the fly: v2 pages (index arithmetic when no content filter
 * is set, scanning otherwise) and the v1 pipe-delimited file as a lazy, backpressure-aware
 * stream. Records come from `accessLogRecord(zone, day, index)`.
 */
import { Readable } from "stream";
import type { AccessLogEntry } from "edgeplatform-client/spec";
import {
  accessLogRecord,
  DAY_MS,
  firstIndexAtOrAfter,
  isOriginShieldIndex,
  legacyLine,
  LogZone,
  nonShieldBelow,
  nonShieldIndex,
  parseRequestId,
  rawAccessLogRecord,
} from "./generators";

/** One UTC day's slice of a time window: record indexes `[lo, hi)`. */
export interface Segment {
  day: number;
  lo: number;
  hi: number;
}

/** Index ranges of the records with timestamps in `[fromMs, toMs)`, ascending by day. */
export function segmentsFor(
  fromMs: number,
  toMs: number,
  perDay: number,
  firstDay: number,
): Segment[] {
  const out: Segment[] = [];
  if (perDay <= 0 || toMs <= fromMs) return out;
  const d0 = Math.max(firstDay, Math.floor(fromMs / DAY_MS));
  const d1 = Math.floor((toMs - 1) / DAY_MS);
  for (let day = d0; day <= d1; day++) {
    const start = day * DAY_MS;
    const lo = firstIndexAtOrAfter(Math.max(fromMs, start) - start, perDay);
    const hi = firstIndexAtOrAfter(Math.min(toMs, start + DAY_MS) - start, perDay);
    if (hi > lo) out.push({ day, lo, hi });
  }
  return out;
}

/** Content filters of a v2 query (all optional; all must match). */
export interface AccessLogFilter {
  statusCodes?: Set<number>;
  statusClasses?: Set<number>;
  cacheStatus?: Set<string>;
  country?: Set<string>;
  edgeLocation?: Set<string>;
  remoteIp?: Set<string>;
  urlContains?: string;
  userAgentContains?: string;
  refererContains?: string;
  searchTokens?: string[];
  requestId?: string;
}

/** True when the filter constrains record contents (the page needs a scan). */
export function hasContentFilter(f: AccessLogFilter): boolean {
  return Object.values(f).some((v) => v !== undefined);
}

/** Parses a status list (`200,404,5xx`) into codes and classes; undefined when invalid. */
export function parseStatusList(
  s: string,
): { codes: Set<number>; classes: Set<number> } | undefined {
  const codes = new Set<number>();
  const classes = new Set<number>();
  for (const raw of s.split(",")) {
    const t = raw.trim().toLowerCase();
    if (/^[1-5]xx$/.test(t)) classes.add(Number(t[0]));
    else if (/^[1-5][0-9][0-9]$/.test(t)) codes.add(Number(t));
    else return undefined;
  }
  return { codes, classes };
}

function statusMatches(code: number, f: AccessLogFilter): boolean {
  if (!f.statusCodes && !f.statusClasses) return true;
  return (
    (f.statusCodes?.has(code) ?? false) || (f.statusClasses?.has(Math.floor(code / 100)) ?? false)
  );
}

/** Whether a record passes every content filter. */
export function matches(r: AccessLogEntry, f: AccessLogFilter): boolean {
  if (f.requestId !== undefined && r.requestId !== f.requestId) return false;
  if (!statusMatches(r.statusCode, f)) return false;
  if (f.cacheStatus && !f.cacheStatus.has(r.cacheStatus)) return false;
  if (f.country && !f.country.has(r.countryCode.toUpperCase())) return false;
  if (f.edgeLocation && !f.edgeLocation.has(r.edgeLocation.toUpperCase())) return false;
  if (f.remoteIp && !f.remoteIp.has(r.remoteIp)) return false;
  if (f.urlContains !== undefined && !r.url.toLowerCase().includes(f.urlContains)) return false;
  if (f.userAgentContains !== undefined && !r.userAgent.toLowerCase().includes(f.userAgentContains))
    return false;
  if (f.refererContains !== undefined && !r.referer.toLowerCase().includes(f.refererContains))
    return false;
  if (f.searchTokens && f.searchTokens.length) {
    const hay = [
      r.requestId,
      r.cacheStatus,
      r.statusCode,
      r.remoteIp,
      r.countryCode,
      r.edgeLocation,
      r.url,
      r.userAgent,
      r.referer,
      r.asnOrganization,
      r.asn,
      r.ja4Fingerprint,
    ]
      .join(" ")
      .toLowerCase();
    if (!f.searchTokens.every((t) => hay.includes(t))) return false;
  }
  return true;
}

/** A v2 page request after validation and defaulting. */
export interface PageRequest {
  zone: LogZone;
  perDay: number;
  fromMs: number;
  /** Exclusive; already clamped to "now". */
  toMs: number;
  /** First day inside retention. */
  firstDay: number;
  order: "asc" | "desc";
  includeOriginShield: boolean;
  limit: number;
  offset: number;
  filter: AccessLogFilter;
}

/** Result of a v2 page computation. */
export interface PageResult {
  data: AccessLogEntry[];
  hasMore: boolean;
}

/** Computes one v2 page. */
export function computePage(p: PageRequest): PageResult {
  const segs = segmentsFor(p.fromMs, p.toMs, p.perDay, p.firstDay);
  const gen = (day: number, index: number) => accessLogRecord(p.zone, day, index, p.perDay);
  const included = (i: number) => p.includeOriginShield || !isOriginShieldIndex(i);

  if (p.filter.requestId !== undefined) {
    const id = parseRequestId(p.filter.requestId);
    const seg =
      id && id.zoneId === p.zone.id ? segs.find((s) => s.day === id.dayNumber) : undefined;
    if (!id || !seg || id.index < seg.lo || id.index >= seg.hi || !included(id.index)) {
      return { data: [], hasMore: false };
    }
    const r = gen(id.dayNumber, id.index);
    const hits = matches(r, p.filter) ? [r] : [];
    return { data: hits.slice(p.offset, p.offset + p.limit), hasMore: false };
  }

  if (!hasContentFilter(p.filter)) {
    // Index arithmetic: no record outside the page is generated.
    const counts = segs.map((s) =>
      p.includeOriginShield ? s.hi - s.lo : nonShieldBelow(s.hi) - nonShieldBelow(s.lo),
    );
    const total = counts.reduce((a, b) => a + b, 0);
    const end = Math.min(total, p.offset + p.limit);
    const data: AccessLogEntry[] = [];
    for (let pos = p.offset; pos < end; pos++) {
      let ap = p.order === "asc" ? pos : total - 1 - pos;
      let si = 0;
      while (ap >= counts[si]) ap -= counts[si++];
      const s = segs[si];
      const index = p.includeOriginShield ? s.lo + ap : nonShieldIndex(nonShieldBelow(s.lo) + ap);
      data.push(gen(s.day, index));
    }
    return { data, hasMore: end < total };
  }

  // Content filters: scan in order.
  const data: AccessLogEntry[] = [];
  let skipped = 0;
  const ordered = p.order === "asc" ? segs : segs.slice().reverse();
  for (const s of ordered) {
    const step = p.order === "asc" ? 1 : -1;
    for (let i = p.order === "asc" ? s.lo : s.hi - 1; i >= s.lo && i < s.hi; i += step) {
      if (!included(i)) continue;
      const r = gen(s.day, i);
      if (!matches(r, p.filter)) continue;
      if (skipped < p.offset) {
        skipped++;
        continue;
      }
      if (data.length === p.limit) return { data, hasMore: true };
      data.push(r);
    }
  }
  return { data, hasMore: false };
}

/** Options of a v1 file stream. */
export interface LegacyStreamOptions {
  zone: LogZone;
  perDay: number;
  day: number;
  /** Exclusive index bound (fewer than perDay for today). */
  count: number;
  order: "asc" | "desc";
  /** 0-based first line (after filtering). */
  start: number;
  /** Exclusive end line (after filtering); undefined = to the end. */
  end?: number;
  status?: { codes: Set<number>; classes: Set<number> };
  searchTokens?: string[];
}

/** Bytes generated per push. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The v1 file of one day as a Readable that generates lines lazily and stops when the
 * consumer pushes back; memory use does not depend on the file size.
 */
export function legacyLogStream(o: LegacyStreamOptions): Readable {
  const filtered =
    o.status !== undefined || (o.searchTokens !== undefined && o.searchTokens.length > 0);
  const end = o.end ?? Number.MAX_SAFE_INTEGER;
  let produced = 0; // lines emitted or skipped (after filtering)
  // Without filters, the line window maps directly to indexes.
  let cursor = filtered ? 0 : Math.min(o.start, o.count);
  if (!filtered) produced = cursor;
  const indexAt = (k: number) => (o.order === "asc" ? k : o.count - 1 - k);

  const nextChunk = (): Buffer | null => {
    const lines: string[] = [];
    let size = 0;
    while (size < CHUNK_BYTES) {
      if (cursor >= o.count || produced >= end) break;
      const index = indexAt(cursor++);
      const rec = rawAccessLogRecord(o.zone, o.day, index, o.perDay, false);
      if (o.status) {
        const c = rec.statusCode;
        if (!o.status.codes.has(c) && !o.status.classes.has(Math.floor(c / 100))) continue;
      }
      const line = legacyLine(rec, o.zone.extendedLogging);
      if (o.searchTokens && o.searchTokens.length) {
        const low = line.toLowerCase();
        if (!o.searchTokens.every((t) => low.includes(t))) continue;
      }
      const k = produced++;
      if (k < o.start) continue;
      lines.push(line);
      size += line.length + 1;
    }
    if (lines.length === 0) return null;
    lines.push("");
    return Buffer.from(lines.join("\n"), "utf8");
  };

  return new Readable({
    read() {
      try {
        for (;;) {
          const chunk = nextChunk();
          if (chunk === null) {
            this.push(null);
            return;
          }
          if (!this.push(chunk)) return;
        }
      } catch (e) {
        this.destroy(e as Error);
      }
    },
  });
}
