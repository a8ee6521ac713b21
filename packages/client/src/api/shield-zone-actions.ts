/**
 * Shield writes on their own paths (published "Bunny Shield API" v1, 2026-07-31): a shield
 * zone created in under-attack mode, one API guardian endpoint's settings, and a custom WAF
 * rule replaced whole (PUT). Endpoints are data ({@link shieldZoneActionsEndpoints}).
 */
import type {
  AcceptedResult,
  ApiGuardianEndpoint,
  ApiGuardianEndpointUpdate,
  CreateShieldZoneRequest,
  CustomWafRule,
  UnderAttackRequest,
  UpdateCustomWafRuleRequest,
} from "../spec";
import { ShieldPlanType } from "../spec/enums";
import { ruleHasId } from "./shield";
import { checkEnum, checkId, dataObject } from "./shield-args";
import type { WafRuleWriteResult } from "./waf";
import type { Caller, EndpointDef, RequestOptions } from "./transport";
import { isObj } from "./is-object";

/** Endpoint definitions of the writes on their own paths. */
export const shieldZoneActionsEndpoints = {
  underAttack: {
    operation: "shieldZoneActions.underAttack",
    method: "POST",
    path: "/shield/shield-zone/under-attack",
    // The answer echoes the new zone: `{data: {pullZoneId, shieldZone: {shieldZoneId, ...}}}`.
    validate: (b) =>
      isObj(b.data) &&
      isObj(b.data.shieldZone) &&
      typeof b.data.shieldZone.shieldZoneId === "number"
        ? undefined
        : 'the answer names no shield zone ("data.shieldZone.shieldZoneId" is missing)',
  },
  updateApiGuardianEndpoint: {
    operation: "shieldZoneActions.updateApiGuardianEndpoint",
    method: "PATCH",
    path: "/shield/shield-zone/{shieldZoneId}/api-guardian/endpoint/{endpointId}",
    validate: dataObject("API guardian endpoint"),
  },
  replaceCustomWafRule: {
    operation: "shieldZoneActions.replaceCustomWafRule",
    method: "PUT",
    path: "/shield/waf/custom-rule/{id}",
    accepted: true,
    validate: ruleHasId,
  },
} as const satisfies Record<string, EndpointDef>;

/** Writes-on-their-own-paths area of the {@link Client} (`client.shieldZoneActions`). */
export class ShieldZoneActionsApi {
  /** @internal Use `client.shieldZoneActions`. */
  constructor(private readonly t: Caller) {}

  /**
   * Creates the shield zone of a pull zone in under-attack mode (POST
   * `/shield/shield-zone/under-attack`, body `{pullZoneId, planType}`): every visitor is
   * challenged (DDoS sensitivity `Challenge`) until the zone is changed. Never retried except
   * on a 429 or a refused connection.
   * @returns the new zone as the platform echoes it (`shieldZone.shieldZoneId` is its id).
   * @throws EdgeApiError with status 409 when the pull zone already has a shield zone.
   */
  async underAttack(
    body: UnderAttackRequest,
    opts?: RequestOptions,
  ): Promise<CreateShieldZoneRequest & { shieldZone: { shieldZoneId: number } }> {
    const op = shieldZoneActionsEndpoints.underAttack.operation;
    checkId(op, "pullZoneId", body.pullZoneId, true);
    checkEnum(op, "planType", body.planType, ShieldPlanType);
    const res = await this.t.call<{
      data: CreateShieldZoneRequest & { shieldZone: { shieldZoneId: number } };
    }>(shieldZoneActionsEndpoints.underAttack, { body }, opts);
    return res.data.data;
  }

  /**
   * Changes one API guardian endpoint (PATCH `.../api-guardian/endpoint/{endpointId}`; only
   * the fields sent change). Repeatable.
   * @returns the endpoint as stored.
   */
  async updateApiGuardianEndpoint(
    shieldZoneId: number,
    endpointId: number,
    body: ApiGuardianEndpointUpdate,
    opts?: RequestOptions,
  ): Promise<ApiGuardianEndpoint> {
    const op = shieldZoneActionsEndpoints.updateApiGuardianEndpoint.operation;
    checkId(op, "shieldZoneId", shieldZoneId);
    checkId(op, "endpointId", endpointId, true);
    const res = await this.t.call<{ data: ApiGuardianEndpoint }>(
      shieldZoneActionsEndpoints.updateApiGuardianEndpoint,
      { params: { shieldZoneId, endpointId }, body },
      opts,
    );
    return res.data.data;
  }

  /**
   * Replaces a custom WAF rule whole (PUT `/shield/waf/custom-rule/{id}`; `client.waf` has
   * the PATCH). Repeatable.
   */
  async replaceCustomWafRule(
    id: number,
    body: UpdateCustomWafRuleRequest,
    opts?: RequestOptions,
  ): Promise<WafRuleWriteResult> {
    checkId(shieldZoneActionsEndpoints.replaceCustomWafRule.operation, "id", id);
    const res = await this.t.call(
      shieldZoneActionsEndpoints.replaceCustomWafRule,
      { params: { id }, body },
      opts,
    );
    if (res.status === 202) return { status: 202, accepted: (res.data ?? {}) as AcceptedResult };
    return { status: 200, rule: res.data as CustomWafRule };
  }
}
