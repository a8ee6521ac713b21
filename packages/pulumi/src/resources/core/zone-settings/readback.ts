/**
 * Reading a settings object back after a write the platform accepted (202) and applies
 * later: with the bounded backoff of the other resources, until every changed field shows.
 */
import { ACCEPTED_WRITE, pollUntil, timing } from "../zone-objects/recovery";
import { sameValue, type SettingsField, type SettingsSnapshot, type Wire } from "./kind";

/**
 * Reads with `read` until each of `changes` shows; fails when they never do (the write may
 * still land: the next run reads it and writes only what still differs).
 */
export async function readBackSettings<R>(
  read: () => Promise<SettingsSnapshot<R>>,
  fields: readonly SettingsField[],
  changes: Record<string, Wire>,
  what: string,
): Promise<void> {
  const shown = await pollUntil(
    read,
    (now) =>
      Object.entries(changes).every(([path, want]) =>
        sameValue(
          fields.find((f) => f.path === path)!,
          now.values[path],
          want,
        ),
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
