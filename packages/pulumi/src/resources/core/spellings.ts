/**
 * One object, one resource, whatever spelling of its address (provider side). A program
 * may name one zone by `shieldZoneId` in one resource and by the zone's `pullZoneId` in
 * another: only the platform knows that they are the same zone, and the engine may run either
 * resource first. The program gives each such resource the other resources of the same kind
 * that spell it another way (one-owner.ts `otherSpellings`, the `__spellings` input); before
 * any write, each resolves those spellings (one pull-zone lookup per run, shared with the
 * resources that need it anyway) and refuses when one of them names its own object. Both
 * are refused, whatever the order, because each decides from the same program and the same
 * platform answers, not from which of them wrote first.
 */
import {
  isNotFound,
  isPlainObject,
  isUnknown,
  messageOf,
  ResourceOperationError,
  type Failure,
} from "./common";
import { pullZoneShields } from "./run-state";
import { getClient } from "./settings";

/** The input that carries the hint. */
export const SPELLINGS_KEY = "__spellings";

/** How one resource names an object: its address fields as the program writes them. */
export type Spelling = Record<string, number | string>;

/** One resource of the program and how it names its object. */
export interface Named {
  resource: string;
  spelling: Spelling;
  /**
   * Set when the resource is of another kind and manages a platform field that this one
   * manages too (kinds/settings/shared-fields.ts): the field, and its setting's path there.
   */
  shares?: { field: string; path: string };
}

/** The `__spellings` input: this resource, and the others that spell the kind another way. */
export interface SpellingsHint {
  self: Named;
  others: Named[];
}

const isNamed = (v: unknown): v is Named =>
  isPlainObject(v) &&
  typeof v.resource === "string" &&
  isPlainObject(v.spelling) &&
  Object.values(v.spelling).every((x) => typeof x === "number" || typeof x === "string") &&
  (v.shares === undefined ||
    (isPlainObject(v.shares) &&
      typeof v.shares.field === "string" &&
      typeof v.shares.path === "string"));

/** The hint of `inputs`, or undefined (none, or not well formed: see {@link spellingsFailures}). */
export function hintOf(inputs: object): SpellingsHint | undefined {
  const h = (inputs as Record<string, unknown>)[SPELLINGS_KEY];
  if (!isPlainObject(h) || !isNamed(h.self) || !Array.isArray(h.others)) return undefined;
  return h.others.every(isNamed) ? (h as unknown as SpellingsHint) : undefined;
}

/** `check`'s failure for a `__spellings` input that is not the program's hint. */
export function spellingsFailures(inputs: Record<string, unknown>): Failure[] {
  const h = inputs[SPELLINGS_KEY];
  // Unknown at preview when a zone is an output not known yet: create gets it.
  if (h === undefined || h === null || isUnknown(h) || hintOf(inputs)) return [];
  return [{ property: SPELLINGS_KEY, reason: "set by the resource's class; do not set it" }];
}

/** `inputs` without the hint (what a kind's schema validates). */
export function withoutSpellings<T extends Record<string, unknown>>(inputs: T): T {
  const { [SPELLINGS_KEY]: _h, ...rest } = inputs;
  return rest as T;
}

/**
 * The shield zone of pull zone `pullZoneId` (GET `/shield/shield-zone/get-by-pullzone/{id}`):
 * one lookup per run and pull zone, shared by concurrent callers; a failure (a pull zone
 * without a shield zone, which Pulumi may create in this run) is not kept. `fresh` asks again.
 */
export function shieldZoneOfPullZone(pullZoneId: number, fresh = false): Promise<number> {
  const hit = fresh ? undefined : pullZoneShields.get(pullZoneId);
  if (hit) return hit;
  const zone = getClient()
    .shield.getShieldZoneByPullZone(pullZoneId)
    .then((z) => z.shieldZoneId);
  pullZoneShields.set(pullZoneId, zone);
  zone.catch(() => {
    if (pullZoneShields.get(pullZoneId) === zone) pullZoneShields.delete(pullZoneId);
  });
  return zone;
}

