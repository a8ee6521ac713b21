/**
 * The functions the native provider plugin serves (`Invoke`): every data source of the package,
 * each the TypeScript data source itself (`edge.dns.getDnsZone` is the plugin's
 * `edgeplatform:dns:getDnsZone`; its module is the TypeScript namespace). Each entry names the
 * data source, the TypeBox schema it checks its arguments against (the schema's inputs come from
 * it, schema.ts) and the declarations of its result (the schema's outputs and their
 * descriptions). test/unit/plugin-functions.test.ts fails when a data source of the package is
 * missing here or when its arguments and the schema's inputs differ.
 */
import type { SchemaRef } from "edgeplatform-client/spec/runtime";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { getScriptStatistics } from "../functions/compute";
import { getRegionSettings, getRegistry } from "../functions/containers";
import { getDnsRecords, getDnsZone, getDnsZones, getDnsZoneStatistics } from "../functions/dns";
import { getLegacyAccessLogs } from "../functions/legacy-logging";
import { getAccessLogs } from "../functions/logging";
import type { DataSourceOptions } from "../functions/options";
import { checkNameAvailability } from "../functions/pullzones";
import { getAccessLists, getEventLogs, getWafRules } from "../functions/shield";
import { getBots, getEventLogSearch, getShieldMetrics } from "../functions/shield-activity";
import {
  getManagedWafRules,
  getMetrics,
  getRateLimitMetrics,
  getZone,
  getZones,
} from "../functions/shield-zones";
import { PACKAGE, type DeclarationSources } from "./resources";

/** One function of the plugin: a data source of the package. */
export interface PluginFunction {
  /** Module of the token: the data source's namespace in the package (`dns`). */
  module: string;
  /** The data source's name (`getDnsZone`): the token's last part. */
  name: string;
  /** The data source (the TypeScript program's `edge.<module>.<name>`). */
  run: (args: never, opts: DataSourceOptions) => Promise<unknown>;
  /** The TypeBox schema the data source checks its arguments against. */
  args: SchemaRef;
  /** The file declaring the data source (its doc comment is the function's description). */
  file: string;
  /** Declarations of the result's fields (relative to packages/pulumi/src). */
  result: DeclarationSources;
}

const F = (name: string) => `functions/${name}.ts`;
/** The schema `name` of the schema module `functions/<module>-schemas`. */
const args = (module: string, name: string): SchemaRef =>
  schemaRef(__dirname, `../functions/${module}-schemas`, name);
const SPEC_TYPES = "../../client/src/spec/types.ts";

