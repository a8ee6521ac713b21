/**
 * The model test's commands (fast-check `fc.commands`): program edits, out-of-band platform
 * changes by another actor, and engine runs (`up` with an optional injected fault or
 * interruption, `refresh`, `destroy`), over every kind of kinds/index.ts in one program.
 * Commands name kinds, resources and objects by index; the index is resolved when the
 * command runs (modulo what exists then), so every sequence stays valid while fast-check
 * shrinks it. What is a kind's own (its inputs, edits, out-of-band changes) comes from the
 * kind (kind.ts).
 */
import fc from "fast-check";
import type { FaultSpec } from "../../../packages/emulator/src";
import { clone } from "./engine";
import type { FieldEdit, ModelKind, OobCreateSpec, OobFieldEdit } from "./kind";
import { ALL_KINDS, KINDS, kindOf } from "./kinds";
import { isRef } from "./kinds/dns";
import { sometimes } from "./kinds/rules";
import { objectsOf, World } from "./world";

/** Timeout of one attempt of the provider's client in these tests (see model.test.ts). */
export const CLIENT_TIMEOUT_MS = 200;

type Cmd = fc.AsyncCommand<World, World, false>;

/** At most this many resources in a program. */
const MAX_RESOURCES = 6;

const pick = <T>(xs: T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);

/**
 * One arbitrary per kind (each kind equally likely), tagged with the kind; kinds for which
 * `make` gives nothing (another actor cannot delete a settings object) are left out, and
 * with no kind left the command is (`ALL` drops it).
 */
const perKind = <T>(
  make: (k: ModelKind) => fc.Arbitrary<T> | undefined,
): fc.Arbitrary<[ModelKind, T]> | undefined => {
  const arbs = KINDS.flatMap((k) => {
    const arb = make(k);
    return arb ? [arb.map((v): [ModelKind, T] => [k, v])] : [];
  });
  return arbs.length > 0 ? fc.oneof(...arbs) : undefined;
};

/** Adds a resource that creates its object. */
class AddObject implements Cmd {
  constructor(
    readonly kind: ModelKind,
    readonly inputs: Record<string, unknown>,
  ) {}
  check = (w: Readonly<World>) => w.engine.program.size < MAX_RESOURCES;
  async run(_m: World, w: World) {
    const inputs = clone(this.inputs);
    // A reference to another resource's output (a record in a DNS zone the program creates,
    // an edge rule in its pull zone): one of the program's containers, by index; none, a new
    // container resource is added first (the program's block of a zone and what is in it), or
    // a fixture container when the program is full.
    const container = ALL_KINDS.find((k) => k.tag === this.kind.within);
    for (const [k, v] of Object.entries(inputs)) {
      if (!isRef(v) || !v.$ref.startsWith("#") || !container?.newContainer) continue;
      const i = Number(v.$ref.slice(1));
      // An output the program's container makes (`output`: a volume template it creates): one
      // the program creates, not one it adopts.
      const { output, fixture } = v as { output?: string; fixture?: unknown };
      const targets = w
        .resourceNames(container.tag)
        .filter(
          (n) => output === undefined || container.adoptId(w.engine.program.get(n)!) === undefined,
        );
      let target = pick(targets, i);
      if (target === undefined && w.engine.program.size < MAX_RESOURCES - 1) {
        target = w.newResourceName(container.tag);
        const zone = container.newContainer(i);
        w.engine.program.set(target, zone);
        w.log.push(`program: add ${target} = ${JSON.stringify(zone)}`);
      }
      // A reference to one output of the container (`output`: a path in its outputs, the
      // volume id of a template) keeps it; with no container, its fixture value (`fixture`).
      const fixtures = this.kind.fixtureContainers ?? [];
      inputs[k] =
        target !== undefined
          ? { $ref: target, ...(output !== undefined ? { output } : {}) }
          : (fixture ?? fixtures[i % fixtures.length]);
    }
    const name = w.newResourceName(this.kind.tag);
    w.engine.program.set(name, inputs);
    w.log.push(`program: add ${name} = ${JSON.stringify(inputs)}`);
  }
  toString = () => `Add(${this.kind.name}, ${JSON.stringify(this.inputs)})`;
}

