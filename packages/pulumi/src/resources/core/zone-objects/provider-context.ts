/**
 * What the operations of one kind's dynamic provider (provider-*.ts) work with: the kind, its
 * state plan, its create and adopt operations, its capabilities, claim namespaces and reads.
 */
import { capabilitiesOf } from "./capabilities";
import { claimKeys, createOperations } from "./engine";
import type { ZoneObject, ZoneObjectKind } from "./kind";
import { spellingFields } from "./parent";
import { configurationPlan } from "./plan";
import { statePlan } from "./state";
import { zoneReader } from "./zone-reads";

/** The context of one kind's provider operations. */
export type ProviderContext<O extends ZoneObject> = ReturnType<typeof providerContext<O>>;

/** Builds the context of `kind`'s provider operations. */
export function providerContext<O extends ZoneObject>(kind: ZoneObjectKind<O>) {
  const plan = statePlan(configurationPlan(kind.config), spellingFields(kind.parent));
  return {
    kind,
    plan,
    ops: createOperations(kind, plan),
    can: capabilitiesOf(kind),
    keys: claimKeys(kind as ZoneObjectKind),
    readOne: zoneReader(kind),
  };
}
