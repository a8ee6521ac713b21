/**
 * `edge.shield.WafRule`: a custom WAF rule of a shield zone as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/shield:WafRule`). Same conventions as
 * {@link RateLimitRule}: exactly one of `ruleId` (adopt), `shieldZoneId` or `pullZoneId`
 * (create, with a `ruleName`); only the fields written are managed; `get` reads without
 * managing; `opts.import` is refused.
 */
import * as pulumi from "@pulumi/pulumi";
import type { EdgeResourceOptions } from "./readable-resource";
import type {
  OperatorType,
  OperatorTypeValue,
  SeverityType,
  SeverityTypeValue,
  TransformationType,
  TransformationTypeValue,
  VariableTypes,
  WafRuleAction,
  WafRuleActionValue,
} from "edgeplatform-client/spec/runtime";
import type { ChainedRuleConditionArgs } from "./rate-limit-rule";
import { ZoneRuleResource, type ZoneRuleKind, type ZoneRuleStateBase } from "./zone-rule-resource";

/** A rule's actions (named constants; the area exports them: `edge.shield.WafRuleAction`). */
export { WafRuleAction } from "edgeplatform-client";

/** An enumeration input: the API's integer or the enumeration name (`"Block"`). */
type EnumInput<V, E> = V | keyof E;

/**
 * Input form of a custom WAF rule's configuration (`CreateCustomWafRuleModel`): the match
 * fields of a rate-limit rule without the rate fields. Enumerations accept the API's integers
 * or their names; the state and `preview --diff` hold the name either way, the integer goes
 * on the wire. A field left out is not managed; `null` clears a nullable one.
 */
export interface WafRuleConfigurationArgs {
  /** What a match does: 1 Block, 2 Log, 3 Challenge, 4 Allow, 5 Bypass (`WafRuleAction`). */
  actionType?: pulumi.Input<EnumInput<WafRuleActionValue, typeof WafRuleAction>>;
  /** Variables to match: variable name (`REQUEST_URI`, `ARGS`, ...) → match target. */
  variableTypes?: pulumi.Input<VariableTypes | null>;
  /** Operator of the match (`OperatorType`). */
  operatorType?: pulumi.Input<EnumInput<OperatorTypeValue, typeof OperatorType>>;
  /** Severity of a match: 0 NOTICE, 1 WARNING, 2 CRITICAL. */
  severityType?: pulumi.Input<EnumInput<SeverityTypeValue, typeof SeverityType>>;
  /** Transformations applied before matching, in order (`TransformationType`). */
  transformationTypes?: pulumi.Input<
    pulumi.Input<EnumInput<TransformationTypeValue, typeof TransformationType>>[] | null
  >;
  /** Value to compare with. */
  value?: pulumi.Input<string | null>;
  /** Negates the match. */
  isNegated?: pulumi.Input<boolean | null>;
  /** Treats the variable name as a regular expression. */
  isRegexVariable?: pulumi.Input<boolean | null>;
  /** Further conditions that must all match too. */
  chainedRuleConditions?: pulumi.Input<pulumi.Input<ChainedRuleConditionArgs>[] | null>;
}

/** Output form of a WAF rule configuration: every `Input` resolved, names kept as written. */
export type WafRuleConfigurationState = pulumi.Unwrap<WafRuleConfigurationArgs>;

/** The configuration fields a program writes (not optional in `C`). */
type WrittenFields<C> = {
  [K in keyof C]-?: undefined extends C[K] ? never : K;
}[keyof C] &
  keyof WafRuleConfigurationState;

/** The configuration output of a rule whose program wrote `C`: written fields are present. */
export type WafRuleConfigurationStateOf<C> = Omit<WafRuleConfigurationState, WrittenFields<C>> &
  Required<Pick<WafRuleConfigurationState, WrittenFields<C>>>;

/** Rejects configuration keys that {@link WafRuleConfigurationArgs} does not declare. */
export type NoUnknownWafConfigurationFields<C> = {
  [K in Exclude<keyof C, keyof WafRuleConfigurationArgs>]: never;
};

/** Fields of every form of {@link WafRuleArgs}. */
export interface WafRuleCommonArgs<C extends WafRuleConfigurationArgs = WafRuleConfigurationArgs> {
  /** Description of the rule. Left out: not managed; `null` clears it. */
  ruleDescription?: pulumi.Input<string | null>;
  /**
   * The rule's configuration: only the fields written here are managed. An update sends the
   * changed fields merged over the platform's current configuration.
   */
  ruleConfiguration: pulumi.Input<C>;
  /**
   * Whether destroying the resource deletes the rule. Default: true when the resource
   * creates the rule (`shieldZoneId`/`pullZoneId`), false when it adopts one (`ruleId`).
   */
  deleteOnDestroy?: pulumi.Input<boolean>;
}