/** Edits one managed field of a resource of a kind: a new value, `null`, or removed. */
class EditField implements Cmd {
  constructor(
    readonly kind: ModelKind,
    readonly res: number,
    readonly edit: FieldEdit,
  ) {}
  check = (w: Readonly<World>) => w.engine.program.size > 0;
  async run(_m: World, w: World) {
    const name = pick(w.resourceNames(this.kind.tag), this.res);
    if (!name) return;
    const line = this.kind.applyEdit(w.engine.program.get(name)!, this.edit);
    if (line) w.log.push(`program: ${name}.${line}`);
  }
  toString = () =>
    `EditField(${this.kind.name} #${this.res}, ${this.edit.field}, ${this.edit.remove ? "<remove>" : JSON.stringify(this.edit.value)})`;
}

/** A created object rewritten as adopt-by-id (`ruleId: <its id>`), or back to its zone. */
class ModeSwitch implements Cmd {
  constructor(
    readonly kind: ModelKind,
    readonly res: number,
    readonly viaPullZone: boolean,
  ) {}
  check = (w: Readonly<World>) => w.engine.state.size > 0;
  async run(_m: World, w: World) {
    const names = w.resourceNames(this.kind.tag).filter((n) => w.engine.state.has(n));
    const name = pick(names, this.res);
    if (!name || !this.kind.modeSwitch) return;
    const line = this.kind.modeSwitch(
      w.engine.program.get(name)!,
      w.engine.state.get(name)!,
      this.viaPullZone,
    );
    if (line) w.log.push(`program: ${name} ${line}`);
  }
  toString = () =>
    `ModeSwitch(${this.kind.name} #${this.res}, ${this.viaPullZone ? "pullZone" : "shieldZone"})`;
}

/** Renames a resource: same inputs under a new resource name (create new, delete old). */
class Rename implements Cmd {
  constructor(readonly res: number) {}
  check = (w: Readonly<World>) => w.engine.program.size > 0;
  async run(_m: World, w: World) {
    const name = pick(w.resourceNames(), this.res)!;
    const to = w.newResourceName(kindOf(name).tag);
    // The program's references to it follow (a variable renamed with its resource).
    w.engine.program = new Map(
      [...w.engine.program].map(([n, v]) => [
        n === name ? to : n,
        Object.fromEntries(
          Object.entries(v).map(([k, x]) => [
            k,
            isRef(x) && x.$ref === name ? { ...x, $ref: to } : x,
          ]),
        ),
      ]),
    );
    w.log.push(`program: rename ${name} → ${to}`);
  }
  toString = () => `Rename(#${this.res})`;
}

/** Copies a resource under a new name (copy-paste in the program: same name, zone). */
class Duplicate implements Cmd {
  constructor(readonly res: number) {}
  check = (w: Readonly<World>) =>
    w.engine.program.size > 0 && w.engine.program.size < MAX_RESOURCES;
  async run(_m: World, w: World) {
    const name = pick(w.resourceNames(), this.res)!;
    const to = w.newResourceName(kindOf(name).tag);
    w.engine.program.set(to, clone(w.engine.program.get(name)!));
    w.log.push(`program: copy ${name} as ${to}`);
  }
  toString = () => `Duplicate(#${this.res})`;
}

/** Removes a resource from the program. */
class Remove implements Cmd {
  constructor(readonly res: number) {}
  check = (w: Readonly<World>) => w.engine.program.size > 0;
  async run(_m: World, w: World) {
    const name = pick(w.resourceNames(), this.res)!;
    w.engine.program.delete(name);
    // The resources that use its outputs go with it (a zone's block and its records' blocks).
    const users = [...w.engine.program]
      .filter(([, v]) => Object.values(v).some((x) => isRef(x) && x.$ref === name))
      .map(([n]) => n);
    for (const n of users) w.engine.program.delete(n);
    w.log.push(`program: remove ${[name, ...users].join(", ")}`);
  }
  toString = () => `Remove(#${this.res})`;
}

