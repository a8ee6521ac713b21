/**
 * Control API under `/_emulator/` (no auth, never journaled): reset, state GET/PUT,
 * request journal GET/DELETE, faults POST/DELETE, behaviour profile GET/PUT, scoped keys
 * GET/PUT.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { checkFaultSpec, FaultSpec } from "../faults";
import { checkProfileInput, ProfileInput, resolveProfile } from "../profiles";
import { checkScopedKeys, ScopedKeys } from "../scopes";
import { checkStateShape, EmulatorState } from "../state";

/** Largest state document PUT accepts. */
export const CONTROL_BODY_LIMIT = 64 * 1024 * 1024;

/** Registers the control routes. */
export function registerControlRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  // Reset keeps the profile and the scoped keys (configuration, not state) but drops
  // delayed writes.
  app.post("/_emulator/reset", async () => {
    ctx.pending.clear();
    ctx.store.reset();
    ctx.journal.clear();
    ctx.faults.clear();
    ctx.loggingHits.clear();
    return { ok: true };
  });

  app.get("/_emulator/state", async () => ctx.store.state);

  app.put<{ Body: unknown }>(
    "/_emulator/state",
    { bodyLimit: CONTROL_BODY_LIMIT },
    async (req, reply) => {
      const problems = checkStateShape(req.body);
      if (problems.length) return reply.code(400).send({ error: "invalid state", problems });
      ctx.store.replace(req.body as EmulatorState);
      return ctx.store.state;
    },
  );

  app.get("/_emulator/requests", async () => ({ requests: ctx.journal.list() }));
  app.delete("/_emulator/requests", async () => {
    ctx.journal.clear();
    return { ok: true };
  });

  app.post<{ Body: unknown }>("/_emulator/faults", async (req, reply) => {
    const problems = checkFaultSpec(req.body);
    if (problems.length) return reply.code(400).send({ error: "invalid fault spec", problems });
    return { id: ctx.faults.add(req.body as FaultSpec) };
  });
  app.delete("/_emulator/faults", async () => {
    ctx.faults.clear();
    return { ok: true };
  });

  app.get("/_emulator/profile", async () => ctx.profile);
  // Body: "NAME", {name}, or switches (over `name`, default "default"); answers the new profile.
  app.put<{ Body: unknown }>("/_emulator/profile", async (req, reply) => {
    const problems = checkProfileInput(req.body);
    if (problems.length) return reply.code(400).send({ error: "invalid profile", problems });
    ctx.profile = resolveProfile(req.body as ProfileInput);
    return ctx.profile;
  });

  app.get("/_emulator/scoped-keys", async () => Object.fromEntries(ctx.scopedKeys));
  // Body: the whole map (replaces the previous one; {} removes every scoped key).
  app.put<{ Body: unknown }>("/_emulator/scoped-keys", async (req, reply) => {
    const problems = checkScopedKeys(req.body, ctx.apiKey);
    if (problems.length) return reply.code(400).send({ error: "invalid scoped keys", problems });
    ctx.scopedKeys = new Map(Object.entries(req.body as ScopedKeys));
    return Object.fromEntries(ctx.scopedKeys);
  });
}
