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
import { getEdgeScript, getEdgeScripts, getReleases } from "../functions/compute-scripts";
import { getRegionSettings, getRegistry } from "../functions/containers";
import {
  getContainerApp,
  getContainerApps,
  type GetContainerAppResult,
} from "../functions/containers-apps";
import { getDnsRecords, getDnsZone, getDnsZones, getDnsZoneStatistics } from "../functions/dns";
import { getLegacyAccessLogs } from "../functions/legacy-logging";
import { getAccessLogs } from "../functions/logging";
import type { DataSourceOptions } from "../functions/options";
import { checkNameAvailability } from "../functions/pullzones";
import { getPullZone, getPullZones } from "../functions/pullzones-zones";
import {
  getPullZoneOptimizerStatistics,
  getPullZoneOriginShieldQueueStatistics,
  getPullZoneSafeHopStatistics,
  getPullZoneStatistics,
} from "../functions/pullzones-statistics";
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
  /**
   * The result with the values it holds as secrets wrapped by `secret` (the plugin answers
   * them as Pulumi secrets); absent: nothing in the result is a secret.
   */
  secrets?: (result: never, secret: (value: unknown) => unknown) => unknown;
}

const F = (name: string) => `functions/${name}.ts`;
const SPEC_TYPES = "../../client/src/spec/types.ts";

/**
 * A data source of a group: the data source, the name of its arguments' schema when not
 * `<name>ArgsSchema` (`"zoneArgsSchema"`), and its result's declarations when not
 * `<Name>Result` of its file.
 */
type Entry = [
  run: unknown,
  args?: string,
  result?: DeclarationSources,
  secrets?: PluginFunction["secrets"],
];

/**
 * The functions of `module` declared in `functions/<file>.ts`, their arguments' schemas in
 * `functions/<schemas>-schemas` (in the order given: the schema's order).
 */
function declaredIn(
  module: string,
  file: string,
  schemas: string,
  entries: Record<string, Entry>,
): PluginFunction[] {
  return Object.entries(entries).map(([name, [run, argsSchema, result, secrets]]) => ({
    module,
    name,
    run: run as PluginFunction["run"],
    args: schemaRef(
      __dirname,
      `../functions/${schemas}-schemas`,
      argsSchema ?? `${name}ArgsSchema`,
    ),
    file: F(file),
    result: result ?? { [F(file)]: [`${name[0].toUpperCase()}${name.slice(1)}Result`] },
    ...(secrets ? { secrets } : {}),
  }));
}

/** An application with each environment value a secret (the platform marks none, so all). */
function environmentSecrets(r: GetContainerAppResult, secret: (v: unknown) => unknown): unknown {
  const containers = r.containers.map((c) => ({
    ...c,
    environmentVariables: c.environmentVariables.map((v) =>
      v.value === null ? v : { ...v, value: secret(v.value) },
    ),
  }));
  return { ...r, containers };
}

