/**
 * `edge.shield.RateLimitRule`: a shield rate-limit rule as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/shield:RateLimitRule`).
 */
import * as pulumi from "@pulumi/pulumi";
import type {
  BlockTime,
  CounterKeyType,
  OperatorType,
  RateLimitAction,
  SeverityType,
  Timeframe,
  TransformationType,
  BlockTimeValue,
  CounterKeyTypeValue,
  OperatorTypeValue,
  RateLimitActionValue,
  RateLimitRuleConfiguration,
  SeverityTypeValue,
  TimeframeValue,
  TransformationTypeValue,
  VariableTypes,
} from "../schema";
import { rateLimitRuleStub } from "./loader";

/** An enumeration input: the API's integer or the enumeration name (`"Challenge"`). */
type EnumInput<V, E> = V | keyof E;

/** Input form of a chained condition (`WafChainedRuleConditionItem`). */
export interface ChainedRuleConditionArgs {
  /** Variables to match: variable name (`REQUEST_URI`, `ARGS`, ...) → match target. */
  variableTypes?: pulumi.Input<VariableTypes | null>;
  /** Operator, as an integer or a name of `OperatorType` (`"CONTAINS"`). */
  operatorType?: pulumi.Input<EnumInput<OperatorTypeValue, typeof OperatorType>>;
  /** Value to compare with. */
  value?: pulumi.Input<string | null>;
  /** Negates the match. */
  isNegated?: pulumi.Input<boolean | null>;
  /** Treats the variable name as a regular expression. */
  isRegexVariable?: pulumi.Input<boolean | null>;
}

/**
 * Input form of a rule configuration (`CreateWafRateLimitRuleModel`). Enumerations accept
 * the API's integers or their names; `check` turns names into integers. Nullable fields
 * left out mean null; other fields left out are the platform's to choose.
 */
export interface RateLimitRuleConfigurationArgs {
  /** What happens when the limit is hit: 1 RateLimit, 2 Log, 3 Challenge. */
  actionType?: pulumi.Input<EnumInput<RateLimitActionValue, typeof RateLimitAction>>;
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
  /** Requests allowed per `timeframe` before the action applies (1 to 2147483647). */
  requestCount?: pulumi.Input<number>;
  /** What requests are counted together (`CounterKeyType`: 0 IP, 1 Host, ...). */
  counterKeyType?: pulumi.Input<EnumInput<CounterKeyTypeValue, typeof CounterKeyType>>;
  /** Counting window in seconds: 1, 10, 60, 300, 900 or 3600 (`Timeframe`). */
  timeframe?: pulumi.Input<EnumInput<TimeframeValue, typeof Timeframe>>;
  /** How long a client is blocked, in seconds: 30, 60, 300, 900, 1800 or 3600 (`BlockTime`). */
  blockTime?: pulumi.Input<EnumInput<BlockTimeValue, typeof BlockTime>>;
  /** Further conditions that must all match too. */
  chainedRuleConditions?: pulumi.Input<pulumi.Input<ChainedRuleConditionArgs>[] | null>;
}

/** Arguments of {@link RateLimitRule}. Set exactly one of `ruleId` and `shieldZoneId`. */
export interface RateLimitRuleArgs {
  /**
   * Adopt mode: the id of an existing rule to manage. Create = PATCH it to the desired
   * state; destroy leaves it in place unless `deleteOnDestroy` is true. Changing it replaces.
   */
  ruleId?: pulumi.Input<number>;
  /**
   * Create mode: the shield zone to create the rule in (POST). Destroy deletes the rule.
   * Changing it replaces.
   */
  shieldZoneId?: pulumi.Input<number>;
  /**
   * Name of the rule. Required in create mode, and should be unique in the zone (an
   * interrupted create is recovered by finding the rule by name). Left out in adopt mode:
   * the existing name is kept.
   */
  ruleName?: pulumi.Input<string | null>;
  /** Description of the rule. Left out: not managed (the platform's value is kept). */
  ruleDescription?: pulumi.Input<string | null>;
  /** The rule's configuration; sent whole whenever any part of it changes. */
  ruleConfiguration: pulumi.Input<RateLimitRuleConfigurationArgs>;
  /**
   * Whether destroying the resource deletes the rule. Default: true in create mode, false
   * in adopt mode.
   */
  deleteOnDestroy?: pulumi.Input<boolean>;
}

/**
 * A shield rate-limit rule. With `shieldZoneId` a new rule is created (and deleted on
 * destroy); with `ruleId` an existing rule is adopted and brought to the desired state (and
 * left in place on destroy unless `deleteOnDestroy`). Updates send one PATCH with only the
 * changed top-level fields. `pulumi refresh` shows drift in any field.
 *
 * ```ts
 * const rule = new edge.shield.RateLimitRule("api-limit", {
 *   shieldZoneId: 1,
 *   ruleName: "api-limit",
 *   ruleConfiguration: { actionType: "Challenge", requestCount: 100, timeframe: 60, blockTime: 300 },
 * });
 * ```
 */
export class RateLimitRule extends pulumi.dynamic.Resource {
  /** Id of the rule on the platform (also the resource id, as a string). */
  declare public readonly ruleId: pulumi.Output<number>;
  /** Shield zone the rule belongs to. */
  declare public readonly shieldZoneId: pulumi.Output<number>;
  /** Name of the rule, as the platform reports it. */
  declare public readonly ruleName: pulumi.Output<string | null>;
  /** Description of the rule, as the platform reports it. */
  declare public readonly ruleDescription: pulumi.Output<string | null>;
  /** Configuration of the rule, as the platform reports it (enumerations as integers). */
  declare public readonly ruleConfiguration: pulumi.Output<RateLimitRuleConfiguration>;
  /** Whether destroying the resource deletes the rule (effective value). */
  declare public readonly deleteOnDestroy: pulumi.Output<boolean>;
  /** True when the rule was adopted (`ruleId`), false when this resource created it. */
  declare public readonly adopted: pulumi.Output<boolean>;
  /** Owner of the rule (platform field `userId`). */
  declare public readonly userId: pulumi.Output<string | null>;
  /** The platform's JSON rendering of the rule (`ruleJson`). */
  declare public readonly ruleJson: pulumi.Output<string | null>;

  /**
   * Creates or adopts a rate-limit rule.
   * @param name The unique name of the resource.
   * @param args The desired rule.
   * @param opts Options for the resource.
   */
  constructor(name: string, args: RateLimitRuleArgs, opts?: pulumi.CustomResourceOptions) {
    super(
      rateLimitRuleStub,
      name,
      {
        ruleId: undefined,
        shieldZoneId: undefined,
        ruleName: undefined,
        ruleDescription: undefined,
        deleteOnDestroy: undefined,
        ...args,
        adopted: undefined,
        userId: undefined,
        ruleJson: undefined,
      },
      opts,
      "shield",
      "RateLimitRule",
    );
  }
}