/** The functions of the plugin: every data source of the package. */
export const PLUGIN_FUNCTIONS: readonly PluginFunction[] = [
  {
    module: "shield",
    name: "getEventLogs",
    run: getEventLogs as PluginFunction["run"],
    args: args("shield", "getEventLogsArgsSchema"),
    file: F("shield"),
    result: { [F("shield")]: ["GetEventLogsResult"] },
  },
  {
    module: "shield",
    name: "getWafRules",
    run: getWafRules as PluginFunction["run"],
    args: args("shield", "zoneArgsSchema"),
    file: F("shield"),
    result: { [F("shield")]: ["GetWafRulesResult"] },
  },
  {
    module: "shield",
    name: "getAccessLists",
    run: getAccessLists as PluginFunction["run"],
    args: args("shield", "zoneArgsSchema"),
    file: F("shield"),
    result: { [F("shield")]: ["GetAccessListsResult"] },
  },
  {
    module: "shield",
    name: "getEventLogSearch",
    run: getEventLogSearch as PluginFunction["run"],
    args: args("shield", "getEventLogSearchArgsSchema"),
    file: F("shield-activity"),
    result: { [F("shield-activity")]: ["GetEventLogSearchResult"] },
  },
  {
    module: "shield",
    name: "getShieldMetrics",
    run: getShieldMetrics as PluginFunction["run"],
    args: args("shield", "getShieldMetricsArgsSchema"),
    file: F("shield-activity"),
    result: { [F("shield-activity")]: ["GetShieldMetricsResult"] },
  },
  {
    module: "shield",
    name: "getBots",
    run: getBots as PluginFunction["run"],
    args: args("shield", "zoneArgsSchema"),
    file: F("shield-activity"),
    result: { [F("shield-activity")]: ["GetBotsResult"] },
  },
  {
    module: "shield",
    name: "getZone",
    run: getZone as PluginFunction["run"],
    args: args("shield", "zoneArgsSchema"),
    file: F("shield-zones"),
    result: { [F("shield-zone-view")]: ["ShieldZoneView"] },
  },
  {
    module: "shield",
    name: "getZones",
    run: getZones as PluginFunction["run"],
    args: args("shield", "getZonesArgsSchema"),
    file: F("shield-zones"),
    result: { [F("shield-zones")]: ["GetZonesResult"] },
  },
  {
    module: "shield",
    name: "getManagedWafRules",
    run: getManagedWafRules as PluginFunction["run"],
    args: args("shield", "zoneArgsSchema"),
    file: F("shield-zones"),
    result: { [F("shield-zones")]: ["GetManagedWafRulesResult"] },
  },
  {
    module: "shield",
    name: "getMetrics",
    run: getMetrics as PluginFunction["run"],
    args: args("shield", "zoneArgsSchema"),
    file: F("shield-zones"),
    result: { [F("shield-zones")]: ["GetMetricsResult"] },
  },
  {
    module: "shield",
    name: "getRateLimitMetrics",
    run: getRateLimitMetrics as PluginFunction["run"],
    args: args("shield", "zoneArgsSchema"),
    file: F("shield-zones"),
    result: { [F("shield-zones")]: ["GetRateLimitMetricsResult"] },
  },
  {
    module: "dns",
    name: "getDnsZone",
    run: getDnsZone as PluginFunction["run"],
    args: args("dns", "getDnsZoneArgsSchema"),
    file: F("dns"),
    result: { [F("dns")]: ["GetDnsZoneResult", "DnsZoneResult"] },
  },
  {
    module: "dns",
    name: "getDnsZones",
    run: getDnsZones as PluginFunction["run"],
    args: args("dns", "getDnsZonesArgsSchema"),
    file: F("dns"),
    result: { [F("dns")]: ["GetDnsZonesResult"] },
  },
  {
    module: "dns",
    name: "getDnsRecords",
    run: getDnsRecords as PluginFunction["run"],
    args: args("dns", "getDnsRecordsArgsSchema"),
    file: F("dns"),
    result: { [F("dns")]: ["GetDnsRecordsResult"] },
  },
  {
    module: "dns",
    name: "getDnsZoneStatistics",
    run: getDnsZoneStatistics as PluginFunction["run"],
    args: args("dns", "getDnsZoneStatisticsArgsSchema"),
    file: F("dns"),
    result: { [F("dns")]: ["GetDnsZoneStatisticsResult"] },
  },
  {
    module: "containers",
    name: "getRegistry",
    run: getRegistry as PluginFunction["run"],
    args: args("containers", "getRegistryArgsSchema"),
    file: F("containers"),
    result: { [SPEC_TYPES]: ["ContainerRegistry"] },
  },
  {
    module: "containers",
    name: "getRegionSettings",
    run: getRegionSettings as PluginFunction["run"],
    args: args("containers", "getRegionSettingsArgsSchema"),
    file: F("containers"),
    result: { [SPEC_TYPES]: ["RegionSettings"] },
  },
  {
    module: "compute",
    name: "getScriptStatistics",
    run: getScriptStatistics as PluginFunction["run"],
    args: args("compute", "getScriptStatisticsArgsSchema"),
    file: F("compute"),
    result: { [F("compute")]: ["GetScriptStatisticsResult"] },
  },
  {
    module: "pullzones",
    name: "checkNameAvailability",
    run: checkNameAvailability as PluginFunction["run"],
    args: args("pullzones", "checkNameAvailabilityArgsSchema"),
    file: F("pullzones"),
    result: { [F("pullzones")]: ["CheckNameAvailabilityResult"] },
  },
  {
    module: "logging",
    name: "getAccessLogs",
    run: getAccessLogs as PluginFunction["run"],
    args: args("logging", "getAccessLogsArgsSchema"),
    file: F("logging"),
    result: { [F("logging")]: ["GetAccessLogsResult"] },
  },
  {
    module: "logging",
    name: "getLegacyAccessLogs",
    run: getLegacyAccessLogs as PluginFunction["run"],
    args: args("legacy-logging", "getLegacyAccessLogsArgsSchema"),
    file: F("legacy-logging"),
    result: { [F("legacy-logging")]: ["GetLegacyAccessLogsResult"] },
  },
];

/** The token of a function (`edgeplatform:dns:getDnsZone`). */
export const functionTokenOf = (f: PluginFunction): string => `${PACKAGE}:${f.module}:${f.name}`;

/** The function of a token, or undefined. */
export const functionOf = (token: string): PluginFunction | undefined =>
  PLUGIN_FUNCTIONS.find((f) => functionTokenOf(f) === token);
