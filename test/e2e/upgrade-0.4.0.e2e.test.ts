/**
 * A stack written by version 0.4.0 upgrades with no diff (the kind-model issue), with the real
 * CLI: the state 0.4.0 recorded (test/e2e/fixtures/state-0.4.0) is imported into a fresh
 * project of the same program that uses the current package, against the current emulator
 * holding the recorded platform objects. Preview, up, refresh, preview and up change nothing
 * and write nothing; after each, every resource holds what 0.4.0 held after the same runs
 * (its `__provider` text, inputs and outputs); destroy leaves the platform as 0.4.0's own
 * destroy left it: as before the program, apart from what the program's kinds keep by design.
 */
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { startEmulator, type EmulatorState } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import {
  CLI_BUILD_TIMEOUT_MS,
  Control,
  clone,
  e2eAvailable,
  normaliseOutput,
  provideCliAndDist,
  runPulumi,
  TestStack,
  type Op,
  type OpResult,
} from "./setup";

const FIXTURE = path.join(__dirname, "fixtures", "state-0.4.0");
const OP_TIMEOUT = 300_000;
/** The stack's name here: not the recorded one, so that the test rewrites it. */
const STACK = "upgraded";
/** Pulumi's marker of a secret value in a deployment. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const read = (name: string): Any => JSON.parse(fs.readFileSync(path.join(FIXTURE, name), "utf8"));
const recording = read("recording.json") as {
  emulatorUrl: string;
  projectDir: string;
  projectName: string;
  stackName: string;
  passphrase: string;
};
const recorded = read("stack.json");
const recordedResources: Any[] = recorded.deployment.resources;
/** What the CLI's summaries count: the stack and the program's resources (not the provider). */
const RESOURCE_COUNT = recordedResources.filter(
  (r) => r.type !== "pulumi:providers:pulumi-nodejs",
).length;

/**
 * The lines of a CLI run that say something changed, trimmed (refresh's progress lines,
 * `~ <type> <name> refreshing`, say nothing).
 */
const changedLines = (text: string) =>
  text
    .split("\nResources:")[0]
    .split("\n")
    .filter((l) => /^\s*[~+-]|__provider/.test(l) && !/ refreshing \(<t>\)$/.test(l))
    .map((l) => l.trim().replace(/\s+/g, " "));

/** `resource part.key: recorded => now` for each top-level key whose value differs. */
function differ(urn: string, part: string, was: Any, now: Any): string[] {
  const keys = new Set([...Object.keys(was ?? {}), ...Object.keys(now ?? {})]);
  return [...keys]
    .filter((k) => JSON.stringify(was?.[k]) !== JSON.stringify(now?.[k]))
    .map(
      (k) =>
        `${urn.split("::").slice(-2).join(" ")} ${part}.${k}: ${JSON.stringify(was?.[k])} => ${JSON.stringify(now?.[k])}`,
    );
}

/** A run that succeeded, or its error in the comparison. */
const outcome = (r: OpResult) => [
  r.op,
  r.ok,
  r.ok ? "" : `${r.error?.message}\n${r.stdout}\n${r.stderr}`,
];

