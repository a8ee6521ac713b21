/**
 * Shield-zone data sources: `getZone`, `getZones`, `getManagedWafRules`, `getMetrics`,
 * `getRateLimitMetrics` (each also as an Output form).
 */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import type {
  ManagedWafRuleset,
  RateLimitMetrics,
  ShieldMetricsOverview,
  WafEngineConfigItem,
} from "edgeplatform-client/spec";
import type * as S from "./shield-schemas";
import { checkArgs } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";
import { shieldZoneOf, type ShieldZoneByIdArgs, type ShieldZoneByPullZoneArgs } from "./shield";
import { lacksEngineItems, shieldZoneView, type ShieldZoneView } from "./shield-zone-view";

export type {
  NamedValue,
  ShieldZoneView,
  ShieldZoneWafView,
  ShieldZoneDdosView,
  ShieldZoneParanoiaView,
} from "./shield-zone-view";

/** Arguments of {@link getZone}: exactly one of `shieldZoneId` and `pullZoneId`. */
export type GetZoneArgs = ShieldZoneByIdArgs | ShieldZoneByPullZoneArgs;

/** Result of {@link getZone}: the zone's settings (see {@link ShieldZoneView}). */
export type GetZoneResult = ShieldZoneView;

/**
 * Reads one shield zone's settings (GET `/shield/shield-zone/{shieldZoneId}`): plan, WAF,
 * DDoS, custom rule order, response-page branding, limits. Enumerations as names, named as
 * `edge.shield.ShieldZone` takes them; `settings` holds the platform's answer as it came.
 * Engine settings the zone lacks are the engine's defaults (one more call,
 * GET `/shield/waf/engine-config`, only then).
 *
 * ```ts
 * const zone = await edge.shield.getZone({ pullZoneId: 1 });
 * console.log(zone.planType, zone.waf.mode, zone.ddos.sensitivity);
 * ```
 * @throws InvalidArgumentError for a bad or missing `shieldZoneId`/`pullZoneId` (before any call).
 * @throws EdgeApiError for platform errors (an unknown zone, ...).
 */
