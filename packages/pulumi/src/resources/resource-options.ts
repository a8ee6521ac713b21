/**
 * Resource options that cannot be honoured by resources whose identity is a platform object
 * that a replacement would take over again (a rule of the same name, a zone's DNSSEC switch).
 */
import type * as pulumi from "@pulumi/pulumi";
import { InvalidArgumentError } from "edgeplatform-client";

/**
 * Refuses `replaceOnChanges` and `deleteBeforeReplace`: the replacement of a rate-limit rule
 * or a zone's DNSSEC switch would be the same platform object, so the create-then-delete (or
 * delete-then-create) of a replacement could only delete or forget what it just took over.
 * @throws InvalidArgumentError naming the option.
 */
export function refuseReplaceOptions(
  resource: string,
  opts: pulumi.CustomResourceOptions | undefined,
): void {
  for (const option of ["replaceOnChanges", "deleteBeforeReplace"] as const) {
    const v = opts?.[option];
    if (v === undefined || v === false || (Array.isArray(v) && v.length === 0)) continue;
    throw new InvalidArgumentError(
      resource,
      `opts.${option}`,
      "is not supported: the resource is the platform object itself (a replacement would " +
        "take over the same object and then delete or forget it). Change identity fields " +
        "(ruleId, shieldZoneId, pullZoneId, zoneId) to replace; rename with `aliases`",
    );
  }
}
