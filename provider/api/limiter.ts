/**
 * Client-side sliding-window limiter, one window per key (the logging API limits each pull
 * zone to 30 requests per 10 s). A slot is held from the moment it is granted until
 * `windowMs` after the request finished ({@link Permit.release}), so the server, which
 * counts requests by arrival time, never sees more than `requests` in any window whatever
 * the network latency. Waiters are served strictly in arrival order (FIFO) per key.
 */

/** Limiter settings. */
export interface RateLimit {
  /** Requests allowed per window (default 30). */
  requests: number;
  /** Window length in milliseconds (default 10 000). */
  windowMs: number;
}

/** A granted slot. Call {@link Permit.release} once the request has completed. */
export interface Permit {
  /** Marks the request finished; the slot frees `windowMs` later. Idempotent. */
  release(): void;
  /** Milliseconds spent waiting for this slot. */
  waitedMs: number;
}

/** Clock and timer hooks, replaceable in tests. */
export interface LimiterClock {
  /** Current time in epoch milliseconds. */
  now(): number;
  /** Waits `ms` milliseconds. */
  sleep(ms: number): Promise<void>;
}

/** The default clock: `Date.now` and `setTimeout` (timers do not keep the process alive). */
export const realClock: LimiterClock = {
  now: () => Date.now(),
  sleep: (ms) =>
    new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      t.unref?.();
    }),
};

/** Safety margin added to the window, in milliseconds (clock granularity). */
const MARGIN_MS = 5;

interface Slot {
  /** Epoch ms at which the slot is free again; Infinity while the request is in flight. */
  until: number;
}

interface KeyState {
  slots: Slot[];
  /** Tail of the FIFO chain of acquirers for this key. */
  tail: Promise<void>;
}

/** Per-key sliding-window limiter with a fair (FIFO) asynchronous `acquire`. */
export class SlidingWindowLimiter {
  private readonly keys = new Map<string, KeyState>();

  /**
   * @param limit requests per window; `requests` >= 1 and `windowMs` >= 0.
   * @param clock time source (default the real clock).
   */
  constructor(
    readonly limit: RateLimit,
    private readonly clock: LimiterClock = realClock,
  ) {
    if (!(limit.requests >= 1) || !(limit.windowMs >= 0)) {
      throw new RangeError("loggingRateLimit: requests must be >= 1 and windowMs >= 0");
    }
  }

  /** Waits for a free slot under `key` (in FIFO order) and returns it. */
  acquire(key: string): Promise<Permit> {
    const state = this.state(key);
    const start = this.clock.now();
    const granted = state.tail.then(() => this.take(state, start));
    // The next acquirer waits until this one is granted (not until it is released).
    state.tail = granted.then(
      () => undefined,
      () => undefined,
    );
    return granted;
  }

  /** Slots currently counted against `key` (in flight or inside the window). */
  inUse(key: string): number {
    const s = this.keys.get(key);
    if (!s) return 0;
    this.prune(s);
    return s.slots.length;
  }

  private state(key: string): KeyState {
    let s = this.keys.get(key);
    if (!s) {
      s = { slots: [], tail: Promise.resolve() };
      this.keys.set(key, s);
    }
    return s;
  }

  private prune(s: KeyState): void {
    const now = this.clock.now();
    s.slots = s.slots.filter((slot) => slot.until > now);
  }

  private async take(s: KeyState, start: number): Promise<Permit> {
    for (;;) {
      this.prune(s);
      if (s.slots.length < this.limit.requests) break;
      const earliest = Math.min(...s.slots.map((x) => x.until));
      if (earliest === Infinity) {
        // Every slot is held by an in-flight request: poll until one is released.
        await this.clock.sleep(Math.max(10, Math.min(100, this.limit.windowMs)));
      } else {
        await this.clock.sleep(Math.max(1, earliest - this.clock.now()));
      }
    }
    const slot: Slot = { until: Infinity };
    s.slots.push(slot);
    let released = false;
    return {
      waitedMs: this.clock.now() - start,
      release: () => {
        if (released) return;
        released = true;
        slot.until = this.clock.now() + this.limit.windowMs + MARGIN_MS;
      },
    };
  }
}
