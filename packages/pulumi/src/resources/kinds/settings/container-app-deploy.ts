/**
 * The wait for a Magic Containers deployment (`ContainerApp`): the application is read until
 * its status is no longer `progressing`, bounded by the program's `deployTimeoutSeconds`
 * (default {@link DEFAULT_DEPLOY_TIMEOUT_SECONDS}), with a status line through the engine log
 * every `deployTiming.statusEveryMs`. A `failing` application's error names each container that is
 * not ready and its reason (the application's overview).
 */
import type { McApplication, McOverview } from "edgeplatform-client";
import { ResourceOperationError } from "../../core/common";
import { getClient } from "../../core/settings";
import { logLine } from "../../core/zone-objects/recovery";

/** Default bound of the wait for a deployment, in seconds. */
export const DEFAULT_DEPLOY_TIMEOUT_SECONDS = 600;
/**
 * The wait's pace (ms): a status line every `statusEveryMs` while a deployment is under way,
 * a read of the application every `pollMs`. Tests shorten them.
 */
export const deployTiming = { statusEveryMs: 10_000, pollMs: 250 };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The application once its deployment settled (`active`, `failing`, `inactive`), or a failure
 * naming the time waited when `timeoutSeconds` pass first (the application is kept as it is).
 * `read`: the application as read after the last write (a create's read-back), the wait's
 * first answer; without it, the first answer is a GET.
 */
export async function settled(
  appId: string,
  name: string,
  timeoutSeconds: number,
  what: string,
  read?: McApplication,
): Promise<McApplication> {
  const start = Date.now();
  let lastLine = start;
  let first = read;
  for (;;) {
    const app = first ?? (await getClient().containers.getApp(appId));
    first = undefined;
    if (app.status !== "progressing") return app;
    const waited = Date.now() - start;
    if (waited >= timeoutSeconds * 1000)
      throw new ResourceOperationError(
        `${what} failed: application ${JSON.stringify(name)} (${appId}) is still deploying ` +
          `after ${timeoutSeconds} s (deployTimeoutSeconds). Nothing is lost: the state keeps ` +
          `the application; the next \`pulumi up\` waits for it again.`,
      );
    if (Date.now() - lastLine >= deployTiming.statusEveryMs) {
      lastLine = Date.now();
      void logLine(
        `${what}: waiting for app ${name}: ${app.status}, ${Math.round(waited / 1000)} s`,
      );
    }
    await sleep(deployTiming.pollMs);
  }
}

/** The containers of an overview that are not ready, with their reasons. */
function notReady(o: McOverview | undefined): string[] {
  const out = new Set<string>();
  for (const r of o?.regions ?? [])
    for (const p of r.pods ?? [])
      for (const c of p.containers ?? [])
        if (c.status !== "ready" && c.name)
          out.add(
            `container ${c.name}: ${c.reason ?? c.status ?? "not ready"}${c.message ? ` (${c.message})` : ""}`,
          );
  return [...out];
}

/** The failure of a deployment: each container not ready and why (the overview), if known. */
export async function deployFailure(
  app: McApplication,
  what: string,
): Promise<ResourceOperationError> {
  let overview: McOverview | undefined;
  try {
    overview = await getClient().containers.getAppOverview(app.id);
  } catch {
    overview = undefined;
  }
  const why = notReady(overview);
  return new ResourceOperationError(
    `${what} failed: the deployment of application ${JSON.stringify(app.name)} (${app.id}) is ` +
      `failing: ${why.length > 0 ? why.join("; ") : "the platform names no container"}. ` +
      `Nothing is lost: the state keeps the application as written; fix the program (or the ` +
      `image) and run \`pulumi up\` again, which deploys it again.`,
  );
}
