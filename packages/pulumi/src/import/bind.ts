/**
 * BIND zone files (RFC 1035 master files, section 5) for `edgeplatform-import --bind-file`:
 * {@link parseZoneFile} reads the syntax (`$ORIGIN`, `$TTL`, `@`, relative and absolute
 * names, an omitted owner meaning the previous one, an optional class `IN` and TTL in either
 * order, parentheses across lines, `;` comments, quoted strings with `\"` and `\DDD`
 * escapes); {@link readZoneFile} turns its records into the platform's records (names
 * relative to the zone, values in the platform's form) and checks each one by type with
 * `checkDnsRecord`, as the client does before a write. The SOA record and the apex NS
 * records of the platform's own nameservers are skipped (the platform writes them); every
 * error names the line. No I/O.
 */
import { checkDnsRecord, DnsRecordType, INT32_MAX } from "edgeplatform-client/spec";
import type { DnsRecordTypeName } from "edgeplatform-client/spec";

/** A zone file that cannot be read: {@link line} is where (1-based). */
export class ZoneFileError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
    this.name = "ZoneFileError";
  }
}

/** One token of a record: `text` unescaped and unquoted, `raw` as written. */
export interface ZoneFileToken {
  text: string;
  /** Whether it was a quoted string (`"…"`). */
  quoted: boolean;
  /** The line it is on. */
  line: number;
  /** As written in the file (quotes and escapes kept). */
  raw: string;
}

/** One resource record of a zone file, as written (owner absolute, TTL resolved). */
export interface ZoneFileRecord {
  /** The line where the record starts. */
  line: number;
  /** The owner name, absolute, lowercase, without the trailing dot. */
  owner: string;
  /** Seconds. */
  ttl: number;
  /** The type mnemonic, upper case (`MX`). */
  type: string;
  /** The record data, token by token. */
  rdata: ZoneFileToken[];
  /** The origin in force at the record (relative names of its data start there). */
  origin?: string;
}

/** What {@link parseZoneFile} read. */
export interface ParsedZoneFile {
  /** The origin the file starts with: the one given, else its first `$ORIGIN`. */
  origin?: string;
  records: ZoneFileRecord[];
}

/** One line of the file's logical entries: its tokens, parentheses resolved. */
interface Entry {
  line: number;
  /** Whether the entry starts in column 0 (its first token is the owner or a directive). */
  owned: boolean;
  tokens: ZoneFileToken[];
}

/** Splits `text` into entries (one per line, or more lines inside parentheses). */
function entries(text: string): Entry[] {
  const out: Entry[] = [];
  let line = 1;
  let i = 0;
  let open = 0; // line of the open "(", 0 when none
  let cur: Entry | undefined;
  let lineStart = true;
  const flush = () => {
    if (cur && cur.tokens.length > 0) out.push(cur);
    cur = undefined;
  };
  const isDelimiter = (c: string) => /[\s;()]/.test(c);
  const src = text;
  const at = (k: number): string | undefined => (k < src.length ? src[k] : undefined);
  /** `\X` or `\DDD` at `k`: the character and where the text goes on. */
  const escape = (k: number): [string, number] => {
    const ddd = /^[0-9]{3}/.exec(src.slice(k + 1, k + 4));
    if (ddd) return [String.fromCharCode(Number(ddd[0])), k + 4];
    const next = at(k + 1);
    if (next === undefined || next === "\n") return ["\\", k + 1];
    return [next, k + 2];
  };
  /** Reads a quoted string from `i` (at its opening quote): its text and what was written. */
  const quoted = (): [string, string] => {
    const from = line;
    const start = i;
    let t = "";
    i++;
    for (;;) {
      const c = at(i);
      if (c === undefined || c === "\n")
        throw new ZoneFileError(from, "a quoted string is not closed");
      if (c === '"') {
        i++;
        return [t, src.slice(start, i)];
      }
      if (c === "\\") {
        const [x, n] = escape(i);
        t += x;
        i = n;
      } else {
        t += c;
        i++;
      }
    }
  };
  while (i < src.length) {
    const c = src[i];
    if (c === "\n") {
      line++;
      i++;
      if (open === 0) {
        flush();
        lineStart = true;
      }
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      if (lineStart && open === 0 && !cur) cur = { line, owned: false, tokens: [] };
      lineStart = false;
      i++;
      continue;
    }
    if (c === ";") {
      while (i < src.length && src[i] !== "\n") i++;
      continue;
    }
    if (!cur) cur = { line, owned: lineStart, tokens: [] };
    lineStart = false;
    if (c === "(") {
      if (open !== 0) throw new ZoneFileError(line, 'a "(" inside parentheses');
      open = line;
      i++;
      continue;
    }
    if (c === ")") {
      if (open === 0) throw new ZoneFileError(line, 'a ")" without a "(" before it');
      open = 0;
      i++;
      continue;
    }
    if (c === '"') {
      const from = line;
      const [t, raw] = quoted();
      cur.tokens.push({ text: t, quoted: true, line: from, raw });
      continue;
    }
    // An unquoted token; a quoted part inside it (`alpn="h2"`) belongs to it.
    const start = i;
    let t = "";
    while (i < src.length && !isDelimiter(src[i])) {
      if (src[i] === "\\") {
        const [x, n] = escape(i);
        t += x;
        i = n;
      } else if (src[i] === '"') {
        t += quoted()[0];
      } else {
        t += src[i];
        i++;
      }
    }
    cur.tokens.push({ text: t, quoted: false, line, raw: src.slice(start, i) });
  }
  if (open !== 0) throw new ZoneFileError(open, 'a "(" is never closed');
  flush();
  return out;
}

