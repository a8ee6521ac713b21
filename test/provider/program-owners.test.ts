/**
 * Rule 7b of the lifecycle tables at program level, for every kind of the tables: two
 * resources of one program naming one object spelled the same way (an adopted id twice, a
 * zone's settings twice) are both refused by `check`, naming both, before any request. The
 * program runs with the real `@pulumi/pulumi` runtime (`setMocks`): the marks the classes
 * put on their inputs are the ones the engine hands to `check`. The real-engine table
 * (test/e2e/lifecycle-table.e2e.test.ts, cell 7b) runs one kind of each engine through the
 * CLI; this file holds every kind to the rule.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  EmulatorControl,
  startEmulator,
  type EmulatorState,
  type RunningEmulator,
} from "../../packages/emulator/src";
import * as edge from "../../packages/pulumi/src/index";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { stackConfig } from "./helpers";
import { newProgramRun, registeredInputs } from "./mocks";
import { isNa, type Any, type KindDeclaration } from "./lifecycle-table/kind";
import { KINDS } from "./lifecycle-table/kinds";

let emu: RunningEmulator;
let ctl: EmulatorControl;
let before: EmulatorState;

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  ctl = new EmulatorControl(emu.url);
  before = await ctl.state();
  resetSettings();
  configureFromRequest(
    stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
  );
});
afterAll(async () => {
  resetSettings();
  await emu.close();
});

type Ctor = new (n: string, a: Record<string, unknown>) => pulumi.CustomResource;
/** The class of that name in the package's namespaces (as the real-engine table's program). */
function classOf(kind: string): Ctor {
  const areas = [edge.shield, edge.dns, edge.containers, edge.pullzones, edge.compute];
  for (const ns of areas as Record<string, unknown>[]) {
    if (typeof ns[kind] === "function") return ns[kind] as Ctor;
  }
  throw new Error(`no resource class named ${kind}`);
}

// An action names no object of its own: two deletions are two deletions.
const kinds = KINDS.filter((k) => k.destroy !== "keeps");

test("every kind but an action is in the table", () => {
  expect(kinds.length).toBeGreaterThanOrEqual(12);
});

test.each(kinds.map((k) => [k.name, k] as const))(
  "7b. %s: two resources naming one object spelled the same way are both refused by check, naming both; no request",
  async (name, k: KindDeclaration) => {
    resetRunState();
    await newProgramRun();
    const args = isNa(k.adopt) ? k.create(before) : (k.adopt as { inputs: Any }).inputs;
    const [one, two] = [`${name.toLowerCase()}-one`, `${name.toLowerCase()}-two`];
    const Class = classOf(name);
    new Class(one, args);
    new Class(two, args);
    await ctl.clearJournal();
    const reasons: string[] = [];
    for (const n of [one, two]) {
      const inputs = await registeredInputs(n);
      const r = await k.provider.check({}, inputs);
      reasons.push((r.failures ?? []).map((f: Any) => f.reason).join("\n"));
    }
    const refusal = /is named by 2 resources of this program \(([^)]*)\)/;
    expect(
      reasons.map((r) => [refusal.test(r), [one, two].every((n) => r.includes(`"${n}"`))]),
    ).toEqual([
      [true, true],
      [true, true],
    ]);
    expect(await ctl.journal()).toEqual([]);
  },
  // The first resource serializes its provider (seconds on a loaded machine).
  60_000,
);
