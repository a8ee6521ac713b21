/**
 * BIND zone files (RFC 1035 master files, section 5) for `edgeplatform-import --bind-file`:
 * {@link parseZoneFile} reads the syntax (`$ORIGIN`, `$TTL`, `@`, relative and absolute
 * names, an omitted owner meaning the previous one, an optional class `IN` and TTL in either
 * order, parentheses across lines, `;` comments, quoted strings, `\X` and `\DDD` escapes read
 * as UTF-8: `zone-lexer.ts`); {@link readZoneFile} turns its records into the platform's
 * records (names relative to the zone, every relative name of the data completed with the
 * origin, values in the platform's form) and checks each one by type with `checkDnsRecord`,
 * as the client does before a write. A line it cannot take is refused with its reason and the
 * rest is read on ({@link ZoneFileImport.refused}); the SOA record and the apex NS records
 * are skipped with a reason (the platform writes them). No I/O.
 */
import { checkDnsRecord, DnsRecordType, INT32_MAX } from "edgeplatform-client/spec";
import type { DnsRecordTypeName } from "edgeplatform-client/spec";
import { ZoneFileError, zoneFileEntries, type ZoneFileToken } from "./zone-lexer";

export { ZoneFileError, type ZoneFileToken } from "./zone-lexer";

/** One resource record of a zone file, as written (owner absolute, TTL resolved). */
export interface ZoneFileRecord {
  /** The line where the record starts. */
  line: number;
  /** The record as written in the file (every line it spans). */
  text: string;
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

/** A line of a zone file that is not taken, and why. */
export interface ZoneFileRefusal {
  /** Where it starts (1-based). */
  line: number;
  /** The record or directive as written (every line it spans). */
  text: string;
  reason: string;
}

/** What {@link parseZoneFile} read. */
export interface ParsedZoneFile {
  /** The origin the file starts with: the one given, else its first `$ORIGIN`. */
  origin?: string;
  records: ZoneFileRecord[];
  /** The entries that could not be read as records or directives. */
  refused: ZoneFileRefusal[];
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

/** A refusal of one entry, thrown inside the reading of that entry only. */
class Refused extends Error {}

const LABEL = /^(\*|[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?)$/;

/**
 * The labels of name token `t` (its final empty label dropped) and whether it is absolute,
 * each label one the platform can hold.
 * @throws Refused naming the label
 */
function labelsOf(t: ZoneFileToken): { labels: string[]; absolute: boolean } {
  if (t.invalid) throw new Refused(t.invalid);
  const all = t.labels ?? [t.text];
  if (t.raw === ".") return { labels: [], absolute: true };
  const absolute = all.length > 1 && all[all.length - 1] === "";
  const labels = absolute ? all.slice(0, -1) : all;
  for (const l of labels) {
    if (l.includes("."))
      throw new Refused(
        `${t.raw}: the label ${JSON.stringify(l)} holds a dot (written \\. or \\046): ` +
          "the platform's names are hostnames, whose labels cannot hold one",
      );
    if (!LABEL.test(l))
      throw new Refused(
        `${JSON.stringify(t.raw)} is not a domain name the platform can hold ` +
          "(labels of 1 to 63 letters, digits, - and _, or *)",
      );
  }
  if (labels.join(".").length > 253)
    throw new Refused(`${JSON.stringify(t.raw)} is longer than 253 characters`);
  return { labels, absolute };
}

/** `name` without its trailing dot, lowercase. */
const bare = (name: string) => (name.endsWith(".") ? name.slice(0, -1) : name).toLowerCase();

/**
 * Name token `t` made absolute (lowercase, no trailing dot) at `origin`: `@` is the origin,
 * a relative name is completed with it. `undefined` origin: `why` says why there is none.
 * @throws Refused
 */
function absoluteName(t: ZoneFileToken, origin: string | undefined, why: string): string {
  if (t.raw === "@") {
    if (origin === undefined) throw new Refused(`"@" is relative, and ${why}`);
    return origin;
  }
  const { labels, absolute } = labelsOf(t);
  const name = labels.join(".").toLowerCase();
  if (absolute) return name;
  if (origin === undefined) throw new Refused(`${JSON.stringify(t.raw)} is relative, and ${why}`);
  return origin === "" ? name : `${name}.${origin}`;
}

/**
 * Reads the records of a zone file. `origin` is where relative names start until the
 * file's first `$ORIGIN`. Every record's owner comes out absolute and its TTL resolved: its
 * own, else `$TTL`, else the last TTL given (RFC 1035), else, for the SOA record, its minimum
 * (RFC 2308; as BIND and dnspython do), which later records then take. An entry that cannot
 * be read is refused with its reason and the rest of the file is read on.
 * @throws ZoneFileError only when the file cannot be cut into entries (a `(` never closed)
 */
export function parseZoneFile(text: string, opts: { origin?: string } = {}): ParsedZoneFile {
  let origin = opts.origin !== undefined ? bare(opts.origin) : undefined;
  let first = origin;
  let noOrigin = "there is no $ORIGIN before it (give the domain)";
  let defaultTtl: number | undefined;
  let badTtl: string | undefined;
  let lastTtl: number | undefined;
  let lastOwner: string | undefined;
  let noOwner = "no record comes before it";
  const records: ZoneFileRecord[] = [];
  const refused: ZoneFileRefusal[] = [];
  for (const e of zoneFileEntries(text)) {
    try {
      if (e.error) throw new Refused(e.error);
      const tokens = [...e.tokens];
      const head = tokens[0];
      if (e.owned && !head.quoted && head.text.startsWith("$")) {
        const directive = head.text.toUpperCase();
        const arg = tokens[1];
        if (directive === "$ORIGIN") {
          if (!arg) throw new Refused("$ORIGIN needs a domain name");
          try {
            origin = absoluteName(arg, origin, noOrigin);
            first ??= origin;
          } catch (err) {
            // The names after it would start at a wrong origin: they are refused too.
            origin = undefined;
            noOrigin = `the $ORIGIN before it (line ${e.line}) was refused`;
            throw err;
          }
        } else if (directive === "$TTL") {
          const ttl = arg && parseTtl(arg.text);
          if (ttl === undefined) {
            defaultTtl = undefined;
            badTtl = `the $TTL before it (line ${e.line}) was refused`;
            throw new Refused(
              `$TTL: ${JSON.stringify(arg?.text ?? "")} is not a TTL (seconds up to ${INT32_MAX}, or a duration such as 1h30m)`,
            );
          }
          defaultTtl = ttl;
          badTtl = undefined;
        } else if (directive === "$INCLUDE") {
          throw new Refused(
            "$INCLUDE is not supported: put the included file's records in this file",
          );
        } else {
          throw new Refused(
            `${head.text} is not a directive this reader knows (allowed: $ORIGIN, $TTL)`,
          );
        }
        continue;
      }
      let owner: string;
      if (e.owned) {
        lastOwner = undefined;
        noOwner = `its owner is the one of line ${e.line}, which was refused`;
        owner = absoluteName(tokens.shift()!, origin, noOrigin);
      } else if (lastOwner !== undefined) owner = lastOwner;
      else throw new Refused(`the record has no owner name and ${noOwner}`);
      lastOwner = owner;
      let ttl: number | undefined;
      let klass: string | undefined;
      while (tokens.length > 0 && !tokens[0].quoted) {
        const t = tokens[0].text;
        if (ttl === undefined && parseTtl(t) !== undefined) ttl = parseTtl(t);
        else if (ttl === undefined && /^[0-9]+$/.test(t))
          throw new Refused(`TTL ${t} is more than ${INT32_MAX} seconds (RFC 2181)`);
        else if (klass === undefined && CLASSES.includes(t.toUpperCase())) klass = t.toUpperCase();
        else break;
        tokens.shift();
      }
      if (klass !== undefined && klass !== "IN")
        throw new Refused(`class ${klass} is not supported (only IN)`);
      const type = tokens.shift();
      if (!type) throw new Refused("the record has no type");
      const typeName = type.text.toUpperCase();
      if (ttl === undefined && badTtl === undefined) ttl = defaultTtl ?? lastTtl;
      if (ttl === undefined && typeName === "SOA" && badTtl === undefined) ttl = soaMinimum(tokens);
      if (ttl === undefined)
        throw new Refused(
          badTtl !== undefined
            ? `no TTL: ${badTtl}`
            : "no TTL: give the record a TTL, or put $TTL (or the SOA record) before it",
        );
      lastTtl = ttl;
      records.push({
        line: e.line,
        text: e.text,
        owner,
        ttl,
        type: typeName,
        rdata: tokens,
        ...(origin !== undefined ? { origin } : {}),
      });
    } catch (err) {
      if (!(err instanceof Refused)) throw err;
      refused.push({ line: e.line, text: e.text, reason: err.message });
    }
  }
  return { ...(first !== undefined ? { origin: first } : {}), records, refused };
}

/** The minimum (last field) of SOA data, in seconds, or undefined. */
function soaMinimum(rdata: ZoneFileToken[]): number | undefined {
  return rdata.length === 7 ? parseTtl(rdata[6].text) : undefined;
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

/** A record of the zone file that is not written because the platform writes it, and why. */
export interface ZoneFileSkipped {
  line: number;
  type: string;
  name: string;
  reason: string;
  /** The record as written. */
  text: string;
}

/** Something the import changed in a record it took (`TXT` strings joined). */
export interface ZoneFileNote {
  line: number;
  text: string;
  note: string;
}

/** What {@link readZoneFile} gives. */
export interface ZoneFileImport {
  /** The zone's domain (lowercase, no trailing dot). */
  domain: string;
  records: ZoneFileDnsRecord[];
  skipped: ZoneFileSkipped[];
  /** The lines not taken (syntax, a type the platform lacks, a record it would refuse), by line. */
  refused: ZoneFileRefusal[];
  notes: ZoneFileNote[];
}

/** The zone file types the platform has, with the fields of their data (none: free). */
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

/** The longest string of a TXT record, in bytes (RFC 1035 3.3: a length octet). */
export const TXT_STRING_MAX = 255;

/** What one record of the file gives: a record, or a skip, and notes. */
type Taken =
  { record: ZoneFileDnsRecord; note?: string } | { skip: string; name: string; type: string };

/**
 * The platform's record of zone file record `r` in zone `domain`.
 * @throws Refused
 */
function takeRecord(r: ZoneFileRecord, domain: string, platformNs: Set<string>): Taken {
  let name: string;
  if (r.owner === domain) name = "";
  else if (r.owner.endsWith(`.${domain}`)) name = r.owner.slice(0, -domain.length - 1);
  else throw new Refused(`${r.owner} is outside the zone ${domain}`);
  if (r.type === "SOA")
    return { skip: "the platform writes the zone's SOA record itself", name, type: "SOA" };
  const type = ZONE_FILE_TYPES.find((t) => t === r.type);
  if (!type)
    throw new Refused(
      `record type ${r.type} is not one the platform has (allowed: ${ZONE_FILE_TYPES.join(", ")}; SOA is skipped)`,
    );
  const what = `${type} record ${JSON.stringify(name)}`;
  const fields = RDATA[type]!;
  const data = r.rdata;
  const refuse = (reason: string) => new Refused(`${what}: ${reason}`);
  if (fields.length > 0 && data.length !== fields.length)
    throw refuse(
      `needs ${fields.length} field${fields.length === 1 ? "" : "s"} (${fields.join(", ")}); got ${data.length}`,
    );
  if (data.length === 0) throw refuse("has no data");
  for (const t of data) if (t.invalid) throw refuse(t.invalid);
  const int = (t: ZoneFileToken, field: string, max: number): number => {
    const n = /^[0-9]+$/.test(t.text) ? Number(t.text) : NaN;
    if (!(n <= max))
      throw refuse(`${field}: ${JSON.stringify(t.text)} is not a whole number from 0 to ${max}`);
    return n;
  };
  /** A domain name of the data, absolute (`.`: the root, kept as `.`). */
  const target = (t: ZoneFileToken): string => {
    try {
      return t.raw === "." ? "." : absoluteName(t, r.origin ?? domain, "");
    } catch (e) {
      throw e instanceof Refused ? refuse(e.message) : e;
    }
  };
  const out: ZoneFileDnsRecord = { line: r.line, type, name, value: "", ttl: r.ttl };
  let note: string | undefined;
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
    case "TXT": {
      for (const t of data) {
        const bytes = Buffer.byteLength(t.text);
        if (bytes > TXT_STRING_MAX)
          throw refuse(
            `a string of ${bytes} bytes: a TXT string holds at most ${TXT_STRING_MAX} (RFC 1035 3.3); ` +
              "split it into strings of 255 bytes or fewer",
          );
      }
      out.value = data.map((t) => t.text).join("");
      if (data.length > 1)
        note = `${data.length} strings joined into one value of ${Buffer.byteLength(out.value)} bytes (the platform stores a TXT record as one text)`;
      break;
    }
    case "SVCB":
    case "HTTPS": {
      // SvcPriority, TargetName (completed with the origin, written absolute), SvcParams as written.
      if (data.length < 2) throw refuse("needs a priority and a target name");
      const priority = int(data[0], "priority", 65535);
      const to = target(data[1]);
      out.value = [`${priority}`, to === "." ? "." : `${to}.`, ...data.slice(2).map((t) => t.raw)]
        .join(" ")
        .trim();
      break;
    }
    default: // TLSA: the data as written
      out.value = data.map((t) => t.raw).join(" ");
  }
  if (type === "NS" && name === "") {
    const ns = bare(out.value);
    return {
      skip: platformNs.has(ns)
        ? `${ns} is the platform's own nameserver: it serves the apex NS records itself`
        : `${ns} is a nameserver of the zone's current DNS host: the platform serves the apex ` +
          "NS records itself (its own nameservers), which replace the old host's at the registrar",
      name,
      type,
    };
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
    throw refuse(failures.map((f) => `${f.property} ${f.reason}`).join("; "));
  return { record: out, ...(note ? { note } : {}) };
}

/**
 * The records of zone file `text` as the platform takes them, each checked by type
 * (`checkDnsRecord`). `domain` is the zone (else the file's first `$ORIGIN`);
 * `platformNameservers` are the platform's own nameservers (named in the apex NS skips).
 * Relative names in the data are completed with the origin in force (SVCB and HTTPS targets
 * too, written absolute with the final dot); TXT strings are joined (a note says so); TLSA
 * keeps its data as written. The SOA record and every apex NS record are skipped; a line the
 * platform could not take is refused with its reason, and the rest is read on.
 * @throws ZoneFileError when the file cannot be read at all (no domain, a `(` never closed)
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
  const result: ZoneFileImport = {
    domain,
    records: [],
    skipped: [],
    refused: [...parsed.refused],
    notes: [],
  };
  for (const r of parsed.records) {
    try {
      const taken = takeRecord(r, domain, platformNs);
      if ("skip" in taken)
        result.skipped.push({
          line: r.line,
          type: taken.type,
          name: taken.name,
          reason: taken.skip,
          text: r.text,
        });
      else {
        result.records.push(taken.record);
        if (taken.note) result.notes.push({ line: r.line, text: r.text, note: taken.note });
      }
    } catch (e) {
      if (!(e instanceof Refused)) throw e;
      result.refused.push({ line: r.line, text: r.text, reason: e.message });
    }
  }
  result.refused.sort((a, b) => a.line - b.line);
  return result;
}
