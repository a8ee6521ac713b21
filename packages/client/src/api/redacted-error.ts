/**
 * Rebuilding a failed call's error with secrets of the call redacted: the compute and the
 * containers areas send secrets in request bodies (a script secret's value, a registry's
 * password, environment values) that a platform may quote back in its error.
 */
import { EdgeApiError } from "./errors";

/**
 * A copy of `e` (a new {@link EdgeApiError}) whose message, detail, field errors, path and
 * body have every one of `secrets` replaced by `[redacted]`; `body` replaces `e.body` when
 * given (before redaction). The copy's stack is its own: a caller that keeps `e`'s stack
 * redacts it itself.
 */
export function redactedError(
  e: EdgeApiError,
  secrets: readonly string[],
  body: unknown = e.body,
): EdgeApiError {
  return new EdgeApiError({
    status: e.status,
    operation: e.operation,
    method: e.method,
    path: e.path,
    errorKey: e.errorKey,
    detail: e.detail,
    fieldErrors: e.fieldErrors,
    body,
    attempts: e.attempts,
    retryable: e.retryable,
    code: e.code,
    hint: e.hint,
    secrets,
  });
}
