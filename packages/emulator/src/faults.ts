/** Fault injection (`POST/DELETE /_emulator/faults`). */

/** What to do to the next matching request(s). */
export interface FaultSpec {
  /** HTTP method to match (case-insensitive); any when absent. */
  method?: string;
  /** Regular expression source tested against the path (no query); any when absent. */
  path?: string;
  /** How many requests it applies to (default 1; -1 = until cleared). */
  count?: number;
  /** Status to answer with. */
  status?: number;
  /** JSON body to answer with; absent = the area's default error body; null = empty body. */
  body?: unknown;
  /** Extra response headers (for example `Retry-After`). */
  headers?: Record<string, string>;
  /** Delay before answering (alone: delay, then answer normally). */
  delayMs?: number;
  /** Destroy the socket without answering. */
  reset?: boolean;
  /** Answer 200 with truncated JSON. */
  malformed?: boolean;
  /** Run the real handler (state changes apply), then answer with status/body instead. */
  afterHandler?: boolean;
  /**
   * With `afterHandler`, on a bulk deletion (DELETE `/mc/apps/{appId}/volumes/{volumeId}`):
   * the handler deletes only the first N instances (a platform that failed part-way), then
   * the fault answers. Ignored by other routes.
   */
  applyFirst?: number;
  /**
   * Chance (0..1) that a matching request is hit; a request that is spared does not
   * consume a use. Drawn from a seeded generator, so runs are reproducible. Default 1.
   */
  probability?: number;
  /** Seed of that generator (default 1). */
  seed?: number;
}

/** A registered fault. */
export interface Fault extends FaultSpec {
  id: string;
  /** Remaining uses (-1 = unlimited). */
  remaining: number;
  regex?: RegExp;
  /** Seeded generator for `probability` (returns [0, 1)). */
  rng?: () => number;
}

/** mulberry32: a small seeded PRNG, so probabilistic faults are reproducible. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Validates a fault spec; returns problems (empty when valid). */
export function checkFaultSpec(v: unknown): string[] {
  if (v === null || typeof v !== "object" || Array.isArray(v))
    return ["fault spec must be a JSON object"];
  const s = v as Record<string, unknown>;
  const p: string[] = [];
  const known = [
    "method",
    "path",
    "count",
    "status",
    "body",
    "headers",
    "delayMs",
    "reset",
    "malformed",
    "afterHandler",
    "applyFirst",
    "probability",
    "seed",
  ];
  for (const k of Object.keys(s)) if (!known.includes(k)) p.push(`unknown property "${k}"`);
  if (s.method !== undefined && typeof s.method !== "string") p.push("method must be a string");
  if (s.path !== undefined) {
    if (typeof s.path !== "string") p.push("path must be a string (regex source)");
    else {
      try {
        new RegExp(s.path);
      } catch {
        p.push("path is not a valid regular expression");
      }
    }
  }
  if (
    s.count !== undefined &&
    (!Number.isInteger(s.count) || ((s.count as number) < 1 && s.count !== -1))
  ) {
    p.push("count must be a positive integer or -1");
  }
  if (
    s.status !== undefined &&
    (!Number.isInteger(s.status) || (s.status as number) < 100 || (s.status as number) > 599)
  ) {
    p.push("status must be an integer from 100 to 599");
  }
  if (
    s.delayMs !== undefined &&
    (typeof s.delayMs !== "number" || s.delayMs < 0 || s.delayMs > 600_000)
  ) {
    p.push("delayMs must be a number from 0 to 600000");
  }
  if (s.headers !== undefined) {
    if (s.headers === null || typeof s.headers !== "object" || Array.isArray(s.headers))
      p.push("headers must be an object");
    else
      for (const [k, hv] of Object.entries(s.headers))
        if (typeof hv !== "string") p.push(`headers.${k} must be a string`);
  }
  for (const k of ["reset", "malformed", "afterHandler"]) {
    if (s[k] !== undefined && typeof s[k] !== "boolean") p.push(`${k} must be a boolean`);
  }
  if (
    s.probability !== undefined &&
    (typeof s.probability !== "number" || !(s.probability >= 0 && s.probability <= 1))
  ) {
    p.push("probability must be a number from 0 to 1");
  }
  if (s.seed !== undefined && !Number.isInteger(s.seed)) p.push("seed must be an integer");
  if (s.afterHandler && s.status === undefined) p.push("afterHandler needs a status");
  if (s.applyFirst !== undefined) {
    if (!Number.isInteger(s.applyFirst) || (s.applyFirst as number) < 0)
      p.push("applyFirst must be a non-negative integer");
    if (!s.afterHandler) p.push("applyFirst needs afterHandler");
  }
  return p;
}

/** The registered faults, matched in registration order. */
export class FaultRegistry {
  private faults: Fault[] = [];
  private seq = 0;

  /** Registers a (validated) fault and returns its id. */
  add(spec: FaultSpec): string {
    const id = `fault-${++this.seq}`;
    this.faults.push({
      ...spec,
      id,
      remaining: spec.count ?? 1,
      regex: spec.path !== undefined ? new RegExp(spec.path) : undefined,
      rng: spec.probability !== undefined ? seededRandom(spec.seed ?? 1) : undefined,
    });
    return id;
  }

  /** Takes the first fault matching the request (consuming one use), if any. */
  take(method: string, path: string): Fault | undefined {
    for (let i = 0; i < this.faults.length; i++) {
      const f = this.faults[i];
      if (f.method && f.method.toUpperCase() !== method.toUpperCase()) continue;
      if (f.regex && !f.regex.test(path)) continue;
      if (f.rng && f.probability !== undefined && f.rng() >= f.probability) continue;
      if (f.remaining > 0) {
        f.remaining--;
        if (f.remaining === 0) this.faults.splice(i, 1);
      }
      return f;
    }
    return undefined;
  }

  /** Number of registered faults. */
  get size(): number {
    return this.faults.length;
  }

  /** Removes every fault. */
  clear(): void {
    this.faults = [];
  }
}
