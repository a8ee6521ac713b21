/**
 * `pulumi import` through the native plugin, at the provider level: for every kind but the
 * actions, the engine's `Read` with an id and no properties (what `pulumi import <type> <name>
 * <id>` sends), then `Check` of the inputs it returned and `Diff` of the state it returned
 * against them (what the import step, and every later `preview` of a program holding those
 * inputs, does): no check failure, no change, and no write on the platform. `Delete` of the
 * imported state (`pulumi destroy` of an unprotected import) leaves the platform as it was.
 * An id of the wrong form is refused naming the form the kind takes.
 *
 * The ids and values come from the emulator's fixtures (packages/emulator/src/fixtures*.ts).
 */
import { FIXTURE_BLOCK_PAGE } from "../../packages/emulator/src/fixtures-shield";
import { resetAccessListState } from "../../packages/pulumi/src/resources/kinds/collections/access-list-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { isDsRead, quietProviderLogs, usePlatform, type EmulatorState } from "./helpers";
import { pluginFrontEnd } from "./lifecycle-table/front-ends";
import type { Any, KindDeclaration } from "./lifecycle-table/kind";
import { KINDS } from "./lifecycle-table/kinds";

/** One importable object of a kind: its id, what the inputs hold, the id form the kind takes. */
interface Import {
  id: string;
  inputs: Record<string, unknown>;
  form: string;
  /** Ids not of that form; default `abc`, `1/2/3` and the empty id (a string id: no `abc`). */
  bad?: string[];
}

/**
 * The import of every kind of the list of kinds (the lifecycle tables' `KINDS`, generated from
 * it) but the actions ({@link NOTHING_TO_IMPORT}), by type. A kind added to the list fails here,
 * named, until it has its entry.
 */
