/**
 * `edge.pullzones.PullZone`'s settings beyond the first ones (origin types, S3 signing, origin
 * shield, SafeHop, vary, token authentication, TLS, headers, optimizer, routing, pages) against
 * the in-process emulator: a few from different groups set in one write, the secret among them
 * never printed; every declared setting set to a value other than the zone's and read back
 * without a diff; refused values named with what is allowed; the emulator's own rules.
 * Fixture pull zone 1 (`zone-one`) has a new zone's settings besides its origin and lists.
 */
import * as pulumi from "@pulumi/pulumi";
import { EmulatorControl } from "../../packages/emulator/src";
import { buildSchema } from "../../packages/pulumi/src/plugin/schema";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import type { SettingsField } from "../../packages/pulumi/src/resources/core/zone-settings/kind";
import {
  PULL_ZONE_FIELDS,
  pullZoneProvider,
} from "../../packages/pulumi/src/resources/kinds/settings/pull-zone";
import { PullZone } from "../../packages/pulumi/src/resources/public/pull-zone";
import { registerSecret } from "../support/secrets";
import { usePlatform, type EmulatorState } from "./helpers";
import { newProgramRun } from "./mocks";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const p: Any = pullZoneProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

const S3_SECRET = "s3-secret-71b2e94c";
const THEIRS = "s3-theirs-05d8aa31";
registerSecret(S3_SECRET);
registerSecret(THEIRS);

// The provider's log lines are kept, not printed.
const logged: string[] = [];
const realWrite = process.stderr.write.bind(process.stderr);
jest.spyOn(process.stderr, "write").mockImplementation(((chunk: unknown, ...rest: never[]) => {
  if (String(chunk).startsWith("edgeplatform: ")) {
    logged.push(String(chunk));
    return true;
  }
  return realWrite(chunk as string, ...rest);
}) as typeof process.stderr.write);

beforeEach(async () => {
  logged.length = 0;
  await ctl().setProfile("default");
  await t.clearJournal();
});

const modelOf = (s: EmulatorState, id: number): Any =>
  (s.pullZones as Any[]).find((z) => z.id === id)?.model;
/** The writes of the journal (the name check writes nothing: left out). */
const writes = async () =>
  (await t.journal())
    .filter((e) => e.method !== "GET" && e.path !== "/pullzone/checkavailability")
    .map((e) => `${e.method} ${e.path}`);
/** The state to compare: id counters and an empty `hidden` book left out. */
const canonical = (s: EmulatorState) => {
  const c = JSON.parse(JSON.stringify(s));
  delete c.nextIds;
  for (const z of c.pullZones) if (z.hidden && Object.keys(z.hidden).length === 0) delete z.hidden;
  return c;
};
async function checked(news: Record<string, unknown>) {
  const r = await p.check({}, news);
  expect((r.failures ?? []) as unknown[]).toEqual([]);
  return r.inputs as Record<string, unknown>;
}
const failuresOf = async (news: Record<string, unknown>) =>
  (((await p.check({}, news)).failures ?? []) as Any[]).map((f) => `${f.property}: ${f.reason}`);

describe.each(["merge", "replace"] as const)("POST /pullzone/{id} answered as %s", (mode) => {
  beforeEach(async () => void (await ctl().setProfile({ pullZoneUpdate: mode } as never)));

  test("settings of four groups and a secret: one write; a change of one of them: one write, nothing else changed", async () => {
    await ctl().updateState((s: Any) => void (modelOf(s, 1).AWSSigningSecret = THEIRS));
    await t.clearJournal();
    const before = await t.state();
    const r = await p.create(
      await checked({
        pullZoneId: 1,
        originShieldZoneCode: "IL", // origin shield
        enableGeoZoneAf: false, // routing
        optimizerWatermarkPosition: "TopRight", // optimizer
        blockedCountries: ["KP"], // security
        awsSigningEnabled: true, // origin authentication
        awsSigningSecret: S3_SECRET,
      }),
    );
    expect(await writes()).toEqual(["POST /pullzone/1"]);
    const expected = canonical(before);
    Object.assign(modelOf(expected, 1), {
      OriginShieldZoneCode: "IL",
      EnableGeoZoneAF: false,
      OptimizerWatermarkPosition: 3,
      BlockedCountries: ["KP"],
      AWSSigningEnabled: true,
      AWSSigningSecret: S3_SECRET,
    });
    expect(canonical(await t.state())).toEqual(expected);
    expect(r.outs).toMatchObject({
      optimizerWatermarkPosition: "TopRight",
      enableGeoZoneAf: false,
      awsSigningSecret: S3_SECRET, // the state the engine encrypts (below)
    });

    // One of them changed: one write, every other setting as it was.
    await t.clearJournal();
    resetRunState();
    const news = await checked({
      pullZoneId: 1,
      originShieldZoneCode: "IL",
      enableGeoZoneAf: false,
      optimizerWatermarkPosition: "Center",
      blockedCountries: ["KP"],
      awsSigningEnabled: true,
      awsSigningSecret: S3_SECRET,
    });
    const d = await p.diff(r.id, r.outs, news);
    expect(d.changes).toBe(true);
    const u = await p.update(r.id, r.outs, news);
    expect(await writes()).toEqual(["POST /pullzone/1"]);
    expect(u.outs.optimizerWatermarkPosition).toBe("Center");
    modelOf(expected, 1).OptimizerWatermarkPosition = 4;
    expect(canonical(await t.state())).toEqual(expected);

    // Destroy of the adopted zone: the zone as it was, its own secret back.
    await t.clearJournal();
    resetRunState();
    await p.delete(u.id ?? r.id, u.outs);
    expect(await writes()).toEqual(["POST /pullzone/1"]);
    // The zone had no origin-shield location (null): the platform takes null as "leave it",
    // so it is made empty again with "".
    const restored = canonical(before);
    modelOf(restored, 1).OriginShieldZoneCode = "";
    expect(canonical(await t.state())).toEqual(restored);

    // Neither the program's secret nor the zone's own was printed.
    const printed = logged.join("\n");
    expect(printed).toContain("awsSigningSecret = [secret]");
    expect(printed).not.toContain(S3_SECRET);
    expect(printed).not.toContain(THEIRS);
  });
});

