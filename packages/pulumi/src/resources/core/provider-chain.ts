/**
 * The provider-level steps of every operation of a kind's provider, whichever front end
 * received it: the dynamic-provider host (`registry.ts`, `gated`) or the native plugin's
 * gRPC server (`plugin/server.ts`). Each step is one small wrapper around the rest of the chain
 * (as Octokit's `hook.wrap`), and {@link providerChain} composes them once per front end, in
 * this order:
 *
 * 1. {@link oneLineFailures}: a failure the front end's host prints itself is one line;
 * 2. {@link resourceUrn}: the call runs as its resource's, so its log lines show under it
 *    (`engine-log.ts`);
 * 3. {@link providerConnection}: the provider instance's connection, where the process's
 *    settings are not it (`settings.ts`);
 * 4. {@link programRan}: a `check` records that the program ran (`stored-settings.ts`);
 * 5. {@link storedKeyWayOut}: a delete refused for the key stored with the provider names
 *    `pulumi destroy --run-program` (`stored-settings.ts`);
 * 6. {@link resourceConnectionStep}: a resource's own connection (`resource-connection.ts`);
 * 7. {@link keyCheck}: a `check` that finds the inputs fine fails on a missing or refused API
 *    key (`credentials.ts`);
 *
 * then the kind's own operation. Where the front ends differ on purpose, {@link FrontEnd} has
 * a parameter and says why; everything else is the same code for both.
 */
import { credentialFailure } from "./credentials";
import { withUrn, withUrnOf } from "./engine-log";
import { ownKey, resourceConnectionStep } from "./resource-connection-step";
import { withConnection, type ScopedConnection } from "./settings";
import { deleteWithWayOut, noteProgramRan } from "./stored-settings";
import type { Failure } from "./common";

/** The operations that go through the chain (`invoke`: a data source of the plugin). */
export type OperationName = "check" | "diff" | "create" | "read" | "update" | "delete" | "invoke";

/** A kind's operations as the front end runs them, each taking the call's arguments. */
export type KindOperations = Partial<
  Record<OperationName, (...args: unknown[]) => Promise<unknown> | unknown>
>;

/** One operation of one resource, as a front end hands it to the chain. */
export interface Call {
  /** The operation. */
  readonly op: OperationName;
  /** Its arguments, as the kind's operation takes them (`check(olds, news)`, `delete(id, props)`). */
  readonly args: readonly unknown[];
  /** The kind's operations; the chain ends in `kind[op]` (with `kind` as `this`). */
  readonly kind: KindOperations;
  /**
   * The URN the request named. The plugin has it; the dynamic-provider host hands the kind the
   * properties only (undefined here), whose URN `engine-log.ts` captured from the host's request.
   */
  readonly urn?: string;
}

/** The rest of the chain, from a step's view. */
export type Next = (call: Call) => Promise<unknown>;

/** One provider-level step: its part of a call, around the rest of the chain. */
export type Step = (call: Call, next: Next) => Promise<unknown>;

/**
 * What differs between the front ends, on purpose. Everything not here is the same for both.
 */
export interface FrontEnd {
  /**
   * The operations whose failure the front end's host prints itself. The dynamic-provider host
   * prints a failed check, diff, read or delete as `${e}: ${e.stack}` (class name, message,
   * stack trace), so those failures are made one line ({@link oneLineFailures}). The plugin:
   * none (the engine shows a gRPC status's message, one line already).
   */
  hostPrints?: ReadonlySet<OperationName>;
  /**
   * The provider instance's connection to run each call with, when the process's settings are
   * not it. The plugin: its `Configure`'s settings (an explicit provider's inputs or the stack
   * config) when its server shares the process with others (tests); undefined in its own
   * process, whose settings they are (`serveOneConnection`). The dynamic host: absent: its
   * provider is configured from the stack config (then the environment) for the whole process.
   */
  providerConnection?: () => ScopedConnection | undefined;
  /**
   * Whether a resource may bring its own connection (`opts.connection`, the input
   * `connection`). The dynamic resources: yes, they have no provider resource that could hold
   * another account's settings. The plugin: no: an explicit provider
   * (`pulumi:providers:edgeplatform`) is its way, and its schema has no `connection` input.
   */
  resourceConnections?: boolean;
}

