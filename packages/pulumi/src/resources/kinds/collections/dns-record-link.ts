/**
 * The id a DNS record's link names (`LinkName`): `<kind>-<id>` or `<id>`, as the platform
 * writes a link to a script or a pull zone by id. One reading for the provider (a Script
 * record's `scriptId`, dns-record.ts) and for `edgeplatform-import` (import/dns.ts).
 */

/** The id in `link` for a link to a `kind` (`script-7` or `7`); undefined for a link by name. */
export function linkId(link: unknown, kind: "script" | "pullzone"): number | undefined {
  const m = typeof link === "string" ? new RegExp(`^(?:${kind}-)?([0-9]+)$`).exec(link) : null;
  return m ? Number(m[1]) : undefined;
}
