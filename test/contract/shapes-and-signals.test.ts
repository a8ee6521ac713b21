/**
 * Client vs emulator: response shapes that would corrupt state fail with a clear
 * EdgeApiError naming the operation; an empty availability answer is "unknown"; every
 * call and iterator takes `{ signal }`.
 */
import { Client, EdgeApiError } from "../../packages/client/src";
import { apiError, client, Emu, fault, journal, useEmulator, validConfig } from "./helpers";

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
});
