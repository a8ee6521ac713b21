/**
 * The emulator's in-memory state (`EmulatorState`) and its store, with optional
 * persistence to a JSON file that is written atomically (temporary file + rename).
 */
import * as fs from "fs";
import * as path from "path";
import type {
  ContainerRegistry,
  DnsRecord,
  DnssecInfo,
  RateLimitRule,
  RegionSettings,
  Volume,
} from "edgeplatform-client/spec";
import { INT32_MAX } from "edgeplatform-client/spec";
import {
  checkShieldExtraShape,
  fillShieldExtra,
  ShieldExtraIds,
  ShieldExtraState,
} from "./state-shield";
import type { ShieldZoneParts } from "./state-shield-zone";
import { checkDnsShape, fillDns, type DnsIds, type DnsZoneSettings } from "./state-dns";
import {
  checkPullZoneRecords,
  fillPullZones,
  type PullZoneIds,
  type PullZoneParts,
} from "./state-pullzone";
import { checkScriptShape, fillScripts, type ScriptIds, type ScriptParts } from "./state-scripts";

/**
 * Fills the parts a state document may leave out (Shield extras, DNS settings and records,
 * pull-zone records).
 */
function fillState(s: EmulatorState): EmulatorState {
  return fillScripts(fillPullZones(fillDns(fillShieldExtra(s))));
}

export type {
  AccessListConfigState,
  CustomAccessListState,
  ManagedAccessListState,
} from "./state-shield";

/** The plan of a shield zone as `get-by-pullzone` reports it (defaults in parentheses). */
export interface ShieldZonePlan {
  /** Plan type (0 = basic, 1 = advanced, 2 = business, 3 = enterprise; default 0). */
  planType?: number;
  /** Most rate-limit rules the zone may hold (default 10). */
  rateLimitRulesLimit?: number;
  /** Most custom WAF rules the zone may hold (default 10). */
  customWafRulesLimit?: number;
  /** Whether the WAF is on (default true). */
  wafEnabled?: boolean;
  /** Most custom access lists the zone may hold (default 5). */
  customListLimit?: number;
  /** Most entries the zone's custom access lists may hold together (default 1000). */
  customEntryLimit?: number;
}

/** Defaults of a shield zone's plan fields (what `ShieldZonePlan` leaves out means). */
export const PLAN_DEFAULTS = Object.freeze({
  planType: 0,
  rateLimitRulesLimit: 10,
  customWafRulesLimit: 10,
  wafEnabled: true,
  customListLimit: 5,
  customEntryLimit: 1000,
});

/** A zone's plan with the defaults filled in. */
export function planOf(z: ShieldZonePlan): Required<ShieldZonePlan> {
  return {
    planType: z.planType ?? PLAN_DEFAULTS.planType,
    rateLimitRulesLimit: z.rateLimitRulesLimit ?? PLAN_DEFAULTS.rateLimitRulesLimit,
    customWafRulesLimit: z.customWafRulesLimit ?? PLAN_DEFAULTS.customWafRulesLimit,
    wafEnabled: z.wafEnabled ?? PLAN_DEFAULTS.wafEnabled,
    customListLimit: z.customListLimit ?? PLAN_DEFAULTS.customListLimit,
    customEntryLimit: z.customEntryLimit ?? PLAN_DEFAULTS.customEntryLimit,
  };
}

/**
 * A shield zone: its identity, the pull zone it protects (`pullZoneId`, served by
 * `GET /shield/shield-zone/get-by-pullzone/{pullZoneId}`; at most one shield zone per pull
 * zone), its plan and its settings (`ShieldZoneParts`: filled from the defaults when absent).
 */
export interface ShieldZoneState extends ShieldZonePlan, ShieldZoneParts {
  id: number;
  name: string;
  /** The pull zone this shield zone belongs to; absent = none. */
  pullZoneId?: number | null;
}

/**
 * A DNS zone with its DNSSEC switch and the DNSSEC record last returned, its settings and
 * its records (published shapes; settings and records may be left out of a document: they
 * are filled with the defaults and none, see `state-dns.ts`).
 */
export interface DnsZoneState extends Partial<DnsZoneSettings> {
  Id: number;
  Domain: string;
  DnsSecEnabled: boolean;
  dnssec: DnssecInfo;
  Records?: DnsRecord[];
}

/** An application (`/mc/apps/{appId}`) with its region settings and volume templates. */
export interface AppState {
  id: string;
  regionSettings: RegionSettings;
  volumes: Volume[];
}

/** An edge script (statistics are generated from its id; its other parts: `ScriptParts`). */
export interface ScriptState extends ScriptParts {
  id: number;
  name: string;
}

/** Logging state of a pull zone. */
export type PullZoneLogging = "enabled" | "disabled" | "suspended";

/**
 * A pull zone: its name (taken names), how its access logs are generated, and its published
 * record (`model`: settings, hostnames, edge rules; filled with a new zone's when absent).
 */
export interface PullZoneState extends PullZoneParts {
  id: number;
  name: string;
  /** `disabled` → 404 logging_disabled, `suspended` → 403 forbidden. */
  logging: PullZoneLogging;
  /** v1 lines carry the 3 extended fields. */
  extendedLogging: boolean;
  /** Generated access-log records per UTC day (evenly spaced). */
  logRecordsPerDay: number;
}

/** How many shield event-log pages a shield zone has per day. */
export interface EventLogConfig {
  shieldZoneId: number;
  pagesPerDay: number;
  logsPerPage: number;
}

/**
 * The whole mutable state of an emulator (JSON; GET/PUT `/_emulator/state`). The Shield
 * parts of {@link ShieldExtraState} (custom WAF rules, access lists) may be left out of a
 * document that is PUT or loaded: they are then empty.
 */
