/**
 * Shield custom WAF rules (`spec/shield.md`): read, create, update, delete and list a zone's
 * rules. Endpoints are data ({@link wafEndpoints}); the transport does the rest (errors,
 * retries of idempotent calls, embedded `success: false` failures inside a 2xx).
 */
import type {
  AcceptedResult,
  CreateCustomWafRuleRequest,
  CustomWafRule,
  CustomWafRuleList,
  GenericRequestResponse,
  UpdateCustomWafRuleRequest,
} from "../spec";
import { allPages, ruleHasId, type ListAllOptions } from "./shield";
import type { ApiResponse, Caller, EndpointDef, RequestOptions } from "./transport";

/** Endpoint definitions of the custom WAF rules. */
export const wafEndpoints = {
  getCustomWafRule: {
    operation: "waf.getCustomWafRule",
    method: "GET",
    path: "/shield/waf/custom-rule/{id}",
    validate: ruleHasId,
  },
  createCustomWafRule: {
    operation: "waf.createCustomWafRule",
    method: "POST",
    path: "/shield/waf/custom-rule",
    accepted: true,
    validate: ruleHasId,
  },
  updateCustomWafRule: {
    operation: "waf.updateCustomWafRule",
    method: "PATCH",
    path: "/shield/waf/custom-rule/{id}",
    // The body carries whole top-level values (ruleConfiguration is sent whole): repeatable.
    idempotent: true,
    accepted: true,
    validate: ruleHasId,
  },
  deleteCustomWafRule: {
    operation: "waf.deleteCustomWafRule",
    method: "DELETE",
    path: "/shield/waf/custom-rule/{id}",
    // 200 or 202 GenericRequestResponse, or nothing.
    accepted: true,
    allowEmpty: true,
  },
  listCustomWafRules: {
    operation: "waf.listCustomWafRules",
    method: "GET",
    path: "/shield/waf/custom-rules/{shieldZoneId}",
    // "Gone" is confirmed by a rule's absence from this list: a list without its `data`
    // array must fail, never read as an empty zone.
    validate: (b) => (Array.isArray(b.data) ? undefined : 'no "data" array in the rule list'),
  },
} as const satisfies Record<string, EndpointDef>;

/**
 * Result of a custom WAF rule create or update: the rule (200) or the platform's
 * `AcceptedResult` (202, the change is applied asynchronously: read it back).
 */
export type WafRuleWriteResult =
  { status: 200; rule: CustomWafRule } | { status: 202; accepted: AcceptedResult };

function toWriteResult(res: ApiResponse<unknown>): WafRuleWriteResult {
  if (res.status === 202) return { status: 202, accepted: (res.data ?? {}) as AcceptedResult };
  return { status: 200, rule: res.data as CustomWafRule };
}

/** Custom WAF rules area of the {@link Client} (`client.waf`). */
export class WafApi {
  /** @internal Use `client.waf`. */
  constructor(private readonly t: Caller) {}

  /**
   * Reads a custom WAF rule (GET `/shield/waf/custom-rule/{id}`).
   * @throws EdgeApiError with `isNotFound` when the rule is gone (404 or a `not_found…` key).
   */
  async getCustomWafRule(id: number, opts?: RequestOptions): Promise<CustomWafRule> {
    return (
      await this.t.call<CustomWafRule>(wafEndpoints.getCustomWafRule, { params: { id } }, opts)
    ).data;
  }

  /**
   * Creates a custom WAF rule in a shield zone (POST `/shield/waf/custom-rule`). Never retried
   * except on a 429 or a refused connection. A zone at its plan limit (`customWafRulesLimit`)
   * refuses the create: the error names the limit.
   */
  async createCustomWafRule(
    body: CreateCustomWafRuleRequest,
    opts?: RequestOptions,
  ): Promise<WafRuleWriteResult> {
    return toWriteResult(await this.t.call(wafEndpoints.createCustomWafRule, { body }, opts));
  }

  /**
   * Updates a custom WAF rule (PATCH `/shield/waf/custom-rule/{id}`). Send whole top-level
   * values (a changed `ruleConfiguration` whole: the platform may replace it); the call is
   * then safe to retry.
   */
  async updateCustomWafRule(
    id: number,
    patch: UpdateCustomWafRuleRequest,
    opts?: RequestOptions,
  ): Promise<WafRuleWriteResult> {
    return toWriteResult(
      await this.t.call(wafEndpoints.updateCustomWafRule, { params: { id }, body: patch }, opts),
    );
  }

  /**
   * Deletes a custom WAF rule (DELETE `/shield/waf/custom-rule/{id}`). A delete the platform
   * accepted and applies later answers `statusCode: 202`, whatever the body holds: the rule
   * may still be there (read it back until it is not found).
   */
  async deleteCustomWafRule(id: number, opts?: RequestOptions): Promise<GenericRequestResponse> {
    const res = await this.t.call<GenericRequestResponse>(
      wafEndpoints.deleteCustomWafRule,
      { params: { id } },
      opts,
    );
    const body = res.data ?? {};
    return res.status === 202 ? { ...body, statusCode: 202 } : body;
  }

  /**
   * Lists one page of the custom WAF rules of a shield zone
   * (GET `/shield/waf/custom-rules/{shieldZoneId}`).
   * @param page 1-based page number (platform default 1).
   * @param perPage rules per page (platform default 10).
   */
  async listCustomWafRules(
    shieldZoneId: number,
    page?: number,
    perPage?: number,
    opts?: RequestOptions,
  ): Promise<CustomWafRuleList> {
    const res = await this.t.call<CustomWafRuleList>(
      wafEndpoints.listCustomWafRules,
      { params: { shieldZoneId }, query: { page, perPage } },
      opts,
    );
    return res.data;
  }

  /** Lists every custom WAF rule of a shield zone, following all pages (`perPage` a page, default 100). */
  async listAllCustomWafRules(
    shieldZoneId: number,
    opts?: ListAllOptions,
  ): Promise<CustomWafRule[]> {
    const { perPage = 100, ...req } = opts ?? {};
    return allPages(
      (page) => this.listCustomWafRules(shieldZoneId, page, perPage, req),
      perPage,
      `GET /shield/waf/custom-rules/${shieldZoneId}`,
    );
  }
}
