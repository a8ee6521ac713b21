/**
 * End to end with the real Pulumi engine: brownfield adoption with `edgeplatform-import`.
 * Fixtures with rate-limit rules in two shield zones, zone 2's custom WAF rules, zone 1's
 * custom access list and configured managed lists, zone 2's settings that differ from a new
 * zone's (WAF, engine, DDoS, bot detection, upload scanning, API guardian, a response page),
 * and a DNSSEC-enabled zone → the bin writes
 * a program of every kind → `pulumi up` of it adopts everything with zero platform writes →
 * a preview with `--expect-no-changes` passes → a one-field edit of a rate-limit rule and of
 * a WAF rule gives exactly one PATCH each → destroy leaves every object and setting in place
 * (the emulator's whole state is compared with the state before the import). Then a generated
 * zone file (every zone-file type, escapes, relative names, two lines the platform cannot take)
 * through `--bind-file --allow-partial`: `pulumi up` creates the zone and exactly the records
 * the report did not refuse, as an independent reading of the file says them, and a preview
 * with `--expect-no-changes` passes. The zone file has 24 records; EDGEPLATFORM_BIND_E2E_RECORDS=N
 * makes it N (the measurement of docs/performance.md: 2 000, with PULUMI_SKIP_CHECKPOINTS=true as
 * the importer advises for 1 000 records or more).
 * The kinds imported are {@link RESOURCE_KINDS_AVAILABLE} (every kind the import writes);
 * what each kind adds is in {@link EXPECTED}. The tests share one stack and run in order.
 */
import * as fs from "fs";
import * as path from "path";
import { EmulatorState } from "../../packages/emulator/src";
import {
  importFixtures,
  RESOURCE_KINDS_AVAILABLE,
  ZONE_TWO_SETTINGS_PROGRAM,
  zoneTwoSettings,
} from "../import/fixtures";
import { bigZone } from "../import/big-zone";
import { readRecords } from "../import/zone-reading";
import { DnsRecordType } from "../../packages/client/src/spec";
import { assertNoSecrets } from "../support/secrets";
import { type ImportScene, startImportScene } from "./import-setup";
import { CLI_BUILD_TIMEOUT_MS, Control, e2eAvailable, TestStack } from "./setup";

const OP_TIMEOUT = 240_000;

/**
 * The fixtures of this test: zones 1 and 2 (pull zone 4) with their rate-limit rules, zone
 * 2's WAF rules 301 and 302, zone 1's custom list 501 and managed-list configurations (7001
 * VPN Providers enabled Block, 7002 Tor Exit Nodes enabled Challenge), and zone 2's custom
 * list 502 (no description, Country, disabled, action None); DNS as default. Zone 1 is on the
 * Basic plan with a new zone's settings; zone 2 on Enterprise with WAF in Log mode, rule
 * 920100 disabled, detection paranoia 2, DDoS High, bot detection challenging, upload
 * scanning blocking viruses, API guardian on and a custom block page.
 */
function fixtures(): EmulatorState {
  const f = importFixtures();
  Object.assign(
    f.shieldZones.find((z) => z.id === 2)!,
    zoneTwoSettings(),
  );
  f.rateLimitRules = f.rateLimitRules.filter((r) => r.shieldZoneId === 1 || r.shieldZoneId === 2);
  f.accessLists.push({
    ...f.accessLists.find((l) => l.id === 501)!,
    id: 502,
    shieldZoneId: 2,
    configurationId: 7102,
    name: "geo-block",
    description: null,
    type: 3,
    content: "DE\nFR",
    isEnabled: false,
    action: 0,
  });
  return f;
}

type Kind = (typeof RESOURCE_KINDS_AVAILABLE)[number];

/**
 * What the import of zones 1 and 2 writes for each kind: the words of the CLI's summary,
 * the stack output the generated program exports, and its ids (program order). The settings
 * kinds: a ShieldZone per zone, the others only for zone 2 (zone 1 is at the defaults and
 * on the Basic plan).
 */
