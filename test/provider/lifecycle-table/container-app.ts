/**
 * ContainerApp in the lifecycle table: an application created as `table-app` (no application
 * of that name in the fixtures) with one container from fixture registry 1, or fixture
 * application `app-1` ("shop") adopted with its own autoscaling.
 */
import { containerAppProvider } from "../../../packages/pulumi/src/resources/kinds/settings/container-app";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const appOf = (s: Any, id: string) => (s.apps as Any[]).find((a: Any) => a.id === id);

export const containerApp: KindDeclaration = {
  name: "ContainerApp",
  provider: containerAppProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({
    name: "table-app",
    runtimeType: "shared",
    autoScaling: { min: 1, max: 1 },
    regions: { allowed: ["DE"] },
    containers: [
      {
        name: "web",
        image: { registryId: "1", namespace: "acme", name: "table-web", tag: "1.0.0" },
      },
    ],
  }),
  createWrite: { method: "POST", path: "^/mc/apps$" },
  find: appOf,
  created: { get: (a) => a?.containerTemplates?.[0]?.imageTag, expected: "1.0.0" },
  adopt: {
    inputs: { appId: "app-1", autoScaling: { min: 1, max: 3 } },
    id: "app-1",
    // Its autoscaling already: adopting it writes nothing, and destroy keeps it.
    apply: () => undefined,
  },
  update: {
    field: "autoScaling",
    inputs: (c) => ({ ...c, autoScaling: { min: 1, max: 2 } }),
    apply: (s, id) => void (appOf(s, id).autoScaling = { min: 1, max: 2 }),
    write: (id) => ({ method: "PATCH", path: `/mc/apps/${id}` }),
    // The application's own settings that changed, alone (a PATCH keeps what it is not sent).
    body: (body) => expect(body).toEqual({ autoScaling: { min: 1, max: 2 } }),
  },
  drift: {
    change: (s, id) => void (appOf(s, id).autoScaling = { min: 1, max: 5 }),
    path: "autoScaling",
    expected: { min: 1, max: 5 },
  },
  gone: {
    remove: (s, id) => void (s.apps = (s.apps as Any[]).filter((a: Any) => a.id !== id)),
  },
  scopedKey: na("the emulator's scoped keys do not cover Magic Containers"),
  // An application is never taken over by its name: the new resource's create is refused.
  rename: "refused",
  refusal:
    /edgeplatform ContainerApp[^\n]*create failed: the account already has container application (\S+) named /,
  async202: na("the published API answers application writes 200/201, never 202"),
  spellings: na("one spelling of the application (`appId`); `name` creates one"),
  interrupted: na(
    "the next up is refused by name, naming the application; its way out adopts it by `appId`, and destroy keeps an adopted application: the table's 'destroy restores the state before Pulumi' does not hold for it",
  ),
  twoStacks: "refused",
  unknownOutcome: {
    fault: { method: "POST", path: "^/mc/apps$", status: 504, afterHandler: true },
    resend: "never",
  },
};
