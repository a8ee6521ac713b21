/**
 * DnsRecord provider (the zone-object engine with the DNS record's declaration, its public
 * fields mapped at the boundary) against the in-process emulator. What is particular to a DNS
 * record: validation by type at check time, names that are not unique (round-robin sets), an
 * update that sends the changed fields only, a refresh of a zone's records in one call, and an
 * unknown create outcome recovered by proof only. Expected values come from the scenario
 * (fixtures: DNS zone 1 example.com and zone 2 example.org without records; zone 3
 * records.example with one record of each type, ids 301…), never from the provider's code.
 */
import { EmulatorControl, largeDnsZone, startEmulator } from "../../packages/emulator/src";
import {
  checkDnsRecordInputs,
  dnsRecordProvider as p,
  timing,
  type DnsRecordInputs,
  type DnsRecordOutputs,
} from "../../packages/pulumi/src/resources/kinds/collections/dns-record-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { stackConfig, usePlatform, type EmulatorState } from "./helpers";

const t = usePlatform();

// The provider's log lines are not printed.
const realWrite = process.stderr.write.bind(process.stderr);
jest
  .spyOn(process.stderr, "write")
  .mockImplementation(((chunk: unknown, ...rest: never[]) =>
    String(chunk).startsWith("edgeplatform: ")
      ? true
      : realWrite(chunk as string, ...rest)) as typeof process.stderr.write);

const savedTiming = { ...timing };
beforeAll(() => {
  Object.assign(timing, { readBackMs: 2_000, readBackStepMs: 20, recoveryMaxStepMs: 20 });
});
afterAll(() => void Object.assign(timing, savedTiming));

type Record_ = EmulatorState["dnsZones"][number] extends { Records?: (infer R)[] | null }
  ? R
  : never;

const checked = (news: Record<string, unknown>, olds: object = {}): DnsRecordInputs => {
  const r = checkDnsRecordInputs(olds, news);
  expect(r.failures).toEqual([]);
  return r.inputs as DnsRecordInputs;
};
const failuresOf = (news: Record<string, unknown>) => checkDnsRecordInputs({}, news).failures ?? [];
const zone = async (id: number) => (await t.state()).dnsZones.find((z) => z.Id === id)!;
const recordsOf = async (id: number): Promise<Record_[]> => ((await zone(id)).Records ?? []) as [];
const calls = async () => (await t.journal()).map((e) => `${e.method} ${e.path}`);
const writes = async () => (await t.journal()).filter((e) => e.method !== "GET");

async function create(program: Record<string, unknown>) {
  const inputs = checked(program);
  const res = await p.create(inputs);
  return { inputs, id: res.id, outs: res.outs as DnsRecordOutputs };
}

