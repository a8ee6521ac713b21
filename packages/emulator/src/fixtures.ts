/**
 * Built-in default fixtures and loading of user fixtures (`--fixtures FILE`).
 * A fixtures document is a partial `EmulatorState`: keys present replace the built-in
 * defaults, keys absent keep them.
 */
import * as fs from "fs";
import type { RateLimitRule } from "edgeplatform-client/spec";
import { dnssecInfo } from "./generators";
import { allTypesDnsZone } from "./fixtures-dns";
import { zoneOneRecord } from "./fixtures-pullzone";
import { shieldExtraFixtures, shieldZonePlanFixtures } from "./fixtures-shield";
import { checkStateShape, cloneState, EmulatorState } from "./state";
import { scriptFixtures } from "./fixtures-scripts";
import { withContainerFixtures } from "./fixtures-containers";

/** A fixtures document: any subset of the state's top-level keys. */
export type Fixtures = Partial<EmulatorState>;

const rule = (
  id: number,
  shieldZoneId: number,
  ruleName: string,
  ruleDescription: string,
  ruleConfiguration: NonNullable<RateLimitRule["ruleConfiguration"]>,
): RateLimitRule => ({
  id,
  shieldZoneId,
  userId: "user-1",
  ruleName,
  ruleDescription,
  ruleJson: JSON.stringify(ruleConfiguration),
  ruleConfiguration,
});

/** The rate-limit rules of the fixtures. */
function rateLimitRuleFixtures(): EmulatorState["rateLimitRules"] {
  return [
    rule(101, 1, "api-burst", "Limit API bursts per IP", {
      actionType: 1,
      variableTypes: { REQUEST_URI: "/api" },
      operatorType: 0,
      severityType: 1,
      transformationTypes: [8],
      value: "/api",
      isNegated: false,
      isRegexVariable: false,
      requestCount: 100,
      counterKeyType: 0,
      timeframe: 60,
      blockTime: 300,
      chainedRuleConditions: [],
    }),
    rule(102, 1, "login-challenge", "Challenge repeated login attempts", {
      actionType: 3,
      variableTypes: { REQUEST_URI: "/login", REQUEST_METHOD: "POST" },
      operatorType: 2,
      severityType: 2,
      transformationTypes: [8, 19],
      value: "/login",
      isNegated: false,
      isRegexVariable: false,
      requestCount: 10,
      counterKeyType: 7,
      timeframe: 10,
      blockTime: 900,
      chainedRuleConditions: [
        {
          variableTypes: { REQUEST_METHOD: "POST" },
          operatorType: 15,
          value: "POST",
          isNegated: false,
          isRegexVariable: false,
        },
      ],
    }),
  ];
}

/** The container apps of the fixtures. */
function containerAppFixtures(): EmulatorState["apps"] {
  return [
    {
      id: "app-1",
      regionSettings: {
        allowedRegionIds: ["DE", "NY", "SG", "UK"],
        requiredRegionIds: ["DE"],
        maxAllowedRegions: 3,
        provisioningType: "static",
      },
      volumes: [
        {
          id: "vol-detached",
          name: "cache-data",
          size: 10,
          totalInstancesCount: 3,
          attachedInstancesCount: 0,
          volumeInstances: [
            {
              id: "vi-d1",
              attachedContainers: [],
              region: "DE",
              status: "detached",
              size: 10,
              usage: 2.5,
            },
            {
              id: "vi-d2",
              attachedContainers: [],
              region: "NY",
              status: "detached",
              size: 10,
              usage: 1.25,
            },
            {
              id: "vi-d3",
              attachedContainers: [],
              region: "SG",
              status: "detached",
              size: 10,
              usage: 0,
            },
          ],
        },
        {
          id: "vol-attached",
          name: "db-data",
          size: 20,
          totalInstancesCount: 2,
          attachedInstancesCount: 1,
          volumeInstances: [
            {
              id: "vi-a1",
              attachedContainers: ["web-1"],
              region: "DE",
              status: "attached",
              size: 20,
              usage: 7.5,
            },
            {
              id: "vi-a2",
              attachedContainers: [],
              region: "UK",
              status: "detached",
              size: 20,
              usage: 3,
            },
          ],
        },
      ],
    },
    {
      id: "app-2",
      regionSettings: {
        allowedRegionIds: ["DE", "NY"],
        requiredRegionIds: [],
        provisioningType: "dynamic",
      },
      volumes: [],
    },
  ];
}

/** The pull zones of the fixtures. */
function pullZoneFixtures(): EmulatorState["pullZones"] {
  return [
    {
      id: 1,
      name: "zone-one",
      logging: "enabled",
      extendedLogging: false,
      logRecordsPerDay: 2000,
      // Hostnames, 20 edge rules and an optimizer class (fixtures-pullzone.ts).
      model: zoneOneRecord(),
    },
    {
      id: 2,
      name: "zone-two",
      logging: "disabled",
      extendedLogging: false,
      logRecordsPerDay: 2000,
    },
    {
      id: 3,
      name: "zone-suspended",
      logging: "suspended",
      extendedLogging: false,
      logRecordsPerDay: 2000,
    },
    {
      id: 4,
      name: "zone-extended",
      logging: "enabled",
      extendedLogging: true,
      logRecordsPerDay: 2000,
    },
    ...[
      [5, "zone-business"],
      [6, "zone-enterprise"],
      [8, "zone-unshielded"],
    ].map(([id, name]) => ({
      id: id as number,
      name: name as string,
      logging: "enabled" as const,
      extendedLogging: false,
      logRecordsPerDay: 2000,
    })),
  ];
}

