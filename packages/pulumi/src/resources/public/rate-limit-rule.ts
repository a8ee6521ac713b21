/**
 * `edge.shield.RateLimitRule`: a shield rate-limit rule as a Pulumi dynamic resource
 * (type token `pulumi-nodejs:dynamic/shield:RateLimitRule`).
 */
import * as pulumi from "@pulumi/pulumi";
import type { EdgeResourceOptions } from "./readable-resource";
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
} from "edgeplatform-client/spec/runtime";
import { ZoneRuleResource, type ZoneRuleKind, type ZoneRuleStateBase } from "./zone-rule-resource";

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
 * the API's integers (the exported constants, `edge.shield.RateLimitAction.Challenge`) or
 * their names in any case; the state and `preview --diff` hold the name (`"Challenge"`)
 * whichever was written, the integer goes on the wire. A field
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
 * Output form of a chained condition: {@link ChainedRuleConditionArgs} with every `Input`
 * resolved. An enumeration is its name (`"STREQ"`), whether the program wrote it or its integer.
 */
export type ChainedRuleConditionState = pulumi.Unwrap<ChainedRuleConditionArgs>;

/**
 * Output form of a rule configuration: {@link RateLimitRuleConfigurationArgs} with every
 * `Input` resolved (numbers are numbers). Holds the fields the program manages, every
 * enumeration by its name (`"Challenge"`, also when the program wrote 3); a rule read with
 * {@link RateLimitRule.get} holds every field the platform reports, enumerations by name.
 * (A state written by 0.1 may hold the integers until the rule's next update.)
 */
export type RateLimitRuleConfigurationState = pulumi.Unwrap<RateLimitRuleConfigurationArgs>;

/** The configuration fields a program writes (not optional in `C`). */
type WrittenFields<C> = {
  [K in keyof C]-?: undefined extends C[K] ? never : K;
}[keyof C] &
  keyof RateLimitRuleConfigurationState;

/**
 * The configuration output of a rule whose program wrote configuration `C`: a field the
 * program wrote is always there (it is managed, so the state carries the platform's value of
 * it), the others are optional. With the default `C` every field is optional.
 */
export type RateLimitRuleConfigurationStateOf<C> = Omit<
  RateLimitRuleConfigurationState,
  WrittenFields<C>
> &
  Required<Pick<RateLimitRuleConfigurationState, WrittenFields<C>>>;

/**
 * Rejects configuration keys that {@link RateLimitRuleConfigurationArgs} does not declare
 * (a typo such as `requestCont` is a type error, as `check` would report it).
 */
export type NoUnknownConfigurationFields<C> = {
  [K in Exclude<keyof C, keyof RateLimitRuleConfigurationArgs>]: never;
};

/** Fields of every form of {@link RateLimitRuleArgs}. */
export interface RateLimitRuleCommonArgs<
  C extends RateLimitRuleConfigurationArgs = RateLimitRuleConfigurationArgs,
> {
  /** Description of the rule. Left out: not managed; `null` clears it. */
  ruleDescription?: pulumi.Input<string | null>;
  /**
   * The rule's configuration: only the fields written here are managed. An update sends the
   * changed fields merged over the platform's current configuration.
   */
  ruleConfiguration: pulumi.Input<C>;
  /**
   * Whether destroying the resource deletes the rule. Default: true when the resource
   * creates the rule (`shieldZoneId`/`pullZoneId`), false when it adopts one (`ruleId`); a
   * rule adopted once stays adopted when the program later addresses it by zone and name.
   */
  deleteOnDestroy?: pulumi.Input<boolean>;
}

/** {@link RateLimitRuleArgs} that adopt an existing rule by id (`ruleId`). */
export interface RateLimitRuleAdoptArgs<
  C extends RateLimitRuleConfigurationArgs = RateLimitRuleConfigurationArgs,
> extends RateLimitRuleCommonArgs<C> {
  /**
   * Adopt an existing rule by id: create = one PATCH of the managed fields that differ (none
   * when they match); destroy leaves the rule unless `deleteOnDestroy` is true. Writing the
   * id of a rule this resource created switches mode in place (no API call). Another id
   * replaces. This is how an existing rule is brought under management (`opts.import` is not
   * supported by dynamic resources).
   */
  ruleId: pulumi.Input<number>;
  /** Not with `ruleId`: the rule's zone is the one it is in. */
  shieldZoneId?: never;
  /** Not with `ruleId`: the rule's zone is the one it is in. */
  pullZoneId?: never;
  /** Name of the rule; unique in a zone. Left out: not managed. */
  ruleName?: pulumi.Input<string | null>;
}

/** {@link RateLimitRuleArgs} that create a rule in a shield zone (`shieldZoneId`). */
export interface RateLimitRuleCreateInShieldZoneArgs<
  C extends RateLimitRuleConfigurationArgs = RateLimitRuleConfigurationArgs,
