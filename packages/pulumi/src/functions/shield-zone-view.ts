/**
 * A shield zone's settings in words (spec/shield.md "The shield zone and its settings"),
 * shared by the `getZone` / `getZones` data sources and `edgeplatform-import`: the platform's
 * `ShieldZoneResponse` (integers, `waf…`/`dDoS…` fields, engine settings as encoded items)
 * as the shape `edge.shield.ShieldZone` takes (`planType: "Business"`, `waf.mode: "Block"`,
 * `waf.paranoia.detection: 2`, `waf.allowedMethods: ["GET", "POST"]`).
 */
import {
  DDoSExecutionMode,
  DDoSShieldSensitivity,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
  type ShieldZoneResponse,
  type WafEngineConfigItem,
} from "edgeplatform-client/spec/runtime";

/**
 * A value of the integer enumeration `E` in a result: its name (`"Block"`), or the integer
 * when this version of the provider has no name for it; `null` when the platform gave none.
 */
export type NamedValue<E> = Extract<keyof E, string> | number | null;

/** The name of `v` in enumeration `e`; the integer when it has none; null when absent. */
export function namedValue<E extends Record<string, number>>(e: E, v: unknown): NamedValue<E> {
  if (typeof v !== "number") return null;
  const name = Object.keys(e).find((k) => e[k] === v);
  return (name as Extract<keyof E, string> | undefined) ?? v;
}

/** The names of the engine settings (`wafEngineConfig` items) that `ShieldZone.waf` manages. */
export const ENGINE_ITEMS = {
  detectionParanoia: "detection_paranoia_level",
  executingParanoia: "executing_paranoia_level",
  blockingParanoia: "blocking_paranoia_level",
  allowedMethods: "allowed_methods",
  allowedHttpVersions: "allowed_http_versions",
  allowedContentTypes: "allowed_request_content_type",
} as const;

/** A paranoia level item (`"2"`) as a number; null when it is not a whole number. */
export function paranoiaLevel(encoded: string | undefined): number | null {
  if (encoded === undefined || !/^\s*\d+\s*$/.test(encoded)) return null;
  return Number(encoded);
}

/** A space-separated item as its entries (`allowed_methods`: `"GET HEAD POST"`). */
export function spacedList(encoded: string | undefined): string[] | null {
  if (encoded === undefined) return null;
  return encoded.split(/\s+/).filter((s) => s !== "");
}

/**
 * An item with each entry between bars as its entries (`allowed_request_content_type`:
 * `"|application/json| |text/plain|"`).
 */
export function pipedList(encoded: string | undefined): string[] | null {
  if (encoded === undefined) return null;
  return [...encoded.matchAll(/\|([^|]*)\|/g)].map((m) => m[1].trim()).filter((x) => x !== "");
}

/**
 * The engine settings in effect for a zone: each of the zone's own items, and for an item the
 * zone lacks the platform's default (`GET /shield/waf/engine-config`), in the defaults' order
 * followed by the zone's other items.
 */
export function effectiveEngineConfig(
  zone: readonly WafEngineConfigItem[] | null | undefined,
  defaults: readonly WafEngineConfigItem[],
): WafEngineConfigItem[] {
  const own = new Map((zone ?? []).map((i) => [i.name, i]));
  const out = defaults.map((d) => own.get(d.name) ?? d);
  for (const i of zone ?? []) if (!defaults.some((d) => d.name === i.name)) out.push(i);
  return out;
}

/** Whether a zone's engine settings lack an item that `ShieldZone.waf` shows. */
export const lacksEngineItems = (zone: Pick<ShieldZoneResponse, "wafEngineConfig">): boolean =>
  Object.values(ENGINE_ITEMS).some((n) => !(zone.wafEngineConfig ?? []).some((i) => i.name === n));

