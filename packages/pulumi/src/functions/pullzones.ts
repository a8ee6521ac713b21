/** Pull-zone data source: `checkNameAvailability` (also as an Output form). */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import type * as S from "./pullzones-schemas";
import { EdgeApiError, InvalidArgumentError } from "edgeplatform-client";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import { checkArgs } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";

const checkNameAvailabilityArgs = schemaRef<typeof S.checkNameAvailabilityArgsSchema>(
  __dirname,
  "./pullzones-schemas",
  "checkNameAvailabilityArgsSchema",
);
/** Arguments of {@link checkNameAvailability}. */
export type CheckNameAvailabilityArgs = Static<typeof S.checkNameAvailabilityArgsSchema>;

/** Result of {@link checkNameAvailability}. */
export interface CheckNameAvailabilityResult {
  /** The name that was checked. */
  name: string;
  /**
   * Whether the name is free; `undefined` when the platform's answer did not say (an empty
   * 200, which the published spec allows): treat it as "unknown", not as "taken".
   */
  available: boolean | undefined;
}

const OPERATION = "pullzones.checkNameAvailability";

/**
 * Checks whether a pull-zone name is available (POST `/pullzone/checkavailability`).
 *
 * ```ts
 * const { available } = await edge.pullzones.checkNameAvailability({ name: "my-zone" });
 * ```
 * @throws InvalidArgumentError (field `name`) when `name` is not a non-empty string, or when
 * the platform rejects the name (400 `{ErrorKey, Field, Message}`); the message carries the
 * platform's message and error key, `cause` the original {@link EdgeApiError}.
 * @throws EdgeApiError for other platform errors (401, 5xx after retries).
 */
export async function checkNameAvailability(
  args: CheckNameAvailabilityArgs,
  opts: DataSourceOptions = {},
): Promise<CheckNameAvailabilityResult> {
  try {
    const { name } = checkArgs(OPERATION, checkNameAvailabilityArgs, args);
    try {
      const res = await (await connectedClient(opts)).pullzones.checkNameAvailability(name);
      return { name, available: res.Available };
    } catch (e) {
      if (e instanceof EdgeApiError && e.status === 400) {
        const fe = e.fieldErrors[0];
        const message = fe?.message ?? e.detail ?? e.message;
        const where = [fe?.field ? `field ${fe.field}` : undefined, e.errorKey]
          .filter(Boolean)
          .join(", ");
        throw new InvalidArgumentError(
          OPERATION,
          "name",
          `rejected by the platform${where ? ` (${where})` : ""}: ${message}`,
          undefined,
          e,
        );
      }
      throw e;
    }
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link checkNameAvailability} (accepts Inputs). */
export function checkNameAvailabilityOutput(
  args: Inputs<CheckNameAvailabilityArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<CheckNameAvailabilityResult> {
  return dataSourceOutput(args, opts, checkNameAvailability);
}
