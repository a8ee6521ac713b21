/**
 * Shield data sources: `getEventLogs`, `getWafRules`, `getAccessLists` (each also as an
 * Output form).
 */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import type * as S from "./shield-schemas";
import { formatEventLogDate, type EventLogEntry } from "edgeplatform-client";
import {
  schemaRef,
  WafEnumsByField,
  type AccessListDetails,
} from "edgeplatform-client/spec/runtime";
import { actionName, categoryName, planName, typeName } from "../resources/kinds/access-list-names";
import type { WafRuleConfigurationState } from "../resources/public/waf-rule";
import { checkArgs, checkRetainedDay, fail } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";
import { progressReporter } from "./progress";

const getEventLogsArgs = schemaRef<typeof S.getEventLogsArgsSchema>(
  __dirname,
  "./shield-schemas",
  "getEventLogsArgsSchema",
);
/** Arguments of {@link getEventLogs}. */
export type GetEventLogsArgs = Static<typeof S.getEventLogsArgsSchema>;

/** Result of {@link getEventLogs}. */
export interface GetEventLogsResult {
  /** The shield zone that was read. */
  shieldZoneId: number;
  /** The day that was read, `MM-dd-yyyy` (UTC). */
  date: string;
  /** Every log entry of the pages read, in page order. */
  logs: EventLogEntry[];
  /** Number of pages read. */
  pages: number;
  /** True when `maxPages` stopped the read while the platform had more pages. */
  truncated: boolean;
}

const OPERATION = "shield.getEventLogs";

/**
 * Validates the `date` argument of {@link getEventLogs} and returns it as `MM-dd-yyyy`.
 * Rejects days outside the platform's window (today and the two previous UTC days).
 * @internal exported for tests.
 */
export function checkEventLogDate(date: unknown, now = Date.now()): string {
  return checkRetainedDay(
    OPERATION,
    date,
    formatEventLogDate,
    "the readable window of shield event logs",
    now,
  );
}

/**
 * Reads all shield event logs of one zone and day, following every page in order (first
 * page without a token, then each `continuationToken` while `hasMoreData`). Long reads
 * report progress (see {@link DataSourceOptions.onProgress}).
 *
 * ```ts
 * const { logs, pages, truncated } = await edge.shield.getEventLogs({ shieldZoneId: 1, date: new Date() });
 * ```
 * @throws InvalidArgumentError for a bad `shieldZoneId`, `maxPages`, or a `date` that is
 * malformed or outside the 3-day window (checked before any call).
 * @throws EdgeApiError for platform errors, including embedded `success: false` results.
 */
