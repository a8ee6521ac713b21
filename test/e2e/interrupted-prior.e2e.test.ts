/**
 * A settings create interrupted after its write landed, with the real Pulumi engine: `up` of a
 * `ShieldZone` (DDoS sensitivity Low → High) and a `WafRule` is stopped with SIGINT twice
 * while the emulator holds the zone's PATCH and the rule's POST (both then land). What the
 * zone held before Pulumi is in the stack's state all the same: `check` read it into the
 * inputs of the pending create, which the engine wrote before it called `create`. The way out
 * docs/resources.md gives (the pending create's `priorRead` stated as `prior`, the rule adopted
 * by id, the pending creates cleared) converges with no write, and destroy gives the emulator
 * back the state it had before the first `up`. The provider-level run of the same is
 * test/provider/settings-prior-read.test.ts.
 */
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import { KindHarness, startKindHarness } from "./harness";
import type { AnySpec } from "./programs/table-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  clone,
  Control,
  e2eAvailable,
  processesIn,
  provideCliAndDist,
  show,
  sleep,
  waitFor,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "table-program.ts");
const TIMEOUT = 600_000;
/** How long the emulator holds each create write before applying it (client gone or not). */
const HOLD_MS = 10_000;
const ZONE_WRITE = { method: "PATCH", path: "^/shield/shield-zone$" };
const RULE_WRITE = { method: "POST", path: "^/shield/waf/custom-rule$" };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;
const zone3 = (s: EmulatorState): Any => (s.shieldZones as Any[]).find((z) => z.id === 3);
/** The state to compare: a zone's plan fields as answered (a PATCH writes them); no id counters. */
function comparable(s: EmulatorState): Any {
  const c = clone(s) as Any;
  for (const z of c.shieldZones)
    Object.assign(z, { planType: z.planType ?? 0, wafEnabled: z.wafEnabled ?? true });
  delete c.nextIds;
  return c;
}

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: an interrupted settings create", () => {
  let cli: CliInfo;
  let harness: KindHarness;
  let control: Control;
  /** Requests as they arrive: a held write shows here before it is answered. */
  const arrived: string[] = [];

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, {
      label: "prior",
      programModule: PROGRAM,
      onArrive: (method, url) => arrived.push(`${method} ${(url ?? "").split("?")[0]}`),
    });
    control = harness.control;
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => harness?.close());

  test(
    "SIGINT twice while the zone's PATCH and the rule's POST are held (both land): the pending create keeps the value before Pulumi; the documented way out converges with no write; destroy gives back the state before the first up",
    async () => {
      const started = Date.now();
      await control.reset();
      // The zone's DDoS sensitivity before Pulumi: Low (1), set out of band.
      const s = await control.state();
      zone3(s).settings.dDoSShieldSensitivity = 1;
      await control.setState(s);
      const before = await control.state();
      const zoneArgs = { shieldZoneId: 3, ddos: { sensitivity: "High" } };
      const ruleArgs = {
        shieldZoneId: 3,
        ruleName: "prior-waf",
        ruleConfiguration: {
          actionType: "Block",
          variableTypes: { REQUEST_URI: "/admin" },
          operatorType: "BEGINSWITH",
        },
      };
      const program: AnySpec[] = [
        { kind: "ShieldZone", name: "zone", args: zoneArgs },
        { kind: "WafRule", name: "waf", args: ruleArgs },
      ];
      const stack = harness.newStack("prior");

      for (const w of [ZONE_WRITE, RULE_WRITE])
        await control.fault({ ...w, delayMs: HOLD_MS, count: -1 });
      arrived.length = 0;
      const upping = stack.op({ op: "up", allowFail: true }, { resources: program });
      await waitFor(
        "the PATCH and the POST in flight",
        () =>
          arrived.includes("PATCH /shield/shield-zone") &&
          arrived.includes("POST /shield/waf/custom-rule"),
        180_000,
      );
      const cliProcs = processesIn(stack.projectDir).filter(
        (p) => path.basename(p.argv[0]) === "pulumi" && p.argv.includes("up"),
      );
      expect(cliProcs).toHaveLength(1);
      process.kill(cliProcs[0].pid, "SIGINT");
      await sleep(500);
      process.kill(cliProcs[0].pid, "SIGINT");
      const interrupted = await upping;
      for (const p of processesIn(stack.projectDir)) {
        try {
          process.kill(p.pid, "SIGKILL"); // ours: the provider hosts this test's driver started
        } catch {
          // already gone
        }
      }
      show("interrupted up", interrupted, 20);
      expect(interrupted.ok).toBe(false);
      await waitFor(
        "both held writes applied",
        async () => {
          const j = await control.journal();
          return (
            j.some((e) => e.method === "PATCH" && e.path === "/shield/shield-zone") &&
            j.some((e) => e.method === "POST" && e.path === "/shield/waf/custom-rule")
          );
        },
        HOLD_MS + 30_000,
      );
      await sleep(500); // a write is journaled just before its handler runs
      await control.clearFaults();
      const landed = await control.state();
      expect(zone3(landed).settings.dDoSShieldSensitivity).toBe(3);
      const rule = (landed.wafRules as Any[]).find((r) => r.ruleName === ruleArgs.ruleName);
      expect(rule).toBeDefined();

      // The way out (docs/resources.md): the pending create's record of the zone stated as
      // `prior`; the rule adopted by id as this stack's own; the pending creates cleared.
      const d = ((await stack.op({ op: "export" })).deployment as Any).deployment;
      const pending = ((d.pending_operations ?? []) as Any[]).map((p) => p.resource);
      expect(pending.map((r) => String(r.urn).replace(/.*::/, "")).sort()).toEqual(["waf", "zone"]);
      const record = pending.find((r) => String(r.urn).endsWith("::zone")).inputs.priorRead;
      console.log(`the pending create's record: ${JSON.stringify(record)}`);
      const wayOut: AnySpec[] = [
        { kind: "ShieldZone", name: "zone", args: { ...zoneArgs, prior: record } },
        {
          kind: "WafRule",
          name: "waf",
          args: { ...ruleArgs, shieldZoneId: undefined, ruleId: rule.id, deleteOnDestroy: true },
        },
      ];
      await stack.op(
        { op: "refresh", opts: { clearPendingCreates: true } },
        { resources: program },
      );
      await control.clearJournal();
      const converged = await stack.op({ op: "up" }, { resources: wayOut });
      show("up with the way out", converged, 30);
      expect(await control.writes()).toEqual([]);
      expect(comparable(await control.state())).toEqual(comparable(landed));

      await stack.op({ op: "destroy" }, { resources: wayOut });
      expect(comparable(await control.state())).toEqual(comparable(before));
      console.log(`interrupted settings create, whole scenario: ${Date.now() - started} ms`);
    },
    TIMEOUT,
  );
});