/** {@link WafRuleArgs} that adopt an existing rule by id (`ruleId`). */
export interface WafRuleAdoptArgs<
  C extends WafRuleConfigurationArgs = WafRuleConfigurationArgs,
> extends WafRuleCommonArgs<C> {
  /**
   * Adopt an existing custom WAF rule by id: create = one PATCH of the managed fields that
   * differ (none when they match); destroy leaves the rule unless `deleteOnDestroy` is true.
   */
  ruleId: pulumi.Input<number>;
  /** Not with `ruleId`: the rule's zone is the one it is in. */
  shieldZoneId?: never;
  /** Not with `ruleId`: the rule's zone is the one it is in. */
  pullZoneId?: never;
  /** Name of the rule; unique in a zone. Left out: not managed. */
  ruleName?: pulumi.Input<string | null>;
}

/** {@link WafRuleArgs} that create a rule in a shield zone (`shieldZoneId`). */
export interface WafRuleCreateInShieldZoneArgs<
  C extends WafRuleConfigurationArgs = WafRuleConfigurationArgs,
> extends WafRuleCommonArgs<C> {
  /** Not when creating: `ruleId` adopts an existing rule instead. */
  ruleId?: never;
  /**
   * Create the rule in this shield zone (POST; refused before any write when the zone is at
   * its plan's `customWafRulesLimit`); destroy deletes it. Another zone replaces.
   */
  shieldZoneId: pulumi.Input<number>;
  /** Not with `shieldZoneId`: one of the two places the rule. */
  pullZoneId?: never;
  /** Name of the rule: required when creating; unique in a zone. */
  ruleName: pulumi.Input<string>;
}

/** {@link WafRuleArgs} that create a rule in the shield zone of a pull zone. */
export interface WafRuleCreateInPullZoneArgs<
  C extends WafRuleConfigurationArgs = WafRuleConfigurationArgs,
> extends WafRuleCommonArgs<C> {
  /** Not when creating: `ruleId` adopts an existing rule instead. */
  ruleId?: never;
  /** Not with `pullZoneId`: one of the two places the rule. */
  shieldZoneId?: never;
  /** Create the rule in the shield zone of this pull zone. Otherwise like `shieldZoneId`. */
  pullZoneId: pulumi.Input<number>;
  /** Name of the rule: required when creating; unique in a zone. */
  ruleName: pulumi.Input<string>;
}

/** Arguments of {@link WafRule}: exactly one of `ruleId`, `shieldZoneId`, `pullZoneId`. */
export type WafRuleArgs<C extends WafRuleConfigurationArgs = WafRuleConfigurationArgs> =
  WafRuleAdoptArgs<C> | WafRuleCreateInShieldZoneArgs<C> | WafRuleCreateInPullZoneArgs<C>;

/** State (outputs) of a {@link WafRule}: identity, mode and the managed fields. */
export interface WafRuleState<
  C extends WafRuleConfigurationArgs = WafRuleConfigurationArgs,
> extends ZoneRuleStateBase {
  /** The managed configuration fields as the platform holds them (enumerations by name). */
  ruleConfiguration: WafRuleConfigurationStateOf<C>;
}

/** The kind: its stub, type, one-owner namespace and noun in messages. */
const KIND: ZoneRuleKind = {
  stub: "waf-rule",
  type: "WafRule",
  owner: "waf-rule",
  noun: "custom WAF rule",
};

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
export class WafRule<
  C extends WafRuleConfigurationArgs & NoUnknownWafConfigurationFields<C> =
    WafRuleConfigurationArgs,
> extends ZoneRuleResource {
  /** The managed configuration fields as the platform holds them (enumerations by name). */
  declare public readonly ruleConfiguration: pulumi.Output<WafRuleConfigurationStateOf<C>>;

  /**
   * Creates or adopts a custom WAF rule.
   * @param name The unique name of the resource.
   * @param args The desired rule: exactly one of `ruleId`, `shieldZoneId`, `pullZoneId`.
   * @param opts Options for the resource. `opts.import` is refused: write `ruleId` instead.
   */
  constructor(name: string, args: WafRuleArgs<C>, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