async function rejection(x: Promise<unknown>): Promise<Error> {
  try {
    await x;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a rejection, got success");
}

describe("check: validation by type, before any call", () => {
  test("a value of the wrong form names the field, the type and the record", async () => {
    await t.clearJournal();
    expect(failuresOf({ zoneId: 1, type: "A", name: "www", value: "not-an-ip" })).toEqual([
      {
        property: "value",
        reason: expect.stringMatching(/must be an IPv4 address for type A; got "not-an-ip".*"www"/),
      },
    ]);
    expect(failuresOf({ zoneId: 1, type: "CNAME", name: "blog", value: "no spaces" })).toEqual([
      { property: "value", reason: expect.stringMatching(/must be a hostname for type CNAME/) },
    ]);
    expect(await t.journal()).toEqual([]);
  });

  test("a field the type does not take names the field and the types that take it", () => {
    expect(
      failuresOf({ zoneId: 1, type: "A", name: "www", value: "192.0.2.1", priority: 10 }),
    ).toEqual([
      {
        property: "priority",
        reason: expect.stringMatching(/type A does not take priority \(only MX, SRV\)/),
      },
    ]);
  });

  test("what a type requires: priority for MX, weight and port for SRV, flags and tag for CAA", () => {
    expect(failuresOf({ zoneId: 1, type: "MX", name: "", value: "mail.example.com" })).toEqual([
      { property: "priority", reason: expect.stringMatching(/is required for type MX/) },
    ]);
    const srv = failuresOf({ zoneId: 1, type: "SRV", name: "_sip._tcp", value: "sip.example.com" });
    expect(srv.map((f) => f.property).sort()).toEqual(["port", "priority", "weight"]);
    expect(
      failuresOf({
        zoneId: 1,
        type: "CAA",
        name: "",
        value: "letsencrypt.org",
        flags: 0,
        tag: "issue-s",
      }),
    ).toEqual([{ property: "tag", reason: expect.stringMatching(/1 to 15 letters and digits/) }]);
  });

  test("an unknown type names the allowed ones; names are kept in the inputs (3 → TXT)", () => {
    const [f] = failuresOf({ zoneId: 1, type: "SPF", name: "", value: "x" });
    expect(f.property).toBe("type");
    expect(f.reason).toMatch(/"A", "AAAA", "CNAME", "TXT", "MX"/);
    expect(checked({ zoneId: 1, type: 3, name: "", value: "v=spf1 -all" }).type).toBe("TXT");
    expect(
      checked({ zoneId: 1, type: "mx", name: "", value: "m.example.com", priority: 5 }).type,
    ).toBe("MX");
  });

  test("zoneId, type and name are required", () => {
    expect(
      failuresOf({ value: "192.0.2.1" })
        .map((f) => f.property)
        .sort(),
    ).toEqual(["name", "type", "zoneId"]);
  });
});

describe("names are not unique: round-robin sets", () => {
  test("two records of one name in one zone are two creates, two records; destroy deletes both", async () => {
    const a = await create({ zoneId: 1, type: "A", name: "www", value: "192.0.2.1" });
    const b = await create({ zoneId: 1, type: "A", name: "www", value: "192.0.2.2" });
    expect(a.id).not.toBe(b.id);
    const www = (await recordsOf(1)).filter((r) => r.Name === "www");
    expect(www.map((r) => r.Value).sort()).toEqual(["192.0.2.1", "192.0.2.2"]);
    expect(a.outs).toMatchObject({ zoneId: 1, type: "A", name: "www", origin: "created" });
    resetRunState();
    await p.delete(a.id, a.outs);
    await p.delete(b.id, b.outs);
    expect(await recordsOf(1)).toEqual([]);
  });

  test("a record of the same name made outside Pulumi is left alone (no take-over by name)", async () => {
    // Record 301 is "www" A 192.0.2.10 in zone 3: this one joins it in a round-robin set.
    const mine = await create({ zoneId: 3, type: "A", name: "www", value: "192.0.2.11" });
    expect(mine.id).not.toBe("301");
    const www = (await recordsOf(3)).filter((r) => r.Name === "www" && r.Type === 0);
    expect(www.map((r) => [r.Id, r.Value])).toEqual([
      [301, "192.0.2.10"],
      [Number(mine.id), "192.0.2.11"],
    ]);
  });

  test("a record holding every value of an existing one is a duplicate: refused, no PUT", async () => {
    await t.clearJournal();
    const e = await rejection(
      p.create(checked({ zoneId: 3, type: "A", name: "www", value: "192.0.2.10" })),
    );
    expect(e.message).toMatch(/DNS zone 3 already has record 301 holding every value/);
    expect(e.message).toMatch(/recordId: 301/);
    expect(await writes()).toEqual([]);
    // Two resources of one program with the same values: the second is refused.
    const twin = { zoneId: 1, type: "TXT", name: "", value: "v=spf1 -all" };
    const [one, two] = await Promise.allSettled([p.create(checked(twin)), p.create(checked(twin))]);
    expect([one.status, two.status].sort()).toEqual(["fulfilled", "rejected"]);
    expect((await writes()).map((w) => w.method)).toEqual(["PUT"]);
  });

  test("adopt by recordId: one write of the field that differs; destroy leaves the record", async () => {
    await t.clearJournal();
    const a = await create({ recordId: 301, zoneId: 3, type: "A", name: "www", ttl: 60 });
    expect(a.id).toBe("301");
    expect((await writes()).map((e) => [e.method, e.path, e.body])).toEqual([
      ["POST", "/dnszone/3/records/301", { Ttl: 60 }],
    ]);
    expect(a.outs).toMatchObject({ origin: "adopted", value: "192.0.2.10", ttl: 60 });
    resetRunState();
    await p.delete(a.id, a.outs);
    expect((await recordsOf(3)).find((r) => r.Id === 301)).toMatchObject({ Ttl: 60 });
  });
});

describe("update", () => {
  test("one changed field: one POST carrying that field only; type and zoneId replace", async () => {
    const program = { zoneId: 1, type: "MX", name: "", value: "mail.example.com", priority: 10 };
    const a = await create(program);
    resetRunState();
    const news = checked({ ...program, priority: 20 }, a.inputs);
    expect(await p.diff(a.id, a.outs, news)).toMatchObject({ changes: true, replaces: [] });
    await t.clearJournal();
    const u = await p.update(a.id, a.outs, news);
    expect((await writes()).map((e) => [e.method, e.path, e.body])).toEqual([
      ["POST", `/dnszone/1/records/${a.id}`, { Priority: 20 }],
    ]);
    expect((u.outs as DnsRecordOutputs).priority).toBe(20);
    const moved = checked({ ...program, zoneId: 2 }, a.inputs);
    expect((await p.diff(a.id, a.outs, moved)).replaces).toEqual(["zoneId"]);
    const retyped = checked({ zoneId: 1, type: "TXT", name: "", value: "v=spf1 -all" });
    expect((await p.diff(a.id, a.outs, retyped)).replaces).toEqual(["type"]);
  });
});

describe("an adopted record's type", () => {
  test("a type other than the platform's is refused before any write, naming both", async () => {
    await t.clearJournal();
    // Record 301 is an A record; the program says AAAA.
    const e = await rejection(
      p.create(checked({ recordId: 301, zoneId: 3, type: "AAAA", name: "www" })),
    );
    expect(e.message).toMatch(/record 301 is of type A on the platform and AAAA in the program/);
    expect(e.message).toMatch(/Nothing was written/);
    expect(await writes()).toEqual([]);
  });
});

describe("refresh at zone scale", () => {
  test("a refresh of 50 records of one zone makes one call", async () => {
    const s = await t.state();
    s.dnsZones.push(largeDnsZone(9, "large.example", 50) as never);
    await t.setState(s);
    const made = [];
    for (let i = 0; i < 50; i++) {
      // Adopted as they are (host-<n>, every fifth an A record …): no write.
      const id = 1_000_000 + i;
      const r = (await recordsOf(9)).find((x) => x.Id === id)!;
      made.push(await create({ recordId: id, zoneId: 9, type: r.Type, name: r.Name }));
    }
    resetRunState(); // `pulumi refresh`: a new provider process
    await t.clearJournal();
    const reads = await Promise.all(made.map((m) => p.read(m.id, m.outs)));
    expect(reads.map((r) => r.id)).toEqual(made.map((m) => m.id));
    expect(await calls()).toEqual(["GET /dnszone/9"]);
  });
});

describe("adoption at zone scale", () => {
  test("adopting 50 records of one zone (recordId) reads the zone once", async () => {
    const s = await t.state();
    s.dnsZones.push(largeDnsZone(9, "large.example", 50) as never);
    await t.setState(s);
    const programs = (await recordsOf(9)).map((r) => ({
      recordId: r.Id,
      zoneId: 9,
      type: r.Type,
      name: r.Name,
      value: r.Value,
    }));
    expect(programs).toHaveLength(50);
    resetRunState(); // `pulumi up`: a new provider process
    await t.clearJournal();
    // The engine creates them concurrently; each holds the platform's values: no write.
    const made = await Promise.all(programs.map((program) => create(program)));
    expect(made.map((m) => m.id)).toEqual(programs.map((x) => String(x.recordId)));
    expect(made.every((m) => m.outs.origin === "adopted")).toBe(true);
    expect(await calls()).toEqual(["GET /dnszone/9"]);
  });

  test("a record changed outside Pulumi between two runs is seen by the next run's adopts", async () => {
    const s = await t.state();
    s.dnsZones.push(largeDnsZone(9, "large.example", 50) as never);
    await t.setState(s);
    const programs = (await recordsOf(9)).map((r) => ({
      recordId: r.Id,
      zoneId: 9,
      type: r.Type,
      name: r.Name,
      value: r.Value,
    }));
    resetRunState(); // first run: adopts half of the zone's records
    await Promise.all(programs.slice(0, 25).map((program) => create(program)));
    // Outside Pulumi: record host-33 (a TXT record, id 1 000 033) gets another value.
    const changed = await t.state();
    const z = changed.dnsZones.find((x) => x.Id === 9)!;
    z.Records!.find((r) => r.Id === 1_000_033)!.Value = "changed by hand";
    await t.setState(changed);
    resetRunState(); // second run: adopts the other half, host-33 as the program has it
    await t.clearJournal();
    const made = await Promise.all(programs.slice(25).map((program) => create(program)));
    expect(made).toHaveLength(25);
    expect((await writes()).map((e) => [e.method, e.path, e.body])).toEqual([
      ["POST", "/dnszone/9/records/1000033", { Value: "record 33" }],
    ]);
    expect((await recordsOf(9)).find((r) => r.Id === 1_000_033)?.Value).toBe("record 33");
  });
});

describe("refresh at zone scale: drift", () => {
  test("a record deleted outside Pulumi leaves the state; drift shows by field", async () => {
    const a = await create({ zoneId: 1, type: "TXT", name: "", value: "v=spf1 -all" });
    const b = await create({ zoneId: 1, type: "A", name: "api", value: "192.0.2.7" });
    const s = await t.state();
    const z = s.dnsZones.find((x) => x.Id === 1)!;
    z.Records = (z.Records ?? []).filter((r) => r.Id !== Number(a.id));
    z.Records.find((r) => r.Id === Number(b.id))!.Value = "192.0.2.8";
    await t.setState(s);
    resetRunState();
    expect(await p.read(a.id, a.outs)).toEqual({ id: "" });
    const r = await p.read(b.id, b.outs);
    expect((r.inputs as DnsRecordInputs).value).toBe("192.0.2.8");
  });
});

describe("a Script record's scriptId is read back", () => {
  test("the script a record points at comes from the platform's answer; a change elsewhere shows as drift", async () => {
    const a = await create({ zoneId: 1, type: "Script", name: "edge", scriptId: 5 });
    expect(a.outs.scriptId).toBe(5);
    // Outside Pulumi: the record is pointed at script 7 (the platform links it by the script).
    const s = await t.state();
    const r = s.dnsZones.find((x) => x.Id === 1)!.Records!.find((x) => x.Id === Number(a.id))!;
    expect(r.LinkName).toBe("script-5");
    r.LinkName = "script-7";
    await t.setState(s);
    resetRunState(); // `pulumi refresh`
    const got = await p.read(a.id, a.outs);
    expect((got.inputs as DnsRecordInputs).scriptId).toBe(7);
    expect((got.props as DnsRecordOutputs).scriptId).toBe(7);
    // `up`: the program's script again, one POST of that field.
    resetRunState();
    await t.clearJournal();
    const news = checked({ zoneId: 1, type: "Script", name: "edge", scriptId: 5 }, a.inputs);
    await p.update(a.id, got.props as DnsRecordOutputs, news);
    expect((await writes()).map((e) => [e.method, e.path, e.body])).toEqual([
      ["POST", `/dnszone/1/records/${a.id}`, { ScriptId: 5 }],
    ]);
  });

  test("a record linked to its script by name keeps the program's scriptId (the platform reports none)", async () => {
    const a = await create({ zoneId: 1, type: "Script", name: "edge", scriptId: 5 });
    // Outside Pulumi: the platform now names the script by its name, not its id.
    const s = await t.state();
    const r = s.dnsZones.find((x) => x.Id === 1)!.Records!.find((x) => x.Id === Number(a.id))!;
    r.LinkName = "my-edge-script";
    await t.setState(s);
    resetRunState(); // `pulumi refresh`
    const got = await p.read(a.id, a.outs);
    expect((got.inputs as DnsRecordInputs).scriptId).toBe(5);
    expect((got.props as DnsRecordOutputs).scriptId).toBe(5);
  });

  test("an A record lists every field the program leaves out as unmanaged, scriptId too (never reported for it)", async () => {
    const a = await create({ zoneId: 1, type: "A", name: "api", value: "192.0.2.7" });
    expect(a.outs.unmanaged).toEqual([
      "ttl",
      "priority",
      "weight",
      "port",
      "flags",
      "tag",
      "pullZoneId",
      "scriptId",
      "accelerated",
      "monitorType",
      "geolocationLatitude",
      "geolocationLongitude",
      "latencyZone",
      "smartRoutingType",
      "disabled",
      "environmentVariables",
      "comment",
      "autoSslIssuance",
    ]);
  });

  test("an adopted Script record reports the script it points at (record 312: script 1)", async () => {
    const a = await create({ recordId: 312, zoneId: 3, type: "Script", name: "edge" });
    expect(a.outs.scriptId).toBe(1);
    resetRunState();
    expect(((await p.read(a.id, a.outs)).props as DnsRecordOutputs).scriptId).toBe(1);
  });
});

describe("an unknown create outcome is recovered with proof only", () => {
  const lost = { method: "PUT", path: "^/dnszone/1/records$", status: 504, afterHandler: true };

  test("exactly one new record holding every value sent: adopted as created, one PUT", async () => {
    await t.fault(lost);
    const a = await create({ zoneId: 1, type: "A", name: "www", value: "192.0.2.1", ttl: 120 });
    const puts = (await writes()).filter((e) => e.method === "PUT");
    expect(puts).toHaveLength(1);
    expect(a.outs).toMatchObject({ origin: "created", value: "192.0.2.1", ttl: 120 });
    expect((await recordsOf(1)).map((r) => r.Id)).toEqual([Number(a.id)]);
  });

  /**
   * The zone is listed once per run, before the run's first create in it: a warm-up create
   * lists it (empty) and its record is this run's own (claimed); then another writer's
   * record of the same name lands, and the create under test meets the lost answer.
   */
  async function otherWriterAfterListing(value: string) {
    const warm = await create({ zoneId: 1, type: "TXT", name: "", value: "warm-up" });
    const s = await t.state();
    const z = s.dnsZones.find((x) => x.Id === 1)!;
    const like = (await recordsOf(3)).find((r) => r.Id === 301)!; // an A record "www"
    z.Records = [...(z.Records ?? []), { ...like, Id: 7000, Value: value }];
    await t.setState(s);
    return warm;
  }

  test("a new record of the same name but other values is no proof: refused, nothing re-sent", async () => {
    const inputs = checked({ zoneId: 1, type: "A", name: "www", value: "192.0.2.1" });
    await otherWriterAfterListing("192.0.2.99");
    await t.fault({ ...lost, afterHandler: false }); // ours is not applied
    await t.clearJournal();
    const e = await rejection(p.create(inputs));
    expect(e.message).toMatch(/DNS zone 1/);
    expect(e.message).toMatch(/not re-sent/);
    expect(e.message).toMatch(/7000, none holding every value sent/);
    expect((await writes()).map((x) => x.method)).toEqual(["PUT"]);
    expect((await recordsOf(1)).filter((r) => r.Name === "www").map((r) => r.Id)).toEqual([7000]);
  });

  test("two new records holding the values sent: refused naming both, nothing recorded", async () => {
    const inputs = checked({ zoneId: 1, type: "A", name: "www", value: "192.0.2.1" });
    await otherWriterAfterListing("192.0.2.1");
    await t.fault(lost); // ours lands, its answer is lost
    await t.clearJournal();
    const e = await rejection(p.create(inputs));
    const www = (await recordsOf(1)).filter((r) => r.Name === "www").map((r) => r.Id);
    expect(www).toHaveLength(2);
    for (const id of www) expect(e.message).toContain(String(id));
    expect(e.message).toMatch(/recordId: <id>, deleteOnDestroy: true/);
    expect((await writes()).map((x) => x.method)).toEqual(["PUT"]);
  });
});

describe("the PUT answering the zone instead of the record (profile dnsRecordAddAnswer: zone)", () => {
  test("the record is found by proof in the zone's answer: one PUT, the right id", async () => {
    const emu = await startEmulator({ port: 0, profile: { dnsRecordAddAnswer: "zone" } });
    try {
      resetSettings();
      configureFromRequest(
        stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
      );
      resetRunState();
      const ctl = new EmulatorControl(emu.url);
      const inputs = checked({ zoneId: 1, type: "AAAA", name: "v6", value: "2001:db8::1" });
      const res = await p.create(inputs);
      const z = (await ctl.state()).dnsZones.find((x) => x.Id === 1)!;
      expect((z.Records ?? []).map((r) => String(r.Id))).toEqual([res.id]);
      expect(res.id).not.toBe("1"); // never the zone's id
      expect((await ctl.journal()).filter((e) => e.method === "PUT")).toHaveLength(1);
    } finally {
      resetSettings();
      configureFromRequest(
        stackConfig({ "edgeplatform:apiKey": t.emu.apiKey, "edgeplatform:baseUrl": t.emu.url }),
      );
      await emu.close();
    }
  });
});
