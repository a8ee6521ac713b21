/**
 * pulumi-edgeplatform: Pulumi dynamic resources and data sources for the edge/CDN
 * platform's management and logging API.
 *
 * ```ts
 * import * as edge from "pulumi-edgeplatform";
 * new edge.shield.RateLimitRule("api", { shieldZoneId: 1, ruleName: "api", ruleConfiguration: { ... } });
 * ```
 *
 * Each area is a namespace (`edge.shield`, `edge.dns`, `edge.containers`, `edge.compute`,
 * `edge.pullzones`, `edge.logging`) holding its resources, data sources, enumerations and
 * types, each exported once. The plain API client (`edge.Client`) is `edgeplatform-client`'s,
 * re-exported for convenience. This module only re-exports.
 */
export * as shield from "./shield";
export * as dns from "./dns";
export * as containers from "./containers";
export * as compute from "./compute";
export * as pullzones from "./pullzones";
export * as logging from "./logging";

/** The plain API client and its options (from `edgeplatform-client`). */
export { Client } from "edgeplatform-client";
export type { ClientOptions, RetryInfo, EdgeSettings } from "edgeplatform-client";

/**
 * Errors. `EdgeApiError`: an answer of the platform (HTTP status, error key, field errors).
 * `InvalidArgumentError`: invalid input, thrown before any request; its subclasses
 * `MissingSettingError` and `InvalidSettingError` name the stack config key and environment
 * variable. `ResourceOperationError`: a resource operation failed (wraps either of the
 * others; names the resource and the operation). `LegacyLogParseError`: a malformed v1 log
 * line with `onMalformed: "fail"`.
 */
export {
  EdgeApiError,
  InvalidArgumentError,
  MissingSettingError,
  InvalidSettingError,
  LegacyLogParseError,
} from "edgeplatform-client";
export { ResourceOperationError } from "./resources/core/common";

/** Options of every data source (`getX(args, opts)` / `getXOutput(args, opts)`). */
export type {
  DataSourceOptions,
  DataSourceConnection,
  DataSourceClientOptions,
} from "./functions/options";
export type { DataSourceProgress } from "./functions/progress";
/** Options of every resource: Pulumi's, and `connection` (the account to manage it in). */
export type { EdgeResourceOptions, ResourceConnection } from "./resources/public/readable-resource";
export type { Inputs } from "./functions/output";

type Providers = typeof import("./resources/kinds/providers.generated").__providers;
const hostProviders = (): Providers =>
  (require("./resources/host") as typeof import("./resources/host")).__providers;

/**
 * @internal Implementations reached by the serialized provider stubs. Not public API. Loads
 * `./resources/host` (in the built package one bundled file) on first use, so a program that
 * requires the package root never loads it; in the provider host, the by-value stubs and the
 * stub modules share its one copy of the client and the providers.
 */
export const __providers: Providers = new Proxy({} as Providers, {
  get: (_, name) => hostProviders()[name as keyof Providers],
  has: (_, name) => name in hostProviders(),
});