/** Adopts an object the program does not own yet (by id), with some managed values. */
class Adopt implements Cmd {
  constructor(
    readonly kind: ModelKind,
    readonly obj: number,
    readonly spec: unknown,
  ) {}
  check = (w: Readonly<World>) => w.engine.program.size < MAX_RESOURCES;
  async run(_m: World, w: World) {
    const owned = new Set([...w.engine.stateKeys(), ...w.adoptTargets(), ...w.other.stateKeys()]);
    const candidates = this.kind.objects(await w.ctl.state()).filter((o) => !owned.has(o.key));
    const obj = pick(candidates, this.obj);
    if (!obj) return;
    const inputs = this.kind.adoptInputs(obj, this.spec);
    if (!inputs) return;
    // An object in a container the program creates (a record of its DNS zone): the program
    // names the container by its resource's output, as a program does (and so cannot remove
    // the container's resource and keep this one).
    const within = KINDS.find((k) => k.tag === this.kind.within);
    for (const [name, st] of w.engine.state) {
      if (!within || kindOf(name).tag !== within.tag || !w.engine.program.has(name)) continue;
      if (within.createdBy?.(st) && Number(st.id) === obj.zone && this.kind.refField)
        inputs[this.kind.refField] = { $ref: name };
    }
    const name = w.newResourceName(this.kind.tag);
    w.engine.program.set(name, inputs);
    w.adopted.add(obj.key);
    w.log.push(
      `program: add ${name} adopting ${this.kind.name} ${obj.id} = ${JSON.stringify(inputs)}`,
    );
  }
  toString = () => `Adopt(${this.kind.name} @${this.obj}, ${JSON.stringify(this.spec)})`;
}

/** Another actor edits a field of any object of a kind (managed or not) on the platform. */
class OobEdit implements Cmd {
  constructor(
    readonly kind: ModelKind,
    readonly obj: number,
    readonly edit: OobFieldEdit,
  ) {}
  check = () => true;
  async run(_m: World, w: World) {
    const s = await w.ctl.state();
    const obj = pick(this.kind.objects(s), this.obj);
    if (!obj) return;
    if (this.kind.oobEdit(s, obj, this.edit) === false) return;
    await w.setState(s);
    w.drifted.add(obj.key);
    w.attemptedPriors.delete(obj.key);
    w.log.push(
      `out-of-band: ${this.kind.name} ${obj.id}.${this.edit.field} = ${JSON.stringify(this.edit.value)}`,
    );
    w.checkPlatform(objectsOf(s), "an out-of-band edit");
  }
  toString = () =>
    `OobEdit(${this.kind.name} @${this.obj}, ${this.edit.field}, ${JSON.stringify(this.edit.value)})`;
}

/** Another actor deletes an object of a kind. */
class OobDelete implements Cmd {
  constructor(
    readonly kind: ModelKind,
    readonly obj: number,
  ) {}
  check = () => true;
  async run(_m: World, w: World) {
    const s = await w.ctl.state();
    const obj = pick(this.kind.objects(s), this.obj);
    if (!obj || !this.kind.oobDelete) return;
    if (this.kind.oobDelete(s, obj) === false) return;
    await w.setState(s);
    if (w.engine.stateKeys().includes(obj.key)) w.goneOutOfBand.add(obj.key);
    if (w.other.stateKeys().includes(obj.key)) w.otherGone.add(obj.key);
    w.deletedOutOfBand.add(obj.key);
    w.log.push(`out-of-band: delete ${this.kind.name} ${obj.id} "${obj.name}"`);
    w.checkPlatform(objectsOf(s), "an out-of-band delete");
  }
  toString = () => `OobDelete(${this.kind.name} @${this.obj})`;
}

/** Another actor creates an object of a kind (a name its zone does not have yet). */
class OobCreate implements Cmd {
  constructor(
    readonly kind: ModelKind,
    readonly spec: OobCreateSpec,
  ) {}
  check = () => true;
  async run(_m: World, w: World) {
    const s = await w.ctl.state();
    const id = this.kind.oobCreate?.(s, this.spec, w.newOobName());
    if (id === undefined) return;
    await w.setState(s);
    const obj = this.kind.objects(s).find((o) => o.id === id);
    w.log.push(
      `out-of-band: create ${this.kind.name} ${id} "${obj?.name}" in shield zone ${this.spec.zone}`,
    );
    w.checkPlatform(objectsOf(s), "an out-of-band create");
  }
  toString = () => `OobCreate(${this.kind.name}, ${JSON.stringify(this.spec)})`;
}

