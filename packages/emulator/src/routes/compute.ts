/**
 * Compute routes: edge script statistics (deterministic per script, range and grouping) here;
 * the scripts, their code and releases, variables and secrets in `compute-*.ts`.
 */
import type { FastifyInstance } from "fastify";
import { Limits, scriptStatisticsQuerySchema } from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { DAY_MS, HOUR_MS, scriptStatistics } from "../generators";
import { int64Params } from "./common";
import { registerScriptCodeRoutes } from "./compute-code";
import { registerScriptRoutes } from "./compute-scripts";
import { registerScriptSecretRoutes } from "./compute-secrets";
import { registerScriptVariableRoutes } from "./compute-variables";

/** Most chart buckets one call may ask for. */
export const MAX_STATISTICS_BUCKETS = 10_000;

/** Registers the compute routes. */
export function registerComputeRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  registerScriptRoutes(app, ctx);
  registerScriptCodeRoutes(app, ctx);
  registerScriptVariableRoutes(app, ctx);
  registerScriptSecretRoutes(app, ctx);
  app.get<{
    Params: { id: number };
    Querystring: { dateFrom?: string; dateTo?: string; loadLatest?: boolean; hourly?: boolean };
  }>(
    "/compute/script/:id/statistics",
    { schema: { params: int64Params("id"), querystring: scriptStatisticsQuerySchema } },
    async (req, reply) => {
      const path = pathOf(req.url);
      const script = ctx.store.state.scripts.find((x) => x.id === req.params.id);
      if (!script) {
        return sendError(reply, path, 404, `Edge script ${req.params.id} was not found`, {
          key: "not_found.script",
          shape: "A",
        });
      }
      const q = req.query;
      const to = q.dateTo !== undefined ? Date.parse(q.dateTo) : ctx.now();
      const from =
        q.dateFrom !== undefined
          ? Date.parse(q.dateFrom)
          : to - Limits.statisticsDefaultDays * DAY_MS;
      if (!(from < to)) {
        return sendError(reply, path, 400, "dateFrom must be before dateTo", {
          fieldErrors: [{ field: "dateFrom", message: "must be before dateTo" }],
        });
      }
      const step = q.hourly ? HOUR_MS : DAY_MS;
      if ((to - from) / step > MAX_STATISTICS_BUCKETS) {
        return sendError(
          reply,
          path,
          400,
          `the range covers more than ${MAX_STATISTICS_BUCKETS} buckets`,
          {
            fieldErrors: [{ field: "dateFrom", message: "range too large for the grouping" }],
          },
        );
      }
      return scriptStatistics(script.id, from, to, q.hourly === true);
    },
  );
}
