/**
 * The model test's commands (fast-check `fc.commands`): program edits, out-of-band platform
 * changes by another actor, and engine runs (`up` with an optional injected fault or
 * interruption, `refresh`, `destroy`). Commands name resources and rules by index; the index
 * is resolved when the command runs (modulo what exists then), so every sequence stays valid
 * while fast-check shrinks it.
 */
import fc from "fast-check";
import type { FaultSpec } from "../../../packages/emulator/src";
import type { ProgramInputs } from "./engine";
import { clone } from "./engine";
import { NULLABLE_FIELDS } from "./oracle";
import { PULL_ZONES, World } from "./world";

/** Timeout of one attempt of the provider's client in these tests (see model.test.ts). */
export const CLIENT_TIMEOUT_MS = 200;

type Cmd = fc.AsyncCommand<World, World, false>;

/** Rule names the program draws from ("api-burst" is a fixture rule of shield zone 1). */
const NAMES = ["alpha", "beta", "gamma", "api-burst"];

const enumValue = (names: string[], ints: number[]) =>
  fc.oneof(fc.constantFrom(...names), fc.constantFrom(...ints));

/** Every configuration field with the values a program may give it (names or integers). */
const FIELD_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  actionType: enumValue(["RateLimit", "Log", "Challenge"], [1, 2, 3]),
  variableTypes: fc.constantFrom<unknown>(
    null,
    { REQUEST_URI: "/api" },
    { REQUEST_URI: "/login", REQUEST_METHOD: "POST" },
  ),
  operatorType: enumValue(["BEGINSWITH", "CONTAINS", "STREQ", "RX"], [0, 2, 15, 14]),
  severityType: enumValue(["NOTICE", "WARNING", "CRITICAL"], [0, 1, 2]),
  transformationTypes: fc.oneof(
    fc.constant(null),
    fc.constant([]),
    fc.uniqueArray(fc.constantFrom<unknown>("LOWERCASE", "URLDECODE", 9, 8), {
      minLength: 1,
      maxLength: 2,
      selector: (x) => (x === "LOWERCASE" ? 8 : x),
    }),
  ),
  value: fc.constantFrom<unknown>(null, "/api", "/search"),
  isNegated: fc.constantFrom<unknown>(null, true, false),
  isRegexVariable: fc.constantFrom<unknown>(null, true, false),
  requestCount: fc.constantFrom(10, 50, 100, 500),
  counterKeyType: enumValue(["IP", "Host", "Country"], [0, 1, 2]),
  timeframe: enumValue(["PerTenSeconds", "PerOneMinute", "PerFiveMinutes"], [10, 60, 300]),
  blockTime: enumValue(["ForOneMinute", "ForFiveMinutes", "ForOneHour"], [60, 300, 3600]),
  chainedRuleConditions: fc.oneof(
    fc.constant(null),
    fc.constant([]),
    fc.array(
      fc.record(
        {
          variableTypes: fc.constantFrom({ REQUEST_METHOD: "POST" }, { REQUEST_URI: "/x" }),
          operatorType: enumValue(["STREQ", "CONTAINS"], [15, 2]),
          value: fc.constantFrom("POST", "/x"),
          isNegated: fc.boolean(),
        },
        { requiredKeys: ["variableTypes", "value"] },
      ),
      { minLength: 1, maxLength: 2 },
    ),
  ),
};
const FIELDS = Object.keys(FIELD_VALUES);

/** A partial configuration: any subset of the fields. */
const partialConfig = fc
  .subarray(FIELDS, { minLength: 0, maxLength: 6 })
  .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, FIELD_VALUES[k]]))));

/**
 * What a new rule needs (`check` refuses a create without it): action, at least one
 * variable, operator, request count, time frame and block time, each drawn like any value.
 */
const requiredConfig = fc.record({
  actionType: FIELD_VALUES.actionType,
  variableTypes: fc.constantFrom<unknown>(
    { REQUEST_URI: "/api" },
    { REQUEST_URI: "/login", REQUEST_METHOD: "POST" },
  ),
  operatorType: FIELD_VALUES.operatorType,
  requestCount: FIELD_VALUES.requestCount,
  timeframe: FIELD_VALUES.timeframe,
  blockTime: FIELD_VALUES.blockTime,
});

/** The configuration of a rule the program adds: what a new rule needs, plus any subset. */
const createConfig = fc.tuple(requiredConfig, partialConfig).map(([req, part]) => {
  const out: Record<string, unknown> = { ...req, ...part };
  if (out.variableTypes === null) out.variableTypes = req.variableTypes;
  return out;
});

