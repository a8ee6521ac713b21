/**
 * `edge.pullzones.PullZone`'s settings that the platform's write takes and its answer never
 * shows (`dnsOriginPort`, `dnsOriginScheme`, `cacheControlBrowserMaxAgeOverride`), and its
 * image blueprints (a list of objects keyed by name), against the in-process emulator. The
 * emulator keeps a setting its zone record does not show in the zone's `hidden` part.
 * Fixture pull zone 1 (`zone-one`) has none of them.
 */
import { EmulatorControl } from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { pullZoneProvider } from "../../packages/pulumi/src/resources/kinds/settings/pull-zone";
import { usePlatform, type EmulatorState } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const p: Any = pullZoneProvider;
const t = usePlatform();
const ctl = () => new EmulatorControl(t.emu.url);

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
  resetRunState();
});

const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.pullZones as Any[]).find((z) => z.id === id);
/** The settings writes of the journal, with their bodies. */
const posts = async () =>
  (await t.journal()).filter((e) => e.method === "POST" && e.path === "/pullzone/1");
async function checked(news: Record<string, unknown>) {
  const r = await p.check({}, news);
  expect((r.failures ?? []) as unknown[]).toEqual([]);
  return r.inputs as Record<string, unknown>;
}
const failuresOf = async (news: Record<string, unknown>) =>
  (((await p.check({}, news)).failures ?? []) as Any[]).map((f) => `${f.property}: ${f.reason}`);

describe.each(["merge", "replace"] as const)("write-only settings, POST answered as %s", (mode) => {
  beforeEach(async () => void (await ctl().setProfile({ pullZoneUpdate: mode } as never)));

  test("adopt writes them once; the zone's answer never shows them; refresh reports the state's values; another setting's write keeps them", async () => {
    const program = {
      pullZoneId: 1,
      dnsOriginPort: 8443,
      dnsOriginScheme: "https",
      cacheControlBrowserMaxAgeOverride: 600,
    };
    const news = await checked(program);
    const r = await p.create(news);
    const [first] = await posts();
    expect(first.body).toMatchObject({
      DnsOriginPort: 8443,
      DnsOriginScheme: "https",
      CacheControlBrowserMaxAgeOverride: 600,
    });
    const zone = zoneOf(await t.state(), 1);
    expect(zone.hidden).toMatchObject({
      DnsOriginPort: 8443,
      DnsOriginScheme: "https",
      CacheControlBrowserMaxAgeOverride: 600,
    });
    // The zone's answer has none of them.
    const answer = (await (
      await fetch(`${t.emu.url}/pullzone/1`, { headers: { AccessKey: t.emu.apiKey } })
    ).json()) as Record<string, unknown>;
    expect(Object.keys(answer)).not.toContain("DnsOriginPort");
    expect(r.outs).toMatchObject({ dnsOriginPort: 8443, dnsOriginScheme: "https" });

    // A refresh reports what the state holds, and sees no change.
    resetRunState();
    const read = await p.read(r.id, r.outs);
    expect(read.inputs).toMatchObject({ dnsOriginPort: 8443, dnsOriginScheme: "https" });
    expect((await p.diff(r.id, read.props, news)).changes).toBe(false);

    // Another setting changed: one write, which sends them again (a write that replaces the
    // zone's settings keeps them).
    await t.clearJournal();
    resetRunState();
    const more = await checked({ ...program, blockPostRequests: true });
    const u = await p.update(r.id, read.props, more);
    const [second] = await posts();
    expect(second.body).toMatchObject({
      BlockPostRequests: true,
      DnsOriginPort: 8443,
      DnsOriginScheme: "https",
    });
    expect(zoneOf(await t.state(), 1).hidden).toMatchObject({
      DnsOriginPort: 8443,
      DnsOriginScheme: "https",
      CacheControlBrowserMaxAgeOverride: 600,
    });
    expect(u.outs).toMatchObject({ dnsOriginPort: 8443, blockPostRequests: true });
  });
});

test("a change made outside Pulumi cannot be seen (documented); a new value is one write", async () => {
  const news = await checked({ pullZoneId: 1, dnsOriginPort: 8443 });
  const r = await p.create(news);
  await ctl().updateState((s: Any) => void (zoneOf(s, 1).hidden.DnsOriginPort = 9000));
  resetRunState();
  const read = await p.read(r.id, r.outs);
  expect(read.inputs.dnsOriginPort).toBe(8443);
  expect((await p.diff(r.id, read.props, news)).changes).toBe(false);
  await t.clearJournal();
  resetRunState();
  const next = await checked({ pullZoneId: 1, dnsOriginPort: 8080 });
  expect((await p.diff(r.id, read.props, next)).changes).toBe(true);
  await p.update(r.id, read.props, next);
  expect((await posts()).map((e) => (e.body as Any).DnsOriginPort)).toEqual([8080]);
  expect(zoneOf(await t.state(), 1).hidden.DnsOriginPort).toBe(8080);
});

