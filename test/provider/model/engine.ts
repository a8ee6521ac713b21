/**
 * A faithful, small simulation of the Pulumi engine driving dynamic-provider resources of
 * every kind of the model (kinds/index.ts; a resource's kind is its name's tag) through the
 * providers' own entry points, as the dynamic-provider host calls them. One `up`, `refresh` or `destroy` is one provider process: it starts
 * with a new process (`resetRunState()` and what each kind keeps per process).
 *
 * - up: for every resource of the program, in program order: `check(olds, news)` → inputs;
 *   no state → `create(inputs)`; state → `diff(id, outputs, inputs)`: `replaces` non-empty →
 *   create the new one now and delete the old one at the end of the run (create before
 *   delete), or, when `deleteBeforeReplace`, delete the old one first, then create;
 *   `changes` → `update(id, outputs, inputs)`. Then the deletes: resources no longer
 *   in the program, then replaced objects (also those an earlier failed run left behind).
 *   The first failure stops the run (no further steps, no deletes), as the engine does.
 *   A failed create whose error carries `id` + `properties` (a partial create) is recorded.
 * - refresh: `read(id, outputs)` for every resource in state: an empty id drops it, else the
 *   state's outputs become `props` and its inputs the returned `inputs`.
 * - destroy: `delete(id, outputs)` for every resource in state, in reverse order.
 * - an interrupted `up` stops right after one create or update returned: its result is never
 *   recorded (the engine was killed before writing the checkpoint).
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { resetRunState } from "../../../packages/pulumi/src/resources/core/run-state";
import { KINDS, keyOf, kindOf } from "./kinds";

/** A program's inputs for one resource, as the user writes them. */
export type ProgramInputs = Record<string, unknown>;

/** A new provider process (each `up`, `refresh` and `destroy`): no state of an earlier one. */
function newProcess(): void {
  resetRunState();
  for (const k of KINDS) k.newProcess?.();
}

/** The provider of a resource (by its kind: its name's tag). */
const p = (name: string) => kindOf(name).provider as Required<dynamic.ResourceProvider>;

/** One resource in the engine's state (checkpoint). */
export interface StateEntry {
  id: string;
  outputs: Record<string, unknown>;
  inputs: Record<string, unknown>;
}

/** A replaced object (create before delete) that still waits for its delete. */
export interface PendingDelete extends StateEntry {
  name: string;
}

/** What one run did. */
export interface RunResult {
  ok: boolean;
  error?: string;
  /** The run was interrupted on purpose (after a create/update landed). */
  interrupted: boolean;
  /** Provider operations performed, e.g. `create r0`, `update r1`, `delete r2`. */
  ops: string[];
}

/** Which operation of an `up` the simulated Ctrl-C hits (0-based over creates and updates). */
export interface Interrupt {
  atWrite: number;
}

const message = (e: unknown): string =>
  e instanceof Error ? e.message : typeof e === "string" ? e : JSON.stringify(e);

/** The engine: the program (desired), the state (checkpoint) and the three commands. */
export class Engine {
  /** The program: resource name → inputs, in program order. */
  program = new Map<string, ProgramInputs>();
  /** The checkpoint: resource name → state. */
  state = new Map<string, StateEntry>();
  /** Replaced objects waiting for their delete (kept across a failed run, as the engine does). */
  pendingDeletes: PendingDelete[] = [];

  /** Every object id the state lists (resources and pending deletes), of any kind. */
  stateIds(): string[] {
    return [...[...this.state.values()].map((s) => s.id), ...this.pendingDeletes.map((d) => d.id)];
  }

  /** Every object the state lists (resources and pending deletes), as keys (`w:2001`). */
  stateKeys(): string[] {
    return [
      ...[...this.state].map(([n, s]) => keyOf(n, s.id)),
      ...this.pendingDeletes.map((d) => keyOf(d.name, d.id)),
    ];
  }

  /** `pulumi up`. */
  async up(interrupt?: Interrupt): Promise<RunResult> {
    newProcess();
    const ops: string[] = [];
    let writes = 0;
    const interruptNow = () => interrupt !== undefined && writes++ === interrupt.atWrite;
    try {
      for (const [name, prog] of this.program) {
        const st = this.state.get(name);
        const checked = await p(name).check(st?.inputs ?? {}, this.resolve(prog));
        if (checked.failures && checked.failures.length > 0) {
          throw new Error(
            `check ${name}: ${checked.failures.map((f) => `${f.property}: ${f.reason}`).join("; ")}`,
          );
        }
        const inputs = checked.inputs as Record<string, unknown>;
        if (!st) {
          ops.push(`create ${name}`);
          const res = await this.create(name, inputs);
          if (interruptNow()) return { ok: false, interrupted: true, ops };
          this.state.set(name, { id: res.id, outputs: res.outs, inputs });
          continue;
        }
        const d = await p(name).diff(st.id, clone(st.outputs) as never, clone(inputs) as never);
        if (d.replaces && d.replaces.length > 0 && d.deleteBeforeReplace) {
          // Delete before replace: the old object goes first (and leaves the state), then
          // the new one is created; a failed create leaves neither.
          ops.push(`delete ${name} (${st.id}, replaced first)`);
          await p(name).delete(st.id, clone(st.outputs) as never);
          this.state.delete(name);
          ops.push(`replace ${name} (${d.replaces.join(", ")})`);
          const res = await this.create(name, inputs);
          if (interruptNow()) return { ok: false, interrupted: true, ops };
          this.state.set(name, { id: res.id, outputs: res.outs, inputs });
        } else if (d.replaces && d.replaces.length > 0) {
          ops.push(`replace ${name} (${d.replaces.join(", ")})`);
          const res = await this.create(name, inputs);
          if (interruptNow()) return { ok: false, interrupted: true, ops };
          // The old object stays in state (marked for deletion) until its delete succeeds.
          const old: PendingDelete = { name, ...st };
          this.pendingDeletes.push(old);
          this.state.set(name, { id: res.id, outputs: res.outs, inputs });
        } else if (d.changes) {
          ops.push(`update ${name}`);
          const res = await p(name).update(
            st.id,
            clone(st.outputs) as never,
            clone(inputs) as never,
          );
          if (interruptNow()) return { ok: false, interrupted: true, ops };
          this.state.set(name, {
            id: st.id,
            outputs: (res.outs ?? st.outputs) as Record<string, unknown>,
            inputs,
          });
        } else {
          // A "same" step: the engine records the new inputs, outputs stay.
          this.state.set(name, { ...st, inputs });
        }
      }
      // Deletes: resources no longer in the program (they stay in state until their delete
      // succeeds), then the replaced objects (reverse order of registration).
      for (const [name, st] of [...this.state].reverse()) {
        if (this.program.has(name)) continue;
        ops.push(`delete ${name} (${st.id})`);
        await p(name).delete(st.id, clone(st.outputs) as never);
        this.state.delete(name);
      }
      for (const d of [...this.pendingDeletes].reverse()) {
        ops.push(`delete ${d.name} (${d.id}, replaced)`);
        await p(d.name).delete(d.id, clone(d.outputs) as never);
        this.pendingDeletes.splice(this.pendingDeletes.indexOf(d), 1);
      }
      return { ok: true, interrupted: false, ops };
    } catch (e) {
      return { ok: false, interrupted: false, error: message(e), ops };
    }
  }

