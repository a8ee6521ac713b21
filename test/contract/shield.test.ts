/** Client vs emulator: shield rate-limit rules and event logs. */
import { Client, EdgeApiError } from "../../packages/client/src";
import {
  apiError,
  clearJournal,
  client,
  collect,
  Emu,
  fault,
  journal,
  reset,
  utcDay,
  validConfig,
  wrongKeyClient,
  useEmulator,
} from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

describe("GET /shield/rate-limit/{id} -> shield.getRateLimit", () => {
  test("success: the full rule", async () => {
    const r = await c.shield.getRateLimit(101);
    expect(r).toMatchObject({ id: 101, shieldZoneId: 1, userId: "user-1" });
    expect(r.ruleConfiguration?.timeframe).toBe(60);
  });
  test("missing rule: 404 problem A, isNotFound", async () => {
    const e = await apiError(c.shield.getRateLimit(999));
    expect(e.status).toBe(404);
    expect(e.errorKey).toBe("not_found.ratelimit");
    expect(e.isNotFound).toBe(true);
    expect(e.message).toMatch(
      /^shield\.getRateLimit \(GET \/shield\/rate-limit\/999\) failed: 404 not_found\.ratelimit/,
    );
  });
  test("wrong key: 401", async () => {
    const w = wrongKeyClient(emu);
    const e = await apiError(w.shield.getRateLimit(101));
    w.close();
    expect(e.status).toBe(401);
    expect(e.message).not.toContain("wrong-key-0000");
  });
  test("validation: a negative id is a 400", async () => {
    const e = await apiError(c.shield.getRateLimit(-1));
    expect(e.status).toBe(400);
  });
  test("2xx with errorResponse.success=false and a not_found key counts as gone", async () => {
    await fault(emu, {
      method: "GET",
      path: "^/shield/rate-limit/101$",
      status: 200,
      body: {
        id: 0,
        shieldZoneId: 0,
        errorResponse: {
          statusCode: 404,
          success: false,
          message: "gone",
          errorKey: "not_found.ratelimit",
        },
      },
    });
    const e = await apiError(c.shield.getRateLimit(101));
    expect(e.status).toBe(200);
    expect(e.isNotFound).toBe(true);
    expect(e.errorKey).toBe("not_found.ratelimit");
    expect(await journal(emu, /^\/shield\/rate-limit\/101$/)).toHaveLength(1);
  });
  test("malformed JSON in a 200 is retried for a GET", async () => {
    await fault(emu, { method: "GET", path: "^/shield/rate-limit/101$", malformed: true });
    const r = await c.shield.getRateLimit(101);
    expect(r.id).toBe(101);
    const j = await journal(emu, /^\/shield\/rate-limit\/101$/);
    expect(j.map((x) => x.status)).toEqual([200, 200]);
  });
  test("malformed JSON every time: EdgeApiError malformed_response after maxAttempts", async () => {
    await fault(emu, {
      method: "GET",
      path: "^/shield/rate-limit/101$",
      malformed: true,
      count: 10,
    });
    const e = await apiError(c.shield.getRateLimit(101));
    expect(e.errorKey).toBe("malformed_response");
    expect(e.status).toBe(200);
    expect(e.attempts).toBe(4);
    expect(await journal(emu, /^\/shield\/rate-limit\/101$/)).toHaveLength(4);
  });
});

