/**
 * The emulator's state of a shield zone's settings (`spec/shield.md` "The shield zone and its
 * settings"): the zone's WAF/DDoS settings, bot detection, upload scanning, API guardian and
 * the custom response pages; what a new zone gets (the defaults), the checks of a state
 * document's zone parts (naming the zone and the field) and the filling of parts a document
 * written before they existed lacks.
 *
 * The plan fields `planType` and `wafEnabled` stay on the zone itself (`ShieldZonePlan`, as
 * fixtures have always set them); `settings` holds every other `ShieldZoneRequest` field.
 */
import {
  API_GUARDIAN_CONFIGURATION_DEFAULTS,
  BOT_DETECTION_DEFAULTS,
  UPLOAD_SCANNING_DEFAULTS,
  apiGuardianSpecRequestSchema,
  apiGuardianUpdateSchema,
  botDetectionUpdateSchema,
  CustomPageTypes,
  shieldZoneReadSettingsSchema,
  uploadScanningUpdateSchema,
  validate,
  type ApiGuardianSpecRequest,
  type BotDetection,
  type CustomPageType,
  type ShieldZoneReadSettings,
  type UploadScanning,
  type WafEngineConfigItem,
} from "edgeplatform-client/spec";

/** Zone settings kept on the zone itself (its plan), not in `settings`. */
export const PLAN_SETTINGS = ["planType", "wafEnabled"] as const;

/**
 * The settings a zone keeps in `settings`: every `ShieldZoneRequest` field but the plan ones,
 * plus the read-only `dDoSExecutionMode` (a `ShieldZoneResponse` field no write sets).
 */
export type StoredZoneSettings = Required<
  Omit<ShieldZoneReadSettings, (typeof PLAN_SETTINGS)[number]>
>;

/** API guardian's stored state: its configuration and the uploaded API document, if any. */
export interface ApiGuardianState {
  configuration: {
    isEnabled: boolean;
    /** `WafExecutionMode`. */
    executionMode: number;
    /** `WafPayloadLimitAction`. */
    bodyLimitAction: number;
    /** `UnmatchedPathAction`. */
    unmatchedPathAction: number;
  };
  spec?: ApiGuardianSpecRequest;
}

/** The settings parts of a shield zone (each may be absent in a document: then filled). */
export interface ShieldZoneParts {
  settings?: StoredZoneSettings;
  botDetection?: Omit<BotDetection, "shieldZoneId">;
  uploadScanning?: Omit<UploadScanning, "shieldZoneId">;
  apiGuardian?: ApiGuardianState;
  /** HTML of each custom response page the zone has. */
  customPages?: Partial<Record<CustomPageType, string>>;
  /**
   * The zone's bot categorization actions that are not `None`: bot id → `BotCategorizationAction`,
   * category (its integer) → `BotCategoryAction`. Absent: every action `None`.
   */
  botCategorization?: BotCategorizationState;
}

/** The actions of a zone's bot categorization that are set (not `None`). */
export interface BotCategorizationState {
  bots: Record<string, number>;
  categories: Record<string, number>;
}

/** The WAF engine variables' defaults (`GET /shield/waf/engine-config`). */
export const WAF_ENGINE_CONFIG_DEFAULTS: readonly WafEngineConfigItem[] = Object.freeze([
  { name: "detection_paranoia_level", valueEncoded: "1" },
  { name: "executing_paranoia_level", valueEncoded: "1" },
  { name: "blocking_paranoia_level", valueEncoded: "1" },
  { name: "allowed_methods", valueEncoded: "GET HEAD POST OPTIONS PUT PATCH DELETE" },
  { name: "allowed_http_versions", valueEncoded: "HTTP/1.0 HTTP/1.1 HTTP/2 HTTP/2.0 HTTP/3" },
  {
    name: "allowed_request_content_type",
    valueEncoded:
      "|application/x-www-form-urlencoded| |multipart/form-data| |multipart/related| " +
      "|text/xml| |application/xml| |application/soap+xml| |application/json|",
  },
]);

/**
 * What a new zone's `settings` are (the plan fields default to Basic and WAF on, see
 * `PLAN_DEFAULTS`): learning mode off, WAF blocking, no rules disabled or log-only, header
 * logging on, body logging off, bodies over the limit logged, DDoS medium and blocking with
 * a 30-minute challenge window, branded pages. `wafEngineConfig` empty: every variable
 * uses the engine-config default.
 */
export const ZONE_SETTINGS_DEFAULTS: Readonly<StoredZoneSettings> = Object.freeze({
  learningMode: false,
  learningModeUntil: null,
  wafExecutionMode: 1,
  wafDisabledRules: [],
  wafLogOnlyRules: [],
  wafCustomRuleOrder: [],
  wafRequestHeaderLoggingEnabled: true,
  requestBodyLoggingEnabled: false,
  wafRequestIgnoredHeaders: [],
  wafRealtimeThreatIntelligenceEnabled: false,
  wafProfileId: null,
  wafEngineConfig: [],
  wafRequestBodyLimitAction: 1,
  wafResponseBodyLimitAction: 1,
  dDoSShieldSensitivity: 2,
  dDoSExecutionMode: 1,
  dDoSChallengeWindow: 1800,
  whitelabelResponsePages: false,
} as StoredZoneSettings);