/** The functions of the plugin: every data source of the package. */
export const PLUGIN_FUNCTIONS: readonly PluginFunction[] = [
  ...declaredIn("shield", "shield", "shield", {
    getEventLogs: [getEventLogs],
    getWafRules: [getWafRules, "zoneArgsSchema"],
    getAccessLists: [getAccessLists, "zoneArgsSchema"],
  }),
  ...declaredIn("shield", "shield-activity", "shield", {
    getEventLogSearch: [getEventLogSearch],
    getShieldMetrics: [getShieldMetrics],
    getBots: [getBots, "zoneArgsSchema"],
  }),
  ...declaredIn("shield", "shield-zones", "shield", {
    getZone: [getZone, "zoneArgsSchema", { [F("shield-zone-view")]: ["ShieldZoneView"] }],
    getZones: [getZones],
    getManagedWafRules: [getManagedWafRules, "zoneArgsSchema"],
    getMetrics: [getMetrics, "zoneArgsSchema"],
    getRateLimitMetrics: [getRateLimitMetrics, "zoneArgsSchema"],
  }),
  ...declaredIn("dns", "dns", "dns", {
    getDnsZone: [getDnsZone, undefined, { [F("dns")]: ["GetDnsZoneResult", "DnsZoneResult"] }],
    getDnsZones: [getDnsZones],
    getDnsRecords: [getDnsRecords],
    getDnsZoneStatistics: [getDnsZoneStatistics],
  }),
  ...declaredIn("containers", "containers", "containers", {
    getRegistry: [getRegistry, undefined, { [SPEC_TYPES]: ["ContainerRegistry"] }],
    getRegionSettings: [getRegionSettings, undefined, { [SPEC_TYPES]: ["RegionSettings"] }],
  }),
  ...declaredIn("containers", "containers-apps", "containers", {
    getContainerApp: [
      getContainerApp,
      undefined,
      {
        [F("containers-apps")]: [
          "GetContainerAppResult",
          "ContainerAppAutoscalingResult",
          "ContainerAppRegionSettingsResult",
          "ContainerAppContainerResult",
          "ContainerAppEnvironmentVariableResult",
          "ContainerAppEndpointResult",
          "ContainerAppPortMappingResult",
          "ContainerAppVolumeMountResult",
          "ContainerAppVolumeResult",
        ],
      },
      environmentSecrets as PluginFunction["secrets"],
    ],
    getContainerApps: [
      getContainerApps,
      undefined,
      { [F("containers-apps")]: ["GetContainerAppsResult", "ContainerAppSummaryResult"] },
    ],
  }),
  ...declaredIn("compute", "compute", "compute", { getScriptStatistics: [getScriptStatistics] }),
  ...declaredIn("compute", "compute-scripts", "compute", {
    getEdgeScript: [
      getEdgeScript,
      undefined,
      {
        [F("compute-scripts")]: [
          "GetEdgeScriptResult",
          "EdgeScriptSummaryResult",
          "EdgeScriptVariableResult",
          "EdgeScriptLinkedPullZoneResult",
        ],
      },
    ],
    getEdgeScripts: [
      getEdgeScripts,
      undefined,
      {
        [F("compute-scripts")]: [
          "GetEdgeScriptsResult",
          "EdgeScriptSummaryResult",
          "EdgeScriptLinkedPullZoneResult",
        ],
      },
    ],
    getReleases: [
      getReleases,
      undefined,
      { [F("compute-scripts")]: ["GetReleasesResult", "EdgeScriptReleaseResult"] },
    ],
  }),
  ...declaredIn("pullzones", "pullzones", "pullzones", {
    checkNameAvailability: [checkNameAvailability],
  }),
  ...declaredIn("pullzones", "pullzones-zones", "pullzones", {
    getPullZone: [getPullZone, undefined, { [F("pullzones-zones")]: ["PullZoneResult"] }],
    getPullZones: [getPullZones],
  }),
  ...declaredIn("pullzones", "pullzones-statistics", "pullzones-statistics", {
    getPullZoneStatistics: [getPullZoneStatistics],
    getPullZoneOptimizerStatistics: [
      getPullZoneOptimizerStatistics,
      "pullZoneStatisticsRangeArgsSchema",
    ],
    getPullZoneSafeHopStatistics: [
      getPullZoneSafeHopStatistics,
      "pullZoneStatisticsRangeArgsSchema",
    ],
    getPullZoneOriginShieldQueueStatistics: [
      getPullZoneOriginShieldQueueStatistics,
      "pullZoneStatisticsRangeArgsSchema",
    ],
  }),
  ...declaredIn("logging", "logging", "logging", { getAccessLogs: [getAccessLogs] }),
  ...declaredIn("logging", "legacy-logging", "legacy-logging", {
    getLegacyAccessLogs: [getLegacyAccessLogs],
  }),
];

/** The token of a function (`edgeplatform:dns:getDnsZone`). */
export const functionTokenOf = (f: PluginFunction): string => `${PACKAGE}:${f.module}:${f.name}`;

/** The function of a token, or undefined. */
export const functionOf = (token: string): PluginFunction | undefined =>
  PLUGIN_FUNCTIONS.find((f) => functionTokenOf(f) === token);
