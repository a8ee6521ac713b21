/**
 * Edge-script variable routes: add, read, update, upsert (by name) and delete. Whether an
 * upsert of an existing variable keeps what it does not send is the profile's
 * `scriptVarUpsert`. A variable's name is unique in its script.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { scriptBodyProblem } from "../script-validation";
import type { StoredScript, StoredScriptVariable } from "../state-scripts";
import { int64Params } from "./common";
import { scriptParts, type ScriptParams } from "./compute-parts";

const VARIABLES = "/compute/script/:id/variables";

type Body = Record<string, unknown>;
type VariableParams = ScriptParams & { variableId: number };

/** Registers the variable routes. */
export function registerScriptVariableRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const p = scriptParts(ctx);
  const scriptParams = { schema: { params: int64Params("id") } };
  const itemParams = { schema: { params: int64Params("id", "variableId") } };

  /** The script and the variable the path names, or undefined after answering 404. */
  const variableOf = (req: FastifyRequest, reply: FastifyReply) => {
    const at = p.memberOf(req, reply, {
      param: "variableId",
      of: (s) => s.variables,
      what: "Variable",
      key: "not_found.variable",
    });
    return at && { s: at.s, v: at.m };
  };
  const changed = (s: StoredScript, v: StoredScriptVariable) => {
    s.lastModified = p.nowIso();
    p.commit();
    return { ...v };
  };

  app.post<{ Params: ScriptParams; Body: Body }>(
    `${VARIABLES}/add`,
    scriptParams,
    async (req, reply) => {
      const s = p.scriptOf(req, reply);
      if (!s) return reply;
      const b = req.body;
      const problem = scriptBodyProblem("addVariable", b);
      if (problem) return p.invalid(reply, problem);
      if (s.variables.some((v) => v.Name === b.Name))
        return p.invalid(reply, { field: "Name", message: "a variable of this name exists" });
      const v: StoredScriptVariable = {
        Id: p.ids().scriptVariable++,
        Name: b.Name as string,
        Required: b.Required as boolean,
        DefaultValue: typeof b.DefaultValue === "string" ? b.DefaultValue : null,
      };
      s.variables.push(v);
      return changed(s, v);
    },
  );

  app.get<{ Params: VariableParams }>(
    `${VARIABLES}/:variableId`,
    itemParams,
    async (req, reply) => {
      const at = variableOf(req, reply);
      return at ? { ...at.v } : reply;
    },
  );

  app.post<{ Params: VariableParams; Body: Body }>(
    `${VARIABLES}/:variableId`,
    itemParams,
    async (req, reply) => {
      const at = variableOf(req, reply);
      if (!at) return reply;
      const b = req.body;
      const problem = scriptBodyProblem("updateVariable", b);
      if (problem) return p.invalid(reply, problem);
      if ("DefaultValue" in b) at.v.DefaultValue = (b.DefaultValue as string | null) ?? null;
      if (typeof b.Required === "boolean") at.v.Required = b.Required;
      return changed(at.s, at.v);
    },
  );

  app.put<{ Params: ScriptParams; Body: Body }>(VARIABLES, scriptParams, async (req, reply) => {
    const s = p.scriptOf(req, reply);
    if (!s) return reply;
    const b = req.body;
    const problem = scriptBodyProblem("upsertVariable", b);
    if (problem) return p.invalid(reply, problem);
    const sentDefault = typeof b.DefaultValue === "string" ? b.DefaultValue : null;
    const old = s.variables.find((v) => v.Name === b.Name);
    if (!old) {
      const v: StoredScriptVariable = {
        Id: p.ids().scriptVariable++,
        Name: b.Name as string,
        Required: b.Required === true,
        DefaultValue: sentDefault,
      };
      s.variables.push(v);
      return changed(s, v);
    }
    // Profile `scriptVarUpsert: "replace"`: what is not sent is set back to its default.
    const replace = ctx.profile.scriptVarUpsert === "replace";
    if ("DefaultValue" in b || replace) old.DefaultValue = sentDefault;
    if (typeof b.Required === "boolean") old.Required = b.Required;
    else if (replace) old.Required = false;
    return changed(s, old);
  });

  app.delete<{ Params: VariableParams }>(
    `${VARIABLES}/:variableId`,
    itemParams,
    async (req, reply) => {
      const at = variableOf(req, reply);
      if (!at) return reply;
      at.s.variables = at.s.variables.filter((v) => v.Id !== at.v.Id);
      changed(at.s, at.v);
      return reply.code(204).send();
    },
  );
}
