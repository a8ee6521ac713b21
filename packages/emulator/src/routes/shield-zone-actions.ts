/**
 * Shield writes and reads on their own paths (the published "Bunny Shield API" v1,
 * 2026-07-31): a shield zone created in under-attack mode (its DDoS sensitivity `Challenge`,
 * read back by every zone read), one API guardian endpoint's settings (PATCH; a later PATCH
 * answers what the earlier ones set), the enumerations of access lists and API guardian, and
 * the account's promotion state.
 */
import type { FastifyInstance } from "fastify";
import {
  AccessListAction,
  AccessListCategory,
  AccessListType,
  ApiGuardianRateLimitTimeframe,
  DDoSShieldSensitivity,
  apiGuardianEndpointUpdateSchema,
  shieldZoneSettingsSchema,
  underAttackRequestSchema,
  UnmatchedPathAction,
  WafExecutionMode,
  WafPayloadLimitAction,
  type ApiGuardianEndpointUpdate,
  type UnderAttackRequest,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import type { ShieldZoneState } from "../state";
import { fillShieldZoneParts } from "../state-shield-zone";
import { OK_RESULT } from "./common";
import { pathParams } from "./collection-params";
import { dataError, zoneAccess, zoneMissing, zonePlan } from "./shield-access";
import { endpointSummary, parseApiDocument } from "./shield-zone-features";
import { zoneSettingsOf } from "./shield-zones";
import { memoryOf } from "./shield-operations-state";

/** An enumeration as `value → name` (the published enumeration answers' form). */
const names = (e: Record<string, number>): Record<string, string> =>
  Object.fromEntries(Object.entries(e).map(([n, v]) => [String(v), n]));

/** The request fields of a zone's settings (the published `ShieldZoneRequest`). */
const REQUEST_FIELDS = Object.keys(shieldZoneSettingsSchema.properties);

/** An API guardian endpoint as the platform shows it (`ApiGuardianEndpointDetails`). */
function endpointView(
  z: ShieldZoneState,
  id: number,
  e: { method: string; path: string },
  enforceAuth: boolean,
  changed: Record<string, unknown>,
  createdAt: string,
) {
  return {
    ...endpointSummary(z, id, e, enforceAuth),
    injectionDetectionParameters: { Path: [], Query: [], Header: [], Cookie: [] },
    detectParameterXss: false,
    detectParameterSqli: false,
    rateLimitingEnabled: false,
    rateLimitingType: "IP",
    rateLimitingRequestCount: 100,
    rateLimitingTimeframe: 60,
    ...changed,
    createdAt,
    updatedAt: Object.keys(changed).length > 0 ? createdAt : null,
  };
}

/** Registers the under-attack, API guardian endpoint, enumeration and promotion routes. */
export function registerShieldZoneActionRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { zoneFor } = zoneAccess(ctx);
  const s = () => ctx.store.state;

  app.post<{ Body: UnderAttackRequest }>(
    "/shield/shield-zone/under-attack",
    { schema: { body: underAttackRequestSchema } },
    async (req, reply) => {
      const { pullZoneId, planType } = req.body;
      const st = s();
      const pz = st.pullZones.find((p) => p.id === pullZoneId);
      if (!pz)
        return dataError(
          reply,
          400,
          "invalid_pullzone",
          `pullZoneId: pull zone ${pullZoneId} does not exist`,
        );
      const existing = st.shieldZones.find((z) => z.pullZoneId === pullZoneId);
      if (existing)
        return dataError(
          reply,
          409,
          "shieldzone.already_exists",
          `pull zone ${pullZoneId} already has a shield zone (${existing.id}); a pull zone has at most one`,
        );
      const id = st.nextIds.shieldZone++;
      const z: ShieldZoneState = { id, name: `shield-${pz.name}`, pullZoneId, planType };
      fillShieldZoneParts(z);
      z.settings!.dDoSShieldSensitivity = DDoSShieldSensitivity.Challenge;
      st.shieldZones.push(z);
      ctx.store.commit();
      const settings = zoneSettingsOf(z) as Record<string, unknown>;
      const shieldZone = Object.fromEntries(
        REQUEST_FIELDS.filter((k) => k in settings).map((k) => [k, settings[k]]),
      );
      return {
        data: { pullZoneId, shieldZone: { shieldZoneId: id, ...shieldZone } },
        error: { ...OK_RESULT },
      };
    },
  );

  app.patch<{
    Params: { shieldZoneId: number; endpointId: number };
    Body: ApiGuardianEndpointUpdate;
  }>(
    "/shield/shield-zone/:shieldZoneId/api-guardian/endpoint/:endpointId",
    {
      schema: {
        params: pathParams({ shieldZoneId: "int32", endpointId: "int64" }),
        body: apiGuardianEndpointUpdateSchema,
      },
    },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      if (zonePlan(z).planType < 2)
        return dataError(
          reply,
          403,
          "feature_not_available_on_plan",
          "API guardian needs the Business plan or higher",
        );
      const g = z.apiGuardian;
      const doc = g?.spec ? parseApiDocument(g.spec.content) : undefined;
      const i = req.params.endpointId - z.id * 1000 - 1;
      const e = doc?.endpoints[i];
      if (!e || i < 0)
        return dataError(
          reply,
          404,
          "not_found.api_guardian_endpoint",
          `endpointId: zone ${z.id} has no API guardian endpoint ${req.params.endpointId}`,
        );
      const key = `${z.id}:${req.params.endpointId}`;
      const mem = memoryOf(s());
      const changed = { ...(mem.endpoints.get(key) ?? {}) };
      for (const [k, v] of Object.entries(req.body))
        if (v !== null && v !== undefined) changed[k] = v;
      mem.endpoints.set(key, changed);
      const at = new Date(ctx.now()).toISOString();
      const data = endpointView(
        z,
        req.params.endpointId,
        e,
        g?.spec?.enforceAuthorizationValidation ?? true,
        changed,
        at,
      );
      return { error: { ...OK_RESULT }, data };
    },
  );

  type Enums = { Params: { shieldZoneId: string } };
  app.get<Enums>("/shield/shield-zone/:shieldZoneId/access-lists/enums", async () => ({
    AccessListType: names(AccessListType),
    AccessListAction: names(AccessListAction),
    AccessListCategory: names(AccessListCategory),
  }));
  app.get<Enums>("/shield/shield-zone/:shieldZoneId/api-guardian/enums", async () => ({
    WAFExecutionMode: names(WafExecutionMode),
    WAFPayloadLimitAction: names(WafPayloadLimitAction),
    UnmatchedPathAction: names(UnmatchedPathAction),
    RateLimitTimeframe: names(ApiGuardianRateLimitTimeframe),
    ApiGuardianRateLimitType: { Global: "Global", IP: "IP" },
  }));

  // The document declares no answer shape for the promotion state: an account without a
  // promotion.
  app.get("/shield/promo/state", async () => ({ isEligible: false, isActive: false }));
}
