/**
 * `edgeplatform-import --from-terraform`, the pure parts: reading both forms of a Terraform
 * state (`terraform-state.ts`), sorting its resources (`terraform.ts`), keeping of what was
 * read only what the state holds, and the report with its `terraform state rm` commands.
 * The state files are the scenario of `terraform/fixtures.ts`.
 */
import * as fs from "fs";
import type { ImportSnapshot } from "../../packages/pulumi/src/import/generate";
import {
  planMigration,
  readOptions,
  selectSnapshot,
} from "../../packages/pulumi/src/import/terraform";
import { reportLines } from "../../packages/pulumi/src/import/terraform-report";
import {
  parseTerraformState,
  TerraformStateError,
} from "../../packages/pulumi/src/import/terraform-state";
import { fixtureRule, managedList, plainConfig } from "./fixtures";
import { SHOW_JSON_FILE, STATE_FILE } from "./terraform/fixtures";

const read = (file: string) => parseTerraformState(fs.readFileSync(file, "utf8"), "state.json");
const parseError = (doc: unknown) => {
  try {
    parseTerraformState(typeof doc === "string" ? doc : JSON.stringify(doc), "bad.tfstate");
  } catch (e) {
    expect(e).toBeInstanceOf(TerraformStateError);
    return (e as Error).message;
  }
  throw new Error("no error");
};

/** The addresses of the scenario's state, in the state's order. */
const RECORDS = Array.from(
  { length: 30 },
  (_, i) => `module.dns.module.records.bunnynet_dns_record.host[${i}]`,
);
const ADDRESSES = [
  "bunnynet_pullzone.site",
  "bunnynet_pullzone_shield.site",
  "bunnynet_pullzone_waf_rule.wp[0]",
  "bunnynet_pullzone_waf_rule.wp[1]",
  'bunnynet_pullzone_ratelimit_rule.api["burst"]',
  'bunnynet_pullzone_ratelimit_rule.api["login"]',
  "bunnynet_pullzone_access_list.geo",
  "data.bunnynet_region.eu",
  "null_resource.marker",
  "module.dns.bunnynet_dns_zone.main",
  ...RECORDS,
];

