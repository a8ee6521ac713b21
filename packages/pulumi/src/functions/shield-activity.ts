/**
 * What a shield zone saw and how it treats bots: `getEventLogSearch`, `getShieldMetrics`,
 * `getBots` (each also as an Output form). Enumerations are names in every result.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import {
  BotCategorizationAction,
  BotCategory,
  BotCategoryAction,
  EVENT_LOG_SEARCH_WINDOW_MS,
  MetricsOverviewResolution,
  type ApiGuardianMetrics,
  type BotDetectionMetrics,
  type DetailedMetricsOverview,
  type EventGroup,
  type EventLogSearchRequest,
  type UploadScanningMetrics,
  type WafRuleMetrics,
} from "edgeplatform-client";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import type * as S from "./shield-schemas";
import { enumName, planName } from "../resources/kinds/access-list-names";
import { checkArgs, describe, fail, optInstant } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";
import { progressReporter } from "./progress";
import { shieldZoneOf, type ShieldZoneByIdArgs, type ShieldZoneByPullZoneArgs } from "./shield";

/** The zone members of an argument object (what `shieldZoneOf` checks). */
const zoneOf = (a: { shieldZoneId?: number; pullZoneId?: number }) => ({
  ...(a.shieldZoneId !== undefined ? { shieldZoneId: a.shieldZoneId } : {}),
  ...(a.pullZoneId !== undefined ? { pullZoneId: a.pullZoneId } : {}),
});

// ---------------------------------------------------------------------------------------
// getEventLogSearch
// ---------------------------------------------------------------------------------------

const searchArgs = schemaRef<typeof S.getEventLogSearchArgsSchema>(
  __dirname,
  "./shield-schemas",
  "getEventLogSearchArgsSchema",
);
type SearchArgs = Static<typeof S.getEventLogSearchArgsSchema>;

/** Arguments of {@link getEventLogSearch}: the zone (exactly one of the two) and the search. */
export type GetEventLogSearchArgs = (ShieldZoneByIdArgs | ShieldZoneByPullZoneArgs) &
  Omit<SearchArgs, "shieldZoneId" | "pullZoneId">;

/** One event of {@link GetEventLogSearchResult}. */
export interface EventLogSearchRow {
  /** Id of the event. */
  logId: string | null;
  /** When it happened, Unix time in milliseconds. */
  timestamp: number;
  /** The event's dimensions (`feature`, `ruleId`, `country`, `asn`, `action`, `url`, ...). */
  fields: Record<string, string>;
  /** The event as the platform logged it. */
  log: unknown;
}

/** One group of {@link GetEventLogSearchResult} (with `groupBy`). */
export interface EventLogSearchGroup {
  /** Each `groupBy` dimension and its value. */
  key: Record<string, string>;
  /** Events in the group. */
  count: number;
  /** First event of the group, Unix time in milliseconds. */
  firstSeen: number;
  /** Last event of the group, Unix time in milliseconds. */
  lastSeen: number;
  /** Events per time bucket (with `buckets`); empty otherwise. */
  sparkline: number[];
}

/** Result of {@link getEventLogSearch}. */
export interface GetEventLogSearchResult {
  /** The shield zone that was searched. */
  shieldZoneId: number;
  /** The pull zone the zone was named by (only when `pullZoneId` was given). */
  pullZoneId?: number;
  /** Start of the window searched, Unix time in milliseconds. */
  from: number;
  /** End of the window searched (exclusive), Unix time in milliseconds. */
  to: number;
  /** Matching events of the pages read, oldest first (empty with `groupBy`). */
  rows: EventLogSearchRow[];
  /** Groups of the pages read, largest first (only with `groupBy`). */
  groups: EventLogSearchGroup[];
  /** Matching events (or groups, with `groupBy`) in the whole window, by the platform's count. */
  total: number;
  /** Number of pages read. */
  pages: number;
  /** True when `maxPages` stopped the read while the platform had more pages. */
  truncated: boolean;
}

