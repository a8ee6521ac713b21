/** The fixtures' zones, as every kind of the model test places its objects. */
import type { ProgramInputs } from "../engine";

/** Shield zone of each pull zone (the emulator's fixtures). */
export const PULL_ZONES: Record<number, number> = { 1: 1, 4: 2 };

/** The shield zone a program entry names (`shieldZoneId`, or through `pullZoneId`). */
export function zoneOfPlacement(prog: ProgramInputs): number | undefined {
  if (typeof prog.shieldZoneId === "number") return prog.shieldZoneId;
  if (typeof prog.pullZoneId === "number") return PULL_ZONES[prog.pullZoneId];
  return undefined;
}
