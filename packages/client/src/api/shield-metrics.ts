/**
 * Shield's detailed metrics (published "Bunny Shield API" v1, 2026-07-31), read-only: the
 * detailed overview over a range, the monthly overages, one rate-limit rule's or one managed
 * WAF rule's metrics, and the metrics of bot detection, upload scanning and API guardian (the
 * zone's, or one endpoint's). The zone overview and the per-rule list of rate-limit metrics
 * are in `client.shieldZones`. Endpoints are data ({@link shieldMetricsEndpoints}).
 */
import type {
  ApiGuardianMetrics,
  BotDetectionMetrics,
  DetailedMetricsOverview,
  DetailedMetricsQuery,
  MonthlyOverages,
  OveragesQuery,
  RateLimitRuleMetrics,
  UploadScanningMetrics,
  WafRuleMetrics,
} from "../spec";
import { MetricsOverviewResolution } from "../spec/shield-operation-enums";
import { toIsoDateTime } from "./dates";
import { InvalidArgumentError } from "./invalid-argument";
import { checkEnum, checkId, checkRuleId, dataObject } from "./shield-args";
import type { Caller, EndpointDef, RequestOptions } from "./transport";

const ZONE = "/shield/metrics/shield-zone/{shieldZoneId}";

/** Endpoint definitions of the detailed metrics. */
export const shieldMetricsEndpoints = {
  overviewDetailed: {
    operation: "shieldMetrics.overviewDetailed",
    method: "GET",
    path: "/shield/metrics/overview/{shieldZoneId}/detailed",
    validate: dataObject("detailed metrics overview"),
  },
  overages: {
    operation: "shieldMetrics.overages",
    method: "GET",
    path: "/shield/metrics/overages/{shieldZoneId}",
    // The overages are the answer itself (no `data`): it must name its month.
    validate: (b) =>
      typeof b.month === "number" && typeof b.year === "number"
        ? undefined
        : 'the overages answer names no "year" and "month"',
  },
  rateLimit: {
    operation: "shieldMetrics.rateLimit",
    method: "GET",
    path: "/shield/metrics/rate-limit/{id}",
    validate: dataObject("rate-limit metrics"),
  },
  wafRule: {
    operation: "shieldMetrics.wafRule",
    method: "GET",
    path: `${ZONE}/waf-rule/{ruleId}`,
    validate: dataObject("WAF rule metrics"),
  },
  botDetection: {
    operation: "shieldMetrics.botDetection",
    method: "GET",
    path: `${ZONE}/bot-detection`,
    validate: dataObject("bot detection metrics"),
  },
  uploadScanning: {
    operation: "shieldMetrics.uploadScanning",
    method: "GET",
    path: `${ZONE}/upload-scanning`,
    validate: dataObject("upload scanning metrics"),
  },
  apiGuardian: {
    operation: "shieldMetrics.apiGuardian",
    method: "GET",
    path: `${ZONE}/api-guardian`,
    validate: dataObject("API guardian metrics"),
  },
  apiGuardianEndpoint: {
    operation: "shieldMetrics.apiGuardianEndpoint",
    method: "GET",
    path: `${ZONE}/api-guardian/endpoint/{endpointId}`,
    validate: dataObject("API guardian endpoint metrics"),
  },
} as const satisfies Record<string, EndpointDef>;

/** Detailed metrics area of the {@link Client} (`client.shieldMetrics`). */
export class ShieldMetricsApi {
  /** @internal Use `client.shieldMetrics`. */
  constructor(private readonly t: Caller) {}

  private async data<T>(
    def: EndpointDef,
    params: Record<string, string | number>,
    opts?: RequestOptions,
    query?: Record<string, string | number | undefined>,
  ): Promise<T> {
    return (await this.t.call<{ data: T }>(def, { params, query }, opts)).data.data;
  }

  /** The `data` of a GET of one zone's metrics (`def` has the one parameter `shieldZoneId`). */
  private zoneData<T>(def: EndpointDef, shieldZoneId: number, opts?: RequestOptions): Promise<T> {
    checkId(def.operation, "shieldZoneId", shieldZoneId);
    return this.data(def, { shieldZoneId }, opts);
  }

