/**
 * `edge.shield.RateLimitRule`: a shield rate-limit rule as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/shield:RateLimitRule`). Its arguments, configuration,
 * state and outputs are generated with its class from the kind's declaration
 * (`./generated/rate-limit-rule`).
 */

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

/** The class (generated from the kind's declaration with its outputs). */
export { RateLimitRule } from "./generated/rate-limit-rule";
