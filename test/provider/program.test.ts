/** Constructor wiring under `pulumi.runtime.setMocks`: type tokens, inputs, outputs. */
import * as pulumi from "@pulumi/pulumi";
import { RateLimitRule } from "../../packages/pulumi/src/resources/public/rate-limit-rule";
import { VolumeInstancesDeletion } from "../../packages/pulumi/src/resources/public/volume-instances-deletion";
import { ZoneDnssec } from "../../packages/pulumi/src/resources/public/zone-dnssec";
import { shield } from "../../packages/pulumi/src/index";

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
/** Waits until the resources of `names` are registered (serializing a provider takes time). */
async function registeredAll(names: string[]): Promise<void> {
  for (let i = 0; i < 200 && !names.every((n) => registered.some((r) => r.name === n)); i++) {
    await new Promise((r) => setTimeout(r, 25));
  }
}

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

test("get(name, id, state?, opts?): Pulumi's signature; the options are the fourth argument, options written third are refused", async () => {
  const parent = new RateLimitRule("get-parent", {
    shieldZoneId: 1,
    ruleName: "p",
    ruleConfiguration: {},
  });
  const seen = RateLimitRule.get("get-seen", "102", { shieldZoneId: 1 }, { parent });
  expect(await value(seen.id)).toBe("102");
  expect(await value(seen.urn)).toContain(
    "RateLimitRule$pulumi-nodejs:dynamic/shield:RateLimitRule::get-seen",
  );
  const dnssec = ZoneDnssec.get("get-zone", "2", undefined, { parent });
  expect(await value(dnssec.urn)).toContain("::get-zone");
  // The form of earlier releases, get(name, id, opts), from JavaScript: refused, by name.
  expect(() => RateLimitRule.get("get-old", "102", { parent } as never)).toThrow(
    /RateLimitRule.get: invalid argument "state": holds resource options \(parent\): the arguments are \(name, id, state\?, opts\?\)/,
  );
});

test("opts.import is refused with the way out; VolumeInstancesDeletion.get explains why not", () => {
  const args = { ruleId: 101, ruleConfiguration: {} };
  expect(() => new RateLimitRule("i1", args, { import: "101" })).toThrow(
    /RateLimitRule: invalid argument "opts.import": is not supported by Pulumi dynamic resources.*write `ruleId: <the rule's id>`/,
  );
  expect(() => new ZoneDnssec("i2", { zoneId: 1, enabled: true }, { import: "1" })).toThrow(
    /ZoneDnssec: invalid argument "opts.import".*adopts the zone's DNSSEC switch by `zoneId`/,
  );
  expect(
    () => new VolumeInstancesDeletion("i3", { appId: "a", volumeId: "v" }, { import: "a/v/x" }),
  ).toThrow(/VolumeInstancesDeletion: invalid argument "opts.import".*one-shot operation/);
  expect(() => VolumeInstancesDeletion.get("v", "a/v/x")).toThrow(
    /VolumeInstancesDeletion.get: invalid argument "v": is not supported: .*one-shot deletion.*listVolumes\(appId\)/,
  );
});

test("get registers a read of the id with no inputs besides the provider", async () => {
  const r = RateLimitRule.get("seen", "101");
  const z = ZoneDnssec.get("seen-zone", "2");
  expect(await value(r.urn)).toContain("dynamic/shield:RateLimitRule::seen");
  expect(await value(z.urn)).toContain("dynamic/dns:ZoneDnssec::seen-zone");
  expect(find("seen").id).toBe("101");
  expect(Object.keys(find("seen").inputs)).toEqual(["__provider"]);
  expect(find("seen-zone").id).toBe("2");
  expect(Object.keys(find("seen-zone").inputs)).toEqual(["__provider"]);
});