test("awsSigningSecret is a secret output of the class and of the plugin's schema; a refused value is never shown", async () => {
  const f = (await failuresOf({ pullZoneId: 1, awsSigningSecret: 42 })).join("\n");
  expect(f).toContain("`awsSigningSecret` must be a string; got [secret]");
  expect(f).not.toContain("42");

  await newProgramRun();
  const seen: Record<string, unknown> = {};
  const record: pulumi.ResourceTransformation = (a) => {
    seen[a.name] = (a.opts as pulumi.CustomResourceOptions).additionalSecretOutputs;
    return undefined;
  };
  new PullZone(
    "zone",
    { pullZoneId: 1, awsSigningSecret: S3_SECRET },
    { transformations: [record] },
  );
  expect(seen.zone).toEqual(expect.arrayContaining(["awsSigningSecret", "logForwardingToken"]));
  const schema = buildSchema("0.0.0-test").resources["edgeplatform:pullzones:PullZone"];
  expect(schema.inputProperties.awsSigningSecret.secret).toBe(true);
  expect(schema.properties.awsSigningSecret.secret).toBe(true);
  expect(schema.properties.awsSigningKey.secret).toBeUndefined();
});

describe("bad input names the field and what is allowed", () => {
  test("an enumeration of a new group", async () => {
    const f = (await failuresOf({ pullZoneId: 1, optimizerWatermarkPosition: "Middle" })).join(
      "\n",
    );
    expect(f).toMatch(/^optimizerWatermarkPosition: /);
    for (const allowed of [
      "BottomLeft",
      "BottomRight",
      "TopLeft",
      "TopRight",
      "Center",
      "CenterStretch",
    ])
      expect(f).toContain(allowed);
    const g = (await failuresOf({ pullZoneId: 1, ipFamilyPolicy: 7 })).join("\n");
    expect(g).toMatch(/^ipFamilyPolicy: /);
    for (const allowed of ["IPv4Only", "DualStack", "DualStackPreferIPv6", "IPv6Only"])
      expect(g).toContain(allowed);
    // An integer is stored by its name.
    expect((await checked({ pullZoneId: 1, tlsSecurityLevel: 2 })).tlsSecurityLevel).toBe(
      "ModernOnly",
    );
  });

  test("a WebSocket tier, a country code, a routing filter, a range", async () => {
    const ws = (await failuresOf({ pullZoneId: 1, maxWebSocketConnections: 3000 })).join("\n");
    expect(ws).toMatch(/^maxWebSocketConnections: /);
    for (const tier of ["500", "1000", "2500", "5000", "10000", "25000"])
      expect(ws).toContain(tier);
    expect(await failuresOf({ pullZoneId: 1, blockedCountries: ["Germany"] })).toEqual([
      expect.stringMatching(/^blockedCountries/),
    ]);
    const rf = (await failuresOf({ pullZoneId: 1, routingFilters: ["asia"] })).join("\n");
    expect(rf).toMatch(/^routingFilters/);
    for (const allowed of ["all", "eu", "scripting"]) expect(rf).toContain(allowed);
    expect(await failuresOf({ pullZoneId: 1, optimizerImageQuality: 0 })).toEqual([
      expect.stringMatching(/^optimizerImageQuality/),
    ]);
  });
});

