/**
 * A delete refused for the API key under the settings the state stored, and its way out.
 *
 * `pulumi destroy` (without `--run-program`) does not run the program, so the engine
 * configures the provider with the settings stored in the state with it: the stack config of
 * the last `pulumi up` or `pulumi refresh --run-program`, a failed one included, not the stack
 * config as it is now. A key put back with `pulumi config set --secret edgeplatform:apiKey`
 * therefore reaches no delete until a run of the program stores it, and the provider cannot
 * read the stack config itself. What it can do is name the one command that works: a delete
 * refused for the key (a 401, a 403, or answers that a key without access to the zone gets)
 * in a process where no program ran (no `check` was called) says `pulumi destroy --run-program`.
 * A key of a resource's own connection (stored with the resource) or of the environment (never
 * stored) gets no such sentence. `pulumi destroy --run-program` calls no `check` either (the
 * engine only re-registers the providers), so the sentence is worded to hold there too.
 */
import { SETTING_SOURCES } from "edgeplatform-client";
import { ResourceOperationError, messageOf } from "./common";
import { currentSettings } from "./settings";

/** What a delete refused for the stored key adds to its error. */
export const STORED_KEY_WAY_OUT =
  "A `pulumi destroy` without `--run-program` does not read the stack config: it sends the " +
  "key stored in the state with the provider by the last `pulumi up` or " +
  "`pulumi refresh --run-program` (a failed one too). If the stack config holds the right " +
  "key now, run `pulumi destroy --run-program`.";

let programRan = false;

/**
 * Records that the engine ran the program in this process's command (it called `check`): the
 * provider then has the stack config as it is now.
 */
export function noteProgramRan(): void {
  programRan = true;
}

/** Forgets that a program ran (tests). */
export function resetProgramRan(): void {
  programRan = false;
}

/** Whether `e` is what a key without access gets: HTTP 401 or 403, or not-gone answers. */
function refusedForKey(e: unknown): boolean {
  if (!(e instanceof ResourceOperationError)) return false;
  return e.status === 401 || e.status === 403 || e.keyAmbiguous === true;
}

/** Whether the key in use comes from the provider's configuration (what the state stores). */
function keyStoredWithProvider(): boolean {
  try {
    const source = currentSettings().sources?.apiKey ?? "";
    return !source.startsWith(`environment variable ${SETTING_SOURCES.apiKey.env}`);
  } catch {
    return false;
  }
}

/**
 * Runs a delete; when it is refused for a key stored with the provider and no program ran in
 * this process, its error ends with {@link STORED_KEY_WAY_OUT}. `ownKey`: the resource brings
 * its own key (its connection), which the way out would not change.
 */
export async function deleteWithWayOut<T>(fn: () => Promise<T>, ownKey = false): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (programRan || ownKey || !refusedForKey(e) || !keyStoredWithProvider()) throw e;
    throw new ResourceOperationError(`${messageOf(e)} ${STORED_KEY_WAY_OUT}`, e);
  }
}
