/**
 * Issue 12's findings, each reproduced where users run: a plain `node` child process (not
 * jest's event loop, which keeps a process alive by itself) against an emulator this file
 * starts on 127.0.0.1 with a free port. Each test asserts the child's exit code and output.
 * The scripts (test/node/scripts) use the built client (dist/); EDGE_DIST points them at
 * another build (that is how each was watched failing against the code before the fix).
 */
import { randomBytes } from "crypto";
import http from "http";
import net from "net";
import path from "path";
import { EmulatorControl, startEmulator } from "../../packages/emulator/src";
import type { RunningEmulator } from "../../packages/emulator/src";
import { startForwardProxy, type ForwardProxy } from "../support/forward-proxy";
import { expectExit0, runNode, type ChildRun } from "../support/node-child";
import { registerSecret } from "../support/secrets";

const SCRIPTS = path.join(__dirname, "scripts");
const apiKey = `node-test-${randomBytes(12).toString("hex")}`;
registerSecret(apiKey);

let emu: RunningEmulator;
let ctl: EmulatorControl;

beforeAll(async () => {
  emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
  ctl = new EmulatorControl(emu.url);
});
afterAll(() => emu.close());
beforeEach(() => ctl.reset());

/** Runs a script in a child process with the emulator settings; kills it after `limitMs`. */
function run(
  script: string,
  args: string[] = [],
  opts: { env?: Record<string, string>; nodeArgs?: string[]; limitMs?: number } = {},
): Promise<ChildRun> {
  const env = {
    EDGE_API_KEY: apiKey,
    EDGE_BASE_URL: emu.url,
    EDGE_LOGGING_URL: emu.loggingUrl,
    ...(process.env.EDGE_DIST ? { EDGE_DIST: process.env.EDGE_DIST } : {}),
    ...opts.env,
  };
  return runNode(path.join(SCRIPTS, script), args, env, opts);
}

describe("1. waiting keeps the process alive", () => {
  test("a 429 with Retry-After: 2 is waited out and the call finishes", async () => {
    await ctl.fault({
      method: "GET",
      path: "^/dnszone/1$",
      status: 429,
      headers: { "Retry-After": "2" },
    });
    const r = await run("f1-waits-keep-alive.js", ["retry-after"]);
    expectExit0(r);
    expect(r.stdout).toMatch(/^zone 1 after \d+ ms$/m);
    expect(r.stdout).toMatch(/^end$/m);
    expect(r.ms).toBeGreaterThanOrEqual(2000);
  });

  test("8 v2 log pages under a limiter that makes the script wait: all 8 arrive", async () => {
    const r = await run("f1-waits-keep-alive.js", ["log-pages"]);
    expectExit0(r);
    expect(r.stdout.match(/^page \d+: 10 records/gm)).toHaveLength(8);
    expect(r.stdout).toMatch(/^done 8 pages$/m);
    expect(r.stdout).toMatch(/^end$/m);
  });

  test("breaking out of for await releases everything: the script ends at once", async () => {
    const r = await run("f1-waits-keep-alive.js", ["break-early"]);
    expectExit0(r);
    expect(r.stdout).toMatch(/^done 1 pages$/m);
    // No client.close(): nothing (timer, socket, limiter) may hold the process open.
    expect(r.ms).toBeLessThan(5_000);
  });
});

describe("2. the deadline covers limiter waits; acquire is cancellable", () => {
  test("deadlineMs 1000 fails a limiter wait after ~1 s, frees the slot; a signal cancels", async () => {
    const r = await run("f2-deadline.js");
    expectExit0(r);
    const o = JSON.parse(r.stdout.trim().split("\n").pop() as string);
    expect(o.a.ok).toBe(true);
    // B gave up at its deadline, not after the 1.5 s limiter wait.
    expect(o.b).toMatchObject({ ok: false, code: "deadline_exceeded" });
    expect(o.b.ms).toBeLessThan(1_400);
    // C got the slot A freed: B took none.
    expect(o.c.ok).toBe(true);
    expect(o.c.ms).toBeLessThan(1_000);
    // D was cancelled by its signal while waiting.
    expect(o.d).toMatchObject({ ok: false, code: "aborted" });
    expect(o.d.ms).toBeLessThan(800);
  });
});

describe("3. no secret in any object the package creates", () => {
  test("inspect / JSON / String of client, areas, transport, errors", async () => {
    const r = await run("f3-secrets.js");
    expectExit0(r);
    expect(r.stdout).toMatch(/^no secret in \d+ renderings$/m);
  });
});

