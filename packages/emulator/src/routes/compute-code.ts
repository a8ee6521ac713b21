/**
 * Edge-script code and release routes: the saved code (read, save), the releases (list,
 * the live one) and publishing (the saved code as a new release, or an earlier release by
 * its `Uuid`). Whether saving publishes is the profile's `scriptCodeSave`.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { pageQuery, scriptBodyProblem } from "../script-validation";
import { int64Params } from "./common";
import { scriptParts, type ScriptParams } from "./compute-parts";

const SCRIPT = "/compute/script/:id";

type Body = Record<string, unknown>;

/** Registers the code and release routes. */
export function registerScriptCodeRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const p = scriptParts(ctx);
  const params = { schema: { params: int64Params("id") } };

  app.get<{ Params: ScriptParams }>(`${SCRIPT}/code`, params, async (req, reply) => {
    const s = p.scriptOf(req, reply);
    return s ? { Code: s.code, LastModified: s.codeModified } : reply;
  });

  app.post<{ Params: ScriptParams; Body: Body }>(`${SCRIPT}/code`, params, async (req, reply) => {
    const s = p.scriptOf(req, reply);
    if (!s) return reply;
    const problem = scriptBodyProblem("code", req.body);
    if (problem) return p.invalid(reply, problem);
    s.code = typeof req.body.Code === "string" ? req.body.Code : "";
    s.codeModified = s.lastModified = p.nowIso();
    // Profile `scriptCodeSave: "publish"`: a platform where saving also publishes.
    if (ctx.profile.scriptCodeSave === "publish") p.publish(s, null);
    p.commit();
    return reply.code(204).send();
  });

  app.get<{ Params: ScriptParams; Querystring: Record<string, string | undefined> }>(
    `${SCRIPT}/releases`,
    params,
    async (req, reply) => {
      const s = p.scriptOf(req, reply);
      if (!s) return reply;
      const pages = pageQuery(req.query);
      if ("field" in pages) return p.invalid(reply, pages);
      const newestFirst = [...s.releases].sort((a, b) => b.Id - a.Id);
      return p.paged(
        newestFirst.map((r) => p.releaseView(s, r)),
        pages.page,
        pages.perPage,
      );
    },
  );

  app.get<{ Params: ScriptParams }>(`${SCRIPT}/releases/active`, params, async (req, reply) => {
    const s = p.scriptOf(req, reply);
    if (!s) return reply;
    const live = s.releases.find((r) => r.Id === s.currentReleaseId);
    if (!live)
      return p.notFound(req, reply, `A live release of edge script ${s.id}`, "not_found.release");
    return p.releaseView(s, live);
  });

  app.post<{ Params: ScriptParams; Body: Body }>(
    `${SCRIPT}/publish`,
    params,
    async (req, reply) => {
      const s = p.scriptOf(req, reply);
      if (!s) return reply;
      const problem = scriptBodyProblem("publish", req.body ?? {});
      if (problem) return p.invalid(reply, problem);
      if (!s.code)
        return p.invalid(reply, { field: "Code", message: "the script has no code to publish" });
      p.publish(s, typeof req.body?.Note === "string" ? req.body.Note : null);
      p.commit();
      return reply.code(204).send();
    },
  );

  app.post<{ Params: ScriptParams & { uuid: string }; Body: Body }>(
    `${SCRIPT}/publish/:uuid`,
    {
      schema: {
        params: {
          type: "object",
          required: ["id", "uuid"],
          properties: { ...int64Params("id").properties, uuid: { type: "string", minLength: 1 } },
        },
      },
    },
    async (req, reply) => {
      const s = p.scriptOf(req, reply);
      if (!s) return reply;
      const problem = scriptBodyProblem("publish", req.body ?? {});
      if (problem) return p.invalid(reply, problem);
      const r = s.releases.find((x) => x.Uuid === req.params.uuid);
      if (!r)
        return p.notFound(
          req,
          reply,
          `Release ${req.params.uuid} of edge script ${s.id}`,
          "not_found.release",
        );
      s.currentReleaseId = r.Id;
      r.DatePublished = s.lastModified = p.nowIso();
      p.commit();
      return reply.code(204).send();
    },
  );
}