const SEARCH = "shield.getEventLogSearch";

/** An instant argument (`Date`, ISO 8601, Unix ms) as Unix ms; undefined when absent. */
function instantMs(field: string, v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === "number") {
    if (!Number.isInteger(v) || v < 0)
      fail(SEARCH, field, `Unix milliseconds must be a non-negative integer; got ${describe(v)}`);
    return v;
  }
  if (typeof v === "string" && /^\s*\d+\s*$/.test(v)) return Number(v);
  if (!(v instanceof Date) && (typeof v !== "string" || !/^\s*\d{4}-\d{2}-\d{2}/.test(v)))
    fail(
      SEARCH,
      field,
      `must be a Date, an ISO 8601 date-time or Unix milliseconds; got ${describe(v)}`,
    );
  return Date.parse(optInstant(SEARCH, field, v) as string);
}

/**
 * Searches a shield zone's events in a window of the last 72 hours (POST
 * `/shield/event-logs/{shieldZoneId}/search`), following every page (`pageSize` rows a page,
 * default 500) unless `maxPages` stops it: the matching rows, or with `groupBy` the groups.
 * Long reads report progress (see {@link DataSourceOptions.onProgress}).
 *
 * ```ts
 * const blocked = await edge.shield.getEventLogSearch({
 *   shieldZoneId: 1,
 *   from: new Date(Date.now() - 3_600_000),
 *   filters: [{ field: "action", op: "eq", value: ["block"] }],
 * });
 * ```
 * @throws InvalidArgumentError for a bad zone, window, filter, group or page size (naming the
 * field and the allowed values, before any call).
 * @throws EdgeApiError for platform errors (an unknown zone, ...).
 */
export async function getEventLogSearch(
  args: GetEventLogSearchArgs,
  opts: DataSourceOptions = {},
): Promise<GetEventLogSearchResult> {
  try {
    const a = checkArgs(SEARCH, searchArgs, args);
    const now = Date.now();
    const from = instantMs("from", a.from);
    if (from === undefined)
      fail(SEARCH, "from", "is required (a Date, an ISO 8601 date-time or Unix milliseconds)");
    const to = instantMs("to", a.to) ?? now;
    const earliest = now - EVENT_LOG_SEARCH_WINDOW_MS;
    if (from < earliest)
      fail(
        SEARCH,
        "from",
        `${new Date(from).toISOString()} is outside the searchable window: the last 72 hours, ` +
          `i.e. from ${new Date(earliest).toISOString()}`,
      );
    if (to <= from)
      fail(SEARCH, "to", `must be after "from" (${new Date(from).toISOString()}); got ${to}`);
    const zone = await shieldZoneOf(SEARCH, zoneOf(a), opts);
    const body: EventLogSearchRequest = {
      from,
      to,
      ...(a.query !== undefined && a.query !== "" ? { query: a.query } : {}),
      ...(a.filters?.length ? { filters: a.filters } : {}),
      ...(a.groupBy?.length ? { groupBy: a.groupBy } : {}),
      ...(a.buckets !== undefined ? { buckets: a.buckets } : {}),
      pageSize: a.pageSize ?? 500,
    };
    const progress = progressReporter(SEARCH, opts);
    const rows: EventLogSearchRow[] = [];
    const groups: EventLogSearchGroup[] = [];
    const client = await connectedClient(opts);
    let pages = 0;
    let total = 0;
    let more = true;
    while (more && (a.maxPages === undefined || pages < a.maxPages)) {
      const res = await client.shieldEvents.search(zone.shieldZoneId, { ...body, page: pages });
      pages++;
      total = res.total;
      for (const r of res.rows ?? [])
        rows.push({
          logId: r.logId,
          timestamp: r.timestamp,
          fields: { ...(r.fields ?? {}) },
          log: r.log ?? null,
        });
      for (const g of res.groups ?? []) groups.push(groupOf(g));
      const got = (res.rows?.length ?? 0) + (res.groups?.length ?? 0);
      more = pages < res.totalPages && got > 0;
      progress.update({ pages, records: rows.length + groups.length });
    }
    progress.update({ pages, records: rows.length + groups.length }, true);
    return { ...zone, from, to, rows, groups, total, pages, truncated: more };
  } catch (e) {
    throw programError(e);
  }
}

