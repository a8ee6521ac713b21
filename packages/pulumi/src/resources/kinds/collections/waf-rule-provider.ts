/**
 * Implementation of the `edge.shield.WafRule` dynamic resource: the zone-object engine
 * (zone-objects/) built from the custom WAF rule's declaration (kinds/collections/waf-rule.ts).
 * Loaded at run time by the serialized stub in `loader.ts`
 * (`require("pulumi-edgeplatform").__providers.wafRule`).
 */
import { wafRuleKind } from "./waf-rule";
import { zoneObjectProvider } from "../../core/zone-objects/provider";

export type {
  ZoneObjectInputs as WafRuleInputs,
  ZoneObjectOutputs as WafRuleOutputs,
} from "../../core/zone-objects/state";
export { timing } from "../../core/zone-objects/recovery";

const wafRule = zoneObjectProvider(wafRuleKind);

/** The WAF rule's operations as the zone-object engine builds them (the native plugin's). */
export const wafRuleEngine = wafRule;

/** `check` of `edge.shield.WafRule`: validates the inputs, returns them as written. */
export const checkWafRule = wafRule.check;

/** The dynamic provider of `edge.shield.WafRule` (what the serialized stub calls). */
export const wafRuleProvider = wafRule.provider;
