/**
 * Layer 2, retry: the rules of {@link ./policy}, `Retry-After` or exponential full-jitter
 * backoff, bounded by `maxAttempts` and the deadline.
 *
 * Waiting keeps the process alive: the backoff is an ordinary (ref'd) timer, so a plain script
 * that awaits a call is never ended by Node in the middle of it.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { RetryInfo } from "../client";
import type { ApiResponse } from "./endpoint";
import { AttemptError, CallContext, Failures, Next, whyAborted } from "./context";
import { backoffDelay } from "./policy";

/** The transport's retry settings. */
export interface RetrySettings {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** The client's `onRetry` (the call's own is on the context). */
  onRetry: (info: RetryInfo) => void;
  fail: Failures;
}

/** Calls `next` until it succeeds or the failure may not (or can no longer) be retried. */
export async function retry(
  ctx: CallContext,
  settings: RetrySettings,
  next: Next,
): Promise<ApiResponse<unknown>> {
  for (let attempt = 1; ; attempt++) {
    let failure: AttemptError;
    try {
      return await next(ctx);
    } catch (e) {
      if (!(e instanceof AttemptError)) throw e;
      failure = e;
    }
    const err = failure.error;
    const remaining = ctx.deadlineAt - Date.now();
    const delayMs =
      failure.retryAfterMs ?? backoffDelay(attempt, settings.baseDelayMs, settings.maxDelayMs);
    const giveUp =
      !err.retryable ||
      attempt >= settings.maxAttempts ||
      err.code === "deadline_exceeded" ||
      err.code === "aborted" ||
      delayMs >= remaining;
    if (giveUp) throw attempt > 1 ? err.withAttempts(attempt) : err;
    const info: RetryInfo = {
      operation: ctx.def.operation,
      attempt,
      maxAttempts: settings.maxAttempts,
      status: err.status,
      delayMs,
    };
    settings.onRetry(info);
    ctx.onRetry?.(info);
    if (delayMs > 0) {
      try {
        // A ref'd timer: the process stays alive while a caller awaits the retry.
        await sleep(delayMs, undefined, { signal: ctx.signal });
      } catch {
        throw settings.fail.aborted(ctx, whyAborted(ctx)).withAttempts(attempt);
      }
    }
  }
}
