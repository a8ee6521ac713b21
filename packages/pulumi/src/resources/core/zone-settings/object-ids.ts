/**
 * The ids of the objects a settings kind addresses: positive integers (zones, scripts,
 * registries), or strings for a kind whose address says `ids: "string"` (a container
 * application, `"app-1"`). The engine carries either as the object's id (the state's
 * `shieldZoneId`, a target's `zone`).
 */
import type { SettingsTarget } from "./kind";
import type { EngineKind } from "./types";

/** Whether `v` names an object of `kind`: an integer, or a non-empty string for string ids. */
export function isObjectId(kind: Pick<EngineKind, "address">, v: unknown): boolean {
  if (kind.address?.ids === "string") return typeof v === "string" && v.length > 0;
  return typeof v === "number";
}

/** The id of a string-addressed kind's object (what its target's `zone` holds). */
export const addressOf = (t: Pick<SettingsTarget, "zone">): string => String(t.zone);