  /**
   * A zone's metrics per feature over a range, as series and totals (GET
   * `/shield/metrics/overview/{shieldZoneId}/detailed`, query `StartDate`, `EndDate`,
   * `Resolution`). Dates: a `Date` or an ISO 8601 date-time; the platform's defaults apply to
   * what is left out.
   */
  async overviewDetailed(
    shieldZoneId: number,
    query: Omit<DetailedMetricsQuery, "startDate" | "endDate"> & {
      startDate?: string | Date;
      endDate?: string | Date;
    } = {},
    opts?: RequestOptions,
  ): Promise<DetailedMetricsOverview> {
    const op = shieldMetricsEndpoints.overviewDetailed.operation;
    checkId(op, "shieldZoneId", shieldZoneId);
    if (query.resolution !== undefined)
      checkEnum(op, "resolution", query.resolution, MetricsOverviewResolution);
    const when = (field: string, v: string | Date | undefined, end: boolean) =>
      v === undefined
        ? undefined
        : toIsoDateTime(v, field, { operation: op, dateOnly: end ? "end" : "start" });
    const q = {
      StartDate: when("startDate", query.startDate, false),
      EndDate: when("endDate", query.endDate, true),
      Resolution: query.resolution,
    };
    return this.data(shieldMetricsEndpoints.overviewDetailed, { shieldZoneId }, opts, q);
  }

  /**
   * A zone's overages of one month (GET `/shield/metrics/overages/{shieldZoneId}`, query
   * `year`, `month`; the platform's default: the current month).
   */
  async overages(
    shieldZoneId: number,
    query: OveragesQuery = {},
    opts?: RequestOptions,
  ): Promise<MonthlyOverages> {
    const op = shieldMetricsEndpoints.overages.operation;
    checkId(op, "shieldZoneId", shieldZoneId);
    if (
      query.month !== undefined &&
      !(Number.isInteger(query.month) && query.month >= 1 && query.month <= 12)
    )
      throw new InvalidArgumentError(
        op,
        "month",
        `must be an integer from 1 to 12; got ${JSON.stringify(query.month)}`,
      );
    if (
      query.year !== undefined &&
      !(Number.isInteger(query.year) && query.year >= 2000 && query.year <= 9999)
    )
      throw new InvalidArgumentError(
        op,
        "year",
        `must be a four-digit year; got ${JSON.stringify(query.year)}`,
      );
    const res = await this.t.call<MonthlyOverages>(
      shieldMetricsEndpoints.overages,
      { params: { shieldZoneId }, query: { year: query.year, month: query.month } },
      opts,
    );
    return res.data;
  }

  /** One rate-limit rule's metrics (GET `/shield/metrics/rate-limit/{id}`). */
  async rateLimit(id: number, opts?: RequestOptions): Promise<RateLimitRuleMetrics> {
    checkId(shieldMetricsEndpoints.rateLimit.operation, "id", id);
    return this.data(shieldMetricsEndpoints.rateLimit, { id }, opts);
  }

  /**
   * One managed WAF rule's metrics in a zone (GET `.../waf-rule/{ruleId}`).
   * @param ruleId a managed rule id (as `GET /shield/waf/rules/{shieldZoneId}` lists them).
   */
  async wafRule(
    shieldZoneId: number,
    ruleId: string,
    opts?: RequestOptions,
  ): Promise<WafRuleMetrics> {
    const op = shieldMetricsEndpoints.wafRule.operation;
    checkId(op, "shieldZoneId", shieldZoneId);
    checkRuleId(op, ruleId);
    return this.data(shieldMetricsEndpoints.wafRule, { shieldZoneId, ruleId }, opts);
  }

  /** A zone's bot detection metrics (GET `/shield/metrics/shield-zone/{shieldZoneId}/bot-detection`). */
  async botDetection(shieldZoneId: number, opts?: RequestOptions): Promise<BotDetectionMetrics> {
    return this.zoneData(shieldMetricsEndpoints.botDetection, shieldZoneId, opts);
  }

  /** A zone's upload scanning metrics (GET `.../upload-scanning`). */
  async uploadScanning(
    shieldZoneId: number,
    opts?: RequestOptions,
  ): Promise<UploadScanningMetrics> {
    return this.zoneData(shieldMetricsEndpoints.uploadScanning, shieldZoneId, opts);
  }

  /** A zone's API guardian metrics (GET `.../api-guardian`). */
  async apiGuardian(shieldZoneId: number, opts?: RequestOptions): Promise<ApiGuardianMetrics> {
    return this.zoneData(shieldMetricsEndpoints.apiGuardian, shieldZoneId, opts);
  }

  /**
   * One API guardian endpoint's metrics (GET `.../api-guardian/endpoint/{endpointId}`; the
   * ids are those of `client.shieldZones.getApiGuardian(...).endpoints`).
   */
  async apiGuardianEndpoint(
    shieldZoneId: number,
    endpointId: number,
    opts?: RequestOptions,
  ): Promise<ApiGuardianMetrics> {
    const op = shieldMetricsEndpoints.apiGuardianEndpoint.operation;
    checkId(op, "shieldZoneId", shieldZoneId);
    checkId(op, "endpointId", endpointId, true);
    return this.data(
      shieldMetricsEndpoints.apiGuardianEndpoint,
      { shieldZoneId, endpointId },
      opts,
    );
  }
}
