/**
 * What the Shield route modules share: which shield zones the request's key may see, and the
 * answers to a zone that is missing and to a failure in `{data: null, error}`.
 */
import type { FastifyReply } from "fastify";
import type { GenericRequestResponse } from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf, scopeOf } from "../context";
import { sendError } from "../errors";
import { planOf, type ShieldZoneState } from "../state";
import { ZONE_NOT_FOUND_KEY, zoneNotFound } from "./zone-lists";

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

/** A shield API failure in the `{data: null, error}` shape, with that HTTP status. */
export function dataError(
  reply: FastifyReply,
  status: number,
  errorKey: string,
  message: string,
  embeddedStatus = status,
): FastifyReply {
  const error: GenericRequestResponse = {
    statusCode: embeddedStatus,
    success: false,
    message,
    errorKey,
  };
  return reply.code(status).send({ data: null, error });
}

/**
 * The answer to a shield zone that does not exist or that the key cannot see: 404 problem
 * shape A with the platform's ambiguous key (profile `notFoundAnswer: "404"`), or HTTP 200
 * `{data: null, error}` carrying the same key (`"embedded-200"`).
 */
export function zoneMissing(
  ctx: EmulatorContext,
  reply: FastifyReply,
  url: string,
  id: number,
): FastifyReply {
  const err = zoneNotFound(id);
  if (ctx.profile.notFoundAnswer === "embedded-200")
    return reply.code(200).send({ data: null, error: err });
  return sendError(reply, pathOf(url), 404, err.message ?? "", {
    key: ZONE_NOT_FOUND_KEY,
    shape: "A",
  });
}
