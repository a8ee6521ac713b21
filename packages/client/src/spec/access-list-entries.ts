/**
 * Entries of an access list: how `content` splits into entries and back, and what a valid
 * entry of each {@link AccessListType} looks like, so a bad entry is refused before any API
 * call with its index and value named.
 */
import { isIP } from "net";
import { AccessListType, type AccessListTypeValue } from "./enums";
import type { ValidationFailure } from "./validation";

/** ISO 3166-1 alpha-2 codes (officially assigned). */
const COUNTRY_CODES = new Set(
  (
    "AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ " +
    "BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM " +
    "DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS " +
    "GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN " +
    "KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ " +
    "MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM " +
    "PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV " +
    "SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI " +
    "VN VU WF WS YE YT ZA ZM ZW"
  ).split(" "),
);

/** A JA4 TLS fingerprint: `t13d1516h2_8daaf6152771_e5627efa2ab1` (10 chars, 12 hex, 12 hex). */
export const JA4_PATTERN = /^[a-z0-9]{10}_[0-9a-f]{12}_[0-9a-f]{12}$/;
/** An autonomous system number: `AS13335` or `13335` (1 to 4294967295). */
export const ASN_PATTERN = /^(?:AS)?([0-9]{1,10})$/i;

/** The entries of a list's `content` (split on newlines; blank lines and padding dropped). */
export function accessListEntries(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((e) => e.trim())
    .filter((e) => e !== "");
}

/** The `content` of a list with these entries: joined by `"\n"`, as the platform stores it. */
export function accessListContent(entries: readonly string[]): string {
  return entries.join("\n");
}

/** Why `entry` is not a valid entry of a list of `type`, or undefined when it is. */
export function accessListEntryProblem(
  type: AccessListTypeValue,
  entry: string,
): string | undefined {
  switch (type) {
    case AccessListType.IP:
      return isIP(entry) ? undefined : "must be an IPv4 or IPv6 address";
    case AccessListType.CIDR: {
      const [addr, bits, ...rest] = entry.split("/");
      const v = isIP(addr ?? "");
      const max = v === 4 ? 32 : 128;
      if (v === 0 || rest.length > 0 || bits === undefined || !/^[0-9]{1,3}$/.test(bits))
        return "must be an IPv4 or IPv6 network in CIDR notation (203.0.113.0/24, 2001:db8::/32)";
      return Number(bits) <= max ? undefined : `the prefix length must be 0 to ${max}`;
    }
    case AccessListType.ASN: {
      const m = ASN_PATTERN.exec(entry);
      const n = m ? Number(m[1]) : 0;
      return m && n >= 1 && n <= 4294967295
        ? undefined
        : 'must be an autonomous system number ("AS13335" or "13335", 1 to 4294967295)';
    }
    case AccessListType.Country:
      return COUNTRY_CODES.has(entry)
        ? undefined
        : COUNTRY_CODES.has(entry.toUpperCase())
          ? `must be an ISO 3166-1 alpha-2 country code in capitals ("${entry.toUpperCase()}")`
          : 'must be an ISO 3166-1 alpha-2 country code ("DE", "US")';
    case AccessListType.Organization:
      return entry.trim() !== "" ? undefined : "must be a non-empty organization name";
    case AccessListType.JA4:
      return JA4_PATTERN.test(entry)
        ? undefined
        : 'must be a JA4 fingerprint ("t13d1516h2_8daaf6152771_e5627efa2ab1": 10 characters, "_", 12 hex digits, "_", 12 hex digits)';
    default:
      return `unknown access-list type ${JSON.stringify(type)}`;
  }
}

/**
 * An IPv6 address in its one canonical spelling (lower case, zeros compressed: `2001:DB8:0::1`
 * → `2001:db8::1`, by the WHATWG URL host serializer); any other address as it is.
 */
function canonicalAddress(addr: string): string {
  if (isIP(addr) !== 6) return addr;
  const [host, zoneIndex] = addr.split("%"); // `fe80::1%eth0`: the zone index as written
  try {
    const canonical = new URL(`http://[${host}]/`).hostname.slice(1, -1);
    return zoneIndex === undefined ? canonical : `${canonical}%${zoneIndex}`;
  } catch {
    return addr;
  }
}

/**
 * What makes two valid entries of `type` the same entry: an ASN with or without `AS`, an IPv6
 * address (or network) however it is spelled, a prefix length with leading zeros.
 */
function entryKey(type: AccessListTypeValue, entry: string): string {
  if (type === AccessListType.ASN) return entry.toUpperCase().replace(/^AS/, "");
  if (type === AccessListType.IP) return canonicalAddress(entry);
  if (type === AccessListType.CIDR) {
    const [addr, bits] = entry.split("/");
    return `${canonicalAddress(addr)}/${Number(bits)}`;
  }
  return entry;
}

/**
 * Checks the entries of an access list of `type`: each failure names the entry's index and
 * value (`entries[2]`: `"300.1.1.1" must be an IPv4 or IPv6 address`); a repeated entry is a
 * failure too (the platform would store it once), also when spelled differently
 * (`2001:DB8::1` and `2001:db8:0::1`, `AS13335` and `13335`). `entries` may be the list's `content`.
 * `property` is the name the paths start with (default `"entries"`). Never throws.
 */
export function validateAccessListEntries(
  type: AccessListTypeValue,
  entries: readonly string[] | string,
  property = "entries",
): ValidationFailure[] {
  const list = typeof entries === "string" ? accessListEntries(entries) : entries;
  const out: ValidationFailure[] = [];
  const seen = new Map<string, number>();
  list.forEach((entry, i) => {
    const at = `${property}[${i}]`;
    if (typeof entry !== "string") {
      out.push({ property: at, reason: `must be a string; got ${JSON.stringify(entry)}` });
      return;
    }
    const problem = accessListEntryProblem(type, entry);
    if (problem) {
      out.push({ property: at, reason: `${JSON.stringify(entry)} ${problem}` });
      return;
    }
    const key = entryKey(type, entry);
    const first = seen.get(key);
    if (first !== undefined) {
      const same = list[first] === entry ? "" : ` (${JSON.stringify(list[first])}: the same entry)`;
      out.push({
        property: at,
        reason: `${JSON.stringify(entry)} repeats ${property}[${first}]${same}`,
      });
    } else seen.set(key, i);
  });
  return out;
}