describe("reading a Terraform state", () => {
  test("format version 4: every instance (index keys, modules, data sources) with its address", () => {
    const s = read(STATE_FILE);
    expect(s.map((r) => r.address)).toEqual(ADDRESSES);
    expect(s[1]).toMatchObject({
      mode: "managed",
      type: "bunnynet_pullzone_shield",
      provider: "registry.terraform.io/bunnyway/bunnynet",
      attributes: { id: 2, pullzone: 4 },
    });
    expect(s[7]).toMatchObject({ mode: "data", type: "bunnynet_region" });
    expect(s[8].provider).toBe("registry.terraform.io/hashicorp/null");
    expect(s[ADDRESSES.length - 1].attributes).toMatchObject({ id: 9029, zone: 9 });
  });

  test("`terraform show -json` (child modules, nested): the same instances", () => {
    const show = read(SHOW_JSON_FILE);
    expect(show.map((r) => r.address).sort()).toEqual([...ADDRESSES].sort());
    expect(show).toEqual(expect.arrayContaining(read(STATE_FILE)));
    expect(show).toHaveLength(ADDRESSES.length);
  });

  test("an empty `terraform show -json` (no values) has no instances", () => {
    expect(parseTerraformState('{"format_version":"1.0"}', "empty.json")).toEqual([]);
  });

  test("what is not a state this command reads: the file and what was expected", () => {
    expect(parseError("resource {}")).toMatch(
      /^bad\.tfstate: not JSON .*expected a Terraform state: a terraform\.tfstate file \(JSON, format version 4\) or the output of `terraform show -json`$/,
    );
    expect(parseError({ foo: 1 })).toBe(
      'bad.tfstate: has neither "version" nor "format_version": expected a Terraform state: ' +
        "a terraform.tfstate file (JSON, format version 4) or the output of `terraform show -json`",
    );
    expect(parseError({ version: 3, modules: [] })).toMatch(
      /^bad\.tfstate: state format version 3 is not one this command reads \(allowed: 4,/,
    );
    expect(parseError({ format_version: "2.0", values: {} })).toMatch(
      /format_version "2\.0" is not one this command reads \(allowed: 1\.x\)/,
    );
    expect(parseError({ format_version: "1.2", planned_values: {} })).toMatch(/is a plan/);
    expect(parseError({ version: 4 })).toMatch(/has no "resources" list/);
    expect(
      parseError({
        version: 4,
        resources: [
          { mode: "managed", type: "x", name: "y", instances: [{ attributes_flat: {} }] },
        ],
      }),
    ).toMatch(/resources\[0\]\.instances\[0\] \(x\.y\): has no "attributes" object/);
  });
});

describe("sorting the resources", () => {
  const plan = planMigration(read(STATE_FILE));

  test("covered resources with their ids; the rest, each with the reason", () => {
    expect(plan.total).toBe(ADDRESSES.length);
    expect(plan.shields).toEqual([
      { address: "bunnynet_pullzone_shield.site", pullZone: 4, shieldZoneId: 2, managedLists: [] },
    ]);
    expect(plan.rules.map((r) => [r.address, r.pullZone, r.id])).toEqual([
      ["bunnynet_pullzone_waf_rule.wp[0]", 4, 301],
      ["bunnynet_pullzone_waf_rule.wp[1]", 4, 302],
      ['bunnynet_pullzone_ratelimit_rule.api["burst"]', 4, 201],
      ['bunnynet_pullzone_ratelimit_rule.api["login"]', 4, 202],
      ["bunnynet_pullzone_access_list.geo", 4, 502],
    ]);
    expect(plan.dns[0]).toEqual({ address: "module.dns.bunnynet_dns_zone.main", zoneId: 9 });
    expect(plan.dns.slice(1).map((d) => [d.zoneId, d.recordId])).toEqual(
      Array.from({ length: 30 }, (_, i) => [9, 9000 + i]),
    );
    expect(plan.notMigrated.map((n) => n.address)).toEqual([
      "bunnynet_pullzone.site",
      "data.bunnynet_region.eu",
      "null_resource.marker",
    ]);
    expect(plan.notMigrated[0].reason).toBe(
      "bunnynet_pullzone is not a kind this provider covers yet: it stays in Terraform",
    );
    expect(plan.notMigrated[1].reason).toMatch(/^a data source \(read-only/);
    expect(plan.notMigrated[2].reason).toMatch(/registry\.terraform\.io\/hashicorp\/null/);
  });

  test("what to read: the pull zone, the DNS zone and the kinds the state manages", () => {
    expect(readOptions(plan)).toEqual({
      shieldZones: [],
      pullZones: [4],
      dnsZones: [9],
      kinds: [
        "rate-limit-rule",
        "waf-rule",
        "access-list",
        "managed-access-list",
        "shield-zone",
        "bot-detection",
      ],
      help: false,
    });
  });

  test("a covered resource without its id attribute: the address, the attribute, the allowed values", () => {
    const state = {
      version: 4,
      resources: [
        {
          module: "module.dns",
          mode: "managed",
          type: "bunnynet_dns_record",
          name: "www",
          instances: [{ index_key: "a", attributes: { id: 5, zone: "nine" } }],
        },
      ],
    };
    expect(() => planMigration(parseTerraformState(JSON.stringify(state), "s"))).toThrow(
      'module.dns.bunnynet_dns_record.www["a"]: attribute "zone" is "nine" (expected the id of ' +
        "the DNS zone: a whole number from 1 to 2147483647)",
    );
  });
});

describe("keeping what the state holds", () => {
  const state = (extra: object[] = []) =>
    planMigration(
      parseTerraformState(
        JSON.stringify({
          version: 4,
          resources: [
            {
              mode: "managed",
              type: "bunnynet_pullzone_shield",
              name: "s",
              instances: [
                { attributes: { id: 2, pullzone: 4, access_list: [{ id: 1, action: "Block" }] } },
              ],
            },
            {
              mode: "managed",
              type: "bunnynet_pullzone_ratelimit_rule",
              name: "r",
              instances: [201, 999].map((id, i) => ({
                index_key: i,
                attributes: { id, pullzone: 4 },
              })),
            },
            ...extra,
          ],
        }),
        "s.tfstate",
      ),
    );
  const snapshot = (): ImportSnapshot => ({
    source: "http://127.0.0.1:4010",
    shieldZones: [
      {
        shieldZoneId: 2,
        pullZoneIds: [4],
        rules: [201, 203].map((id) => fixtureRule(id, 2, `rule ${id}`, null, plainConfig(5))),
        wafRules: [],
        managedAccessLists: [
          managedList(1, "VPN Providers", { isEnabled: true, action: 2 }),
          managedList(2, "Tor Exit Nodes", { isEnabled: true, action: 3 }),
          managedList(3, "AI Crawlers", { isEnabled: false, action: 0 }),
        ],
        settings: { shieldZoneId: 2 } as never,
      },
    ],
    dnsZones: [],
  });

  test("the state's objects kept; the zone's others left out, one line each; the missing named", () => {
    const sel = selectSnapshot(snapshot(), state());
    const z = sel.snapshot.shieldZones[0];
    expect(z.rules?.map((r) => r.id)).toEqual([201]);
    expect(z.wafRules).toBeUndefined(); // the state has no WAF rule: not written, not counted
    expect(z.managedAccessLists?.map((d) => d.listId)).toEqual([1]);
    expect(z.settings).toEqual({ shieldZoneId: 2 });
    expect(sel.adopted).toEqual([
      "bunnynet_pullzone_shield.s",
      "bunnynet_pullzone_ratelimit_rule.r[0]",
    ]);
    expect(sel.missing).toEqual([
      {
        address: "bunnynet_pullzone_ratelimit_rule.r[1]",
        reason:
          "shield zone 2 (pull zone 4): rate-limit rule 999 is not on the platform (deleted " +
          "since the state was written?): not migrated",
      },
    ]);
    expect(sel.leftOut).toEqual([
      'shield zone 2 (pull zone 4): rate-limit rule 203 "rule 203"',
      'shield zone 2 (pull zone 4): managed access list 2 "Tor Exit Nodes" (configured, not in the access_list of bunnynet_pullzone_shield.s)',
      "shield zone 2 (pull zone 4): upload scanning, API guardian and response pages (not managed by bunnynet_pullzone_shield)",
    ]);
    expect(sel.problems).toEqual([]);
  });

  test("DNS: the state's records kept, the others left out; a zone not in the state is noted", () => {
    const plan = planMigration(
      parseTerraformState(
        JSON.stringify({
          version: 4,
          resources: [
            {
              mode: "managed",
              type: "bunnynet_dns_record",
              name: "r",
              instances: [11, 13].map((id, i) => ({ index_key: i, attributes: { id, zone: 5 } })),
            },
          ],
        }),
        "dns.tfstate",
      ),
    );
    const records = [11, 12].map((Id) => ({ Id, Type: 0, Name: `h${Id}`, Value: "192.0.2.1" }));
    const sel = selectSnapshot(
      {
        source: "http://127.0.0.1:4010",
        shieldZones: [],
        dnsZones: [{ zoneId: 5, domain: "d.example", dnsSecEnabled: false, records } as never],
      },
      plan,
    );
    expect(sel.snapshot.dnsZones[0].records?.map((r) => r.Id)).toEqual([11]);
    expect(sel.adopted).toEqual(["bunnynet_dns_record.r[0]"]);
    expect(sel.missing.map((m) => m.address)).toEqual(["bunnynet_dns_record.r[1]"]);
    expect(sel.leftOut).toEqual(['DNS zone 5 (d.example): record 12 A "h12" 192.0.2.1']);
    expect(sel.notes).toEqual([
      "DNS zone 5 (d.example) is not in the state (records of it are): adopted by id to hold " +
        "them (nothing of the zone changes; destroy leaves it)",
    ]);
  });

  test("a shield zone the platform gives another pull zone's shield: a problem, naming both", () => {
    const snap = snapshot();
    snap.shieldZones[0].shieldZoneId = 3;
    expect(selectSnapshot(snap, state()).problems).toEqual([
      "bunnynet_pullzone_shield.s: the state says shield zone 2 for pull zone 4, the platform " +
        "says 3 (run `terraform refresh` and try again)",
    ]);
  });

  test("the report: not migrated with reasons, left out, and `terraform state rm` quoted for the shell", () => {
    const plan = state([
      {
        mode: "managed",
        type: "bunnynet_storage_zone",
        name: "files",
        instances: [{ attributes: { id: 1 } }],
      },
    ]);
    const sel = selectSnapshot(snapshot(), plan);
    const lines = reportLines("prod.tfstate", plan, sel);
    expect(lines.slice(0, 2)).toEqual([
      "Migrated from the Terraform state prod.tfstate: 4 resource instances,",
      "2 adopted by this program, 2 not migrated.",
    ]);
    expect(lines).toContain(
      "NOT migrated (nothing is written for them; they stay as Terraform has them):",
    );
    expect(lines.find((l) => l.startsWith("  bunnynet_storage_zone.files: "))).toMatch(
      /bunnynet_storage_zone is not a kind this provider covers yet/,
    );
    expect(lines.slice(-2)).toEqual([
      "  terraform state rm bunnynet_pullzone_shield.s",
      "  terraform state rm 'bunnynet_pullzone_ratelimit_rule.r[0]'",
    ]);
  });
});
