/**
 * Streaming parser of the v1 (legacy) CDN access-log format: one request per line, fields
 * separated by `|`, in the order of {@link LegacyLogFields}:
 *
 * ```text
 * CacheStatus|StatusCode|Timestamp|BytesSent|PullZoneId|RemoteIp|Referer|Url|EdgeLocation|UserAgent|RequestId|CountryCode
 * ```
 *
 * Extended logging appends `|BodyBytesSent|RangeHeader|AuthorizationHeader` (15 fields).
 * `-` stands for an empty value and becomes `""`, except in `cacheStatus`, where `-` is a
 * value of its own ("no cache interaction", see {@link CacheStatuses}) and is kept. In the
 * byte counts (`bytesSent`, `bodyBytesSent`) `-` means 0 (the common access-log
 * convention); `statusCode`, `timestamp` and `pullZoneId` must be non-negative integers.
 *
 * The stream parser holds one input chunk at a time (plus the incomplete last line of the
 * previous chunk): it scans the bytes for `\n`, decodes only complete lines, and so handles
 * lines and multi-byte UTF-8 characters split across chunks, CRLF line ends, a last line
 * without a newline and empty lines (skipped, still counted for line numbers).
 */
import type { LegacyAccessLogRecord } from "../spec";

/** A line that was skipped because it is malformed. Line numbers start at 1. */
export interface LegacyParseWarning {
  /** 1-based physical line number in the stream (empty lines count). */
  lineNumber: number;
  /** The offending line (CR removed), cut to {@link MAX_REPORTED_LINE_CHARS} characters. */
  line: string;
  /** Why it was rejected, e.g. `expected 12 or 15 fields, got 9`. */
  reason: string;
}

/** Options of {@link parseLegacyLogStream}. */
export interface LegacyParseOptions {
  /**
   * What to do with a malformed line: `"skip"` (default) reports it through `onWarning` and
   * goes on; `"fail"` throws {@link LegacyLogParseError}.
   */
  onMalformed?: "skip" | "fail";
  /** Called for every skipped line (only with `onMalformed: "skip"`). */
  onWarning?: (w: LegacyParseWarning) => void;
  /**
   * Longest accepted line in bytes (default 1 MiB). A longer line is malformed; the parser
   * drops its bytes as they arrive instead of buffering them.
   */
  maxLineBytes?: number;
}

/** A malformed line (thrown by {@link parseLegacyLogLine}, or by the stream with `onMalformed: "fail"`). */
export class LegacyLogParseError extends Error {
  /** 1-based line number (0 when unknown). */
  readonly lineNumber: number;
  /** Why the line was rejected. */
  readonly reason: string;
  constructor(lineNumber: number, reason: string, message?: string) {
    super(message ?? `v1 access log: line ${lineNumber}: ${reason}`);
    this.name = "LegacyLogParseError";
    this.lineNumber = lineNumber;
    this.reason = reason;
  }
}

/** Reported lines are cut to this many characters. */
export const MAX_REPORTED_LINE_CHARS = 500;
const DEFAULT_MAX_LINE_BYTES = 1024 * 1024;
const NL = 0x0a;

