/**
 * `PullZone`'s write-only settings: the settings write (`PullZoneSettingsModel` of the
 * published document) takes them, the zone's answer (`PullZoneModel`) never shows them. Each
 * is managed as the platform allows:
 *
 * - the state keeps the value Pulumi wrote, and a read reports that value (`last`): a change
 *   made outside Pulumi cannot be seen (no drift), and an adopt always writes it once (the
 *   zone's value cannot be read to compare);
 * - a write of the zone's other settings sends it again (the state's value), so that a
 *   platform that replaces the zone's settings with each write keeps it;
 * - its value before Pulumi cannot be read: destroy of an adopted zone leaves it as Pulumi
 *   wrote it, unless the program states it in `prior`.
 */
import { field, type SettingsField } from "../../core/zone-settings/kind";
import { at } from "./pull-zone-field";

/** What every write-only setting's description ends with. */
const WRITE_ONLY =
  " Write-only: the zone's answer never shows it, so the state keeps the value Pulumi wrote, " +
  "a change outside Pulumi is not seen, and destroy of an adopted zone leaves it as Pulumi " +
  "wrote it (its value before cannot be read) unless `prior` states that value.";

/** The settings a write takes and the zone's answer never shows. */
export const WRITE_ONLY_SETTINGS: readonly SettingsField[] = [
  at(
    "DnsOriginPort",
    field(
      "dnsOriginPort",
      { type: "integer", minimum: 1, maximum: 65535 },
      "Port the zone connects to at a DNS-accelerated origin, 1–65535 (`DnsOriginPort`; with " +
        '`originType` `"DnsAccelerate"`).' +
        WRITE_ONLY,
    ),
  ),
  at(
    "DnsOriginScheme",
    field(
      "dnsOriginScheme",
      { type: "string", enum: ["http", "https"] },
      'Scheme the zone uses at a DNS-accelerated origin: `"http"` or `"https"` ' +
        '(`DnsOriginScheme`; with `originType` `"DnsAccelerate"`).' +
        WRITE_ONLY,
      { tsType: '"http" | "https"' },
    ),
  ),
  at(
    "CacheControlBrowserMaxAgeOverride",
    field(
      "cacheControlBrowserMaxAgeOverride",
      { type: "integer", minimum: -1 },
      "Seconds browsers are told to cache a response (`CacheControlBrowserMaxAgeOverride`, " +
        "deprecated by the platform in favour of `cacheControlPublicMaxAgeOverride`); -1: as " +
        "the origin says." +
        WRITE_ONLY,
    ),
  ),
];

/** The paths of the write-only settings. */
export const WRITE_ONLY_PATHS: ReadonlySet<string> = new Set(
  WRITE_ONLY_SETTINGS.map((f) => f.path),
);

/**
 * The write-only settings' values as a read reports them: the state's (`last`, what Pulumi
 * wrote) for a setting it manages, null for another (not known).
 */
export function writeOnlyValues(last?: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const managed = new Set(Array.isArray(last?.managed) ? (last.managed as unknown[]) : []);
  return Object.fromEntries(
    WRITE_ONLY_SETTINGS.map((f) => [f.path, managed.has(f.path) ? (last?.[f.path] ?? null) : null]),
  );
}
