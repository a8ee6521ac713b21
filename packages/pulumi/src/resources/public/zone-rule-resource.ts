/**
 * What the program side of a rule in a shield zone (`RateLimitRule`, `WafRule`) does before
 * registering: the input properties (every output a key, the adopted id through the one-owner
 * gate) and how the arguments adopt a rule (the hint of `opts.import`'s refusal); and the
 * outputs they share.
 * One place for both classes.
 */
import * as pulumi from "@pulumi/pulumi";
import { soleOwner } from "./one-owner";
import { ReadableResource } from "./readable-resource";
import type { StubKind } from "../core/serialized-provider";

/**
 * The input properties of a zone rule resource.
 * @param type The class as users write it (`RateLimitRule`, `WafRule`).
 * @param owner Key namespace of the one-owner gate (`rate-limit-rule`, `waf-rule`).
 * @param noun What a rule of this kind is called in messages (`rate-limit rule`).
 */
export function zoneRuleProps(
  type: string,
  owner: string,
  noun: string,
  name: string,
  args: unknown,
): pulumi.Inputs {
  const reading = args === undefined;
  return {
    // Every output is a key here (undefined = not an input), so it is readable on the class.
    shieldZoneId: undefined,
    pullZoneId: undefined,
    ruleName: undefined,
    ruleDescription: undefined,
    deleteOnDestroy: undefined,
    ...(reading ? { ruleConfiguration: undefined } : (args as pulumi.Inputs)),
    ruleId: reading
      ? undefined
      : soleOwner(
          owner,
          `edge.shield.${type} "${name}"`,
          (args as { ruleId?: pulumi.Input<number> }).ruleId,
          (id) => `${noun} ${id}`,
        ),
    adopted: undefined,
    origin: undefined,
    unmanaged: undefined,
    readOnly: undefined,
  };
}

/** Outputs every zone rule has (besides its `ruleConfiguration`). */
export interface ZoneRuleStateBase {
  /** Id of the rule on the platform (also the resource id, as a string). */
  ruleId: number;
  /** Shield zone the rule belongs to. */
  shieldZoneId: number;
  /** Pull zone the rule was placed by (only when `pullZoneId` is used). */
  pullZoneId: number | undefined;
  /** Name of the rule on the platform. */
  ruleName: string | null;
  /** Description of the rule on the platform. */
  ruleDescription: string | null;
  /** `deleteOnDestroy` as written (undefined: the default of the mode; false for `get`). */
  deleteOnDestroy: boolean | undefined;
  /** True when the program addresses the rule by `ruleId` (adopt mode), and for `get`. */
  adopted: boolean;
  /** Top-level fields reported but not managed (`ruleName`/`ruleDescription` left out). */
  unmanaged: ("ruleName" | "ruleDescription")[] | undefined;
  /** True for a rule read with `get` (a read-only view); else undefined. */
  readOnly: boolean | undefined;
}

/** A zone rule kind as its class states it. */
export interface ZoneRuleKind {
  /** The kind's stub module. */
  stub: StubKind;
  /** The class as users write it (`WafRule`), in `shield`. */
  type: string;
  /** Key namespace of the one-owner gate (`waf-rule`). */
  owner: string;
  /** What a rule of this kind is called in messages (`custom WAF rule`). */
  noun: string;
}

/**
 * The base class of the zone rules: the outputs they all have, `get`, and the constructor
 * that hands the engine its inputs (see {@link zoneRuleProps}).
 */
export abstract class ZoneRuleResource extends ReadableResource {
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
  /** `deleteOnDestroy` as written (undefined: the default of the mode; false for `get`). */
  declare public readonly deleteOnDestroy: pulumi.Output<boolean | undefined>;
  /** True when the program addresses the rule by `ruleId` (adopt mode), and for `get`. */
  declare public readonly adopted: pulumi.Output<boolean>;
  /** True for a rule read with `get` (a read-only view); else undefined. */
  declare public readonly readOnly: pulumi.Output<boolean | undefined>;
  /** Top-level fields reported but not managed (`ruleName`/`ruleDescription` left out). */
  declare public readonly unmanaged: pulumi.Output<("ruleName" | "ruleDescription")[] | undefined>;

  /**
   * @param kind The rule kind.
   * @param args The desired rule: exactly one of `ruleId`, `shieldZoneId`, `pullZoneId`.
   * @param opts Options for the resource. `opts.import` is refused: write `ruleId` instead.
   */
  protected constructor(
    kind: ZoneRuleKind,
    name: string,
    args: unknown,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    const adopt =
      "write `ruleId: <the rule's id>` in the arguments instead: that adopts the existing " +
      "rule (one PATCH only of managed fields that differ) and leaves it in place on " +
      `destroy; ${kind.type}.get(name, id) reads one without managing it`;
    super({ ...kind, module: "shield", adopt }, name, args, opts, (a) =>
      zoneRuleProps(kind.type, kind.owner, kind.noun, name, a),
    );
  }
}
