/**
 * Edge-script secret routes: list, add, update, upsert (by name) and delete. A secret's value
 * is stored and never answered: every answer is `{Id, Name, LastModified}`. An upsert answers
 * 200 with the secret when it adds one and 204 when it changes one (both documented).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { scriptBodyProblem } from "../script-validation";
import type { StoredScript, StoredScriptSecret } from "../state-scripts";
import { int64Params } from "./common";
import { scriptParts, type ScriptParams } from "./compute-parts";

const SECRETS = "/compute/script/:id/secrets";

type Body = Record<string, unknown>;
type SecretParams = ScriptParams & { secretId: number };

/** A secret as answered (`EdgeScriptSecretModel`): never its value. */
export const secretView = (x: StoredScriptSecret) => ({
  Id: x.Id,
  Name: x.Name,
  LastModified: x.LastModified,
});

/** Registers the secret routes. */
export function registerScriptSecretRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const p = scriptParts(ctx);
  const scriptParams = { schema: { params: int64Params("id") } };
  const itemParams = { schema: { params: int64Params("id", "secretId") } };

  /** The script and the secret the path names, or undefined after answering 404. */
  const secretOf = (req: FastifyRequest, reply: FastifyReply) => {
    const at = p.memberOf(req, reply, {
      param: "secretId",
      of: (s) => s.secrets,
      what: "Secret",
      key: "not_found.secret",
    });
    return at && { s: at.s, x: at.m };
  };
  /** Sets a secret's value (and its date) and stores the state. */
  const write = (s: StoredScript, x: StoredScriptSecret, value: unknown) => {
    x.value = typeof value === "string" ? value : null;
    x.LastModified = s.lastModified = p.nowIso();
    p.commit();
  };
  const added = (s: StoredScript, name: string, value: unknown) => {
    const x: StoredScriptSecret = {
      Id: p.ids().scriptSecret++,
      Name: name,
      LastModified: "",
      value: null,
    };
    s.secrets.push(x);
    write(s, x, value);
    return secretView(x);
  };

  app.get<{ Params: ScriptParams }>(SECRETS, scriptParams, async (req, reply) => {
    const s = p.scriptOf(req, reply);
    return s ? { Secrets: s.secrets.map(secretView) } : reply;
  });

  app.post<{ Params: ScriptParams; Body: Body }>(SECRETS, scriptParams, async (req, reply) => {
    const s = p.scriptOf(req, reply);
    if (!s) return reply;
    const b = req.body;
    const problem = scriptBodyProblem("addSecret", b);
    if (problem) return p.invalid(reply, problem);
    if (s.secrets.some((x) => x.Name === b.Name))
      return p.invalid(reply, { field: "Name", message: "a secret of this name exists" });
    return added(s, b.Name as string, b.Secret);
  });

  app.post<{ Params: SecretParams; Body: Body }>(
    `${SECRETS}/:secretId`,
    itemParams,
    async (req, reply) => {
      const at = secretOf(req, reply);
      if (!at) return reply;
      const problem = scriptBodyProblem("updateSecret", req.body);
      if (problem) return p.invalid(reply, problem);
      write(at.s, at.x, req.body.Secret);
      return secretView(at.x);
    },
  );

  app.put<{ Params: ScriptParams; Body: Body }>(SECRETS, scriptParams, async (req, reply) => {
    const s = p.scriptOf(req, reply);
    if (!s) return reply;
    const b = req.body;
    const problem = scriptBodyProblem("upsertSecret", b);
    if (problem) return p.invalid(reply, problem);
    const old = s.secrets.find((x) => x.Name === b.Name);
    if (!old) return added(s, b.Name as string, b.Secret);
    write(s, old, b.Secret);
    return reply.code(204).send();
  });

  app.delete<{ Params: SecretParams }>(`${SECRETS}/:secretId`, itemParams, async (req, reply) => {
    const at = secretOf(req, reply);
    if (!at) return reply;
    at.s.secrets = at.s.secrets.filter((x) => x.Id !== at.x.Id);
    at.s.lastModified = p.nowIso();
    p.commit();
    return reply.code(204).send();
  });
}
