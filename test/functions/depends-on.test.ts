/** getXOutput honours `opts.dependsOn` (pulumi.InvokeOutputOptions) under the SDK's mocks. */
import * as pulumi from "@pulumi/pulumi";
import { getRegistryOutput } from "../../packages/pulumi/src/functions/containers";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { Emu, journal, opts, settle, start } from "./helpers";

let emu: Emu;
let created = 0;
beforeAll(async () => {
  emu = await start();
  await pulumi.runtime.setMocks(
    {
      newResource: async (args) => {
        await new Promise((r) => setTimeout(r, 200));
        created = Date.now();
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: async () => ({}),
    },
    "project",
    "stack",
    false,
  );
});
afterAll(async () => {
  clearClientCache();
  await emu.close();
});

test("the read waits for the resources of dependsOn and carries them as dependencies", async () => {
  class Thing extends pulumi.CustomResource {
    constructor(name: string) {
      super("test:index:Thing", name, {});
    }
  }
  const thing = new Thing("thing");
  const reg = getRegistryOutput({ registryId: 1 }, { ...opts(emu), dependsOn: [thing] });
  const r = await settle(reg);
  expect(r.value.id).toBe(1);
  const [read] = await journal(emu, /registries\/1$/);
  expect(read.time).toBeGreaterThanOrEqual(created - 5);
  const deps = await (
    reg as unknown as { allResources(): Promise<Set<pulumi.Resource>> }
  ).allResources();
  expect([...deps]).toContain(thing);
});
