/**
 * Pull-zone parts of the emulator's state: a zone's published record (`PullZoneModel`: its
 * settings, hostnames, edge rules and optimizer classes) and the settings the document lets
 * a write send but the record does not show. A zone of a state document without them (only
 * `id`, `name` and its logging) is filled with the defaults of a new zone, so old state files
 * and fixtures still load.
 */
import { PULL_ZONE_SHAPES, type JsonSchema } from "./pullzone-document";

/** A JSON object. */
export type Json = Record<string, unknown>;

/** A hostname of a zone (`HostnameModel`). */
export interface HostnameRecord extends Json {
  Id: number;
  Value: string;
  ForceSSL: boolean;
  IsSystemHostname: boolean;
  HasCertificate: boolean;
}

/** An edge rule of a zone (`EdgeRuleV2Model`), named by its guid. */
export interface EdgeRuleRecord extends Json {
  Guid: string;
  OrderIndex: number;
  Enabled: boolean;
}

/** A zone's published record: every `PullZoneModel` field. */
export interface PullZoneRecord extends Json {
  Hostnames: HostnameRecord[];
  EdgeRules: EdgeRuleRecord[];
  OptimizerClasses: Json[];
  AllowedReferrers: string[];
  BlockedReferrers: string[];
  BlockedIps: string[];
}

/** The stored parts of a zone: its record, and what was written but is not in the record. */
export interface PullZoneParts {
  model?: PullZoneRecord;
  /** Settings a write may send that the published record does not show (kept, never answered). */
  hidden?: Json;
}

/** The pull-zone ids the emulator hands out next. */
export interface PullZoneIds {
  pullZone: number;
  hostname: number;
}

/** The value of a field nobody set: null where the document allows it, else its zero. */
function zeroOf(s: JsonSchema): unknown {
  if (Array.isArray(s.anyOf)) return null;
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes("null")) return types.includes("array") ? [] : null;
  if (Array.isArray(s.enum)) return s.enum[0];
  switch (types[0]) {
    case "boolean":
      return false;
    case "integer":
    case "number":
      return 0;
    case "string":
      return "";
    case "array":
      return [];
    default:
      return null;
  }
}

/**
 * Defaults of a new zone where the platform's differ from a field's zero. Each lies within
 * the range the settings write takes (`PullZoneSettingsModel`), so a zone written back as
 * read is taken: `OriginShieldMaxConcurrentRequests` 1–10000, `OriginShieldMaxQueuedRequests`
 * 0–30000, the optimizer's widths 0–5000 and qualities 1–100, the preloading delay 0–10000 ms.
 */
const NEW_ZONE: Json = {
  Enabled: true,
  EnableGeoZoneUS: true,
  EnableGeoZoneEU: true,
  EnableGeoZoneASIA: true,
  EnableGeoZoneSA: true,
  EnableGeoZoneAF: true,
  IpFamilyPolicy: 0,
  AddHostHeader: false,
  CacheControlMaxAgeOverride: -1,
  CacheControlPublicMaxAgeOverride: -1,
  EnableLogging: true,
  LoggingIPAnonymizationEnabled: true,
  EnableTLS1: true,
  EnableTLS1_1: true,
  VerifyOriginSSL: false,
  FollowRedirects: false,
  OriginRetries: 0,
  OriginConnectTimeout: 10,
  OriginResponseTimeout: 60,
  UseStaleWhileOffline: true,
  EnableAutoSSL: true,
  OptimizerDesktopMaxWidth: 1600,
  OptimizerMobileMaxWidth: 800,
  OptimizerImageQuality: 85,
  OptimizerMobileImageQuality: 70,
  OptimizerEnableWebP: true,
  OptimizerMinifyCSS: true,
  OptimizerMinifyJavaScript: true,
  RequestCoalescingTimeout: 30,
  OriginShieldMaxConcurrentRequests: 200,
  OriginShieldMaxQueuedRequests: 5000,
  OriginShieldQueueMaxWaitTime: 30,
  PreloadingScreenDelay: 700,
  LogFormat: 0,
  MaxWebSocketConnections: 0,
  CacheVersion: 1,
};

/** The system hostname of a zone (its own name under the platform's CDN domain). */
export const systemHostname = (name: string) => `${name}.b-cdn.net`;

