/**
 * Inline program of the real-engine lifecycle table (test/e2e/lifecycle-table.e2e.test.ts):
 * the resources the options list, of any kind of the package, each written exactly as given.
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** One resource: its class name (`"RateLimitRule"`), resource name, arguments, aliases. */
export interface AnySpec {
  kind: string;
  name: string;
  args: Record<string, unknown>;
  /** Names the resource had before (each becomes `{ name }` in `aliases`). */
  aliases?: string[];
}

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type TableProgramOptions = { resources?: AnySpec[] };

type Ctor = new (
  n: string,
  a: Record<string, unknown>,
  o?: pulumi.CustomResourceOptions,
) => pulumi.CustomResource;

/** The class of that name in the package's namespaces. */
function classOf(kind: string): Ctor {
  for (const ns of [edge.shield, edge.dns, edge.containers] as Record<string, unknown>[]) {
    if (typeof ns[kind] === "function") return ns[kind] as Ctor;
  }
  throw new Error(`no resource class named ${kind}`);
}

/** The program: every listed resource; exports their ids by resource name. */
export function program(o: TableProgramOptions): Record<string, unknown> {
  const ids: Record<string, pulumi.Output<string>> = {};
  for (const { kind, name, args, aliases } of o.resources ?? []) {
    const Class = classOf(kind);
    const r = new Class(name, args, aliases ? { aliases: aliases.map((n) => ({ name: n })) } : {});
    ids[name] = r.id;
  }
  return { ids };
}
