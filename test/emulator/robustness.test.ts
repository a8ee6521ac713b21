import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { RunningEmulator } from "../../packages/emulator/src";
import { call, NOW, start } from "./helpers";

describe("emulator: robustness", () => {
  let emu: RunningEmulator;
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown) => unhandled.push(e);
  beforeAll(async () => {
    process.on("unhandledRejection", onUnhandled);
    emu = await start({ now: () => NOW });
  });
  afterAll(async () => {
    process.off("unhandledRejection", onUnhandled);
    await emu.close();
  });

  test("malformed JSON → 400 in the area's shape", async () => {
    const m = await call(emu, "PATCH", "/shield/rate-limit/101", { body: '{"ruleName": ' });
    expect(m.status).toBe(400);
    expect(m.json).toMatchObject({ title: "validation_error", errors: [{ field: "body" }] });
    const a = await call(emu, "POST", "/pullzone/checkavailability", { body: "{nope" });
    expect(a.status).toBe(400);
    expect(a.json).toMatchObject({ ErrorKey: "validation_error", Message: expect.any(String) });
  });

  test("content types: application/json, text/json, application/*+json accepted; others 415", async () => {
    for (const ct of [
      "application/json; charset=utf-8",
      "text/json",
      "application/merge-patch+json",
      "application/*+json",
    ]) {
      const r = await call(emu, "PATCH", "/shield/rate-limit/102", {
        body: { ruleName: "ct" },
        headers: { "content-type": ct },
      });
      expect(r.status).toBe(200);
    }
    const bad = await call(emu, "PATCH", "/shield/rate-limit/102", {
      body: "ruleName=x",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(bad.status).toBe(415);
    expect(bad.json).toMatchObject({ title: "unsupported_media_type", status: 415 });
    const missingBody = await call(emu, "PATCH", "/shield/rate-limit/102");
    expect(missingBody.status).toBe(400);
  });

  test("oversized body → 413 in the area's shape", async () => {
    const big = JSON.stringify({ ruleName: "x".repeat(1024 * 1024 + 10) });
    const r = await call(emu, "PATCH", "/shield/rate-limit/101", { body: big });
    expect(r.status).toBe(413);
    expect(r.json).toMatchObject({ title: "payload_too_large", status: 413 });
    const a = await call(emu, "POST", "/pullzone/checkavailability", {
      body: JSON.stringify({ Name: "y".repeat(1024 * 1024 + 10) }),
    });
    expect(a.status).toBe(413);
    expect(a.json.ErrorKey).toBe("payload_too_large");
  });

  test("unknown routes → problem shape A 404 (with or without key)", async () => {
    for (const [m, p] of [
      ["GET", "/nope"],
      ["POST", "/shield/nope"],
      ["PATCH", "/mc/registries/1"],
      ["GET", "/logging/v3/x"],
    ]) {
      const r = await call(emu, m, p, { key: false });
      expect(r.status).toBe(404);
      expect(r.json).toEqual({
        type: expect.any(String),
        title: "not_found",
        status: 404,
        detail: expect.any(String),
        instance: p,
      });
    }
  });

  test("weird inputs never crash the server", async () => {
    const inputs: [string, string, unknown][] = [
      ["PATCH", "/shield/rate-limit/101", []],
      ["PATCH", "/shield/rate-limit/101", "null"],
      ["PATCH", "/shield/rate-limit/101", '"str"'],
      ["PATCH", "/shield/rate-limit/101", { ruleConfiguration: null }],
      ["PATCH", "/shield/rate-limit/101", '{"__proto__": {"x": 1}, "ruleName": "p"}'],
      ["POST", "/shield/rate-limit", { shieldZoneId: 1.5 }],
      ["GET", "/shield/rate-limit/1e3", undefined],
      ["GET", "/mc/registries/99999999999999999999", undefined],
      ["GET", "/shield/event-logs/1/%E0%A4%A", undefined],
      ["GET", "/logging/v2/pullzones/abc/logs", undefined],
      ["GET", "/logging/01-01-26/x.log", undefined],
      ["GET", "/compute/script/1/statistics?hourly=maybe", undefined],
    ];
    for (const [m, p, b] of inputs) {
      const r = await call(emu, m, p, { body: b });
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
    expect((await call(emu, "GET", "/mc/registries/1")).status).toBe(200);
    expect(unhandled).toEqual([]);
  });
});

describe("emulator: fixtures and state-file persistence", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "emu-state-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test("state survives a restart and is written atomically", async () => {
    const file = path.join(dir, "state.json");
    const a = await start({ stateFile: file });
    try {
      expect(fs.existsSync(file)).toBe(true);
      await call(a, "POST", "/shield/rate-limit", { body: { shieldZoneId: 1, ruleName: "kept" } });
      await call(a, "POST", "/dnszone/1/dnssec");
    } finally {
      await a.close();
    }
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    const b = await start({ stateFile: file });
    try {
      expect((await call(b, "GET", "/shield/rate-limit/1000")).json.ruleName).toBe("kept");
      expect((await call(b, "GET", "/dnszone/1")).json.DnsSecEnabled).toBe(true);
      await call(b, "POST", "/_emulator/reset", { key: false });
      expect(JSON.parse(fs.readFileSync(file, "utf8")).rateLimitRules).toHaveLength(2);
    } finally {
      await b.close();
    }
  });

  test("fixtures from a file replace the given keys only; invalid fixtures fail clearly", async () => {
    const file = path.join(dir, "fixtures.json");
    fs.writeFileSync(file, JSON.stringify({ registries: [], scripts: [{ id: 9, name: "s" }] }));
    const e = await start({ fixtures: file, apiKey: "k2" });
    try {
      expect(e.apiKey).toBe("k2");
      expect((await call(e, "GET", "/mc/registries/1")).status).toBe(404);
      expect((await call(e, "GET", "/compute/script/9/statistics")).status).toBe(200);
      expect((await call(e, "GET", "/dnszone/1")).status).toBe(200);
    } finally {
      await e.close();
    }
    await expect(start({ fixtures: { pullZones: [{ id: 1 }] } as never })).rejects.toThrow(
      /invalid fixtures/,
    );
    await expect(start({ fixtures: path.join(dir, "missing.json") })).rejects.toThrow(
      /cannot read fixtures/,
    );
  });
});