const IMPORTS: Record<string, Import> = {
  // Rate-limit rule 101 "api-burst" of shield zone 1: 100 requests, `/api`.
  RateLimitRule: {
    id: "101",
    inputs: {
      ruleId: 101,
      ruleName: "api-burst",
      ruleDescription: "Limit API bursts per IP",
      ruleConfiguration: {
        requestCount: 100,
        value: "/api",
        variableTypes: { REQUEST_URI: "/api" },
      },
    },
    form: '"<ruleId>"',
  },
  // Custom WAF rule 301 "block-wp-admin" of shield zone 2.
  WafRule: {
    id: "301",
    inputs: {
      ruleId: 301,
      ruleName: "block-wp-admin",
      ruleConfiguration: { value: "/wp-admin", variableTypes: { REQUEST_URI: "/wp-admin" } },
    },
    form: '"<ruleId>"',
  },
  // Custom access list 501 "office-network" of shield zone 1 (two ranges, enabled).
  AccessList: {
    id: "1/501",
    inputs: { shieldZoneId: 1, listId: 501, name: "office-network", enabled: true },
    form: '"<shieldZoneId>/<listId>"',
  },
  // Shield zone 3: DDoS sensitivity High (3), WAF rule 942100 log-only.
  ShieldZone: {
    id: "3",
    inputs: { shieldZoneId: 3, ddos: { sensitivity: "High" } },
    form: '"<shieldZoneId>"',
  },
  BotDetection: { id: "3", inputs: { shieldZoneId: 3 }, form: '"<shieldZoneId>"' },
  // Shield zone 4: upload scanning on, both modes Block (2).
  UploadScanning: {
    id: "4",
    inputs: { shieldZoneId: 4, enabled: true },
    form: '"<shieldZoneId>"',
  },
  // Shield zone 4: API guardian on.
  ApiGuardian: { id: "4", inputs: { shieldZoneId: 4, enabled: true }, form: '"<shieldZoneId>"' },
  // Shield zone 3's custom block page.
  ResponsePage: {
    id: "3/block",
    inputs: { shieldZoneId: 3, pageType: "block", html: FIXTURE_BLOCK_PAGE },
    form: '"<shieldZoneId>/<pageType>"',
  },
  UnderAttackMode: { id: "3", inputs: { shieldZoneId: 3 }, form: '"<shieldZoneId>"' },
  BotCategorization: { id: "3", inputs: { shieldZoneId: 3 }, form: '"<shieldZoneId>"' },
  // Managed list 1 (VPN Providers) in shield zone 1: enabled.
  ManagedAccessList: {
    id: "1/1",
    inputs: { shieldZoneId: 1, listId: 1, enabled: true },
    form: '"<shieldZoneId>/<listId>"',
  },
  // DNS zone 2 (example.org): DNSSEC on.
  ZoneDnssec: { id: "2", inputs: { zoneId: 2, enabled: true }, form: '"<zoneId>"' },
  // DNS zone 3 (records.example).
  DnsZone: { id: "3", inputs: { zoneId: 3 }, form: '"<zoneId>"' },
  // Record 301 of DNS zone 3: `www` A 192.0.2.10.
  DnsRecord: {
    id: "3/301",
    inputs: { zoneId: 3, recordId: 301, type: "A", name: "www", value: "192.0.2.10" },
    form: '"<zoneId>/<recordId>"',
  },
  // Pull zone 1 (zone-one).
  PullZone: { id: "1", inputs: { pullZoneId: 1 }, form: '"<pullZoneId>"' },
  // Container registry 2 (GitHub Container Registry), used by no application.
  ImageRegistry: { id: "2", inputs: { registryId: 2 }, form: '"<registryId>"' },
  // Application app-1 ("shop"): its two containers as read (no environment values: they may be
  // secrets, so an import leaves them to the program), its regions, volumes and autoscaling.
  ContainerApp: {
    id: "app-1",
    inputs: {
      appId: "app-1",
      runtimeType: "shared",
      autoScaling: { min: 1, max: 3 },
      regions: { allowed: ["DE", "NY", "SG", "UK"], required: ["DE"], maxAllowed: 3 },
      volumes: [
        { name: "cache-data", size: 10 },
        { name: "db-data", size: 20 },
      ],
    },
    form: '"<appId>" (the object\'s id, a string)',
    bad: ["1/2/3", "", "app 1"],
  },
  // Edge rule 1 of pull zone 1: `fixture rule 1`, a response header X-Rule-1, on.
  EdgeRule: {
    id: "1/00000000-0000-4000-8000-000000000001",
    inputs: {
      pullZoneId: 1,
      edgeRuleId: "00000000-0000-4000-8000-000000000001",
      description: "fixture rule 1",
      actionType: "SetResponseHeader",
      actionParameter1: "X-Rule-1",
      enabled: true,
      priority: 1,
    },
    form: '"<pullZoneId>/<edgeRuleId>"',
  },
  // Edge script 1 (edge-router), its live release 12.
  EdgeScript: { id: "1", inputs: { scriptId: 1, name: "edge-router" }, form: '"<scriptId>"' },
  // Variable 21 of edge script 1: ORIGIN, required, https://origin.example.
  ScriptVariable: {
    id: "1/21",
    inputs: {
      scriptId: 1,
      variableId: 21,
      name: "ORIGIN",
      defaultValue: "https://origin.example",
      required: true,
    },
    form: '"<scriptId>/<variableId>"',
  },
  // Optimizer class "thumb" of pull zone 1.
  OptimizerClass: {
    id: "1/thumb",
    inputs: { pullZoneId: 1, className: "thumb" },
    form: '"<pullZoneId>/<className>"',
  },
  // Secret 31 of edge script 1: API_TOKEN (its value never read: not in the inputs, not managed).
  ScriptSecret: {
    id: "1/31",
    inputs: { scriptId: 1, secretId: 31, name: "API_TOKEN" },
    form: '"<scriptId>/<secretId>"',
  },
  // Hostname cdn.zone-one.example of pull zone 1 (forceSsl, a free certificate).
  Hostname: {
    id: "1/cdn.zone-one.example",
    inputs: { pullZoneId: 1, existingHostname: "cdn.zone-one.example" },
    form: '"<pullZoneId>/<existingHostname>"',
  },
};

/** The action kinds (their destroy keeps: a past operation), by type: nothing to import. */
const NOTHING_TO_IMPORT: Record<string, string> = {
  VolumeInstancesDeletion: "a one-shot deletion of a volume template's instances",
  CachePurge: "a one-shot purge of a pull zone's cache",
};

const t = usePlatform();
const front = pluginFrontEnd();
quietProviderLogs();

beforeAll(async () => {
  await front.configure({
    "edgeplatform:apiKey": t.emu.apiKey,
    "edgeplatform:baseUrl": t.emu.url,
  });
});
afterAll(async () => front.stop());
beforeEach(async () => {
  await t.clearJournal();
  resetAccessListState();
});

