/**
 * The emulator's state of Shield beyond rate limits (the settings parts of each zone are in
 * `state-shield-zone.ts`): custom WAF rules, custom access lists
 * (with their configuration in the zone), the platform's managed access lists and each
 * zone's configuration of them; the checks of a state document's parts, and the filling of
 * parts a document written before they existed lacks.
 */
import {
  AccessListAction,
  AccessListType,
  CustomWafRule,
  ShieldPlanType,
  validate,
  wafRuleConfigurationSchema,
} from "edgeplatform-client/spec";
import {
  checkShieldZoneParts,
  fillShieldZoneParts,
  type ShieldZoneParts,
} from "./state-shield-zone";

/** A custom access list of a shield zone, with its configuration in the zone. */
export interface CustomAccessListState {
  id: number;
  shieldZoneId: number;
  /** Id of the zone's configuration of the list (what the configuration PATCH names). */
  configurationId: number;
  name: string;
  description: string | null;
  /** `AccessListType`. */
  type: number;
  /** Entries joined by `"\n"`. */
  content: string;
  checksum: string | null;
  /** ISO 8601. */
  lastModified: string;
  isEnabled: boolean;
  /** `AccessListAction`. */
  action: number;
}

/** A managed (curated) list of the platform: the same catalogue in every zone. */
export interface ManagedAccessListState {
  listId: number;
  name: string;
  description: string | null;
  /** `AccessListType`. */
  type: number;
  /** `AccessListCategory` flags. */
  category: number;
  /** Lowest `ShieldPlanType` the list is available on. */
  requiredPlan: number;
  entryCount: number;
  updateFrequency: string | null;
  /** ISO 8601. */
  lastUpdated: string;
}

/**
 * A zone's configuration of a managed list. A zone without one for a list gets it (disabled,
 * action None) the first time its listing is read.
 */
export interface AccessListConfigState {
  configurationId: number;
  shieldZoneId: number;
  listId: number;
  isEnabled: boolean;
  /** `AccessListAction`. */
  action: number;
}

/** The Shield parts of the emulator state. */
export interface ShieldExtraState {
  wafRules: CustomWafRule[];
  accessLists: CustomAccessListState[];
  managedAccessLists: ManagedAccessListState[];
  accessListConfigs: AccessListConfigState[];
}

/** Next ids of the Shield parts (`nextIds` of the state). */
export interface ShieldExtraIds {
  /** Id of the next shield zone a create makes. */
  shieldZone: number;
  wafRule: number;
  accessList: number;
  accessListConfiguration: number;
}

const values = (e: Record<string, number>) => Object.values(e);
const isInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/**
 * Checks the Shield parts of a state document. Each part may be absent (a document written
 * before it existed: it is filled in empty); a present part must be an array of well-formed
 * items. Returns problems naming the item and the field.
 */
