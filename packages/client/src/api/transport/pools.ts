/**
 * The transport's keep-alive connection pool (an undici dispatcher), leased per attempt.
 *
 * A pool in which undici cannot settle an aborted request (undici #3897: a proxy that drops
 * every tunnel makes it reconnect in a loop) is retired: new attempts get a new pool at once,
 * and the old one is destroyed (which ends the loop) only when no other attempt or open
 * response stream uses it any more, so retiring never cuts off another call.
 */
import type { Dispatcher } from "undici";

/** One attempt's use of a pool; `release` is idempotent. */
export interface Lease {
  readonly pool: Dispatcher;
  release(): void;
}

/** The pools of one transport. */
export class Pools {
  #current?: Dispatcher;
  readonly #users = new Map<Dispatcher, number>();
  readonly #retired = new Set<Dispatcher>();

  /** @param create makes a new pool (honouring the transport's proxy settings). */
  constructor(private readonly create: () => Dispatcher) {}

  /** The current pool, leased until `release()`. */
  acquire(): Lease {
    const pool = (this.#current ??= this.create());
    this.#users.set(pool, (this.#users.get(pool) ?? 0) + 1);
    let released = false;
    return {
      pool,
      release: () => {
        if (released) return;
        released = true;
        const n = (this.#users.get(pool) ?? 1) - 1;
        if (n > 0) this.#users.set(pool, n);
        else this.#users.delete(pool);
        this.#destroyIfUnused(pool);
      },
    };
  }

  /** No new attempt uses `pool`; it is destroyed once its last lease is released. */
  retire(pool: Dispatcher): void {
    if (this.#current === pool) this.#current = undefined;
    this.#retired.add(pool);
    this.#destroyIfUnused(pool);
  }

  /** Closes the current pool gracefully (requests in flight finish); the next call opens one. */
  close(): void {
    const pool = this.#current;
    this.#current = undefined;
    pool?.close().catch(() => undefined);
  }

  #destroyIfUnused(pool: Dispatcher): void {
    if (!this.#retired.has(pool) || this.#users.has(pool)) return;
    this.#retired.delete(pool);
    pool.destroy().catch(() => undefined);
  }
}