const CLASSES = ["IN", "CH", "HS", "CS"];
const TTL_UNITS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400, w: 604800 };

/** Seconds of a TTL (`3600`, `1h30m`, `1w`), or undefined when `s` is not one. */
export function parseTtl(s: string): number | undefined {
  let n: number;
  if (/^[0-9]+$/.test(s)) n = Number(s);
  else if (/^([0-9]+[smhdw])+$/i.test(s)) {
    n = 0;
    for (const [, v, u] of s.toLowerCase().matchAll(/([0-9]+)([smhdw])/g))
      n += Number(v) * TTL_UNITS[u];
  } else return undefined;
  return Number.isSafeInteger(n) && n <= INT32_MAX ? n : undefined;
}

/** Whether `name` (relative or absolute, `*` labels allowed) is a domain name. */
function isName(name: string): boolean {
  const body = name.endsWith(".") ? name.slice(0, -1) : name;
  if (body === "") return name === ".";
  if (body.length > 253) return false;
  return body
    .split(".")
    .every((l) => /^(\*|[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)$/.test(l));
}

/** `name` without its trailing dot, lowercase. */
const bare = (name: string) => (name.endsWith(".") ? name.slice(0, -1) : name).toLowerCase();

/**
 * Reads the records of a zone file. `origin` is where relative names start until the
 * file's first `$ORIGIN`. Every record's owner comes out absolute and its TTL resolved
 * (its own, else `$TTL`, else the last TTL given: RFC 1035 and RFC 2308).
 * @throws ZoneFileError naming the line
 */
export function parseZoneFile(text: string, opts: { origin?: string } = {}): ParsedZoneFile {
  let origin = opts.origin !== undefined ? bare(opts.origin) : undefined;
  let first = origin;
  let defaultTtl: number | undefined;
  let lastTtl: number | undefined;
  let lastOwner: string | undefined;
  const records: ZoneFileRecord[] = [];
  const absolute = (t: ZoneFileToken): string => {
    if (t.text === "@") {
      if (origin === undefined)
        throw new ZoneFileError(
          t.line,
          `"@" is relative, and there is no $ORIGIN before it (give the domain)`,
        );
      return origin;
    }
    if (!isName(t.text))
      throw new ZoneFileError(t.line, `${JSON.stringify(t.text)} is not a domain name`);
    if (t.text.endsWith(".")) return bare(t.text);
    if (origin === undefined)
      throw new ZoneFileError(
        t.line,
        `${JSON.stringify(t.text)} is relative, and there is no $ORIGIN before it (give the domain)`,
      );
    return origin === "" ? t.text.toLowerCase() : `${t.text.toLowerCase()}.${origin}`;
  };
  for (const e of entries(text)) {
    const tokens = [...e.tokens];
    const head = tokens[0];
    if (e.owned && !head.quoted && head.text.startsWith("$")) {
      const directive = head.text.toUpperCase();
      const arg = tokens[1];
      if (directive === "$ORIGIN") {
        if (!arg) throw new ZoneFileError(e.line, "$ORIGIN needs a domain name");
        origin = absolute(arg);
        first ??= origin;
      } else if (directive === "$TTL") {
        const ttl = arg && parseTtl(arg.text);
        if (ttl === undefined)
          throw new ZoneFileError(
            e.line,
            `$TTL: ${JSON.stringify(arg?.text ?? "")} is not a TTL (seconds, or a duration such as 1h30m)`,
          );
        defaultTtl = ttl;
      } else if (directive === "$INCLUDE") {
        throw new ZoneFileError(
          e.line,
          "$INCLUDE is not supported: put the included file's records in this file",
        );
      } else {
        throw new ZoneFileError(
          e.line,
          `${head.text} is not a directive this reader knows (allowed: $ORIGIN, $TTL)`,
        );
      }
      continue;
    }
    let owner: string;
    if (e.owned) owner = absolute(tokens.shift()!);
    else if (lastOwner !== undefined) owner = lastOwner;
    else
      throw new ZoneFileError(e.line, "the record has no owner name and no record comes before it");
    let ttl: number | undefined;
    let klass: string | undefined;
    while (tokens.length > 0 && !tokens[0].quoted) {
      const t = tokens[0].text;
      if (ttl === undefined && parseTtl(t) !== undefined) ttl = parseTtl(t);
      else if (klass === undefined && CLASSES.includes(t.toUpperCase())) klass = t.toUpperCase();
      else break;
      tokens.shift();
    }
    if (klass !== undefined && klass !== "IN")
      throw new ZoneFileError(e.line, `class ${klass} is not supported (only IN)`);
    const type = tokens.shift();
    if (!type) throw new ZoneFileError(e.line, "the record has no type");
    if (ttl === undefined) ttl = defaultTtl ?? lastTtl;
    if (ttl === undefined)
      throw new ZoneFileError(e.line, "no TTL: give the record a TTL or put $TTL before it");
    lastTtl = ttl;
    lastOwner = owner;
    records.push({
      line: e.line,
      owner,
      ttl,
      type: type.text.toUpperCase(),
      rdata: tokens,
      ...(origin !== undefined ? { origin } : {}),
    });
  }
  return { ...(first !== undefined ? { origin: first } : {}), records };
}

// ---------------------------------------------------------------------------------------
// The platform's records
// ---------------------------------------------------------------------------------------

/** A record of the zone file as the platform takes it (a `DnsRecord` to create). */
export interface ZoneFileDnsRecord {
  /** The line of the zone file it comes from. */
  line: number;
  type: DnsRecordTypeName;
  /** Relative to the zone (`""` = the apex, `www`, `*.apps`). */
  name: string;
  value: string;
  ttl: number;
  priority?: number;
  weight?: number;
  port?: number;
  flags?: number;
  tag?: string;
}

/** A record of the zone file that is not written, and why. */
export interface ZoneFileSkipped {
  line: number;
  type: string;
  name: string;
  reason: string;
}

/** What {@link readZoneFile} gives. */
export interface ZoneFileImport {
  /** The zone's domain (lowercase, no trailing dot). */
  domain: string;
  records: ZoneFileDnsRecord[];
  skipped: ZoneFileSkipped[];
}

/** The zone file types the platform has, with the fields of their data. */
const RDATA: Partial<Record<DnsRecordTypeName, string[]>> = {
  A: ["address"],
  AAAA: ["address"],
  CNAME: ["target"],
  TXT: [],
  MX: ["priority", "mail server"],
  SRV: ["priority", "weight", "port", "target"],
  CAA: ["flags", "tag", "value"],
  PTR: ["target"],
  NS: ["nameserver"],
  SVCB: [],
  HTTPS: [],
  TLSA: [],
};
/** The zone file types written as records, in the words of the errors. */
export const ZONE_FILE_TYPES = Object.keys(RDATA) as DnsRecordTypeName[];

/**
 * The records of zone file `text` as the platform takes them, each checked by type
 * (`checkDnsRecord`). `domain` is the zone (else the file's first `$ORIGIN`);
 * `platformNameservers` are the platform's own nameservers, whose apex NS records are
 * skipped. TXT strings are joined (as resolvers join them); SVCB, HTTPS and TLSA keep their
 * data as written.
 * @throws ZoneFileError naming the line: syntax, a type the platform lacks, a record it
 * would refuse, an owner outside the zone
 */
export function readZoneFile(
  text: string,
  opts: { domain?: string; platformNameservers?: readonly string[] } = {},
): ZoneFileImport {
  const parsed = parseZoneFile(text, { origin: opts.domain });
  const domain = opts.domain !== undefined ? bare(opts.domain) : parsed.origin;
  if (domain === undefined)
    throw new ZoneFileError(1, "no domain: the file has no $ORIGIN (give the domain)");
  const platformNs = new Set((opts.platformNameservers ?? []).map(bare));
  const records: ZoneFileDnsRecord[] = [];
  const skipped: ZoneFileSkipped[] = [];
  for (const r of parsed.records) {
    let name: string;
    if (r.owner === domain) name = "";
    else if (r.owner.endsWith(`.${domain}`)) name = r.owner.slice(0, -domain.length - 1);
    else throw new ZoneFileError(r.line, `${r.owner} is outside the zone ${domain}`);
    if (r.type === "SOA") {
      skipped.push({
        line: r.line,
        type: "SOA",
        name,
        reason: "the platform writes the zone's SOA record itself",
      });
      continue;
    }
    const type = ZONE_FILE_TYPES.find((t) => t === r.type);
    if (!type)
      throw new ZoneFileError(
        r.line,
        `record type ${r.type} is not one the platform has (allowed: ${ZONE_FILE_TYPES.join(", ")}; SOA is skipped)`,
      );
    const what = `${type} record ${JSON.stringify(name)}`;
    const fields = RDATA[type]!;
    const data = r.rdata;
    if (fields.length > 0 && data.length !== fields.length)
      throw new ZoneFileError(
        r.line,
        `${what}: needs ${fields.length} field${fields.length === 1 ? "" : "s"} (${fields.join(", ")}); got ${data.length}`,
      );
    if (fields.length === 0 && data.length === 0)
      throw new ZoneFileError(r.line, `${what}: has no data`);
    const int = (t: ZoneFileToken, field: string, max: number): number => {
      const n = /^[0-9]+$/.test(t.text) ? Number(t.text) : NaN;
      if (!(n <= max))
        throw new ZoneFileError(
          t.line,
          `${what}: ${field}: ${JSON.stringify(t.text)} is not a whole number from 0 to ${max}`,
        );
      return n;
    };
    /** A domain name of the data, in the platform's form (absolute, no trailing dot). */
    const target = (t: ZoneFileToken): string => {
      if (t.text === "@") return domain;
      if (!isName(t.text))
        throw new ZoneFileError(t.line, `${what}: ${JSON.stringify(t.text)} is not a domain name`);
      if (t.text.endsWith(".")) return t.text.slice(0, -1);
      return `${t.text}.${r.origin ?? domain}`;
    };
    const out: ZoneFileDnsRecord = { line: r.line, type, name, value: "", ttl: r.ttl };
    switch (type) {
      case "A":
      case "AAAA":
        out.value = data[0].text;
        break;
      case "CNAME":
      case "PTR":
      case "NS":
        out.value = target(data[0]);
        break;
      case "MX":
        out.priority = int(data[0], "priority", 65535);
        out.value = target(data[1]);
        break;
      case "SRV":
        out.priority = int(data[0], "priority", 65535);
        out.weight = int(data[1], "weight", 65535);
        out.port = int(data[2], "port", 65535);
        out.value = target(data[3]);
        break;
      case "CAA":
        out.flags = int(data[0], "flags", 255);
        out.tag = data[1].text;
        out.value = data[2].text;
        break;
      case "TXT":
        out.value = data.map((t) => t.text).join("");
        break;
      default: // SVCB, HTTPS, TLSA: the data as written
        out.value = data.map((t) => t.raw).join(" ");
    }
    if (type === "NS" && name === "" && platformNs.has(bare(out.value))) {
      skipped.push({
        line: r.line,
        type,
        name,
        reason: `${bare(out.value)} is the platform's own nameserver: it serves the apex NS records itself`,
      });
      continue;
    }
    const failures = checkDnsRecord({
      Type: DnsRecordType[type],
      Name: name,
      Value: out.value,
      Ttl: out.ttl,
      Priority: out.priority,
      Weight: out.weight,
      Port: out.port,
      Flags: out.flags,
      Tag: out.tag,
    });
    if (failures.length > 0)
      throw new ZoneFileError(
        r.line,
        `${what}: ${failures.map((f) => `${f.property} ${f.reason}`).join("; ")}`,
      );
    records.push(out);
  }
  return { domain, records, skipped };
}
