/**
 * ImageRegistry in the lifecycle table: a GitHub registry created as `table-registry` (no
 * registry of that name in the fixtures) with a user name and token, or fixture registry 1
 * (`Docker Hub mirror`) adopted with its own display name.
 */
import { imageRegistryProvider } from "../../../packages/pulumi/src/resources/kinds/settings/image-registry";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const registryOf = (s: Any, id: string) =>
  (s.registries as Any[]).find((r: Any) => r.id === Number(id));

export const imageRegistry: KindDeclaration = {
  name: "ImageRegistry",
  provider: imageRegistryProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({
    registryType: "gitHub",
    displayName: "table-registry",
    userName: "table-bot",
    token: "table-token-0001",
  }),
  createWrite: { method: "POST", path: "^/mc/registries$" },
  find: registryOf,
  created: { get: (r) => r?.userName, expected: "table-bot" },
  adopt: {
    inputs: { registryId: 1, displayName: "Docker Hub mirror" },
    id: "1",
    // Its display name already: adopting it writes nothing, and destroy keeps it.
    apply: () => undefined,
  },
  update: {
    field: "displayName",
    inputs: (c) => ({ ...c, displayName: "table-registry-2" }),
    apply: (s, id) => void (registryOf(s, id).displayName = "table-registry-2"),
    write: (id) => ({ method: "PUT", path: `/mc/registries/${id}` }),
    // Documented: the display name alone (the platform keeps the credentials it is not sent).
    body: (body) => expect(body).toEqual({ displayName: "table-registry-2" }),
  },
  drift: {
    change: (s, id) => void (registryOf(s, id).displayName = "renamed elsewhere"),
    path: "displayName",
    expected: "renamed elsewhere",
  },
  gone: na(
    "a registry not found is not taken for gone (a key without access may get the same 404): image-registry.test.ts",
  ),
  scopedKey: na("the emulator's scoped keys do not cover Magic Containers"),
  // A registry is never taken over by its display name: the new resource's create is refused.
  rename: "refused",
  refusal:
    /edgeplatform ImageRegistry[^\n]*create failed: the account already has container registry (\d+) named /,
  async202: na("the published API answers registry writes 200, never 202"),
  spellings: na("one spelling of the registry (`registryId`); `registryType` creates one"),
  interrupted: na(
    "the next up is refused by display name, naming the registry; its way out adopts it by `registryId`, and destroy keeps an adopted registry: the table's 'destroy restores the state before Pulumi' does not hold for it",
  ),
  twoStacks: "refused",
  unknownOutcome: {
    fault: { method: "POST", path: "^/mc/registries$", status: 504, afterHandler: true },
    resend: "never",
  },
};
