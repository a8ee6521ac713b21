/**
 * `PullZone`'s routing settings: which regions serve the zone, over which address family,
 * the routing filters, countries sent to the cheapest region, and sticky sessions.
 */
import { IpFamilyPolicy, StickySessionType } from "edgeplatform-client/spec/runtime";
import { enumField, field, type SettingsField } from "../../core/zone-settings/kind";
import { at, bool, COUNTRY, listOf, text } from "./pull-zone-field";

/** A region's switch (`EnableGeoZone<code>`), on for a new zone. */
const region = (key: string, path: string, name: string): SettingsField =>
  at(
    key,
    field(
      path,
      bool(),
      `Whether the zone is served from ${name} (\`${key}\`; new zone: true; off: those ` +
        "clients are served from another region).",
    ),
  );

/** The regions, filters and stickiness of the zone's routing. */
export const ROUTING: readonly SettingsField[] = [
  region("EnableGeoZoneUS", "enableGeoZoneUs", "North America"),
  region("EnableGeoZoneEU", "enableGeoZoneEu", "Europe"),
  region("EnableGeoZoneASIA", "enableGeoZoneAsia", "Asia and Oceania"),
  region("EnableGeoZoneSA", "enableGeoZoneSa", "South America"),
  region("EnableGeoZoneAF", "enableGeoZoneAf", "Africa and the Middle East"),
  at(
    "IpFamilyPolicy",
    enumField(
      "ipFamilyPolicy",
      IpFamilyPolicy,
      'Address families the zone answers on: `"IPv4Only"`, `"DualStack"`, ' +
        '`"DualStackPreferIPv6"` or `"IPv6Only"` (0–3; `IpFamilyPolicy`).',
    ),
  ),
  at(
    "RoutingFilters",
    field(
      "routingFilters",
      {
        type: "array",
        items: { type: "string", enum: ["all", "eu", "scripting"] },
        examples: [["eu"]],
      },
      'Sets of edge locations the zone is served from, compared as a set: `"all"`, `"eu"` ' +
        '(Europe only), `"scripting"` (the locations that run edge scripts) (`RoutingFilters`).',
      { unordered: true },
    ),
  ),
  at(
    "BudgetRedirectedCountries",
    field(
      "budgetRedirectedCountries",
      listOf(COUNTRY, [["IN", "BR"]]),
      "Countries whose clients are served from the cheapest region, as two-letter codes, " +
        "compared as a set (`BudgetRedirectedCountries`). The whole list is managed.",
      { unordered: true },
    ),
  ),
  at(
    "StickySessionType",
    enumField(
      "stickySessionType",
      StickySessionType,
      'Whether a client keeps reaching the same origin: `"Off"` or `"On"` (0–1; ' +
        "`StickySessionType`).",
    ),
  ),
  at(
    "StickySessionCookieName",
    field(
      "stickySessionCookieName",
      text(["edge-session"]),
      "Name of the cookie that keeps a client on its origin (`StickySessionCookieName`).",
    ),
  ),
  at(
    "StickySessionClientHeaders",
    field(
      "stickySessionClientHeaders",
      text(["X-Client-Id"]),
      "Request headers that name a client for sticky sessions, comma-separated " +
        "(`StickySessionClientHeaders`).",
    ),
  ),
];
