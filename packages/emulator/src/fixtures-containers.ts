/**
 * The Magic Containers part of the fixtures: application `app-1` ("shop") runs two containers
 * from the private registry 1 — `web` with a CDN endpoint through pull zone 1 and the volume
 * template `db-data` mounted, and `worker` — and is deployed (active). `app-2` stays a bare
 * application (its name is its id, no containers).
 */
import { digestOf } from "./containers-build";
import type { EmulatorState } from "./state";
import type { McAppExtra, McContainerState } from "./state-containers";

function container(
  id: string,
  name: string,
  imageName: string,
  more: Partial<McContainerState>,
): McContainerState {
  const image = `acme/${imageName}:1.4.2`;
  return {
    id,
    name,
    packageId: `pkg-${id}`,
    image,
    imageName,
    imageNamespace: "acme",
    imageTag: "1.4.2",
    imageRegistryId: "1",
    imageDigest: digestOf(image),
    imagePullPolicy: "ifNotPresent",
    entryPoint: {},
    probes: {},
    environmentVariables: [],
    endpoints: [],
    volumeMounts: [],
    ...more,
  };
}

/** What `app-1` stores besides its region settings and volumes. */
function shopApp(): Omit<McAppExtra, "deployment"> {
  return {
    name: "shop",
    runtimeType: "shared",
    autoScaling: { min: 1, max: 3 },
    createdSeq: 0,
    containerTemplates: [
      container("ct-web", "web", "shop-web", {
        environmentVariables: [
          { name: "LOG_LEVEL", value: "info" },
          { name: "DB_PASSWORD", value: "fixture-db-secret" },
        ],
        endpoints: [
          {
            id: "ep-cdn",
            displayName: "public",
            publicHost: "ep-cdn.containers.emulator.test",
            type: "cdn",
            isSslEnabled: true,
            pullZoneId: "1",
            portMappings: [{ containerPort: 8080, exposedPort: 80, protocols: ["tcp"] }],
          },
        ],
        volumeMounts: [{ name: "db-data", mountPath: "/var/lib/data" }],
      }),
      container("ct-worker", "worker", "shop-worker", {}),
    ],
  };
}

/** The fixture applications with their Magic Containers parts. */
export function withContainerFixtures(apps: EmulatorState["apps"]): EmulatorState["apps"] {
  return apps.map((a) => (a.id === "app-1" ? { ...a, ...shopApp() } : a));
}