/** A full configuration in integers (what another actor's tool writes). */
const fullWireConfig = fc.record({
  actionType: fc.constantFrom(1, 2, 3),
  variableTypes: fc.constantFrom({ REQUEST_URI: "/oob" }, null),
  operatorType: fc.constantFrom(0, 2, 15),
  severityType: fc.constantFrom(0, 1, 2),
  transformationTypes: fc.constantFrom([8], [], null),
  value: fc.constantFrom("/oob", null),
  isNegated: fc.constantFrom(true, false, null),
  isRegexVariable: fc.constantFrom(true, false),
  requestCount: fc.constantFrom(7, 70, 700),
  counterKeyType: fc.constantFrom(0, 1, 7),
  timeframe: fc.constantFrom(1, 10, 60),
  blockTime: fc.constantFrom(30, 60, 900),
  chainedRuleConditions: fc.constantFrom(
    [],
    [
      {
        variableTypes: { REQUEST_METHOD: "GET" },
        operatorType: 15,
        value: "GET",
        isNegated: false,
        isRegexVariable: false,
      },
    ],
  ),
});

/** A wire value of one field (another actor writes integers). */
const WIRE_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  ...FIELD_VALUES,
  actionType: fc.constantFrom(1, 2, 3),
  operatorType: fc.constantFrom(0, 2, 15, 14),
  severityType: fc.constantFrom(0, 1, 2),
  transformationTypes: fc.constantFrom(null, [], [8], [19, 8]),
  counterKeyType: fc.constantFrom(0, 1, 2, 7),
  timeframe: fc.constantFrom(10, 60, 300),
  blockTime: fc.constantFrom(60, 300, 3600),
  chainedRuleConditions: fc.constantFrom(
    null,
    [],
    [
      {
        variableTypes: { REQUEST_METHOD: "PUT" },
        operatorType: 2,
        value: "PUT",
        isNegated: true,
        isRegexVariable: false,
      },
    ],
  ),
};

/** `undefined` with weight `none`, a value of `arb` with weight `some`. */
const sometimes = <T>(arb: fc.Arbitrary<T>, none: number, some: number) =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: none },
    { arbitrary: arb, weight: some },
  ) as fc.Arbitrary<T | undefined>;

const pick = <T>(xs: T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);

const placement = fc.constantFrom<Record<string, number>>(
  { shieldZoneId: 1 },
  { shieldZoneId: 2 },
  { pullZoneId: 1 },
  { pullZoneId: 4 },
);

/** Adds a rule the program creates. */
class AddRule implements Cmd {
  constructor(
    readonly where: Record<string, number>,
    readonly ruleName: string,
    readonly cfg: Record<string, unknown>,
    readonly description: string | null | undefined,
    readonly deleteOnDestroy: boolean | undefined,
  ) {}
  check = (w: Readonly<World>) => w.engine.program.size < 4;
  async run(_m: World, w: World) {
    const inputs: ProgramInputs = {
      ...this.where,
      ruleName: this.ruleName,
      ruleConfiguration: clone(this.cfg),
    };
    if (this.description !== undefined) inputs.ruleDescription = this.description;
    if (this.deleteOnDestroy !== undefined) inputs.deleteOnDestroy = this.deleteOnDestroy;
    const name = w.newResourceName();
    w.engine.program.set(name, inputs);
    w.log.push(`program: add ${name} = ${JSON.stringify(inputs)}`);
  }
  toString = () =>
    `AddRule(${JSON.stringify(this.where)}, ${this.ruleName}, ${JSON.stringify(this.cfg)}, ${this.description}, ${this.deleteOnDestroy})`;
}

/** Edits one managed field: a new value, `null` (clear), or removed (unmanaged). */
class EditField implements Cmd {
  constructor(
    readonly res: number,
    readonly field: string,
    readonly value: unknown,
    readonly remove: boolean,
  ) {}
  check = (w: Readonly<World>) => w.engine.program.size > 0;
  async run(_m: World, w: World) {
    const name = pick(w.resourceNames(), this.res)!;
    const prog = w.engine.program.get(name)!;
    if (this.field === "ruleDescription") {
      if (this.remove) delete prog.ruleDescription;
      else prog.ruleDescription = this.value;
    } else if (this.field === "ruleName") {
      if (this.remove && typeof prog.ruleId === "number") delete prog.ruleName;
      else prog.ruleName = this.value;
    } else if (this.remove) {
      delete prog.ruleConfiguration[this.field];
    } else {
      prog.ruleConfiguration[this.field] = clone(this.value);
    }
    w.log.push(
      `program: ${name}.${this.field} ${this.remove ? "removed (unmanaged)" : `= ${JSON.stringify(this.value)}`}`,
    );
  }
  toString = () =>
    `EditField(#${this.res}, ${this.field}, ${this.remove ? "<remove>" : JSON.stringify(this.value)})`;
}

