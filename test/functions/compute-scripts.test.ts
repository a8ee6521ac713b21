/**
 * compute.getEdgeScript, getEdgeScripts and getReleases (+ Output forms) against the
 * emulator's fixture scripts (packages/emulator/src/fixtures-scripts.ts): `edge-router` (1,
 * standalone, on pull zone 1 `zone-one`, variables 21 ORIGIN and 22 LOG_LEVEL, releases 11
 * and 12, 12 live and its code the saved code, deployment key `fixture-deployment-key-1`),
 * `image-resizer` (2, middleware, nothing else), `geo-answer` (3, DNS, release 13 live).
 * And compute.getScriptStatistics fed an EdgeScript's `scriptId` output.
 */
import { createHash } from "crypto";
import * as pulumi from "@pulumi/pulumi";
import { EdgeApiError } from "../../packages/client/src/api/errors";
import { InvalidArgumentError } from "../../packages/client/src";
import {
  getEdgeScript,
  getEdgeScriptOutput,
  getEdgeScripts,
  getEdgeScriptsOutput,
  getReleases,
  getReleasesOutput,
} from "../../packages/pulumi/src/functions/compute-scripts";
import {
  getScriptStatisticsOutput,
  type GetScriptStatisticsArgs,
} from "../../packages/pulumi/src/functions/compute";
import type { Inputs } from "../../packages/pulumi/src/functions/output";
import type { EdgeScript } from "../../packages/pulumi/src/resources/public/edge-script";
import { clearClientCache } from "../../packages/pulumi/src/functions/options";
import { Emu, getState, journal, opts, putState, rejection, reset, settle, start } from "./helpers";

let emu: Emu;
beforeAll(async () => {
  emu = await start();
});
beforeEach(() => reset(emu));
afterAll(async () => {
  clearClientCache();
  await emu.close();
});

/** The fixtures' code of edge-router's releases (v2 is its saved code). */
const ROUTER_V1 = "export default { fetch: () => new Response('v1') };\n";
const ROUTER_V2 = "export default { fetch: () => new Response('v2') };\n";
const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const DEPLOYMENT_KEY = "fixture-deployment-key-1";

const calls = async () => (await journal(emu)).map((e) => `${e.method} ${e.path}`);

