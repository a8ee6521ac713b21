/**
 * `edge.shield.RateLimitRule`: a shield rate-limit rule as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/shield:RateLimitRule`).
 */
import * as pulumi from "@pulumi/pulumi";
import { soleOwner } from "./one-owner";
import { refuseReplaceOptions } from "./resource-options";
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
  SeverityTypeValue,
  TimeframeValue,
  TransformationTypeValue,
  VariableTypes,
} from "edgeplatform-client/spec";
import { serializedProvider } from "./serialized-provider";

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
 * the API's integers or their names (exact case, as in the exported constants); a name
 * stays a name in the state and in `preview --diff`, the integer goes on the wire. A field
 * left out is not managed; `null` clears a nullable one.
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

/**
 * Arguments of {@link RateLimitRule}. Set exactly one of `ruleId`, `shieldZoneId` and
 * `pullZoneId`. A field left out is not managed (the platform's value stays and is never
 * reported); `null` clears a nullable field.
 */
export interface RateLimitRuleArgs {
  /**
   * Adopt an existing rule by id: create = one PATCH of the managed fields that differ (none
   * when they match); destroy leaves the rule unless `deleteOnDestroy` is true. Writing the
   * id of a rule this resource created switches mode in place (no API call). Another id
   * replaces.
   */
  ruleId?: pulumi.Input<number>;
  /**
   * Create the rule in this shield zone (POST); destroy deletes it. If the zone already has a
   * rule of this `ruleName` with the same managed fields it is taken over; with other values
   * the create fails before any write. Another zone replaces.
   */
  shieldZoneId?: pulumi.Input<number>;
  /**
   * Create the rule in the shield zone of this pull zone (resolved at create through the
   * platform; both ids are in the outputs). Otherwise like `shieldZoneId`.
   */
  pullZoneId?: pulumi.Input<number>;
  /** Name of the rule: required when creating; unique in a zone. Left out: not managed. */
  ruleName?: pulumi.Input<string | null>;
  /** Description of the rule. Left out: not managed; `null` clears it. */
  ruleDescription?: pulumi.Input<string | null>;
  /**
   * The rule's configuration: only the fields written here are managed. An update sends the
   * changed fields merged over the platform's current configuration.
   */
  ruleConfiguration: pulumi.Input<RateLimitRuleConfigurationArgs>;
  /**
   * Whether destroying the resource deletes the rule. Default: true when the resource
   * creates the rule (`shieldZoneId`/`pullZoneId`), false when it adopts one (`ruleId`).
   */
  deleteOnDestroy?: pulumi.Input<boolean>;
}

/**
 * A shield rate-limit rule. With `shieldZoneId` or `pullZoneId` a new rule is created (and
 * deleted on destroy); with `ruleId` an existing rule is adopted (and left in place on
 * destroy unless `deleteOnDestroy`). Only the fields the program writes are managed; updates
 * send one PATCH of the changed top-level fields. `pulumi refresh` shows drift in managed
 * fields, in the form the program wrote them.
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
  /** Pull zone the rule was placed by (only when `pullZoneId` is used). */
  declare public readonly pullZoneId: pulumi.Output<number | undefined>;
  /** Name of the rule on the platform. */
  declare public readonly ruleName: pulumi.Output<string | null>;
  /** Description of the rule on the platform. */
  declare public readonly ruleDescription: pulumi.Output<string | null>;
  /**
   * The managed configuration fields as the platform holds them, in the form the program
   * wrote them (an enumeration written as a name is a name).
   */
  declare public readonly ruleConfiguration: pulumi.Output<RateLimitRuleConfigurationArgs>;
  /** `deleteOnDestroy` as written (undefined: the default of the mode). */
  declare public readonly deleteOnDestroy: pulumi.Output<boolean | undefined>;
  /** True when the program addresses the rule by `ruleId` (adopt mode). */
  declare public readonly adopted: pulumi.Output<boolean>;
  /** Top-level fields reported but not managed (`ruleName`/`ruleDescription` left out). */
  declare public readonly unmanaged: pulumi.Output<string[] | undefined>;

  /**
   * Creates or adopts a rate-limit rule.
   * @param name The unique name of the resource.
   * @param args The desired rule.
   * @param opts Options for the resource.
   */
  constructor(name: string, args: RateLimitRuleArgs, opts?: pulumi.CustomResourceOptions) {
    refuseReplaceOptions("edge.shield.RateLimitRule", opts);
    super(
      serializedProvider("rate-limit-rule"),
      name,
      {
        // Every output is a key here (undefined = not an input), so it is readable on the class.
        shieldZoneId: undefined,
        pullZoneId: undefined,
        ruleName: undefined,
        ruleDescription: undefined,
        deleteOnDestroy: undefined,
        ...args,
        ruleId: soleOwner(
          "rate-limit-rule",
          `edge.shield.RateLimitRule "${name}"`,
          args.ruleId,
          (id) => `rate-limit rule ${id}`,
        ),
        adopted: undefined,
        origin: undefined,
        unmanaged: undefined,
      },
      opts,
      "shield",
      "RateLimitRule",
    );
  }
}
