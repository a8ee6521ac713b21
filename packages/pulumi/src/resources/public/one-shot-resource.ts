/**
 * What the program side of a one-shot kind (`CachePurge`, `VolumeInstancesDeletion`: an
 * operation run when created, and again when an input changes) does: `get` refused (the
 * platform keeps no record of a past operation), `opts.import` refused, and the constructor
 * that hands the engine its inputs. One place for these classes, as `zone-object-resource.ts`
 * is for the collection kinds; the arguments and outputs are each kind's, generated from its
 * declaration.
 */
import { InvalidArgumentError } from "edgeplatform-client";
import type { StubKind } from "../core/serialized-provider";
import { withConnectionInput, type EdgeResourceOptions } from "./readable-resource";
import { refuseImport } from "./resource-options";
import { outputKeys } from "./object-inputs";
import { QuietResource } from "./quiet-stacks";

/** A one-shot kind as its class states it. */
export interface OneShotKind {
  /** The kind's stub module (`pulumi-edgeplatform/stubs/<stub>`). */
  stub: StubKind;
  /** Module of the type token (`pullzones`, `containers`). */
  module: string;
  /** Type of the token, as users write the class (`CachePurge`). */
  type: string;
  /** Why `get` is refused (the end of its error: `is not supported: …`). */
  getRefusal: string;
  /** What to do instead of `opts.import` (the end of its refusal). */
  importInstead: string;
  /** Every output a key of the inputs: those before the arguments and after them. */
  before: readonly string[];
  after: readonly string[];
}

/**
 * The `get` of a one-shot kind's class: always throws, a one-shot resource records a past
 * operation, with nothing to read. Each class's static `get` states its own state type and
 * returns this.
 * @throws InvalidArgumentError naming `edge.<module>.<type>.get` and why.
 */
export function refuseOneShotGet(
  kind: OneShotKind,
  name: string,
  _id: unknown,
  _state: unknown,
  _opts: unknown,
): never {
  throw new InvalidArgumentError(
    `edge.${kind.module}.${kind.type}.get`,
    name,
    `is not supported: ${kind.getRefusal}`,
  );
}

/** The base class of the one-shot kinds: the constructor that hands the engine its inputs. */
export abstract class OneShotResource extends QuietResource {
  /**
   * @param kind The one-shot kind.
   * @param args The program's arguments.
   * @param opts Options for the resource (`opts.import` is refused).
   */
  protected constructor(
    kind: OneShotKind,
    name: string,
    args: object,
    opts: EdgeResourceOptions | undefined,
  ) {
    refuseImport(`edge.${kind.module}.${kind.type}`, opts, kind.importInstead, false);
    const engine = withConnectionInput(opts, {
      ...outputKeys(kind.before),
      ...args,
      ...outputKeys(kind.after),
    });
    super(kind.stub, name, engine.inputs, engine.opts, kind.module, kind.type);
  }
}
