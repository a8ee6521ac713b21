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
import type { Named, Spelling, SpellingsHint } from "../core/spellings";

/** The marker `check` refuses: which object, and the resources that name it. */
export interface OwnerConflict {
  /** Human-readable reason, naming the object and every resource that names it. */
  oneOwnerConflict: string;
}

/**
 * The records of the current program run. An Automation API inline program runs again in the
 * same process; each run has its own connection to the engine (its resource monitor: a new one
 * per run, one per `setMocks`), so the records are kept per monitor and each run starts from
 * none — a resource a previous run declared is not counted in this one.
 */
const runs = new WeakMap<object, Map<string, unknown>>();
const noMonitor = {};
function runRecord<T>(name: string, init: () => T): T {
  const run = pulumi.runtime.getMonitor() ?? noMonitor;
  let records = runs.get(run);
  if (!records) runs.set(run, (records = new Map()));
  if (!records.has(name)) records.set(name, init());
  return records.get(name) as T;
}

/**
 * Wraps the input that names an object (`what(id)` describes it) so that it reaches the
 * engine only if no other resource of this program names the same object; otherwise it
 * becomes an {@link OwnerConflict} that `check` refuses. `undefined`/`null` pass through. The
 * id is a number, or a string for a kind whose objects have string ids (an application).
 * @param kind Kind of object (a key namespace, e.g. `"dnssec"`).
 * @param resource The resource's type and name, as messages show it.
 */
export function soleOwner<T extends number | string = number>(
  kind: string,
  resource: string,
  value: pulumi.Input<T> | undefined,
  what: (id: T) => string,
): pulumi.Output<T> | undefined {
  if (value === undefined || value === null) return undefined;
  return pulumi.output(value).apply(async (given): Promise<T> => {
    const id = given as T; // a number or a string: Unwrap of either is itself
    if (id === undefined || id === null) return id;
    const owners = runRecord("owners", () => new Map<string, Set<string>>());
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
    return marker as unknown as T;
  });
}

const formOf = (s: Spelling) => Object.keys(s).sort().join("\0");

/**
 * What a resource hands its engine (the `__spellings` input, spellings.ts) when other
 * resources of the program name an object of the same kind spelled another way (a zone by
 * `shieldZoneId` and one by `pullZoneId`): only the provider can tell whether two spellings
 * name one object (a pull zone's shield zone is the platform's answer); with this, each of
 * them decides so before any write, whichever runs first.
 *
 * The {@link SpellingsHint} of `resource` (undefined when no other resource of the program
 * spells an object of `kind` another way: the input is then left out). Like
 * {@link soleOwner}, it is given after the program's current synchronous part has finished
 * constructing resources (one macrotask after the spelling is known), so every resource whose
 * spelling is known by then is in it.
 * @param kind Kind of object (a key namespace, e.g. `"zone-settings\0ShieldZone\0"`).
 * @param resource The resource's type and name, as messages show it.
 */
export function otherSpellings(
  kind: string,
  resource: string,
  spelling: pulumi.Input<Record<string, pulumi.Input<number | string>>>,
): pulumi.Output<SpellingsHint | undefined> {
  return pulumi.output(spelling).apply(async (s: Spelling): Promise<SpellingsHint | undefined> => {
    const spellings = runRecord("spellings", () => new Map<string, Map<string, Spelling>>());
    let named = spellings.get(kind);
    if (!named) spellings.set(kind, (named = new Map()));
    named.set(resource, s);
    await new Promise((resolve) => setImmediate(resolve));
    const others = [...named]
      .filter(([r, o]) => r !== resource && formOf(o) !== formOf(s))
      .map(([r, o]) => ({ resource: r, spelling: o }));
    return others.length === 0 ? undefined : { self: { resource, spelling: s }, others };
  }) as pulumi.Output<SpellingsHint | undefined>;
}

/**
 * The hint ({@link SpellingsHint}, undefined when there are none) of the other resources of
 * the program, of other kinds, that manage one of the platform fields
 * `fields` manages (kinds/settings/shared-fields.ts: `UnderAttackMode`'s `enabled` and
 * `ShieldZone`'s `ddos.sensitivity` are one field of a zone), each with its spelling of the
 * zone and the field's path there; the engine resolves the zones and refuses each resource
 * for one field of one zone before any write. Given, like {@link otherSpellings}, one
 * macrotask after this resource's spelling and settings are known.
 * @param type The resource's kind (`"UnderAttackMode"`): resources of the same kind are the
 *   other checks' (one object, one resource).
 * @param fields The shared fields this resource manages: platform field → its setting's path.
 */
export function sharingFields(
  type: string,
  resource: string,
  spelling: pulumi.Input<Record<string, pulumi.Input<number | string>>>,
  fields: pulumi.Input<Record<string, string>>,
): pulumi.Output<SpellingsHint | undefined> {
  return pulumi
    .all([spelling, fields])
    .apply(async ([s, f]: [Spelling, Record<string, string>]) => {
      const sharing = runRecord(
        "shared-fields",
        () => new Map<string, Map<string, { type: string; path: string; spelling: Spelling }>>(),
      );
      for (const [field, path] of Object.entries(f)) {
        let named = sharing.get(field);
        if (!named) sharing.set(field, (named = new Map()));
        named.set(resource, { type, path, spelling: s });
      }
      await new Promise((resolve) => setImmediate(resolve));
      const others: Named[] = Object.keys(f).flatMap((field) =>
        [...(sharing.get(field) ?? [])]
          .filter(([r, o]) => r !== resource && o.type !== type)
          .map(([r, o]) => ({
            resource: r,
            spelling: o.spelling,
            shares: { field, path: o.path },
          })),
      );
      return others.length === 0 ? undefined : { self: { resource, spelling: s }, others };
    }) as pulumi.Output<SpellingsHint | undefined>;
}