/** A new zone's bot detection, upload scanning and API guardian (the client spec's). */
export { BOT_DETECTION_DEFAULTS, UPLOAD_SCANNING_DEFAULTS };

/** A new zone's API guardian: its configuration's defaults, no API document. */
export const API_GUARDIAN_DEFAULTS: Readonly<ApiGuardianState> = Object.freeze({
  configuration: { ...API_GUARDIAN_CONFIGURATION_DEFAULTS },
});

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;
const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Checks the settings parts of one zone of a state document (`at` = `shieldZones[i]`).
 * Returns problems naming the zone and the field (`shieldZones[0].settings.wafExecutionMode:
 * must be one of 0 (Log), 1 (Block); got 7`).
 */
export function checkShieldZoneParts(z: Record<string, unknown>, at: string): string[] {
  const problems: string[] = [];
  const check = (schema: object, value: unknown, path: string) => {
    for (const f of validate(schema, value, path)) problems.push(`${f.property}: ${f.reason}`);
  };
  const part = (k: keyof ShieldZoneParts): unknown => {
    const v = z[k];
    if (v === undefined) return undefined;
    if (!isObj(v)) {
      problems.push(`${at}.${k} must be an object`);
      return undefined;
    }
    return v;
  };
  const settings = part("settings") as Record<string, unknown> | undefined;
  if (settings) {
    check(shieldZoneReadSettingsSchema, settings, `${at}.settings`);
    for (const k of PLAN_SETTINGS)
      if (k in settings)
        problems.push(`${at}.settings.${k}: set ${k} on the zone, not in settings`);
  }
  const bot = part("botDetection");
  if (bot) check(botDetectionUpdateSchema, bot, `${at}.botDetection`);
  const upload = part("uploadScanning");
  if (upload) check(uploadScanningUpdateSchema, upload, `${at}.uploadScanning`);
  const guardian = part("apiGuardian") as Record<string, unknown> | undefined;
  if (guardian) {
    if (!isObj(guardian.configuration))
      problems.push(`${at}.apiGuardian.configuration must be an object`);
    else check(apiGuardianUpdateSchema, guardian.configuration, `${at}.apiGuardian.configuration`);
    if (guardian.spec !== undefined)
      check(apiGuardianSpecRequestSchema, guardian.spec, `${at}.apiGuardian.spec`);
  }
  const bots = part("botCategorization") as Record<string, unknown> | undefined;
  if (bots)
    for (const [k, max] of [
      ["bots", 3],
      ["categories", 2],
    ] as const) {
      const m = bots[k];
      if (!isObj(m)) problems.push(`${at}.botCategorization.${k} must be an object`);
      else
        for (const [id, v] of Object.entries(m))
          if (
            !/^[0-9]+$/.test(id) ||
            !Number.isInteger(v) ||
            (v as number) < 1 ||
            (v as number) > max
          )
            problems.push(
              `${at}.botCategorization.${k}.${id}: the key must be an id and the value an action 1–${max}; got ${JSON.stringify(v)}`,
            );
    }
  const pages = part("customPages");
  if (pages)
    for (const [k, v] of Object.entries(pages)) {
      if (!(CustomPageTypes as readonly string[]).includes(k))
        problems.push(
          `${at}.customPages.${k}: unknown page type; allowed: ${CustomPageTypes.join(", ")}`,
        );
      else if (typeof v !== "string") problems.push(`${at}.customPages.${k} must be a string`);
    }
  return problems;
}

/**
 * Fills the settings parts a (checked) zone lacks, and the settings fields a partial `settings`
 * lacks, from the defaults; nested bot-detection objects are filled field by field.
 */
export function fillShieldZoneParts<T extends ShieldZoneParts>(
  z: T,
): T & Required<ShieldZoneParts> {
  z.settings = { ...copy(ZONE_SETTINGS_DEFAULTS), ...(z.settings ?? {}) };
  const bot = (z.botDetection ?? {}) as Partial<Required<ShieldZoneParts>["botDetection"]>;
  const d = BOT_DETECTION_DEFAULTS;
  z.botDetection = {
    executionMode: bot.executionMode ?? d.executionMode,
    requestIntegrity: { ...d.requestIntegrity, ...(bot.requestIntegrity ?? {}) },
    ipAddress: { ...d.ipAddress, ...(bot.ipAddress ?? {}) },
    browserFingerprint: { ...d.browserFingerprint, ...(bot.browserFingerprint ?? {}) },
  };
  z.uploadScanning = { ...UPLOAD_SCANNING_DEFAULTS, ...(z.uploadScanning ?? {}) };
  const g = z.apiGuardian;
  z.apiGuardian = {
    configuration: { ...API_GUARDIAN_DEFAULTS.configuration, ...(g?.configuration ?? {}) },
    ...(g?.spec ? { spec: g.spec } : {}),
  };
  z.customPages ??= {};
  return z as T & Required<ShieldZoneParts>;
}