describe("4. bounded memory", () => {
  test("100 000 pull-zone keys, then idle past the window: heap back within 5 MB", async () => {
    const r = await run("f4-limiter-memory.js", ["100000"], {
      nodeArgs: ["--expose-gc"],
      limitMs: 60_000,
    });
    expectExit0(r);
    const o = JSON.parse(r.stdout.trim().split("\n").pop() as string);
    console.log(`limiter memory: ${JSON.stringify(o)}`);
    expect(o.keys).toBe(100_000);
    expect(o.retainedMB).toBeLessThan(5);
  }, 70_000);

  test("data-source clients with inline callbacks share one client and one limiter", async () => {
    const r = await run("f4-shared-limiter.js", [], { limitMs: 60_000 });
    expectExit0(r);
    const o = JSON.parse(r.stdout.trim().split("\n").pop() as string);
    // 4 requests at 2 per 1 500 ms: the last two waited for the shared window.
    expect(o.ms).toBeGreaterThanOrEqual(1_400);
    expect(o.pooledClients).toBe(1);
  }, 70_000);
});

describe("5. HTTP(S)_PROXY / NO_PROXY are honoured", () => {
  let proxy: ForwardProxy;
  let proxyUrl: string;

  beforeAll(async () => {
    proxy = await startForwardProxy();
    proxyUrl = proxy.url;
  });
  afterAll(() => proxy.close());
  beforeEach(() => {
    proxy.tunnels.length = 0;
  });
  const tunnels = (): string[] => proxy.tunnels;

  test("HTTP_PROXY: the call goes through the proxy", async () => {
    const r = await run("f5-proxy.js", [], { env: { HTTP_PROXY: proxyUrl } });
    expectExit0(r);
    expect(r.stdout).toMatch(/^zone 1$/m);
    expect(r.stdout).toMatch(/^undici loaded$/m);
    expect(tunnels().length).toBeGreaterThan(0);
  });

  test("no proxy in the environment: direct through Node's http, undici never loaded", async () => {
    const r = await run("f5-proxy.js");
    expectExit0(r);
    expect(r.stdout).toMatch(/^zone 1$/m);
    expect(r.stdout).toMatch(/^undici not loaded$/m);
    expect(tunnels()).toEqual([]);
  });

  test("https_proxy/http_proxy in lower case, NO_PROXY=127.0.0.1: direct", async () => {
    const r = await run("f5-proxy.js", [], {
      env: { http_proxy: proxyUrl, https_proxy: proxyUrl, NO_PROXY: "127.0.0.1" },
    });
    expectExit0(r);
    expect(r.stdout).toMatch(/^zone 1$/m);
    expect(tunnels()).toEqual([]);
  });

  test("proxy: false ignores the environment", async () => {
    const r = await run("f5-proxy.js", ["off"], { env: { HTTP_PROXY: proxyUrl } });
    expectExit0(r);
    expect(r.stdout).toMatch(/^zone 1$/m);
    expect(r.stdout).toMatch(/^undici not loaded$/m);
    expect(tunnels()).toEqual([]);
  });

  test.each([
    ["deadline", /^rejected (?:timeout|deadline_exceeded) after (\d+) ms$/m],
    ["signal", /^rejected aborted after (\d+) ms$/m],
  ])(
    "a proxy that drops every tunnel: the %s still ends the call, the script ends by itself",
    async (mode, expected) => {
      let connects = 0;
      const dropper = http.createServer();
      dropper.on("connect", (_req, socket) => {
        connects++;
        socket.destroy();
      });
      await new Promise<void>((r) => dropper.listen(0, "127.0.0.1", r));
      const url = `http://127.0.0.1:${(dropper.address() as net.AddressInfo).port}`;
      try {
        const r = await run("f5-proxy-drops.js", [mode], {
          env: { HTTP_PROXY: url, HTTPS_PROXY: url },
          limitMs: 15_000,
        });
        expectExit0(r);
        const m = expected.exec(r.stdout);
        if (!m) throw new Error(`unexpected output:\n${r.stdout}\n${r.stderr}`);
        expect(Number(m[1])).toBeLessThan(3_000);
        expect(connects).toBeGreaterThan(0);
        // The child ended: no tunnel attempt arrives any more.
        const before = connects;
        await new Promise((res) => setTimeout(res, 300));
        expect(connects).toBe(before);
      } finally {
        dropper.closeAllConnections();
        await new Promise<void>((res) => dropper.close(() => res()));
      }
    },
    20_000,
  );
});
