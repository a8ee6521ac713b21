/**
 * What the program side of a rule kind (a rule in a shield zone) does before registering: the
 * input properties (every output a key, the adopted id through the one-owner gate) and how the
 * arguments adopt a rule (the hint of `opts.import`'s refusal). One place for every rule kind's
 * class; the outputs are each kind's, generated from its declaration.
 */
import * as pulumi from "@pulumi/pulumi";
import { objectInputs } from "./object-inputs";
import { ReadableResource, type EdgeResourceOptions } from "./readable-resource";
import type { StubKind } from "../core/serialized-provider";

/**
 * The input properties of a zone rule resource.
 * @param type The class as users write it (the rule kind's type).
 * @param owner Key namespace of the one-owner gate (the rule kind's).
 * @param noun What a rule of this kind is called in messages.
 */
export function zoneRuleProps(
  type: string,
  owner: string,
  noun: string,
  name: string,
  args: unknown,
): pulumi.Inputs {
  return objectInputs(
    {
      before: [
        "shieldZoneId",
        "pullZoneId",
        "ruleName",
        "ruleDescription",
        "deleteOnDestroy",
        "ruleConfiguration",
      ],
      after: ["adopted", "origin", "unmanaged", "readOnly"],
      idField: "ruleId",
      owner,
      token: `edge.shield.${type}`,
      noun,
    },
    name,
    args as object | undefined,
  );
}

/** A zone rule kind as its class states it. */
export interface ZoneRuleKind {
  /** The kind's stub module. */
  stub: StubKind;
  /** The class as users write it, in `shield`. */
  type: string;
  /** Key namespace of the one-owner gate (its stub, by convention). */
  owner: string;
  /** What a rule of this kind is called in messages. */
  noun: string;
}

/**
 * The base class of the rule kinds: `get`, and the constructor that hands the engine its inputs
 * (see {@link zoneRuleProps}). A kind's class states its kind as the static `kind` and merges
 * its outputs (generated); `A` is its arguments.
 */
export abstract class ZoneRuleResource<A> extends ReadableResource {
  /** The rule kind of the class (each kind's class states its own). */
  protected static readonly kind: ZoneRuleKind;

  /**
   * Creates a rule, or adopts an existing one.
   * @param name The unique name of the resource.
   * @param args The desired rule: exactly one of `ruleId`, `shieldZoneId`, `pullZoneId`.
   * @param opts Options for the resource. `opts.import` is refused: write `ruleId` instead.
   */
  constructor(name: string, args: A, opts?: EdgeResourceOptions) {
    const kind = (new.target as unknown as { kind: ZoneRuleKind }).kind;
    const adopt =
      "write `ruleId: <the rule's id>` in the arguments instead: that adopts the existing " +
      "rule (one PATCH only of managed fields that differ) and leaves it in place on " +
      `destroy; ${kind.type}.get(name, id) reads one without managing it`;
    super({ ...kind, module: "shield", adopt }, name, args, opts, (a) =>
      zoneRuleProps(kind.type, kind.owner, kind.noun, name, a),
    );
  }
}
