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
    throw programError(
      new InvalidArgumentError(
        resource,
        `opts.${option}`,
        "is not supported: the resource is the platform object itself (a replacement would " +
          "take over the same object and then delete or forget it). Change identity fields " +
          "(ruleId, shieldZoneId, pullZoneId, zoneId) to replace; rename with `aliases`",
      ),
    );
  }
}

/**
 * Marks a refusal of the program's own arguments as Pulumi's "run error" (the SDK's duck-typed
 * `__pulumiRunError`): the language host then prints its message alone, as one error, instead
 * of "failed with an unhandled exception" and a stack trace. It stays an
 * `InvalidArgumentError` for code that catches it.
 */
function programError<E extends Error>(e: E): E {
  Object.defineProperty(e, "__pulumiRunError", { value: true, enumerable: false });
  return e;
}

/**
 * Refuses `opts.import`. The engine imports by calling the provider's `read` with the id and
 * no properties; a dynamic resource's provider lives in its state (`__provider`), so the
 * dynamic-provider host fails before any code of this package runs (CLI and SDK 3.248,
 * measured: `Cannot read properties of undefined (reading 'toJavaScript')`; older SDKs: `code
 * must be a string, not undefined`, pulumi/pulumi#3550, #16175). This says what to do instead.
 * @param instead How to adopt the object (the resource's own argument).
 * @param bulk Whether `edgeplatform-import` adopts objects of this kind (named in the message).
 * @throws InvalidArgumentError naming `opts.import` and the way out.
 */
export function refuseImport(
  resource: string,
  opts: pulumi.CustomResourceOptions | undefined,
  instead: string,
  bulk = true,
): void {
  if (opts?.import === undefined || opts.import === null) return;
  throw programError(
    new InvalidArgumentError(
      resource,
      "opts.import",
      `is not supported by Pulumi dynamic resources (the engine's import cannot load their ` +
        `provider); ${instead}` +
        (bulk
          ? "; `npx edgeplatform-import` writes such a program for every object of a zone " +
            "(docs/adoption-and-gitops.md)"
          : ""),
    ),
  );
}

/**
 * The optional `state` of a class's static `get(name, id, state?, opts?)`: the resource's
 * outputs as Inputs, each optional (Pulumi's usual lookup signature).
 */
export type LookupState<S> = { [K in keyof S]?: pulumi.Input<S[K]> };

/** Keys of Pulumi's resource options (to recognise options passed where `state` belongs). */
const OPTION_KEYS = new Set([
  "parent",
  "provider",
  "providers",
  "protect",
  "dependsOn",
  "ignoreChanges",
  "retainOnDelete",
  "deletedWith",
  "aliases",
  "customTimeouts",
  "transformations",
  "transforms",
  "version",
  "pluginDownloadURL",
  "urn",
  "id",
  "import",
  "deleteBeforeReplace",
  "replaceOnChanges",
  "additionalSecretOutputs",
  "hooks",
]);

/**
 * The options of `get(name, id, state?, opts?)`, with `id` set. `state` is accepted as in
 * Pulumi's other providers; the lookup needs the id alone and every output is read from the
 * platform, so its values are not used. Resource options written where `state` belongs (the
 * `get(name, id, opts)` form of earlier releases) are refused, not taken for state.
 * @throws InvalidArgumentError naming the argument.
 */
export function lookupOptions(
  resource: string,
  id: pulumi.Input<pulumi.ID>,
  state: object | undefined,
  opts: pulumi.CustomResourceOptions | undefined,
): pulumi.CustomResourceOptions {
  const misplaced = Object.keys(state ?? {}).filter((k) => OPTION_KEYS.has(k));
  if (misplaced.length > 0) {
    throw programError(
      new InvalidArgumentError(
        `${resource}.get`,
        "state",
        `holds resource options (${misplaced.join(", ")}): the arguments are ` +
          "(name, id, state?, opts?); pass the options fourth (`get(name, id, undefined, opts)`)",
      ),
    );
  }
  return { ...opts, id };
}
