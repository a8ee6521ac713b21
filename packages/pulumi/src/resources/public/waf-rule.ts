/**
 * `edge.shield.WafRule`: a custom WAF rule of a shield zone as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/shield:WafRule`). Same conventions as
 * {@link RateLimitRule}: exactly one of `ruleId` (adopt), `shieldZoneId` or `pullZoneId`
 * (create, with a `ruleName`); only the fields written are managed; `get` reads without
 * managing; `opts.import` is refused. Its arguments, configuration, state and outputs are
 * generated from the kind's declaration (`./generated/waf-rule`).
 */
import type {
  NoUnknownWafConfigurationFields,
  WafRuleArgs,
  WafRuleConfigurationArgs,
  WafRuleOutputs,
} from "./generated/waf-rule";
import { ZoneRuleResource, type ZoneRuleKind } from "./zone-rule-resource";

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

/** The outputs of a {@link WafRule} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface WafRule<
  C extends WafRuleConfigurationArgs & NoUnknownWafConfigurationFields<C> =
    WafRuleConfigurationArgs,
> extends WafRuleOutputs<C> {}

/**
 * A custom WAF rule of a shield zone. With `shieldZoneId` or `pullZoneId` a new rule is
 * created (and deleted on destroy); with `ruleId` an existing rule is adopted (and left in
 * place on destroy unless `deleteOnDestroy`). Only the fields the program writes are
 * managed; updates send one PATCH of the changed top-level fields.
 *
 * ```ts
 * const rule = new edge.shield.WafRule("block-admin", {
 *   shieldZoneId: 1,
 *   ruleName: "block-admin",
 *   ruleConfiguration: {
 *     actionType: "Block",
 *     variableTypes: { REQUEST_URI: "/admin" },
 *     operatorType: "BEGINSWITH",
 *   },
 * });
 * ```
 * @typeParam C The configuration the program wrote, inferred from `ruleConfiguration`.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class WafRule<
  C extends WafRuleConfigurationArgs & NoUnknownWafConfigurationFields<C> =
    WafRuleConfigurationArgs,
> extends ZoneRuleResource<WafRuleArgs<C>> {
  /** The kind: its stub, type, one-owner namespace and noun in messages. */
  protected static override readonly kind: ZoneRuleKind = {
    stub: "waf-rule",
    type: "WafRule",
    owner: "waf-rule",
    noun: "custom WAF rule",
  };
}
