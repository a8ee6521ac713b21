/**
 * Shield access lists (`spec/shield.md`): a zone's listing and its custom lists (the
 * collection table in `access-list-table.ts`), and the configuration PATCH keyed by
 * `configurationId` (a custom list's or the zone's configuration of a managed list). Bodies are
 * validated with the client package's schemas; every answer is `{data, error}`, failures
 * included.
 */
import type { FastifyInstance } from "fastify";
import {
  AccessListConfigurationRequest,
  accessListConfigurationParamsSchema,
  accessListConfigurationRequestSchema,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { accessListParts, fail } from "./access-list-parts";
import { accessListTable, ZONE_PATH } from "./access-list-table";
import { ACCESS_LIST_KEYS, failure } from "./access-list-views";
import { registerCollection } from "./collection";
import { acceptedResult, OK_RESULT } from "./common";
import { deferredWrite } from "./deferred-write";
import { planName, zoneAccess, zonePlan } from "./shield-access";
import { zoneNotFound } from "./zone-lists";

/** Registers the access-list routes. */
export function registerAccessListRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { zoneFor } = zoneAccess(ctx);
  const { managedConfigs, customOf } = accessListParts(ctx);
  registerCollection(app, ctx, accessListTable(ctx));

  app.patch<{
    Params: { shieldZoneId: number; configurationId: number };
    Body: AccessListConfigurationRequest;
  }>(
    `${ZONE_PATH}/configurations/:configurationId`,
    {
      schema: {
        params: accessListConfigurationParamsSchema,
        body: accessListConfigurationRequestSchema,
      },
    },
    async (req, reply) => {
      const zone = zoneFor(req, req.params.shieldZoneId);
      if (!zone) return { data: null, error: zoneNotFound(req.params.shieldZoneId) };
      const cid = req.params.configurationId;
      const custom = customOf(zone.id).find((l) => l.configurationId === cid);
      const managed = managedConfigs(zone.id).find(([, c]) => c.configurationId === cid);
      if (!custom && !managed)
        return fail(
          reply,
          ctx.profile.notFoundAnswer === "embedded-200" ? 200 : 404,
          failure(
            404,
            ACCESS_LIST_KEYS.configurationNotFound,
            `Shield zone ${zone.id} has no access-list configuration ${cid} (a list's configurationId, not its listId)`,
          ),
        );
      if (managed) {
        const [m] = managed;
        const plan = zonePlan(zone);
        if (m.requiredPlan > plan.planType)
          return {
            data: null,
            error: failure(
              403,
              ACCESS_LIST_KEYS.notAvailable,
              `Access list ${m.listId} (${m.name}) needs the ${planName(m.requiredPlan)} plan; ` +
                `shield zone ${zone.id} is on the ${planName(plan.planType)} plan`,
            ),
          };
      }
      const b = req.body;
      const target = custom ?? managed![1];
      const apply = () => {
        if (b.isEnabled !== undefined) target.isEnabled = b.isEnabled;
        if (b.action !== undefined) target.action = b.action;
      };
      const listId = custom ? custom.id : managed![0].listId;
      return deferredWrite(ctx, reply, {
        now: apply,
        later: () => (apply(), true),
        accepted: () =>
          acceptedResult(
            ctx.profile.acceptedNamesRule,
            `/shield/shield-zone/${zone.id}/access-lists/${listId}`,
            listId,
            "short",
          ),
        // The published `UpdateAccessListConfigurationResponse`: the configuration as it now is.
        done: () => ({
          data: { isEnabled: target.isEnabled, action: target.action },
          error: { ...OK_RESULT },
        }),
      });
    },
  );
}
