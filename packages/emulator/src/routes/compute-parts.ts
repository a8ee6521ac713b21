/**
 * What the edge-script routes share: finding a script (or answering 404), the answers in the
 * published shapes (a secret's value is never in any of them), the 400 answer naming a field
 * (`ApiErrorData`), the next ids, the clock, and publishing a release.
 */
import { randomUUID } from "crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { availabilityError, sendError } from "../errors";
import type { FieldProblem } from "../script-validation";
import type { ScriptIds, StoredScript, StoredScriptRelease } from "../state-scripts";

/** The path parameter of a script. */
export type ScriptParams = { id: number };

/** The helpers of the edge-script routes of one emulator. */
export function scriptParts(ctx: EmulatorContext) {
  const scripts = () => ctx.store.state.scripts as StoredScript[];
  const nowIso = () => new Date(ctx.now()).toISOString();
  const ids = () => ctx.store.state.nextIds as unknown as ScriptIds;

  /** The 404 of a missing script or member. */
  const notFound = (req: FastifyRequest, reply: FastifyReply, what: string, key: string) =>
    sendError(reply, pathOf(req.url), 404, `${what} was not found`, { key, shape: "A" });

  /** The script the path names, or undefined after answering 404. */
  const scriptOf = (req: FastifyRequest, reply: FastifyReply): StoredScript | undefined => {
    const id = (req.params as ScriptParams).id;
    const s = scripts().find((x) => x.id === id);
    if (!s) void notFound(req, reply, `Edge script ${id}`, "not_found.script");
    return s;
  };

  /**
   * The script and its member (a variable or a secret) the path names by `param`, or
   * undefined after answering 404.
   */
  const memberOf = <M extends { Id: number }>(
    req: FastifyRequest,
    reply: FastifyReply,
    member: { param: string; of: (s: StoredScript) => M[]; what: string; key: string },
  ): { s: StoredScript; m: M } | undefined => {
    const s = scriptOf(req, reply);
    if (!s) return undefined;
    const id = (req.params as Record<string, number>)[member.param];
    const m = member.of(s).find((x) => x.Id === id);
    if (!m) void notFound(req, reply, `${member.what} ${id} of edge script ${s.id}`, member.key);
    return m ? { s, m } : undefined;
  };

  /** The 400 naming the refused field (`ApiErrorData`). */
  const invalid = (reply: FastifyReply, p: FieldProblem) =>
    reply.code(400).send(availabilityError("validation_error", p.field, p.message));

  /** The pull zones a script runs on, as `LinkedPullZone` (a zone gone from the state is left out). */
  const linkedZones = (s: StoredScript) =>
    s.linkedPullZoneIds.flatMap((id) => {
      const z = ctx.store.state.pullZones.find((p) => p.id === id);
      return z
        ? [{ Id: z.id, PullZoneName: z.name, DefaultHostname: `${z.name}.emulator.invalid` }]
        : [];
    });

  /** A script as `EdgeScriptModel` (`withZones` false: `LinkedPullZones` null, as a list without them). */
  const scriptView = (s: StoredScript, withZones = true) => ({
    Id: s.id,
    Name: s.name,
    LastModified: s.lastModified,
    ScriptType: s.scriptType,
    CurrentReleaseId: s.currentReleaseId,
    EdgeScriptVariables: s.variables.map((v) => ({ ...v })),
    Deleted: false,
    LinkedPullZones: withZones ? linkedZones(s) : null,
    Integration: null,
    DefaultHostname: `${s.name}-${s.id}.edge.emulator.invalid`,
    SystemHostname: `script-${s.id}.edge.emulator.invalid`,
    DeploymentKey: s.deploymentKey,
    RepositoryId: null,
    IntegrationId: null,
    MonthlyCost: 0,
    MonthlyRequestCount: 0,
    MonthlyCpuTime: 0,
  });

  /** A release as `EdgeScriptReleaseModel`: Live (1) when it is the script's current one. */
  const releaseView = (s: StoredScript, r: StoredScriptRelease) => ({
    ...r,
    Deleted: false,
    Status: r.Id === s.currentReleaseId ? 1 : 0,
  });

  /** Publishes the saved code as a new live release. */
  const publish = (s: StoredScript, note: string | null) => {
    const now = nowIso();
    const r: StoredScriptRelease = {
      Id: ids().scriptRelease++,
      Uuid: randomUUID(),
      Code: s.code,
      Note: note,
      Author: "emulator",
      AuthorEmail: null,
      CommitSha: null,
      DateReleased: now,
      DatePublished: now,
    };
    s.releases.push(r);
    s.currentReleaseId = r.Id;
    s.lastModified = now;
  };

  /** A page (`PaginationListModelOf…`) of `items`. */
  const paged = <T>(items: T[], page: number, perPage: number) => ({
    Items: items.slice((page - 1) * perPage, page * perPage),
    CurrentPage: page,
    TotalItems: items.length,
    HasMoreItems: page * perPage < items.length,
  });

  /** Stores the state after a change. */
  const commit = () => ctx.store.commit();

  return {
    scripts,
    nowIso,
    ids,
    notFound,
    scriptOf,
    memberOf,
    invalid,
    scriptView,
    releaseView,
    publish,
    paged,
    commit,
  };
}

/** The helpers of {@link scriptParts}. */
export type ScriptParts = ReturnType<typeof scriptParts>;