describe("POST /shield/rate-limit -> shield.createRateLimit", () => {
  const body = {
    shieldZoneId: 1,
    ruleName: "new",
    ruleDescription: "d",
    ruleConfiguration: validConfig,
  };
  test("success: 200 with the new rule", async () => {
    const r = await c.shield.createRateLimit(body);
    expect(r.status).toBe(200);
    if (r.status !== 200) throw new Error("unreachable");
    expect(r.rule.id).toBeGreaterThanOrEqual(1000);
    expect(r.rule.ruleConfiguration).toEqual(validConfig);
    expect((await c.shield.getRateLimit(r.rule.id)).ruleName).toBe("new");
  });
  test("unknown shield zone: 2xx with an embedded failure -> EdgeApiError", async () => {
    const e = await apiError(c.shield.createRateLimit({ ...body, shieldZoneId: 77 }));
    expect(e.status).toBeGreaterThanOrEqual(200);
    expect(e.status).toBeLessThan(300);
    expect(e.errorKey).toBe("not_found_or_unauthorised_access.shieldzone");
    expect(e.isNotFound).toBe(true);
  });
  test("validation: 400 with field errors naming the property", async () => {
    const e = await apiError(
      c.shield.createRateLimit({
        ...body,
        ruleConfiguration: { ...validConfig, timeframe: 7 as never },
      }),
    );
    expect(e.status).toBe(400);
    expect(e.message).toMatch(/^shield\.createRateLimit \(POST \/shield\/rate-limit\) failed: 400/);
    expect(e.message).toContain("timeframe");
  });
  test("wrong key: 401", async () => {
    const w = wrongKeyClient(emu);
    const e = await apiError(w.shield.createRateLimit(body));
    w.close();
    expect(e.status).toBe(401);
  });
  test("a POST that times out is NOT re-sent", async () => {
    const before = (await c.shield.listAllRateLimits(1)).length;
    await clearJournal(emu);
    await fault(emu, { method: "POST", path: "^/shield/rate-limit$", delayMs: 600 });
    const retries: number[] = [];
    const e = await apiError(
      client(emu, {
        timeoutMs: 150,
        onRetry: (i) => retries.push(i.attempt),
      }).shield.createRateLimit(body),
    );
    expect(e.status).toBe(0);
    expect(e.code).toBe("timeout");
    expect(e.attempts).toBe(1);
    expect(retries).toEqual([]);
    await new Promise((r) => setTimeout(r, 800));
    // The one request was processed once by the server (after its delay); nothing was re-sent.
    // The emulator journals a request whose client went away with status 0.
    const posts = await journal(emu, /^\/shield\/rate-limit$/, "POST");
    expect(posts.map((x) => x.status)).toEqual([0]);
    expect((await c.shield.listAllRateLimits(1)).length).toBe(before + 1);
  });
  test("a POST answered 503 or reset is NOT re-sent", async () => {
    await fault(emu, { method: "POST", path: "^/shield/rate-limit$", status: 503 });
    expect((await apiError(c.shield.createRateLimit(body))).status).toBe(503);
    await fault(emu, { method: "POST", path: "^/shield/rate-limit$", reset: true });
    expect((await apiError(c.shield.createRateLimit(body))).status).toBe(0);
    expect(await journal(emu, /^\/shield\/rate-limit$/, "POST")).toHaveLength(2);
  });
  test("a POST answered 429 (before processing) is retried after Retry-After", async () => {
    await fault(emu, {
      method: "POST",
      path: "^/shield/rate-limit$",
      status: 429,
      headers: { "Retry-After": "1" },
    });
    const t0 = Date.now();
    const r = await c.shield.createRateLimit(body);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(950);
    expect(r.status).toBe(200);
    const j = await journal(emu, /^\/shield\/rate-limit$/, "POST");
    expect(j.map((x) => x.status)).toEqual([429, 200]);
  });
});