const EXPECTED: Record<Kind, { summary: string; output: string; ids: (number | string)[] }> = {
  "rate-limit-rule": {
    summary: "6 rate-limit rules",
    output: "ruleIds",
    ids: [101, 102, 201, 202, 203, 204],
  },
  "waf-rule": { summary: "2 WAF rules", output: "wafRuleIds", ids: [301, 302] },
  "access-list": { summary: "2 access lists", output: "accessListIds", ids: [501, 502] },
  "managed-access-list": {
    summary: "2 managed access lists",
    output: "managedAccessListIds",
    ids: [1, 2],
  },
  "shield-zone": { summary: "2 ShieldZones", output: "shieldZoneIds", ids: ["1", "2"] },
  "bot-detection": { summary: "1 BotDetection", output: "botDetectionIds", ids: ["2"] },
  "upload-scanning": { summary: "1 UploadScanning", output: "uploadScanningIds", ids: ["2"] },
  "api-guardian": { summary: "1 ApiGuardian", output: "apiGuardianIds", ids: ["2"] },
  "response-page": { summary: "1 response page", output: "responsePageIds", ids: ["2/block"] },
};
const KINDS: Kind[] = [...RESOURCE_KINDS_AVAILABLE];
/**
 * Resources of the generated program: every kind imported, plus the one DNS zone (its
 * ZoneDnssec and its DnsZone; the zone has no records).
 */
const RESOURCES = KINDS.reduce((n, k) => n + EXPECTED[k].ids.length, 0) + 2;

