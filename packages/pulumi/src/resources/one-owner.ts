/**
 * One platform object, one resource — checked in the program, where every resource of the
 * program is visible before the engine runs any of them.
 *
 * The engine may run a new resource's create before it diffs an existing one, so a claim made
 * by the provider (run-state.ts) can come too late when a second resource for an object that
 * is already managed is added to a program. Here each resource that names such an object (a
 * zone's DNSSEC, an adopted rule) registers it when its id is known, and hands the id to the
 * engine only after the program's current synchronous part has finished constructing
 * resources (one macrotask later). When two resources of the program name the same object,
 * both get a marker instead of the id, which their `check` refuses: neither writes anything.
 */
import * as pulumi from "@pulumi/pulumi";

/** The marker `check` refuses: which object, and the resources that name it. */
export interface OwnerConflict {
  /** Human-readable reason, naming the object and every resource that names it. */
  oneOwnerConflict: string;
}

const owners = new Map<string, Set<string>>();

/**
 * Wraps the input that names an object (`what(id)` describes it) so that it reaches the
 * engine only if no other resource of this program names the same object; otherwise it
 * becomes an {@link OwnerConflict} that `check` refuses. `undefined`/`null` pass through.
 * @param kind Kind of object (a key namespace, e.g. `"dnssec"`).
 * @param resource The resource's type and name, as messages show it.
 */
export function soleOwner(
  kind: string,
  resource: string,
  value: pulumi.Input<number> | undefined,
  what: (id: number) => string,
): pulumi.Output<number> | undefined {
  if (value === undefined || value === null) return undefined;
  return pulumi.output(value).apply(async (id: number): Promise<number> => {
    if (id === undefined || id === null) return id;
    const key = `${kind}\0${String(id)}`;
    let names = owners.get(key);
    if (!names) owners.set(key, (names = new Set()));
    names.add(resource);
    await new Promise((resolve) => setImmediate(resolve));
    if (names.size < 2) return id;
    const marker: OwnerConflict = {
      oneOwnerConflict:
        `${what(id)} is named by ${names.size} resources of this program (` +
        `${[...names].join(", ")}); one platform object can have one resource only. Keep one ` +
        `of them (to rename a resource, give the new name \`aliases\`). Nothing was written.`,
    };
    return marker as unknown as number;
  });
}
