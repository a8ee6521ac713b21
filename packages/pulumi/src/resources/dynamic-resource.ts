/**
 * The base of the package's resources: `pulumi.dynamic.Resource`, registered without the
 * SDK's per-property stack traces.
 *
 * For every property of a resource the SDK makes four promises and captures a formatted stack
 * trace for each, kept only for its report of promises still pending when the program exits.
 * With the 11–20 properties of these resources that is 44–80 stack traces per resource, the
 * largest cost per resource in a program (measured: 1 000 `RateLimitRule`s constructed in
 * 1.1–1.4 s with them, 0.4 s without). They are captured with `Error.stackTraceLimit = 0`,
 * restored as soon as the SDK's constructor returns. The resource's source position is
 * unaffected (the SDK raises the limit itself to find it); the promise report still names the
 * resource and the property; an error thrown while the resource is constructed gets the
 * stack of the constructor's caller.
 */
import * as pulumi from "@pulumi/pulumi";

/** `pulumi.dynamic.Resource` without the SDK's stack trace per property promise. */
export abstract class DynamicResource extends pulumi.dynamic.Resource {
  /** As `pulumi.dynamic.Resource`'s constructor. */
  constructor(
    provider: pulumi.dynamic.ResourceProvider,
    name: string,
    props: pulumi.Inputs,
    opts: pulumi.CustomResourceOptions | undefined,
    module: string,
    type: string,
  ) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(provider, name, props, opts, module, type);
    } catch (e) {
      Error.stackTraceLimit = limit;
      if (e instanceof Error) Error.captureStackTrace(e, new.target);
      throw e;
    } finally {
      Error.stackTraceLimit = limit;
    }
  }
}
