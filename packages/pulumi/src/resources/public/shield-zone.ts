/**
 * `edge.shield.ShieldZone`: the settings of one pull zone's shield zone (plan, WAF, DDoS,
 * custom rule order, white-label response pages) as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/shield:ShieldZone`).
 */
import * as pulumi from "@pulumi/pulumi";
import type { EdgeResourceOptions } from "./readable-resource";
import type {
  DDoSShieldSensitivity,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
} from "edgeplatform-client/spec";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { EnumArg, SettingsStateBase, SettingsZoneArgs } from "./zone-settings-resource";

/** A WAF paranoia level, 1 (fewest false positives) to 4 (strictest). */
export type ParanoiaLevel = 1 | 2 | 3 | 4;

/** The WAF settings of a shield zone. Each field left out is not managed. */
export interface ShieldZoneWafArgs {
  /** Whether the WAF is on (`wafEnabled`). */
  enabled?: pulumi.Input<boolean>;
  /** `"Log"` or `"Block"` (`WafExecutionMode`, 0–1; `wafExecutionMode`). */
  mode?: pulumi.Input<EnumArg<typeof WafExecutionMode>>;
  /**
   * Managed WAF rule ids switched off (`wafDisabledRules`), a set. Checked against the zone's
   * managed rules (`edge.shield.getManagedWafRules`) before a write.
   */
  disabledRules?: pulumi.Input<pulumi.Input<string>[]>;
  /** Managed WAF rule ids that only log (`wafLogOnlyRules`), a set; checked like `disabledRules`. */
  logOnlyRules?: pulumi.Input<pulumi.Input<string>[]>;
  /** Real-time threat intelligence (`wafRealtimeThreatIntelligenceEnabled`). */
  realtimeThreatIntelligence?: pulumi.Input<boolean>;
  /** Whether request headers are logged (`wafRequestHeaderLoggingEnabled`). */
  requestHeaderLogging?: pulumi.Input<boolean>;
  /** Headers left out of the logs (`wafRequestIgnoredHeaders`), a set. */
  ignoredHeaders?: pulumi.Input<pulumi.Input<string>[]>;
  /** Over-size request body: `"Block"`, `"Log"`, `"Ignore"` (0–2; `wafRequestBodyLimitAction`). */
  requestBodyLimitAction?: pulumi.Input<EnumArg<typeof WafPayloadLimitAction>>;
  /** Over-size response body: as `requestBodyLimitAction` (`wafResponseBodyLimitAction`). */
  responseBodyLimitAction?: pulumi.Input<EnumArg<typeof WafPayloadLimitAction>>;
  /**
   * Paranoia levels of the WAF engine (`wafEngineConfig` items `detection_paranoia_level`,
   * `executing_paranoia_level`, `blocking_paranoia_level`). Only the named items are managed.
   */
  paranoia?: pulumi.Input<{
    detection?: pulumi.Input<ParanoiaLevel>;
    executing?: pulumi.Input<ParanoiaLevel>;
    blocking?: pulumi.Input<ParanoiaLevel>;
  }>;
  /** HTTP methods the WAF allows (`allowed_methods`, e.g. `["GET", "POST"]`), a set. */
  allowedMethods?: pulumi.Input<pulumi.Input<string>[]>;
  /** HTTP versions the WAF allows (`allowed_http_versions`, e.g. `["HTTP/1.1", "HTTP/2"]`), a set. */
  allowedHttpVersions?: pulumi.Input<pulumi.Input<string>[]>;
  /** Request content types the WAF allows (`allowed_request_content_type`), a set. */
  allowedContentTypes?: pulumi.Input<pulumi.Input<string>[]>;
}

/** The DDoS settings of a shield zone. Each field left out is not managed. */
export interface ShieldZoneDdosArgs {
  /** `"Off"`, `"Low"`, `"Medium"`, `"High"`, `"Challenge"` (0–4; `dDoSShieldSensitivity`). */
  sensitivity?: pulumi.Input<EnumArg<typeof DDoSShieldSensitivity>>;
  /** How long a passed challenge lasts, in seconds (`dDoSChallengeWindow`). */
  challengeWindow?: pulumi.Input<number>;
}

