/**
 * Client-side sliding-window limiter, one window per key (the logging API limits each pull
 * zone to 30 requests per 10 s). A slot is held from the moment it is granted until
 * `windowMs` after the request finished ({@link Permit.release}), so the server, which
 * counts requests by arrival time, never sees more than `requests` in any window whatever
 * the network latency. Waiters are served strictly in arrival order (FIFO) per key.
 *
 * - `acquire(key, signal)` is cancellable: an aborted waiter leaves the queue at once and
 *   takes no slot.
 * - A waiter's timer is a normal (ref'd) timer: a script that awaits a call is not ended by
 *   Node while the limiter makes it wait.
 * - Memory is bounded by the keys in use: a key with no slot in its window, nothing in
 *   flight and no waiter is forgotten by a sweep that runs once per window while keys exist
 *   (that housekeeping timer is unref'd: nobody awaits it).
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
  /**
   * Calls `fn` after `ms` milliseconds; returns a function that cancels it. The timer must
   * keep the process alive (somebody awaits it).
   */
  setTimer(fn: () => void, ms: number): () => void;
}

/** The default clock: `Date.now` and a ref'd `setTimeout`. */
export const realClock: LimiterClock = {
  now: () => Date.now(),
  setTimer: (fn, ms) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

/** Safety margin added to the window, in milliseconds (clock granularity). */
const MARGIN_MS = 5;

interface Waiter {
  start: number;
  resolve(p: Permit): void;
  reject(e: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface KeyState {
  /** Requests granted and not yet released. */
  inFlight: number;
  /** Epoch ms at which each released slot leaves the window, ascending. */
  ends: number[];
  /** FIFO of waiters. */
  waiters: Waiter[];
  /** Cancels the pending wake-up timer, when one is set. */
  cancelTimer?: () => void;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted", "AbortError");
}

/** Per-key sliding-window limiter with a fair (FIFO), cancellable asynchronous `acquire`. */
export class SlidingWindowLimiter {
  private readonly keys = new Map<string, KeyState>();
  private sweepTimer?: NodeJS.Timeout;

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

  /**
   * Waits for a free slot under `key` (in FIFO order) and returns it.
   * @param signal aborting it removes the waiter and rejects with the signal's reason.
   */
  acquire(key: string, signal?: AbortSignal): Promise<Permit> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    let s = this.keys.get(key);
    if (!s) {
      s = { inFlight: 0, ends: [], waiters: [] };
      this.keys.set(key, s);
      this.scheduleSweep();
    }
    const start = this.clock.now();
    if (s.waiters.length === 0 && this.used(s) < this.limit.requests) {
      return Promise.resolve(this.grant(s, start));
    }
    const state = s;
    return new Promise<Permit>((resolve, reject) => {
      const w: Waiter = { start, resolve, reject, signal };
      if (signal) {
        w.onAbort = () => {
          const i = state.waiters.indexOf(w);
          if (i >= 0) state.waiters.splice(i, 1);
          if (state.waiters.length === 0) this.stopTimer(state);
          reject(abortReason(signal));
        };
        signal.addEventListener("abort", w.onAbort, { once: true });
      }
      state.waiters.push(w);
      this.pump(state);
    });
  }

  /** Slots currently counted against `key` (in flight or inside the window). */
  inUse(key: string): number {
    const s = this.keys.get(key);
    return s ? this.used(s) : 0;
  }

  /** Number of keys currently tracked (keys idle for a window are forgotten). */
  get size(): number {
    return this.keys.size;
  }

  /** Forgets every idle key now (also done automatically once per window). */
  sweep(): void {
    for (const [key, s] of this.keys) {
      if (s.inFlight === 0 && s.waiters.length === 0 && this.used(s) === 0) {
        this.stopTimer(s);
        this.keys.delete(key);
      }
    }
  }

  private used(s: KeyState): number {
    const now = this.clock.now();
    let i = 0;
    while (i < s.ends.length && s.ends[i] <= now) i++;
    if (i > 0) s.ends.splice(0, i);
    return s.inFlight + s.ends.length;
  }

  private grant(s: KeyState, start: number): Permit {
    s.inFlight++;
    let released = false;
    return {
      waitedMs: this.clock.now() - start,
      release: () => {
        if (released) return;
        released = true;
        s.inFlight--;
        s.ends.push(this.clock.now() + this.limit.windowMs + MARGIN_MS);
        if (s.waiters.length > 0) this.pump(s);
      },
    };
  }

  /** Grants slots to waiters in order while there is room; else waits for the earliest. */
  private pump(s: KeyState): void {
    while (s.waiters.length > 0 && this.used(s) < this.limit.requests) {
      const w = s.waiters.shift() as Waiter;
      if (w.onAbort) w.signal?.removeEventListener("abort", w.onAbort);
      w.resolve(this.grant(s, w.start));
    }
    if (s.waiters.length === 0) {
      this.stopTimer(s);
      return;
    }
    // Full. Released slots leave the window at `ends[0]`; in-flight ones call pump on release.
    if (s.ends.length > 0 && !s.cancelTimer) {
      const wait = Math.max(1, s.ends[0] - this.clock.now());
      s.cancelTimer = this.clock.setTimer(() => {
        s.cancelTimer = undefined;
        this.pump(s);
      }, wait);
    }
  }

  private stopTimer(s: KeyState): void {
    s.cancelTimer?.();
    s.cancelTimer = undefined;
  }

  private scheduleSweep(): void {
    if (this.sweepTimer) return;
    const every = Math.max(50, this.limit.windowMs + MARGIN_MS + 1);
    this.sweepTimer = setTimeout(() => {
      this.sweepTimer = undefined;
      this.sweep();
      if (this.keys.size > 0) this.scheduleSweep();
    }, every);
    // Housekeeping only: it must not keep a finished script alive.
    this.sweepTimer.unref();
  }
}
