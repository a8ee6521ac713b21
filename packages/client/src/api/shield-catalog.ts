/**
 * Shield's reference data (published "Bunny Shield API" v1, 2026-07-31), read-only: the WAF
 * profiles, the managed WAF rules of each plan, the WAF and DDoS enumerations, the
 * enumerations of access lists and API guardian, and the account's promotion state.
 * Endpoints are data ({@link shieldCatalogEndpoints}).
 */
import type { EnumMaps, MappedEnum, WafProfile, WafRulesByPlan } from "../spec";
import { checkId, dataArray } from "./shield-args";
import type { Caller, EndpointDef, RequestOptions } from "./transport";

/** Enumeration maps are the answer itself: an object of objects. */
const enumMaps = (b: Record<string, unknown>): string | undefined =>
  Object.values(b).every((v) => typeof v === "object" && v !== null && !Array.isArray(v))
    ? undefined
    : "the enumerations answer is not a map of name → (value → name)";

/** Endpoint definitions of the reference data. */
export const shieldCatalogEndpoints = {
  wafProfiles: {
    operation: "shieldCatalog.wafProfiles",
    method: "GET",
    path: "/shield/waf/profiles",
    validate: dataArray("WAF profiles"),
  },
  wafRulesByPlan: {
    operation: "shieldCatalog.wafRulesByPlan",
    method: "GET",
    path: "/shield/waf/rules/plan-segmentation",
    validate: dataArray("WAF rules by plan"),
  },
  wafEnums: {
    operation: "shieldCatalog.wafEnums",
    method: "GET",
    path: "/shield/waf/enums",
    validate: dataArray("WAF enumerations"),
  },
  ddosEnums: {
    operation: "shieldCatalog.ddosEnums",
    method: "GET",
    path: "/shield/ddos/enums",
    validate: dataArray("DDoS enumerations"),
  },
  accessListEnums: {
    operation: "shieldCatalog.accessListEnums",
    method: "GET",
    path: "/shield/shield-zone/{shieldZoneId}/access-lists/enums",
    validate: enumMaps,
  },
  apiGuardianEnums: {
    operation: "shieldCatalog.apiGuardianEnums",
    method: "GET",
    path: "/shield/shield-zone/{shieldZoneId}/api-guardian/enums",
    validate: enumMaps,
  },
  promoState: {
    operation: "shieldCatalog.promoState",
    method: "GET",
    path: "/shield/promo/state",
    // The document declares no answer shape: whatever JSON comes, or nothing.
    allowEmpty: true,
  },
} as const satisfies Record<string, EndpointDef>;

/** Reference data area of the {@link Client} (`client.shieldCatalog`). */
export class ShieldCatalogApi {
  /** @internal Use `client.shieldCatalog`. */
  constructor(private readonly t: Caller) {}

  private async data<T>(
    def: EndpointDef,
    params: Record<string, number> = {},
    opts?: RequestOptions,
  ): Promise<T> {
    return (await this.t.call<{ data: T }>(def, { params }, opts)).data.data;
  }

  /** The WAF profiles, in groups as the platform lists them (GET `/shield/waf/profiles`). */
  async wafProfiles(opts?: RequestOptions): Promise<WafProfile[][]> {
    return this.data(shieldCatalogEndpoints.wafProfiles, {}, opts);
  }

  /** The managed WAF rules of each plan (GET `/shield/waf/rules/plan-segmentation`). */
  async wafRulesByPlan(opts?: RequestOptions): Promise<WafRulesByPlan[]> {
    return this.data(shieldCatalogEndpoints.wafRulesByPlan, {}, opts);
  }

  /** The WAF enumerations with their values (GET `/shield/waf/enums`). */
  async wafEnums(opts?: RequestOptions): Promise<MappedEnum[]> {
    return this.data(shieldCatalogEndpoints.wafEnums, {}, opts);
  }

  /** The DDoS enumerations with their values (GET `/shield/ddos/enums`). */
  async ddosEnums(opts?: RequestOptions): Promise<MappedEnum[]> {
    return this.data(shieldCatalogEndpoints.ddosEnums, {}, opts);
  }

  /** The access lists' enumerations, name → (value → name) (GET `.../access-lists/enums`). */
  async accessListEnums(shieldZoneId: number, opts?: RequestOptions): Promise<EnumMaps> {
    checkId(shieldCatalogEndpoints.accessListEnums.operation, "shieldZoneId", shieldZoneId);
    const params = { shieldZoneId };
    return (await this.t.call<EnumMaps>(shieldCatalogEndpoints.accessListEnums, { params }, opts))
      .data;
  }

  /** API guardian's enumerations, name → (value → name) (GET `.../api-guardian/enums`). */
  async apiGuardianEnums(shieldZoneId: number, opts?: RequestOptions): Promise<EnumMaps> {
    checkId(shieldCatalogEndpoints.apiGuardianEnums.operation, "shieldZoneId", shieldZoneId);
    const params = { shieldZoneId };
    return (await this.t.call<EnumMaps>(shieldCatalogEndpoints.apiGuardianEnums, { params }, opts))
      .data;
  }

  /**
   * The account's promotion state (GET `/shield/promo/state`). The published document declares
   * no answer shape: the decoded JSON as it comes (undefined for an empty answer).
   */
  async promoState(opts?: RequestOptions): Promise<unknown> {
    return (await this.t.call<unknown>(shieldCatalogEndpoints.promoState, {}, opts)).data;
  }
}