describe("compute.getEdgeScript", () => {
  test("the fixture script: type by name, its zone, live release, variables, code hash and size", async () => {
    const s = await getEdgeScript({ scriptId: 1 }, opts(emu));
    expect(s).toEqual({
      scriptId: 1,
      name: "edge-router",
      scriptType: "CDN",
      linkedPullZones: [
        {
          pullZoneId: 1,
          name: "zone-one",
          defaultHostname: "zone-one.emulator.invalid",
        },
      ],
      defaultHostname: "edge-router-1.edge.emulator.invalid",
      systemHostname: "script-1.edge.emulator.invalid",
      currentReleaseId: 12,
      lastModified: "2026-01-01T00:00:00Z",
      variables: [
        { variableId: 21, name: "ORIGIN", required: true, defaultValue: "https://origin.example" },
        { variableId: 22, name: "LOG_LEVEL", required: false, defaultValue: "info" },
      ],
      codeHash: sha256(ROUTER_V2),
      codeSize: Buffer.byteLength(ROUTER_V2),
    });
    expect("code" in s).toBe(false);
    expect(JSON.stringify(s)).not.toContain(DEPLOYMENT_KEY);
    expect(await calls()).toEqual(["GET /compute/script/1", "GET /compute/script/1/code"]);
  });

  test("includeCode: true returns the saved code too", async () => {
    const s = await getEdgeScript({ scriptId: 1, includeCode: true }, opts(emu));
    expect(s.code).toBe(ROUTER_V2);
    expect(JSON.stringify(s)).not.toContain(DEPLOYMENT_KEY);
  });

  test("a middleware script with nothing published: no live release, no zones, empty code", async () => {
    const s = await getEdgeScript({ scriptId: 2 }, opts(emu));
    expect(s).toMatchObject({
      scriptId: 2,
      name: "image-resizer",
      scriptType: "Middleware",
      currentReleaseId: null,
      linkedPullZones: [],
      variables: [],
      codeHash: sha256(""),
      codeSize: 0,
    });
  });

  test("a missing script: an EdgeApiError naming its id, isNotFound", async () => {
    const e = await rejection(getEdgeScript({ scriptId: 999 }, opts(emu)));
    expect(e).toBeInstanceOf(EdgeApiError);
    expect((e as EdgeApiError).isNotFound).toBe(true);
    expect(e.message).toMatch(/edge script 999 was not found on the account \(check scriptId\)/);
  });

  test.each([
    [{ scriptId: 0 }, "scriptId"],
    [{ scriptId: 1, includeCode: "yes" }, "includeCode"],
    [{ scriptId: 1, code: true }, "code"],
  ])("bad arguments are refused naming the field, before any call: %j", async (args, field) => {
    const e = await rejection(getEdgeScript(args as never, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toContain(`"${field}"`);
    expect(await journal(emu)).toEqual([]);
  });

  test("Output form", async () => {
    const { value } = await settle(getEdgeScriptOutput({ scriptId: pulumi.output(3) }, opts(emu)));
    expect([value.name, value.scriptType, value.currentReleaseId]).toEqual([
      "geo-answer",
      "DNS",
      13,
    ]);
  });
});

describe("compute.getEdgeScripts", () => {
  test("every script, a summary each (with its linked pull zones), never a deployment key", async () => {
    const { scripts } = await getEdgeScripts({}, opts(emu));
    expect(scripts.map((s) => [s.scriptId, s.name, s.scriptType, s.currentReleaseId])).toEqual([
      [1, "edge-router", "CDN", 12],
      [2, "image-resizer", "Middleware", null],
      [3, "geo-answer", "DNS", 13],
    ]);
    expect(scripts[0].linkedPullZones.map((z) => z.pullZoneId)).toEqual([1]);
    expect(JSON.stringify(scripts)).not.toContain(DEPLOYMENT_KEY);
  });

  test("every page: 1 004 scripts are two pages of the platform's 1 000", async () => {
    const s = await getState(emu);
    for (let i = 0; i < 1001; i++)
      s.scripts.push({ ...s.scripts[1], id: 200 + i, name: `extra-${i}` });
    await putState(emu, s);
    const { scripts } = await getEdgeScripts({}, opts(emu));
    expect(scripts).toHaveLength(1004);
    expect(scripts[1003]).toMatchObject({ scriptId: 1200, name: "extra-1000" });
    const pages = (await journal(emu, /^\/compute\/script$/)).map((e) => e.query.page);
    expect(pages).toEqual(["1", "2"]);
  });

  test("filters by type (a name, sent as its number) and search", async () => {
    const { scripts } = await getEdgeScripts({ type: "Middleware" }, opts(emu));
    expect(scripts.map((s) => s.scriptId)).toEqual([2]);
    const [req] = await journal(emu, /^\/compute\/script$/);
    expect(req.query).toMatchObject({ type: "2", includeLinkedPullzones: "true" });
    const byName = await getEdgeScripts({ search: "geo" }, opts(emu));
    expect(byName.scripts.map((s) => s.name)).toEqual(["geo-answer"]);
  });

  test("a type that is not a script type: refused naming the field and the allowed values", async () => {
    const e = await rejection(getEdgeScripts({ type: "Standalone" as never }, opts(emu)));
    expect(e).toBeInstanceOf(InvalidArgumentError);
    expect(e.message).toMatch(/"type"/);
    expect(e.message).toMatch(/CDN/);
    expect(e.message).toMatch(/Middleware/);
    expect(await journal(emu)).toEqual([]);
  });

  test("Output form", async () => {
    const { value } = await settle(
      getEdgeScriptsOutput({ type: pulumi.output("DNS" as const) }, opts(emu)),
    );
    expect(value.scripts.map((s) => s.scriptId)).toEqual([3]);
  });
});

describe("compute.getReleases", () => {
  test("the fixture script's two releases, newest first, the live one flagged, no code", async () => {
    const r = await getReleases({ scriptId: 1 }, opts(emu));
    expect(r.scriptId).toBe(1);
    expect(r.liveReleaseId).toBe(12);
    expect(r.releases).toEqual([
      {
        releaseId: 12,
        uuid: "00000000-0000-4000-8000-000000000012",
        status: "Live",
        live: true,
        dateReleased: "2026-01-01T00:00:00Z",
        datePublished: "2026-01-01T00:00:00Z",
        author: "fixtures",
        authorEmail: null,
        note: "second",
        commitSha: null,
        codeHash: sha256(ROUTER_V2),
      },
      {
        releaseId: 11,
        uuid: "00000000-0000-4000-8000-000000000011",
        status: "Archived",
        live: false,
        dateReleased: "2026-01-01T00:00:00Z",
        datePublished: "2026-01-01T00:00:00Z",
        author: "fixtures",
        authorEmail: null,
        note: "first",
        commitSha: null,
        codeHash: sha256(ROUTER_V1),
      },
    ]);
    expect(JSON.stringify(r)).not.toContain("new Response");
  });

  test("a later release comes first even when the platform lists it last", async () => {
    const s = await getState(emu);
    const router = s.scripts.find((x) => x.id === 1)!;
    router.releases![0].DateReleased = "2026-02-01T00:00:00Z"; // release 11, re-dated later
    await putState(emu, s);
    const r = await getReleases({ scriptId: 1 }, opts(emu));
    expect(r.releases.map((x) => x.releaseId)).toEqual([11, 12]);
  });

  test("a script with no releases: none, nothing live", async () => {
    expect(await getReleases({ scriptId: 2 }, opts(emu))).toEqual({
      scriptId: 2,
      releases: [],
      liveReleaseId: null,
    });
  });

  test("a missing script: an EdgeApiError naming its id", async () => {
    const e = await rejection(getReleases({ scriptId: 4242 }, opts(emu)));
    expect(e).toBeInstanceOf(EdgeApiError);
    expect(e.message).toMatch(/edge script 4242 was not found on the account/);
  });

  test("a bad scriptId is named", async () => {
    const e = await rejection(getReleases({ scriptId: -1 }, opts(emu)));
    expect(e.message).toMatch(/"scriptId"/);
  });

  test("Output form", async () => {
    const { value } = await settle(getReleasesOutput({ scriptId: 3 }, opts(emu)));
    expect(value.releases.map((x) => [x.releaseId, x.live])).toEqual([[13, true]]);
  });
});

describe("compute.getScriptStatistics with an EdgeScript's scriptId", () => {
  test("the resource's scriptId output is an argument (types) and resolves (an Output)", async () => {
    // Types: an EdgeScript's `scriptId` output is what the Output form takes.
    const fromResource = (script: EdgeScript): Inputs<GetScriptStatisticsArgs> => ({
      scriptId: script.scriptId,
    });
    expect(typeof fromResource).toBe("function");
    const scriptId: pulumi.Output<number> = pulumi.output(Promise.resolve(3));
    const { value } = await settle(getScriptStatisticsOutput({ scriptId }, opts(emu)));
    expect(typeof value.totalRequestsServed).toBe("number");
    const [req] = await journal(emu, /statistics$/);
    expect(req.path).toBe("/compute/script/3/statistics");
  });
});
