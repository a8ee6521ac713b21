/**
 * The one error class for invalid input given to this library (as opposed to
 * {@link EdgeApiError}, which is an answer of the platform): a data-source or client argument,
 * or a setting (`InvalidSettingError`, a subclass). Thrown before any request is sent.
 */

/** An argument (or setting) is invalid; nothing was sent to the platform. */
export class InvalidArgumentError extends TypeError {
  /** Where the argument was given, for example `shield.getEventLogs` or `settings`. */
  readonly operation: string;
  /** The argument's name or property path, for example `maxPages` or `requestTimeoutMs`. */
  readonly field: string;
  /** What is wrong with it, without the operation and the field (`give \`spec\` or …`). */
  readonly reason: string;
  /** The allowed values, when the argument is an enumeration. */
  readonly allowed?: readonly unknown[];
  constructor(
    operation: string,
    field: string,
    reason: string,
    allowed?: readonly unknown[],
    cause?: unknown,
  ) {
    super(
      `edgeplatform: ${operation}: invalid argument "${field}": ${reason}`,
      cause === undefined ? undefined : { cause },
    );
    this.name = "InvalidArgumentError";
    this.operation = operation;
    this.field = field;
    this.reason = reason;
    if (allowed) this.allowed = allowed;
  }
}