export function checkShieldExtraShape(v: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const arr = (k: keyof ShieldExtraState): unknown[] => {
    if (v[k] === undefined) return [];
    if (!Array.isArray(v[k])) {
      problems.push(`${k} must be an array`);
      return [];
    }
    return v[k] as unknown[];
  };
  const ids = (k: string, list: unknown[], idKey: string) => {
    const seen = new Set<number>();
    list.forEach((x, i) => {
      const id = (x as Record<string, unknown> | null)?.[idKey];
      if (!isInt(id)) problems.push(`${k}[${i}].${idKey} must be a non-negative integer`);
      else if (seen.has(id)) problems.push(`${k}[${i}].${idKey} ${id} is used twice`);
      else seen.add(id);
    });
  };
  const waf = arr("wafRules");
  ids("wafRules", waf, "id");
  waf.forEach((r, i) => {
    const x = (r ?? {}) as Record<string, unknown>;
    if (!isInt(x.shieldZoneId)) problems.push(`wafRules[${i}].shieldZoneId must be an integer`);
    if (x.ruleConfiguration !== undefined && x.ruleConfiguration !== null)
      for (const f of validate(
        wafRuleConfigurationSchema,
        x.ruleConfiguration,
        `wafRules[${i}].ruleConfiguration`,
      ))
        problems.push(`${f.property}: ${f.reason}`);
  });
  const custom = arr("accessLists");
  ids("accessLists", custom, "id");
  custom.forEach((l, i) => {
    const x = (l ?? {}) as Record<string, unknown>;
    const at = `accessLists[${i}]`;
    if (!isInt(x.shieldZoneId)) problems.push(`${at}.shieldZoneId must be an integer`);
    if (!isInt(x.configurationId)) problems.push(`${at}.configurationId must be an integer`);
    if (typeof x.name !== "string") problems.push(`${at}.name must be a string`);
    if (typeof x.content !== "string") problems.push(`${at}.content must be a string`);
    if (!values(AccessListType).includes(x.type as number))
      problems.push(`${at}.type must be one of ${values(AccessListType).join(", ")}`);
    if (!values(AccessListAction).includes(x.action as number))
      problems.push(`${at}.action must be one of ${values(AccessListAction).join(", ")}`);
    if (typeof x.isEnabled !== "boolean") problems.push(`${at}.isEnabled must be a boolean`);
  });
  const managed = arr("managedAccessLists");
  ids("managedAccessLists", managed, "listId");
  managed.forEach((l, i) => {
    const x = (l ?? {}) as Record<string, unknown>;
    const at = `managedAccessLists[${i}]`;
    if (typeof x.name !== "string") problems.push(`${at}.name must be a string`);
    if (!values(AccessListType).includes(x.type as number))
      problems.push(`${at}.type must be one of ${values(AccessListType).join(", ")}`);
    if (!values(ShieldPlanType).includes(x.requiredPlan as number))
      problems.push(`${at}.requiredPlan must be one of ${values(ShieldPlanType).join(", ")}`);
    if (!isInt(x.category)) problems.push(`${at}.category must be a non-negative integer`);
  });
  const configs = arr("accessListConfigs");
  ids("accessListConfigs", configs, "configurationId");
  const managedIds = new Set(managed.map((m) => (m as ManagedAccessListState)?.listId));
  const customConfigIds = new Set(custom.map((c) => (c as CustomAccessListState)?.configurationId));
  configs.forEach((c, i) => {
    const x = (c ?? {}) as Record<string, unknown>;
    const at = `accessListConfigs[${i}]`;
    if (!managedIds.has(x.listId as number))
      problems.push(`${at}.listId ${JSON.stringify(x.listId)} is not a managed list`);
    if (customConfigIds.has(x.configurationId as number))
      problems.push(`${at}.configurationId ${String(x.configurationId)} is also a custom list's`);
    if (!isInt(x.shieldZoneId)) problems.push(`${at}.shieldZoneId must be an integer`);
    if (typeof x.isEnabled !== "boolean") problems.push(`${at}.isEnabled must be a boolean`);
    if (!values(AccessListAction).includes(x.action as number))
      problems.push(`${at}.action must be one of ${values(AccessListAction).join(", ")}`);
  });
  if (Array.isArray(v.shieldZones))
    v.shieldZones.forEach((z, i) => {
      if (z && typeof z === "object")
        problems.push(...checkShieldZoneParts(z as Record<string, unknown>, `shieldZones[${i}]`));
    });
  const next = (v.nextIds ?? {}) as Record<string, unknown>;
  for (const k of ["shieldZone", "wafRule", "accessList", "accessListConfiguration"])
    if (next[k] !== undefined && !isInt(next[k])) problems.push(`nextIds.${k} must be a number`);
  return problems;
}

/**
 * Fills the Shield parts a (checked) state document lacks: empty arrays, each zone's settings
 * parts (`fillShieldZoneParts`), and next ids above every id in use (at least 100 for shield
 * zones, 2000 for rules, 600 for lists, 8000 for configurations).
 */
export function fillShieldExtra<
  T extends Partial<ShieldExtraState> & {
    nextIds: object;
    shieldZones: (ShieldZoneParts & { id: number })[];
  },
>(state: T): T & ShieldExtraState & { nextIds: ShieldExtraIds } {
  const s = state as T & ShieldExtraState & { nextIds: Partial<ShieldExtraIds> };
  for (const z of s.shieldZones) fillShieldZoneParts(z);
  s.wafRules ??= [];
  s.accessLists ??= [];
  s.managedAccessLists ??= [];
  s.accessListConfigs ??= [];
  const above = (min: number, ids: number[]) => Math.max(min, ...ids.map((x) => x + 1));
  s.nextIds.shieldZone ??= above(
    100,
    s.shieldZones.map((z) => z.id),
  );
  s.nextIds.wafRule ??= above(
    2000,
    s.wafRules.map((r) => r.id),
  );
  s.nextIds.accessList ??= above(
    600,
    s.accessLists.map((l) => l.id),
  );
  s.nextIds.accessListConfiguration ??= above(8000, [
    ...s.accessLists.map((l) => l.configurationId),
    ...s.accessListConfigs.map((c) => c.configurationId),
  ]);
  return s as T & ShieldExtraState & { nextIds: ShieldExtraIds };
}
