/**
 * Edge-script routes: the account's scripts (list, add, read, update, delete) and the
 * rotation of a script's deployment key. A body is checked by `../script-validation.ts`; a
 * failure is a 400 `ApiErrorData` naming the field.
 */
import { randomUUID } from "crypto";
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { pageQuery, scriptBodyProblem, SCRIPT_TYPES } from "../script-validation";
import { newPullZone, type PullZoneIds } from "../state-pullzone";
import type { StoredScript } from "../state-scripts";
import { int64Params } from "./common";
import { scriptParts, type ScriptParams } from "./compute-parts";

const SCRIPTS = "/compute/script";
const SCRIPT = "/compute/script/:id";

type Body = Record<string, unknown>;
type ListQuery = Record<string, string | string[] | undefined>;

/** Registers the script routes. */
export function registerScriptRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const p = scriptParts(ctx);
  const params = { schema: { params: int64Params("id") } };
  const pullZones = () => ctx.store.state.pullZones;

  app.get<{ Querystring: ListQuery }>(SCRIPTS, async (req, reply) => {
    const q = req.query;
    const pages = pageQuery(q);
    if ("field" in pages) return p.invalid(reply, pages);
    const types = q.type === undefined ? [] : ([] as string[]).concat(q.type);
    const bad = types.find((t) => !/^\d+$/.test(t) || !(Number(t) in SCRIPT_TYPES));
    if (bad !== undefined)
      return p.invalid(reply, { field: "type", message: "type must be 0, 1 or 2" });
    const search = (typeof q.search === "string" ? q.search : "").toLowerCase();
    const withZones = q.includeLinkedPullzones === "true";
    const list = p
      .scripts()
      .filter((s) => types.length === 0 || types.includes(String(s.scriptType)))
      .filter((s) => search === "" || s.name.toLowerCase().includes(search));
    return p.paged(
      list.map((s) => p.scriptView(s, withZones)),
      pages.page,
      pages.perPage,
    );
  });

  app.post<{ Body: Body }>(SCRIPTS, async (req, reply) => {
    const b = req.body;
    const problem = scriptBodyProblem("addScript", b);
    if (problem) return p.invalid(reply, problem);
    const id = p.ids().script++;
    const name = typeof b.Name === "string" && b.Name !== "" ? b.Name : `script-${id}`;
    const linked: number[] = [];
    if (b.CreateLinkedPullZone === true) {
      const zoneName = typeof b.LinkedPullZoneName === "string" ? b.LinkedPullZoneName : name;
      if (!/^[a-zA-Z0-9-]{1,60}$/.test(zoneName))
        return p.invalid(reply, {
          field: "LinkedPullZoneName",
          message: "LinkedPullZoneName may contain only letters, digits and dashes (1-60)",
        });
      if (pullZones().some((z) => z.name.toLowerCase() === zoneName.toLowerCase()))
        return p.invalid(reply, {
          field: "LinkedPullZoneName",
          message: "a pull zone of this name exists",
        });
      const zone = newPullZone(ctx.store.state.nextIds as PullZoneIds, zoneName);
      // A standalone (CDN) script's zone serves the script: its origin is the script
      // (`OriginType` 4, EdgeScript), as a settings write of the zone as read needs it.
      if ((b.ScriptType ?? 1) === 1) Object.assign(zone.model, { OriginType: 4, EdgeScriptId: id });
      pullZones().push(zone);
      linked.push(zone.id);
    }
    const now = p.nowIso();
    const s: StoredScript = {
      id,
      name,
      scriptType: typeof b.ScriptType === "number" ? b.ScriptType : 1,
      code: typeof b.Code === "string" ? b.Code : "",
      codeModified: now,
      lastModified: now,
      currentReleaseId: 0,
      releases: [],
      variables: [],
      secrets: [],
      deploymentKey: randomUUID(),
      linkedPullZoneIds: linked,
    };
    p.scripts().push(s);
    // Profile `scriptCodeSave: "publish"`: code given at creation is published too.
    if (ctx.profile.scriptCodeSave === "publish" && s.code !== "") p.publish(s, null);
    p.commit();
    return reply.code(201).send(p.scriptView(s));
  });

  app.get<{ Params: ScriptParams }>(SCRIPT, params, async (req, reply) => {
    const s = p.scriptOf(req, reply);
    return s ? p.scriptView(s) : reply;
  });

  app.post<{ Params: ScriptParams; Body: Body }>(SCRIPT, params, async (req, reply) => {
    const s = p.scriptOf(req, reply);
    if (!s) return reply;
    const problem = scriptBodyProblem("updateScript", req.body);
    if (problem) return p.invalid(reply, problem);
    const b = req.body;
    if (typeof b.Name === "string" && b.Name !== "") s.name = b.Name;
    if (typeof b.ScriptType === "number") s.scriptType = b.ScriptType;
    s.lastModified = p.nowIso();
    p.commit();
    return p.scriptView(s);
  });

  app.delete<{ Params: ScriptParams; Querystring: { deleteLinkedPullZones?: boolean } }>(
    SCRIPT,
    {
      schema: {
        params: int64Params("id"),
        querystring: {
          type: "object",
          properties: { deleteLinkedPullZones: { type: "boolean" } },
          additionalProperties: false,
        },
      },
    },
    async (req, reply) => {
      const s = p.scriptOf(req, reply);
      if (!s) return reply;
      const state = ctx.store.state;
      state.scripts = state.scripts.filter((x) => x.id !== s.id);
      if (req.query.deleteLinkedPullZones === true)
        state.pullZones = state.pullZones.filter((z) => !s.linkedPullZoneIds.includes(z.id));
      p.commit();
      return reply.code(204).send();
    },
  );

  app.post<{ Params: ScriptParams }>(
    `${SCRIPT}/deploymentKey/rotate`,
    params,
    async (req, reply) => {
      const s = p.scriptOf(req, reply);
      if (!s) return reply;
      s.deploymentKey = randomUUID();
      p.commit();
      return reply.code(204).send();
    },
  );
}
