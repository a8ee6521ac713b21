/**
 * End to end with the real Pulumi engine: CLI (scripts/pulumi-cli.js) + Automation API inline
 * program (the quickstart, examples/quickstart/program.ts) + dynamic-provider host + the
 * emulator on loopback. The tests share ONE stack and run in order; each one starts from the
 * state the previous one left (documented at each test).
 */
import { randomBytes } from "crypto";
import * as fs from "fs";
import * as path from "path";
import { EmulatorState, startEmulator } from "../../packages/emulator/src";
import { assertNoSecrets, registerSecret } from "../support/secrets";
import {
  CLI_BUILD_TIMEOUT_MS,
  Control,
  e2eAvailable,
  expectGolden,
  normaliseOutput,
  OpResult,
  provideCliAndDist,
  REPO_ROOT,
  PACKAGE_DIR,
  TestStack,
} from "./setup";

type RunningEmulator = Awaited<ReturnType<typeof startEmulator>>;

const PROGRAM = path.join(REPO_ROOT, "examples", "quickstart", "program.ts");
const OP_TIMEOUT = 240_000;

/** The quickstart's desired rule configurations, normalised (enumeration names → integers). */
const CREATED_CONFIG = {
  actionType: 3,
  variableTypes: { REQUEST_URI: "/checkout" },
  operatorType: 0,
  severityType: 1,
  transformationTypes: [8, 19],
  value: "/checkout",
  isNegated: false,
  isRegexVariable: false,
  requestCount: 50,
  counterKeyType: 0,
  timeframe: 60,
  blockTime: 300,
};
const ADOPTED_CONFIG = {
  actionType: 1,
  variableTypes: { REQUEST_URI: "/api" },
  operatorType: 0,
  severityType: 1,
  transformationTypes: [8],
  value: "/api",
  isNegated: false,
  isRegexVariable: false,
  requestCount: 200,
  counterKeyType: 0,
  timeframe: 60,
  blockTime: 900,
};

