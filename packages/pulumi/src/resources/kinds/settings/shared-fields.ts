/**
 * Platform fields that settings of more than one kind write: `UnderAttackMode`'s `enabled`
 * is the DDoS sensitivity of the shield zone (`Challenge`: on), which `ShieldZone` manages as
 * `ddos.sensitivity`. One platform field, one resource: two resources that both managed it
 * would each record their own value before Pulumi and restore it on destroy (the later
 * restore writes a stale value back), or undo each other's write on every `up`.
 *
 * Declared once here, by kind and setting path, for both sides: the program (the classes
 * hand each such resource the others of the program that manage the same field, in the
 * `__spellings` hint) and the settings engine (each kind's declaration names its entry as
 * `shared`; the run claims are per field). This module imports nothing at run time (a type
 * only): the program loads it.
 */

import type { SharedField } from "../../core/zone-settings/shared-field";

/** A field of the platform object that settings of several kinds write. */
export type { SharedField };

const DDOS_SENSITIVITY: SharedField = {
  field: "dDoSShieldSensitivity",
  noun: "the DDoS sensitivity",
  wayOut:
    "manage it in one of them: UnderAttackMode's `enabled: true` is the sensitivity " +
    "`Challenge` and `false` the sensitivity before Pulumi, or leave `ddos.sensitivity` out of " +
    "the ShieldZone (its other settings stay managed)",
};

/** The shared fields of each kind (by type): setting path → the platform field. */
export const SHARED_FIELDS: Readonly<Record<string, Readonly<Record<string, SharedField>>>> = {
  ShieldZone: { "ddos.sensitivity": DDOS_SENSITIVITY },
  UnderAttackMode: { enabled: DDOS_SENSITIVITY },
};