/** A created rule rewritten as `ruleId: <its id>`, or an adopted one back to its zone. */
class ModeSwitch implements Cmd {
  constructor(
    readonly res: number,
    readonly viaPullZone: boolean,
  ) {}
  check = (w: Readonly<World>) => w.engine.state.size > 0;
  async run(_m: World, w: World) {
    const names = w.resourceNames().filter((n) => w.engine.state.has(n));
    const name = pick(names, this.res);
    if (!name) return;
    const prog = w.engine.program.get(name)!;
    const st = w.engine.state.get(name)!;
    if (typeof prog.ruleId !== "number") {
      delete prog.shieldZoneId;
      delete prog.pullZoneId;
      prog.ruleId = Number(st.id);
      w.log.push(`program: ${name} switched to ruleId ${st.id}`);
      return;
    }
    const zone = st.outputs.shieldZoneId as number;
    const ruleName = prog.ruleName ?? st.outputs.ruleName;
    if (typeof ruleName !== "string" || ruleName === "") return; // cannot create without a name
    delete prog.ruleId;
    const pz = Object.entries(PULL_ZONES).find(([, z]) => z === zone)?.[0];
    if (this.viaPullZone && pz) prog.pullZoneId = Number(pz);
    else prog.shieldZoneId = zone;
    prog.ruleName = ruleName;
    w.log.push(
      `program: ${name} switched back to ${JSON.stringify({ shieldZoneId: prog.shieldZoneId, pullZoneId: prog.pullZoneId })}`,
    );
  }
  toString = () => `ModeSwitch(#${this.res}, ${this.viaPullZone ? "pullZone" : "shieldZone"})`;
}

/** Renames a resource: same inputs under a new resource name (create new, delete old). */
class Rename implements Cmd {
  constructor(readonly res: number) {}
  check = (w: Readonly<World>) => w.engine.program.size > 0;
  async run(_m: World, w: World) {
    const name = pick(w.resourceNames(), this.res)!;
    const inputs = w.engine.program.get(name)!;
    const entries = [...w.engine.program];
    const to = w.newResourceName();
    w.engine.program = new Map(entries.map(([n, v]) => (n === name ? [to, v] : [n, v])));
    w.log.push(`program: rename ${name} → ${to}`);
    void inputs;
  }
  toString = () => `Rename(#${this.res})`;
}

/** Copies a resource under a new name (copy-paste in the program: same rule name, zone). */
class Duplicate implements Cmd {
  constructor(readonly res: number) {}
  check = (w: Readonly<World>) => w.engine.program.size > 0 && w.engine.program.size < 4;
  async run(_m: World, w: World) {
    const name = pick(w.resourceNames(), this.res)!;
    const to = w.newResourceName();
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
    w.log.push(`program: remove ${name}`);
  }
  toString = () => `Remove(#${this.res})`;
}

/** Adopts a rule the program does not own yet, with a partial configuration. */
class Adopt implements Cmd {
  constructor(
    readonly rule: number,
    readonly keepFields: string[],
    readonly changed: Record<string, unknown>,
    readonly withName: boolean,
  ) {}
  check = (w: Readonly<World>) => w.engine.program.size < 4;
  async run(_m: World, w: World) {
    const owned = new Set([
      ...w.engine.stateIds().map(Number),
      ...w.adoptTargets(),
      ...w.other.stateIds().map(Number),
    ]);
    const candidates = (await w.rules()).filter((r) => !owned.has(r.id));
    const rule = pick(candidates, this.rule);
    if (!rule) return;
    const cfg: Record<string, unknown> = {};
    const current = (rule.ruleConfiguration ?? {}) as Record<string, unknown>;
    for (const k of this.keepFields) if (current[k] !== undefined) cfg[k] = clone(current[k]);
    Object.assign(cfg, clone(this.changed));
    const inputs: ProgramInputs = { ruleId: rule.id, ruleConfiguration: cfg };
    if (this.withName && rule.ruleName) inputs.ruleName = rule.ruleName;
    const name = w.newResourceName();
    w.engine.program.set(name, inputs);
    w.adopted.add(rule.id);
    w.log.push(`program: add ${name} adopting rule ${rule.id} = ${JSON.stringify(inputs)}`);
  }
  toString = () =>
    `Adopt(@${this.rule}, keep ${JSON.stringify(this.keepFields)}, set ${JSON.stringify(this.changed)}, name ${this.withName})`;
}

