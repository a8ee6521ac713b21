import { LimiterClock, SlidingWindowLimiter } from "../../packages/client/src/api/limiter";

/** A fake clock: a timer advances virtual time to its due time when it fires. */
function fakeClock(): LimiterClock & { t: number } {
  const c = {
    t: 0,
    now: () => c.t,
    setTimer: (fn: () => void, ms: number) => {
      const due = c.t + ms;
      const h = setImmediate(() => {
        c.t = Math.max(c.t, due);
        fn();
      });
      return () => clearImmediate(h);
    },
  };
  return c;
}

describe("SlidingWindowLimiter", () => {
  test("grants up to `requests` at once, then waits for the window after release", async () => {
    const clock = fakeClock();
    const l = new SlidingWindowLimiter({ requests: 3, windowMs: 1000 }, clock);
    const grants: number[] = [];
    for (let i = 0; i < 7; i++) {
      const p = await l.acquire("z1");
      grants.push(clock.now());
      p.release();
    }
    expect(grants.slice(0, 3)).toEqual([0, 0, 0]);
    // Slots free windowMs (+ a few ms margin) after release.
    expect(grants[3]).toBeGreaterThanOrEqual(1000);
    expect(grants[5]).toBeGreaterThanOrEqual(1000);
    expect(grants[6]).toBeGreaterThanOrEqual(2000);
    // No window of 1000 ms ever holds more than 3 grants.
    for (const g of grants) {
      expect(grants.filter((x) => x >= g && x < g + 1000).length).toBeLessThanOrEqual(3);
    }
  });

  test("keys are independent", async () => {
    const clock = fakeClock();
    const l = new SlidingWindowLimiter({ requests: 1, windowMs: 1000 }, clock);
    (await l.acquire("a")).release();
    (await l.acquire("b")).release();
    expect(clock.now()).toBe(0);
    expect(l.inUse("a")).toBe(1);
    expect(l.inUse("b")).toBe(1);
  });

  test("an in-flight request holds its slot until released", async () => {
    const l = new SlidingWindowLimiter({ requests: 1, windowMs: 20 });
    const first = await l.acquire("z");
    let second = false;
    const p = l.acquire("z").then((x) => {
      second = true;
      return x;
    });
    await new Promise((r) => setTimeout(r, 60));
    expect(second).toBe(false);
    const t0 = Date.now();
    first.release();
    (await p).release();
    expect(second).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(15);
  });

  test("waiters are served in FIFO order (real timers, small window)", async () => {
    const l = new SlidingWindowLimiter({ requests: 2, windowMs: 30 });
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        l.acquire("z").then((p) => {
          order.push(i);
          p.release();
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  test("a burst is spread over windows (real timers)", async () => {
    const l = new SlidingWindowLimiter({ requests: 5, windowMs: 100 });
    const t0 = Date.now();
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 12 }, () =>
        l.acquire("z").then((p) => {
          times.push(Date.now() - t0);
          p.release();
        }),
      ),
    );
    // 12 requests at 5 per 100 ms need at least two extra windows.
    expect(Math.max(...times)).toBeGreaterThanOrEqual(200);
  });

  test("acquire is cancellable: the waiter leaves the queue and takes no slot", async () => {
    const l = new SlidingWindowLimiter({ requests: 1, windowMs: 60_000 });
    const first = await l.acquire("z");
    const ctl = new AbortController();
    const waiting = l.acquire("z", ctl.signal);
    ctl.abort(new Error("stop"));
    await expect(waiting).rejects.toThrow("stop");
    expect(l.inUse("z")).toBe(1);
    first.release();
    expect(l.inUse("z")).toBe(1); // the released slot stays in its window
    await expect(l.acquire("z", AbortSignal.abort())).rejects.toBeDefined();
  });

  test("idle keys are forgotten after a window", async () => {
    const l = new SlidingWindowLimiter({ requests: 2, windowMs: 20 });
    for (let i = 0; i < 100; i++) (await l.acquire(`zone-${i}`)).release();
    expect(l.size).toBe(100);
    await new Promise((r) => setTimeout(r, 40));
    l.sweep();
    expect(l.size).toBe(0);
  });

  test("rejects bad settings", () => {
    expect(() => new SlidingWindowLimiter({ requests: 0, windowMs: 10 })).toThrow(RangeError);
  });
});
