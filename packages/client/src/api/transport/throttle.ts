/**
 * Layer 3, throttle: the per-pull-zone logging limiter ({@link SlidingWindowLimiter}). Its
 * wait is cancellable (by the call's signal) and a ref'd timer; the slot is released whatever
 * the outcome.
 */
import type { Permit, SlidingWindowLimiter } from "../limiter";
import type { ApiResponse } from "./endpoint";
import { AttemptError, CallContext, Failures, Next, whyAborted } from "./context";

/**
 * Takes a limiter slot for endpoints with `limitBy` (keyed by that path parameter), then calls
 * `next`. Without a limiter, or for other endpoints, calls `next` at once.
 */
export async function throttle(
  ctx: CallContext,
  limiter: SlidingWindowLimiter | undefined,
  fail: Failures,
  next: Next,
): Promise<ApiResponse<unknown>> {
  const key = ctx.def.limitBy ? ctx.input.params?.[ctx.def.limitBy] : undefined;
  let permit: Permit | undefined;
  if (key !== undefined && limiter) {
    try {
      permit = await limiter.acquire(String(key), ctx.signal);
    } catch {
      throw new AttemptError(fail.aborted(ctx, whyAborted(ctx)));
    }
  }
  try {
    return await next(ctx);
  } finally {
    permit?.release();
  }
}