/** Settings of {@link ShieldZoneArgs}. Every setting left out is not managed (never written). */
export interface ShieldZoneSettingsArgs {
  /** The zone's plan: `"Basic"`, `"Advanced"`, `"Business"`, `"Enterprise"` (0–3). */
  planType?: pulumi.Input<EnumArg<typeof ShieldPlanType>>;
  /** WAF settings. */
  waf?: pulumi.Input<ShieldZoneWafArgs>;
  /** DDoS settings. */
  ddos?: pulumi.Input<ShieldZoneDdosArgs>;
  /** The order of the zone's custom WAF rules: `WafRule` ids (`wafCustomRuleOrder`), in order. */
  customRuleOrder?: pulumi.Input<pulumi.Input<number>[]>;
  /** White-label response pages (`whitelabelResponsePages`). */
  whitelabelResponsePages?: pulumi.Input<boolean>;
}

/**
 * Arguments of {@link ShieldZone}: exactly one of `pullZoneId` (the pull zone's shield zone,
 * created when it has none) and `shieldZoneId` (adopt), and the settings to manage.
 */
export type ShieldZoneArgs = ShieldZoneSettingsArgs & SettingsZoneArgs;

/** State (outputs) of a {@link ShieldZone}. */
export interface ShieldZoneState extends SettingsStateBase {
  /** The zone's plan by name. */
  planType: string | number;
  /** The managed WAF settings, as last read. */
  waf: Record<string, unknown> | undefined;
  /** The managed DDoS settings, as last read. */
  ddos: Record<string, unknown> | undefined;
  /** The custom rule order, when managed. */
  customRuleOrder: number[] | undefined;
  /** White-label response pages, when managed. */
  whitelabelResponsePages: boolean | undefined;
  /** True when Pulumi created the shield zone: destroy leaves it (there is no DELETE). */
  created: boolean | undefined;
}

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<ShieldZoneArgs> = {
  stub: "shield-zone",
  type: "ShieldZone",
  noun: "the settings",
  outputs: ["planType", "waf", "ddos", "customRuleOrder", "whitelabelResponsePages", "created"],
};

/**
 * The settings of a pull zone's shield zone. Only the settings the program names are
 * managed; a write sends them merged over the zone as just read, so nothing else changes.
 * With `pullZoneId`, the pull zone's shield zone is adopted, or created when it has none.
 * Destroy restores each managed setting to its value before Pulumi (`prior`); a zone Pulumi
 * created is left with its settings (the platform has no DELETE of a shield zone).
 *
 * ```ts
 * new edge.shield.ShieldZone("shield", {
 *   pullZoneId: 1,
 *   waf: { enabled: true, mode: "Block", disabledRules: ["913100"] },
 *   ddos: { sensitivity: "High" },
 * });
 * ```
 */
export class ShieldZone extends ZoneSettingsResource<ShieldZoneArgs> {
  /** The zone's plan, by name (as written when managed). */
  declare public readonly planType: pulumi.Output<string | number>;
  /** The managed WAF settings, as last read. */
  declare public readonly waf: pulumi.Output<Record<string, unknown> | undefined>;
  /** The managed DDoS settings, as last read. */
  declare public readonly ddos: pulumi.Output<Record<string, unknown> | undefined>;
  /** The custom rule order, when managed. */
  declare public readonly customRuleOrder: pulumi.Output<number[] | undefined>;
  /** White-label response pages, when managed. */
  declare public readonly whitelabelResponsePages: pulumi.Output<boolean | undefined>;
  /** True when Pulumi created the shield zone. */
  declare public readonly created: pulumi.Output<boolean | undefined>;

  /**
   * Manages settings of a shield zone.
   * @param name The unique name of the resource.
   * @param args The zone and the settings to manage.
   * @param opts Options for the resource (`opts.import` is refused: the arguments adopt).
   */
  constructor(name: string, args: ShieldZoneArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
