/**
 * `edge.shield.ManagedAccessList`'s provider by the names it had when it was a provider of its
 * own: a kind of the settings engine now (kinds/settings/managed-access-list.ts). Its check,
 * diff and state types.
 */
import type { AccessListAction } from "edgeplatform-client/spec/runtime";
import { typedSettingsProvider } from "../../core/zone-settings/engine";
import type { StoredState } from "../../core/zone-settings/types";
import type { ManagedAccessListState } from "../../public/generated/managed-access-list";
import { managedAccessListProvider as engine } from "./managed-access-list";

/** An access-list action as a program writes it: the name (`"Block"`) or the integer. */
export type AccessListActionInput = keyof typeof AccessListAction | number;

/** What destroy restores: the managed fields as they were before Pulumi managed them. */
export interface ManagedAccessListPrior {
  enabled?: boolean;
  action?: AccessListActionInput;
}

/** Inputs of a managed list's configuration (after `check`). */
export interface ManagedAccessListInputs {
  shieldZoneId?: number;
  pullZoneId?: number;
  listId?: number;
  listName?: string;
  enabled?: boolean;
  action?: AccessListActionInput;
  /** The managed fields before Pulumi, as the program states them (a way out). */
  prior?: ManagedAccessListPrior;
}

/**
 * State of a managed list's configuration: the class's state (generated from the declaration)
 * as the engine stores it, with its own records.
 */
export type ManagedAccessListOutputs = StoredState<ManagedAccessListState> & {
  /**
   * When this entry recorded `prior` (ISO 8601; absent in states of earlier versions: older
   * than any): of two entries for one list, destroy restores the older record only.
   */
  priorRecordedAt?: string;
  /** True when the program names the list by `listName` (the read gives it back so). */
  byName?: boolean;
};

const typed = typedSettingsProvider<ManagedAccessListInputs, ManagedAccessListOutputs>(engine);

/** The dynamic provider of `edge.shield.ManagedAccessList`, typed with its inputs and state. */
export const managedAccessListProvider = typed.provider;

/** Validates the inputs. Never throws. No API call. */
export const checkManagedAccessList = typed.check;

/** Replaces for another zone or list; updates for a managed field's change. No API call. */
export const diffManagedAccessList = typed.diff;