test.each([
  ["WafRule", "301"],
  ["AccessList", "1/501"],
  ["ManagedAccessList", "1/3"],
  ["ShieldZone", "1"],
  ["BotDetection", "2"],
  ["UploadScanning", "1"],
  ["ApiGuardian", "3"],
  ["ResponsePage", "3/block"],
  ["UnderAttackMode", "1"],
  ["BotCategorization", "2"],
] as const)(
  "%s.get registers a read of id %s (its own type token) with no inputs besides the provider",
  async (type, id) => {
    const name = `seen-${type}`;
    // Each class's own static get (the union of the classes has no common `this` type).
    const cls = shield[type] as unknown as {
      get(name: string, id: string): pulumi.CustomResource;
    };
    const view = cls.get(name, id);
    expect(view).toBeInstanceOf(shield[type]);
    expect(await value(view.urn)).toContain(`dynamic/shield:${type}::${name}`);
    expect(find(name).id).toBe(id);
    expect(Object.keys(find(name).inputs)).toEqual(["__provider"]);
  },
);

test("issue 16 (2): two resources naming one zone's DNSSEC both reach check as a conflict, whatever their order", async () => {
  const { checkZoneDnssec } =
    await import("../../packages/pulumi/src/resources/kinds/settings/zone-dnssec-provider");
  // The new resource is declared first (the engine may create it before it diffs the other).
  new ZoneDnssec("dnssec-new", { zoneId: 7, enabled: false });
  new ZoneDnssec("dnssec-old", { zoneId: pulumi.output(7), enabled: true });
  new ZoneDnssec("dnssec-other-zone", { zoneId: 8, enabled: true });
  await registeredAll(["dnssec-new", "dnssec-old", "dnssec-other-zone"]);
  for (const name of ["dnssec-new", "dnssec-old"]) {
    const failures = checkZoneDnssec({}, find(name).inputs).failures ?? [];
    expect(failures).toEqual([
      {
        property: "zoneId",
        reason: expect.stringMatching(
          /the DNSSEC of DNS zone 7 is named by 2 resources of this program \(edge\.dns\.ZoneDnssec "dnssec-new", edge\.dns\.ZoneDnssec "dnssec-old"\).*Nothing was written/,
        ),
      },
    ]);
  }
  expect(find("dnssec-other-zone").inputs.zoneId).toBe(8);
});

test("issue 16 (2): two resources adopting one rule both reach check as a conflict", async () => {
  const { checkRateLimitRule } =
    await import("../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-check");
  new RateLimitRule("adopt-a", { ruleId: 555, ruleConfiguration: {} });
  new RateLimitRule("adopt-b", { ruleId: 555, ruleConfiguration: { requestCount: 9 } });
  await registeredAll(["adopt-a", "adopt-b"]);
  for (const name of ["adopt-a", "adopt-b"]) {
    const failures = checkRateLimitRule({}, find(name).inputs).failures ?? [];
    expect(failures.map((f) => f.property)).toEqual(["ruleId"]);
    expect(failures[0].reason).toMatch(/rate-limit rule 555 is named by 2 resources/);
  }
});

describe("the SDK's per-property stack traces are not captured (quiet-stacks.ts)", () => {
  const args = { shieldZoneId: 1, ruleName: "n", ruleConfiguration: { requestCount: 5 } };

  test("Error.stackTraceLimit is what it was after a constructor", () => {
    const saved = Error.stackTraceLimit;
    try {
      Error.stackTraceLimit = 25;
      new RateLimitRule("limit-kept", args);
      new ZoneDnssec("limit-kept-dnssec", { zoneId: 3, enabled: true });
      expect(Error.stackTraceLimit).toBe(25);
    } finally {
      Error.stackTraceLimit = saved;
    }
  });

  test("an error the SDK throws in the constructor: limit restored, stack at the caller", () => {
    const saved = Error.stackTraceLimit;
    try {
      Error.stackTraceLimit = 25;
      let err: unknown;
      try {
        // The SDK refuses a parent that is not a resource, inside its constructor.
        new RateLimitRule("bad-parent", args, { parent: {} as pulumi.Resource });
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(Error);
      expect((err as Error).message).toMatch(/parent/i);
      expect(Error.stackTraceLimit).toBe(25);
      // The stack starts at the constructor's caller: this test file.
      const frames = String((err as Error).stack)
        .split("\n")
        .slice(1);
      expect(frames.length).toBeGreaterThan(0);
      expect(frames[0]).toContain("program.test.ts");
    } finally {
      Error.stackTraceLimit = saved;
    }
  });
});