/** Another actor edits a field of any rule (managed or not) on the platform. */
class OobEdit implements Cmd {
  constructor(
    readonly rule: number,
    readonly field: string,
    readonly value: unknown,
  ) {}
  check = () => true;
  async run(_m: World, w: World) {
    const s = await w.ctl.state();
    const rule = pick(s.rateLimitRules, this.rule);
    if (!rule) return;
    if (this.field === "ruleDescription") rule.ruleDescription = this.value as string | null;
    else {
      const cfg = { ...(rule.ruleConfiguration ?? {}), [this.field]: clone(this.value) };
      rule.ruleConfiguration = cfg as never;
      rule.ruleJson = JSON.stringify(cfg);
    }
    await w.ctl.setState(s);
    w.drifted.add(rule.id);
    w.log.push(`out-of-band: rule ${rule.id}.${this.field} = ${JSON.stringify(this.value)}`);
    w.checkPlatform(s.rateLimitRules, "an out-of-band edit");
  }
  toString = () => `OobEdit(@${this.rule}, ${this.field}, ${JSON.stringify(this.value)})`;
}

/** Another actor deletes a rule. */
class OobDelete implements Cmd {
  constructor(readonly rule: number) {}
  check = () => true;
  async run(_m: World, w: World) {
    const s = await w.ctl.state();
    const rule = pick(s.rateLimitRules, this.rule);
    if (!rule) return;
    s.rateLimitRules = s.rateLimitRules.filter((r) => r.id !== rule.id);
    await w.ctl.setState(s);
    if (w.engine.stateIds().includes(String(rule.id))) w.goneOutOfBand.add(rule.id);
    if (w.other.stateIds().includes(String(rule.id))) w.otherGone.add(rule.id);
    w.deletedOutOfBand.add(rule.id);
    w.log.push(`out-of-band: delete rule ${rule.id} "${rule.ruleName}"`);
    w.checkPlatform(s.rateLimitRules, "an out-of-band delete");
  }
  toString = () => `OobDelete(@${this.rule})`;
}