/** The WAF paranoia levels of a zone (engine settings; 1 is the least strict). */
export interface ShieldZoneParanoiaView {
  /** `detection_paranoia_level`: the level up to which rules are evaluated and logged. */
  detection: number | null;
  /** `executing_paranoia_level`: the level up to which rules run. */
  executing: number | null;
  /** `blocking_paranoia_level`: the level up to which matching rules block. */
  blocking: number | null;
}

/** The WAF settings of a zone, as `edge.shield.ShieldZone`'s `waf` input names them. */
export interface ShieldZoneWafView {
  /** Whether the WAF is on (`wafEnabled`). */
  enabled: boolean | null;
  /** `wafExecutionMode` (`WafExecutionMode`): `"Log"` or `"Block"`. */
  mode: NamedValue<typeof WafExecutionMode>;
  /** Managed WAF rule ids that are off (`wafDisabledRules`); see `getManagedWafRules`. */
  disabledRules: string[];
  /** Managed WAF rule ids that only log (`wafLogOnlyRules`). */
  logOnlyRules: string[];
  /** `wafRealtimeThreatIntelligenceEnabled`. */
  realtimeThreatIntelligence: boolean | null;
  /** `wafRequestHeaderLoggingEnabled`. */
  requestHeaderLogging: boolean | null;
  /** Request headers left out of the logs (`wafRequestIgnoredHeaders`). */
  ignoredHeaders: string[];
  /** `wafRequestBodyLimitAction` (`WafPayloadLimitAction`): `"Block"`, `"Log"` or `"Ignore"`. */
  requestBodyLimitAction: NamedValue<typeof WafPayloadLimitAction>;
  /** `wafResponseBodyLimitAction` (`WafPayloadLimitAction`). */
  responseBodyLimitAction: NamedValue<typeof WafPayloadLimitAction>;
  /** The paranoia levels (engine settings; the engine default where the zone has none). */
  paranoia: ShieldZoneParanoiaView;
  /** HTTP methods the WAF lets through (`allowed_methods`), e.g. `["GET", "POST"]`. */
  allowedMethods: string[] | null;
  /** HTTP versions the WAF lets through (`allowed_http_versions`), e.g. `["HTTP/1.1"]`. */
  allowedHttpVersions: string[] | null;
  /** Request content types the WAF lets through (`allowed_request_content_type`). */
  allowedContentTypes: string[] | null;
}

/** The DDoS settings of a zone, as `edge.shield.ShieldZone`'s `ddos` input names them. */
export interface ShieldZoneDdosView {
  /** `dDoSShieldSensitivity` (`DDoSShieldSensitivity`): `"Off"` … `"Challenge"`. */
  sensitivity: NamedValue<typeof DDoSShieldSensitivity>;
  /** `dDoSChallengeWindow`, in seconds. */
  challengeWindow: number | null;
  /** `dDoSExecutionMode` (`DDoSExecutionMode`): `"Log"` or `"Block"`. Read-only. */
  executionMode: NamedValue<typeof DDoSExecutionMode>;
}

/**
 * One shield zone's settings. The groups `waf` and `ddos`, `planType`, `customRuleOrder` and
 * `whitelabelResponsePages` are named as `edge.shield.ShieldZone` takes them, enumerations as
 * names; `settings` is the platform's answer as it came (integers, its own field names).
 */
export interface ShieldZoneView {
  /** Id of the shield zone. */
  shieldZoneId: number;
  /** The pull zone the shield zone protects; null when the platform gave none. */
  pullZoneId: number | null;
  /** The zone's plan (`ShieldPlanType`): `"Basic"`, `"Advanced"`, `"Business"`, `"Enterprise"`. */
  planType: NamedValue<typeof ShieldPlanType>;
  /** Whether the WAF is learning (`learningMode`). */
  learningMode: boolean | null;
  /** Until when it learns (ISO 8601), null when not set. */
  learningModeUntil: string | null;
  /** `requestBodyLoggingEnabled`. */
  requestBodyLogging: boolean | null;
  /** WAF settings. */
  waf: ShieldZoneWafView;
  /** DDoS settings. */
  ddos: ShieldZoneDdosView;
  /** The order in which the zone's custom WAF rules run (rule ids, `wafCustomRuleOrder`). */
  customRuleOrder: number[];
  /** Whether the platform's response pages carry no branding (`whitelabelResponsePages`). */
  whitelabelResponsePages: boolean | null;
  /** Most rate-limit rules the zone may hold (plan limit). */
  rateLimitRulesLimit: number | null;
  /** Most custom WAF rules the zone may hold (plan limit). */
  customWafRulesLimit: number | null;
  /** Every engine setting in effect (the zone's items, the engine's defaults for the others). */
  wafEngineConfig: WafEngineConfigItem[];
  /** The platform's answer (`ShieldZoneResponse`) as it came: integers, its field names. */
  settings: ShieldZoneResponse;
}

