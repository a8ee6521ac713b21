/** What the Shield route modules share: which shield zones the request's key may see. */
import type { EmulatorContext } from "../context";
import { scopeOf } from "../context";
import { planOf, type ShieldZoneState } from "../state";

type Req = { headers: Record<string, string | string[] | undefined> };

/** Zone visibility for the request's key (scoped keys see only their zones). */
export function zoneAccess(ctx: EmulatorContext) {
  /** Whether the key may see the shield zone. */
  const sees = (req: Req, zoneId: number) => {
    const scope = scopeOf(ctx, req);
    return !scope || scope.shieldZones.includes(zoneId);
  };
  /** The zone, when it exists and the key may see it (else the platform's not-found answer). */
  const zoneFor = (req: Req, zoneId: number): ShieldZoneState | undefined => {
    const z = ctx.store.state.shieldZones.find((x) => x.id === zoneId);
    return z && sees(req, zoneId) ? z : undefined;
  };
  return { sees, zoneFor };
}

/** Names of the plans (`ShieldPlanType`). */
export const PLAN_NAMES = ["Basic", "Advanced", "Business", "Enterprise"] as const;

/** A plan type in words (`1` → `Advanced`). */
export const planName = (p: number): string => PLAN_NAMES[p] ?? `plan ${p}`;

/** The zone's plan, defaults filled in. */
export const zonePlan = (z: ShieldZoneState) => planOf(z);
