/**
 * The world of the model test: the simulated engine (program + state), the emulated
 * platform (read whole through the control API and projected onto each kind's objects), and
 * the invariants checked after every step, the same for every kind. Everything the
 * invariants expect comes from the scenario (the program, the out-of-band changes the test
 * made) and the kinds' oracles, never from the provider's own plan functions.
 */
import type { EmulatorControl, EmulatorState } from "../../../packages/emulator/src";
import { Engine, ProgramInputs, RunResult, StateEntry } from "./engine";
import type { PlatformObject } from "./kind";
import { KINDS, keyOf, kindOf } from "./kinds";
import { canon } from "./oracle";

export { PULL_ZONES } from "./kinds/zones";

/** A violated invariant: the test fails with the step log. */
export class InvariantViolation extends Error {}

/** Every kind's objects in a state document. */
export function objectsOf(s: EmulatorState): PlatformObject[] {
  return KINDS.flatMap((k) => k.objects(s));
}

/** `r:101` → its kind's name and id, for messages (`RateLimitRule 101`). */
const label = (key: string): string => {
  const [tag, id] = key.split(":");
  return `${KINDS.find((k) => k.tag === tag)?.name ?? tag} ${id}`;
};

/** An id as a key holds it: a number without leading zeros, or the text (`app-1`). */
const idText = (id: string): string => (/^\d+$/.test(id) ? String(Number(id)) : id);

/** Whether a key is a one-shot kind's (its state entries name no platform object). */
const oneShotKey = (key: string): boolean =>
  KINDS.find((k) => k.tag === key.split(":")[0])?.oneShot !== undefined;

/** Options of a world. */
export interface WorldOptions {
  /** How long the platform takes to apply an accepted write (0 = synchronous). */
  writeDelayMs: number;
}

/** The inputs a one-shot entry ran with: the program's (resolved), else as recorded. */
function oneShotInputs(engine: Engine, name: string): ProgramInputs | undefined {
  const prog = engine.program.get(name);
  try {
    if (prog) return engine.resolve(prog);
  } catch {
    // a reference not in the state now: as recorded
  }
  return engine.state.get(name)?.inputs;
}

/** One model run's world. Objects are named by key (`w:2001`): ids of two kinds may be equal. */
export class World {
  readonly engine = new Engine();
  /** A second stack of the same program on the same zones (OtherStack commands). */
  readonly other = new Engine();
  /** Objects the second stack's state lists that may be gone without it knowing. */
  readonly otherGone = new Set<string>();
  /** Objects a program adopted (by id): they existed before Pulumi and are never deleted. */
  readonly adopted = new Set<string>();
  /** Objects another actor deleted. */
  readonly deletedOutOfBand = new Set<string>();
  /**
   * Objects in state that may be gone without the state knowing (another actor deleted
   * them, or a delete failed with an unknown outcome) since the last successful refresh.
   */
  readonly goneOutOfBand = new Set<string>();
  /**
   * Objects another actor edited since the last successful refresh: an `up` does not look at
   * the platform (no `--refresh`), so it restores their managed values only when the program
   * changed them too (an update reads the platform first).
   */
  readonly drifted = new Set<string>();
  /** The step log (printed with a violation). */
  readonly log: string[] = [];
  /** Errors of fault-free runs that the scenario does not explain. */
  readonly unexplained: string[] = [];
  /**
   * Settings objects (kinds that restore a prior): the value each managed field had before
   * the program first managed it, while the state holds a resource for the object.
   */
  readonly priors = new Map<string, Record<string, unknown>>();
  /**
   * Settings objects whose prior the model cannot know: a write that landed while the state
   * never recorded it (an interrupted run), or the second stack manages it too (each stack
   * records what it found, and the other's writes are what it finds).
   */
  readonly priorUnknown = new Set<string>();
  /**
   * Settings objects a failed write may have changed before any state recorded a prior (a
   * fault after the platform applied it): their values before that write, until an
   * out-of-band edit makes them moot. The prior a later run records must be these.
   */
  readonly attemptedPriors = new Map<string, Record<string, unknown>>();
  /** Provider operations the runs performed, by kind (figures of the test). */
  readonly opsByKind = new Map<string, number>();
  /** Whether the last refresh failed. */
  lastRefreshFailed = false;
  /** Longest extra wait the next settle needs (a delayed request still in flight). */
  pendingDelayMs = 0;
  /**
   * The platform's objects after the last run, while nothing else changed it (an out-of-band
   * change goes through `setState`): the next run's "before", without reading it again.
   */
  private lastSeen: PlatformObject[] | undefined;
  private readonly resSeq = new Map<string, number>();
  private oobSeq = 0;

