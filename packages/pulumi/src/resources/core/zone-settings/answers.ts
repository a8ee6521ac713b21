/**
 * What the settings engine makes of the platform's answers and of a kind's inputs: plan-gated
 * answers (never "gone": they name the zone's plan), a failed read of a settings object (never
 * "gone" on a not-found alone), and the settings a program manages.
 */
import { planName } from "../enum-names";
import { isNotFound, messageOf, notGoneError, present, ResourceOperationError } from "../common";
import { getClient } from "../settings";
import { getPath, expandFields, fieldAt, type SettingsField, type SettingsKind } from "./kind";
import type { EngineKind } from "./types";

/** True for a plan-gated answer (`invalid_plan_type.*`, `feature_not_available_on_plan`). */
export function isPlanGated(e: unknown): boolean {
  const key = (e as { errorKey?: unknown })?.errorKey;
  return (
    typeof key === "string" &&
    (key.startsWith("invalid_plan_type") || key === "feature_not_available_on_plan")
  );
}

/** The plan of a shield zone by name (`"Basic"`), or undefined when unreadable. */
async function planOf(zone: number): Promise<string | undefined> {
  try {
    const z = await getClient().shieldZones.get(zone);
    return typeof z.planType === "number" ? planName(z.planType) : undefined;
  } catch {
    return undefined;
  }
}

/** Throws the plan-gate message for `e`: the resource, the zone, its plan, the answer. */
async function planGate(kind: EngineKind, zone: number, e: unknown, what: string): Promise<never> {
  const plan = await planOf(zone);
  throw new ResourceOperationError(
    `${what} failed: ${kind.noun} of shield zone ${zone} ${plan ? `(on the ${plan} plan) ` : ""}` +
      `are not available on its plan: the platform answered ${JSON.stringify(messageOf(e))} ` +
      `(${String((e as { errorKey?: unknown }).errorKey)}). This is not "gone"; nothing was ` +
      `written. Upgrade the zone's plan, or remove the resource.`,
    e,
  );
}

/** Runs a platform call of `kind`; a plan-gated answer becomes the plan-gate message. */
export async function gated<T>(
  kind: EngineKind,
  zone: number,
  what: string,
  call: () => Promise<T>,
) {
  try {
    return await call();
  } catch (e) {
    if (isPlanGated(e)) return planGate(kind, zone, e, what);
    throw e;
  }
}

/**
 * After a failed read of a settings object: never "gone". A settings object lives as long as
 * its zone, and no answer tells a deleted zone from a zone the key cannot see: the platform
 * answers both with `not_found_or_unauthorised_access.shieldzone` (a DNS zone: 404
 * `not_found.dnszone`), and the zone list and the pull-zone mapping of a key of another
 * account lack the zone too. A not-found answer reads the zone: readable, the answer was about
 * something else (rethrown); not readable (a not-found too), the error names both answers and
 * the way out; the zone read failing otherwise (a 500, a timeout), the error names both
 * answers and says nothing is treated as gone. Any other failure is rethrown as it is.
 */
export async function notGone(
  kind: EngineKind,
  zone: number,
  cause: unknown,
  what: string,
  noun = `${kind.noun} of shield zone ${zone}`,
): Promise<never> {
  if (cause instanceof ResourceOperationError || !isNotFound(cause)) throw cause;
  if (kind.address) {
    // The object's read is the zone's read: its not-found is the zone's answer.
    const where = `${kind.noun} of ${kind.address.noun} ${zone}`;
    throw notGoneError(what, where, JSON.stringify(messageOf(cause)), cause);
  }
  try {
    await getClient().shieldZones.get(zone);
  } catch (e) {
    // The zone read failed otherwise (a 500, a timeout): it tells nothing about the zone
    // or the key's access; name both answers, treat nothing as gone.
    if (e instanceof ResourceOperationError || !isNotFound(e))
      throw new ResourceOperationError(
        `${what} failed: reading ${noun} answered ` +
          `${JSON.stringify(messageOf(cause))}, and the read of shield zone ${zone} that ` +
          `checks it then failed with ${JSON.stringify(messageOf(e))}. Nothing is treated as ` +
          `gone and nothing was written; run the command again when the platform answers.`,
        e,
      );
    throw notGoneError(
      what,
      noun,
      `${JSON.stringify(messageOf(cause))} and reading shield zone ${zone} answered ` +
        `${JSON.stringify(messageOf(e))}`,
      cause,
    );
  }
  throw cause; // the zone is there: the answer was about something else
}

/** The managed fields of `inputs` (those the program names), in declaration order. */
export const managedOf = (kind: SettingsKind, inputs: Record<string, unknown>): SettingsField[] =>
  expandFields(kind.fields, inputs).filter((f) => present(getPath(inputs, f.path)));

export const fieldOf = (kind: SettingsKind, path: string) => fieldAt(kind.fields, path);
