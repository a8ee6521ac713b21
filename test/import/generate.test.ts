/**
 * The pure generator of `edgeplatform-import`: names, uniqueness, enumeration names, nulls,
 * chained conditions, unknown values, stability. The generated program is also executed
 * (transpiled, with a stand-in for `pulumi-edgeplatform`) to check that it passes back
 * exactly the configuration the platform returned.
 */
import * as ts from "typescript";
import { defaultFixtures } from "../../packages/emulator/src";
import {
  generateProgram,
  ImportSnapshot,
  NothingToImportError,
  ShieldZoneImport,
  ruleBaseName,
  toIdentifier,
  toKebabCase,
} from "../../packages/pulumi/src/import/generate";
import {
  AccessListAction,
  AccessListType,
  normalizeRuleConfiguration,
  normalizeWafRuleConfiguration,
  RateLimitRule,
} from "../../packages/client/src/spec";
import { fixtureRule, plainConfig, zoneTwoRules } from "./fixtures";
import { accessListImport, managedList, shieldKindsZone, wafRule } from "./fixtures";
import { settingsDefaults, settingsZone } from "./fixtures";

const snapshot = (over: Partial<ImportSnapshot> = {}): ImportSnapshot => ({
  source: "http://127.0.0.1:4010",
  shieldZones: [
    { shieldZoneId: 1, rules: defaultFixtures().rateLimitRules },
    { shieldZoneId: 2, rules: zoneTwoRules() },
  ],
  dnsZones: [{ zoneId: 2, domain: "example.org", dnsSecEnabled: true }],
  ...over,
});

interface Captured {
  kind:
    | "RateLimitRule"
    | "WafRule"
    | "AccessList"
    | "ManagedAccessList"
    | "ZoneDnssec"
    | "ShieldZone"
    | "BotDetection"
    | "UploadScanning"
    | "ApiGuardian"
    | "ResponsePage";
  name: string;
  args: Record<string, unknown>;
}

/** Runs the generated program with a stand-in package that records each resource. */
function evaluate(text: string): { resources: Captured[]; exports: Record<string, unknown> } {
  const js = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText;
  const resources: Captured[] = [];
  const fake = (kind: Captured["kind"]) =>
    class {
      ruleId: unknown;
      zoneId: unknown;
      listId: unknown;
      id: unknown;
      constructor(name: string, args: Record<string, unknown>) {
        resources.push({ kind, name, args });
        this.ruleId = args.ruleId;
        this.zoneId = args.zoneId;
        this.listId = args.listId;
        this.id = `${String(args.shieldZoneId)}${args.pageType ? `/${String(args.pageType)}` : ""}`;
      }
    };
  const edge = {
    shield: {
      RateLimitRule: fake("RateLimitRule"),
      WafRule: fake("WafRule"),
      AccessList: fake("AccessList"),
      ManagedAccessList: fake("ManagedAccessList"),
      ShieldZone: fake("ShieldZone"),
      BotDetection: fake("BotDetection"),
      UploadScanning: fake("UploadScanning"),
      ApiGuardian: fake("ApiGuardian"),
      ResponsePage: fake("ResponsePage"),
    },
    dns: { ZoneDnssec: fake("ZoneDnssec") },
  };
  const module = { exports: {} as Record<string, unknown> };
  const req = (id: string) => {
    if (id !== "pulumi-edgeplatform") throw new Error(`unexpected require ${id}`);
    return edge;
  };
  new Function("require", "module", "exports", js)(req, module, module.exports);
  return { resources, exports: module.exports };
}

