/**
 * The messages of a create refused before any write (an object of the same name, or one
 * holding every value sent where names are shared), in the kind's and the parent's words.
 */
import { isClaimed } from "../run-state";
import type { claimKeys } from "./context";
import type { MessageWords, ZoneObject } from "./kind";

/** `noun` with its indefinite article (`a rule`, `an edge rule`). */
export const withArticle = (noun: string): string =>
  `${/^[aeiou]/i.test(noun) ? "an" : "a"} ${noun}`;

/**
 * Where a kind's names are unique, in its parent's word: `a zone` for a zone parent (DNS, pull
 * or shield zone), else the parent with its article (`an edge script`, `an account`).
 */
export function uniqueIn(w: MessageWords): string {
  if (/\bzone$/.test(w.zone)) return "a zone";
  return withArticle(w.zone);
}

/**
 * The message of a create that found an object of the same name: never taken over (it may be
 * another stack's, or made by hand); nothing is written.
 */
export function sameNameMessage(
  what: string,
  zone: number,
  name: string,
  same: ZoneObject[],
  w: MessageWords,
) {
  const ids = same.map((r) => r.id);
  const one = ids.length === 1;
  const id = one ? String(ids[0]) : "<id>";
  const One = w.one[0].toUpperCase() + w.one.slice(1);
  return (
    `${what} failed: ${w.zone} ${zone} already has ${one ? w.one : w.many} ` +
    `${ids.join(", ")} named "${name}". ${One} names are unique in ${uniqueIn(w)}, and Pulumi never ` +
    `takes over ${withArticle(w.one)} this stack did not create (it may belong to another stack, or have ` +
    `been made by hand). Nothing was written. Ways out: adopt it with \`${w.id}: ${id}\` ` +
    `(destroy then leaves it; add \`deleteOnDestroy: true\` to make destroy delete it); or ` +
    `choose another ${w.name}; or, if you renamed this resource in the program, give the new ` +
    `one \`aliases: [{ name: "<old name>" }]\`; or, if an interrupted \`pulumi up\` of this ` +
    `stack created it, adopt it as this resource's own with \`${w.id}: ${id}, ` +
    `deleteOnDestroy: true\` and clear the engine's pending creates with \`pulumi refresh ` +
    `--clear-pending-creates\`.`
  );
}

/** JSON with object keys sorted (a value's text whatever the order its keys were written in). */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const o = v as Record<string, unknown>;
    const keys = Object.keys(o)
      .filter((k) => o[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${stableJson(o[k])}`).join(",")}}`;
  }
  return JSON.stringify(v) ?? "null";
}

/**
 * The message of a create (a kind whose names are shared) that found an object holding every
 * value it sends: never a duplicate, never taken over; nothing is written.
 */
export function twinMessage(
  what: string,
  zone: number,
  twins: ZoneObject[],
  keys: ReturnType<typeof claimKeys>,
  w: MessageWords,
) {
  if (twins.length === 0 || twins.every((r) => isClaimed(keys.object, r.id))) {
    return (
      `${what} failed: another resource of this program already creates or manages ${withArticle(w.one)} ` +
      `holding every value of this one in ${w.zone} ${zone}; a second one would be a ` +
      `duplicate. Nothing was written. Remove one of the two resources, or change a value.`
    );
  }
  const ids = twins.map((r) => r.id);
  const id = ids.length === 1 ? String(ids[0]) : "<id>";
  // A rename without `aliases` lands here (the engine creates the new name before it deletes
  // the old one): its way out comes first, as adopting would leave the record to destroy.
  return (
    `${what} failed: ${w.zone} ${zone} already has ${ids.length === 1 ? w.one : w.many} ` +
    `${ids.join(", ")} holding every value of this one. ${w.one[0].toUpperCase()}${w.one.slice(1)}s ` +
    `of one name are allowed (a round-robin set), but an identical one would be a duplicate, ` +
    `and Pulumi never takes over ${withArticle(w.one)} this stack did not create (it may belong to ` +
    `another stack, or have been made by hand). Nothing was written. Ways out: if you renamed ` +
    `this resource in the program, give the new name the old one: \`aliases: [{ name: "<old ` +
    `name>" }]\` (${w.one} ${id} stays this stack's, created, deleted by destroy); or, if an ` +
    `interrupted \`pulumi up\` of this stack created it, adopt it as this resource's own with ` +
    `\`${w.id}: ${id}, deleteOnDestroy: true\` and clear the engine's pending creates with ` +
    `\`pulumi refresh --clear-pending-creates\`; or, if it is not this stack's, adopt it with ` +
    `\`${w.id}: ${id}\` (destroy then leaves it); or change a value.`
  );
}