const run = e2eAvailable();
(run ? describe : describe.skip)("a stack written by 0.4.0, upgraded", () => {
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  let control: Control;
  let stack: TestStack;
  let apiKey: string;
  /** The recorded states as the current emulator holds them (read back after loading). */
  let before: EmulatorState;
  let afterUp: EmulatorState;
  let afterDestroy040: EmulatorState;
  const timings: string[] = [];

  /** The recorded URNs, names and settings in this run's terms (the emulator, the key). */
  const rewrite = (text: string) =>
    text
      .split(`urn:pulumi:${recording.stackName}::${recording.projectName}::`)
      .join(`urn:pulumi:${STACK}::${recording.projectName}::`)
      .split(`${recording.projectName}-${recording.stackName}`)
      .join(`${recording.projectName}-${STACK}`)
      .split(recording.emulatorUrl)
      .join(emu.url);

  /**
   * How an export of this run holds the resources of a recorded one: each `__provider` text as
   * recorded (counted), and every input and output that differs (the provider's key aside:
   * this run's, checked by the runs' --expect-no-changes).
   */
  function stored(exported: OpResult, recordedExport: Any) {
    const now = new Map<string, Any>(
      (exported.deployment as Any).deployment.resources.map((r: Any) => [r.urn, r]),
    );
    const expected: Any[] = JSON.parse(rewrite(JSON.stringify(recordedExport))).deployment
      .resources;
    expect([...now.keys()].sort()).toEqual(expected.map((r) => r.urn).sort());
    let stubs = 0;
    const differences: string[] = [];
    for (const r of expected) {
      const cur = now.get(r.urn);
      if (r.type === "pulumi:providers:pulumi-nodejs")
        for (const part of [r.inputs, r.outputs, cur.inputs, cur.outputs])
          delete part["edgeplatform:apiKey"];
      if (r.inputs?.__provider !== undefined) {
        stubs++;
        expect([r.urn, cur.inputs.__provider, cur.outputs.__provider]).toEqual([
          r.urn,
          r.inputs.__provider,
          r.outputs.__provider,
        ]);
      }
      differences.push(...differ(r.urn, "inputs", r.inputs, cur.inputs));
      differences.push(...differ(r.urn, "outputs", r.outputs, cur.outputs));
    }
    return { stubs, differences };
  }

  /** Loads a recorded emulator state; answers it as the emulator reads it back. */
  async function load(name: string): Promise<EmulatorState> {
    await control.setState(read(name));
    return control.state();
  }

  beforeAll(async () => {
    const cli = await provideCliAndDist();
    apiKey = `e2e-upgrade-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey);
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
    control = new Control(emu.url);
    afterDestroy040 = await load("emulator-after-destroy.json");
    before = await load("emulator-before.json");
    afterUp = await load("emulator-after-up.json");
    stack = new TestStack(cli, {
      projectName: recording.projectName,
      stackName: STACK,
      passphrase: recording.passphrase,
      programModule: path.join(FIXTURE, "program.ts"),
      programExport: "program",
      config: {
        "edgeplatform:baseUrl": { value: emu.url },
        "edgeplatform:apiKey": { value: apiKey, secret: true },
      },
    });
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    console.log(`upgrade from 0.4.0, timings:\n${timings.join("\n")}`);
    await emu?.close();
    if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
  });

  test("the fixture holds every kind of 0.4.0, no API key and no directory", () => {
    const kinds = new Set(
      recordedResources
        .map((r) => r.type as string)
        .filter((t) => t.startsWith("pulumi-nodejs:dynamic/")),
    );
    expect(kinds.size).toBe(15);
    for (const name of fs.readdirSync(FIXTURE)) {
      const text = fs.readFileSync(path.join(FIXTURE, name), "utf8");
      // No key (the recording's was random), not even encrypted: a placeholder in its place.
      expect([name, /e2e-[a-z0-9-]*[0-9a-f]{32}|ciphertext/.test(text)]).toEqual([name, false]);
      // The states name no directory of the recording: nothing to rewrite there.
      if (name.startsWith("stack"))
        expect([name, text.includes(path.dirname(recording.projectDir))]).toEqual([name, false]);
    }
  });

  test(
    "imported into the current package: preview, refresh and up change nothing and write nothing",
    async () => {
      // The stack and its config, then the recorded state in its place.
      await stack.run([{ op: "outputs" }]);
      const deployment = JSON.parse(rewrite(JSON.stringify(recorded)));
      const provider = deployment.deployment.resources.find(
        (r: Any) => r.type === "pulumi:providers:pulumi-nodejs",
      );
      // This run's key in place of the recording's (a placeholder in the fixture): the same
      // configuration as the recording's, as a stack keeps it across an upgrade.
      for (const part of [provider.inputs, provider.outputs])
        part["edgeplatform:apiKey"] = {
          [SECRET_SIG]: "1b47061264138c4ac30d75fd1eb44270",
          plaintext: JSON.stringify(apiKey),
        };
      const file = path.join(stack.dir, "state-0.4.0.json");
      fs.writeFileSync(file, JSON.stringify(deployment));
      const imp = runPulumi(stack, ["stack", "import", "--file", file]);
      fs.rmSync(file);
      expect([imp.status, imp.stderr]).toEqual([0, ""]);
      timings.push(`stack import: ${imp.ms} ms`);

      // preview, up; refresh; preview, up: each export as 0.4.0's after the same runs.
      await control.clearJournal();
      const ops: Op[] = [
        { op: "preview", opts: { diff: true, expectNoChanges: true } },
        { op: "up", opts: { expectNoChanges: true } },
        { op: "export" },
        { op: "refresh", opts: { expectNoChanges: true } },
        { op: "export" },
        { op: "preview", opts: { diff: true, expectNoChanges: true } },
        { op: "up", opts: { expectNoChanges: true } },
        { op: "export" },
      ];
      const results = await stack.run(ops);
      for (const r of results) timings.push(`${r.op}: ${r.ms} ms`);
      expect(results.map(outcome)).toEqual(ops.map((o) => [o.op, true, ""]));
      for (const r of results.filter((x) => x.op !== "export"))
        expect([r.op, changedLines(normaliseOutput(r.stdout))]).toEqual([r.op, []]);
      const [pv, up, exp, refresh, exp2, pv2, up2, exp3] = results;
      for (const r of [pv, pv2]) expect(r.changeSummary).toEqual({ same: RESOURCE_COUNT });
      for (const r of [up, up2])
        expect(r.summary?.resourceChanges).toEqual({ same: RESOURCE_COUNT });
      expect(refresh.summary?.resourceChanges).toEqual({ same: RESOURCE_COUNT });
      // Nothing was written to the platform, which is as 0.4.0 left it.
      expect((await control.writes()).map((e) => `${e.method} ${e.path}`)).toEqual([]);
      expect(await control.state()).toEqual(afterUp);

      // Every resource keeps what 0.4.0 stored (the `__provider` text, inputs and outputs) and
      // stores after refresh what 0.4.0's own refresh stored.
      expect(stored(exp, recorded)).toEqual({ stubs: RESOURCE_COUNT - 1, differences: [] });
      expect(stored(exp2, read("stack-refreshed.json"))).toEqual({
        stubs: RESOURCE_COUNT - 1,
        differences: [],
      });
      expect(stored(exp3, read("stack-refreshed-up.json"))).toEqual({
        stubs: RESOURCE_COUNT - 1,
        differences: [],
      });
    },
    OP_TIMEOUT,
  );

  test(
    "destroy leaves the platform as 0.4.0's destroy did: as before the program, but for what its kinds keep",
    async () => {
      const d = await stack.op({ op: "destroy" });
      timings.push(`destroy: ${d.ms} ms`);
      expect(d.summary?.resourceChanges).toEqual({ delete: RESOURCE_COUNT });
      const after = await control.state();

      // What the program's kinds leave by design, from the recorded states: the deletion's
      // instances stay deleted (VolumeInstancesDeletion is an action), the API document stays
      // (the platform cannot delete one), the id counters went on, DNS zone 1's DNSSEC switch
      // dated the zone, and the emulator writes down the WAF switch of the zones it wrote.
      const expected = clone(before);
      expected.apps = afterUp.apps;
      expected.nextIds = afterUp.nextIds;
      const zone4 = expected.shieldZones.find((z) => z.id === 4)!;
      zone4.apiGuardian!.spec = afterUp.shieldZones.find((z) => z.id === 4)!.apiGuardian!.spec;
      for (const z of expected.shieldZones)
        if (z.id === 3 || z.id === 4)
          z.wafEnabled = afterUp.shieldZones.find((x) => x.id === z.id)!.wafEnabled;
      const dns1 = expected.dnsZones.find((z) => z.Id === 1)!;
      const dated = String(after.dnsZones.find((z) => z.Id === 1)!.DateModified);
      expect(Date.parse(dated) > Date.parse(String(dns1.DateModified))).toBe(true);
      dns1.DateModified = dated;
      expect(after).toEqual(expected);

      // ... which is what 0.4.0's own destroy left (its date aside).
      const own = clone(afterDestroy040);
      own.dnsZones.find((z) => z.Id === 1)!.DateModified = dated;
      expect(after).toEqual(own);
    },
    OP_TIMEOUT,
  );
});