/** The built-in fixtures (a fresh copy on every call). */
export function defaultFixtures(): EmulatorState {
  return {
    shieldZones: [
      // Shield zone 1 protects pull zone 1, shield zone 2 pull zone 4; pull zones 2 and 3
      // have no shield zone (get-by-pullzone answers not_found_or_unauthorised_access.pullzone).
      { id: 1, name: "shield-one", pullZoneId: 1 },
      // Shield zone 2 is near its custom-WAF-rule limit (2 of 3 used; fixtures-shield.ts) and
      // has small access-list limits (1 custom list, 10 entries; it has none yet).
      {
        id: 2,
        name: "shield-two",
        pullZoneId: 4,
        planType: 1,
        rateLimitRulesLimit: 25,
        customWafRulesLimit: 3,
        customListLimit: 1,
        customEntryLimit: 10,
      },
      // Shield zones 3 (Business, pull zone 5) and 4 (Enterprise, pull zone 6): the plans with
      // custom pages and API guardian (fixtures-shield.ts). Pull zone 8 has no shield zone:
      // the one to create a shield zone for.
      ...shieldZonePlanFixtures(),
    ],
    ...shieldExtraFixtures(),
    rateLimitRules: rateLimitRuleFixtures(),
    dnsZones: [
      {
        Id: 1,
        Domain: "example.com",
        DnsSecEnabled: false,
        dnssec: dnssecInfo(1, "example.com", false),
      },
      {
        Id: 2,
        Domain: "example.org",
        DnsSecEnabled: true,
        dnssec: dnssecInfo(2, "example.org", true),
      },
      allTypesDnsZone(),
    ],
    registries: [
      {
        id: 1,
        accountId: "acct-1",
        userId: "user-1",
        namespaceId: "ns-1",
        displayName: "Docker Hub mirror",
        hostName: "docker.io",
        userName: "deploy-bot",
        firstPasswordSymbols: "dck",
        lastPasswordSymbols: "x9z",
        createdAt: "2024-01-15T10:00:00Z",
        isPublic: false,
        isPlatformManaged: false,
        lastUpdatedAt: "2024-06-01T08:30:00Z",
      },
      {
        id: 2,
        accountId: "acct-1",
        userId: "user-1",
        namespaceId: "ns-2",
        displayName: "GitHub Container Registry",
        hostName: "ghcr.io",
        userName: "ci",
        firstPasswordSymbols: "ghp",
        lastPasswordSymbols: "a1b",
        createdAt: "2024-02-20T12:00:00Z",
        isPublic: true,
        isPlatformManaged: true,
        lastUpdatedAt: "2024-02-20T12:00:00Z",
      },
    ],
    apps: withContainerFixtures(containerAppFixtures()),
    scripts: scriptFixtures(),
    pullZones: pullZoneFixtures(),
    eventLogs: [
      { shieldZoneId: 1, pagesPerDay: 5, logsPerPage: 20 },
      { shieldZoneId: 2, pagesPerDay: 100, logsPerPage: 10 },
    ],
    nextIds: {
      rateLimitRule: 1000,
      shieldZone: 100,
      wafRule: 2000,
      accessList: 600,
      accessListConfiguration: 8000,
    },
  };
}

/**
 * Resolves fixtures: undefined → built-in; a path → that JSON file; an object → itself.
 * Keys present replace the built-in defaults. Throws with a clear message when invalid.
 */
export function loadFixtures(source?: string | Fixtures): EmulatorState {
  const base = defaultFixtures();
  if (source === undefined) return base;
  let doc: unknown;
  if (typeof source === "string") {
    try {
      doc = JSON.parse(fs.readFileSync(source, "utf8"));
    } catch (e) {
      throw new Error(`cannot read fixtures file ${source}: ${(e as Error).message}`);
    }
  } else {
    doc = cloneState(source);
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    throw new Error("fixtures must be a JSON object (a partial emulator state)");
  }
  const merged = { ...base, ...(doc as Fixtures) } as EmulatorState;
  if (!(doc as Fixtures).nextIds) {
    const maxId = Math.max(0, ...merged.rateLimitRules.map((r) => r.id));
    // The Shield ids are filled in above the ids in use when the state is loaded.
    merged.nextIds = { rateLimitRule: Math.max(1000, maxId + 1) } as EmulatorState["nextIds"];
  }
  const problems = checkStateShape(merged);
  if (problems.length) throw new Error(`invalid fixtures: ${problems.join("; ")}`);
  return merged;
}
