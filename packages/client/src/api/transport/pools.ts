/**
 * The transport's keep-alive connection pool, leased per attempt, and what a pool is: a way
 * to send one request and get its answer's head and body.
 *
 * A pool whose aborted request cannot be settled (undici #3897, proxied pools only: a proxy
 * that drops every tunnel makes undici reconnect in a loop) is retired: new attempts get a new
 * pool at once, and the old one is destroyed (which ends the loop) only when no other attempt
 * or open response stream uses it any more, so retiring never cuts off another call.
 */
import type { Readable } from "node:stream";

/** One request of an attempt, as a pool sends it. */
export interface Outgoing {
  method: string;
  /** Lower-case names; the pool adds `content-length` (and its own connection headers). */
  headers: Record<string, string>;
  body?: string;
  /** Aborts the request, and the body while it is read. */
  signal: AbortSignal;
  /** Streams: after the head, a body that stalls this long (ms) fails; 0: no body timeout. */
  bodyTimeoutMs: number;
}

/** An answer's head and its (still compressed) body. */
export interface Received {
  statusCode: number;
  /** Lower-case names. */
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/** A keep-alive connection pool. */
export interface Pool {
  /**
   * Sends one request. `abandon` is called when the pool cannot settle an aborted request
   * (the pool should then be retired).
   */
  send(url: string, out: Outgoing, abandon: () => void): Promise<Received>;
  /** Closes idle connections now and the others when their request ends. */
  close(): void;
  /** Closes every connection at once. */
  destroy(): void;
}

/** One attempt's use of a pool; `release` is idempotent. */
export interface Lease {
  readonly pool: Pool;
  release(): void;
}

/** The pools of one transport. */
export class Pools {
  #current?: Pool;
  readonly #users = new Map<Pool, number>();
  readonly #retired = new Set<Pool>();

  /** @param create makes a new pool (honouring the transport's proxy settings). */
  constructor(private readonly create: () => Pool) {}

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
  retire(pool: Pool): void {
    if (this.#current === pool) this.#current = undefined;
    this.#retired.add(pool);
    this.#destroyIfUnused(pool);
  }

  /** Closes the current pool gracefully (requests in flight finish); the next call opens one. */
  close(): void {
    const pool = this.#current;
    this.#current = undefined;
    pool?.close();
  }

  #destroyIfUnused(pool: Pool): void {
    if (!this.#retired.has(pool) || this.#users.has(pool)) return;
    this.#retired.delete(pool);
    pool.destroy();
  }
}
