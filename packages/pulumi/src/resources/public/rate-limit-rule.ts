/**
 * `edge.shield.RateLimitRule`: a shield rate-limit rule as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/shield:RateLimitRule`). Its arguments, configuration,
 * state and outputs are generated from the kind's declaration (`./generated/rate-limit-rule`).
 */
import type {
  NoUnknownConfigurationFields,
  RateLimitRuleArgs,
  RateLimitRuleConfigurationArgs,
  RateLimitRuleOutputs,
} from "./generated/rate-limit-rule";
import { ZoneRuleResource, type ZoneRuleKind } from "./zone-rule-resource";

export type {
  ChainedRuleConditionArgs,
  ChainedRuleConditionState,
  NoUnknownConfigurationFields,
  RateLimitRuleAdoptArgs,
  RateLimitRuleArgs,
  RateLimitRuleCommonArgs,
  RateLimitRuleConfigurationArgs,
  RateLimitRuleConfigurationState,
  RateLimitRuleConfigurationStateOf,
  RateLimitRuleCreateInPullZoneArgs,
  RateLimitRuleCreateInShieldZoneArgs,
  RateLimitRuleState,
} from "./generated/rate-limit-rule";

/** The outputs of a {@link RateLimitRule} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface RateLimitRule<
  C extends RateLimitRuleConfigurationArgs & NoUnknownConfigurationFields<C> =
    RateLimitRuleConfigurationArgs,
> extends RateLimitRuleOutputs<C> {}

/**
 * A shield rate-limit rule. With `shieldZoneId` or `pullZoneId` a new rule is created (and
 * deleted on destroy); with `ruleId` an existing rule is adopted (and left in place on
 * destroy unless `deleteOnDestroy`). Only the fields the program writes are managed; updates
 * send one PATCH of the changed top-level fields. `pulumi refresh` shows drift in managed
 * fields (enumerations by name). {@link RateLimitRule.get} reads a rule without
 * managing it.
 *
 * ```ts
 * const rule = new edge.shield.RateLimitRule("api-limit", {
 *   shieldZoneId: 1,
 *   ruleName: "api-limit",
 *   ruleConfiguration: {
 *     actionType: "Challenge",
 *     variableTypes: { REQUEST_URI: "/api" },
 *     operatorType: "BEGINSWITH",
 *     requestCount: 100,
 *     timeframe: 60,
 *     blockTime: 300,
 *   },
 * });
 * export const limit: pulumi.Output<number> = rule.ruleConfiguration.requestCount;
 * ```
 * @typeParam C The configuration the program wrote, inferred from `ruleConfiguration` (never
 * written by hand): it makes the fields the program wrote required in the configuration
 * output, and an unknown configuration field a type error.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class RateLimitRule<
  C extends RateLimitRuleConfigurationArgs & NoUnknownConfigurationFields<C> =
    RateLimitRuleConfigurationArgs,
> extends ZoneRuleResource<RateLimitRuleArgs<C>> {
  /** The kind: its stub, type, one-owner namespace and noun in messages. */
  protected static override readonly kind: ZoneRuleKind = {
    stub: "rate-limit-rule",
    type: "RateLimitRule",
    owner: "rate-limit-rule",
    noun: "rate-limit rule",
  };
}