describe("edgeplatform-import generator", () => {
  test("kebab-case names and camelCase variables from rule names", () => {
    expect(toKebabCase("API Burst!")).toBe("api-burst");
    expect(toKebabCase("  Général   limit__v2 ")).toBe("general-limit-v2");
    expect(toKebabCase("loginChallenge")).toBe("login-challenge");
    expect(toKebabCase("2FA IPv6Limit")).toBe("2fa-ipv6-limit");
    expect(toKebabCase("日本")).toBe("");
    expect(ruleBaseName({ id: 7, ruleName: "日本" })).toBe("rule-7");
    expect(ruleBaseName({ id: 8, ruleName: null })).toBe("rule-8");
    expect(toIdentifier("api-burst")).toBe("apiBurst");
    expect(toIdentifier("2fa-login-strict")).toBe("rule2faLoginStrict");
    expect(toIdentifier("delete")).toBe("deleteRule");
    expect(toIdentifier("edge")).toBe("edgeRule");
    expect(toIdentifier("exports")).toBe("exportsRule");
    expect(toIdentifier("rule-7")).toBe("rule7");
  });

  test("the default fixtures: enumerations as exact-case names, adopt mode, no key", () => {
    const { text, resources, warnings } = generateProgram(
      snapshot({ shieldZones: [{ shieldZoneId: 1, rules: defaultFixtures().rateLimitRules }] }),
    );
    expect(warnings).toEqual([]);
    expect(resources.map((r) => [r.name, r.variable, r.id])).toEqual([
      ["api-burst", "apiBurst", 101],
      ["login-challenge", "loginChallenge", 102],
      ["dnssec-example-org", "dnssecExampleOrg", 2],
    ]);
    expect(text).toContain('import * as edge from "pulumi-edgeplatform";');
    expect(text).toContain('const apiBurst = new edge.shield.RateLimitRule("api-burst", {');
    for (const line of [
      'actionType: "RateLimit",',
      'operatorType: "BEGINSWITH",',
      'transformationTypes: ["LOWERCASE"],',
      'timeframe: "PerOneMinute",',
      'blockTime: "ForFiveMinutes",',
      'actionType: "Challenge",',
      'counterKeyType: "IP_JA4",',
      'transformationTypes: ["LOWERCASE", "URLDECODE"],',
      'operatorType: "STREQ",', // inside chainedRuleConditions
      "deleteOnDestroy: false,",
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toContain(
      'const dnssecExampleOrg = new edge.dns.ZoneDnssec("dnssec-example-org", {\n  zoneId: 2,\n  enabled: true,\n});',
    );
    expect(text).toMatch(/Read from http:\/\/127\.0\.0\.1:4010 \(the API key is not recorded/);
    expect(text).toMatch(/leaves every rule in place/);
  });

  test("running the program passes back exactly what the platform returned", () => {
    const snap = snapshot();
    const { text } = generateProgram(snap);
    const { resources, exports } = evaluate(text);
    const rules = snap.shieldZones.flatMap((z) => z.rules ?? []);
    const byId = new Map(rules.map((r) => [r.id, r]));
    const adopted = resources.filter((r) => r.kind === "RateLimitRule");
    expect(adopted.map((r) => r.args.ruleId)).toEqual([101, 102, 201, 202, 203, 204]);
    for (const r of adopted) {
      const rule = byId.get(r.args.ruleId as number)!;
      expect(Object.keys(r.args)).toEqual([
        "ruleId",
        "ruleName",
        "ruleDescription",
        "ruleConfiguration",
        "deleteOnDestroy",
      ]);
      expect(r.args.ruleName).toBe(rule.ruleName);
      expect(r.args.ruleDescription).toBe(rule.ruleDescription);
      expect(r.args.deleteOnDestroy).toBe(false);
      // names back to integers = the platform's configuration, nulls and all
      expect(normalizeRuleConfiguration(r.args.ruleConfiguration)).toEqual(rule.ruleConfiguration);
    }
    expect(resources.filter((r) => r.kind === "ZoneDnssec").map((r) => r.args)).toEqual([
      { zoneId: 2, enabled: true },
    ]);
    expect(exports.ruleIds).toEqual([101, 102, 201, 202, 203, 204]);
    expect(exports.dnsZoneIds).toEqual([2]);
  });

  test("nulls are written as null, chained conditions with operator names", () => {
    const { text } = generateProgram(snapshot());
    const rule201 = text.slice(text.indexOf("ruleId: 201"), text.indexOf("ruleId: 202"));
    expect(rule201).toContain("ruleDescription: null,");
    expect(rule201).toContain("isNegated: null,");
    expect(rule201).toContain('operatorType: "RX",');
    expect(rule201).toContain('operatorType: "EQ",');
    expect(rule201).toContain("variableTypes: null,");
    expect(rule201).toContain('transformationTypes: ["LOWERCASE", "REMOVEWHITESPACE"],');
    const rule202 = text.slice(text.indexOf("ruleId: 202"), text.indexOf("ruleId: 203"));
    for (const f of ["variableTypes", "transformationTypes", "value", "chainedRuleConditions"]) {
      expect(rule202).toContain(`${f}: null,`);
    }
  });

  test("unique names: a name shared by rules gets the rule id, odd names stay valid", () => {
    const { resources } = generateProgram(snapshot());
    expect(resources.map((r) => `${r.name} ${r.variable}`)).toEqual([
      "api-burst-101 apiBurst101",
      "login-challenge loginChallenge",
      "api-burst-201 apiBurst201",
      "2fa-login-strict rule2faLoginStrict",
      "delete deleteRule",
      "rule-204 rule204",
      "dnssec-example-org dnssecExampleOrg",
    ]);
    const names = resources.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    for (const r of resources) expect(r.variable).toMatch(/^[A-Za-z_$][A-Za-z0-9_$]*$/);
  });

  test("names stay unique when a suffixed name is itself a rule's name", () => {
    const rules = [
      fixtureRule(1, 1, "x", null, plainConfig(1)),
      fixtureRule(2, 1, "x", null, plainConfig(1)),
      fixtureRule(3, 1, "x-1", null, plainConfig(1)),
      fixtureRule(4, 1, "x 1", null, plainConfig(1)),
    ];
    const { resources } = generateProgram({
      source: "http://h",
      shieldZones: [{ shieldZoneId: 1, rules }],
      dnsZones: [],
    });
    const names = resources.map((r) => r.name);
    const vars = resources.map((r) => r.variable);
    expect(new Set(names).size).toBe(4);
    expect(new Set(vars).size).toBe(4);
    expect(names).toEqual(["x-1", "x-2", "x-1-3", "x-1-4"]);
  });

  test("stable: input order does not matter, output is byte-identical and sorted", () => {
    const a = generateProgram(snapshot()).text;
    const shuffled = snapshot();
    shuffled.shieldZones.reverse();
    for (const z of shuffled.shieldZones) z.rules?.reverse();
    // the same zone given twice (e.g. --shield-zone 1 and a pull zone of it) merges
    shuffled.shieldZones.push({ shieldZoneId: 1, rules: [defaultFixtures().rateLimitRules[0]] });
    shuffled.dnsZones.push({ zoneId: 2, domain: "example.org", dnsSecEnabled: true });
    expect(generateProgram(shuffled).text).toBe(a);
    expect(generateProgram(snapshot()).text).toBe(a);
    const ids = [...a.matchAll(/ruleId: (\d+),/g)].map((m) => Number(m[1]));
    expect(ids).toEqual([101, 102, 201, 202, 203, 204]);
  });

  test("an integer outside an enumeration stays an integer, with a comment and a warning", () => {
    const odd = fixtureRule(9, 1, "odd", null, {
      ...plainConfig(1),
      timeframe: 120 as never,
      transformationTypes: [8, 99 as never],
      chainedRuleConditions: [{ operatorType: 42 as never, value: "x" }],
    });
    const { text, warnings } = generateProgram({
      source: "http://h",
      shieldZones: [{ shieldZoneId: 1, rules: [odd] }],
      dnsZones: [],
    });
    expect(text).toMatch(/timeframe: 120, \/\/ unknown timeframe value/);
    expect(text).toMatch(/ {6}"LOWERCASE",\n {6}99, \/\/ unknown transformationTypes value/);
    expect(text).toMatch(/operatorType: 42, \/\/ unknown operatorType value/);
    expect(warnings).toEqual([
      expect.stringMatching(/^rule 9\.transformationTypes 99 is not a value this provider knows/),
      expect.stringMatching(
        /^rule 9\.timeframe 120 is not a value .*\(1 PerSecond, 10 PerTenSeconds/,
      ),
      expect.stringMatching(/^rule 9\.chainedRuleConditions\[0\]\.operatorType 42/),
    ]);
  });

  test("fields the schema does not know are left out with a comment; missing fields are left out", () => {
    const rule = {
      ...fixtureRule(5, 1, "extra", "d", { requestCount: 5 }),
    } as RateLimitRule;
    (rule.ruleConfiguration as Record<string, unknown>).futureField = { a: 1 };
    const { text, warnings } = generateProgram({
      source: "http://h",
      shieldZones: [{ shieldZoneId: 1, rules: [rule] }],
      dnsZones: [],
    });
    expect(text).toContain(
      "    requestCount: 5,\n    // left out futureField: not in this provider's schema",
    );
    expect(text).not.toContain("actionType");
    expect(warnings).toEqual([expect.stringMatching(/^rule 5: left out futureField/)]);
  });

  test("the header names the zones and never the credentials of the URL", () => {
    const { text } = generateProgram(
      snapshot({
        source: "https://user:secret-pw@api.example.net/base?key=abc#x",
        shieldZones: [{ shieldZoneId: 2, pullZoneIds: [7], rules: zoneTwoRules() }],
      }),
    );
    expect(text).toContain("// Read from https://api.example.net/base (the API key");
    expect(text).toContain("//   shield zone 2 (pull zone 7): 4 rate-limit rules");
    expect(text).toContain("//   DNS zone 2 (example.org): DNSSEC enabled");
    expect(text).not.toMatch(/secret-pw|key=abc|user/);
  });

  test("nothing to import is an error; an empty zone next to others is a comment", () => {
    expect(() =>
      generateProgram({
        source: "http://h",
        shieldZones: [{ shieldZoneId: 4, rules: [] }],
        dnsZones: [],
      }),
    ).toThrow(NothingToImportError);
    const { text, resources } = generateProgram(
      snapshot({ shieldZones: [{ shieldZoneId: 4, rules: [] }] }),
    );
    expect(resources).toHaveLength(1);
    expect(text).toContain("// shield zone 4: nothing to adopt (no rate-limit rules)");
    expect(text).not.toContain("ruleIds");
  });
});

describe("edgeplatform-import generator: WAF rules and access lists", () => {
  test("a small snapshot gives exactly this program", () => {
    const { text, warnings } = generateProgram({
      source: "https://api.example.net",
      shieldZones: [
        {
          shieldZoneId: 5,
          pullZoneIds: [9],
          rules: [],
          wafRules: [
            wafRule(42, 5, "Block admin", null, {
              actionType: 1,
              variableTypes: { REQUEST_URI: "/admin" },
              operatorType: 0,
              transformationTypes: [8],
              isNegated: false,
            }),
          ],
          accessLists: [
            accessListImport(77, "office", null, 1, "203.0.113.0/24\n\n198.51.100.0/25\n", {
              isEnabled: false,
              action: 2,
            }),
          ],
          managedAccessLists: [
            managedList(2, "Tor Exit Nodes", { isEnabled: false, action: 3 }),
            managedList(1, "VPN Providers", { isEnabled: true, action: 2 }),
            managedList(3, "AI Crawlers", { isEnabled: false, action: 0 }),
          ],
        },
      ],
      dnsZones: [],
    });
    expect(warnings).toEqual([]);
    expect(text).toBe(
      [
        "// Generated by edgeplatform-import: a Pulumi program that adopts what already exists on",
        "// the platform. Edit it like any other program.",
        "// Read from https://api.example.net (the API key is not recorded here):",
        "//   shield zone 5 (pull zone 9): 0 rate-limit rules, 1 WAF rule, 1 access list,",
        "//     2 of 3 managed lists configured",
        "//",
        "// `pulumi up` adopts each rule by its `ruleId` with the values it had at import time, and",
        "// each DNS zone's current DNSSEC state: when nothing changed on the platform since the",
        "// import, it makes no API writes. Change a value here and `pulumi up` sends one PATCH for",
        "// that rule.",
        "// `pulumi destroy` (or removing a resource from this file) leaves every rule in place",
        "// (`deleteOnDestroy: false`) and returns each DNS zone to the DNSSEC state it had when",
        "// Pulumi adopted it, which is the state recorded here: nothing is deleted or switched.",
        "// Access lists are adopted by their `listId` in the same way (`deleteOnDestroy: false`);",
        "// a managed list's configuration goes back to what it was when Pulumi adopted it.",
        "// Enumerations are written as names (exact case). `null` is managed (keeps the field",
        "// empty); a field that is left out is not managed.",
        "",
        'import * as edge from "pulumi-edgeplatform";',
        "",
        "// shield zone 5 (pull zone 9)",
        "// custom WAF rules",
        'const blockAdmin = new edge.shield.WafRule("block-admin", {',
        "  ruleId: 42,",
        '  ruleName: "Block admin",',
        "  ruleDescription: null,",
        "  ruleConfiguration: {",
        '    actionType: "Block",',
        '    variableTypes: { REQUEST_URI: "/admin" },',
        '    operatorType: "BEGINSWITH",',
        '    transformationTypes: ["LOWERCASE"],',
        "    isNegated: false,",
        "  },",
        "  deleteOnDestroy: false,",
        "});",
        "// custom access lists",
        'const office = new edge.shield.AccessList("office", {',
        "  listId: 77,",
        "  shieldZoneId: 5,",
        '  name: "office",',
        "  description: null,",
        '  type: "CIDR",',
        '  entries: ["203.0.113.0/24", "198.51.100.0/25"],',
        "  enabled: false,",
        '  action: "Block",',
        "  deleteOnDestroy: false,",
        "});",
        "// managed access lists with a configuration set (1 more keeps the platform's defaults)",
        'const vpnProviders = new edge.shield.ManagedAccessList("vpn-providers", {',
        "  shieldZoneId: 5,",
        "  listId: 1, // VPN Providers",
        "  enabled: true,",
        '  action: "Block",',
        "});",
        'const torExitNodes = new edge.shield.ManagedAccessList("tor-exit-nodes", {',
        "  shieldZoneId: 5,",
        "  listId: 2, // Tor Exit Nodes",
        "  enabled: false,",
        '  action: "Challenge",',
        "});",
        "",
        "// What this program manages, as stack outputs.",
        "export const wafRuleIds = [blockAdmin.ruleId];",
        "export const accessListIds = [office.listId];",
        "export const managedAccessListIds = [vpnProviders.listId, torExitNodes.listId];",
        "",
      ].join("\n"),
    );
  });

  test("running the program passes back what the platform returned, for every kind", () => {
    const zone = shieldKindsZone();
    const { text, warnings } = generateProgram({
      source: "http://h",
      shieldZones: [zone],
      dnsZones: [],
    });
    expect(warnings).toEqual([]);
    const { resources, exports } = evaluate(text);
    expect(resources.map((r) => `${r.kind} ${r.name}`)).toEqual([
      "RateLimitRule api-burst",
      "WafRule block-wp-admin",
      "WafRule api-burst-302",
      "AccessList office-network",
      "AccessList rule-list",
      "ManagedAccessList vpn-providers",
      "ManagedAccessList tor-exit-nodes",
    ]);
    const waf = resources.filter((r) => r.kind === "WafRule");
    for (const r of waf) {
      const rule = zone.wafRules!.find((x) => x.id === r.args.ruleId)!;
      expect(Object.keys(r.args)).toEqual([
        "ruleId",
        "ruleName",
        "ruleDescription",
        "ruleConfiguration",
        "deleteOnDestroy",
      ]);
      expect(r.args.ruleName).toBe(rule.ruleName);
      expect(r.args.ruleDescription).toBe(rule.ruleDescription);
      expect(r.args.deleteOnDestroy).toBe(false);
      expect(normalizeWafRuleConfiguration(r.args.ruleConfiguration)).toEqual(
        rule.ruleConfiguration,
      );
    }
    const typeName = (v: number) =>
      Object.keys(AccessListType).find(
        (k) => k in AccessListType && AccessListType[k as keyof typeof AccessListType] === v,
      );
    const actionName = (v: number) =>
      Object.keys(AccessListAction).find(
        (k) => AccessListAction[k as keyof typeof AccessListAction] === v,
      );
    for (const r of resources.filter((x) => x.kind === "AccessList")) {
      const { list, details } = zone.accessLists!.find((a) => a.list.id === r.args.listId)!;
      expect(r.args).toEqual({
        listId: list.id,
        shieldZoneId: zone.shieldZoneId,
        name: list.name,
        description: list.description,
        type: typeName(list.type as number),
        entries: list.content.split("\n").filter((e) => e !== ""),
        enabled: details!.isEnabled,
        action: actionName(details!.action as number),
        deleteOnDestroy: false,
      });
    }
    expect(resources.filter((x) => x.kind === "ManagedAccessList").map((r) => r.args)).toEqual([
      { shieldZoneId: 1, listId: 1, enabled: true, action: "Block" },
      { shieldZoneId: 1, listId: 2, enabled: true, action: "Challenge" },
    ]);
    expect(exports).toEqual({
      ruleIds: [101],
      wafRuleIds: [301, 302],
      accessListIds: [501, 502],
      managedAccessListIds: [1, 2],
    });
  });

  test("names: a further kind never renames an earlier one; shared names get the id or the zone", () => {
    const zone = shieldKindsZone();
    const rulesOnly = generateProgram({
      source: "http://h",
      shieldZones: [{ shieldZoneId: 1, rules: zone.rules }],
      dnsZones: [],
    }).resources;
    const all = generateProgram({
      source: "http://h",
      shieldZones: [
        zone,
        { ...shieldKindsZone(), shieldZoneId: 2, rules: [], wafRules: [], accessLists: [] },
      ],
      dnsZones: [],
    }).resources;
    // the rate-limit rule keeps its name; the WAF rule with the same name gets its id
    expect(rulesOnly.map((r) => r.name)).toEqual(["api-burst"]);
    expect(all.map((r) => `${r.name} ${r.variable}`)).toEqual([
      "api-burst apiBurst",
      "block-wp-admin blockWpAdmin",
      "api-burst-302 apiBurst302",
      "office-network officeNetwork",
      "rule-list ruleList",
      "vpn-providers-zone-1 vpnProvidersZone1",
      "tor-exit-nodes-zone-1 torExitNodesZone1",
      "vpn-providers-zone-2 vpnProvidersZone2",
      "tor-exit-nodes-zone-2 torExitNodesZone2",
    ]);
  });

  test("stable: input order does not matter, zones given twice merge, output byte-identical", () => {
    const a = generateProgram({
      source: "http://h",
      shieldZones: [shieldKindsZone()],
      dnsZones: [],
    });
    const z = shieldKindsZone();
    z.wafRules!.reverse();
    z.accessLists!.reverse();
    z.managedAccessLists!.reverse();
    const b = generateProgram({
      source: "http://h",
      shieldZones: [{ shieldZoneId: 1, wafRules: [z.wafRules![0]] }, z],
      dnsZones: [],
    });
    expect(b.text).toBe(a.text);
  });

  test("unknown list type or action stays an integer with a comment and a warning", () => {
    const { text, warnings } = generateProgram({
      source: "http://h",
      shieldZones: [
        {
          shieldZoneId: 1,
          accessLists: [
            accessListImport(9, "odd", "d", 9 as never, "x", { isEnabled: true, action: 1 }),
          ],
          managedAccessLists: [
            managedList(1, "VPN Providers", { isEnabled: true, action: 42 as never }),
          ],
        },
      ],
      dnsZones: [],
    });
    expect(text).toMatch(/ {2}type: 9, \/\/ unknown type value/);
    expect(text).toMatch(/ {2}action: 42, \/\/ unknown action value/);
    expect(warnings).toEqual([
      expect.stringMatching(
        /^access list 9\.type 9 is not a value this provider knows \(0 IP, 1 CIDR/,
      ),
      expect.stringMatching(
        /^managed list 1 in shield zone 1\.action 42 is not a value .*\(0 None, 1 Allow/,
      ),
    ]);
  });

  test("a list missing from the zone's listing: enabled and action left out, with a warning", () => {
    const a = accessListImport(9, "x", null, 0, "192.0.2.1", { isEnabled: true, action: 1 });
    a.details = undefined;
    const { text, warnings } = generateProgram({
      source: "http://h",
      shieldZones: [{ shieldZoneId: 1, accessLists: [a] }],
      dnsZones: [],
    });
    expect(text).toContain('  entries: ["192.0.2.1"],\n  // left out enabled and action');
    expect(text).not.toMatch(/^ +(enabled|action):/m);
    expect(warnings).toEqual([
      expect.stringMatching(/^access list 9: left out enabled and action/),
    ]);
  });

  test("skipped kinds are said in the header and at the zone, never silently left out", () => {
    const { text } = generateProgram({
      source: "http://h",
      shieldZones: [
        {
          shieldZoneId: 2,
          rules: [fixtureRule(1, 2, "r", null, plainConfig(1))],
          skipped: [{ kind: "custom WAF rules", reason: "the API key may not read them: 403" }],
        },
      ],
      dnsZones: [],
    });
    expect(text).toContain(
      "//   shield zone 2: 1 rate-limit rule\n//     NOT imported: custom WAF rules (the API key may not read them: 403)\n",
    );
    expect(text).toContain(
      "// shield zone 2\n// NOT imported: custom WAF rules (the API key may not read them: 403)\nconst r =",
    );
  });

  test("only unconfigured managed lists and nothing else: nothing to import", () => {
    expect(() =>
      generateProgram({
        source: "http://h",
        shieldZones: [
          {
            shieldZoneId: 1,
            wafRules: [],
            managedAccessLists: [managedList(3, "AI Crawlers", { isEnabled: false, action: 0 })],
          },
        ],
        dnsZones: [],
      }),
    ).toThrow(NothingToImportError);
  });
});

describe("edgeplatform-import generator: zone settings", () => {
  const program = (zones = [settingsZone()], defaults = settingsDefaults()) =>
    generateProgram({ source: "http://h", shieldZones: zones, dnsZones: [], defaults });

  test("only the settings that differ from the defaults, grouped as ShieldZone takes them", () => {
    const { text, warnings } = program();
    expect(warnings).toEqual([]);
    expect(text).toContain(
      "//   shield zone 7 (pull zone 70): zone settings, bot detection, API guardian, 1 response page\n",
    );
    const body = text.slice(text.indexOf("// shield zone 7 (pull zone 70)\n"));
    expect(body).toBe(
      [
        "// shield zone 7 (pull zone 70)",
        "// zone settings that differ from the platform's defaults",
        'const shieldZone7 = new edge.shield.ShieldZone("shield-zone-7", {',
        "  shieldZoneId: 7,",
        '  planType: "Business",',
        "  waf: {",
        '    mode: "Block",',
        '    disabledRules: ["920100", "930110"],',
        "    paranoia: { detection: 2 },",
        '    allowedMethods: ["GET", "HEAD", "POST", "PUT"],',
        "  },",
        '  ddos: { sensitivity: "High" },',
        "  customRuleOrder: [302, 301],",
        "  whitelabelResponsePages: true,",
        "  // not managed by ShieldZone (the platform keeps them):",
        "  //   requestBodyLoggingEnabled true",
        "});",
        'const botDetectionZone7 = new edge.shield.BotDetection("bot-detection-zone-7", {',
        "  shieldZoneId: 7,",
        '  executionMode: "Challenge",',
        '  browserFingerprint: { aggression: "High" },',
        "});",
        'const apiGuardianZone7 = new edge.shield.ApiGuardian("api-guardian-zone-7", {',
        "  shieldZoneId: 7,",
        "  enabled: true,",
        '  executionMode: "Block",',
        "});",
        'const blockPage = new edge.shield.ResponsePage("block-page", {',
        "  shieldZoneId: 7,",
        '  pageType: "block",',
        '  html: "<h1>Blocked</h1>",',
        "});",
        "",
        "// What this program manages, as stack outputs.",
        "export const shieldZoneIds = [shieldZone7.id];",
        "export const botDetectionIds = [botDetectionZone7.id];",
        "export const apiGuardianIds = [apiGuardianZone7.id];",
        "export const responsePageIds = [blockPage.id];",
        "",
      ].join("\n"),
    );
  });

  test("running the program passes back the zone's own values: adopting writes nothing", () => {
    const zone = settingsZone();
    const { resources, exports } = evaluate(program([zone]).text);
    expect(resources.map((r) => `${r.kind} ${r.name}`)).toEqual([
      "ShieldZone shield-zone-7",
      "BotDetection bot-detection-zone-7",
      "ApiGuardian api-guardian-zone-7",
      "ResponsePage block-page",
    ]);
    // Every value written is the zone's current one (names back to the API's integers).
    const [sz, bot, api, page] = resources.map((r) => r.args);
    expect(sz).toEqual({
      shieldZoneId: 7,
      planType: "Business", // planType 2
      waf: {
        mode: "Block", // wafExecutionMode 1
        disabledRules: zone.settings!.wafDisabledRules,
        paranoia: { detection: 2 }, // detection_paranoia_level "2"
        allowedMethods: ["GET", "HEAD", "POST", "PUT"], // "GET HEAD POST PUT"
      },
      ddos: { sensitivity: "High" }, // dDoSShieldSensitivity 3
      customRuleOrder: zone.settings!.wafCustomRuleOrder,
      whitelabelResponsePages: true,
    });
    expect(bot).toEqual({
      shieldZoneId: 7,
      executionMode: "Challenge", // 1
      browserFingerprint: { aggression: "High" }, // 3
    });
    expect(api).toEqual({ shieldZoneId: 7, enabled: true, executionMode: "Block" });
    expect(page).toEqual({ shieldZoneId: 7, pageType: "block", html: "<h1>Blocked</h1>" });
    expect(exports).toEqual({
      shieldZoneIds: ["7"],
      botDetectionIds: ["7"],
      apiGuardianIds: ["7"],
      responsePageIds: ["7/block"],
    });
  });

  test("a zone at every default: an empty ShieldZone, no other settings resource", () => {
    const d = settingsDefaults();
    const zone: ShieldZoneImport = {
      shieldZoneId: 3,
      rules: [fixtureRule(1, 3, "r", null, plainConfig(1))],
      settings: { ...d.zone, shieldZoneId: 3, wafEngineConfig: d.engineConfig },
      botDetection: { shieldZoneId: 3, ...d.botDetection! },
      uploadScanning: { shieldZoneId: 3, ...d.uploadScanning! },
      apiGuardian: { configuration: { ...d.apiGuardian! }, endpoints: [] },
      responsePages: {},
    };
    const { text, resources } = program([zone], d);
    expect(resources.map((r) => r.type.split(":").pop())).toEqual(["RateLimitRule", "ShieldZone"]);
    expect(text).toContain(
      "//   shield zone 3: 1 rate-limit rule, zone settings at the defaults\n",
    );
    expect(text).toContain(
      "// zone settings: all at the platform's defaults\n" +
        'const shieldZone3 = new edge.shield.ShieldZone("shield-zone-3", {\n' +
        "  shieldZoneId: 3,\n});\n",
    );
    // on its own, an empty ShieldZone is nothing to import
    expect(() => program([{ ...zone, rules: [] }], d)).toThrow(NothingToImportError);
  });

  test("settings kinds the zone's plan lacks are said in the header, not as NOT imported", () => {
    const zone = { ...settingsZone(), notOnPlan: ["API guardian", "response pages"] };
    delete zone.apiGuardian;
    delete zone.responsePages;
    const { text, warnings } = program([zone]);
    expect(warnings).toEqual([]);
    expect(text).toContain(
      "//   shield zone 7 (pull zone 70): zone settings, bot detection\n" +
        "//     not on the zone's plan (nothing to adopt): API guardian, response pages\n",
    );
    expect(text).not.toContain("NOT imported");
  });

  test("settings ShieldZone does not take, and engine items it does not manage, are named in a comment", () => {
    const zone = settingsZone();
    zone.settings = {
      ...zone.settings!,
      learningMode: true,
      wafEngineConfig: [
        ...zone.settings!.wafEngineConfig!,
        { name: "arg_length", valueEncoded: "800" },
      ],
    };
    expect(program([zone]).text).toContain(
      "  // not managed by ShieldZone (the platform keeps them):\n" +
        "  //   learningMode true\n" +
        "  //   requestBodyLoggingEnabled true\n" +
        '  //   engine setting arg_length "800"\n',
    );
  });

  test("unknown defaults: every value is written (still the zone's own, so no write)", () => {
    const zone = settingsZone();
    const { resources } = evaluate(
      generateProgram({ source: "http://h", shieldZones: [zone], dnsZones: [] }).text,
    );
    const sz = resources.find((r) => r.kind === "ShieldZone")!.args;
    expect(sz).toMatchObject({
      planType: "Business",
      waf: {
        enabled: true,
        mode: "Block",
        logOnlyRules: [],
        requestBodyLimitAction: "Block",
        responseBodyLimitAction: "Log",
        paranoia: { detection: 2, executing: 1 },
      },
      ddos: { sensitivity: "High", challengeWindow: 30 },
    });
    // no blocking_paranoia_level item and no engine defaults: not written
    expect((sz.waf as { paranoia: object }).paranoia).not.toHaveProperty("blocking");
    const up = resources.find((r) => r.kind === "UploadScanning")!.args;
    expect(up).toEqual({
      shieldZoneId: 7,
      enabled: false,
      csamScanningMode: "Disabled",
      antivirusScanningMode: "Disabled",
    });
  });

  test("an API document the import cannot read is said at the ApiGuardian", () => {
    const zone = settingsZone();
    zone.apiGuardian!.configuration.title = "Shop API";
    zone.apiGuardian!.configuration.version = "1.2";
    expect(program([zone]).text).toContain(
      '  executionMode: "Block",\n' +
        '  // the zone\'s API document ("Shop API" 1.2) is not imported (the platform does not\n' +
        "  // return it): give `spec` or `specFile` to manage it\n});\n",
    );
  });

  test("an unknown enumeration value stays an integer with a comment and a warning", () => {
    const zone = settingsZone();
    zone.settings!.dDoSShieldSensitivity = 9 as never;
    const { text, warnings } = program([zone]);
    expect(text).toContain(
      "  ddos: {\n    sensitivity: 9, // unknown ddos.sensitivity value, kept as the platform returned it: tsc and pulumi preview flag it\n  },\n",
    );
    expect(warnings).toEqual([
      "shield zone 7.ddos.sensitivity 9 is not a value this provider knows (0 Off, 1 Low, 2 Medium, 3 High, 4 Challenge)",
    ]);
  });

  test("customRuleOrder names the rules the program adopts by their resource, others by id", () => {
    const zone = settingsZone();
    zone.settings!.wafCustomRuleOrder = [302, 999, 301];
    const cfg = { actionType: 1, operatorType: 0 } as const;
    zone.wafRules = [
      wafRule(301, 7, "block-admin", null, cfg),
      wafRule(302, 7, "log-sqli", null, cfg),
    ];
    const { text } = program([zone]);
    expect(text).toContain("  customRuleOrder: [logSqli.ruleId, 999, blockAdmin.ruleId],\n");
    const sz = evaluate(text).resources.find((r) => r.kind === "ShieldZone")!;
    expect(sz.args.customRuleOrder).toEqual([302, 999, 301]); // the zone's order, as it is
  });

  test("names: settings come after every earlier kind; response pages of two zones get the zone", () => {
    const a = {
      ...settingsZone(),
      rules: [fixtureRule(1, 7, "shield-zone-7", null, plainConfig(1))],
    };
    const b: ShieldZoneImport = {
      shieldZoneId: 8,
      settings: { ...settingsDefaults().zone, shieldZoneId: 8 },
      responsePages: { block: "<p>b</p>", ratelimit: "<p>slow</p>" },
    };
    const { resources } = program([b, a]);
    expect(resources.map((r) => `${r.type.split(":").pop()} ${r.name} ${r.variable}`)).toEqual([
      "RateLimitRule shield-zone-7 shieldZone7",
      "ShieldZone shield-zone-7-7 shieldZone77",
      "BotDetection bot-detection-zone-7 botDetectionZone7",
      "ApiGuardian api-guardian-zone-7 apiGuardianZone7",
      "ResponsePage block-page-zone-7 blockPageZone7",
      "ShieldZone shield-zone-8 shieldZone8",
      "ResponsePage block-page-zone-8 blockPageZone8",
      "ResponsePage ratelimit-page ratelimitPage",
    ]);
  });
});
