/**
 * Client vs emulator: response shapes that would corrupt state fail with a clear
 * EdgeApiError naming the operation; an empty availability answer is "unknown"; every
 * call and iterator takes `{ signal }`.
 */
import { getEventListeners } from "node:events";
import http from "node:http";
import net from "node:net";
import { inspect } from "node:util";
import { Client, EdgeApiError } from "../../packages/client/src";
import {
  apiError,
  client,
  collect,
  Emu,
  fault,
  journal,
  useEmulator,
  utcDay,
  validConfig,
} from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

describe("response shapes", () => {
  test("a rule answer without a numeric id (200 {}) is an unexpected_response", async () => {
    await fault(emu, { method: "GET", path: "^/shield/rate-limit/101$", status: 200, body: {} });
    const e = await apiError(c.shield.getRateLimit(101));
    expect(e).toBeInstanceOf(EdgeApiError);
    expect(e.errorKey).toBe("unexpected_response");
    expect(e.message).toMatch(
      /^shield\.getRateLimit \(GET \/shield\/rate-limit\/101\) failed: 200/,
    );
    expect(e.message).toMatch(/no numeric "id"/);
  });

  test("PATCH answered 200 with an empty body: unexpected_response, never an undefined rule", async () => {
    await fault(emu, {
      method: "PATCH",
      path: "^/shield/rate-limit/101$",
      status: 200,
      body: null,
    });
    const e = await apiError(
      c.shield.updateRateLimit(101, { ruleConfiguration: { ...validConfig } }),
    );
    expect(e.errorKey).toBe("unexpected_response");
    expect(e.message).toMatch(/^shield\.updateRateLimit .*empty body/);
  });

  test("a rule list without its data array fails (it must never read as an empty zone)", async () => {
    await fault(emu, { method: "GET", path: "^/shield/rate-limits/", status: 200, body: {} });
    const e = await apiError(c.shield.listAllRateLimits(1));
    expect(e.message).toMatch(/^shield\.listRateLimits .*no "data" array/);
  });

  test("a 200 with an embedded statusCode 404 is a not-found error", async () => {
    await fault(emu, {
      method: "GET",
      path: "^/shield/rate-limit/101$",
      status: 200,
      body: { errorResponse: { statusCode: 404 } },
    });
    const e = await apiError(c.shield.getRateLimit(101));
    expect(e.isNotFound).toBe(true);
    expect(e.isAmbiguousNotFound).toBe(false);
  });

  test("checkavailability answering an empty 200: Available is undefined (unknown)", async () => {
    await fault(emu, {
      method: "POST",
      path: "^/pullzone/checkavailability$",
      status: 200,
      body: null,
    });
    expect(await c.pullzones.checkNameAvailability("x-zone")).toEqual({ Available: undefined });
  });
});

describe("response shapes in any 2xx", () => {
  test("an event-log page without its logs array fails; it never ends the day silently", async () => {
    await fault(emu, { path: "^/shield/event-logs/", status: 200, body: { hasMoreData: false } });
    const e = await apiError(collect(c.shield.eventLogPages(1, utcDay(-1))));
    expect(e.errorKey).toBe("unexpected_response");
    expect(e.message).toMatch(/^shield\.getEventLogPage .*no "logs" array/);
  });

  test("an event-log page with hasMoreData but no continuationToken fails", async () => {
    await fault(emu, {
      path: "^/shield/event-logs/",
      status: 200,
      body: { logs: [], hasMoreData: true, continuationToken: "" },
    });
    const e = await apiError(collect(c.shield.eventLogPages(1, utcDay(-1))));
    expect(e.message).toMatch(/"hasMoreData" but carries no "continuationToken"/);
  });

  test.each([
    ["create answered 201 {}", "POST", "^/shield/rate-limit$", 201, {}],
    [
      "a rule answered 203 without an id",
      "GET",
      "^/shield/rate-limit/101$",
      203,
      { ruleName: "x" },
    ],
    ["a rule answered 204", "GET", "^/shield/rate-limit/101$", 204, undefined],
    ["a rule list answered 204", "GET", "^/shield/rate-limits/1", 204, undefined],
    ["a zone answered 204", "GET", "^/dnszone/1$", 204, undefined],
    [
      "a v2 log page answered 206 without data",
      "GET",
      "/v2/pullzones/1/logs",
      206,
      { pagination: {} },
    ],
  ] as const)("%s: unexpected_response", async (_name, method, path, status, body) => {
    await fault(emu, { method, path, status, ...(body === undefined ? {} : { body }) });
    const calls: Record<string, () => Promise<unknown>> = {
      POST: () =>
        c.shield.createRateLimit({
          shieldZoneId: 1,
          ruleName: "r",
          ruleDescription: "",
          ruleConfiguration: { ...validConfig },
        }),
    };
    const call =
      method === "POST"
        ? calls.POST
        : path.includes("rate-limits")
          ? () => c.shield.listAllRateLimits(1)
          : path.includes("rate-limit")
            ? () => c.shield.getRateLimit(101)
            : path.includes("dnszone")
              ? () => c.dns.getZone(1)
              : () => collect(c.logging.accessLogPages(1, {}, { pageSize: 10, maxRecords: 10 }));
    const e = await apiError(call());
    expect(e.errorKey).toBe("unexpected_response");
    expect(e.status).toBe(status);
  });

  test("a DELETE answered 204 with no body succeeds", async () => {
    await fault(emu, { method: "DELETE", path: "^/shield/rate-limit/101$", status: 204 });
    await expect(c.shield.deleteRateLimit(101)).resolves.not.toThrow();
  });
});

