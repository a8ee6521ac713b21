/**
 * The world of the model test: the simulated engine (program + state), the emulated
 * platform (read whole through the control API), and the invariants checked after every
 * step. Everything the invariants expect comes from the scenario (the program, the
 * out-of-band changes the test made), never from the provider's own plan functions.
 */
import type { EmulatorControl, EmulatorState } from "../../../packages/emulator/src";
import { Engine, ProgramInputs, RunResult } from "./engine";
import { canon, managedDifferences, managedKeys } from "./oracle";

type Rule = EmulatorState["rateLimitRules"][number];

/** Shield zone of each pull zone (the emulator's fixtures). */
export const PULL_ZONES: Record<number, number> = { 1: 1, 4: 2 };

/** A violated invariant: the test fails with the step log. */
export class InvariantViolation extends Error {}

/** Errors a run may end with for a reason the scenario explains (no fault injected). */
const EXPECTED_ERRORS = [
  /already has rules? [\d, ]+ named/, // a rule of that name exists: never taken over
  /is required when creating a rule/, // a resource not created yet whose program lacks them
  /cannot change together with the addressing/, // a rename in the same edit as a pull-zone switch
  /already creates or manages a rule named/, // two resources of the program, one name
  /already manages rule \d+/, // two resources of the program adopt one rule
  /already has (rule \d+|a rule of this program) named .*unique in a zone/, // a rename to a taken name
  /does not exist/, // adopting a rule that is gone
  /was not found|not_found\.ratelimit|not found/i, // a managed rule deleted out-of-band
];

/** Options of a world. */
export interface WorldOptions {
  /** How long the platform takes to apply an accepted write (0 = synchronous). */
  writeDelayMs: number;
}

/** One model run's world. */
export class World {
  readonly engine = new Engine();
  /** A second stack of the same program on the same zones (OtherStack commands). */
  readonly other = new Engine();
  /** Rules the second stack's state lists that may be gone without it knowing. */
  readonly otherGone = new Set<number>();
  /** Rules a program adopted (`ruleId`): they existed before Pulumi and are never deleted. */
  readonly adopted = new Set<number>();
  /** Rules another actor deleted. */
  readonly deletedOutOfBand = new Set<number>();
  /**
   * Ids in state whose rule may be gone without the state knowing (another actor deleted it,
   * or a delete failed with an unknown outcome) since the last successful refresh.
   */
  readonly goneOutOfBand = new Set<number>();
  /**
   * Rules another actor edited since the last successful refresh: an `up` does not look at
   * the platform (no `--refresh`), so it restores their managed values only when the program
   * changed them too (an update reads the platform first).
   */
  readonly drifted = new Set<number>();
  /** The step log (printed with a violation). */
  readonly log: string[] = [];
  /** Errors of fault-free runs that the scenario does not explain. */
  readonly unexplained: string[] = [];
  /** Whether the last refresh failed. */
  lastRefreshFailed = false;
  /** Longest extra wait the next settle needs (a delayed request still in flight). */
  pendingDelayMs = 0;
  private resSeq = 0;
  private oobSeq = 0;

  constructor(
    readonly ctl: EmulatorControl,
    readonly opts: WorldOptions,
  ) {}

  /** A fresh resource name. */
  newResourceName(): string {
    return `r${this.resSeq++}`;
  }

  /** A fresh rule name for another actor's rule. */
  newOobName(): string {
    return `oob-${this.oobSeq++}`;
  }

  /** The program's resource names, in order. */
  resourceNames(): string[] {
    return [...this.engine.program.keys()];
  }

  /** Waits until no delayed write or delayed request can still land. */
  async settle(): Promise<void> {
    const wait = Math.max(
      this.opts.writeDelayMs > 0 ? this.opts.writeDelayMs + 40 : 0,
      this.pendingDelayMs,
    );
    this.pendingDelayMs = 0;
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }

  /** The platform's rules. */
  async rules(): Promise<Rule[]> {
    return (await this.ctl.state()).rateLimitRules;
  }

