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
  /**
   * `opts.import`: the class refuses it as it is constructed; the program goes on and exports
   * each refusal's message in `refusals` (by resource name), so one run shows every kind's.
   */
  importId?: string;
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
  const areas = [edge.shield, edge.dns, edge.containers, edge.pullzones, edge.compute];
  for (const ns of areas as Record<string, unknown>[]) {
    if (typeof ns[kind] === "function") return ns[kind] as Ctor;
  }
  throw new Error(`no resource class named ${kind}`);
}

/**
 * The program: every listed resource; exports their ids by resource name, and the messages of
 * the constructors that refused `opts.import`.
 */
export function program(o: TableProgramOptions): Record<string, unknown> {
  const ids: Record<string, pulumi.Output<string>> = {};
  const refusals: Record<string, string> = {};
  for (const { kind, name, args, aliases, importId } of o.resources ?? []) {
    const Class = classOf(kind);
    const opts: pulumi.CustomResourceOptions = {
      ...(aliases ? { aliases: aliases.map((n) => ({ name: n })) } : {}),
      ...(importId !== undefined ? { import: importId } : {}),
    };
    let r: pulumi.CustomResource;
    try {
      r = new Class(name, args, opts);
    } catch (e) {
      if (importId === undefined) throw e;
      refusals[name] = e instanceof Error ? e.message : String(e);
      continue;
    }
    ids[name] = r.id;
  }
  return { ids, refusals };
}
