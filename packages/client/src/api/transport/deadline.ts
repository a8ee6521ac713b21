/**
 * Layer 1, the deadline: one `AbortSignal` per call, aborted by the caller's `signal` or when
 * the total budget `deadlineMs` is spent. Everything below waits on it: limiter, backoff, I/O.
 */
import type { RequestOptions, ApiResponse } from "./endpoint";
import { onAbort } from "./abort-fanout";
import type { CallBase, CallContext, Failures, Next } from "./context";

/**
 * Runs `next` under the call's deadline. One controller, aborted by the caller's signal or the
 * deadline timer; both are unhooked when the call ends, so a long-lived caller signal gathers
 * no listeners and no timer outlives the call (and concurrent calls on one signal share one
 * listener: abort-fanout.ts).
 * @throws EdgeApiError with code `aborted` at once when `opts.signal` is already aborted.
 */
export async function deadline(
  call: CallBase,
  opts: RequestOptions,
  deadlineMs: number,
  fail: Failures,
  next: Next,
): Promise<ApiResponse<unknown>> {
  if (opts.signal?.aborted) throw fail.aborted(call, "aborted");
  const ctl = new AbortController();
  const user = opts.signal;
  const unhook = user ? onAbort(user, () => ctl.abort(user.reason)) : undefined;
  const timer = setTimeout(() => ctl.abort(new Error("deadline")), deadlineMs);
  const ctx: CallContext = {
    ...call,
    signal: ctl.signal,
    userSignal: opts.signal,
    deadlineAt: Date.now() + deadlineMs,
    onRetry: opts.onRetry,
  };
  try {
    return await next(ctx);
  } finally {
    clearTimeout(timer);
    unhook?.();
  }
}