/** `shieldZoneId 1`, `pullZoneId 4, listName "Tor Exit Nodes"` (the zone first). */
export const spelled = (s: Spelling): string =>
  Object.entries(s)
    .sort(([a], [b]) => Number(/Zone/.test(b)) - Number(/Zone/.test(a)) || a.localeCompare(b))
    .map(([k, v]) => `${k} ${typeof v === "string" ? JSON.stringify(v) : String(v)}`)
    .join(", ");

/**
 * The shield zone a spelling names (`shieldZoneId`, or the one of `pullZoneId`); undefined
 * when its pull zone has no shield zone (then it names no existing zone). An answer that does
 * not tell fails: nothing is written on a guess.
 */
async function zoneOfSpelling(s: Spelling, what: string, who: string): Promise<number | undefined> {
  if (typeof s.shieldZoneId === "number") return s.shieldZoneId;
  if (typeof s.pullZoneId !== "number") return undefined;
  try {
    return await shieldZoneOfPullZone(s.pullZoneId);
  } catch (e) {
    if (isNotFound(e)) return undefined;
    throw new ResourceOperationError(
      `${what} failed: cannot tell whether ${who} (pullZoneId ${s.pullZoneId}) names the same ` +
        `zone: ${messageOf(e)}. Nothing was written; run \`pulumi up\` again.`,
      e,
    );
  }
}

/**
 * The other resources of the hint that name the same object as this one, whose shield zone is
 * `zone`: those whose zone (resolved) is `zone` and for which `same` (the rest of the
 * address, e.g. a list by id or name; or a field shared with another kind) holds. Empty
 * without a hint.
 */
export async function sameObject(
  inputs: object,
  zone: number,
  what: string,
  same: (other: Spelling, named: Named) => boolean = (_s, n) => n.shares === undefined,
): Promise<Named[]> {
  const hint = hintOf(inputs);
  if (!hint) return [];
  const out: Named[] = [];
  for (const o of hint.others) {
    // The rest of the address first: a zone is looked up only for what could be the object.
    if (same(o.spelling, o) && (await zoneOfSpelling(o.spelling, what, o.resource)) === zone)
      out.push(o);
  }
  return out;
}

/**
 * The refusal when `others` name this resource's object too (`noun`, e.g. "the shield zone
 * settings of shield zone 1"): it names every resource and its spelling.
 */
export function refuseSpellings(inputs: object, others: Named[], noun: string, what: string): void {
  const hint = hintOf(inputs);
  if (!hint || others.length === 0) return;
  const all = [hint.self, ...others].map((n) => `${n.resource} (${spelled(n.spelling)})`);
  throw new ResourceOperationError(
    `${what} failed: ${all.length} resources of this program name ${noun}, spelled ` +
      `differently: ${all.join(", ")}; one platform object can have one resource only, ` +
      `whatever spelling of its address. Keep one of them (to rename a resource, give the new ` +
      `name \`aliases\`). Refused before any write, whichever runs first; nothing was written.`,
  );
}

/**
 * The refusal when `others` (resources of other kinds, zone `zone`) manage a platform field
 * that this resource manages too, as `path` (`shared`: the field's declaration).
 */
export function refuseSharedField(
  inputs: object,
  others: Named[],
  path: string,
  shared: { field: string; noun: string; wayOut: string },
  zone: string,
  what: string,
): void {
  const hint = hintOf(inputs);
  if (!hint || others.length === 0) return;
  const all = [{ ...hint.self, shares: { field: shared.field, path } }, ...others].map(
    (n) => `${n.resource} (${n.shares!.path}, ${spelled(n.spelling)})`,
  );
  throw new ResourceOperationError(
    `${what} failed: ${all.length} resources of this program manage ${shared.noun} of ${zone} ` +
      `(the platform field ${shared.field}): ${all.join(", ")}; one platform field can have ` +
      `one resource only (each would record its own value before Pulumi and restore it on ` +
      `destroy). ${shared.wayOut[0].toUpperCase()}${shared.wayOut.slice(1)}. Refused before any ` +
      `write, whichever runs first; nothing was written.`,
  );
}
