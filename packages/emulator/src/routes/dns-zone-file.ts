/** A DNS zone's generated statistics and its BIND zone file (export and import). */
import type { AddDnsRecordRequest, DnsRecord, DnsZoneStatistics } from "edgeplatform-client/spec";
import { RECORD_TYPE_NAMES } from "../dns-schemas";
import { recordTypeName } from "../dns-validation";
import { DAY_MS, hashInts } from "../generators";
import type { StoredDnsZone } from "../state-dns";

const typeNameOf = (t: number) => recordTypeName(t) ?? String(t);

/** Generated, deterministic statistics of a zone: daily points from `from` to `to` (UTC days). */
export function dnsStatistics(
  zoneId: number,
  records: readonly DnsRecord[],
  from: number,
  to: number,
): DnsZoneStatistics {
  const QueriesServedChart: Record<string, number> = {};
  const NormalQueriesServedChart: Record<string, number> = {};
  const SmartQueriesServedChart: Record<string, number> = {};
  let total = 0;
  for (let day = from; day <= to; day += DAY_MS) {
    const key = new Date(day).toISOString().replace(".000Z", "Z");
    const n = records.length ? (hashInts(zoneId, day / DAY_MS) % 1000) * records.length : 0;
    const smart = Math.floor(n / 10);
    QueriesServedChart[key] = n;
    NormalQueriesServedChart[key] = n - smart;
    SmartQueriesServedChart[key] = smart;
    total += n;
  }
  const QueriesByTypeChart: Record<string, number> = {};
  const byType = new Map<number, number>();
  for (const r of records) byType.set(r.Type, (byType.get(r.Type) ?? 0) + 1);
  let left = total;
  const entries = [...byType.entries()];
  entries.forEach(([t, count], i) => {
    const share = i === entries.length - 1 ? left : Math.floor((total * count) / records.length);
    left -= share;
    QueriesByTypeChart[typeNameOf(t)] = share;
  });
  return {
    TotalQueriesServed: total,
    QueriesServedChart,
    NormalQueriesServedChart,
    SmartQueriesServedChart,
    QueriesByTypeChart,
  };
}

const quoteTxt = (v: string) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** The zone as a BIND zone file (records the file format cannot carry are comments). */
export function zoneFile(z: StoredDnsZone): string {
  const lines = [
    `$ORIGIN ${z.Domain}.`,
    `@ 3600 IN SOA ${z.Nameserver1}. ${(z.SoaEmail ?? "").replace("@", ".")}. 1 3600 600 604800 300`,
  ];
  for (const r of z.Records) {
    const name = r.Name === "" || r.Name === null ? "@" : r.Name;
    const type = typeNameOf(r.Type);
    const fqdn = (v: string | null) => (v && !v.endsWith(".") ? `${v}.` : (v ?? ""));
    switch (type) {
      case "A":
      case "AAAA":
      case "SVCB":
      case "HTTPS":
      case "TLSA":
        lines.push(`${name} ${r.Ttl} IN ${type} ${r.Value}`);
        break;
      case "CNAME":
      case "NS":
      case "PTR":
        lines.push(`${name} ${r.Ttl} IN ${type} ${fqdn(r.Value)}`);
        break;
      case "TXT":
        lines.push(`${name} ${r.Ttl} IN TXT ${quoteTxt(r.Value ?? "")}`);
        break;
      case "MX":
        lines.push(`${name} ${r.Ttl} IN MX ${r.Priority} ${fqdn(r.Value)}`);
        break;
      case "SRV":
        lines.push(`${name} ${r.Ttl} IN SRV ${r.Priority} ${r.Weight} ${r.Port} ${fqdn(r.Value)}`);
        break;
      case "CAA":
        lines.push(`${name} ${r.Ttl} IN CAA ${r.Flags} ${r.Tag} ${quoteTxt(r.Value ?? "")}`);
        break;
      default:
        lines.push(`; ${name} ${r.Ttl} ${type} ${r.Value ?? r.LinkName ?? ""}`);
    }
  }
  return `${lines.join("\n")}\n`;
}

/**
 * One line of a BIND zone file as a record body, or "skip" (blank, comment, directive, SOA,
 * or a type the import does not take). Names are made relative to `domain`.
 */
export function parseZoneLine(line: string, domain: string): AddDnsRecordRequest | "skip" {
  const text = line.replace(/;.*$/, "").trim();
  if (text === "" || text.startsWith("$")) return "skip";
  const m = /^(\S+)\s+(?:(\d+)\s+)?(?:IN\s+)?([A-Za-z]+)\s+(.+)$/i.exec(text);
  if (!m) return "skip";
  const [, rawName, ttl, rawType, rest] = m;
  const type = rawType.toUpperCase();
  const typeNumber = RECORD_TYPE_NAMES.indexOf(type as (typeof RECORD_TYPE_NAMES)[number]);
  if (typeNumber < 0) return "skip";
  const abs = rawName.replace(/\.$/, "");
  const Name =
    rawName === "@" || abs === domain
      ? ""
      : abs.endsWith(`.${domain}`)
        ? abs.slice(0, -domain.length - 1)
        : abs;
  // "." (a null MX, a "no service" SRV) is kept; other names lose their trailing dot.
  const strip = (v: string) => (v === "." ? v : v.replace(/\.$/, ""));
  const unquote = (v: string) =>
    v.startsWith('"') ? v.slice(1, v.lastIndexOf('"')).replace(/\\(.)/g, "$1") : v;
  const parts = rest.trim().split(/\s+/);
  const base = {
    Type: typeNumber as AddDnsRecordRequest["Type"],
    Name,
    Ttl: ttl ? Number(ttl) : 300,
  };
  switch (type) {
    case "MX":
      return { ...base, Priority: Number(parts[0]), Value: strip(parts[1] ?? "") };
    case "SRV":
      return {
        ...base,
        Priority: Number(parts[0]),
        Weight: Number(parts[1]),
        Port: Number(parts[2]),
        Value: strip(parts[3] ?? ""),
      };
    case "CAA":
      return {
        ...base,
        Flags: Number(parts[0]),
        Tag: parts[1],
        Value: unquote(parts.slice(2).join(" ")),
      };
    case "TXT":
      return { ...base, Value: unquote(rest.trim()) };
    case "CNAME":
    case "NS":
    case "PTR":
      return { ...base, Value: strip(parts[0]) };
    case "A":
    case "AAAA":
    case "SVCB":
    case "HTTPS":
    case "TLSA":
      return { ...base, Value: rest.trim() };
    default:
      return "skip";
  }
}