  /** Ids the program addresses by `ruleId` (adopted rules it may write). */
  adoptTargets(engine: Engine = this.engine): Set<number> {
    const out = new Set<number>();
    for (const p of engine.program.values()) {
      if (typeof p.ruleId === "number") out.add(p.ruleId);
    }
    return out;
  }

  /** The program entries that own rule `id` (by state or by `ruleId`). */
  owners(id: number, engine: Engine = this.engine): ProgramInputs[] {
    const out: ProgramInputs[] = [];
    for (const [name, prog] of engine.program) {
      const st = engine.state.get(name);
      if ((st && Number(st.id) === id) || prog.ruleId === id) out.push(prog);
    }
    return out;
  }

  /** Runs one engine command and checks every invariant around it. */
  async run(
    kind: "up" | "refresh" | "destroy",
    what: string,
    body: () => Promise<RunResult>,
    faulted: boolean,
    engine: Engine = this.engine,
  ): Promise<RunResult> {
    const before = await this.rules();
    const stateBefore = new Set(engine.stateIds().map(Number));
    const adopted = this.adoptTargets(engine);
    await this.ctl.clearJournal();
    const res = await body();
    // Rules the run read (GET): the only way a provider can learn an out-of-band value.
    const read = new Set(
      (await this.ctl.journal())
        .map((e) => /^\/shield\/rate-limit\/(\d+)$/.exec(e.method === "GET" ? e.path : ""))
        .filter((m): m is RegExpExecArray => m !== null)
        .map((m) => Number(m[1])),
    );
    await this.ctl.clearFaults();
    await this.settle();
    const after = await this.rules();
    this.log.push(
      `${what} → ${res.ok ? "ok" : res.interrupted ? "interrupted" : `FAILED: ${res.error}`}` +
        (res.ops.length ? ` [${res.ops.join("; ")}]` : ""),
    );
    // What one stack does is out-of-band for the other: a rule the other's state lists may be
    // gone (deleted by the stack that created it) or changed (an adopted rule both manage).
    const afterIds = new Map(after.map((r) => [r.id, JSON.stringify(r)]));
    const peer = engine === this.engine ? this.other : this.engine;
    const peerGone = engine === this.engine ? this.otherGone : this.goneOutOfBand;
    for (const r of before) {
      if (!peer.stateIds().includes(String(r.id))) continue;
      if (!afterIds.has(r.id)) peerGone.add(r.id);
      else if (afterIds.get(r.id) !== JSON.stringify(r) && engine === this.other) {
        this.drifted.add(r.id);
      }
    }
    // (6) A rule a program adopted existed before Pulumi: no run ever deletes it (programs
    // here never give an adopted rule `deleteOnDestroy: true`).
    for (const id of this.adopted) {
      if (before.some((r) => r.id === id) && !afterIds.has(id) && !this.deletedOutOfBand.has(id)) {
        this.fail(`(6) ${what} deleted rule ${id}, which a program adopted (it existed before)`);
      }
    }
    if (kind === "refresh") {
      this.lastRefreshFailed = !res.ok;
      if (res.ok) {
        this.goneOutOfBand.clear();
        this.drifted.clear();
      }
    }
    // A delete that failed on an injected fault has an unknown outcome: the rule may be gone
    // while the state still lists it, until a refresh (or a later delete) settles it.
    if (!res.ok && faulted) {
      const m = /^delete .*\((\d+)/.exec(res.ops[res.ops.length - 1] ?? "");
      if (m) this.goneOutOfBand.add(Number(m[1]));
    }
    if (!res.ok && !res.interrupted && !faulted) {
      if (!EXPECTED_ERRORS.some((re) => re.test(res.error ?? ""))) {
        this.unexplained.push(`${what}: ${res.error}`);
      }
    }
    // (1) Rules the program does not own are byte-identical (a refresh writes nothing).
    const mayTouch = new Set<number>(kind === "refresh" ? [] : stateBefore);
    if (kind === "up") for (const id of adopted) mayTouch.add(id);
    const afterById = new Map(after.map((r) => [r.id, r]));
    for (const r of before) {
      if (mayTouch.has(r.id)) continue;
      const now = afterById.get(r.id);
      if (!now || JSON.stringify(now) !== JSON.stringify(r)) {
        this.fail(
          `(1) ${what} changed rule ${r.id} "${r.ruleName}" that the program does not own:\n` +
            `  before ${JSON.stringify(r)}\n  after  ${now ? JSON.stringify(now) : "(deleted)"}`,
        );
      }
    }
    // (2) Unmanaged fields of an owned rule keep their values.
    const beforeById = new Map(before.map((r) => [r.id, r]));
    for (const r of after) {
      const was = beforeById.get(r.id);
      if (!was) continue;
      const owners = this.owners(r.id, engine);
      const managed = new Set(owners.flatMap((o) => managedKeys(o.ruleConfiguration)));
      const cfgWas = (was.ruleConfiguration ?? {}) as Record<string, unknown>;
      const cfgNow = (r.ruleConfiguration ?? {}) as Record<string, unknown>;
      for (const k of new Set([...Object.keys(cfgWas), ...Object.keys(cfgNow)])) {
        if (managed.has(k)) continue;
        if (canon(cfgWas[k]) !== canon(cfgNow[k])) {
          this.fail(
            `(2) ${what} changed the unmanaged field ruleConfiguration.${k} of rule ${r.id}: ` +
              `${canon(cfgWas[k])} → ${canon(cfgNow[k])}`,
          );
        }
      }
      for (const f of ["ruleName", "ruleDescription"] as const) {
        if (owners.some((o) => o[f] !== undefined)) continue;
        if ((was[f] ?? null) !== (r[f] ?? null)) {
          this.fail(`(2) ${what} changed the unmanaged ${f} of rule ${r.id}: ${was[f]} → ${r[f]}`);
        }
      }
    }
    // (2) After a successful up, every resource is in state and its rule holds the program.
    if (kind === "up" && res.ok && engine === this.engine) {
      for (const [name, prog] of this.engine.program) {
        const st = this.engine.state.get(name);
        if (!st) {
          this.fail(`(2) ${what} succeeded but ${name} is not in the state`);
          continue;
        }
        const rule = afterById.get(Number(st.id));
        if (!rule) {
          if (this.goneOutOfBand.has(Number(st.id))) continue; // unchanged since the delete
          this.fail(`(2) ${what} succeeded but ${name}'s rule ${st.id} is not on the platform`);
          continue;
        }
        const zone =
          typeof prog.shieldZoneId === "number"
            ? prog.shieldZoneId
            : typeof prog.pullZoneId === "number"
              ? PULL_ZONES[prog.pullZoneId]
              : undefined;
        if (typeof prog.ruleId === "number" && rule.id !== prog.ruleId) {
          this.fail(`(2) ${name} adopts rule ${prog.ruleId} but its state names rule ${rule.id}`);
        }
        if (zone !== undefined && rule.shieldZoneId !== zone) {
          this.fail(
            `(2) ${name} belongs in shield zone ${zone}; rule ${rule.id} is in ${rule.shieldZoneId}`,
          );
        }
        const wrote = res.ops.some((o) =>
          new RegExp(`^(create|update|replace) ${name}\\b`).test(o),
        );
        if (this.drifted.has(rule.id)) {
          // Drift the engine was not asked to see (no refresh since), or an update that had no
          // managed value to write (a mode switch) and so never read the rule.
          if (!wrote || !read.has(rule.id)) continue;
          this.drifted.delete(rule.id);
        }
        const diffs = managedDifferences(prog, rule as never);
        if (diffs.length > 0) {
          this.fail(
            `(2) after a successful ${what}, rule ${rule.id} (${name}) lacks the program's values: ${diffs.join("; ")}`,
          );
        }
      }
    }
    // (5) After a successful up or destroy, no two resources of the state hold one rule. (A
    // refresh runs no deletes: the stale half of a rename whose run failed stays in the state
    // until the next successful up, which deletes it without touching the rule.)
    if (res.ok && kind !== "refresh") {
      const holders = new Map<string, string>();
      const entries = [
        ...[...engine.state].map(([n, st]) => [n, st.id] as const),
        ...engine.pendingDeletes.map((d) => [`${d.name} (replaced)`, d.id] as const),
      ];
      for (const [n, id] of entries) {
        const other = holders.get(id);
        if (other) this.fail(`(5) after ${what}, resources ${other} and ${n} both hold rule ${id}`);
        holders.set(id, n);
      }
    }
    this.checkPlatform(after, what);
    return res;
  }

  /** Invariants (3) and (4): they hold after every step, whatever it was. */
  checkPlatform(after: Rule[], what: string): void {
    const seen = new Map<string, number>();
    for (const r of after) {
      if (r.ruleName === null || r.ruleName === undefined) continue;
      const key = `${r.shieldZoneId}/${r.ruleName}`;
      const other = seen.get(key);
      if (other !== undefined) {
        this.fail(
          `(3) after ${what}, shield zone ${r.shieldZoneId} holds rules ${other} and ${r.id} named "${r.ruleName}"`,
        );
      }
      seen.set(key, r.id);
    }
    const ids = new Set(after.map((r) => r.id));
    for (const [engine, gone, which] of [
      [this.engine, this.goneOutOfBand, "the state"],
      [this.other, this.otherGone, "the second stack's state"],
    ] as const) {
      const inState = engine.stateIds().map(Number);
      for (const g of [...gone]) if (!inState.includes(g)) gone.delete(g);
      for (const id of inState) {
        if (!ids.has(id) && !gone.has(id)) {
          this.fail(
            `(4) after ${what}, ${which} lists rule ${id}, which the platform lacks, and no ` +
              `out-of-band delete explains it (last refresh ${this.lastRefreshFailed ? "failed" : "ok or none"})`,
          );
        }
      }
    }
  }

  /**
   * The end of every model run, fault-free: a refresh succeeds; an up either succeeds or
   * fails for a reason the scenario explains; after a successful up the next one changes
   * nothing (a clean preview); then destroy succeeds. Errors nothing explains fail the run.
   */
  async finish(): Promise<void> {
    await this.ctl.clearFaults();
    await this.settle();
    if (this.other.stateIds().length > 0) {
      const gone = await this.run(
        "destroy",
        "final OtherStack(destroy)",
        () => this.other.destroy(),
        false,
        this.other,
      );
      if (!gone.ok) this.unexplained.push(`final destroy of the second stack: ${gone.error}`);
    }
    const refreshed = await this.run(
      "refresh",
      "final Refresh()",
      () => this.engine.refresh(),
      false,
    );
    if (!refreshed.ok) this.unexplained.push(`final refresh: ${refreshed.error}`);
    const up = await this.run("up", "final Up()", () => this.engine.up(), false);
    if (up.ok) {
      const again = await this.run("up", "final Up() again", () => this.engine.up(), false);
      const writes = again.ops.filter((o) => !o.startsWith("read"));
      if (!again.ok || writes.length > 0) {
        this.fail(
          `(idempotence) an up right after a successful up ${again.ok ? `still did: ${writes.join("; ")}` : `failed: ${again.error}`}`,
        );
      }
    }
    const destroyed = await this.run(
      "destroy",
      "final Destroy()",
      () => this.engine.destroy(),
      false,
    );
    if (!destroyed.ok) this.unexplained.push(`final destroy: ${destroyed.error}`);
    if (this.unexplained.length > 0) {
      this.fail(
        `runs failed without a fault or a reason in the scenario:\n  ${this.unexplained.join("\n  ")}`,
      );
    }
  }

  /** Records a violation and throws it with the step log. */
  fail(msg: string): never {
    throw new InvariantViolation(
      `${msg}\n--- steps ---\n${this.log.join("\n")}\n--- program ---\n${JSON.stringify(
        Object.fromEntries(this.engine.program),
      )}\n--- state ---\n${JSON.stringify(Object.fromEntries(this.engine.state))}` +
        (this.engine.pendingDeletes.length
          ? `\n--- pending deletes ---\n${JSON.stringify(this.engine.pendingDeletes)}`
          : ""),
    );
  }
}