const run = e2eAvailable();
(run ? describe : describe.skip)(
  "real Pulumi engine: adopting a zone with edgeplatform-import",
  () => {
    let scene: ImportScene;
    let control: Control;
    let stack: TestStack;
    let apiKey: string;
    let programFile: string;
    let generated = "";
    /** The platform's state before the import (zones' settings filled in by the emulator). */
    let before: EmulatorState;

    const importBin = (args: string[]) => scene.importBin(args);

    beforeAll(async () => {
      scene = await startImportScene({
        projectName: "edgeplatform-import-e2e",
        stackName: "import",
        fixtures: fixtures(),
      });
      ({ control, stack, apiKey, programFile } = scene);
      before = await control.state();
    }, CLI_BUILD_TIMEOUT_MS);

    afterAll(async () => {
      await scene?.close();
    });

    test(`1. edgeplatform-import writes the program (${KINDS.join(", ")}; 1 DNS zone), reads only`, async () => {
      await control.clearJournal();
      const r = await importBin([
        "--shield-zone",
        "1",
        "--pull-zone",
        "4",
        "--dns-zone",
        "2",
        ...KINDS.flatMap((k) => ["--kind", k]),
        "--out",
        programFile,
      ]);
      const summary = [...KINDS.map((k) => EXPECTED[k].summary), "1 DNS zone", "0 DNS records"];
      expect(r.stderr).toContain(
        `wrote ${summary.slice(0, -1).join(", ")} and ${summary.slice(-1)} (`,
      );
      expect(r.code).toBe(0);
      generated = fs.readFileSync(programFile, "utf8");
      expect(generated).not.toContain(apiKey);
      expect(generated.match(/new edge\./g)).toHaveLength(RESOURCES);
      expect([...generated.matchAll(/ruleId: (\d+),/g)].map((m) => Number(m[1]))).toEqual([
        ...EXPECTED["rate-limit-rule"].ids,
        ...(KINDS.includes("waf-rule") ? EXPECTED["waf-rule"].ids : []),
      ]);
      if (KINDS.includes("access-list")) {
        // adopt mode with the list's zone; a null description is written (and managed)
        expect(generated).toContain(
          '  listId: 502,\n  shieldZoneId: 2,\n  name: "geo-block",\n  description: null,\n',
        );
      }
      if (KINDS.includes("shield-zone")) {
        // zone 2's settings that differ from a new zone's, as ShieldZone and the others take them
        expect(generated).toContain(ZONE_TWO_SETTINGS_PROGRAM);
        // zone 1 is at the defaults: a ShieldZone that manages nothing
        expect(generated).toContain(
          'new edge.shield.ShieldZone("shield-zone-1", {\n  shieldZoneId: 1,\n});',
        );
      }
      expect(await control.writes()).toEqual([]);
      console.log(`import e2e: generated program ${Buffer.byteLength(generated)} bytes`);
    });

    test(
      "2. pulumi up of the generated program adopts everything with zero platform writes",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        expect(r.summary?.result).toBe("succeeded");
        const writes = await control.writes();
        console.log(
          `import e2e: up wrote ${writes.length} time(s): ${writes.map((w) => `${w.method} ${w.path}`).join(", ") || "-"}`,
        );
        expect(r.summary?.resourceChanges).toMatchObject({ create: RESOURCES + 1 }); // + the stack
        for (const k of KINDS) {
          expect({ [k]: r.outputs?.[EXPECTED[k].output]?.value }).toEqual({ [k]: EXPECTED[k].ids });
        }
        expect(r.outputs?.dnsZoneIds.value).toEqual([2]);
        expect(r.outputs?.dnsZones.value).toEqual([2]);
        expect(writes.map((w) => `${w.method} ${w.path}`)).toEqual([]);
      },
      OP_TIMEOUT,
    );

    test(
      "3. preview --expect-no-changes passes and writes nothing",
      async () => {
        await control.clearJournal();
        const r = await stack.op(
          { op: "preview", opts: { expectNoChanges: true, diff: true } },
          { file: programFile },
        );
        expect(r.ok).toBe(true);
        expect(await control.writes()).toEqual([]);
      },
      OP_TIMEOUT,
    );

    test(
      "4. a one-field edit of a rate-limit rule and of a WAF rule gives exactly one PATCH each",
      async () => {
        const edited = generated
          .replace(/(ruleId: 201,[\s\S]*?requestCount: )500,/, "$1501,")
          .replace(/(ruleId: 302,[\s\S]*?actionType: )"Log",/, '$1"Challenge",');
        expect(edited.split("\n").filter((l, i) => l !== generated.split("\n")[i])).toEqual([
          "    requestCount: 501,",
          '    actionType: "Challenge",',
        ]);
        fs.writeFileSync(programFile, edited);
        await control.clearJournal();
        const r = await stack.op({ op: "up" }, { file: programFile });
        const writes = await control.writes();
        console.log(
          `import e2e: edit wrote ${writes.length} time(s): ${writes.map((w) => `${w.method} ${w.path}`).join(", ")}`,
        );
        // 2 updated; the other resources + the stack are the same
        expect(r.summary?.resourceChanges).toMatchObject({ update: 2, same: RESOURCES - 1 });
        const byPath = new Map(writes.map((w) => [`${w.method} ${w.path}`, w]));
        expect([...byPath.keys()].sort()).toEqual([
          "PATCH /shield/rate-limit/201",
          "PATCH /shield/waf/custom-rule/302",
        ]);
        expect(writes).toHaveLength(2);
        type Body = { ruleConfiguration?: { requestCount?: number; actionType?: unknown } };
        const rl = byPath.get("PATCH /shield/rate-limit/201")!.body as Body;
        expect(rl.ruleConfiguration?.requestCount).toBe(501);
        const waf = byPath.get("PATCH /shield/waf/custom-rule/302")!.body as Body;
        expect(waf.ruleConfiguration?.actionType).toBe(3); // the name goes on the wire as 3
        const state = await control.state();
        const rule = state.rateLimitRules.find((x) => x.id === 201);
        expect(rule?.ruleConfiguration?.requestCount).toBe(501);
        expect(state.wafRules.find((x) => x.id === 302)?.ruleConfiguration?.actionType).toBe(3);
      },
      OP_TIMEOUT,
    );

    test(
      "5. destroy leaves every object in place: the platform's state is the fixtures plus the two edits",
      async () => {
        await control.clearJournal();
        const r = await stack.op({ op: "destroy" }, { file: programFile });
        expect(r.summary?.resourceChanges).toMatchObject({ delete: RESOURCES + 1 }); // + the stack
        expect(await control.writes()).toEqual([]);
        const actual = await control.state();
        const expected = JSON.parse(JSON.stringify(before)) as EmulatorState;
        const rule201 = expected.rateLimitRules.find((x) => x.id === 201)!;
        rule201.ruleConfiguration = { ...rule201.ruleConfiguration, requestCount: 501 };
        const waf302 = expected.wafRules.find((x) => x.id === 302)!;
        waf302.ruleConfiguration = { ...waf302.ruleConfiguration, actionType: 3 };
        // ruleJson is the platform's own rendering of the configuration: compare its content
        const actual201 = actual.rateLimitRules.find((x) => x.id === 201)!;
        expect(JSON.parse(actual201.ruleJson ?? "{}")).toMatchObject({ requestCount: 501 });
        rule201.ruleJson = actual201.ruleJson;
        const actual302 = actual.wafRules.find((x) => x.id === 302)!;
        expect(JSON.parse(actual302.ruleJson ?? "{}")).toMatchObject({ actionType: 3 });
        waf302.ruleJson = actual302.ruleJson;
        // The platform's listing of a zone's access lists gives every managed list a
        // configuration (disabled, action None) the first time the zone is listed: a read (the
        // import's, of zone 2), not a write (the journal above has none).
        for (const m of expected.managedAccessLists) {
          const zone = 2;
          if (
            expected.accessListConfigs.some((c) => c.shieldZoneId === zone && c.listId === m.listId)
          )
            continue;
          expected.accessListConfigs.push({
            configurationId: expected.nextIds.accessListConfiguration++,
            shieldZoneId: zone,
            listId: m.listId,
            isEnabled: false,
            action: 0,
          });
        }
        expect(actual).toEqual(expected);
      },
      OP_TIMEOUT,
    );

    const movedCount = Number(process.env.EDGEPLATFORM_BIND_E2E_RECORDS ?? 24);
    const movedZone = bigZone(movedCount, "moved.example", movedCount > 100 ? 100 : 10);
    /** A step's time limit: the default for 24 records, longer in proportion for more. */
    const bindTimeout = OP_TIMEOUT * Math.max(1, Math.ceil(movedCount / 200));
    const bindProgram = () => path.join(stack.projectDir, "moved.ts");

    test(
      "6. --bind-file of a generated zone file: pulumi up creates the zone and exactly the records not refused",
      async () => {
        const file = path.join(stack.projectDir, "moved.zone");
        fs.writeFileSync(file, movedZone.text);
        const r = await importBin(["--bind-file", file, "--out", bindProgram(), "--allow-partial"]);
        expect(r.code).toBe(0);
        const report = fs.readFileSync(
          path.join(stack.projectDir, "moved.import-report.txt"),
          "utf8",
        );
        const refused = [...report.matchAll(/^line (\d+): refused:/gm)].map((m) => Number(m[1]));
        expect(refused).toEqual(movedZone.refusedLines);
        await control.clearJournal();
        const started = Date.now();
        const up = await stack.op({ op: "up" }, { file: bindProgram() });
        console.log(
          `--bind-file: ${movedZone.recordLines.length} records, ${refused.length} lines refused; ` +
            `up ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        expect(up.summary?.result).toBe("succeeded");
        const writes = (await control.writes()).map((w) => `${w.method} ${w.path}`);
        expect(writes.filter((w) => w === "POST /dnszone")).toHaveLength(1);
        expect(writes.filter((w) => /^PUT \/dnszone\/\d+\/records$/.test(w))).toHaveLength(
          movedZone.recordLines.length,
        );
        const zone = (await control.state()).dnsZones.find((z) => z.Domain === "moved.example");
        const typeName = (t: number) => Object.entries(DnsRecordType).find(([, v]) => v === t)?.[0];
        const stored = (zone?.Records ?? []).map((x) => ({
          type: typeName(x.Type),
          name: x.Name,
          value: x.Value,
          ttl: x.Ttl,
          ...(x.Type === DnsRecordType.MX || x.Type === DnsRecordType.SRV
            ? { priority: x.Priority }
            : {}),
          ...(x.Type === DnsRecordType.SRV ? { weight: x.Weight, port: x.Port } : {}),
          ...(x.Type === DnsRecordType.CAA ? { flags: x.Flags, tag: x.Tag } : {}),
        }));
        const read = readRecords(movedZone.text, movedZone.domain);
        const key = (x: object) => JSON.stringify(x, Object.keys(x).sort());
        expect(stored.map(key).sort()).toEqual(
          movedZone.recordLines.map((l) => key(read.get(l)!)).sort(),
        );
      },
      bindTimeout,
    );

    test(
      "7. preview --expect-no-changes of the zone file's program passes and writes nothing",
      async () => {
        await control.clearJournal();
        const r = await stack.op(
          { op: "preview", opts: { expectNoChanges: true, diff: true } },
          { file: bindProgram() },
        );
        expect(r.ok).toBe(true);
        expect(await control.writes()).toEqual([]);
      },
      bindTimeout,
    );

    test("8. the API key appears in no CLI output and in no file of the project", () => {
      const texts: Record<string, unknown> = { "Pulumi CLI output": stack.transcript.join("\n") };
      for (const f of fs.readdirSync(stack.projectDir)) {
        const p = path.join(stack.projectDir, f);
        if (fs.statSync(p).isFile()) texts[f] = fs.readFileSync(p, "utf8");
      }
      assertNoSecrets(texts);
    });
  },
);
