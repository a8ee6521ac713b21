/** Constructor wiring under `pulumi.runtime.setMocks`: type tokens, inputs, outputs. */
import * as pulumi from "@pulumi/pulumi";
import { RateLimitRule } from "../../packages/pulumi/src/resources/rate-limit-rule";
import { VolumeInstancesDeletion } from "../../packages/pulumi/src/resources/volume-instances-deletion";
import { ZoneDnssec } from "../../packages/pulumi/src/resources/zone-dnssec";

const registered: pulumi.runtime.MockResourceArgs[] = [];
beforeAll(() =>
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(args);
        return {
          id: `${args.name}-id`,
          state: { ...args.inputs, ruleId: args.inputs.ruleId ?? 1000 },
        };
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

test("RateLimitRule: type token, inputs, outputs", async () => {
  const r = new RateLimitRule("rl", {
    shieldZoneId: 1,
    ruleName: "n",
    ruleConfiguration: { actionType: "Challenge", requestCount: pulumi.output(5), timeframe: 60 },
  });
  expect(await value(r.ruleId)).toBe(1000);
  expect(await value(r.ruleName)).toBe("n");
  const reg = find("rl");
  expect(reg.type).toBe("pulumi-nodejs:dynamic/shield:RateLimitRule");
  expect(reg.inputs).toMatchObject({
    shieldZoneId: 1,
    ruleName: "n",
    ruleConfiguration: { actionType: "Challenge", requestCount: 5, timeframe: 60 },
  });
  expect(typeof reg.inputs.__provider).toBe("string");
  expect(reg.inputs.__provider).toContain(
    'require("pulumi-edgeplatform").__providers.rateLimitRule',
  );
  expect(await value(r.ruleConfiguration)).toMatchObject({ actionType: "Challenge" });
});

test("ZoneDnssec and VolumeInstancesDeletion: type tokens and inputs", async () => {
  const z = new ZoneDnssec("z", { zoneId: 2, enabled: true });
  const v = new VolumeInstancesDeletion("v", { appId: "app-1", volumeId: "vol", triggers: ["r1"] });
  expect(await value(z.enabled)).toBe(true);
  expect(await value(v.triggers)).toEqual(["r1"]);
  expect(find("z").type).toBe("pulumi-nodejs:dynamic/dns:ZoneDnssec");
  expect(find("z").inputs).toMatchObject({ zoneId: 2, enabled: true });
  expect(find("v").type).toBe("pulumi-nodejs:dynamic/containers:VolumeInstancesDeletion");
  expect(find("v").inputs).toMatchObject({ appId: "app-1", volumeId: "vol", triggers: ["r1"] });
  expect(await value(z.urn)).toContain("dynamic/dns:ZoneDnssec::z");
});

test("replaceOnChanges and deleteBeforeReplace are refused with the option's name", async () => {
  const args = { shieldZoneId: 1, ruleName: "n", ruleConfiguration: {} };
  expect(() => new RateLimitRule("r1", args, { replaceOnChanges: ["ruleConfiguration"] })).toThrow(
    /RateLimitRule: invalid argument "opts.replaceOnChanges": is not supported/,
  );
  expect(() => new RateLimitRule("r2", args, { deleteBeforeReplace: true })).toThrow(
    /invalid argument "opts.deleteBeforeReplace"/,
  );
  expect(
    () => new ZoneDnssec("z1", { zoneId: 1, enabled: true }, { replaceOnChanges: ["enabled"] }),
  ).toThrow(/ZoneDnssec: invalid argument "opts.replaceOnChanges"/);
  // Allowed values construct normally (awaited: registration must finish inside the test).
  const ok = new RateLimitRule("r3", args, { deleteBeforeReplace: false });
  expect(await value(ok.ruleId)).toBe(1000);
});
