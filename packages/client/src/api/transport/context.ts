/**
 * What the layers share: the state of one call ({@link CallContext}), the signature of a
 * layer's `next`, and how a call's failures are built ({@link Failures}).
 */
import { EdgeApiError, redact } from "../errors";
import type { RetryInfo } from "../client";
import type { ApiResponse, CallInput, EndpointDef } from "./endpoint";
import { RETRYABLE_NETWORK_CODES } from "./policy";

/** What is known of a call before its deadline starts. */
export interface CallBase {
  def: EndpointDef;
  input: CallInput;
  base: string;
  path: string;
  idempotent: boolean;
}

/** State of one call, shared by the layers. */
export interface CallContext extends CallBase {
  /** Aborted by the caller's signal or the deadline. */
  signal: AbortSignal;
  /** The caller's own signal. */
  userSignal?: AbortSignal;
  /** Epoch ms at which the deadline expires. */
  deadlineAt: number;
  onRetry?: (info: RetryInfo) => void;
}

/** The rest of the layers below one layer. */
export type Next = (ctx: CallContext) => Promise<ApiResponse<unknown>>;

/** A failed attempt: the error plus the server's `Retry-After`, when it sent one. */
export class AttemptError extends Error {
  constructor(
    readonly error: EdgeApiError,
    readonly retryAfterMs?: number,
  ) {
    super(error.message);
  }
}

/** Why the call's signal fired: the caller's signal, else the deadline. */
export function whyAborted(ctx: Pick<CallContext, "userSignal">): "aborted" | "deadline_exceeded" {
  return ctx.userSignal?.aborted ? "aborted" : "deadline_exceeded";
}

/** The fields of an {@link EdgeApiError} that a layer decides. */
export interface FailureInit {
  status: number;
  errorKey?: string;
  detail?: string;
  fieldErrors?: { field: string; message: string }[];
  body?: unknown;
  retryable: boolean;
  code?: string;
}

/** The hint of a failure (see `EdgeApiError.hint`), or undefined. */
export type Explain = (def: EndpointDef, status: number, code?: string) => string | undefined;

/** Builds the errors of calls, with the secrets redacted. */
export interface Failures {
  /** An error of the call's operation, method and path. */
  error(ctx: Pick<CallContext, "def" | "path">, e: FailureInit): EdgeApiError;
  /** A status-0 error with `code`; retryable only when allowed and the code is retryable. */
  network(
    ctx: Pick<CallContext, "def" | "path">,
    code: string,
    retryable: boolean,
    detail?: string,
  ): EdgeApiError;
  /** The error of a call stopped by the caller's signal or the deadline. */
  aborted(
    ctx: Pick<CallContext, "def" | "path">,
    code: "aborted" | "deadline_exceeded",
  ): EdgeApiError;
  /** `text` with the transport's secrets replaced by `[redacted]`. */
  redact(text: string): string;
}

/**
 * The {@link Failures} of one transport. The secrets stay in this closure: nothing on the
 * returned object shows them to `util.inspect` or `JSON.stringify`.
 */
export function failures(
  secrets: string[],
  deadlineMs: number,
  explain: Explain = () => undefined,
): Failures {
  const error: Failures["error"] = (ctx, e) =>
    new EdgeApiError({
      ...e,
      operation: ctx.def.operation,
      method: ctx.def.method,
      path: ctx.path,
      secrets,
      hint: explain(ctx.def, e.status, e.code),
    });
  const network: Failures["network"] = (ctx, code, retryable, detail) =>
    error(ctx, {
      status: 0,
      code,
      errorKey: code,
      detail,
      retryable:
        code !== "deadline_exceeded" &&
        code !== "aborted" &&
        retryable &&
        RETRYABLE_NETWORK_CODES.has(code),
    });
  const aborted: Failures["aborted"] = (ctx, code) =>
    network(
      ctx,
      code,
      false,
      code === "aborted"
        ? "aborted by the caller's signal"
        : `the call did not finish within deadlineMs (${deadlineMs} ms)`,
    );
  return { error, network, aborted, redact: (text) => redact(text, secrets) };
}
