/**
 * Reading a settings object back after a write the platform accepted (202) and applies
 * later: with the bounded backoff of the other resources, until every changed field shows.
 * The one read-back of every settings kind: a read that finds nothing yet (a listing that
 * lacks the object, a plain not-found answer) is "not yet", never "gone" and never "done".
 */
import { isNotFound } from "../common";
import { ACCEPTED_WRITE, pollUntil, timing } from "../zone-objects/recovery";
import { fieldAt, sameValue, type SettingsField, type SettingsSnapshot, type Wire } from "./kind";

/**
 * Reads with `read` until each of `changes` (path → platform value) shows; fails when they
 * never do (the write may still land: the next run reads it and writes only what still
 * differs). `read` may give undefined (not there yet); a plain not-found answer is "not yet"
 * too, an ambiguous one (a key that cannot see the zone) fails as it is.
 */
export async function readBackSettings<R>(
  read: () => Promise<SettingsSnapshot<R> | undefined>,
  fields: readonly SettingsField[],
  changes: Record<string, Wire>,
  what: string,
): Promise<void> {
  const shown = await pollUntil(
    async () => {
      try {
        return await read();
      } catch (e) {
        if (!isNotFound(e) || (e as { isAmbiguousNotFound?: boolean }).isAmbiguousNotFound) throw e;
        return undefined;
      }
    },
    (now) =>
      Object.entries(changes).every(([path, want]) =>
        sameValue(fieldAt(fields, path)!, now.values[path], want),
      ),
    timing,
    ACCEPTED_WRITE,
  );
  if (!shown) {
    throw new Error(
      `the platform accepted the change of ${what} (202) but it was not visible after ` +
        `${timing.readBackMs / 1000} s; run the command again (the change is re-sent only ` +
        `if it is still missing)`,
    );
  }
}
