/**
 * Helpers shared by the dynamic resource implementations: the engine's unknown sentinel,
 * structural comparison, check-failure builders and error wrapping that never leaks secrets.
 */
import type { TObject } from "@sinclair/typebox";
import type { SchemaRef } from "edgeplatform-client/spec/runtime";
import { validate } from "edgeplatform-client/spec/runtime";
import { scrub } from "./settings";

/**
 * The value the Pulumi dynamic-provider host passes for a property that is not known yet
 * during a preview (`@pulumi/pulumi/runtime/rpc` `unknownValue`; plain string after
 * `Struct.toJavaScript()`). Hard-coded so the implementation does not load the SDK.
 */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

/** The name of the property the SDK adds to every dynamic resource (serialized provider). */
export const PROVIDER_KEY = "__provider";

/** True when `v` is the unknown sentinel. */
export const isUnknown = (v: unknown): boolean => v === UNKNOWN;

/** True when `v` is given: neither `undefined` nor `null`. */
export const present = (v: unknown): boolean => v !== undefined && v !== null;

/** True when `v` is, or contains at any depth, the unknown sentinel. */
export function containsUnknown(v: unknown): boolean {
  if (v === UNKNOWN) return true;
  if (Array.isArray(v)) return v.some(containsUnknown);
  if (v !== null && typeof v === "object") return Object.values(v).some(containsUnknown);
  return false;
}

/** A plain object (not null, not an array). */
export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * Structural equality: object key order does not matter, `undefined` members are the same as
 * absent ones, array order matters.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => deepEqual(x, b[i]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!deepEqual(a[k], b[k])) return false;
    return true;
  }
  return false;
}

/** A failure as `check` returns it. */
export interface Failure {
  property: string;
  reason: string;
}

/** Copy of `v` with unknown values left out (so that validation skips them). */
export function stripUnknowns(v: unknown): unknown {
  if (Array.isArray(v)) return v.some(containsUnknown) ? undefined : v;
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (isUnknown(x)) continue;
      const s = stripUnknowns(x);
      if (s !== undefined) out[k] = s;
    }
    return out;
  }
  return v;
}

/**
 * Validates a resource's inputs with the project's one validator (`edgeplatform-client/spec`),
 * against an exported schema of a schema module (`schemaRef`: precompiled by the build):
 * unknown properties, types, ranges and enumerations, each failure with its property path.
 * `__provider` and unknown values (preview) are left out. A property of `required` that is
 * absent or null fails with the given reason (and is not validated further).
 */
export function checkInputs(
  schema: SchemaRef<TObject>,
  inputs: Record<string, unknown>,
  required: Record<string, string> = {},
): Failure[] {
  const known = stripUnknowns(withoutProvider(inputs)) as Record<string, unknown>;
  const missing: Failure[] = [];
  for (const [property, reason] of Object.entries(required)) {
    if (isUnknown(inputs[property])) continue;
    if (known[property] === undefined || known[property] === null) {
      missing.push({ property, reason });
      delete known[property];
    }
  }
  return [...validate(schema, known), ...missing];
}

/**
 * Failures for the inputs that the program marked as naming an object another resource of
 * the program names too (one-owner.ts `OwnerConflict`). The marker is matched by shape: this
 * module does not load the SDK.
 */
export function ownerConflicts(news: Record<string, unknown>, keys: readonly string[]): Failure[] {
  return keys.flatMap((k) => {
    const v = news[k];
    return isPlainObject(v) && typeof v.oneOwnerConflict === "string"
      ? [{ property: k, reason: v.oneOwnerConflict }]
      : [];
  });
}

/** Runs a `check` body; an unexpected exception becomes a failure instead of a crash. */
export function safeCheck<T>(
  news: unknown,
  body: (news: Record<string, unknown>) => { inputs: T; failures: Failure[] },
): { inputs: T | Record<string, unknown>; failures: Failure[] } {
  if (!isPlainObject(news)) {
    return {
      inputs: {},
      failures: [{ property: "", reason: `inputs must be an object; got ${describe(news)}` }],
    };
  }
  try {
    return body(news);
  } catch (e) {
    return {
      inputs: news,
      failures: [{ property: "", reason: `invalid inputs: ${scrub(messageOf(e))}` }],
    };
  }
}

function describe(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return typeof v;
  }
}

/** Message of any thrown value. */
export function messageOf(e: unknown): string {
  if (e instanceof Error) return e.message;
  return typeof e === "string" ? e : describe(e);
}

/** Error thrown by a dynamic resource operation: names the resource and the operation. */
export class ResourceOperationError extends Error {
  /** Platform error key of the underlying API error, when there was one. */
  readonly errorKey?: string;
  /** HTTP status of the underlying API error, when there was one. */
  readonly status?: number;
  /**
   * The answers are what a key without access to the zone gets (not evidence that the object
   * is gone): given by {@link notGoneError}, kept from a `cause` that has it.
   */
  readonly keyAmbiguous?: boolean;

  constructor(message: string, cause?: unknown, opts: { keyAmbiguous?: boolean } = {}) {
    super(scrub(message));
    this.name = "ResourceOperationError";
    const c = cause as { errorKey?: unknown; status?: unknown; keyAmbiguous?: unknown } | undefined;
    if (c && typeof c.errorKey === "string") this.errorKey = c.errorKey;
    if (c && typeof c.status === "number") this.status = c.status;
    if (opts.keyAmbiguous === true || c?.keyAmbiguous === true) this.keyAmbiguous = true;
  }
}

/**
 * The error of a read or delete whose not-found answers are not evidence that `subject` is
 * gone (a key of another account gets the same answers): it names the answers, says the
 * object is NOT treated as gone, points at the API key's scope and gives the way out when the
 * zone really was deleted. `answers` is the platform's answers as the message quotes them.
 */
export function notGoneError(
  what: string,
  subject: string,
  answers: string,
  cause: unknown,
): ResourceOperationError {
  return new ResourceOperationError(
    `${what} failed: the platform answered ${answers}. A key without access to the zone gets ` +
      `the same answers, so ${subject} is NOT treated as gone and nothing was written: check ` +
      `the API key's scope (a key of the zone's account). If the zone really was deleted ` +
      `(check with that key), remove this resource from the state with ` +
      `\`pulumi state delete <urn>\`; with the right key, \`pulumi refresh\` reads it again.`,
    cause,
    { keyAmbiguous: true },
  );
}

/**
 * Runs one resource operation and rethrows any error as a {@link ResourceOperationError}
 * whose message starts with `what` (for example `edgeplatform RateLimitRule 101: update`)
 * and never contains the API key or the logging token.
 */
export async function operation<T>(what: string, body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch (e) {
    if (e instanceof ResourceOperationError) throw e;
    throw new ResourceOperationError(`${what} failed: ${messageOf(e)}`, e);
  }
}

/** True when `e` is an API error meaning "the object is gone" (404 or `not_found…`). */
export function isNotFound(e: unknown): boolean {
  return !!e && typeof e === "object" && (e as { isNotFound?: unknown }).isNotFound === true;
}

/** Copy of `o` without the `__provider` member. */
export function withoutProvider<T extends Record<string, unknown>>(o: T): T {
  const { [PROVIDER_KEY]: _p, ...rest } = o;
  return rest as T;
}