/** The requests that may change something (a signed zone's DS read changes nothing). */
const writes = async () => (await t.journal()).filter((e) => e.method !== "GET" && !isDsRead(e));
/** The state as compared: a DNS zone's date of its last write left out. */
const canonical = (s: EmulatorState): Any => {
  const c = JSON.parse(JSON.stringify(s));
  for (const z of c.dnsZones ?? []) delete z.DateModified;
  return c;
};

const importable = KINDS.filter((k) => k.destroy !== "keeps");

test.each(KINDS.map((k) => k.name))(
  "%s, a kind of the list, has its import here (or is an action, with nothing to import)",
  (name) => {
    if (!(name in IMPORTS) && !(name in NOTHING_TO_IMPORT)) {
      throw new Error(
        `kind ${name} has no import in IMPORTS of this file: give the id of one of its objects ` +
          "in the emulator's fixtures, what Read's inputs hold and the id form its refusal " +
          "names (or, for an action with nothing to import, a line in NOTHING_TO_IMPORT)",
      );
    }
    expect(name in IMPORTS && name in NOTHING_TO_IMPORT).toBe(false);
  },
);

test("the actions are the kinds whose destroy keeps, and every import names a kind of the list", () => {
  const keeps = KINDS.filter((k) => k.destroy === "keeps").map((k) => k.name);
  expect(keeps.sort()).toEqual(Object.keys(NOTHING_TO_IMPORT).sort());
  const names = KINDS.map((k) => k.name);
  expect(Object.keys(IMPORTS).filter((n) => !names.includes(n))).toEqual([]);
});

const imported = importable.filter((k) => k.name in IMPORTS);

describe.each(imported.map((k): [string, KindDeclaration] => [k.name, k]))("%s", (_name, k) => {
  const spec = IMPORTS[k.name];

  test("Read with no properties, then Check and Diff: the object's values, no change, no write; destroy keeps it", async () => {
    const p = front.provider(k);
    const before = await t.state();
    const read = await p.read(spec.id, {});
    expect(read.id).toBe(spec.id);
    expect(read.inputs).toMatchObject(spec.inputs);
    // The import step: Check of the inputs read returned, Diff of its state against them.
    const checked = await p.check({}, read.inputs);
    expect(checked.failures ?? []).toEqual([]);
    const diff = await p.diff(spec.id, read.props, checked.inputs);
    expect(diff).toMatchObject({ changes: false, replaces: [] });
    // A later preview of the program holding those inputs: Check with the state's inputs.
    resetRunState();
    const again = await p.check(read.inputs, read.inputs);
    expect(again.failures ?? []).toEqual([]);
    expect((await p.diff(spec.id, read.props, again.inputs)).changes).toBe(false);
    expect(await writes()).toEqual([]);

    // `pulumi destroy` of the unprotected import: the object stays as it was.
    resetRunState();
    await p.delete(spec.id, read.props);
    expect(await writes()).toEqual([]);
    expect(canonical(await t.state())).toEqual(canonical(before));
  });

  test("an id of another form is refused naming the form the kind takes", async () => {
    const p = front.provider(k);
    for (const bad of spec.bad ?? ["abc", "1/2/3", ""]) {
      const e = await p.read(bad, {}).then(
        () => undefined,
        (err: Error) => err,
      );
      expect(e?.message).toContain(spec.form);
      expect(e?.message).toContain(JSON.stringify(bad));
    }
    expect(await writes()).toEqual([]);
  });
});

test.each([
  // Shield zone 4 has no custom challenge page (the fixture's only page is zone 3's block page).
  [
    "ResponsePage",
    "4/challenge",
    "the custom response page of shield zone 4 (pageType challenge)",
    "`html`",
  ],
])(
  "%s %s: an object with no setting to manage is refused, saying so, with no write",
  async (name, id, noun, field) => {
    const k = KINDS.find((x) => x.name === name)!;
    const before = await t.state();
    const e = await front
      .provider(k)
      .read(id, {})
      .then(
        () => undefined,
        (err: Error) => err,
      );
    expect(e?.message).toContain(`${noun} has no setting with a value (`);
    expect(e?.message).toContain(field);
    expect(e?.message).toContain("there is nothing to import");
    expect(await writes()).toEqual([]);
    expect(canonical(await t.state())).toEqual(canonical(before));
  },
);
