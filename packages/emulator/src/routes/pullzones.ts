/**
 * Pull-zone routes (published core API, tag "Pull Zone" and `/purge`): the name availability
 * check here, the rest by job — the zones (pullzone-zones.ts), their edge rules
 * (pullzone-edge-rules.ts), hostnames and certificates (pullzone-hostnames.ts), referrers,
 * blocked IPs, the security key and purges (pullzone-access.ts).
 */
import type { FastifyInstance } from "fastify";
import { checkAvailabilityRequestSchema, NameAvailability } from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { availabilityError } from "../errors";
import { markUnchanged } from "../journal";
import { PULL_ZONE_NAME_PATTERN } from "../pullzone-validation";
import { registerPullZoneAccessRoutes } from "./pullzone-access";
import { registerPullZoneEdgeRuleRoutes } from "./pullzone-edge-rules";
import { registerPullZoneHostnameRoutes } from "./pullzone-hostnames";
import { registerPullZoneZoneRoutes } from "./pullzone-zones";

export { PULL_ZONE_NAME_PATTERN } from "../pullzone-validation";

/** Registers the pull-zone routes. */
export function registerPullZoneRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post<{ Body: { Name: string } }>(
    "/pullzone/checkavailability",
    { schema: { body: checkAvailabilityRequestSchema } },
    async (req, reply) => {
      // A read sent as a POST: journaled as changing nothing.
      markUnchanged(req);
      const name = req.body.Name;
      if (!PULL_ZONE_NAME_PATTERN.test(name)) {
        return reply
          .code(400)
          .send(
            availabilityError(
              "validation_error",
              "Name",
              name === ""
                ? "Name is required"
                : "Name may contain only letters, digits and dashes (1-60 characters)",
            ),
          );
      }
      const taken = ctx.store.state.pullZones.some(
        (p) => p.name.toLowerCase() === name.toLowerCase(),
      );
      const res: NameAvailability = { Available: !taken };
      return res;
    },
  );
  registerPullZoneZoneRoutes(app, ctx);
  registerPullZoneEdgeRuleRoutes(app, ctx);
  registerPullZoneHostnameRoutes(app, ctx);
  registerPullZoneAccessRoutes(app, ctx);
}
