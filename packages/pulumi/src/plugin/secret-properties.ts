/**
 * The properties of a plugin resource that hold a secret setting (a field of its settings
 * kind declared `secret: true`), and its record before Pulumi (`prior`, by its stored name):
 * the plugin returns them as secret values in Create, Read and Update (and in a partial
 * create's state), so that the engine keeps them encrypted whatever the SDK of the program
 * (a Pulumi YAML program has no `additionalSecretOutputs` of its own).
 */
import type { PluginResource } from "./resources";

/** The top-level properties of `r`'s state that hold a secret setting; `[]` when none. */
export function secretProperties(r: PluginResource): string[] {
  if (r.family === "flat") {
    // A flat kind described by its declaration: its outputs declared secret.
    const outputs = Object.entries(r.declaration?.docs.outputs ?? {});
    return outputs.filter(([, o]) => o.secret).map(([name]) => name);
  }
  if (r.family !== "settings") return [];
  const secret = r.kind.fields.filter((f) => f.secret);
  // Outputs that are no setting but hold a secret (a script's deployment key).
  const outputs = Object.entries(r.kind.docs?.outputs ?? {})
    .filter(([, o]) => o.secret)
    .map(([name]) => name);
  if (secret.length === 0) return outputs;
  const named = (p: string) => r.kind.form?.property(p) ?? p;
  return [
    ...new Set([...secret.map((f) => named(f.path.split(".")[0])), named("prior"), ...outputs]),
  ];
}

/**
 * `props` with each of `keys` present in it wrapped by `secret` (the protocol's secret value);
 * `props` itself when there is nothing to wrap.
 */
export function withSecrets(
  props: unknown,
  keys: readonly string[],
  secret: (value: unknown) => unknown,
): unknown {
  if (keys.length === 0 || props === null || typeof props !== "object" || Array.isArray(props))
    return props;
  const out: Record<string, unknown> = { ...(props as Record<string, unknown>) };
  for (const k of keys) if (out[k] !== undefined) out[k] = secret(out[k]);
  return out;
}