/** Another actor creates a rule (a name the zone does not have yet). */
class OobCreate implements Cmd {
  constructor(
    readonly zone: number,
    readonly poolName: string | undefined,
    readonly cfg: Record<string, unknown>,
  ) {}
  check = () => true;
  async run(_m: World, w: World) {
    const s = await w.ctl.state();
    const taken = s.rateLimitRules.some(
      (r) => r.shieldZoneId === this.zone && r.ruleName === this.poolName,
    );
    const name = this.poolName && !taken ? this.poolName : w.newOobName();
    const id = s.nextIds.rateLimitRule++;
    s.rateLimitRules.push({
      id,
      shieldZoneId: this.zone,
      userId: "user-2",
      ruleName: name,
      ruleDescription: "made by another tool",
      ruleJson: JSON.stringify(this.cfg),
      ruleConfiguration: clone(this.cfg) as never,
    });
    await w.ctl.setState(s);
    w.log.push(`out-of-band: create rule ${id} "${name}" in shield zone ${this.zone}`);
    w.checkPlatform(s.rateLimitRules, "an out-of-band create");
  }
  toString = () => `OobCreate(${this.zone}, ${this.poolName}, ${JSON.stringify(this.cfg)})`;
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

/** A failure injected into one run. */
export interface FaultChoice {
  target: "POST rule" | "GET rule" | "PATCH rule" | "DELETE rule" | "GET list" | "GET pull zone";
  kind: "503" | "504" | "500" | "reset" | "timeout" | "applied-503" | "applied-504";
  count: number;
  probability: number;
  seed: number;
}

/** The emulator's fault spec of a choice. */
export function faultSpec(f: FaultChoice): FaultSpec {
  const [method, what] = f.target.split(" ");
  const path =
    what === "rule"
      ? method === "POST"
        ? "^/shield/rate-limit$"
        : "^/shield/rate-limit/\\d+$"
      : what === "list"
        ? "^/shield/rate-limits/"
        : "^/shield/shield-zone/get-by-pullzone/";
  const spec: FaultSpec = {
    method,
    path,
    count: f.count,
    probability: f.probability,
    seed: f.seed,
  };
  if (f.kind === "reset") spec.reset = true;
  else if (f.kind === "timeout") spec.delayMs = CLIENT_TIMEOUT_MS + 100;
  else if (f.kind.startsWith("applied-")) {
    spec.status = Number(f.kind.slice("applied-".length));
    spec.afterHandler = true;
  } else spec.status = Number(f.kind);
  return spec;
}

const faultChoice: fc.Arbitrary<FaultChoice> = fc.record({
  target: fc.constantFrom<FaultChoice["target"]>(
    "POST rule",
    "GET rule",
    "PATCH rule",
    "DELETE rule",
    "GET list",
    "GET pull zone",
  ),
  kind: fc.constantFrom<FaultChoice["kind"]>(
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
    `Up(${this.fault ? JSON.stringify(this.fault) : ""}${this.interruptAt !== undefined ? ` interrupt at write ${this.interruptAt}` : ""})`;
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
  toString = () => `Refresh(${this.fault ? JSON.stringify(this.fault) : ""})`;
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
  toString = () => `Destroy(${this.fault ? JSON.stringify(this.fault) : ""})`;
}

const EDITABLE = [...FIELDS, "ruleDescription", "ruleName"];
const editValue = (field: string): fc.Arbitrary<unknown> =>
  field === "ruleDescription"
    ? fc.constantFrom(null, "one", "two")
    : field === "ruleName"
      ? fc.constantFrom(...NAMES)
      : NULLABLE_FIELDS.has(field)
        ? fc.oneof(fc.constant(null), FIELD_VALUES[field])
        : FIELD_VALUES[field];

const ALL: fc.Arbitrary<Cmd>[] = [
  fc
    .tuple(
      placement,
      fc.constantFrom(...NAMES),
      createConfig,
      sometimes(fc.constantFrom<string | null>("managed by pulumi", null), 1, 1),
      sometimes(fc.boolean(), 4, 1),
    )
    .map(([p, n, c, d, del]) => new AddRule(p, n, c, d, del)),
  fc
    .tuple(fc.nat(7), fc.constantFrom(...EDITABLE), fc.boolean(), fc.nat(3))
    .chain(([res, field, remove]) =>
      editValue(field).map((v) => new EditField(res, field, v, remove && field !== "ruleName")),
    ),
  fc
    .tuple(fc.nat(7), fc.constantFrom(...FIELDS))
    .chain(([res, field]) => editValue(field).map((v) => new EditField(res, field, v, false))),
  fc.tuple(fc.nat(7), fc.boolean()).map(([r, pz]) => new ModeSwitch(r, pz)),
  fc.nat(7).map((r) => new Rename(r)),
  fc.nat(7).map((r) => new Remove(r)),
  fc.nat(7).map((r) => new Duplicate(r)),
  fc
    .tuple(fc.nat(9), fc.subarray(FIELDS, { maxLength: 4 }), partialConfig, fc.boolean())
    .map(([r, keep, changed, withName]) => {
      const few = Object.fromEntries(Object.entries(changed).slice(0, 2));
      return new Adopt(r, keep, few, withName);
    }),
  fc
    .tuple(fc.nat(9), fc.constantFrom(...FIELDS, "ruleDescription"))
    .chain(([r, field]) =>
      (field === "ruleDescription"
        ? fc.constantFrom<unknown>("edited elsewhere", null)
        : WIRE_VALUES[field]
      ).map((v) => new OobEdit(r, field, v)),
    ),
  fc.nat(9).map((r) => new OobDelete(r)),
  fc
    .tuple(fc.constantFrom(1, 2), sometimes(fc.constantFrom(...NAMES), 1, 1), fullWireConfig)
    .map(([z, n, c]) => new OobCreate(z, n, c)),
  fc
    .tuple(sometimes(faultChoice, 1, 1), sometimes(fc.nat(2), 4, 1))
    .map(([f, i]) => new Up(f, f ? undefined : i)),
  fc.constant(new Up(undefined, undefined)),
  sometimes(faultChoice, 2, 1).map((f) => new Refresh(f)),
  sometimes(faultChoice, 2, 1).map((f) => new Destroy(f)),
  fc.constantFrom<"up" | "destroy">("up", "up", "destroy").map((op) => new OtherStack(op)),
];

/** The weight of each command of ALL, in order: runs and program edits dominate. */
const WEIGHTS = [5, 3, 2, 2, 3, 1, 1, 2, 2, 1, 1, 6, 3, 2, 1, 2];

/** The command arbitrary (one weighted choice). */
export const commandArbitrary: fc.Arbitrary<Cmd> = fc.oneof(
  ...ALL.map((arbitrary, i) => ({ arbitrary, weight: WEIGHTS[i] })),
);
