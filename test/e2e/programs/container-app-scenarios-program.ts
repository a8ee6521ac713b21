/**
 * Inline program of the container-app scenarios (test/e2e/container-app-scenarios.e2e.test.ts):
 * - Magic Containers applications by resource name, each created by `name` or adopted by
 *   `appId`, with the arguments the options give as they are (containers, volumes, secret
 *   environment as plain strings: the class makes the secret environment a secret);
 * - optionally a `PullZone` adopting the pull zone of one application's CDN endpoint (its
 *   `endpointOutputs` output), managing one setting;
 * Exports each application's id, status, image digests and endpoints.
 */
import * as edge from "pulumi-edgeplatform";

/** The pull zone of a CDN endpoint, adopted as a `PullZone` with one managed setting. */
export type ScenarioEndpointZone = {
  /** The application's resource name. */
  app: string;
  /** The endpoint's key in `endpointOutputs`: `<container>/<displayName>`. */
  endpoint: string;
  /** The zone's `cacheControlMaxAgeOverride` (seconds). */
  cacheControlMaxAgeOverride: number;
};

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type ContainerAppScenariosOptions = {
  /** The applications by resource name: the arguments of each, as plain JSON. */
  apps?: Record<string, Record<string, unknown>>;
  endpointZone?: ScenarioEndpointZone;
};

/** The program: the resources the options name; exports what each application answered. */
export function program(o: ContainerAppScenariosOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const made: Record<string, edge.containers.ContainerApp> = {};
  for (const [name, args] of Object.entries(o.apps ?? {})) {
    const app = new edge.containers.ContainerApp(
      name,
      args as unknown as edge.containers.ContainerAppArgs,
    );
    made[name] = app;
    out[name] = {
      appId: app.appId,
      status: app.status,
      imageDigests: app.imageDigests,
      endpointOutputs: app.endpointOutputs,
    };
  }
  const z = o.endpointZone;
  if (z) {
    const app = made[z.app];
    if (!app) throw new Error(`endpointZone.app: no application ${z.app}`);
    const zone = new edge.pullzones.PullZone("endpoint-zone", {
      pullZoneId: app.endpointOutputs.apply((e) => {
        const id = e?.[z.endpoint]?.pullZoneId;
        if (typeof id !== "number") throw new Error(`no CDN endpoint ${z.endpoint}`);
        return id;
      }),
      cacheControlMaxAgeOverride: z.cacheControlMaxAgeOverride,
    });
    out.endpointZone = zone.pullZoneId;
  }
  return out;
}