export interface EmulatorState extends ShieldExtraState {
  shieldZones: ShieldZoneState[];
  rateLimitRules: RateLimitRule[];
  dnsZones: DnsZoneState[];
  registries: ContainerRegistry[];
  apps: AppState[];
  scripts: ScriptState[];
  pullZones: PullZoneState[];
  eventLogs: EventLogConfig[];
  nextIds: { rateLimitRule: number } & ShieldExtraIds &
    Partial<DnsIds> &
    Partial<PullZoneIds> &
    Partial<ScriptIds>;
}

const ARRAY_KEYS = [
  "shieldZones",
  "rateLimitRules",
  "dnsZones",
  "registries",
  "apps",
  "scripts",
  "pullZones",
  "eventLogs",
] as const;

/**
 * Checks the coarse shape of a state document (top-level arrays and `nextIds`).
 * Returns a list of problems, empty when the document is usable.
 */
export function checkStateShape(value: unknown): string[] {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    return ["state must be a JSON object"];
  }
  const v = value as Record<string, unknown>;
  const problems: string[] = [];
  for (const k of ARRAY_KEYS) {
    if (!Array.isArray(v[k])) problems.push(`${k} must be an array`);
  }
  const next = v.nextIds as Record<string, unknown> | undefined;
  if (!next || typeof next !== "object" || typeof next.rateLimitRule !== "number") {
    problems.push("nextIds.rateLimitRule must be a number");
  }
  const byPullZone = new Map<number, number>();
  for (const [i, sz] of (
    (Array.isArray(v.shieldZones) ? v.shieldZones : []) as unknown[]
  ).entries()) {
    const z = sz as Partial<ShieldZoneState> | null;
    if (!z || typeof z !== "object" || typeof z.id !== "number") {
      problems.push(`shieldZones[${i}] needs a numeric id`);
      continue;
    }
    if (z.pullZoneId !== undefined && z.pullZoneId !== null) {
      if (!Number.isInteger(z.pullZoneId) || z.pullZoneId < 0 || z.pullZoneId > INT32_MAX) {
        problems.push(`shieldZones[${i}].pullZoneId must be an int32 from 0 or null`);
      } else if (byPullZone.has(z.pullZoneId)) {
        problems.push(
          `shieldZones[${i}].pullZoneId ${z.pullZoneId} is already the pull zone of shield zone ${byPullZone.get(z.pullZoneId)}`,
        );
      } else {
        byPullZone.set(z.pullZoneId, z.id);
      }
    }
    for (const k of [
      "planType",
      "rateLimitRulesLimit",
      "customWafRulesLimit",
      "customListLimit",
      "customEntryLimit",
    ] as const) {
      if (z[k] !== undefined && !Number.isInteger(z[k]))
        problems.push(`shieldZones[${i}].${k} must be an integer`);
    }
    if (z.wafEnabled !== undefined && typeof z.wafEnabled !== "boolean")
      problems.push(`shieldZones[${i}].wafEnabled must be a boolean`);
  }
  for (const [i, pz] of ((Array.isArray(v.pullZones) ? v.pullZones : []) as unknown[]).entries()) {
    const p = pz as Partial<PullZoneState> | null;
    if (
      !p ||
      typeof p.id !== "number" ||
      !["enabled", "disabled", "suspended"].includes(String(p.logging))
    ) {
      problems.push(`pullZones[${i}] needs a numeric id and logging enabled|disabled|suspended`);
    } else if (
      typeof p.logRecordsPerDay !== "number" ||
      !Number.isInteger(p.logRecordsPerDay) ||
      p.logRecordsPerDay < 0 ||
      p.logRecordsPerDay > 50_000_000
    ) {
      problems.push(`pullZones[${i}].logRecordsPerDay must be an integer from 0 to 50000000`);
    }
  }
  problems.push(...checkShieldExtraShape(v));
  problems.push(...checkDnsShape(v));
  problems.push(...checkPullZoneRecords(v));
  problems.push(...checkScriptShape(v));
  return problems;
}

/** Deep copy of a JSON value. */
export function cloneState<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/**
 * Holds the current state, the fixtures it resets to, and (optionally) the file it is
 * persisted to. Handlers mutate `state` and then call `commit()`.
 */
export class StateStore {
  /** The live state. Replace it only through `replace()` / `reset()`. */
  state: EmulatorState;

  constructor(
    private readonly fixtures: EmulatorState,
    private readonly stateFile?: string,
  ) {
    this.state = fillState(cloneState(fixtures));
    if (stateFile && fs.existsSync(stateFile)) {
      const loaded = JSON.parse(fs.readFileSync(stateFile, "utf8")) as unknown;
      const problems = checkStateShape(loaded);
      if (problems.length) {
        throw new Error(
          `state file ${stateFile} is not a valid emulator state: ${problems.join("; ")}`,
        );
      }
      this.state = fillState(loaded as EmulatorState);
    } else {
      this.commit();
    }
  }

  /** Back to the fixtures (and persisted). */
  reset(): void {
    this.state = fillState(cloneState(this.fixtures));
    this.commit();
  }

  /** Replaces the whole state (out-of-band changes) and persists it. */
  replace(next: EmulatorState): void {
    this.state = fillState(cloneState(next));
    this.commit();
  }

  /** Persists the state when a state file is configured (atomic: temp file + rename). */
  commit(): void {
    if (!this.stateFile) return;
    const target = path.resolve(this.stateFile);
    const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(tmp, JSON.stringify(this.state, null, 2));
    fs.renameSync(tmp, target);
  }
}