describe("the emulator's own rules", () => {
  const post = (body: Record<string, unknown>) =>
    fetch(`${t.emu.url}/pullzone/1`, {
      method: "POST",
      headers: { AccessKey: t.emu.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  test("a WebSocket limit between tiers is stored rounded up; over 25000 refused; vary names it ignores dropped", async () => {
    expect((await post({ MaxWebSocketConnections: 3000 })).status).toBe(200);
    expect(modelOf(await t.state(), 1).MaxWebSocketConnections).toBe(5000);
    const over = await post({ MaxWebSocketConnections: 30000 });
    expect(over.status).toBe(400);
    expect(await over.text()).toContain("MaxWebSocketConnections");
    expect((await post({ QueryStringVaryParameters: ["page", "a b", "lang"] })).status).toBe(200);
    expect(modelOf(await t.state(), 1).QueryStringVaryParameters).toEqual(["page", "lang"]);
  });

  test("country codes and routing filters are checked; a refusal changes nothing", async () => {
    const before = canonical(await t.state());
    const bad = await post({ BlockedCountries: ["DE", "Germany"] });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("BlockedCountries[1]");
    const rf = await post({ RoutingFilters: ["asia"] });
    expect(rf.status).toBe(400);
    expect(await rf.text()).toContain("RoutingFilters[0]");
    expect(canonical(await t.state())).toEqual(before);
  });
});

/** The value of `key` in a zone's record (the read may spell it in another case). */
const recordValue = (model: Record<string, unknown>, key: string) =>
  model[Object.keys(model).find((k) => k.toLowerCase() === key.toLowerCase()) ?? key];

/**
 * A valid value of `f` other than the zone's `current` (the platform's form), from the field's
 * declaration alone: an enumeration's other name, a number enumeration's other member, the
 * schema's example, the other boolean, another integer or number in range, a word.
 */
function otherValue(f: SettingsField, current: unknown): unknown {
  const s = f.schema as Any;
  if (f.names) return Object.keys(f.names).find((n) => f.names![n] !== current);
  if (Array.isArray(s.enum)) return s.enum.find((v: unknown) => v !== current);
  if (Array.isArray(s.examples)) return s.examples[0];
  switch (s.type) {
    case "boolean":
      return current !== true;
    case "integer": {
      const c = typeof current === "number" ? current : 0;
      const max = s.maximum ?? Number.MAX_SAFE_INTEGER;
      const min = s.minimum ?? Number.MIN_SAFE_INTEGER;
      return c + 7 <= max ? Math.max(c + 7, min) : c - 1;
    }
    case "number":
      return (typeof current === "number" ? current : 0) + 2.5;
    case "string":
      return `set-${f.path}`;
    default:
      throw new Error(`${f.path}: no value for its schema ${JSON.stringify(s)}`);
  }
}

describe("every declared setting round-trips through the emulator", () => {
  test("the declaration has the settings of every group", () => {
    expect(PULL_ZONE_FIELDS.length).toBeGreaterThanOrEqual(140);
    expect(new Set(PULL_ZONE_FIELDS.map((f) => f.path)).size).toBe(PULL_ZONE_FIELDS.length);
  });

  test.each(PULL_ZONE_FIELDS.map((f) => [f.path, f] as const))(
    "%s: set to another valid value, one write; read back, no diff",
    async (path, f) => {
      const current = recordValue(modelOf(await t.state(), 1), f.flatKey!);
      const value = otherValue(f, current);
      const news = await checked({ pullZoneId: 1, [path]: value });
      const r = await p.create(news);
      expect({ path, writes: await writes() }).toEqual({ path, writes: ["POST /pullzone/1"] });
      resetRunState();
      const read = await p.read(r.id, r.outs);
      expect({ path, read: read.inputs[path] }).toEqual({ path, read: news[path] });
      const d = await p.diff(r.id, read.props, news);
      expect({ path, changes: d.changes }).toEqual({ path, changes: false });
    },
  );
});

describe('unset is null or the empty form ("", id 0): one value', () => {
  test('"" over a text setting the zone never had (null), id 0 over no id: no write, no diff; destroy writes nothing', async () => {
    // Fixture zone 1 has no log-forwarding hostname and no load balancer (null).
    expect(modelOf(await t.state(), 1).LogForwardingHostname).toBeNull();
    expect(modelOf(await t.state(), 1).LoadBalancerId).toBeNull();
    const before = canonical(await t.state());
    const news = await checked({ pullZoneId: 1, logForwardingHostname: "", loadBalancerId: 0 });
    const r = await p.create(news);
    resetRunState();
    const read = await p.read(r.id, r.outs);
    const d = await p.diff(r.id, read.props, news);
    expect(d.changes).toBe(false);
    await p.delete(r.id, read.props);
    expect(await writes()).toEqual([]);
    expect(canonical(await t.state())).toEqual(before);
  });

  test('a text setting set, then made unset by destroy: written as "", which reads as unset', async () => {
    const news = await checked({ pullZoneId: 1, logForwardingHostname: "logs.example.com" });
    const r = await p.create(news);
    resetRunState();
    await p.delete(r.id, r.outs);
    expect(await writes()).toEqual(["POST /pullzone/1", "POST /pullzone/1"]);
    const posts = (await t.journal()).filter((e) => e.method === "POST");
    expect((posts[1].body as Any).LogForwardingHostname).toBe("");
    expect(modelOf(await t.state(), 1).LogForwardingHostname).toBe("");
    // Adopted again, the setting unset (null) in the program's prior view: "" is no change.
    await t.clearJournal();
    resetRunState();
    const unset = await checked({ pullZoneId: 1, logForwardingHostname: "" });
    const again = await p.create(unset);
    expect(again.outs.prior).toMatchObject({ logForwardingHostname: "" });
    expect(await writes()).toEqual([]);
  });
});