/**
 * A second stack of the same program on the same zones (dev and staging, say): it takes the
 * program as it is now and runs `up`, or `destroy`s what it has. It must never change or
 * delete what the first stack owns, nor the first stack what it owns.
 */
class OtherStack implements Cmd {
  constructor(readonly op: "up" | "destroy") {}
  check = () => true;
  async run(_m: World, w: World) {
    if (this.op === "up") w.other.program = new Map(clone([...w.engine.program]));
    await w.run(this.op, this.toString(), () => w.other[this.op](), false, w.other);
  }
  toString = () => `OtherStack(${this.op})`;
}

/** What a fault hits: a kind's call, or a zone lookup every kind makes. */
type FaultTarget =
  | "POST"
  | "GET one"
  | "PATCH one"
  | "DELETE one"
  | "GET list"
  | "GET pull zone"
  | "GET shield zone";

/** A failure injected into one run. */
export interface FaultChoice {
  /** The kind whose calls it hits (its tag). */
  kind: string;
  target: FaultTarget;
  fault: "503" | "504" | "500" | "reset" | "timeout" | "applied-503" | "applied-504";
  count: number;
  probability: number;
  seed: number;
}

/** The emulator's fault spec of a choice. */
export function faultSpec(f: FaultChoice): FaultSpec {
  const k = KINDS.find((x) => x.tag === f.kind) ?? KINDS[0];
  let [method] = f.target.split(" ");
  if (f.target === "POST") method = k.paths.methods?.create ?? method;
  if (f.target === "PATCH one") method = k.paths.methods?.update ?? method;
  const path = {
    POST: k.paths.create,
    "GET one": k.paths.one,
    "PATCH one": k.paths.one,
    "DELETE one": k.paths.one,
    "GET list": k.paths.list,
    "GET pull zone": "^/shield/shield-zone/get-by-pullzone/",
    "GET shield zone": "^/shield/shield-zone/\\d+$",
  }[f.target];
  const spec: FaultSpec = {
    method,
    path,
    count: f.count,
    probability: f.probability,
    seed: f.seed,
  };
  if (f.fault === "reset") spec.reset = true;
  else if (f.fault === "timeout") spec.delayMs = CLIENT_TIMEOUT_MS + 100;
  else if (f.fault.startsWith("applied-")) {
    spec.status = Number(f.fault.slice("applied-".length));
    spec.afterHandler = true;
  } else spec.status = Number(f.fault);
  return spec;
}

const faultChoice: fc.Arbitrary<FaultChoice> = fc.record({
  kind: fc.constantFrom(...KINDS.map((k) => k.tag)),
  target: fc.constantFrom<FaultTarget>(
    "POST",
    "GET one",
    "PATCH one",
    "DELETE one",
    "GET list",
    "GET pull zone",
    "GET shield zone",
  ),
  fault: fc.constantFrom<FaultChoice["fault"]>(
    "503",
    "504",
    "500",
    "reset",
    "timeout",
    "applied-503",
    "applied-504",
  ),
  count: fc.constantFrom(1, 2, 5, 5),
  probability: fc.constantFrom(1, 1, 0.5),
  seed: fc.integer({ min: 1, max: 1000 }),
});

const faultText = (f: FaultChoice) =>
  `${f.fault} ${f.target} ${f.kind} ×${f.count} p${f.probability} s${f.seed}`;

