/**
 * `edge.dns.ZoneDnssec`'s provider, where earlier releases had it: a kind of the settings
 * engine now (kinds/settings/zone-dnssec.ts). Its check, diff and state types, by the
 * names they had.
 */
import { typedSettingsProvider } from "../../core/zone-settings/engine";
import type { StoredState } from "../../core/zone-settings/types";
import type { ZoneDnssecState } from "../../public/generated/zone-dnssec";
import { dnssecTiming, zoneDnssecProvider as engine } from "./zone-dnssec";

export { dnssecTiming };

/** Inputs of a zone's DNSSEC switch. */
export interface ZoneDnssecInputs {
  zoneId: number;
  enabled: boolean;
  /** The DNSSEC state destroy restores, when the program states it (else recorded). */
  priorEnabled?: boolean;
}

/**
 * State of a zone's DNSSEC switch: the class's state (generated from the declaration) as the
 * engine stores it, with its own records.
 */
export type ZoneDnssecOutputs = StoredState<ZoneDnssecState> & {
  /** True when `priorEnabled` was given by the program (not recorded from the zone). */
  priorPinned?: boolean;
  /**
   * When this entry recorded `priorEnabled` (ISO 8601; absent in states of earlier versions:
   * older than any): of two entries for one zone, destroy restores the older record only.
   */
  priorRecordedAt?: string;
};

const typed = typedSettingsProvider<ZoneDnssecInputs, ZoneDnssecOutputs>(engine);

/** The dynamic provider of `edge.dns.ZoneDnssec`, typed with its inputs and state. */
export const zoneDnssecProvider = typed.provider;

/** Validates the inputs. Never throws. No API call. */
export const checkZoneDnssec = typed.check;

/** Replacement for a new `zoneId`, update for a new `enabled` or `priorEnabled`. No API call. */
export const diffZoneDnssec = typed.diff;