/** Which argument of each operation holds the properties the host's request named a URN for. */
const PROPS_ARG: Partial<Record<OperationName, number>> = {
  check: 1,
  diff: 2,
  create: 0,
  read: 1,
  update: 2,
  delete: 1,
};

/** The properties of a call that its request named the URN for. */
export const propsOf = (call: Call): unknown =>
  PROPS_ARG[call.op] === undefined ? undefined : call.args[PROPS_ARG[call.op]!];

/**
 * A failure as the dynamic-provider host prints it: one line, `edgeplatform: <message>` (the
 * CLI shows it under the stack, beside the resource's error). The host's own line is the
 * error's text and its stack (`@pulumi/pulumi/cmd/dynamic-provider`), which for an Error
 * repeats the class name and the message and adds the stack trace; the engine still gets the
 * message. The error keeps its class and fields (`errorKey`, `status`).
 */
function printedOnce(e: unknown): never {
  if (e instanceof Error) {
    // The messages name the provider already ("edgeplatform DnsRecord 7: read failed: …").
    const rest = e.message.replace(/^edgeplatform /, "");
    Object.defineProperty(e, "stack", { value: rest, configurable: true, writable: true });
    Object.defineProperty(e, "toString", { value: () => "edgeplatform", configurable: true });
  }
  throw e;
}

/** A failure of an operation in `printed` (the host prints it) made one line. */
export const oneLineFailures =
  (printed: ReadonlySet<OperationName>): Step =>
  (call, next) =>
    printed.has(call.op) ? next(call).catch(printedOnce) : next(call);

/** The call run as its resource's: the request's URN, else the one captured for its properties. */
export const resourceUrn: Step = (call, next) =>
  call.urn !== undefined
    ? withUrn(call.urn, () => next(call))
    : withUrnOf(propsOf(call), () => next(call));

/** The call run with the provider instance's connection, when there is one to run with. */
export const providerConnection =
  (connection: () => ScopedConnection | undefined): Step =>
  (call, next) => {
    const c = connection();
    return c ? withConnection(c, () => next(call)) : next(call);
  };

/** A `check` records that the engine ran the program in this command. */
export const programRan: Step = (call, next) => {
  if (call.op === "check") noteProgramRan();
  return next(call);
};

/**
 * A delete refused for the key stored with the provider names the way out; `own`: whether the
 * call brings its own key (a resource's connection), which the way out would not change.
 */
export const storedKeyWayOut =
  (own: (call: Call) => boolean): Step =>
  (call, next) =>
    call.op === "delete" ? deleteWithWayOut(() => next(call), own(call)) : next(call);

/** A `check` whose inputs are fine fails on a missing or refused API key (inputs first). */
export const keyCheck: Step = async (call, next) => {
  if (call.op !== "check") return next(call);
  const r = (await next(call)) as { failures?: Failure[] } | undefined;
  if ((r?.failures ?? []).length > 0) return r;
  const key = await credentialFailure();
  return key ? { ...r, failures: [key] } : r;
};

/** The end of the chain: the kind's own operation. */
const kindOperation: Next = async (call) => call.kind[call.op]?.apply(call.kind, [...call.args]);

/**
 * The chain of a front end: its steps composed once, in the order of this module's comment.
 * Returns what the kind's operation returns, as the steps changed it.
 */
export function providerChain(frontEnd: FrontEnd): (call: Call) => Promise<unknown> {
  const steps: Step[] = [
    ...(frontEnd.hostPrints ? [oneLineFailures(frontEnd.hostPrints)] : []),
    resourceUrn,
    ...(frontEnd.providerConnection ? [providerConnection(frontEnd.providerConnection)] : []),
    programRan,
    storedKeyWayOut(frontEnd.resourceConnections ? ownKey : () => false),
    ...(frontEnd.resourceConnections ? [resourceConnectionStep] : []),
    keyCheck,
  ];
  return steps.reduceRight<Next>((next, step) => (call) => step(call, next), kindOperation);
}
