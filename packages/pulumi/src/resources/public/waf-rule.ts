/**
 * `edge.shield.WafRule`: a custom WAF rule of a shield zone as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/shield:WafRule`). Same conventions as
 * {@link RateLimitRule}: exactly one of `ruleId` (adopt), `shieldZoneId` or `pullZoneId`
 * (create, with a `ruleName`); only the fields written are managed; `get` reads without
 * managing; `opts.import` is refused. Its arguments, configuration, state and outputs are
 * generated with its class from the kind's declaration (`./generated/waf-rule`).
 */

export type {
  NoUnknownWafConfigurationFields,
  WafRuleAdoptArgs,
  WafRuleArgs,
  WafRuleCommonArgs,
  WafRuleConfigurationArgs,
  WafRuleConfigurationState,
  WafRuleConfigurationStateOf,
  WafRuleCreateInPullZoneArgs,
  WafRuleCreateInShieldZoneArgs,
  WafRuleState,
} from "./generated/waf-rule";

/** A rule's actions (named constants; the area exports them: `edge.shield.WafRuleAction`). */
export { WafRuleAction } from "edgeplatform-client";

/** The class (generated from the kind's declaration with its outputs). */
export { WafRule } from "./generated/waf-rule";
