/**
 * What the program side of a rule in a shield zone (`RateLimitRule`, `WafRule`) does before
 * registering: refuse the options it cannot honour, and build the input properties (every
 * output a key, the adopted id through the one-owner gate). One place for both classes.
 */
import * as pulumi from "@pulumi/pulumi";
import { soleOwner } from "./one-owner";
import { refuseImport, refuseReplaceOptions } from "./resource-options";

/** The arguments a class's static `get` passes to its constructor (a read, no inputs). */
export const READ_ONLY = Symbol("read-only");

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
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.Inputs {
  const reading = args === READ_ONLY;
  if (!reading) {
    refuseReplaceOptions(`edge.shield.${type}`, opts);
    refuseImport(
      `edge.shield.${type}`,
      opts,
      "write `ruleId: <the rule's id>` in the arguments instead: that adopts the existing " +
        "rule (one PATCH only of managed fields that differ) and leaves it in place on " +
        `destroy; ${type}.get(name, id) reads one without managing it`,
    );
  }
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