export async function getZone(
  args: GetZoneArgs,
  opts: DataSourceOptions = {},
): Promise<GetZoneResult> {
  try {
    const zone = await shieldZoneOf("shield.getZone", args, opts);
    const client = await connectedClient(opts);
    const z = await client.shieldZones.get(zone.shieldZoneId);
    const defaults = lacksEngineItems(z) ? await client.shieldZones.wafEngineConfig() : [];
    const view = shieldZoneView(z, defaults);
    return { ...view, pullZoneId: view.pullZoneId ?? zone.pullZoneId ?? null };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getZone} (accepts Inputs). */
export function getZoneOutput(
  args: Inputs<GetZoneArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetZoneResult> {
  return dataSourceOutput(args, opts, getZone);
}

const getZonesArgs = schemaRef<typeof S.getZonesArgsSchema>(
  __dirname,
  "./shield-schemas",
  "getZonesArgsSchema",
);
/** Arguments of {@link getZones}: none (`{}`). */
export type GetZonesArgs = Static<typeof S.getZonesArgsSchema>;

/** Which pull zone a shield zone protects (a line of {@link GetZonesResult.pullZoneMapping}). */
export interface ShieldZonePullZone {
  /** Id of the shield zone. */
  shieldZoneId: number;
  /** Id of the pull zone it protects. */
  pullZoneId: number;
}

/** Result of {@link getZones}. */
export interface GetZonesResult {
  /** Every shield zone of the account (all pages), in the platform's order. */
  zones: ShieldZoneView[];
  /** Every shield zone's pull zone (GET `/shield/shield-zones/pullzone-mapping`). */
  pullZoneMapping: ShieldZonePullZone[];
}

/**
 * Reads every shield zone of the account with its settings (all pages of GET
 * `/shield/shield-zones`) and the pull-zone mapping (GET
 * `/shield/shield-zones/pullzone-mapping`). Each zone is as {@link getZone} gives it; the
 * engine's defaults are read once, only when a zone lacks an engine setting.
 *
 * ```ts
 * const { zones, pullZoneMapping } = await edge.shield.getZones();
 * ```
 * @throws InvalidArgumentError for any argument (it takes none).
 * @throws EdgeApiError for platform errors.
 */
export async function getZones(
  args: GetZonesArgs = {},
  opts: DataSourceOptions = {},
): Promise<GetZonesResult> {
  try {
    checkArgs("shield.getZones", getZonesArgs, args);
    const client = await connectedClient(opts);
    const zones = await client.shieldZones.listAll();
    const mapping = await client.shieldZones.pullZoneMapping();
    let defaults: WafEngineConfigItem[] = [];
    if (zones.some(lacksEngineItems)) defaults = await client.shieldZones.wafEngineConfig();
    const pullZoneOf = new Map(mapping.map((m) => [m.shieldZoneId, m.pullZoneId]));
    return {
      zones: zones.map((z) => {
        const view = shieldZoneView(z, defaults);
        return { ...view, pullZoneId: view.pullZoneId ?? pullZoneOf.get(z.shieldZoneId) ?? null };
      }),
      pullZoneMapping: mapping.map((m) => ({
        shieldZoneId: m.shieldZoneId,
        pullZoneId: m.pullZoneId,
      })),
    };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getZones} (accepts Inputs). */
export function getZonesOutput(
  args: Inputs<GetZonesArgs> = {},
  opts: DataSourceOptions = {},
): pulumi.Output<GetZonesResult> {
  return dataSourceOutput(args, opts, getZones);
}

/** Arguments of {@link getManagedWafRules}: exactly one of `shieldZoneId` and `pullZoneId`. */
export type GetManagedWafRulesArgs = ShieldZoneByIdArgs | ShieldZoneByPullZoneArgs;

/** Result of {@link getManagedWafRules}. */
export interface GetManagedWafRulesResult {
  /** The shield zone that was read. */
  shieldZoneId: number;
  /** The pull zone the zone was named by (only when `pullZoneId` was given). */
  pullZoneId?: number;
  /** The managed rulesets, their rule groups and rules, as the platform lists them. */
  rulesets: ManagedWafRuleset[];
  /**
   * Every rule id of every ruleset, in the platform's order, each once: the ids that
   * `edge.shield.ShieldZone`'s `waf.disabledRules` and `waf.logOnlyRules` may name.
   */
  ruleIds: string[];
}

/**
 * Reads the managed WAF rules of a shield zone (GET `/shield/waf/rules/{shieldZoneId}`):
 * rulesets, rule groups and rule ids, i.e. what `ShieldZone.waf.disabledRules` and
 * `waf.logOnlyRules` may name.
 *
 * ```ts
 * const { ruleIds } = await edge.shield.getManagedWafRules({ shieldZoneId: 1 });
 * ```
 * @throws InvalidArgumentError for a bad or missing `shieldZoneId`/`pullZoneId` (before any call).
 * @throws EdgeApiError for platform errors (an unknown zone, ...).
 */
export async function getManagedWafRules(
  args: GetManagedWafRulesArgs,
  opts: DataSourceOptions = {},
): Promise<GetManagedWafRulesResult> {
  try {
    const zone = await shieldZoneOf("shield.getManagedWafRules", args, opts);
    const rulesets = await (
      await connectedClient(opts)
    ).shieldZones.managedWafRules(zone.shieldZoneId);
    const ids = rulesets.flatMap((s) =>
      (s.ruleGroups ?? []).flatMap((g) => (g.rules ?? []).map((r) => r.ruleId)),
    );
    return { ...zone, rulesets, ruleIds: [...new Set(ids)] };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getManagedWafRules} (accepts Inputs). */
export function getManagedWafRulesOutput(
  args: Inputs<GetManagedWafRulesArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetManagedWafRulesResult> {
  return dataSourceOutput(args, opts, getManagedWafRules);
}

/** Arguments of {@link getMetrics}: exactly one of `shieldZoneId` and `pullZoneId`. */
export type GetMetricsArgs = ShieldZoneByIdArgs | ShieldZoneByPullZoneArgs;

/** Result of {@link getMetrics}. */
export interface GetMetricsResult {
  /** The shield zone that was read. */
  shieldZoneId: number;
  /** The pull zone the zone was named by (only when `pullZoneId` was given). */
  pullZoneId?: number;
  /**
   * The zone's metrics as the platform gives them: totals (`overview`) and per feature (`waf`,
   * `dDoS`, `ratelimit`, `botDetection`, `accessList`, `uploadScanning`, `apiGuardian`), each
   * also for the past 28 days by date, and the billable requests.
   */
  metrics: ShieldMetricsOverview;
}

/**
 * Reads the metrics overview of a shield zone (GET `/shield/metrics/overview/{shieldZoneId}`).
 *
 * ```ts
 * const { metrics } = await edge.shield.getMetrics({ shieldZoneId: 1 });
 * console.log(metrics.overview?.wafTriggeredRules);
 * ```
 * @throws InvalidArgumentError for a bad or missing `shieldZoneId`/`pullZoneId` (before any call).
 * @throws EdgeApiError for platform errors (an unknown zone, ...).
 */
export async function getMetrics(
  args: GetMetricsArgs,
  opts: DataSourceOptions = {},
): Promise<GetMetricsResult> {
  try {
    const zone = await shieldZoneOf("shield.getMetrics", args, opts);
    const metrics = await (
      await connectedClient(opts)
    ).shieldZones.metricsOverview(zone.shieldZoneId);
    return { ...zone, metrics };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getMetrics} (accepts Inputs). */
export function getMetricsOutput(
  args: Inputs<GetMetricsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetMetricsResult> {
  return dataSourceOutput(args, opts, getMetrics);
}

/** Arguments of {@link getRateLimitMetrics}: exactly one of `shieldZoneId` and `pullZoneId`. */
export type GetRateLimitMetricsArgs = ShieldZoneByIdArgs | ShieldZoneByPullZoneArgs;

/** Result of {@link getRateLimitMetrics}. */
export interface GetRateLimitMetricsResult {
  /** The shield zone that was read. */
  shieldZoneId: number;
  /** The pull zone the zone was named by (only when `pullZoneId` was given). */
  pullZoneId?: number;
  /** One line per rate-limit rule of the zone: its id (`ratelimitId`) and its counters. */
  rules: RateLimitMetrics[];
}

/**
 * Reads the per-rule metrics of a shield zone's rate-limit rules (GET
 * `/shield/metrics/rate-limits/{shieldZoneId}`).
 *
 * ```ts
 * const { rules } = await edge.shield.getRateLimitMetrics({ pullZoneId: 1 });
 * ```
 * @throws InvalidArgumentError for a bad or missing `shieldZoneId`/`pullZoneId` (before any call).
 * @throws EdgeApiError for platform errors (an unknown zone, ...).
 */
export async function getRateLimitMetrics(
  args: GetRateLimitMetricsArgs,
  opts: DataSourceOptions = {},
): Promise<GetRateLimitMetricsResult> {
  try {
    const zone = await shieldZoneOf("shield.getRateLimitMetrics", args, opts);
    const rules = await (
      await connectedClient(opts)
    ).shieldZones.rateLimitMetrics(zone.shieldZoneId);
    return { ...zone, rules };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getRateLimitMetrics} (accepts Inputs). */
export function getRateLimitMetricsOutput(
  args: Inputs<GetRateLimitMetricsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetRateLimitMetricsResult> {
  return dataSourceOutput(args, opts, getRateLimitMetrics);
}