/** The record of a new zone `id` named `name` (every field of `PullZoneModel`). */
export function defaultPullZoneRecord(
  id: number,
  name: string,
  hostnameId: number,
): PullZoneRecord {
  const props = (PULL_ZONE_SHAPES.PullZoneModel.properties ?? {}) as Record<string, JsonSchema>;
  const out: Json = {};
  for (const [k, s] of Object.entries(props)) out[k] = zeroOf(s);
  Object.assign(out, NEW_ZONE, {
    Id: id,
    Name: name,
    CnameDomain: systemHostname(name),
    Hostnames: [hostnameRecord(hostnameId, systemHostname(name), true)],
    EdgeRules: [],
    OptimizerClasses: [],
    AllowedReferrers: [],
    BlockedReferrers: [],
    BlockedIps: [],
  });
  return out as PullZoneRecord;
}

/** A hostname record (`HostnameModel`); a system hostname has the platform's certificate. */
export function hostnameRecord(id: number, value: string, system = false): HostnameRecord {
  return {
    Id: id,
    Value: value,
    ForceSSL: false,
    IsSystemHostname: system,
    IsManagedHostname: false,
    HasCertificate: system,
    Certificate: null,
    CertificateKey: null,
    CertificateKeyType: 0,
    CertificateProvisionType: system ? 4 : 0,
  };
}

type ZoneLike = { id: number; name: string } & PullZoneParts;

/**
 * A new zone named `name` under the next ids of `nextIds` (which it advances): what an add
 * creates, and what a script's add with a linked pull zone creates. Logging on, no records.
 */
export function newPullZone(nextIds: PullZoneIds, name: string) {
  const id = nextIds.pullZone++;
  return {
    id,
    name,
    logging: "enabled" as const,
    extendedLogging: false,
    logRecordsPerDay: 0,
    model: defaultPullZoneRecord(id, name, nextIds.hostname++),
    hidden: {} as Json,
  };
}

/**
 * Fills the pull-zone parts a state document may leave out (each zone's record, the next
 * zone and hostname ids above every one in use). Returns the same object.
 */
export function fillPullZones<T extends { pullZones: ZoneLike[]; nextIds: object }>(state: T): T {
  const ids = state.nextIds as Partial<PullZoneIds>;
  const above = (min: number, xs: number[]) => xs.reduce((m, x) => Math.max(m, x + 1), min);
  ids.hostname ??= above(
    1000,
    state.pullZones.flatMap((z) => (z.model?.Hostnames ?? []).map((h) => h.Id)),
  );
  for (const z of state.pullZones) {
    z.model ??= defaultPullZoneRecord(z.id, z.name, ids.hostname++);
    z.model.Id = z.id;
    z.model.Name = z.name;
  }
  ids.pullZone ??= above(
    100,
    state.pullZones.map((z) => z.id),
  );
  return state;
}

/**
 * Problems of the pull-zone records of a state document: a record (when given) is an object
 * with `Hostnames` (each a numeric `Id` and a string `Value`) and `EdgeRules` (each a string
 * `Guid` and a numeric `OrderIndex`) arrays.
 */
export function checkPullZoneRecords(v: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const zones = Array.isArray(v.pullZones) ? (v.pullZones as unknown[]) : [];
  zones.forEach((z, i) => {
    const m = (z as PullZoneParts | null)?.model as Json | undefined;
    if (m === undefined) return;
    const at = `pullZones[${i}].model`;
    if (typeof m !== "object" || m === null || Array.isArray(m)) {
      problems.push(`${at} must be an object`);
      return;
    }
    const items = (k: string, ok: (x: Json) => boolean, what: string) => {
      if (!Array.isArray(m[k])) return problems.push(`${at}.${k} must be an array`);
      (m[k] as Json[]).forEach((x, j) => {
        if (!x || typeof x !== "object" || !ok(x)) problems.push(`${at}.${k}[${j}] needs ${what}`);
      });
    };
    items(
      "Hostnames",
      (h) => typeof h.Id === "number" && typeof h.Value === "string",
      "a numeric Id and a string Value",
    );
    items(
      "EdgeRules",
      (r) => typeof r.Guid === "string" && typeof r.OrderIndex === "number",
      "a string Guid and a numeric OrderIndex",
    );
  });
  return problems;
}
