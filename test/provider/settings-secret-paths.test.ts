/**
 * A secret setting's value (ResponsePage's `html`, in a declaration extended by the test: no
 * kind of the package declares a secret setting) through every path of the settings engine:
 * check (its record before the write, `priorRead`, and its failures), create, update, a read
 * that finds drift, a failed write, a refused delete and the delete that restores. The values
 * planted (the page the zone had, the program's pages, the one changed outside Pulumi) appear in
 * no log line, no error message and no `util.inspect` of an error; the one place a value before
 * Pulumi is kept is the `prior` output (a Pulumi secret in the state: settings-secret.test.ts).
 */
import * as util from "util";
import { EmulatorControl, startEmulator, type RunningEmulator } from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { settingsProvider } from "../../packages/pulumi/src/resources/core/zone-settings/engine";
import { PRIOR_READ } from "../../packages/pulumi/src/resources/core/zone-settings/prior-read";
import { responsePageKind } from "../../packages/pulumi/src/resources/kinds/settings/response-page";
import { registerSecret } from "../support/secrets";
import { stackConfig } from "./helpers";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

/** ResponsePage's declaration with `html` declared secret (the one edit). */
const secretPage = {
  ...responsePageKind,
  fields: responsePageKind.fields.map((f) => ({ ...f, secret: true as const })),
};

const THEIRS = "<p>theirs-91c4e0</p>";
const OURS = "<p>ours-2b7d55</p>";
const NEXT = "<p>next-6a0f13</p>";
const DRIFT = "<p>drift-d83e7a</p>";
const MARKS = ["theirs-91c4e0", "ours-2b7d55", "next-6a0f13", "drift-d83e7a"];
for (const v of [THEIRS, OURS, NEXT, DRIFT]) registerSecret(v);

const provider = settingsProvider(secretPage) as Any;
let emu: RunningEmulator;
let ctl: EmulatorControl;
/** The engine's log lines (stderr lines starting `edgeplatform: `). */
const logs: string[] = [];
/** Every error the paths threw: message and `util.inspect`. */
const errors: string[] = [];

/** `p`'s rejection, recorded (message and inspect); fails when `p` resolves. */
async function refused(p: Promise<unknown>): Promise<Error> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(Error);
  errors.push(`${(e as Error).message}\n${util.inspect(e, { depth: 8 })}`);
  return e as Error;
}

const news = (html: string) => ({ shieldZoneId: 3, pageType: "block", html });

/** Sets the zone's block page on the platform (outside Pulumi). */
const plant = (html: string) =>
  ctl.updateState((s: Any) => {
    const zone = s.shieldZones.find((z: Any) => z.id === 3);
    zone.customPages = { ...zone.customPages, block: html };
  });

beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  ctl = new EmulatorControl(emu.url);
  resetSettings();
  configureFromRequest(
    stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
  );
  const realWrite = process.stderr.write.bind(process.stderr);
  jest.spyOn(process.stderr, "write").mockImplementation(((chunk: unknown, ...rest: never[]) => {
    const text = String(chunk);
    if (!text.startsWith("edgeplatform: ")) return realWrite(chunk as string, ...rest);
    logs.push(text.trim());
    return true;
  }) as typeof process.stderr.write);
});

afterAll(async () => {
  jest.restoreAllMocks();
  resetSettings();
  await emu.close();
});

beforeEach(async () => {
  await ctl.reset();
  await ctl.clearFaults();
  resetRunState();
  await plant(THEIRS);
});

test("check's record before the write (priorRead) holds no secret setting's value; create records it in prior", async () => {
  const checked = await provider.check({}, news(OURS));
  expect(checked.failures ?? []).toEqual([]);
  // The engine stores check's inputs as given (never as a secret): the value before Pulumi is
  // not there, the program's own value is (the program's input is a secret: the base class).
  expect(checked.inputs[PRIOR_READ] ?? {}).toEqual({});
  expect(JSON.stringify(checked.inputs)).not.toContain("theirs-91c4e0");
  const c = await provider.create(checked.inputs);
  expect(c.outs.prior).toEqual({ html: THEIRS });
  expect(c.outs.html).toBe(OURS);
  // A state of an earlier release whose record holds it: the next check drops it.
  const again = await provider.check(
    { ...checked.inputs, [PRIOR_READ]: { html: THEIRS } },
    news(NEXT),
  );
  expect(JSON.stringify(again.inputs)).not.toContain("theirs-91c4e0");
});

test("create, update, drift, a failed write, a refused delete and the restoring delete print no secret value", async () => {
  const c = await provider.create((await provider.check({}, news(OURS))).inputs);
  // Update to another page.
  const u = await provider.update(c.id, c.outs, (await provider.check(c.outs, news(NEXT))).inputs);
  expect(u.outs.html).toBe(NEXT);
  // Changed outside Pulumi: the read reports the drifted value (the state encrypts it).
  await plant(DRIFT);
  resetRunState();
  const r = await provider.read(u.outs.shieldZoneId ? c.id : c.id, u.outs);
  expect(r.props.html).toBe(DRIFT);
  // A failed write (the platform answers 500): the error names no value.
  await ctl.fault({ method: "PUT", path: "custom-page", status: 500, count: -1 });
  await refused(provider.update(c.id, r.props, (await provider.check(r.props, news(OURS))).inputs));
  await refused(provider.delete(c.id, r.props));
  await ctl.clearFaults();
  // `pulumi up --replace`: the replacement records Pulumi's own write as its prior; the old
  // entry's delete refuses naming both records and the prior to state.
  resetRunState();
  const made = await provider.create((await provider.check({}, news(DRIFT))).inputs);
  expect(made.outs.prior).toEqual({ html: DRIFT });
  const refusal = await refused(provider.delete(c.id, r.props));
  expect(refusal.message).toContain('prior: {"html":"[secret]"}');
  // The restoring delete of the replacement, then of the original (their records agree now).
  resetRunState();
  await provider.delete(made.id, made.outs);
  // A check failure about the secret setting (a number for the page): the resource's failure,
  // naming the setting, its value not printed.
  const bad = provider.checkSync({}, { shieldZoneId: 3, pageType: "block", html: 90817263 });
  expect(bad.failures).toEqual([
    { property: "", reason: expect.stringMatching(/^`html` must be a string.*got \[secret\]$/) },
  ]);
  expect(JSON.stringify(bad.failures)).not.toContain("90817263");

  const printed = [...logs, ...errors].join("\n");
  expect(printed).toContain("[secret]");
  for (const m of MARKS) expect(printed).not.toContain(m);
});

test("a kind's own refusal that quotes a secret value (its validate): the error says [secret]", async () => {
  const quoting = settingsProvider({
    ...secretPage,
    async validate(_t: unknown, desired: Record<string, unknown>, what: string) {
      throw new Error(`${what} failed: the page ${JSON.stringify(desired.html)} is refused`);
    },
  }) as Any;
  const e = await refused(quoting.create((await quoting.check({}, news(OURS))).inputs));
  expect(e.message).toContain("the page [secret] is refused");
  for (const m of MARKS) expect(errors.join("\n")).not.toContain(m);
});
