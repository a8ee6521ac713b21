/**
 * The Output form of the data sources: `getXOutput(args, opts)` resolves its Inputs, waits
 * for `opts.dependsOn`, then runs `getX` — same result type, as an Output.
 */
import * as pulumi from "@pulumi/pulumi";
import { settingsOutput, withSettings } from "./connection-input";
import type { DataSourceOptions } from "./options";

/** Each property may be a plain value, a promise or an Output. */
export type Inputs<T> = { [K in keyof T]: pulumi.Input<T[K]> };

const plain = (v: unknown): unknown => (v instanceof Date ? dateToInput(v) : v);
function dateToInput(d: Date): string {
  return Number.isNaN(d.getTime()) ? "Invalid Date" : d.toISOString();
}

/**
 * Resolves the top-level properties of `args` (values, promises, Outputs) into one Output.
 * `Date` values become ISO 8601 strings first, because `pulumi.output` would turn a `Date`
 * into `{}`; every data source accepts the ISO form wherever it accepts a `Date`.
 */
export function resolveInputs<T extends object>(args: Inputs<T>): pulumi.Output<T> {
  // A whole-object Input: resolve it, then its properties.
  if (pulumi.Output.isInstance(args)) {
    return (args as unknown as pulumi.Output<Inputs<T>>).apply((a) => resolveInputs<T>(a));
  }
  if (args instanceof Promise) {
    const later = (args as Promise<Inputs<T>>).then((a) => resolveInputs<T>(a));
    return pulumi.output(later) as unknown as pulumi.Output<T>;
  }
  if (args === null || typeof args !== "object") {
    return pulumi.output(args as unknown as T) as unknown as pulumi.Output<T>;
  }
  const entries = Object.entries(args as Record<string, unknown>).map(([k, v]) => {
    let value: unknown = v;
    if (pulumi.Output.isInstance(v)) value = (v as pulumi.Output<unknown>).apply(plain);
    else if (v instanceof Promise) value = v.then(plain);
    else value = plain(v);
    return (pulumi.output(value) as pulumi.Output<unknown>).apply(
      (resolved) => [k, resolved] as [string, unknown],
    );
  });
  return pulumi
    .all(entries)
    .apply((pairs) => Object.fromEntries(pairs as [string, unknown][]) as unknown as T);
}

/**
 * What a resource in `dependsOn` must have finished: its `id` for a custom resource (created
 * or read), its `urn` otherwise (registered).
 */
function readiness(r: unknown): pulumi.Output<unknown> {
  if (pulumi.CustomResource.isInstance(r)) return r.id;
  if (pulumi.Resource.isInstance(r)) return r.urn;
  return pulumi.output(r);
}

/** Resolves when every resource of `dependsOn` is ready; carries them as dependencies. */
function dependencies(dependsOn: DataSourceOptions["dependsOn"]): pulumi.Output<unknown[]> {
  if (dependsOn === undefined) return pulumi.output([]);
  const deps = pulumi.output(dependsOn as unknown) as pulumi.Output<unknown>;
  return deps.apply((d) => pulumi.all((Array.isArray(d) ? d : [d]).map(readiness)));
}

/**
 * `getXOutput` from `getX`: resolves `args` (see {@link resolveInputs}) and the settings of
 * `opts.connection`, waits for `opts.dependsOn`, then calls `get`. The Output depends on the
 * Inputs' resources (the connection's too) and on `dependsOn`; during a preview with unknown
 * Inputs or an unknown connection setting it is unknown. A secret argument makes it secret; a
 * secret connection setting does not (see `connection-input.ts`).
 */
export function dataSourceOutput<A extends object, R>(
  args: Inputs<A>,
  opts: DataSourceOptions,
  get: (args: A, opts: DataSourceOptions) => Promise<R>,
): pulumi.Output<R> {
  return pulumi
    .all([resolveInputs<A>(args), dependencies(opts.dependsOn), settingsOutput(opts.connection)])
    .apply(([a, , settings]) =>
      get(a as A, { ...opts, connection: withSettings(opts.connection, settings) }),
    ) as pulumi.Output<R>;
}