  /**
   * The program's inputs with each reference to another resource's output (`{ $ref: "d0" }`:
   * a DNS zone's `zoneId`; `{ $ref: "ca0", output: "volumeIds.data" }`: a path) replaced by its value in the state, as the engine passes an
   * output once the resource it comes from is done (the program registers it first).
   */
  resolve(prog: ProgramInputs): ProgramInputs {
    const out = clone(prog);
    for (const [k, v] of Object.entries(out)) {
      if (typeof v !== "object" || v === null || typeof (v as { $ref?: unknown }).$ref !== "string")
        continue;
      const { $ref: ref, output } = v as { $ref: string; output?: string };
      const st = this.state.get(ref);
      if (!st) throw new Error(`model: ${ref} is not in the state when its ${k} is needed`);
      // `output`: a path in the outputs (`volumeIds.cache-data`: a volume template's id).
      out[k] =
        output === undefined
          ? st.outputs[k]
          : output
              .split(".")
              .reduce<unknown>(
                (o, part) => (o !== null && typeof o === "object" ? (o as never)[part] : undefined),
                st.outputs,
              );
    }
    return out;
  }

  /** create, recording a partial create (error with `id` + `properties`) before rethrowing. */
  private async create(name: string, inputs: Record<string, unknown>) {
    try {
      const res = await p(name).create(clone(inputs) as never);
      return { id: res.id, outs: res.outs as unknown as Record<string, unknown> };
    } catch (e) {
      const partial = e as { id?: unknown; properties?: unknown };
      if (typeof partial?.id === "string" && partial.id !== "" && partial.properties) {
        this.state.set(name, {
          id: partial.id,
          outputs: partial.properties as Record<string, unknown>,
          inputs,
        });
      }
      throw e;
    }
  }

  /** `pulumi refresh`. */
  async refresh(): Promise<RunResult> {
    newProcess();
    const ops: string[] = [];
    try {
      for (const [name, st] of [...this.state]) {
        ops.push(`read ${name}`);
        const r = await p(name).read(st.id, clone(st.outputs) as never);
        if (!r.id) this.state.delete(name);
        else {
          this.state.set(name, {
            id: r.id,
            outputs: (r.props ?? {}) as Record<string, unknown>,
            inputs: (r.inputs ?? st.inputs) as Record<string, unknown>,
          });
        }
      }
      for (const d of [...this.pendingDeletes]) {
        ops.push(`read ${d.name} (pending delete)`);
        const r = await p(d.name).read(d.id, clone(d.outputs) as never);
        if (!r.id) this.pendingDeletes.splice(this.pendingDeletes.indexOf(d), 1);
        else d.outputs = (r.props ?? {}) as Record<string, unknown>;
      }
      return { ok: true, interrupted: false, ops };
    } catch (e) {
      return { ok: false, interrupted: false, error: message(e), ops };
    }
  }

  /** `pulumi destroy`: the program stays, the state empties. */
  async destroy(): Promise<RunResult> {
    newProcess();
    const ops: string[] = [];
    try {
      for (const d of [...this.pendingDeletes].reverse()) {
        ops.push(`delete ${d.name} (${d.id})`);
        await p(d.name).delete(d.id, clone(d.outputs) as never);
        this.pendingDeletes.splice(this.pendingDeletes.indexOf(d), 1);
      }
      for (const [name, st] of [...this.state].reverse()) {
        ops.push(`delete ${name} (${st.id})`);
        await p(name).delete(st.id, clone(st.outputs) as never);
        this.state.delete(name);
      }
      return { ok: true, interrupted: false, ops };
    } catch (e) {
      return { ok: false, interrupted: false, error: message(e), ops };
    }
  }
}

/** Deep copy of a JSON value (the engine hands the provider serialized values). */
export function clone<T>(v: T): T {
  return v === undefined ? v : (JSON.parse(JSON.stringify(v)) as T);
}
