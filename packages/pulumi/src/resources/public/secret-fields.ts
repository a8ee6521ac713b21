/**
 * How a resource class makes its secret fields Pulumi secrets (the outputs named by its
 * generated `<KIND>_SECRET_OUTPUTS`): as additional secret outputs, and as secret inputs.
 * {@link ReadableResource} applies both for every class that states its secret outputs.
 */
import * as pulumi from "@pulumi/pulumi";

/**
 * `opts` with the outputs that hold a secret setting (`<KIND>_SECRET_OUTPUTS`, generated from
 * the declaration) as additional secret outputs: Pulumi secrets in the state and the outputs.
 * `opts` itself when there are none.
 */
export function withSecretOutputs<O extends pulumi.CustomResourceOptions>(
  opts: O | undefined,
  secrets: readonly string[],
): O | undefined {
  if (secrets.length === 0) return opts;
  return {
    ...opts,
    additionalSecretOutputs: [...(opts?.additionalSecretOutputs ?? []), ...secrets],
  } as O;
}

/**
 * `args` with each argument named in `secrets` (a secret setting, the stated `prior`) a Pulumi
 * secret, so that the state's inputs hold it encrypted too. `args` itself when there are none.
 */
export function secretInputs<T extends object>(args: T, secrets: readonly string[]): T {
  if (secrets.length === 0) return args;
  return Object.fromEntries(
    Object.entries(args).map(([k, v]) => [
      k,
      secrets.includes(k) && v !== undefined && v !== null ? pulumi.secret(v) : v,
    ]),
  ) as T;
}
