/**
 * An independent reading of zone files for the round-trip tests of `--bind-file`: written
 * apart from `packages/pulumi/src/import/` and by other means (tokens by one regular
 * expression, escapes decoded through percent-encoding and `decodeURIComponent`, names cut
 * with a look-behind), it gives each record line's record in the platform's form, so that
 * what the importer wrote can be compared with what the file says. It reads the subset of
 * the syntax the test files use: `$ORIGIN`, `$TTL`, owners (`@`, relative, absolute,
 * omitted), an optional TTL and `IN`, parentheses, comments.
 */

/** A record as the platform holds it. */
export interface ReadRecord {
  type: string;
  name: string;
  value: string;
  ttl: number;
  priority?: number;
  weight?: number;
  port?: number;
  flags?: number;
  tag?: string;
}

const TOKEN =
  /"(?:[^"\\]|\\[\s\S])*"|;[^\n]*|[()]|(?:[^\s"();\\]|\\[\s\S]|"(?:[^"\\]|\\[\s\S])*")+/g;

/** The text of `s` with its `\X` and `\DDD` escapes decoded as UTF-8 (throws when not UTF-8). */
export function unescapeText(s: string): string {
  let pct = "";
  for (const m of s.matchAll(/\\([0-9]{3})|\\([\s\S])|([\s\S])/gu)) {
    if (m[1] !== undefined) pct += `%${Number(m[1]).toString(16).padStart(2, "0")}`;
    else pct += encodeURIComponent(m[2] ?? m[3]);
  }
  return decodeURIComponent(pct);
}

const UNIT: Record<string, number> = { "": 1, s: 1, m: 60, h: 3600, d: 86400, w: 604800 };
/** Seconds of a TTL written `300` or `1h` (one unit), else undefined. */
const seconds = (t: string): number | undefined => {
  const m = /^([0-9]+)([smhdw]?)$/i.exec(t);
  return m ? Number(m[1]) * UNIT[m[2].toLowerCase()] : undefined;
};

const unquote = (t: string) => unescapeText(t.startsWith('"') ? t.slice(1, -1) : t);

/** Name `t` absolute at `origin`, lowercase, without the final dot. */
function absolute(t: string, origin: string): string {
  if (t === "@") return origin;
  const labels = t.split(/(?<!\\)\./).map(unescapeText);
  if (labels[labels.length - 1] === "") return labels.slice(0, -1).join(".").toLowerCase();
  return `${labels.join(".")}.${origin}`.toLowerCase();
}

/**
 * Each record of `text` by the line it starts on, in zone `domain` (names relative to it).
 * SOA records are read too (type `SOA`, value its data as written); a line this reading
 * cannot take (bytes that are not UTF-8…) is left out.
 */
export function readRecords(text: string, domain: string): Map<number, ReadRecord> {
  const lines = text.split("\n");
  const out = new Map<number, ReadRecord>();
  const state = { origin: domain, owner: domain, ttl: undefined as number | undefined };
  for (let i = 0; i < lines.length; i++) {
    const start = i + 1;
    const indented = /^\s/.test(lines[i]);
    let tokens = (lines[i].match(TOKEN) ?? []).filter((t) => !t.startsWith(";"));
    while (tokens.includes("(") && !tokens.includes(")"))
      tokens.push(...(lines[++i].match(TOKEN) ?? []).filter((t) => !t.startsWith(";")));
    tokens = tokens.filter((t) => t !== "(" && t !== ")");
    if (tokens.length === 0) continue;
    try {
      const r = readEntry(tokens, indented, domain, state);
      if (r) out.set(start, r);
    } catch {
      // left out: the tests name the lines they expect refused
    }
  }
  return out;
}

/** One entry's record (undefined: a directive); `state` carries the origin, owner and $TTL. */
function readEntry(
  tokens: string[],
  indented: boolean,
  domain: string,
  state: { origin: string; owner: string; ttl: number | undefined },
): ReadRecord | undefined {
  if (tokens[0] === "$ORIGIN") {
    state.origin = absolute(tokens[1], state.origin);
    return undefined;
  }
  if (tokens[0] === "$TTL") {
    state.ttl = seconds(tokens[1]);
    return undefined;
  }
  if (!indented) state.owner = absolute(tokens.shift()!, state.origin);
  const owner = state.owner;
  let ttl = state.ttl;
  for (let k = 0; k < 2; k++) {
    if (seconds(tokens[0]) !== undefined) ttl = seconds(tokens.shift()!);
    else if (tokens[0].toUpperCase() === "IN") tokens.shift();
  }
  const type = tokens.shift()!.toUpperCase();
  const name = owner === domain ? "" : owner.slice(0, -domain.length - 1);
  const target = (t: string) => (t === "." ? "." : absolute(t, state.origin));
  const r: ReadRecord = { type, name, value: "", ttl: ttl ?? -1 };
  switch (type) {
    case "CNAME":
    case "NS":
    case "PTR":
      r.value = target(tokens[0]);
      break;
    case "MX":
      [r.priority, r.value] = [Number(tokens[0]), target(tokens[1])];
      break;
    case "SRV":
      [r.priority, r.weight, r.port] = tokens.slice(0, 3).map(Number);
      r.value = target(tokens[3]);
      break;
    case "CAA":
      [r.flags, r.tag, r.value] = [Number(tokens[0]), tokens[1], unquote(tokens[2])];
      break;
    case "TXT":
      r.value = tokens.map(unquote).join("");
      break;
    case "SVCB":
    case "HTTPS": {
      const to = target(tokens[1]);
      r.value = [tokens[0], to === "." ? "." : `${to}.`, ...tokens.slice(2)].join(" ");
      break;
    }
    default: // A, AAAA, TLSA, SOA
      r.value = tokens.join(" ");
  }
  return r;
}

/**
 * The records of a program `edgeplatform-import` wrote, by the zone file line its
 * `// line N` comment names: each field's literal read back with `JSON.parse`.
 */
export function programRecords(program: string): Map<number, ReadRecord> {
  const out = new Map<number, ReadRecord>();
  const block = /new edge\.dns\.DnsRecord\("[^"]*", \{ \/\/ line (\d+)\n([\s\S]*?)\n\}\);/g;
  for (const [, line, body] of program.matchAll(block)) {
    const r: Record<string, unknown> = {};
    for (const [, key, value] of body.matchAll(/^ {2}(\w+): (.*),$/gm))
      if (key !== "zoneId") r[key] = JSON.parse(value);
    out.set(Number(line), r as unknown as ReadRecord);
  }
  return out;
}