/** Non-negative decimal integer, or -1. Faster and stricter than `Number()`. */
function toUint(s: string): number {
  const n = s.length;
  if (n === 0 || n > 16) return -1;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

const str = (s: string): string => (s === "-" ? "" : s);

function describeNumber(field: string, raw: string): string {
  const shown = raw.length > 40 ? `${raw.slice(0, 40)}…` : raw;
  return `field ${field} is not a non-negative integer: ${JSON.stringify(shown)}`;
}

/**
 * Parses fields already split at `|`; returns the record or a reason string. Internal hot
 * path shared by the line and stream parsers.
 */
function fromFields(f: string[]): LegacyAccessLogRecord | string {
  const n = f.length;
  if (n !== 12 && n !== 15) return `expected 12 or 15 fields, got ${n}`;
  const statusCode = toUint(f[1]);
  if (statusCode < 0) return describeNumber("statusCode", f[1]);
  const timestamp = toUint(f[2]);
  if (timestamp < 0) return describeNumber("timestamp", f[2]);
  const bytesSent = f[3] === "-" ? 0 : toUint(f[3]);
  if (bytesSent < 0) return describeNumber("bytesSent", f[3]);
  const pullZoneId = toUint(f[4]);
  if (pullZoneId < 0) return describeNumber("pullZoneId", f[4]);
  const rec: LegacyAccessLogRecord = {
    cacheStatus: f[0],
    statusCode,
    timestamp,
    bytesSent,
    pullZoneId,
    remoteIp: str(f[5]),
    referer: str(f[6]),
    url: str(f[7]),
    edgeLocation: str(f[8]),
    userAgent: str(f[9]),
    requestId: str(f[10]),
    countryCode: str(f[11]),
  };
  if (n === 15) {
    const bodyBytesSent = f[12] === "-" ? 0 : toUint(f[12]);
    if (bodyBytesSent < 0) return describeNumber("bodyBytesSent", f[12]);
    rec.bodyBytesSent = bodyBytesSent;
    rec.rangeHeader = str(f[13]);
    rec.authorizationHeader = str(f[14]);
  }
  return rec;
}

/**
 * Parses one v1 line (a trailing `\r` or `\n` is ignored). Throws
 * {@link LegacyLogParseError} (with `lineNumber`, default 0) when it is malformed: wrong
 * field count, or a numeric field that is not a non-negative integer.
 */
export function parseLegacyLogLine(line: string, lineNumber = 0): LegacyAccessLogRecord {
  let l = line;
  if (l.endsWith("\n")) l = l.slice(0, -1);
  if (l.endsWith("\r")) l = l.slice(0, -1);
  const r = fromFields(l.split("|"));
  if (typeof r === "string") throw new LegacyLogParseError(lineNumber, r);
  return r;
}

/**
 * Formats a record as one v1 line (no newline): the inverse of {@link parseLegacyLogLine}
 * for records whose string fields contain no `|`, `\r` or `\n`. Empty strings become `-`;
 * the three extended fields are written when `bodyBytesSent` is present. Used by tests and
 * benchmarks; handy for fixtures.
 */
export function formatLegacyLogLine(r: LegacyAccessLogRecord): string {
  const d = (s: string | undefined): string => (s === undefined || s === "" ? "-" : s);
  const base =
    `${d(r.cacheStatus)}|${r.statusCode}|${r.timestamp}|${r.bytesSent}|${r.pullZoneId}|` +
    `${d(r.remoteIp)}|${d(r.referer)}|${d(r.url)}|${d(r.edgeLocation)}|${d(r.userAgent)}|` +
    `${d(r.requestId)}|${d(r.countryCode)}`;
  if (r.bodyBytesSent === undefined) return base;
  return `${base}|${r.bodyBytesSent}|${d(r.rangeHeader)}|${d(r.authorizationHeader)}`;
}

/**
 * Incremental, synchronous core of the stream parser: feed it chunks with {@link push}
 * and call {@link end} once; each call returns the records completed by that input.
 * Use it when an async iterator per record is too slow (it returns one array per chunk).
 */
export class LegacyLogLineSplitter {
  private carry: Buffer | undefined;
  private carryTooLong = false;
  private lineNo = 0;
  private readonly fail: boolean;
  private readonly onWarning?: (w: LegacyParseWarning) => void;
  private readonly maxLineBytes: number;

  constructor(opts: LegacyParseOptions = {}) {
    const mode = opts.onMalformed ?? "skip";
    if (mode !== "skip" && mode !== "fail") {
      throw new TypeError(`onMalformed: must be "skip" or "fail"; got ${JSON.stringify(mode)}`);
    }
    this.fail = mode === "fail";
    this.onWarning = opts.onWarning;
    this.maxLineBytes = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  }

  /** Number of lines seen so far (complete lines, including empty and malformed ones). */
  get lines(): number {
    return this.lineNo;
  }

  /**
   * With `onMalformed: "fail"`: the error of the first malformed line, once one was met.
   * {@link push}/{@link end} then return the records before that line, and every later
   * call throws this error.
   */
  error: LegacyLogParseError | undefined;

  /**
   * Parses the complete lines that `chunk` finishes and returns their records; keeps the
   * incomplete tail for the next call. See {@link error} for `onMalformed: "fail"`.
   */
  push(chunk: Buffer | string): LegacyAccessLogRecord[] {
    if (this.error) throw this.error;
    const out: LegacyAccessLogRecord[] = [];
    try {
      this.pushInto(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk, out);
    } catch (e) {
      if (!(e instanceof LegacyLogParseError)) throw e;
      this.error = e;
    }
    return out;
  }

  /** Parses the last line when the input did not end with a newline. */
  end(): LegacyAccessLogRecord[] {
    if (this.error) throw this.error;
    const out: LegacyAccessLogRecord[] = [];
    try {
      if (this.carryTooLong) this.tooLong();
      else if (this.carry !== undefined) this.line(this.carry.toString(), out);
    } catch (e) {
      if (!(e instanceof LegacyLogParseError)) throw e;
      this.error = e;
    }
    this.carry = undefined;
    this.carryTooLong = false;
    return out;
  }

  private pushInto(buf: Buffer, out: LegacyAccessLogRecord[]): void {
    const first = buf.indexOf(NL);
    if (first < 0) {
      this.append(buf);
      return;
    }
    // The line that started in earlier chunks (or at the start of this one).
    if (this.carryTooLong) {
      this.tooLong();
    } else if (this.carry !== undefined) {
      const headLen = this.carry.length + first;
      if (headLen > this.maxLineBytes) this.tooLong();
      else this.line(Buffer.concat([this.carry, buf.subarray(0, first)], headLen).toString(), out);
    } else {
      this.line(buf.toString("utf8", 0, first), out);
    }
    this.carry = undefined;
    this.carryTooLong = false;
    // Every complete line after the first: decode once, split once.
    const last = buf.lastIndexOf(NL);
    if (last > first) {
      const lines = buf.toString("utf8", first + 1, last).split("\n");
      for (let i = 0; i < lines.length; i++) this.line(lines[i], out);
    }
    // Copy the tail so the chunk itself is not retained.
    if (last + 1 < buf.length) this.append(buf.subarray(last + 1));
  }

  private append(part: Buffer): void {
    if (this.carryTooLong) return;
    const len = (this.carry?.length ?? 0) + part.length;
    if (len > this.maxLineBytes) {
      this.carry = undefined;
      this.carryTooLong = true;
      return;
    }
    this.carry =
      this.carry === undefined ? Buffer.from(part) : Buffer.concat([this.carry, part], len);
  }

  private tooLong(): void {
    this.lineNo++;
    this.malformed("", `line longer than ${this.maxLineBytes} bytes`);
  }

  private line(raw: string, out: LegacyAccessLogRecord[]): void {
    const lineNumber = ++this.lineNo;
    let l = raw;
    const len = l.length;
    if (len === 0) return;
    if (l.charCodeAt(len - 1) === 13) {
      if (len === 1) return;
      l = l.slice(0, len - 1);
    }
    if (lineNumber === 1 && l.charCodeAt(0) === 0xfeff) l = l.slice(1); // UTF-8 BOM
    const r = fromFields(l.split("|"));
    if (typeof r === "string") this.malformed(l, r);
    else out.push(r);
  }

  private malformed(line: string, reason: string): void {
    if (this.fail) throw new LegacyLogParseError(this.lineNo, reason);
    this.onWarning?.({
      lineNumber: this.lineNo,
      line: line.length > MAX_REPORTED_LINE_CHARS ? line.slice(0, MAX_REPORTED_LINE_CHARS) : line,
      reason,
    });
  }
}

/**
 * Parses a v1 log stream (any async iterable of `Buffer`/`string` chunks, e.g. an HTTP
 * response or `fs.createReadStream`) into records, in order. Malformed lines are skipped
 * and reported through `onWarning` (default), or fail the iteration with
 * {@link LegacyLogParseError} (`onMalformed: "fail"`). Memory: one chunk plus the records
 * of that chunk; nothing accumulates across chunks.
 */
export async function* parseLegacyLogStream(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  opts: LegacyParseOptions = {},
): AsyncGenerator<LegacyAccessLogRecord> {
  const splitter = new LegacyLogLineSplitter(opts);
  for await (const chunk of source) {
    const records = splitter.push(chunk);
    for (let i = 0; i < records.length; i++) yield records[i];
    if (splitter.error) throw splitter.error;
  }
  const rest = splitter.end();
  for (let i = 0; i < rest.length; i++) yield rest[i];
  if (splitter.error) throw splitter.error;
}

/**
 * Like {@link parseLegacyLogStream} but yields one array of records per input chunk (never
 * empty). Several times faster for large files, since it awaits once per chunk instead of
 * once per record.
 */
export async function* parseLegacyLogBatches(
  source: AsyncIterable<Buffer | string> | Iterable<Buffer | string>,
  opts: LegacyParseOptions = {},
): AsyncGenerator<LegacyAccessLogRecord[]> {
  const splitter = new LegacyLogLineSplitter(opts);
  for await (const chunk of source) {
    const records = splitter.push(chunk);
    if (records.length > 0) yield records;
    if (splitter.error) throw splitter.error;
  }
  const rest = splitter.end();
  if (rest.length > 0) yield rest;
  if (splitter.error) throw splitter.error;
}