> extends RateLimitRuleCommonArgs<C> {
  /** Not when creating: `ruleId` adopts an existing rule instead. */
  ruleId?: never;
  /**
   * Create the rule in this shield zone (POST); destroy deletes it. If the zone already has a
   * rule of this `ruleName` with the same managed fields it is taken over; with other values
   * the create fails before any write. Another zone replaces.
   */
  shieldZoneId: pulumi.Input<number>;
  /** Not with `shieldZoneId`: one of the two places the rule. */
  pullZoneId?: never;
  /** Name of the rule: required when creating; unique in a zone. */
  ruleName: pulumi.Input<string>;
}

/** {@link RateLimitRuleArgs} that create a rule in the shield zone of a pull zone. */
export interface RateLimitRuleCreateInPullZoneArgs<
  C extends RateLimitRuleConfigurationArgs = RateLimitRuleConfigurationArgs,
> extends RateLimitRuleCommonArgs<C> {
  /** Not when creating: `ruleId` adopts an existing rule instead. */
  ruleId?: never;
  /** Not with `pullZoneId`: one of the two places the rule. */
  shieldZoneId?: never;
  /**
   * Create the rule in the shield zone of this pull zone (resolved at create through the
   * platform; both ids are in the outputs). Otherwise like `shieldZoneId`.
   */
  pullZoneId: pulumi.Input<number>;
  /** Name of the rule: required when creating; unique in a zone. */
  ruleName: pulumi.Input<string>;
}

/**
 * Arguments of {@link RateLimitRule}: exactly one of `ruleId` (adopt), `shieldZoneId` or
 * `pullZoneId` (create, with a `ruleName`). A field left out is not managed (the platform's
 * value stays and is never reported); `null` clears a nullable field. `C` is the written
 * configuration, inferred from `ruleConfiguration` (it types the configuration output).
 */
export type RateLimitRuleArgs<
  C extends RateLimitRuleConfigurationArgs = RateLimitRuleConfigurationArgs,
> =
  | RateLimitRuleAdoptArgs<C>
  | RateLimitRuleCreateInShieldZoneArgs<C>
  | RateLimitRuleCreateInPullZoneArgs<C>;

/**
 * State (outputs) of a {@link RateLimitRule}: its identity, the mode, and the managed fields
 * as the platform holds them (enumerations by name).
 */
export interface RateLimitRuleState<
  C extends RateLimitRuleConfigurationArgs = RateLimitRuleConfigurationArgs,
> extends ZoneRuleStateBase {
  /**
   * The managed configuration fields as the platform holds them, in the form the program
   * wrote them (an enumeration written as a name is a name); every field for
   * {@link RateLimitRule.get}.
   */
  ruleConfiguration: RateLimitRuleConfigurationStateOf<C>;
}

/** The kind: its stub, type, one-owner namespace and noun in messages. */
const KIND: ZoneRuleKind = {
  stub: "rate-limit-rule",
  type: "RateLimitRule",
  owner: "rate-limit-rule",
  noun: "rate-limit rule",
};

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
export class RateLimitRule<
  C extends RateLimitRuleConfigurationArgs & NoUnknownConfigurationFields<C> =
    RateLimitRuleConfigurationArgs,
> extends ZoneRuleResource {
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
   * The managed configuration fields as the platform holds them, enumerations by name
   * (`"Challenge"`, whether the program wrote the name or the integer). A field the program wrote is
   * always present (`rule.ruleConfiguration.requestCount` is an `Output<number>`); a rule
   * read with {@link RateLimitRule.get} reports every field the platform holds.
   */
  declare public readonly ruleConfiguration: pulumi.Output<RateLimitRuleConfigurationStateOf<C>>;
  /** `deleteOnDestroy` as written (undefined: the default of the mode; false for `get`). */
  declare public readonly deleteOnDestroy: pulumi.Output<boolean | undefined>;
  /** True when the program addresses the rule by `ruleId` (adopt mode), and for `get`. */
  declare public readonly adopted: pulumi.Output<boolean>;
  /** True for a rule read with {@link RateLimitRule.get} (a read-only view); else undefined. */
  declare public readonly readOnly: pulumi.Output<boolean | undefined>;
  /** Top-level fields reported but not managed (`ruleName`/`ruleDescription` left out). */
  declare public readonly unmanaged: pulumi.Output<("ruleName" | "ruleDescription")[] | undefined>;

  /**
   * Creates or adopts a rate-limit rule.
   * @param name The unique name of the resource.
   * @param args The desired rule: exactly one of `ruleId`, `shieldZoneId`, `pullZoneId`.
   * @param opts Options for the resource. `opts.import` is refused: write `ruleId` instead.
   */
  constructor(name: string, args: RateLimitRuleArgs<C>, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