  constructor(
    readonly ctl: EmulatorControl,
    readonly opts: WorldOptions,
  ) {}

  /** A fresh resource name of a kind (its tag and a number). */
  newResourceName(tag: string): string {
    const n = this.resSeq.get(tag) ?? 0;
    this.resSeq.set(tag, n + 1);
    return `${tag}${n}`;
  }

  /** A fresh name for another actor's object. */
  newOobName(): string {
    return `oob-${this.oobSeq++}`;
  }

  /** The program's resource names, in order (of one kind, when `tag` is given). */
  resourceNames(tag?: string): string[] {
    const all = [...this.engine.program.keys()];
    return tag === undefined ? all : all.filter((n) => kindOf(n).tag === tag);
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

  /** Replaces the platform's state (another actor's change). */
  async setState(s: EmulatorState): Promise<void> {
    this.lastSeen = undefined;
    await this.ctl.setState(s);
  }

  /** The platform's objects, of every kind. */
  async objects(): Promise<PlatformObject[]> {
    this.lastSeen = undefined;
    return objectsOf(await this.ctl.state());
  }

  /** Objects the program addresses by id (adopted objects it may write). */
  adoptTargets(engine: Engine = this.engine): Set<string> {
    const out = new Set<string>();
    for (const [name, p] of engine.program) {
      const id = kindOf(name).adoptId(p);
      if (id !== undefined) out.add(keyOf(name, id));
    }
    return out;
  }

  /** The program entries that own object `key` (by state or by id), with their names. */
  owners(key: string, engine: Engine = this.engine): [string, ProgramInputs][] {
    const out: [string, ProgramInputs][] = [];
    for (const [name, prog] of engine.program) {
      const st = engine.state.get(name);
      const id = kindOf(name).adoptId(prog);
      if ((st && keyOf(name, st.id) === key) || (id !== undefined && keyOf(name, id) === key)) {
        out.push([name, prog]);
      }
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
    // The platform as the last run left it, unless something changed it since (setState).
    const before = this.lastSeen ?? (await this.objects());
    const stateBefore = new Set(engine.stateKeys());
    const entriesBefore: [string, StateEntry][] = [
      ...engine.state,
      ...engine.pendingDeletes.map((d) => [d.name, d] as [string, StateEntry]),
    ];
    const adopted = this.adoptTargets(engine);
    // Settings objects: the fields each state entry manages now; a delete (destroy, or the
    // resource removed) writes them back to their prior values.
    const restorable = new Map<string, string[]>();
    if (kind !== "refresh") {
      for (const [name, st] of [
        ...engine.state,
        ...engine.pendingDeletes.map((d) => [d.name, d] as const),
      ]) {
        const k = kindOf(name);
        if (!k.restoresPrior) continue;
        const key = keyOf(name, st.id);
        restorable.set(key, [...(restorable.get(key) ?? []), ...k.managedFields(st.inputs)]);
      }
    }
    await this.ctl.clearJournal();
    const res = await body();
    for (const op of res.ops) {
      const k = kindOf(/^\S+ (\S+)/.exec(op)?.[1] ?? "").name;
      this.opsByKind.set(k, (this.opsByKind.get(k) ?? 0) + 1);
    }
    // What the one-shot operations this run started may remove (a volume's detached
    // instances), given the platform before it; after a successful run, those are gone.
    const removable = new Set<string>();
    const ranOneShots: [string, string[]][] = [];
    for (const op of res.ops) {
      const m = /^(create|replace) (\S+)/.exec(op);
      const k = m ? kindOf(m[2]) : undefined;
      if (!m || !k?.oneShot) continue;
      const inputs = oneShotInputs(engine, m[2]);
      if (!inputs) continue;
      const keys = k.oneShot.removes(inputs, before);
      for (const key of keys) removable.add(key);
      ranOneShots.push([m[2], keys]);
    }
    // Objects the run read (GET): the only way a provider can learn an out-of-band value.
    const read = new Set<string>();
    const readZones = new Set<string>();
    for (const e of await this.ctl.journal()) {
      if (e.method !== "GET") continue;
      for (const k of KINDS) {
        const m = k.paths.read.exec(e.path);
        if (m) read.add(`${k.tag}:${idText(m[1])}`);
        const z = k.paths.readZone?.exec(e.path);
        if (z) readZones.add(`${k.tag}:${idText(z[1])}`);
      }
    }
    await this.ctl.clearFaults();
    await this.settle();
    const after = await this.objects();
    this.lastSeen = after;
    for (const o of after) if (readZones.has(`${o.key.split(":")[0]}:${o.zone}`)) read.add(o.key);
    this.log.push(
      `${what} → ${res.ok ? "ok" : res.interrupted ? "interrupted" : `FAILED: ${res.error}`}` +
        (res.ops.length ? ` [${res.ops.join("; ")}]` : ""),
    );
    // What one stack does is out-of-band for the other: an object the other's state lists may
    // be gone (deleted by the stack that created it) or changed (an adopted object both manage).
    const afterRaw = new Map(after.map((o) => [o.key, JSON.stringify(o.raw)]));
    const peer = engine === this.engine ? this.other : this.engine;
    const peerGone = engine === this.engine ? this.otherGone : this.goneOutOfBand;
    const peerKeys = new Set(peer.stateKeys());
    for (const o of before) {
      if (!peerKeys.has(o.key)) continue;
      if (!afterRaw.has(o.key)) peerGone.add(o.key);
      else if (afterRaw.get(o.key) !== JSON.stringify(o.raw) && engine === this.other) {
        this.drifted.add(o.key);
      }
    }
    // A container this run may change (a DNS zone of its state) that is gone after it: the run
    // deleted it (a zone the program created), and with it every object in it, as documented.
    const mayTouch = new Set<string>(kind === "refresh" ? [] : stateBefore);
    if (kind === "up") for (const key of adopted) mayTouch.add(key);
    const inDeletedContainer = (o: PlatformObject): boolean => {
      const within = KINDS.find((k) => k.tag === o.key.split(":")[0])?.within;
      if (within === undefined) return false;
      const container = `${within}:${o.zone}`;
      return mayTouch.has(container) && !afterRaw.has(container) && !afterRaw.has(o.key);
    };
    // What the deleted container held is gone with it, as documented (a DNS zone is deleted
    // with every record in it): a resource of the state that held one of them (a record
    // adopted into a zone the program then deletes) lists an object that is gone, explained.
    const gone = engine === this.engine ? this.goneOutOfBand : this.otherGone;
    const stateNow = new Set(engine.stateKeys());
    for (const o of before) if (stateNow.has(o.key) && inDeletedContainer(o)) gone.add(o.key);
    // (6) An object a program adopted existed before Pulumi: no run ever deletes it (programs
    // here never give an adopted object `deleteOnDestroy: true`).
    for (const key of this.adopted) {
      const was = before.find((o) => o.key === key);
      if (
        was &&
        !afterRaw.has(key) &&
        !this.deletedOutOfBand.has(key) &&
        !inDeletedContainer(was)
      ) {
        this.fail(`(6) ${what} deleted ${label(key)}, which a program adopted (it existed before)`);
      }
    }
    if (kind === "refresh") {
      this.lastRefreshFailed = !res.ok;
      if (res.ok) {
        this.goneOutOfBand.clear();
        this.drifted.clear();
      }
    }
    // A delete that failed on an injected fault has an unknown outcome: the object may be
    // gone while the state still lists it, until a refresh (or a later delete) settles it.
    // A settings object's delete is a restore: it may have landed, so its values are as
    // unknown to the state as after an out-of-band edit (an up without refresh keeps them).
    if (!res.ok && faulted) {
      const m = /^delete (\S+) \(([^,)]+)/.exec(res.ops[res.ops.length - 1] ?? "");
      if (m) {
        const key = keyOf(m[1], m[2]);
        this.goneOutOfBand.add(key);
        if (kindOf(m[1]).restoresPrior) this.drifted.add(key);
      }
    }
    if (!res.ok && !res.interrupted && !faulted) {
      const expected = KINDS.flatMap((k) => k.expectedErrors);
      if (!expected.some((re) => re.test(res.error ?? ""))) {
        this.unexplained.push(`${what}: ${res.error}`);
      }
    }
    // (1) Objects the program does not own are byte-identical (a refresh writes nothing).
    const afterByKey = new Map(after.map((o) => [o.key, o]));
    for (const o of before) {
      if (mayTouch.has(o.key) || inDeletedContainer(o)) continue;
      const now = afterByKey.get(o.key);
      if (!now && removable.has(o.key)) continue;
      if (!now || JSON.stringify(now.raw) !== JSON.stringify(o.raw)) {
        this.fail(
          `(1) ${what} changed ${label(o.key)} "${o.name}" that the program does not own:\n` +
            `  before ${JSON.stringify(o.raw)}\n  after  ${now ? JSON.stringify(now.raw) : "(deleted)"}`,
        );
      }
    }
    // (8) No orphans: an object that appeared during a run neither faulted nor interrupted is
    // in that stack's state (a hostname whose free certificate failed is removed, a create
    // that failed after its write is recorded or found again), or is part of a container the
    // run created with it (a DNS zone's own records). Settings objects that always exist are
    // not made by a run (a managed list's configuration appears on its zone's first listing).
    if (!faulted && !res.interrupted) {
      const held = new Set(engine.stateKeys());
      const existed = new Set(before.map((o) => o.key));
      for (const o of after) {
        if (existed.has(o.key) || held.has(o.key)) continue;
        const k = KINDS.find((x) => x.tag === o.key.split(":")[0]);
        if (k?.restoresPrior && !k.createdBy) continue;
        const within = k?.within;
        const container = within === undefined ? undefined : `${within}:${o.zone}`;
        if (container !== undefined && !existed.has(container)) continue;
        this.fail(
          `(8) ${what} left ${label(o.key)} "${o.name}" on the platform, which no state lists`,
        );
      }
    }
    // (9) Deleted when asked: an object whose resource left the state in a run (destroyed,
    // removed from the program, replaced) is gone from the platform, unless the resource
    // leaves it by design: adopted by id (without `deleteOnDestroy: true`), a settings
    // object (its delete restores), or `deleteOnDestroy: false`.
    if (kind !== "refresh") {
      const stateAfter = new Set([...engine.stateKeys(), ...peer.stateKeys()]);
      for (const [name, st] of entriesBefore) {
        const k = kindOf(name);
        const key = keyOf(name, st.id);
        // An object a program adopted once existed before Pulumi: it stays, whatever the
        // entry says now (an adopted rule switched back to a create keeps its origin: (6)).
        if (stateAfter.has(key) || !afterByKey.has(key) || this.adopted.has(key)) continue;
        const keep = st.inputs.deleteOnDestroy;
        if (keep === false || (k.adoptId(st.inputs) !== undefined && keep !== true)) continue;
        if (k.restoresPrior && !k.createdBy?.(st)) continue;
        this.fail(`(9) ${what} deleted ${name}, but ${label(key)} is still on the platform`);
      }
    }
    // (2) Unmanaged fields of an owned object keep their values.
    const beforeByKey = new Map(before.map((o) => [o.key, o]));
    for (const o of after) {
      const was = beforeByKey.get(o.key);
      if (!was) continue;
      const managed = new Set([
        ...this.owners(o.key, engine).flatMap(([n, p]) => kindOf(n).managedFields(p)),
        ...(restorable.get(o.key) ?? []),
      ]);
      for (const f of new Set([...Object.keys(was.fields), ...Object.keys(o.fields)])) {
        if (managed.has(f)) continue;
        if (canon(was.fields[f]) !== canon(o.fields[f])) {
          this.fail(
            `(2) ${what} changed the unmanaged field ${f} of ${label(o.key)}: ` +
              `${canon(was.fields[f])} → ${canon(o.fields[f])}`,
          );
        }
      }
    }
    // (9) A one-shot operation that ran in a successful run removed what it names.
    if (res.ok) {
      for (const [name, keys] of ranOneShots) {
        const left = keys.filter((key) => afterByKey.has(key));
        if (left.length > 0)
          this.fail(`(9) ${what} ran ${name}, but ${left.map(label).join(", ")} is still there`);
      }
    }
    // (2) After a successful up, every resource is in state and its object holds the program.
    if (kind === "up" && res.ok && engine === this.engine) {
      for (const [name, prog] of this.engine.program) {
        const k = kindOf(name);
        const st = this.engine.state.get(name);
        if (!st) {
          this.fail(`(2) ${what} succeeded but ${name} is not in the state`);
          continue;
        }
        const key = keyOf(name, st.id);
        if (k.oneShot) continue; // a past event: checked above
        const obj = afterByKey.get(key);
        if (!obj) {
          if (this.goneOutOfBand.has(key)) continue; // unchanged since the delete
          this.fail(`(2) ${what} succeeded but ${name}'s ${label(key)} is not on the platform`);
          continue;
        }
        const adoptId = k.adoptId(prog);
        if (adoptId !== undefined && obj.id !== adoptId) {
          this.fail(`(2) ${name} adopts ${k.name} ${adoptId} but its state names ${obj.id}`);
        }
        const zone = k.zoneOf(prog);
        if (zone !== undefined && obj.zone !== zone) {
          this.fail(`(2) ${name} belongs in shield zone ${zone}; ${label(key)} is in ${obj.zone}`);
        }
        const wrote = res.ops.some((o) =>
          new RegExp(`^(create|update|replace) ${name}\\b`).test(o),
        );
        if (this.drifted.has(key)) {
          // Drift the engine was not asked to see (no refresh since), or an update that had no
          // managed value to write (a mode switch) and so never read the object.
          if (!wrote || !read.has(key)) continue;
          this.drifted.delete(key);
        }
        const diffs = k.differences(prog, obj);
        if (diffs.length > 0) {
          this.fail(
            `(2) after a successful ${what}, ${label(key)} (${name}) lacks the program's values: ${diffs.join("; ")}`,
          );
        }
      }
    }
    // (5) After a successful up or destroy, no two resources of the state hold one object. (A
    // refresh runs no deletes: the stale half of a rename whose run failed stays in the state
    // until the next successful up, which deletes it without touching the object.)
    if (res.ok && kind !== "refresh") {
      const holders = new Map<string, string>();
      const entries = [
        ...[...engine.state].map(([n, st]) => [n, keyOf(n, st.id)] as const),
        ...engine.pendingDeletes.map((d) => [`${d.name} (replaced)`, keyOf(d.name, d.id)] as const),
      ];
      for (const [n, key] of entries) {
        const other = holders.get(key);
        if (other)
          this.fail(`(5) after ${what}, resources ${other} and ${n} both hold ${label(key)}`);
        holders.set(key, n);
      }
    }
    this.checkPriors(engine, res, before, after, stateBefore, what);
    this.checkPlatform(after, what);
    return res;
  }

  /**
   * (7) Settings objects: when a resource leaves the state (destroy, or removed from the
   * program), the object's managed fields hold the values they had before the program first
   * managed them. A field that stops being managed is left as it is (its prior forgotten).
   */
  private checkPriors(
    engine: Engine,
    res: RunResult,
    before: PlatformObject[],
    after: PlatformObject[],
    stateBefore: Set<string>,
    what: string,
  ): void {
    const settings = (key: string) => KINDS.find((k) => k.tag === key.split(":")[0])?.restoresPrior;
    const held = new Map<string, Set<string>>();
    for (const [name, st] of [
      ...engine.state,
      ...engine.pendingDeletes.map((d) => [d.name, d] as const),
    ]) {
      const key = keyOf(name, st.id);
      if (!settings(key) || kindOf(name).createdBy?.(st)) continue;
      const fields = held.get(key) ?? new Set<string>();
      const k = kindOf(name);
      for (const f of (k.restoredFields ?? k.managedFields)(st.inputs)) fields.add(f);
      held.set(key, fields);
    }
    // A write that landed but that the state never recorded (an interrupted up).
    const writes = res.ops.filter((o) => /^(create|update|replace) /.test(o));
    if (res.interrupted && writes.length > 0) {
      const name = /^\S+ (\S+)/.exec(writes[writes.length - 1])![1];
      const prog = engine.program.get(name);
      const id = prog ? kindOf(name).adoptId(prog) : undefined;
      if (id !== undefined && settings(keyOf(name, id))) this.priorUnknown.add(keyOf(name, id));
    }
    if (engine !== this.engine) {
      for (const key of held.keys()) this.priorUnknown.add(key);
      return;
    }
    const beforeByKey = new Map(before.map((o) => [o.key, o]));
    const last = res.ops[res.ops.length - 1] ?? "";
    if (!res.ok && !res.interrupted && /^(create|update|replace) /.test(last)) {
      const name = /^\S+ (\S+)/.exec(last)![1];
      const prog = engine.program.get(name);
      const id = prog ? kindOf(name).adoptId(prog) : undefined;
      const key = id !== undefined ? keyOf(name, id) : undefined;
      if (key && settings(key) && !this.attemptedPriors.has(key)) {
        const fields = beforeByKey.get(key)?.fields ?? settings(key)!.unseen;
        const known = this.priors.get(key) ?? {};
        this.attemptedPriors.set(
          key,
          Object.fromEntries(Object.entries(fields).filter(([f]) => !(f in known))),
        );
      }
    }
    const afterByKey = new Map(after.map((o) => [o.key, o]));
    for (const key of stateBefore) {
      const s = settings(key);
      if (!s || held.has(key)) continue;
      const prior = this.priors.get(key);
      this.priors.delete(key);
      if (!prior || this.priorUnknown.has(key) || this.other.stateKeys().includes(key)) {
        if (!this.other.stateKeys().includes(key)) this.priorUnknown.delete(key);
        continue;
      }
      const now = afterByKey.get(key);
      const wrong = Object.keys(prior).filter((f) => canon(now?.fields[f]) !== canon(prior[f]));
      if (wrong.length > 0) {
        this.fail(
          `(7) after ${what}, ${label(key)} no longer has a resource, but its ` +
            wrong.map((f) => `${f} is ${canon(now?.fields[f])}`).join(", ") +
            `, not ${wrong.map((f) => `${canon(prior[f])}`).join(", ")} as before the program managed it`,
        );
      }
    }
    for (const [key, fields] of held) {
      const prior = this.priors.get(key) ?? {};
      const was = {
        ...(beforeByKey.get(key)?.fields ?? settings(key)!.unseen),
        ...this.attemptedPriors.get(key),
      };
      this.attemptedPriors.delete(key);
      for (const f of fields) if (!(f in prior)) prior[f] = was[f];
      for (const f of Object.keys(prior)) if (!fields.has(f)) delete prior[f];
      this.priors.set(key, prior);
    }
  }

  /** Invariants (3) and (4): they hold after every step, whatever it was. */
  checkPlatform(after: PlatformObject[], what: string): void {
    const seen = new Map<string, string>();
    for (const o of after) {
      if (o.name === null || o.name === undefined) continue;
      const tag = o.key.split(":")[0];
      if (!KINDS.find((k) => k.tag === tag)?.uniqueNames) continue;
      const at = `${tag}/${o.zone}/${o.name}`;
      const other = seen.get(at);
      if (other !== undefined) {
        this.fail(
          `(3) after ${what}, shield zone ${o.zone} holds ${label(other)} and ${label(o.key)} named "${o.name}"`,
        );
      }
      seen.set(at, o.key);
    }
    const keys = new Set(after.map((o) => o.key));
    for (const [engine, gone, which] of [
      [this.engine, this.goneOutOfBand, "the state"],
      [this.other, this.otherGone, "the second stack's state"],
    ] as const) {
      const inState = engine.stateKeys();
      for (const g of [...gone]) if (!inState.includes(g)) gone.delete(g);
      for (const key of inState) {
        if (!keys.has(key) && !gone.has(key) && !oneShotKey(key)) {
          this.fail(
            `(4) after ${what}, ${which} lists ${label(key)}, which the platform lacks, and no ` +
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
