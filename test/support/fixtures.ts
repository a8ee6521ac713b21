/**
 * Shared test fixtures: THE sample rate-limit rule configuration of the tests and the
 * benchmarks (bench/ loads this file through the engine helpers' TypeScript hook).
 */

/** Variations of {@link sampleRuleConfiguration}. */
export interface SampleRuleOptions {
  /** Request path the rule matches (`variableTypes.REQUEST_URI` and `value`). Default `/search`. */
  path?: string;
  /** Requests per timeframe. Default 50. */
  requestCount?: number;
}

/**
 * A complete rate-limit rule configuration in wire form (integers): rate-limit requests to
 * `path` per IP, 50 per minute, block for 5 minutes, no chained conditions.
 */
export function sampleRuleConfiguration(o: SampleRuleOptions = {}) {
  const path = o.path ?? "/search";
  return {
    actionType: 1,
    variableTypes: { REQUEST_URI: path },
    operatorType: 0,
    severityType: 1,
    transformationTypes: [8],
    value: path,
    isNegated: false,
    isRegexVariable: false,
    requestCount: o.requestCount ?? 50,
    counterKeyType: 0,
    timeframe: 60,
    blockTime: 300,
    chainedRuleConditions: [],
  };
}
