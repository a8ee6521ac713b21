/**
 * Hooks on a caller's `AbortSignal` that add one listener per signal, not one per call: a
 * caller that passes one signal to many concurrent calls (a page loop, `Promise.all`, a
 * `withOptions` view) gets no `MaxListenersExceededWarning`, however many calls run at once.
 */

/** The one listener on a caller signal and the callbacks of the calls waiting on it. */
interface Fanout {
  readonly fire: () => void;
  readonly fns: Set<() => void>;
}

const fanouts = new WeakMap<AbortSignal, Fanout>();

/**
 * Runs `fn` once when `signal` aborts. Returns the unhook: call it when the call ends; the
 * signal's one listener is removed when its last call has unhooked.
 */
export function onAbort(signal: AbortSignal, fn: () => void): () => void {
  let f = fanouts.get(signal);
  if (!f) {
    const fns = new Set<() => void>();
    const fire = () => {
      fanouts.delete(signal);
      // Each call's callback runs even when another one throws (as separate listeners would);
      // one unhooked while this runs is skipped.
      for (const g of [...fns]) {
        if (!fns.has(g)) continue;
        try {
          g();
        } catch (e) {
          queueMicrotask(() => {
            throw e;
          });
        }
      }
    };
    f = { fire, fns };
    fanouts.set(signal, f);
    signal.addEventListener("abort", fire, { once: true });
  }
  const fanout = f;
  const own = () => fn(); // a distinct entry even when one `fn` is hooked twice
  fanout.fns.add(own);
  return () => {
    if (!fanout.fns.delete(own) || fanout.fns.size > 0) return;
    if (fanouts.get(signal) === fanout) fanouts.delete(signal);
    signal.removeEventListener("abort", fanout.fire);
  };
}