type Rule = EmulatorState["rateLimitRules"][number];

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: quickstart against the emulator", () => {
  let emu: RunningEmulator;
  let control: Control;
  let stack: TestStack;
  let apiKey: string;
  /** Program options in force (test 3 changes requestCount to 75 for the rest of the suite). */
  let options: Record<string, unknown> = {};
  /** Ids of the WAF rule and the access list test 1 created. */
  let wafId = 0;
  let listId = 0;
  let createdId = 0;

  const rule = async (id: number): Promise<Rule | undefined> =>
    (await control.state()).rateLimitRules.find((r) => r.id === id);
  const dnssecOf = async (zoneId: number) =>
    (await control.state()).dnsZones.find((z) => z.Id === zoneId)?.DnsSecEnabled;
  const all = (r: OpResult) => `${r.stdout}\n${r.stderr}\n${r.error?.message ?? ""}`;

  beforeAll(async () => {
    const cli = await provideCliAndDist();
    apiKey = `e2e-${randomBytes(16).toString("hex")}`;
    registerSecret(apiKey); // the secret guard now fails any test whose output shows it
    emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
    control = new Control(emu.url);
    stack = new TestStack(cli, {
      projectName: "edgeplatform-e2e",
      stackName: "e2e",
      passphrase: randomBytes(12).toString("hex"),
      programModule: PROGRAM,
      programExport: "quickstart",
      config: {
        "edgeplatform:baseUrl": { value: emu.url },
        "edgeplatform:loggingUrl": { value: emu.loggingUrl },
        "edgeplatform:apiKey": { value: apiKey, secret: true },
      },
    });
    console.log(
      `e2e: Pulumi CLI ${cli.version} (${cli.source}) at ${cli.pulumiPath}; emulator ${emu.url}`,
    );
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await emu?.close();
    if (process.env.KEEP_E2E_DIR !== "1") stack?.cleanup();
  });

  test(
    "1. up creates everything (rule, WAF rule, access list with its configuration); the emulator holds the desired state; journal shows the expected calls",
    async () => {
      await control.clearJournal();
      const r = await stack.op({ op: "up" }, options);
      expect(r.summary?.result).toBe("succeeded");
      expect(r.summary?.resourceChanges).toMatchObject({ create: 7 });
      const out = r.outputs!;
      createdId = out.createdRuleId.value as number;
      expect(createdId).toBeGreaterThanOrEqual(1000);
      expect(out.adoptedRuleId.value).toBe(101);
      expect(out.deletedVolumeInstanceIds.value).toHaveLength(3); // vol-detached has 3 instances
      expect(out.dnssec.value).toMatchObject({ zoneId: 1, enabled: true });
      expect(out.nameAvailability.value).toEqual({ "zone-one": false, "quickstart-zone": true });
      expect(out.accessLogs.value).toMatchObject({ records: 25 });
      expect(out.legacyAccessLogs.value).toMatchObject({ skippedLines: 0 });
      expect(out.regionSettings.value).toMatchObject({ provisioningType: "static" });

      const created = (await rule(createdId))!;
      expect(created).toMatchObject({ shieldZoneId: 1, ruleName: "checkout-limit" });
      expect(created.ruleConfiguration).toMatchObject(CREATED_CONFIG);
      expect((await rule(101))!.ruleConfiguration).toMatchObject(ADOPTED_CONFIG);
      expect(await dnssecOf(1)).toBe(true);
      const app = (await control.state()).apps.find((a) => a.id === "app-1");
      expect(app?.volumes.find((v) => v.id === "vol-detached")?.volumeInstances).toEqual([]);

      wafId = (out.wafRule.value as { id: number }).id;
      listId = (out.accessList.value as { id: number }).id;
      expect(out.accessList.value).toEqual({ id: listId, entryCount: 3, action: "Block" });
      const st = await control.state();
      expect(st.wafRules.find((r) => r.id === wafId)).toMatchObject({
        shieldZoneId: 1,
        ruleName: "block-admin-probes",
        ruleConfiguration: { actionType: 1, operatorType: 0, value: "/wp-admin" },
      });
      const list = st.accessLists.find((l) => l.id === listId)!;
      expect(list).toMatchObject({
        shieldZoneId: 1,
        name: "blocked-ranges",
        type: 1,
        content: "192.0.2.0/24\n198.51.100.0/24\n203.0.113.128/25",
        isEnabled: true,
        action: 2,
      });
      const writes = (await control.writes())
        .map((w) => `${w.method} ${w.path} ${w.status}`)
        .sort();
      expect(writes).toEqual(
        [
          "POST /shield/rate-limit 200",
          "PATCH /shield/rate-limit/101 200",
          "POST /shield/waf/custom-rule 200",
          "POST /shield/shield-zone/1/access-lists 200",
          `PATCH /shield/shield-zone/1/access-lists/configurations/${list.configurationId} 200`,
          "POST /dnszone/1/dnssec 200",
          "DELETE /mc/apps/app-1/volumes/vol-detached 200",
        ].sort(),
      );
      const post = (await control.writes()).find(
        (w) => w.method === "POST" && w.path === "/shield/rate-limit",
      )!;
      expect(Object.keys(post.body as object).sort()).toEqual([
        "ruleConfiguration",
        "ruleDescription",
        "ruleName",
        "shieldZoneId",
      ]);
    },
    OP_TIMEOUT,
  );

  test(
    "2. a second preview with expectNoChanges passes and writes nothing",
    async () => {
      await control.clearJournal();
      const r = await stack.op(
        { op: "preview", opts: { expectNoChanges: true, diff: true } },
        options,
      );
      expect(r.changeSummary).toEqual({ same: 7 });
      expect(await control.writes()).toEqual([]);
    },
    OP_TIMEOUT,
  );

  test(
    "3. changing one field: preview --diff shows that field only; up sends one PATCH with only it",
    async () => {
      options = { createdRule: { ruleConfiguration: { requestCount: 75 } } };
      await control.clearJournal();
      const pv = await stack.op({ op: "preview", opts: { diff: true } }, options);
      expect(pv.changeSummary).toEqual({ same: 6, update: 1 });
      const text = normaliseOutput(pv.stdout);
      expectGolden("preview-diff-one-field.txt", text);
      // Every changed line of the diff: the rule's requestCount, and the output derived from it.
      const changed = text
        .split("\nResources:")[0]
        .split("\n")
        .filter((l) => /^\s*[~+-] /.test(l) && !/RateLimitRule: \(update\)/.test(l))
        .map((l) => l.trim().replace(/\s+/g, " "));
      expect(changed).toEqual([
        "~ ruleConfiguration: {",
        "~ requestCount : 50 => 75",
        "~ createdRule : {",
        "~ requestCount: 50 => 75",
      ]);
      expect(await control.writes()).toEqual([]);

      const up = await stack.op({ op: "up" }, options);
      expect(up.summary?.resourceChanges).toMatchObject({ update: 1, same: 6 });
      const writes = await control.writes();
      expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
        `PATCH /shield/rate-limit/${createdId}`,
      ]);
      expect(Object.keys(writes[0].body as object)).toEqual(["ruleConfiguration"]);
      expect((writes[0].body as { ruleConfiguration: object }).ruleConfiguration).toMatchObject({
        ...CREATED_CONFIG,
        requestCount: 75,
      });
      expect((await rule(createdId))?.ruleConfiguration?.requestCount).toBe(75);
    },
    OP_TIMEOUT,
  );

  let refreshOutput = "";
  test(
    "4. out-of-band change: refresh --expect-no-changes fails naming the field; up restores the desired value",
    async () => {
      await control.updateState((s) => {
        const r = s.rateLimitRules.find((x) => x.id === createdId)!;
        r.ruleConfiguration!.requestCount = 999;
        r.ruleJson = JSON.stringify(r.ruleConfiguration);
      });
      await control.clearJournal();

      // Note: with CLI 3.248 a `refresh --expect-no-changes` that fails has still written the
      // refreshed state (checked through the export below); a plain refresh then finds nothing new.
      const [strict, exported, previewRefresh, up] = await stack.run(
        [
          { op: "refresh", opts: { expectNoChanges: true }, allowFail: true },
          { op: "export" },
          {
            op: "preview",
            opts: { refresh: true, diff: true, expectNoChanges: true },
            allowFail: true,
          },
          { op: "up" },
        ],
        options,
      );
      expect(strict.ok).toBe(false);
      // (A failed command's output is in stderr: the Automation API reports it there.)
      expect(all(strict)).toMatch(/no changes were expected/i);
      expect(all(strict)).toMatch(/checkout-limit.*\[diff: ~ruleConfiguration\]/);
      refreshOutput = normaliseOutput(
        strict.stderr.replace(/^Command failed with exit code \d+: .*\n/, ""),
      );
      expect(JSON.stringify(exported.deployment)).toMatch(/"requestCount":999/);
      expect(previewRefresh.ok).toBe(false);
      expect(all(previewRefresh)).toMatch(/~ requestCount\s*: 999 => 75/);
      expect(up.ok).toBe(true);
      const writes = await control.writes();
      expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([
        `PATCH /shield/rate-limit/${createdId}`,
      ]);
      expect(Object.keys(writes[0].body as object)).toEqual(["ruleConfiguration"]);
      expect((await rule(createdId))?.ruleConfiguration?.requestCount).toBe(75);
      console.log(`refresh output (test 4):\n${refreshOutput}`);
    },
    OP_TIMEOUT,
  );

  test(
    "5. upgrade: changed implementation code, same behaviour → no __provider diff, no changes",
    async () => {
      const copy = path.join(stack.dir, "pkg-upgraded");
      fs.cpSync(path.join(PACKAGE_DIR, "dist"), path.join(copy, "dist"), { recursive: true });
      const pkg = JSON.parse(fs.readFileSync(path.join(PACKAGE_DIR, "package.json"), "utf8"));
      pkg.version = `${pkg.version}-e2e-upgrade`;
      fs.writeFileSync(path.join(copy, "package.json"), JSON.stringify(pkg, null, 2));
      fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(copy, "node_modules"));
      fs.mkdirSync(path.join(copy, "examples", "quickstart"), { recursive: true });
      fs.copyFileSync(PROGRAM, path.join(copy, "examples", "quickstart", "program.ts"));
      // Harmless implementation changes; the marker proves the provider host ran the new code.
      const marker = path.join(stack.dir, "upgraded-code-ran");
      // dist/resources/host.js: the one file (a bundle) that holds the implementations.
      const impl = path.join(copy, "dist", "resources", "host.js");
      fs.appendFileSync(
        impl,
        `\n// e2e: upgraded implementation\ntry { require("fs").writeFileSync(${JSON.stringify(marker)}, String(process.pid)); } catch { /* ignore */ }\n`,
      );
      fs.appendFileSync(path.join(copy, "dist", "index.js"), "\n// e2e: upgraded\n");

      stack.usePackage(copy);
      try {
        await control.clearJournal();
        const r = await stack.op(
          { op: "preview", opts: { diff: true, expectNoChanges: true } },
          options,
          path.join(copy, "examples", "quickstart", "program.ts"),
        );
        expect(r.changeSummary).toEqual({ same: 7 });
        expect(r.stdout).not.toMatch(/__provider/);
        expect(fs.existsSync(marker)).toBe(true);
        expect(await control.writes()).toEqual([]);
      } finally {
        stack.usePackage(PACKAGE_DIR);
      }
    },
    OP_TIMEOUT,
  );

  test(
    "6. bad input (invalid enum, unknown property): preview fails with path and allowed values; nothing written",
    async () => {
      await control.clearJournal();
      const bad = {
        createdRule: { ruleConfiguration: { requestCount: 75, actionType: 7, bogusField: true } },
      };
      const r = await stack.op({ op: "preview", opts: { diff: true }, allowFail: true }, bad);
      expect(r.ok).toBe(false);
      const text = all(r);
      console.log(
        `bad input (test 6):\n${[...new Set(text.split("\n").filter((l) => /error:/.test(l)))].join("\n")}`,
      );
      expect(text).toMatch(/ruleConfiguration\.actionType/);
      expect(text).toMatch(/RateLimit/);
      expect(text).toMatch(/Challenge/);
      expect(text).toMatch(/bogusField/);
      assertNoSecrets({ "preview output": text });
      expect(await control.writes()).toEqual([]);
    },
    OP_TIMEOUT,
  );

  test(
    "7. a rule deleted upstream: refresh drops it; up recreates it (create mode) or fails clearly (adopt mode)",
    async () => {
      // Create mode.
      await control.updateState((s) => {
        s.rateLimitRules = s.rateLimitRules.filter((x) => x.id !== createdId);
      });
      await control.clearJournal();
      const [refresh, exported, up] = await stack.run(
        [{ op: "refresh" }, { op: "export" }, { op: "up" }],
        options,
      );
      expect(refresh.ok).toBe(true);
      expect(refresh.summary?.resourceChanges).toMatchObject({ delete: 1 });
      const urns = JSON.stringify(exported.deployment);
      expect(urns).not.toMatch(/RateLimitRule::checkout-limit/);
      expect(urns).toMatch(/RateLimitRule::api-burst/);
      expect(up.ok).toBe(true);
      const writes = await control.writes();
      expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual(["POST /shield/rate-limit"]);
      const newId = up.outputs!.createdRuleId.value as number;
      expect(newId).not.toBe(createdId);
      createdId = newId;
      expect((await rule(createdId))!.ruleConfiguration).toMatchObject({
        ...CREATED_CONFIG,
        requestCount: 75,
      });

      // Adopt mode: the adopted rule disappears; up cannot adopt it and says so.
      const saved = (await rule(101))!;
      await control.updateState((s) => {
        s.rateLimitRules = s.rateLimitRules.filter((x) => x.id !== 101);
      });
      await control.clearJournal();
      const [refresh2, up2] = await stack.run(
        [{ op: "refresh" }, { op: "up", allowFail: true }],
        options,
      );
      expect(refresh2.summary?.resourceChanges).toMatchObject({ delete: 1 });
      expect(up2.ok).toBe(false);
      const msg = all(up2);
      console.log(
        `adopted rule gone (test 7):\n${[...new Set(msg.split("\n").filter((l) => /error:/.test(l)))].join("\n")}`,
      );
      expect(msg).toMatch(/api-burst/);
      expect(msg).toMatch(/101/);
      expect(msg).toMatch(/not found|does not exist|no longer exists/i);
      assertNoSecrets({ "up output": msg });
      expect((await control.writes()).filter((w) => w.status < 400)).toEqual([]);

      // Put it back: up adopts it again; it already holds the managed values, so no write.
      await control.updateState((s) => {
        s.rateLimitRules.push(saved);
      });
      await control.clearJournal();
      const up3 = await stack.op({ op: "up" }, options);
      expect(up3.summary?.resourceChanges).toMatchObject({ create: 1 });
      expect(await control.writes()).toEqual([]);
    },
    OP_TIMEOUT * 2,
  );

  test(
    "8. no API key in the exported stack, the state files or any CLI output",
    async () => {
      const [exported] = await stack.run([{ op: "export" }], options);
      const text = JSON.stringify(exported.deployment);
      expect(text.length).toBeGreaterThan(1000);
      expect(text).toMatch(/"ciphertext"/); // the key is in the state, encrypted
      assertNoSecrets({ "pulumi stack export": text });
      const files: string[] = [];
      const walk = (d: string) => {
        for (const e of fs.readdirSync(d, { withFileTypes: true })) {
          const p = path.join(d, e.name);
          if (e.isDirectory()) walk(p);
          else if (e.isFile()) files.push(p);
        }
      };
      walk(stack.stateDir);
      walk(stack.projectDir);
      expect(files.length).toBeGreaterThan(0);
      assertNoSecrets(
        Object.fromEntries(
          files.map((f) => [path.relative(stack.dir, f), fs.readFileSync(f, "utf8")]),
        ),
      );
      assertNoSecrets({ "CLI output of every run": stack.transcript.join("\n") });
    },
    OP_TIMEOUT,
  );

  test(
    "9. destroy: created rule, WAF rule and access list deleted, adopted rule left, DNSSEC back to its prior state (disabled), volume deletion a no-op",
    async () => {
      await control.clearJournal();
      const r = await stack.op({ op: "destroy" }, options);
      expect(r.summary?.resourceChanges).toMatchObject({ delete: 7 });
      const writes = (await control.writes())
        .map((w) => `${w.method} ${w.path} ${w.status}`)
        .sort();
      expect(writes).toEqual(
        [
          `DELETE /dnszone/1/dnssec 200`,
          `DELETE /shield/rate-limit/${createdId} 200`,
          `DELETE /shield/waf/custom-rule/${wafId} 200`,
          `DELETE /shield/shield-zone/1/access-lists/${listId} 200`,
        ].sort(),
      );
      expect(await rule(createdId)).toBeUndefined();
      expect((await rule(101))!.ruleConfiguration).toMatchObject(ADOPTED_CONFIG);
      expect(await dnssecOf(1)).toBe(false);
      assertNoSecrets({ "CLI output of every run": stack.transcript.join("\n") });
      await stack.op({ op: "remove" });
    },
    OP_TIMEOUT,
  );
});