/** `pulumi up`, optionally with an injected fault or a Ctrl-C after one write. */
class Up implements Cmd {
  constructor(
    readonly fault: FaultChoice | undefined,
    readonly interruptAt: number | undefined,
  ) {}
  check = () => true;
  async run(_m: World, w: World) {
    const spec = this.fault ? faultSpec(this.fault) : undefined;
    if (spec) await w.ctl.fault(spec);
    if (spec?.delayMs) w.pendingDelayMs = spec.delayMs + 50;
    await w.run(
      "up",
      this.toString(),
      () => w.engine.up(this.interruptAt !== undefined ? { atWrite: this.interruptAt } : undefined),
      spec !== undefined,
    );
  }
  toString = () =>
    `Up(${this.fault ? faultText(this.fault) : ""}${this.interruptAt !== undefined ? ` interrupt at write ${this.interruptAt}` : ""})`;
}

/** `pulumi refresh`, optionally with an injected fault. */
class Refresh implements Cmd {
  constructor(readonly fault: FaultChoice | undefined) {}
  check = () => true;
  async run(_m: World, w: World) {
    const spec = this.fault ? faultSpec(this.fault) : undefined;
    if (spec) await w.ctl.fault(spec);
    if (spec?.delayMs) w.pendingDelayMs = spec.delayMs + 50;
    await w.run("refresh", this.toString(), () => w.engine.refresh(), spec !== undefined);
  }
  toString = () => `Refresh(${this.fault ? faultText(this.fault) : ""})`;
}

/** `pulumi destroy`, optionally with an injected fault. */
class Destroy implements Cmd {
  constructor(readonly fault: FaultChoice | undefined) {}
  check = () => true;
  async run(_m: World, w: World) {
    const spec = this.fault ? faultSpec(this.fault) : undefined;
    if (spec) await w.ctl.fault(spec);
    if (spec?.delayMs) w.pendingDelayMs = spec.delayMs + 50;
    await w.run("destroy", this.toString(), () => w.engine.destroy(), spec !== undefined);
  }
  toString = () => `Destroy(${this.fault ? faultText(this.fault) : ""})`;
}

/** Every command with its weight: runs and program edits dominate. */
const ALL: [fc.Arbitrary<Cmd> | undefined, number][] = [
  [perKind((k) => k.addInputs)?.map(([k, i]) => new AddObject(k, i)), 5],
  [perKind((k) => fc.tuple(fc.nat(7), k.edits))?.map(([k, [r, e]]) => new EditField(k, r, e)), 5],
  [
    perKind((k) => (k.modeSwitch ? fc.tuple(fc.nat(7), fc.boolean()) : undefined))?.map(
      ([k, [r, pz]]) => new ModeSwitch(k, r, pz),
    ),
    2,
  ],
  [fc.nat(7).map((r) => new Rename(r)), 3],
  [fc.nat(7).map((r) => new Remove(r)), 1],
  [fc.nat(7).map((r) => new Duplicate(r)), 1],
  [perKind((k) => fc.tuple(fc.nat(9), k.adoptSpecs))?.map(([k, [o, s]]) => new Adopt(k, o, s)), 2],
  [perKind((k) => fc.tuple(fc.nat(9), k.oobEdits))?.map(([k, [o, e]]) => new OobEdit(k, o, e)), 2],
  [perKind((k) => (k.oobDelete ? fc.nat(9) : undefined))?.map(([k, o]) => new OobDelete(k, o)), 1],
  [perKind((k) => k.oobCreates)?.map(([k, c]) => new OobCreate(k, c)), 1],
  [
    fc
      .tuple(sometimes(faultChoice, 1, 1), sometimes(fc.nat(2), 4, 1))
      .map(([f, i]) => new Up(f, f ? undefined : i)),
    6,
  ],
  [fc.constant(new Up(undefined, undefined)), 3],
  [sometimes(faultChoice, 2, 1).map((f) => new Refresh(f)), 2],
  [sometimes(faultChoice, 2, 1).map((f) => new Destroy(f)), 1],
  [fc.constantFrom<"up" | "destroy">("up", "up", "destroy").map((op) => new OtherStack(op)), 2],
];

/** The command arbitrary (one weighted choice). */
export const commandArbitrary: fc.Arbitrary<Cmd> = fc.oneof(
  ...ALL.flatMap(([arbitrary, weight]) => (arbitrary ? [{ arbitrary, weight }] : [])),
);
