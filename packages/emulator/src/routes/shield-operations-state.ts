/**
 * What the Shield operations of `shield-bots.ts`, `shield-zone-actions.ts` and
 * `shield-waf-review.ts` remember beyond the state document: the API guardian endpoints'
 * changed settings and the triggered WAF rules already
 * reviewed. Kept per state object: a reset or a state PUT (a new state object) starts from
 * none; they are not written to the state file.
 */
import type { EmulatorState } from "../state";

/** An API guardian endpoint's settings that a PATCH changed. */
export type EndpointSettings = Record<string, unknown>;

/** The remembered parts of one state. */
export interface OperationsMemory {
  /** `zone:endpointId` → changed settings. */
  endpoints: Map<string, EndpointSettings>;
  /** Zone → managed WAF rule ids reviewed (no longer listed as triggered). */
  reviewed: Map<number, Set<string>>;
}

const memories = new WeakMap<EmulatorState, OperationsMemory>();

/** The memory of `state` (created empty on first use). */
export function memoryOf(state: EmulatorState): OperationsMemory {
  let m = memories.get(state);
  if (!m) {
    m = { endpoints: new Map(), reviewed: new Map() };
    memories.set(state, m);
  }
  return m;
}

/** `map.get(key)`, created empty when absent. */
export function entryOf<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let v = map.get(key);
  if (v === undefined) {
    v = make();
    map.set(key, v);
  }
  return v;
}
