/**
 * The emulator's rules for the pull-zone settings the published document describes in words
 * (beyond the ranges and enumerations its schemas state, which the routes check), written
 * from the document, never from the client's checks:
 *
 * - `BlockedCountries`, `BudgetRedirectedCountries`: two-letter country codes (upper case);
 * - `RoutingFilters`: `all`, `eu` or `scripting`;
 * - `LogForwardingPort`: a port, 0–65535;
 * - `MaxWebSocketConnections`: at most 25000 (over it: refused); a value between the tiers
 *   (500, 1000, 2500, 5000, 10000, 25000) is stored rounded up to the next tier;
 * - `QueryStringVaryParameters`, `CookieVaryParameters`: a name with a character other than
 *   letters, digits, `-` and `_` is dropped (the document: such values are ignored);
 * - `DnsOriginPort` ("the origin port"): a port, 1–65535; `DnsOriginScheme` ("the origin
 *   scheme"): `http` or `https`; `CacheControlBrowserMaxAgeOverride`: seconds, or -1 (as the
 *   origin says, like the other max-age overrides). The zone's answer shows none of the three
 *   (the document's `PullZoneModel` lacks them): they are kept hidden;
 * - `BunnyAiImageBlueprints`: each blueprint has a `Name`, unique in the list (any case).
 */
import type { FieldFailure } from "./pullzone-validation";

type Json = Record<string, unknown>;

const COUNTRY = /^[A-Z]{2}$/;
const ROUTING_FILTERS = ["all", "eu", "scripting"];
const VARY_NAME = /^[A-Za-z0-9_-]+$/;
const ORIGIN_SCHEMES = ["http", "https"];
/** The WebSocket connection tiers, ascending. */
export const WEBSOCKET_TIERS = [500, 1000, 2500, 5000, 10000, 25000];

/** Failures of the settings of a write that the schemas do not state. */
export function settingsRuleFailures(b: Json): FieldFailure[] {
  const out: FieldFailure[] = [];
  for (const k of ["BlockedCountries", "BudgetRedirectedCountries"] as const)
    (Array.isArray(b[k]) ? (b[k] as unknown[]) : []).forEach((c, i) => {
      if (typeof c !== "string" || !COUNTRY.test(c))
        out.push({ field: `${k}[${i}]`, message: "must be a two-letter country code (DE)" });
    });
  (Array.isArray(b.RoutingFilters) ? (b.RoutingFilters as unknown[]) : []).forEach((f, i) => {
    if (typeof f !== "string" || !ROUTING_FILTERS.includes(f))
      out.push({
        field: `RoutingFilters[${i}]`,
        message: `must be one of ${ROUTING_FILTERS.join(", ")}`,
      });
  });
  const port = b.LogForwardingPort;
  if (typeof port === "number" && (port < 0 || port > 65535))
    out.push({ field: "LogForwardingPort", message: "must be a port from 0 to 65535" });
  const dnsPort = b.DnsOriginPort;
  if (typeof dnsPort === "number" && (dnsPort < 1 || dnsPort > 65535))
    out.push({ field: "DnsOriginPort", message: "must be a port from 1 to 65535" });
  const scheme = b.DnsOriginScheme;
  if (typeof scheme === "string" && !ORIGIN_SCHEMES.includes(scheme))
    out.push({ field: "DnsOriginScheme", message: `must be one of ${ORIGIN_SCHEMES.join(", ")}` });
  const browser = b.CacheControlBrowserMaxAgeOverride;
  if (typeof browser === "number" && browser < -1)
    out.push({
      field: "CacheControlBrowserMaxAgeOverride",
      message: "must be a number of seconds, or -1 (as the origin says)",
    });
  out.push(...blueprintFailures(b.BunnyAiImageBlueprints));
  const ws = b.MaxWebSocketConnections;
  if (typeof ws === "number" && (ws < 0 || ws > 25000))
    out.push({
      field: "MaxWebSocketConnections",
      message: "must be at most 25000 (tiers: 500, 1000, 2500, 5000, 10000, 25000)",
    });
  return out;
}

/** Failures of a list of image blueprints: a blueprint without a name, a name given twice. */
function blueprintFailures(list: unknown): FieldFailure[] {
  const out: FieldFailure[] = [];
  const seen = new Set<string>();
  (Array.isArray(list) ? (list as unknown[]) : []).forEach((b, i) => {
    const name = (b as Json | null)?.Name;
    if (typeof name !== "string" || name === "")
      out.push({ field: `BunnyAiImageBlueprints[${i}].Name`, message: "is required" });
    else if (seen.has(name.toLowerCase()))
      out.push({
        field: `BunnyAiImageBlueprints[${i}].Name`,
        message: `names blueprint ${name} again: names are unique in a zone (any case)`,
      });
    else seen.add(name.toLowerCase());
  });
  return out;
}

/**
 * The settings of a write as the platform stores them: WebSocket connections rounded up to
 * a tier, vary names it ignores dropped. Returns a new object; `b` is not changed.
 */
export function normalSettings(b: Json): Json {
  const out = { ...b };
  const ws = out.MaxWebSocketConnections;
  if (typeof ws === "number" && ws > 0)
    out.MaxWebSocketConnections = WEBSOCKET_TIERS.find((t) => t >= ws) ?? ws;
  for (const k of ["QueryStringVaryParameters", "CookieVaryParameters"])
    if (Array.isArray(out[k]))
      out[k] = (out[k] as unknown[]).filter((v) => typeof v === "string" && VARY_NAME.test(v));
  return out;
}
