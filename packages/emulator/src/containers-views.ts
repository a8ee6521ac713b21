/**
 * How the Magic Containers routes answer: an application as the published `Application`,
 * its list item, the order of lists (profile `mcListOrder`), cursor pages, and the errors they
 * share (an unknown application, refused fields) in problem shape B.
 */
import type { FastifyReply } from "fastify";
import type { EmulatorContext } from "./context";
import { sendError } from "./errors";
import type { McFieldError } from "./containers-build";
import type { McApp } from "./state-containers";
import { appStatus } from "./state-containers";

/** Path parameters of string ids (`appId`, `containerId`, …), 1 to 200 characters each. */
export function idParams(...names: string[]) {
  return {
    type: "object",
    required: names,
    properties: Object.fromEntries(
      names.map((n) => [n, { type: "string", minLength: 1, maxLength: 200 }]),
    ),
  } as const;
}

/** The application `appId`, or undefined. */
export function findApp(ctx: EmulatorContext, appId: string): McApp | undefined {
  return ctx.store.state.apps.find((a) => a.id === appId);
}

/** 404 problem shape B for an unknown application. */
export function appNotFound(reply: FastifyReply, path: string, appId: string) {
  return sendError(reply, path, 404, `Application ${appId} was not found`, {
    key: "not_found.app",
    shape: "B",
  });
}

/** 400 problem shape B naming each refused field. */
export function refused(reply: FastifyReply, path: string, errors: McFieldError[]) {
  return sendError(
    reply,
    path,
    400,
    `Validation failed: ${errors.map((e) => `${e.field}: ${e.message}`).join("; ")}`,
    { key: "validation_error", shape: "B", fieldErrors: errors },
  );
}

/** The application as the published `Application`. */
export function appView(ctx: EmulatorContext, a: McApp) {
  const containers = a.containerTemplates ?? [];
  const first = containers.flatMap((c) => c.endpoints)[0];
  return {
    id: a.id,
    name: a.name ?? a.id,
    ...(first
      ? { displayEndpoint: { id: first.id, address: first.publicHost, type: first.type } }
      : {}),
    status: appStatus(a, ctx.now(), ctx.profile),
    runtimeType: a.runtimeType ?? "shared",
    regionSettings: a.regionSettings,
    containerTemplates: containers,
    containerInstances: instancesOf(ctx, a),
    volumes: a.volumes.map((v) => ({ name: v.name, size: v.size })),
    autoScaling: a.autoScaling ?? { min: 1, max: 1 },
  };
}

/** The addresses of the emulated nodes. */
export const MC_NODES = ["10.0.1.10", "10.0.2.10", "10.0.3.10"];

/**
 * The running instances of an application: none while undeployed; else `autoScaling.min`
 * pods (`pod-<appId>-<n>`), each running one instance of every container.
 */
export function instancesOf(ctx: EmulatorContext, a: McApp) {
  if (appStatus(a, ctx.now(), ctx.profile) === "inactive") return [];
  const pods = a.autoScaling?.min ?? 1;
  return Array.from({ length: pods }, (_, n) =>
    (a.containerTemplates ?? []).map((c) => ({
      id: `ci-${c.id}-${n}`,
      templateId: c.id,
      podId: `pod-${a.id}-${n}`,
      nodeIpAddress: MC_NODES[n % MC_NODES.length],
    })),
  ).flat();
}

/** The application as the published `AppListItem`. */
export function appListItem(ctx: EmulatorContext, a: McApp) {
  const v = appView(ctx, a);
  return {
    id: v.id,
    name: v.name,
    ...(v.displayEndpoint ? { displayEndpoint: v.displayEndpoint } : {}),
    status: v.status,
  };
}

/** `items` in the order of the profile: creation order, or by `name` (`mcListOrder`). */
export function ordered<T>(ctx: EmulatorContext, items: T[], name: (x: T) => string): T[] {
  return ctx.profile.mcListOrder === "name"
    ? [...items].sort((a, b) => name(a).localeCompare(name(b)))
    : items;
}

/** One cursor page (`nextCursor` is the offset the previous page answered as `cursor`). */
export function page<T>(items: T[], q: { nextCursor?: string; limit?: number }) {
  const from = Number(q.nextCursor ?? 0) || 0;
  const limit = q.limit ?? 20;
  const slice = items.slice(from, from + limit);
  const next = from + limit < items.length ? String(from + limit) : null;
  return { items: slice, meta: { totalItems: items.length }, cursor: next };
}