test("destroy of an adopted zone leaves a write-only setting as Pulumi wrote it, or gives back the value `prior` states", async () => {
  const r = await p.create(await checked({ pullZoneId: 1, dnsOriginScheme: "https" }));
  resetRunState();
  await t.clearJournal();
  await p.delete(r.id, r.outs);
  expect(await posts()).toEqual([]);
  expect(zoneOf(await t.state(), 1).hidden.DnsOriginScheme).toBe("https");

  // Stated in `prior`: destroy writes it back.
  resetRunState();
  const pinned = await p.create(
    await checked({ pullZoneId: 1, dnsOriginScheme: "https", prior: { dnsOriginScheme: "http" } }),
  );
  resetRunState();
  await t.clearJournal();
  await p.delete(pinned.id, pinned.outs);
  expect((await posts()).map((e) => (e.body as Any).DnsOriginScheme)).toEqual(["http"]);
  expect(zoneOf(await t.state(), 1).hidden.DnsOriginScheme).toBe("http");
});

test("bad values name the field and what is allowed, in the provider and in the emulator", async () => {
  expect((await failuresOf({ pullZoneId: 1, dnsOriginScheme: "ftp" })).join("\n")).toMatch(
    /^dnsOriginScheme: .*http.*https/,
  );
  expect((await failuresOf({ pullZoneId: 1, dnsOriginPort: 70000 })).join("\n")).toMatch(
    /^dnsOriginPort: .*65535/,
  );
  const post = (body: Record<string, unknown>) =>
    fetch(`${t.emu.url}/pullzone/1`, {
      method: "POST",
      headers: { AccessKey: t.emu.apiKey, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const before = await t.state();
  for (const [body, field] of [
    [{ DnsOriginScheme: "ftp" }, "DnsOriginScheme"],
    [{ DnsOriginPort: 0 }, "DnsOriginPort"],
    [{ CacheControlBrowserMaxAgeOverride: -5 }, "CacheControlBrowserMaxAgeOverride"],
    [{ BunnyAiImageBlueprints: [{ Name: "a" }, { Name: "A" }] }, "BunnyAiImageBlueprints[1].Name"],
    [{ BunnyAiImageBlueprints: [{ Properties: {} }] }, "BunnyAiImageBlueprints[0].Name"],
  ] as const) {
    const res = await post(body);
    expect({ field, status: res.status }).toEqual({ field, status: 400 });
    expect(await res.text()).toContain(field);
  }
  expect(await t.state()).toEqual(before);
});

describe("image blueprints: keyed by name, never by position", () => {
  const HERO = { name: "hero", properties: { width: "1200", quality: "80" } };
  const THUMB = { name: "thumb", properties: { width: "200" } };

  test("set, read back; another order and another key order are no change; a changed blueprint is one write of the whole list", async () => {
    const news = await checked({ pullZoneId: 1, bunnyAiImageBlueprints: [HERO, THUMB] });
    const r = await p.create(news);
    expect(zoneOf(await t.state(), 1).model.BunnyAiImageBlueprints).toEqual([
      { Name: "hero", Properties: { width: "1200", quality: "80" } },
      { Name: "thumb", Properties: { width: "200" } },
    ]);
    resetRunState();
    const read = await p.read(r.id, r.outs);
    const reordered = await checked({
      pullZoneId: 1,
      bunnyAiImageBlueprints: [
        { name: "thumb", properties: { width: "200" } },
        { name: "hero", properties: { quality: "80", width: "1200" } },
      ],
    });
    expect((await p.diff(r.id, read.props, reordered)).changes).toBe(false);
    // The platform answers the list in another order: no drift either.
    await ctl().updateState((s: Any) => void zoneOf(s, 1).model.BunnyAiImageBlueprints.reverse());
    resetRunState();
    const again = await p.read(r.id, read.props);
    expect((await p.diff(r.id, again.props, news)).changes).toBe(false);

    await t.clearJournal();
    resetRunState();
    const changed = await checked({
      pullZoneId: 1,
      bunnyAiImageBlueprints: [HERO, { name: "thumb", properties: { width: "240" } }],
    });
    expect((await p.diff(r.id, again.props, changed)).changes).toBe(true);
    await p.update(r.id, again.props, changed);
    const bodies = (await posts()).map((e) => (e.body as Any).BunnyAiImageBlueprints);
    expect(bodies).toEqual([
      [
        { Name: "hero", Properties: { width: "1200", quality: "80" } },
        { Name: "thumb", Properties: { width: "240" } },
      ],
    ]);

    // Destroy gives the zone its list back (empty in the fixtures).
    resetRunState();
    await p.delete(r.id, r.outs);
    expect(zoneOf(await t.state(), 1).model.BunnyAiImageBlueprints).toEqual([]);
  });

  test("a name given twice (any case) is refused before any call, naming the blueprint", async () => {
    const f = await failuresOf({
      pullZoneId: 1,
      bunnyAiImageBlueprints: [HERO, { name: "Hero", properties: {} }],
    });
    expect(f).toEqual([expect.stringMatching(/^bunnyAiImageBlueprints\[1\]\.name: .*"Hero"/)]);
    expect(await t.journal()).toEqual([]);
  });
});
