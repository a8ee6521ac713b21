/** Pull-zone routes: name availability check. */
import type { FastifyInstance } from "fastify";
import { checkAvailabilityRequestSchema, NameAvailability } from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { availabilityError } from "../errors";

/** Names the platform accepts: letters, digits and dashes, 1–60 characters. */
export const PULL_ZONE_NAME_PATTERN = /^[a-zA-Z0-9-]{1,60}$/;

/** Registers the pull-zone routes. */
export function registerPullZoneRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post<{ Body: { Name: string } }>(
    "/pullzone/checkavailability",
    { schema: { body: checkAvailabilityRequestSchema } },
    async (req, reply) => {
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
}