describe("PATCH /shield/rate-limit/{id} -> shield.updateRateLimit", () => {
  test("success: 200 with the updated rule; ruleConfiguration replaced whole", async () => {
    const r = await c.shield.updateRateLimit(101, {
      ruleName: "renamed",
      ruleConfiguration: { ...validConfig, timeframe: 10 },
    });
    expect(r.status).toBe(200);
    if (r.status !== 200) throw new Error("unreachable");
    expect(r.rule.ruleName).toBe("renamed");
    expect(r.rule.ruleConfiguration?.timeframe).toBe(10);
    const j = await journal(emu, /^\/shield\/rate-limit\/101$/, "PATCH");
    expect(j[0].body).toEqual({
      ruleName: "renamed",
      ruleConfiguration: { ...validConfig, timeframe: 10 },
    });
  });
  test("202 Accepted is returned as {status: 202, accepted}", async () => {
    const accepted = { location: "/shield/rate-limit/101", value: null, statusCode: 202 };
    await fault(emu, {
      method: "PATCH",
      path: "^/shield/rate-limit/101$",
      status: 202,
      body: accepted,
      afterHandler: true,
    });
    const r = await c.shield.updateRateLimit(101, { ruleName: "async" });
    expect(r).toEqual({ status: 202, accepted });
    expect((await c.shield.getRateLimit(101)).ruleName).toBe("async");
  });
  test("validation: 400 message names operation, path, key and field", async () => {
    const e = await apiError(
      c.shield.updateRateLimit(101, {
        ruleConfiguration: { ...validConfig, timeframe: 7 as never },
      }),
    );
    expect(e.status).toBe(400);
    expect(e.message).toMatch(
      /^shield\.updateRateLimit \(PATCH \/shield\/rate-limit\/101\) failed: 400 \S+: .*timeframe/,
    );
    expect(
      e.fieldErrors.some((f) => f.field.includes("timeframe") || f.message.includes("timeframe")),
    ).toBe(true);
  });
  test("missing rule: 404, isNotFound", async () => {
    const e = await apiError(c.shield.updateRateLimit(4242, { ruleName: "x" }));
    expect(e.isNotFound).toBe(true);
  });
  test("wrong key: 401 UnauthorizedResult", async () => {
    const w = wrongKeyClient(emu);
    const e = await apiError(w.shield.updateRateLimit(101, { ruleName: "x" }));
    w.close();
    expect(e.status).toBe(401);
    expect(e.body).toEqual({ statusCode: 401 });
  });
  test("retries 503 then succeeds (idempotent PATCH)", async () => {
    await fault(emu, { method: "PATCH", path: "^/shield/rate-limit/101$", status: 503, count: 2 });
    const retries: number[] = [];
    const r = await client(emu, { onRetry: (i) => retries.push(i.status) }).shield.updateRateLimit(
      101,
      {
        ruleName: "after-503",
      },
    );
    expect(r.status).toBe(200);
    expect(retries).toEqual([503, 503]);
    const j = await journal(emu, /^\/shield\/rate-limit\/101$/, "PATCH");
    expect(j.map((x) => x.status)).toEqual([503, 503, 200]);
  });
  test("retries a connection reset", async () => {
    await fault(emu, { method: "PATCH", path: "^/shield/rate-limit/101$", reset: true });
    await c.shield.updateRateLimit(101, { ruleName: "after-reset" });
    const j = await journal(emu, /^\/shield\/rate-limit\/101$/, "PATCH");
    expect(j.map((x) => x.status)).toEqual([0, 200]);
  });
  test("retries after a per-attempt timeout (delay past timeoutMs)", async () => {
    await fault(emu, { method: "PATCH", path: "^/shield/rate-limit/101$", delayMs: 500 });
    const retries: { status: number; attempt: number }[] = [];
    const t0 = Date.now();
    const r = await client(emu, {
      timeoutMs: 150,
      onRetry: (i) => retries.push(i),
    }).shield.updateRateLimit(101, { ruleName: "after-timeout" });
    expect(r.status).toBe(200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
    expect(retries).toMatchObject([{ status: 0, attempt: 1 }]);
    await new Promise((res) => setTimeout(res, 500));
    // The timed-out first attempt (status 0: its client went away), then the 200 retry.
    const j = await journal(emu, /^\/shield\/rate-limit\/101$/, "PATCH");
    // (Journaled when answered or given up, so order by arrival time.)
    expect([...j].sort((a, b) => a.time - b.time).map((x) => x.status)).toEqual([0, 200]);
  });
  test("429 without Retry-After: exponential backoff, then success", async () => {
    await fault(emu, { method: "PATCH", path: "^/shield/rate-limit/101$", status: 429, count: 2 });
    const delays: number[] = [];
    await client(emu, { onRetry: (i) => delays.push(i.delayMs) }).shield.updateRateLimit(101, {
      ruleName: "x",
    });
    expect(delays).toHaveLength(2);
    expect(delays[0]).toBeLessThan(5);
    expect(delays[1]).toBeLessThan(10);
    expect(await journal(emu, /^\/shield\/rate-limit\/101$/, "PATCH")).toHaveLength(3);
  });
  test("429 with Retry-After as an HTTP-date is honoured", async () => {
    const at = new Date(Date.now() + 2000).toUTCString();
    await fault(emu, {
      method: "PATCH",
      path: "^/shield/rate-limit/101$",
      status: 429,
      headers: { "Retry-After": at },
    });
    const delays: number[] = [];
    await client(emu, { onRetry: (i) => delays.push(i.delayMs) }).shield.updateRateLimit(101, {
      ruleName: "x",
    });
    expect(delays[0]).toBeGreaterThan(500);
    expect(await journal(emu, /^\/shield\/rate-limit\/101$/, "PATCH")).toHaveLength(2);
  });
  test("maxAttempts bounds the retries; 500 is not retried", async () => {
    await fault(emu, { method: "PATCH", path: "^/shield/rate-limit/101$", status: 503, count: 10 });
    const e = await apiError(
      client(emu, { maxAttempts: 3 }).shield.updateRateLimit(101, { ruleName: "x" }),
    );
    expect(e.status).toBe(503);
    expect(e.attempts).toBe(3);
    expect(await journal(emu, /^\/shield\/rate-limit\/101$/, "PATCH")).toHaveLength(3);
    await clearJournal(emu);
    await reset(emu);
    await fault(emu, { method: "PATCH", path: "^/shield/rate-limit/101$", status: 500 });
    expect((await apiError(c.shield.updateRateLimit(101, { ruleName: "x" }))).status).toBe(500);
    expect(await journal(emu, /^\/shield\/rate-limit\/101$/, "PATCH")).toHaveLength(1);
  });
  test("the deadline bounds the whole call", async () => {
    await fault(emu, {
      method: "PATCH",
      path: "^/shield/rate-limit/101$",
      status: 429,
      headers: { "Retry-After": "30" },
    });
    const t0 = Date.now();
    const e = await apiError(
      client(emu, { deadlineMs: 1000 }).shield.updateRateLimit(101, { ruleName: "x" }),
    );
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(e.status).toBe(429);
    await fault(emu, { method: "PATCH", path: "^/shield/rate-limit/101$", delayMs: 2000 });
    const e2 = await apiError(
      client(emu, { deadlineMs: 300, timeoutMs: 5000 }).shield.updateRateLimit(101, {
        ruleName: "x",
      }),
    );
    expect(e2.status).toBe(0);
    expect(e2.code).toBe("deadline_exceeded");
  });
});

describe("DELETE /shield/rate-limit/{id} -> shield.deleteRateLimit", () => {
  test("success: GenericRequestResponse, then the rule is gone", async () => {
    const r = await c.shield.deleteRateLimit(102);
    expect(r.success).toBe(true);
    expect((await apiError(c.shield.getRateLimit(102))).isNotFound).toBe(true);
  });
  test("missing rule: 404, isNotFound", async () => {
    expect((await apiError(c.shield.deleteRateLimit(4242))).isNotFound).toBe(true);
  });
  test("wrong key: 401", async () => {
    const w = wrongKeyClient(emu);
    expect((await apiError(w.shield.deleteRateLimit(101))).status).toBe(401);
    w.close();
  });
  test("validation: a negative id is a 400", async () => {
    expect((await apiError(c.shield.deleteRateLimit(-5))).status).toBe(400);
  });
  test("embedded success:false in a 200 body is an error", async () => {
    await fault(emu, {
      method: "DELETE",
      path: "^/shield/rate-limit/101$",
      status: 200,
      body: { statusCode: 403, success: false, message: "nope", errorKey: "forbidden.ratelimit" },
    });
    const e = await apiError(c.shield.deleteRateLimit(101));
    expect(e.status).toBe(200);
    expect(e.errorKey).toBe("forbidden.ratelimit");
    expect(e.isNotFound).toBe(false);
  });
  test("retries a 504 (idempotent DELETE)", async () => {
    await fault(emu, { method: "DELETE", path: "^/shield/rate-limit/101$", status: 504 });
    expect((await c.shield.deleteRateLimit(101)).success).toBe(true);
    expect(
      (await journal(emu, /^\/shield\/rate-limit\/101$/, "DELETE")).map((x) => x.status),
    ).toEqual([504, 200]);
  });
});

describe("GET /shield/rate-limits/{shieldZoneId} -> shield.listRateLimits / listAllRateLimits", () => {
  test("success: one page", async () => {
    const r = await c.shield.listRateLimits(1, 1, 1);
    expect(r.data.map((x) => x.id)).toEqual([101]);
    expect(r.page).toMatchObject({
      totalCount: 2,
      totalPages: 2,
      currentPage: 1,
      nextPage: 2,
      pageSize: 1,
    });
    const j = await journal(emu, /^\/shield\/rate-limits\/1$/);
    expect(j[0].query).toEqual({ page: "1", perPage: "1" });
  });
  test("listAllRateLimits follows every page", async () => {
    for (let i = 0; i < 120; i++) {
      await c.shield.createRateLimit({
        shieldZoneId: 1,
        ruleName: `r${i}`,
        ruleConfiguration: validConfig,
      });
    }
    const all = await c.shield.listAllRateLimits(1);
    expect(all).toHaveLength(122);
    expect(new Set(all.map((r) => r.id)).size).toBe(122);
    expect((await journal(emu, /^\/shield\/rate-limits\/1$/)).length).toBe(2);
  });
  describe("answers without page information", () => {
    const rule = (id: number) => ({
      id,
      shieldZoneId: 1,
      ruleName: `p${id}`,
      ruleConfiguration: validConfig,
    });
    /** The zone's list answers `data` alone (no `page`) to the next request. */
    const pageless = (data: object[]) =>
      fault(emu, {
        method: "GET",
        path: "^/shield/rate-limits/1$",
        status: 200,
        body: { data, error: null },
      });

    test("a full page is followed by the next page number until a short one: nothing is left out", async () => {
      await pageless([rule(1), rule(2)]);
      await pageless([rule(3), rule(4)]);
      await pageless([rule(5)]);
      const all = await c.shield.listAllRateLimits(1, { perPage: 2 });
      expect(all.map((r) => r.id)).toEqual([1, 2, 3, 4, 5]);
      const pages = (await journal(emu, /^\/shield\/rate-limits\/1$/)).map((e) => e.query?.page);
      expect(pages).toEqual(["1", "2", "3"]);
    });

    test("a short page is the last: one call", async () => {
      await pageless([rule(1)]);
      expect((await c.shield.listAllRateLimits(1, { perPage: 2 })).map((r) => r.id)).toEqual([1]);
      expect(await journal(emu, /^\/shield\/rate-limits\/1$/)).toHaveLength(1);
    });

    test("a server that ignores `page` (page 2 repeats page 1): an error, never a partial list", async () => {
      await fault(emu, {
        method: "GET",
        path: "^/shield/rate-limits/1$",
        status: 200,
        body: { data: [rule(1), rule(2)], error: null },
        count: 2,
      });
      await expect(c.shield.listAllRateLimits(1, { perPage: 2 })).rejects.toThrow(
        "GET /shield/rate-limits/1: page 2 repeats an item of an earlier page",
      );
    });

    test("page information that says page 1 to the request for page 2, or counts more than came: an error", async () => {
      const info = (currentPage: number) => ({
        totalCount: 4,
        totalPages: 2,
        currentPage,
        nextPage: currentPage < 2 ? currentPage + 1 : null,
        pageSize: 2,
      });
      const answer = (data: object[], page: object, count = 1) =>
        fault(emu, {
          method: "GET",
          path: "^/shield/rate-limits/1$",
          status: 200,
          body: { data, page, error: null },
          count,
        });
      await answer([rule(1), rule(2)], info(1), 2); // page 2 answered as page 1 again
      await expect(c.shield.listAllRateLimits(1, { perPage: 2 })).rejects.toThrow(
        "page 2 was asked for and page 1 answered",
      );
      await answer([rule(1), rule(2)], { ...info(1), nextPage: null, totalPages: 1 });
      await expect(c.shield.listAllRateLimits(1, { perPage: 2 })).rejects.toThrow(
        "2 items came of the 4 its pages count",
      );
    });
  });

  test("unknown zone: embedded error -> EdgeApiError, isNotFound", async () => {
    const e = await apiError(c.shield.listRateLimits(99));
    expect(e.errorKey).toBe("not_found_or_unauthorised_access.shieldzone");
    expect(e.isNotFound).toBe(true);
  });
  test("validation: perPage 0 is a 400", async () => {
    expect((await apiError(c.shield.listRateLimits(1, 1, 0))).status).toBe(400);
  });
  test("wrong key: 401", async () => {
    const w = wrongKeyClient(emu);
    expect((await apiError(w.shield.listRateLimits(1))).status).toBe(401);
    w.close();
  });
});

describe("GET /shield/event-logs/{zone}/{date}[/{token}] -> shield.getEventLogPage / eventLogPages", () => {
  test("first page has no token segment; date is MM-dd-yyyy", async () => {
    const day = utcDay(0);
    const p = await c.shield.getEventLogPage(1, day);
    expect(p.logs).toHaveLength(20);
    expect(p.hasMoreData).toBe(true);
    const [entry] = await journal(emu, /^\/shield\/event-logs\//);
    const mm = String(day.getUTCMonth() + 1).padStart(2, "0");
    const dd = String(day.getUTCDate()).padStart(2, "0");
    expect(entry.path).toBe(`/shield/event-logs/1/${mm}-${dd}-${day.getUTCFullYear()}`);
  });
  test("eventLogPages: every page in order, tokens passed along, progress reported", async () => {
    const progress: number[] = [];
    const pages = await collect(
      c.shield.eventLogPages(1, utcDay(-1), { onProgress: (p) => progress.push(p.records) }),
    );
    expect(pages).toHaveLength(5);
    expect(pages.map((p) => p.hasMoreData)).toEqual([true, true, true, true, false]);
    expect(progress).toEqual([20, 40, 60, 80, 100]);
    const ids = pages.flatMap((p) => p.logs.map((l) => l.logId));
    expect(new Set(ids).size).toBe(100);
    const j = await journal(emu, /^\/shield\/event-logs\//);
    expect(j).toHaveLength(5);
    for (let i = 1; i < 5; i++) {
      expect(j[i].path.endsWith(`/${encodeURIComponent(pages[i - 1].continuationToken)}`)).toBe(
        true,
      );
    }
  });
  test("eventLogPages: maxPages stops early", async () => {
    const pages = await collect(c.shield.eventLogPages(2, utcDay(-2), { maxPages: 3 }));
    expect(pages).toHaveLength(3);
    expect(await journal(emu, /^\/shield\/event-logs\//)).toHaveLength(3);
  });
  test("a day outside the window: 400 invalid_datetime_window.event_logs", async () => {
    const e = await apiError(c.shield.getEventLogPage(1, utcDay(-10)));
    expect(e.status).toBe(400);
    expect(e.errorKey).toBe("invalid_datetime_window.event_logs");
  });
  test("bad continuation token: 400", async () => {
    expect((await apiError(c.shield.getEventLogPage(1, utcDay(0), "garbage"))).status).toBe(400);
  });
  test("unknown zone: embedded failure in a 200 -> EdgeApiError", async () => {
    const e = await apiError(c.shield.getEventLogPage(99, utcDay(0)));
    expect(e.status).toBe(200);
    expect(e.errorKey).toBe("not_found_or_unauthorised_access.shieldzone");
  });
  test("an invalid date is rejected client-side with a TypeError (no request)", async () => {
    await expect(c.shield.getEventLogPage(1, "31-12-2024")).rejects.toThrow(TypeError);
    await expect(c.shield.getEventLogPage(1, "31-12-2024")).rejects.toThrow(/MM-dd-yyyy/);
    expect(await journal(emu, /^\/shield\/event-logs\//)).toHaveLength(0);
  });
  test("wrong key", async () => {
    const w = wrongKeyClient(emu);
    const e = await apiError(w.shield.getEventLogPage(1, utcDay(0)));
    w.close();
    expect(e.status).toBe(401);
    expect(e).toBeInstanceOf(EdgeApiError);
  });
  test("a 503 mid-pagination is retried and no page is lost", async () => {
    await fault(emu, { method: "GET", path: "^/shield/event-logs/1/[^/]+/[^/]+$", status: 503 });
    const pages = await collect(c.shield.eventLogPages(1, utcDay(0)));
    expect(pages).toHaveLength(5);
    expect((await journal(emu, /^\/shield\/event-logs\//)).map((x) => x.status)).toEqual([
      200, 503, 200, 200, 200, 200,
    ]);
  });
});
