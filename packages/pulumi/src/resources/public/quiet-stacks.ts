/**
 * The package's resources are registered without the SDK's stack trace per property promise.
 *
 * For every property of a resource the SDK makes four promises and captures a formatted stack
 * trace for each, kept only for its report of promises still pending when the program exits.
 * With the 11–20 properties of these resources that is 44–80 stack traces per resource, the
 * largest cost per resource in a program (measured: 1 000 `RateLimitRule`s constructed in
 * 1.1–1.4 s with them, 0.26 s without). Each resource's constructor calls the SDK's with
 * `Error.stackTraceLimit = 0` ({@link quietStacks}) and restores the limit as soon as it
 * returns or throws ({@link restack}). This is done once, in the constructor of
 * {@link QuietResource}, the base of the classes' bases (`ReadableResource`,
 * readable-resource.ts; `OneShotResource`, one-shot-resource.ts), around the SDK's constructor. The source
 * position is unaffected (the SDK raises the limit itself to find it); the promise report
 * still names the resource and the property; an error thrown while the resource is
 * constructed gets the stack of the constructor's caller.
 *
 *     const limit = quietStacks();
 *     try {
 *       super(...);
 *     } catch (e) {
 *       throw restack(e, limit, new.target);
 *     } finally {
 *       Error.stackTraceLimit = limit;
 *     }
 */
import * as pulumi from "@pulumi/pulumi";
import { serializedProvider, type StubKind } from "../core/serialized-provider";

/** Sets `Error.stackTraceLimit` to 0; returns the limit to restore. */
export function quietStacks(): number {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return limit;
}

/**
 * Restores `limit` and gives an error thrown while it was 0 the stack of `ctor`'s caller.
 * @returns the error, to rethrow.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function restack(e: unknown, limit: number, ctor: Function): unknown {
  Error.stackTraceLimit = limit;
  if (e instanceof Error) Error.captureStackTrace(e, ctor);
  return e;
}

/**
 * The SDK's dynamic resource, registered as above: the one base of the package's resource
 * classes that calls the SDK's constructor.
 */
export abstract class QuietResource extends pulumi.dynamic.Resource {
  /**
   * @param stub The kind's stub module (its serialized provider).
   * @param inputs The engine's inputs.
   * @param module Module of the type token (`shield`); `type`: the class as users write it.
   */
  protected constructor(
    stub: StubKind,
    name: string,
    inputs: pulumi.Inputs,
    opts: pulumi.CustomResourceOptions | undefined,
    module: string,
    type: string,
  ) {
    const limit = quietStacks();
    try {
      super(serializedProvider(stub), name, inputs, opts, module, type);
    } catch (e) {
      throw restack(e, limit, new.target);
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}
