/**
 * pulumi-edgeplatform: Pulumi dynamic resources and data sources for the edge/CDN
 * platform's management and logging API, plus a plain API client usable without Pulumi.
 *
 * ```ts
 * import * as edge from "pulumi-edgeplatform";
 * new edge.shield.RateLimitRule("api", { shieldZoneId: 1, ruleConfiguration: { ... } });
 * ```
 *
 * This module only re-exports; each area lives in its own module.
 */
export * as shield from "./shield";
export * as dns from "./dns";
export * as containers from "./containers";
export * as compute from "./compute";
export * as pullzones from "./pullzones";
export * as logging from "./logging";

export { Client, EdgeApiError } from "edgeplatform-client";
export type { ClientOptions, RetryInfo, RateLimitWriteResult } from "edgeplatform-client";
export { resolveSettings, MissingSettingError, SETTING_SOURCES } from "edgeplatform-client";
export type { EdgeSettings, ResolvedSettings } from "edgeplatform-client";
export { InvalidArgumentError } from "./functions/settings";
export type { DataSourceOptions, DataSourceProgress } from "./functions/settings";
export * from "edgeplatform-client/spec";

/** @internal Implementations reached by the serialized provider stubs. Not public API. */
export { __providers } from "./resources/registry";
