/**
 * The profile's `writeDelayMs` in one place: a write applied at once (committed, answered by
 * the route) or, with a delay, accepted (202) and applied later on the state as it is then.
 */
import type { FastifyReply } from "fastify";
import type { EmulatorContext } from "../context";

/** One write that the profile may delay. */
export interface DeferredWrite<R> {
  /** False: applied at once whatever the profile says (a write the platform never delays). */
  delayable?: boolean;
  /** Something was taken now (an id): committed before the write is scheduled. */
  reserves?: boolean;
  /** Runs when the write is accepted for later (before it is scheduled). */
  onAccept?(): void;
  /** Performs the write at once, on the state as it is. */
  now(): void;
  /**
   * Performs the write when its delay is over; `false` when it no longer applies (what it
   * changes is gone meanwhile): dropped, nothing committed.
   */
  later(): boolean;
  /** Runs instead of `later` when the write is dropped unapplied (reset, close). */
  onDrop?(): void;
  /** The 202 body of a delayed write. */
  accepted(): unknown;
  /** The answer of a write applied at once. */
  done(): R;
}

/** Applies `w` at once, or accepts it (202) and applies it after the profile's delay. */
export function deferredWrite<R>(
  ctx: EmulatorContext,
  reply: FastifyReply,
  w: DeferredWrite<R>,
): R | FastifyReply {
  const delay = w.delayable === false ? 0 : ctx.profile.writeDelayMs;
  if (delay > 0) {
    if (w.reserves) ctx.store.commit();
    w.onAccept?.();
    ctx.pending.schedule(
      delay,
      () => {
        if (w.later()) ctx.store.commit();
      },
      w.onDrop,
    );
    return reply.code(202).send(w.accepted());
  }
  w.now();
  ctx.store.commit();
  return w.done();
}