describe("{ signal }", () => {
  test("an aborted signal stops a call before it is sent", async () => {
    const e = await apiError(c.dns.getZone(1, { signal: AbortSignal.abort() }));
    expect(e.code).toBe("aborted");
    expect(await journal(emu, /^\/dnszone\/1$/)).toHaveLength(0);
  });

  test("a signal cancels a backoff wait and a slow request", async () => {
    await fault(emu, {
      method: "GET",
      path: "^/dnszone/1$",
      status: 429,
      headers: { "Retry-After": "30" },
    });
    const t0 = Date.now();
    const patient = client(emu, { deadlineMs: 60_000, maxAttempts: 3 });
    const e = await apiError(patient.dns.getZone(1, { signal: AbortSignal.timeout(200) }));
    expect(e.code).toBe("aborted");
    expect(e.attempts).toBe(1);
    expect(Date.now() - t0).toBeLessThan(2_000);
    await fault(emu, { method: "GET", path: "^/dnszone/1$", delayMs: 3_000 });
    const e2 = await apiError(
      client(emu, { timeoutMs: 10_000 }).dns.getZone(1, { signal: AbortSignal.timeout(200) }),
    );
    expect(e2.code).toBe("aborted");
  });

  test("page iterators take a signal; withOptions passes one to every call", async () => {
    const ctl = new AbortController();
    const pages: number[] = [];
    const it = c.logging.accessLogPages(
      1,
      {},
      { pageSize: 10, maxRecords: 50, signal: ctl.signal },
    );
    const e = await apiError(
      (async () => {
        for await (const p of it) {
          pages.push(p.data.length);
          ctl.abort();
        }
      })(),
    );
    expect(pages).toEqual([10]);
    expect(e.code).toBe("aborted");
    const view = c.withOptions({ signal: AbortSignal.abort() });
    expect((await apiError(view.containers.getRegistry(1))).code).toBe("aborted");
    // The view shares the client's transport; the client itself is unaffected.
    expect((await c.containers.getRegistry(1)).id).toBe(1);
  });

  test("one signal shared by 25 concurrent calls: one listener on it, no MaxListenersExceededWarning, an abort stops every call, none left after", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on("warning", onWarning);
    try {
      const ctl = new AbortController();
      const done = await Promise.all(
        Array.from({ length: 25 }, () => c.dns.getZone(1, { signal: ctl.signal })),
      );
      expect(done.map((z) => z.Id)).toEqual(Array(25).fill(1));
      expect(getEventListeners(ctl.signal, "abort")).toHaveLength(0);

      await fault(emu, { method: "GET", path: "^/dnszone/1$", delayMs: 3_000, count: -1 });
      const slow = Array.from({ length: 25 }, () =>
        apiError(c.dns.getZone(1, { signal: ctl.signal })),
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(getEventListeners(ctl.signal, "abort")).toHaveLength(1);
      const t0 = Date.now();
      ctl.abort();
      const errors = await Promise.all(slow);
      expect(errors.map((e) => e.code)).toEqual(Array(25).fill("aborted"));
      expect(Date.now() - t0).toBeLessThan(2_000);
      expect(getEventListeners(ctl.signal, "abort")).toHaveLength(0);
      await new Promise((r) => setImmediate(r));
      expect(warnings).toEqual([]);
    } finally {
      process.off("warning", onWarning);
    }
  });

  test("a body that stops half-way: the timeout's error says the body did not arrive in time, not 'aborted'", async () => {
    // Answers the head and half a JSON body, then goes silent.
    const stalled = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"Id": 1, "Domain": "half');
    });
    await new Promise<void>((r) => stalled.listen(0, "127.0.0.1", r));
    try {
      const port = (stalled.address() as net.AddressInfo).port;
      const c2 = client(emu, {
        baseUrl: `http://127.0.0.1:${port}`,
        timeoutMs: 300,
        maxAttempts: 1,
      });
      const e = await apiError(c2.dns.getZone(1));
      expect(e.code).toBe("timeout");
      expect(String(e.detail)).toBe("the response's body did not arrive within 300 ms");
      expect(e.message).not.toMatch(/aborted/i);
    } finally {
      stalled.closeAllConnections();
      stalled.close();
    }
  });

  test("an abort undici cannot settle (stalled TLS) never cuts off other calls of the client", async () => {
    // A host that accepts TCP and never speaks TLS: undici settles the aborted request only at
    // its own connect timeout, long after the abort. The client's other calls share the pool.
    const silent = net.createServer((s) => s.on("error", () => undefined));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    try {
      // A time limit well above the delays: a loaded machine must not time the calls out.
      const mixed = client(emu, {
        proxy: false,
        timeoutMs: 10_000,
        loggingUrl: `https://127.0.0.1:${(silent.address() as net.AddressInfo).port}`,
      });
      await fault(emu, { method: "POST", path: "^/shield/rate-limit$", delayMs: 1800 });
      await fault(emu, { method: "GET", path: "^/dnszone/1$", delayMs: 1800 });
      const create = mixed.shield.createRateLimit({
        shieldZoneId: 1,
        ruleName: "created-while-another-call-is-stuck",
        ruleDescription: "",
        ruleConfiguration: { ...validConfig },
      });
      const zone = mixed.dns.getZone(1);
      const e = await apiError(
        mixed.logging.getAccessLogPage(1, {}, { signal: AbortSignal.timeout(150) }),
      );
      expect(e.code).toBe("aborted");
      expect((await create).status).toBe(200);
      expect((await zone).Id).toBe(1);
      // The client still works afterwards.
      expect((await mixed.dns.getZone(2)).Id).toBe(2);
    } finally {
      silent.close();
    }
  }, 15_000);

  test("v1 records: none is delivered after abort(), even from a chunk already read", async () => {
    const ctl = new AbortController();
    let seen = 0;
    let afterAbort = 0;
    const e = await apiError(
      (async () => {
        for await (const _r of c.logging.legacyAccessLogRecords(
          1,
          utcDay(-1),
          {},
          {
            signal: ctl.signal,
          },
        )) {
          seen++;
          if (ctl.signal.aborted) afterAbort++;
          ctl.abort();
        }
      })(),
    );
    expect(e.code).toBe("aborted");
    expect(seen).toBe(1);
    expect(afterAbort).toBe(0);
  });
});