const groupOf = (g: EventGroup): EventLogSearchGroup => ({
  key: { ...(g.key ?? {}) },
  count: g.count,
  firstSeen: g.firstSeen,
  lastSeen: g.lastSeen,
  sparkline: [...(g.sparkline ?? [])],
});

/** Output form of {@link getEventLogSearch} (accepts Inputs). */
export function getEventLogSearchOutput(
  args: Inputs<GetEventLogSearchArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetEventLogSearchResult> {
  return dataSourceOutput(args, opts, getEventLogSearch);
}

// ---------------------------------------------------------------------------------------
// getShieldMetrics
// ---------------------------------------------------------------------------------------

const metricsArgs = schemaRef<typeof S.getShieldMetricsArgsSchema>(
  __dirname,
  "./shield-schemas",
  "getShieldMetricsArgsSchema",
);
type MetricsArgs = Static<typeof S.getShieldMetricsArgsSchema>;

/** The detailed overview of {@link getShieldMetrics} (`area: "overview"`), resolution by name. */
export type DetailedMetricsView = Omit<DetailedMetricsOverview, "resolution"> & {
  /** The resolution of the series (`"Auto"`, `"Hourly"`, `"Daily"`, ...). */
  resolution?: string;
};

/** A month's overages (`area: "overages"`), plans by name. */
export interface OveragesView {
  year: number;
  month: number;
  /** Requests over the plan's allowance in the month. */
  totalOverage: number;
  totalCleanRequests: number;
  /** One period on one plan each. */
  segments: {
    periodStart: string;
    periodEnd: string;
    /** The plan of the period (`"Basic"` … `"Enterprise"`). */
    planType: string;
    overageAllowance: number;
    overage: number;
  }[];
}

/** What each area of {@link getShieldMetrics} reads. */
export interface ShieldMetricsByArea {
  /** Per feature (`waf`, `ddos`, `rateLimit`, ...): series by time and totals, over a range. */
  overview: DetailedMetricsView;
  /** The overages of one month. */
  overages: OveragesView;
  /** One managed WAF rule's triggers: totals and the past 28 days. */
  wafRule: WafRuleMetrics;
  /** Bot detection: totals and the past 28 days. */
  botDetection: BotDetectionMetrics;
  /** Upload scanning: totals and the past 28 days. */
  uploadScanning: UploadScanningMetrics;
  /** API guardian (the zone's, or one endpoint's): totals and the past 28 days. */
  apiGuardian: ApiGuardianMetrics;
}
/** An area of {@link getShieldMetrics}. */
export type ShieldMetricsArea = MetricsArgs["area"];

/** Arguments of {@link getShieldMetrics}: the zone, the area, and that area's arguments. */
export type GetShieldMetricsArgs<A extends ShieldMetricsArea = ShieldMetricsArea> = (
  ShieldZoneByIdArgs | ShieldZoneByPullZoneArgs
) &
  Omit<MetricsArgs, "shieldZoneId" | "pullZoneId" | "area"> & {
    /** The area to read (see {@link ShieldMetricsArea}); the other arguments follow it. */
    area: A;
  };

/** Result of {@link getShieldMetrics}. */
export interface GetShieldMetricsResult<A extends ShieldMetricsArea = ShieldMetricsArea> {
  /** The shield zone that was read. */
  shieldZoneId: number;
  /** The pull zone the zone was named by (only when `pullZoneId` was given). */
  pullZoneId?: number;
  /** The area that was read. */
  area: A;
  /** The area's metrics (see {@link ShieldMetricsByArea}). */
  metrics: ShieldMetricsByArea[A];
}

const METRICS = "shield.getShieldMetrics";

/** The arguments each area takes beyond the zone (any other is refused). */
const AREA_ARGS: Record<ShieldMetricsArea, readonly (keyof MetricsArgs)[]> = {
  overview: ["startDate", "endDate", "resolution"],
  overages: ["year", "month"],
  wafRule: ["ruleId"],
  botDetection: [],
  uploadScanning: [],
  apiGuardian: ["endpointId"],
};

/**
 * Reads a shield zone's detailed metrics of one `area`: the `overview` per feature over a
 * range (`startDate`, `endDate`, `resolution`; the platform's defaults: the past 7 days,
 * `Auto`), a month's `overages` (`year`, `month`; default the current month), one managed
 * rule's (`wafRule`, `ruleId`), `botDetection`, `uploadScanning`, or `apiGuardian` (the zone's,
 * or one `endpointId`'s). The result's type follows the area.
 *
 * ```ts
 * const week = await edge.shield.getShieldMetrics({ shieldZoneId: 1, area: "overview", resolution: "Daily" });
 * console.log(week.metrics.waf?.totals?.blockedRequests);
 * ```
 * @throws InvalidArgumentError for a bad zone or area, or an argument the area does not take
 * (naming it and the allowed values, before any call).
 * @throws EdgeApiError for platform errors (an unknown zone or rule, ...).
 */
export async function getShieldMetrics<A extends ShieldMetricsArea>(
  args: GetShieldMetricsArgs<A>,
  opts: DataSourceOptions = {},
): Promise<GetShieldMetricsResult<A>> {
  try {
    const a = checkArgs(METRICS, metricsArgs, args);
    const area = a.area as A;
    for (const [field, v] of Object.entries(a)) {
      if (v === undefined || ["shieldZoneId", "pullZoneId", "area"].includes(field)) continue;
      if (!AREA_ARGS[area].includes(field as keyof MetricsArgs)) {
        const owner = (Object.keys(AREA_ARGS) as ShieldMetricsArea[]).find((k) =>
          AREA_ARGS[k].includes(field as keyof MetricsArgs),
        );
        fail(METRICS, field, `applies to area "${owner}" only; area is "${area}"`);
      }
    }
    if (area === "wafRule" && a.ruleId === undefined)
      fail(METRICS, "ruleId", 'is required with area "wafRule" (a managed WAF rule id)');
    for (const f of ["startDate", "endDate"] as const) optInstant(METRICS, f, a[f]);
    const zone = await shieldZoneOf(METRICS, zoneOf(a), opts);
    const m = (await connectedClient(opts)).shieldMetrics;
    const id = zone.shieldZoneId;
    let metrics: ShieldMetricsByArea[ShieldMetricsArea];
    switch (area) {
      case "overview": {
        const d = await m.overviewDetailed(id, {
          ...(a.startDate !== undefined ? { startDate: a.startDate } : {}),
          ...(a.endDate !== undefined ? { endDate: a.endDate } : {}),
          ...(a.resolution !== undefined
            ? { resolution: MetricsOverviewResolution[a.resolution] }
            : {}),
        });
        const { resolution, ...rest } = d;
        metrics = {
          ...rest,
          ...(resolution !== undefined
            ? { resolution: enumName(MetricsOverviewResolution, resolution) }
            : {}),
        };
        break;
      }
      case "overages": {
        const o = await m.overages(id, {
          ...(a.year !== undefined ? { year: a.year } : {}),
          ...(a.month !== undefined ? { month: a.month } : {}),
        });
        metrics = {
          year: o.year,
          month: o.month,
          totalOverage: o.totalOverage,
          totalCleanRequests: o.totalCleanRequests,
          segments: (o.segments ?? []).map((s) => ({ ...s, planType: planName(s.planType) })),
        };
        break;
      }
      case "wafRule":
        metrics = await m.wafRule(id, a.ruleId as string);
        break;
      case "botDetection":
        metrics = await m.botDetection(id);
        break;
      case "uploadScanning":
        metrics = await m.uploadScanning(id);
        break;
      default:
        metrics =
          a.endpointId !== undefined
            ? await m.apiGuardianEndpoint(id, a.endpointId)
            : await m.apiGuardian(id);
    }
    return { ...zone, area, metrics: metrics as ShieldMetricsByArea[A] };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getShieldMetrics} (accepts Inputs). */
export function getShieldMetricsOutput<A extends ShieldMetricsArea>(
  args: Inputs<GetShieldMetricsArgs<A>>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetShieldMetricsResult<A>> {
  return dataSourceOutput(args, opts, getShieldMetrics<A>);
}

// ---------------------------------------------------------------------------------------
// getBots
// ---------------------------------------------------------------------------------------

/** Arguments of {@link getBots}: exactly one of `shieldZoneId` and `pullZoneId`. */
export type GetBotsArgs = ShieldZoneByIdArgs | ShieldZoneByPullZoneArgs;

/** One known bot of {@link GetBotsResult}. */
export interface BotSummary {
  /** Id of the bot. */
  botId: number;
  /** What the bot's User-Agent matches (`"GPTBot"`). */
  userAgentMatch: string | null;
  /** Its category (`"SEO"`, `"AIScraper"`, `"AITool"`, `"Tool"`, `"Ads"`, `"Preview"`, `"Social"`, ...). */
  category: string;
  /** The zone's action for the bot (`"None"`: not set; `"Block"`, `"Allow"`, `"Ignore"`). */
  action: string;
  /** Whether the platform can verify that a request comes from the bot. */
  verifiable: boolean;
}

/** One bot category of {@link GetBotsResult}. */
export interface BotCategorySummary {
  /** The category's name. */
  category: string;
  /** The zone's action for the whole category (`"None"`: not set; `"Block"`, `"Allow"`). */
  action: string;
  /** The category's bots. */
  bots: BotSummary[];
}

/** Result of {@link getBots}. */
export interface GetBotsResult {
  /** The shield zone that was read. */
  shieldZoneId: number;
  /** The pull zone the zone was named by (only when `pullZoneId` was given). */
  pullZoneId?: number;
  /** The categories in the platform's order, each with its bots. */
  categories: BotCategorySummary[];
  /** Every bot of every category, in one list. */
  bots: BotSummary[];
}

/** Category names (the path parameter's `255 = System` included). */
const CATEGORIES: Record<string, number> = { ...BotCategory, System: 255 };

/**
 * Reads a shield zone's bot categorization (GET
 * `/shield/shield-zone/{shieldZoneId}/bot-categorization`): the known bots by category, with
 * the zone's action for each bot and category, by name.
 *
 * ```ts
 * const { bots } = await edge.shield.getBots({ shieldZoneId: 1 });
 * const gpt = bots.find((b) => b.userAgentMatch === "GPTBot");
 * ```
 * @throws InvalidArgumentError for a bad or missing `shieldZoneId`/`pullZoneId` (before any call).
 * @throws EdgeApiError for platform errors (an unknown zone, ...).
 */
export async function getBots(
  args: GetBotsArgs,
  opts: DataSourceOptions = {},
): Promise<GetBotsResult> {
  try {
    const zone = await shieldZoneOf("shield.getBots", args, opts);
    const list = await (await connectedClient(opts)).shieldBots.list(zone.shieldZoneId);
    const categories = (list.categories ?? []).map((c) => ({
      category: enumName(CATEGORIES, c.category),
      action: enumName(BotCategoryAction, c.categoryAction),
      bots: (c.bots ?? []).map((b) => ({
        botId: b.botId,
        userAgentMatch: b.userAgentMatch ?? null,
        category: enumName(CATEGORIES, b.category),
        action: enumName(BotCategorizationAction, b.action),
        verifiable: b.isVerifiable,
      })),
    }));
    return { ...zone, categories, bots: categories.flatMap((c) => c.bots) };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getBots} (accepts Inputs). */
export function getBotsOutput(
  args: Inputs<GetBotsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetBotsResult> {
  return dataSourceOutput(args, opts, getBots);
}
