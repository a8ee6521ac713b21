/**
 * The classes of the one-shot kinds (`CachePurge`, `VolumeInstancesDeletion`) under
 * `pulumi.runtime.setMocks`: their type tokens, every output readable on the class (an output
 * the program does not give too), `get` and `opts.import` refused naming the class and why.
 */
import * as pulumi from "@pulumi/pulumi";
import { CachePurge } from "../../packages/pulumi/src/resources/public/cache-purge";
import { VolumeInstancesDeletion } from "../../packages/pulumi/src/resources/public/volume-instances-deletion";

const registered: pulumi.runtime.MockResourceArgs[] = [];
beforeAll(() =>
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(args);
        return { id: `${args.name}-id`, state: { ...args.inputs } };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    true,
  ),
);

const value = <T>(o: pulumi.Output<T>): Promise<T> => new Promise((resolve) => o.apply(resolve));
const find = (name: string) => registered.find((r) => r.name === name)!;

test("CachePurge: its type token; every target and the triggers readable, the ones left out too", async () => {
  const p = new CachePurge("purge", { pullZoneId: 2, triggers: ["r1"] });
  expect(await value(p.pullZoneId)).toBe(2);
  expect(await value(p.triggers)).toEqual(["r1"]);
  // Left out: outputs of the class all the same (a key of the inputs).
  expect(pulumi.Output.isInstance(p.cacheTag)).toBe(true);
  expect(pulumi.Output.isInstance(p.url)).toBe(true);
  expect(find("purge").type).toBe("pulumi-nodejs:dynamic/pullzones:CachePurge");
  expect(find("purge").inputs).toMatchObject({ pullZoneId: 2, triggers: ["r1"] });
  expect(find("purge").inputs.__provider).toContain(
    'require("pulumi-edgeplatform").__providers.cachePurge',
  );
});

test("VolumeInstancesDeletion: its type token; the deleted instances readable, the triggers left out too", async () => {
  const v = new VolumeInstancesDeletion("wipe", { appId: "app-1", volumeId: "vol-detached" });
  expect(await value(v.volumeId)).toBe("vol-detached");
  // Outputs the program does not give: of the class all the same (a key of the inputs).
  expect(pulumi.Output.isInstance(v.deletedInstanceIds)).toBe(true);
  expect(pulumi.Output.isInstance(v.triggers)).toBe(true);
  expect(find("wipe").type).toBe("pulumi-nodejs:dynamic/containers:VolumeInstancesDeletion");
  expect(find("wipe").inputs).toMatchObject({ appId: "app-1", volumeId: "vol-detached" });
});

test("CachePurge: get and opts.import are refused, naming the class and why", () => {
  expect(() => CachePurge.get("seen", "purge/1/x")).toThrow(
    /edge\.pullzones\.CachePurge\.get: invalid argument "seen": is not supported: the resource records a one-shot purge, which the platform keeps no record of/,
  );
  expect(() => new CachePurge("again", { pullZoneId: 1 }, { import: "purge/1/x" })).toThrow(
    /edge\.pullzones\.CachePurge: invalid argument "opts\.import".*one-shot purge with nothing to adopt: construct it to purge/,
  );
});