const bool = (v: unknown): boolean | null => (typeof v === "boolean" ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" ? v : null);
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

/**
 * A zone's settings in words. `engineDefaults` fill the engine settings the zone lacks
 * (pass `[]` when the zone has them all, see {@link lacksEngineItems}).
 */
export function shieldZoneView(
  zone: ShieldZoneResponse,
  engineDefaults: readonly WafEngineConfigItem[],
): ShieldZoneView {
  const engine = effectiveEngineConfig(zone.wafEngineConfig, engineDefaults);
  const item = (name: string) => engine.find((i) => i.name === name)?.valueEncoded;
  return {
    shieldZoneId: zone.shieldZoneId,
    pullZoneId: num(zone.pullZoneId),
    planType: namedValue(ShieldPlanType, zone.planType),
    learningMode: bool(zone.learningMode),
    learningModeUntil: typeof zone.learningModeUntil === "string" ? zone.learningModeUntil : null,
    requestBodyLogging: bool(zone.requestBodyLoggingEnabled),
    waf: {
      enabled: bool(zone.wafEnabled),
      mode: namedValue(WafExecutionMode, zone.wafExecutionMode),
      disabledRules: strings(zone.wafDisabledRules),
      logOnlyRules: strings(zone.wafLogOnlyRules),
      realtimeThreatIntelligence: bool(zone.wafRealtimeThreatIntelligenceEnabled),
      requestHeaderLogging: bool(zone.wafRequestHeaderLoggingEnabled),
      ignoredHeaders: strings(zone.wafRequestIgnoredHeaders),
      requestBodyLimitAction: namedValue(WafPayloadLimitAction, zone.wafRequestBodyLimitAction),
      responseBodyLimitAction: namedValue(WafPayloadLimitAction, zone.wafResponseBodyLimitAction),
      paranoia: {
        detection: paranoiaLevel(item(ENGINE_ITEMS.detectionParanoia)),
        executing: paranoiaLevel(item(ENGINE_ITEMS.executingParanoia)),
        blocking: paranoiaLevel(item(ENGINE_ITEMS.blockingParanoia)),
      },
      allowedMethods: spacedList(item(ENGINE_ITEMS.allowedMethods)),
      allowedHttpVersions: spacedList(item(ENGINE_ITEMS.allowedHttpVersions)),
      allowedContentTypes: pipedList(item(ENGINE_ITEMS.allowedContentTypes)),
    },
    ddos: {
      sensitivity: namedValue(DDoSShieldSensitivity, zone.dDoSShieldSensitivity),
      challengeWindow: num(zone.dDoSChallengeWindow),
      executionMode: namedValue(DDoSExecutionMode, zone.dDoSExecutionMode),
    },
    customRuleOrder: Array.isArray(zone.wafCustomRuleOrder)
      ? zone.wafCustomRuleOrder.filter((x): x is number => typeof x === "number")
      : [],
    whitelabelResponsePages: bool(zone.whitelabelResponsePages),
    rateLimitRulesLimit: num(zone.rateLimitRulesLimit),
    customWafRulesLimit: num(zone.customWafRulesLimit),
    wafEngineConfig: engine,
    settings: zone,
  };
}
