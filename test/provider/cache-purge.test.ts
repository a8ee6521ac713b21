/** CachePurge provider against the in-process emulator: one purge call per run, none on delete. */
import { UNKNOWN } from "../../packages/pulumi/src/resources/core/common";
import {
  cachePurgeFieldChanges,
  checkCachePurge,
  diffCachePurge,
  type CachePurgeOutputs,
  cachePurgeProvider as p,
} from "../../packages/pulumi/src/resources/kinds/own/cache-purge";
import { usePlatform } from "./helpers";

const t = usePlatform();

const calls = async () =>
  (await t.journal()).map(
    (e) =>
      `${e.method} ${e.path}${e.query.url ? `?url=${e.query.url}` : ""} ${JSON.stringify(e.body)}`,
  );

const failuresOf = (news: unknown) =>
  (checkCachePurge({}, news).failures ?? []).map((f) => `${f.property}: ${f.reason}`);

describe("check: exactly one target form", () => {
  test.each([
    [{ pullZoneId: 1 }],
    [{ pullZoneId: 1, cacheTag: "css", triggers: ["v1"] }],
    [{ url: "https://cdn.zone-one.example/app.js" }],
    [{ pullZoneId: UNKNOWN, triggers: UNKNOWN }],
    [{ url: UNKNOWN }],
  ])("accepted: %j", (news) => expect(failuresOf(news)).toEqual([]));

  test("no target: pullZoneId is named, with the allowed forms", () => {
    expect(failuresOf({ triggers: [1] })).toEqual([
      "pullZoneId: is required when url is not given; give exactly one target: " +
        "{ pullZoneId } (the whole zone), { pullZoneId, cacheTag } (what carries the tag) " +
        "or { url } (one URL)",
    ]);
    expect(failuresOf({ cacheTag: "css" }).map((f) => f.split(":")[0])).toEqual(["pullZoneId"]);
  });

  test("url with a zone or a tag: each extra field is named", () => {
    const f = failuresOf({ url: "https://a.example/x", pullZoneId: 1, cacheTag: "t" });
    expect(f.map((x) => x.split(":")[0])).toEqual(["pullZoneId", "cacheTag"]);
    expect(f[0]).toMatch(/is not allowed with url; give exactly one target: \{ pullZoneId \}/);
  });

  test("bad values and unknown fields are named", () => {
    const f = failuresOf({
      pullZoneId: 0,
      url: "not-a-url",
      cacheTag: " ",
      nope: 1,
      triggers: "x",
    });
    const named = new Set(f.map((x) => x.split(":")[0]));
    for (const field of ["pullZoneId", "url", "nope", "triggers"]) expect(named).toContain(field);
  });
});

describe("create is the purge: one call", () => {
  test("a whole zone: POST /pullzone/1/purgeCache, no body", async () => {
    await t.clearJournal();
    const r = await p.create({ pullZoneId: 1, triggers: ["v1"] });
    expect(await calls()).toEqual(["POST /pullzone/1/purgeCache null"]);
    expect(r.outs).toEqual({ pullZoneId: 1, triggers: ["v1"] });
    expect(r.id).toMatch(/^purge\/1\//);
  });

  test("a cache tag: the tag in the body", async () => {
    await t.clearJournal();
    await p.create({ pullZoneId: 2, cacheTag: "css" });
    expect(await calls()).toEqual(['POST /pullzone/2/purgeCache {"CacheTag":"css"}']);
  });

  test("a URL: POST /purge?url=…", async () => {
    await t.clearJournal();
    const r = await p.create({ url: "https://cdn.zone-one.example/app.js" });
    expect(await calls()).toEqual(["POST /purge?url=https://cdn.zone-one.example/app.js null"]);
    expect(r.outs).toEqual({ url: "https://cdn.zone-one.example/app.js" });
  });

  test("a zone that does not exist: the platform's 404 names it, nothing else is called", async () => {
    await t.clearJournal();
    await expect(p.create({ pullZoneId: 999 })).rejects.toThrow(
      /CachePurge \(pull zone 999\): create failed.*404/s,
    );
    expect((await t.journal()).map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      "POST /pullzone/999/purgeCache 404",
    ]);
  });

  test("a lost answer (504 after the purge ran): sent again once, the same body", async () => {
    await t.fault({
      method: "POST",
      path: "^/pullzone/1/purgeCache$",
      status: 504,
      afterHandler: true,
    });
    await t.clearJournal();
    await p.create({ pullZoneId: 1, cacheTag: "js" });
    expect((await t.journal()).map((e) => `${e.status} ${JSON.stringify(e.body)}`)).toEqual([
      '504 {"CacheTag":"js"}',
      '204 {"CacheTag":"js"}',
    ]);
  });
});

describe("a trigger change purges again; delete and read call nothing", () => {
  const olds: CachePurgeOutputs = { pullZoneId: 1, triggers: ["v1"] };

  test("diff: the same inputs change nothing, a new trigger replaces", () => {
    expect(diffCachePurge("x", olds, { pullZoneId: 1, triggers: ["v1"] }).changes).toBe(false);
    const d = diffCachePurge("x", olds, { pullZoneId: 1, triggers: ["v2"] });
    expect([d.changes, d.replaces, d.deleteBeforeReplace]).toEqual([true, ["triggers"], false]);
    expect(diffCachePurge("x", olds, { pullZoneId: 1, triggers: [UNKNOWN] }).replaces).toEqual([
      "triggers",
    ]);
    expect(
      diffCachePurge("x", olds, { url: "https://a.example/", triggers: ["v1"] }).replaces,
    ).toEqual(["pullZoneId", "url"]);
  });

  test("the replace's create purges once more; the old one's delete calls nothing", async () => {
    await t.clearJournal();
    const first = await p.create({ pullZoneId: 1, triggers: ["v1"] });
    const second = await p.create({ pullZoneId: 1, triggers: ["v2"] });
    await p.delete();
    expect(await p.read(first.id, first.outs as CachePurgeOutputs)).toEqual({
      id: first.id,
      props: first.outs,
    });
    expect(await calls()).toEqual([
      "POST /pullzone/1/purgeCache null",
      "POST /pullzone/1/purgeCache null",
    ]);
    expect(second.id).not.toEqual(first.id);
  });

  test("two purges in one millisecond have two ids (a replacement runs within one)", async () => {
    const now = jest.spyOn(Date, "now").mockReturnValue(1_765_000_000_000);
    try {
      const a = await p.create({ pullZoneId: 1, triggers: ["v1"] });
      const b = await p.create({ pullZoneId: 1, triggers: ["v2"] });
      expect(b.id).not.toEqual(a.id);
      expect(a.id).toMatch(/^purge\/1\/\w+$/);
    } finally {
      now.mockRestore();
    }
  });
});

test("the plugin's field changes: each changed input is a replace reason, nothing else", () => {
  const olds = { pullZoneId: 1, triggers: ["v1"] };
  expect(cachePurgeFieldChanges(olds, { pullZoneId: 1, triggers: ["v1"] })).toEqual({
    replaces: [],
    changed: [],
    removed: [],
  });
  expect(cachePurgeFieldChanges(olds, { url: "https://a.example/", triggers: ["v2"] })).toEqual({
    replaces: ["pullZoneId", "url", "triggers"],
    changed: [],
    removed: [],
  });
});