describe("secrets echoed by the platform", () => {
  test("a key straddling the 300-character cut of a text body: no part of it survives", async () => {
    const key = emu.apiKey;
    await fault(emu, { path: "^/dnszone/", status: 500, body: `${"x".repeat(290)} ${key}` });
    const e = await apiError(client(emu, { maxAttempts: 1 }).dns.getZone(1));
    for (const text of [e.message, String(e.detail), JSON.stringify(e.body), inspect(e)]) {
      expect(text).not.toContain(key.slice(0, 6));
    }
    expect(e.detail).toContain("[redacted");
  });

  test("a secret holding a quote and a backslash, echoed in a JSON error body", async () => {
    const token = 'tok"en\\with-quote-and-backslash';
    await fault(emu, {
      path: "^/dnszone/",
      status: 400,
      body: { title: "bad", detail: "x", echo: `you sent ${token}`, [token]: 1 },
    });
    const e = await apiError(client(emu, { maxAttempts: 1, loggingToken: token }).dns.getZone(1));
    for (const text of [e.message, JSON.stringify(e.body), inspect(e, { depth: 9 })]) {
      expect(text).not.toContain("with-quote-and-backslash");
    }
    expect(e.body).toEqual({
      title: "bad",
      detail: "x",
      echo: "you sent [redacted]",
      "[redacted]": 1,
    });
  });
});