export async function getEventLogs(
  args: GetEventLogsArgs,
  opts: DataSourceOptions = {},
): Promise<GetEventLogsResult> {
  try {
    const { shieldZoneId, maxPages } = checkArgs(OPERATION, getEventLogsArgs, args);
    const date = checkEventLogDate(args.date);
    const progress = progressReporter(OPERATION, opts);
    const logs: EventLogEntry[] = [];
    let pages = 0;
    let hasMore = false;
    for await (const page of (await connectedClient(opts)).shield.eventLogPages(
      shieldZoneId,
      date,
      {
        ...(maxPages !== undefined ? { maxPages } : {}),
      },
    )) {
      pages++;
      for (const entry of page.logs ?? []) logs.push(entry);
      hasMore = page.hasMoreData === true && !!page.continuationToken;
      progress.update({ pages, records: logs.length });
    }
    progress.update({ pages, records: logs.length }, true);
    return { shieldZoneId, date, logs, pages, truncated: hasMore && maxPages !== undefined };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getEventLogs} (accepts Inputs). */
export function getEventLogsOutput(
  args: Inputs<GetEventLogsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetEventLogsResult> {
  return dataSourceOutput(args, opts, getEventLogs);
}

const zoneArgs = schemaRef<typeof S.zoneArgsSchema>(
  __dirname,
  "./shield-schemas",
  "zoneArgsSchema",
);

/** A shield zone named by its id. */
export interface ShieldZoneByIdArgs {
  /** ID of the shield zone. */
  shieldZoneId: number;
  /** Not with `shieldZoneId`: one of the two names the zone. */
  pullZoneId?: never;
}
/** A shield zone named by its pull zone. */
export interface ShieldZoneByPullZoneArgs {
  /** Not with `pullZoneId`: one of the two names the zone. */
  shieldZoneId?: never;
  /** ID of a pull zone: its shield zone is read. */
  pullZoneId: number;
}

/**
 * Checks the zone arguments of `operation` and returns the shield zone (through
 * `getShieldZoneByPullZone` for a `pullZoneId`).
 * @throws InvalidArgumentError naming the field, before any call.
 * @internal shared by the shield data sources.
 */
export async function shieldZoneOf(
  operation: string,
  args: unknown,
  opts: DataSourceOptions,
): Promise<{ shieldZoneId: number; pullZoneId?: number }> {
  const a = checkArgs(operation, zoneArgs, args);
  if ((a.shieldZoneId === undefined) === (a.pullZoneId === undefined)) {
    fail(
      operation,
      a.shieldZoneId === undefined ? "shieldZoneId" : "pullZoneId",
      a.shieldZoneId === undefined
        ? "one of `shieldZoneId` or `pullZoneId` is required (a positive integer)"
        : "give exactly one of `shieldZoneId` or `pullZoneId`, not both",
    );
  }
  if (a.shieldZoneId !== undefined) return { shieldZoneId: a.shieldZoneId };
  const zone = await (
    await connectedClient(opts)
  ).shield.getShieldZoneByPullZone(a.pullZoneId as number);
  return { shieldZoneId: zone.shieldZoneId, pullZoneId: a.pullZoneId };
}

/** Arguments of {@link getWafRules}: exactly one of `shieldZoneId` and `pullZoneId`. */
export type GetWafRulesArgs = ShieldZoneByIdArgs | ShieldZoneByPullZoneArgs;

/** One custom WAF rule of {@link GetWafRulesResult}. */
export interface WafRuleSummary {
  /** Id of the rule (what `edge.shield.WafRule` adopts with `ruleId`). */
  ruleId: number;
  /** Name of the rule. */
  ruleName: string | null;
  /** Description of the rule. */
  ruleDescription: string | null;
  /**
   * The rule's configuration, enumerations as names (`actionType: "Block"`,
   * `operatorType: "BEGINSWITH"`, as `edge.shield.WafRule` states show them); an integer
   * without a name stays an integer.
   */
  ruleConfiguration: WafRuleConfigurationState;
}

/** Result of {@link getWafRules}. */
export interface GetWafRulesResult {
  /** The shield zone that was read. */
  shieldZoneId: number;
  /** The pull zone the zone was named by (only when `pullZoneId` was given). */
  pullZoneId?: number;
  /** Every custom WAF rule of the zone (all pages), in the platform's order. */
  rules: WafRuleSummary[];
}

/** Enumeration names of a WAF rule configuration (integers without a name are kept). */
function wafConfigurationNames(c: Record<string, unknown>): WafRuleConfigurationState {
  const enums = WafEnumsByField as unknown as Record<string, Record<string, number>>;
  const name = (field: string, v: unknown) =>
    typeof v === "number" ? (Object.keys(enums[field]).find((k) => enums[field][k] === v) ?? v) : v;
  const out: Record<string, unknown> = { ...c };
  for (const field of ["actionType", "operatorType", "severityType"]) {
    if (field in out) out[field] = name(field, out[field]);
  }
  if (Array.isArray(out.transformationTypes)) {
    out.transformationTypes = out.transformationTypes.map((t) => name("transformationTypes", t));
  }
  if (Array.isArray(out.chainedRuleConditions)) {
    out.chainedRuleConditions = out.chainedRuleConditions.map((x) =>
      x && typeof x === "object" && "operatorType" in x
        ? {
            ...x,
            operatorType: name("operatorType", (x as { operatorType: unknown }).operatorType),
          }
        : x,
    );
  }
  return out as WafRuleConfigurationState;
}

/**
 * Reads every custom WAF rule of a shield zone (all pages of GET
 * `/shield/waf/custom-rules/{shieldZoneId}`), with enumerations as names.
 *
 * ```ts
 * const { rules } = await edge.shield.getWafRules({ shieldZoneId: 2 });
 * ```
 * @throws InvalidArgumentError for a bad or missing `shieldZoneId`/`pullZoneId` (before any call).
 * @throws EdgeApiError for platform errors (an unknown zone, ...).
 */
export async function getWafRules(
  args: GetWafRulesArgs,
  opts: DataSourceOptions = {},
): Promise<GetWafRulesResult> {
  try {
    const zone = await shieldZoneOf("shield.getWafRules", args, opts);
    const rules = await (await connectedClient(opts)).waf.listAllCustomWafRules(zone.shieldZoneId);
    return {
      ...zone,
      rules: rules.map((r) => ({
        ruleId: r.id,
        ruleName: r.ruleName ?? null,
        ruleDescription: r.ruleDescription ?? null,
        ruleConfiguration: wafConfigurationNames({ ...(r.ruleConfiguration ?? {}) }),
      })),
    };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getWafRules} (accepts Inputs). */
export function getWafRulesOutput(
  args: Inputs<GetWafRulesArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetWafRulesResult> {
  return dataSourceOutput(args, opts, getWafRules);
}

/** Arguments of {@link getAccessLists}: exactly one of `shieldZoneId` and `pullZoneId`. */
export type GetAccessListsArgs = ShieldZoneByIdArgs | ShieldZoneByPullZoneArgs;

/** One list of {@link GetAccessListsResult} (`AccessListDetails`), enumerations as names. */
export interface AccessListSummary {
  /** Id of the list (a custom list: what `edge.shield.AccessList` adopts). */
  listId: number;
  /** Id of the zone's configuration of the list (what the configuration PATCH is keyed by). */
  configurationId: number;
  /** Name of the list. */
  name: string;
  /** Description of the list. */
  description: string | null;
  /** What the entries are (`AccessListType`): `"IP"`, `"CIDR"`, `"ASN"`, `"Country"`, ... */
  type: string;
  /** Whether the list is applied in the zone (`isEnabled`). */
  enabled: boolean;
  /** What a match does (`AccessListAction`): `"None"`, `"Allow"`, `"Block"`, ... */
  action: string;
  /** Category flags by name (`"TorExitNodes"`; combined joined by `|`; `"None"`). */
  category: string;
  /** The lowest plan the list is available on (`ShieldPlanType`): `"Basic"` … `"Enterprise"`. */
  requiredPlan: string;
  /** Number of entries. */
  entryCount: number;
  /** How often the platform refreshes a managed list (free text); null when not given. */
  updateFrequency: string | null;
  /** ISO 8601 timestamp of the last change of the entries; null when not given. */
  lastUpdated: string | null;
}

/** Result of {@link getAccessLists}. */
export interface GetAccessListsResult {
  /** The shield zone that was read. */
  shieldZoneId: number;
  /** The pull zone the zone was named by (only when `pullZoneId` was given). */
  pullZoneId?: number;
  /** The managed (curated) lists and the zone's configuration of each. */
  managedLists: AccessListSummary[];
  /** The zone's own (custom) lists and their configuration. */
  customLists: AccessListSummary[];
  /** Entries in the zone's custom lists, all lists together. */
  customEntryCount: number;
  /** Most entries the zone's custom lists may hold together (plan limit). */
  customEntryLimit: number;
  /** Number of custom lists. */
  customListCount: number;
  /** Most custom lists the zone may hold (plan limit). */
  customListLimit: number;
}

const accessListSummary = (l: AccessListDetails): AccessListSummary => ({
  listId: l.listId,
  configurationId: l.configurationId,
  name: l.name,
  description: l.description ?? null,
  type: typeName(l.type),
  enabled: l.isEnabled,
  action: String(actionName(l.action)),
  category: categoryName(l.category),
  requiredPlan: planName(l.requiredPlan),
  entryCount: l.entryCount,
  updateFrequency: l.updateFrequency ?? null,
  lastUpdated: l.lastUpdated ?? null,
});

/**
 * Reads every access list of a shield zone, managed and custom, with the zone's
 * configuration of each and its custom-list limits (GET
 * `/shield/shield-zone/{shieldZoneId}/access-lists`), enumerations as names.
 *
 * ```ts
 * const { managedLists } = await edge.shield.getAccessLists({ shieldZoneId: 1 });
 * ```
 * @throws InvalidArgumentError for a bad or missing `shieldZoneId`/`pullZoneId` (before any call).
 * @throws EdgeApiError for platform errors (an unknown zone, ...).
 */
export async function getAccessLists(
  args: GetAccessListsArgs,
  opts: DataSourceOptions = {},
): Promise<GetAccessListsResult> {
  try {
    const zone = await shieldZoneOf("shield.getAccessLists", args, opts);
    const all = await (await connectedClient(opts)).accessLists.listAccessLists(zone.shieldZoneId);
    return {
      ...zone,
      managedLists: all.managedLists.map(accessListSummary),
      customLists: all.customLists.map(accessListSummary),
      customEntryCount: all.customEntryCount,
      customEntryLimit: all.customEntryLimit,
      customListCount: all.customListCount,
      customListLimit: all.customListLimit,
    };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getAccessLists} (accepts Inputs). */
export function getAccessListsOutput(
  args: Inputs<GetAccessListsArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetAccessListsResult> {
  return dataSourceOutput(args, opts, getAccessLists);
}
