/**
 * What the program side of a collection kind that is not a rule kind (AccessList, EdgeRule,
 * DnsRecord) does before registering: the input properties (every output a key, the adopted
 * id through the one-owner gate) and how the arguments adopt an object (the hint of
 * `opts.import`'s refusal). One place for these classes, as `zone-rule-resource.ts` is for the
 * rule kinds; the arguments and outputs are each kind's, generated from its declaration.
 */
import { objectInputs } from "./object-inputs";
import { ReadableResource, type EdgeResourceOptions } from "./readable-resource";
import type { StubKind } from "../core/serialized-provider";

/** A collection kind as its class states it. */
export interface ZoneObjectKind {
  /** The kind's stub module; also the key namespace of the one-owner gate. */
  stub: StubKind;
  /** Module of the type token (`shield`, `dns`, `pullzones`). */
  module: string;
  /** Type of the token, as users write the class (`AccessList`). */
  type: string;
  /** The argument that adopts an object (`listId`), and what its value is (`id`, `guid`). */
  idField: string;
  idName: string;
  /** The parent argument that goes with the id when adopting (`shieldZoneId`). */
  parentField: string;
  /** What an object of the kind is called, short (`list`), and in messages (`custom access list`). */
  short: string;
  noun: string;
  /** The id `get` takes, as the hint writes it (`id`, `` `<zoneId>/<recordId>` ``). */
  getId: string;
  /** Every output of the class is a key of the inputs: those before the id and after it. */
  before: readonly string[];
  after: readonly string[];
  /** Outputs holding a secret (Pulumi secrets in state and outputs, whatever the program gives). */
  secretOutputs?: readonly string[];
}

/** How the arguments adopt an object of `kind` (the hint of `opts.import`'s refusal). */
function adoptHint(kind: ZoneObjectKind): string {
  return (
    `write \`${kind.idField}: <the ${kind.short}'s ${kind.idName}>\` (with its ` +
    `\`${kind.parentField}\`) in the arguments instead: that adopts the existing ${kind.short} ` +
    "(only writes of managed fields that differ) and leaves it in place on destroy; " +
    `${kind.type}.get(name, ${kind.getId}) reads one without managing it`
  );
}

/**
 * The base class of these kinds: `get` (of {@link ReadableResource}), and the constructor that
 * hands the engine its inputs. A kind's class passes its kind and merges its outputs
 * (generated).
 */
export abstract class ZoneObjectResource extends ReadableResource {
  protected constructor(
    kind: ZoneObjectKind,
    name: string,
    args: unknown,
    opts: EdgeResourceOptions | undefined,
  ) {
    const { stub, module, type } = kind;
    const inputs = {
      before: kind.before,
      after: kind.after,
      idField: kind.idField,
      owner: stub,
      token: `edge.${module}.${type}`,
      noun: kind.noun,
    };
    const secretOutputs = kind.secretOutputs;
    super({ stub, module, type, adopt: adoptHint(kind), secretOutputs }, name, args, opts, (a) =>
      objectInputs(inputs, name, a as object | undefined),
    );
  }
}
