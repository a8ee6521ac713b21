/**
 * Review of the managed WAF rules that triggered in a zone (published "Bunny Shield API" v1,
 * 2026-07-31): the rules with their top URLs and events, the platform's recommendation for
 * one, and the review itself (ignore, log only, disable the rule). Endpoints are data
 * ({@link wafReviewEndpoints}).
 */
import type {
  ReviewTriggeredRuleRequest,
  TriggeredRuleRecommendation,
  TriggeredRules,
} from "../spec";
import { ReviewActionType } from "../spec/shield-operation-enums";
import { checkEnum, checkId, checkRuleId } from "./shield-args";
import type { Caller, EndpointDef, RequestOptions } from "./transport";

const REVIEW = "/shield/waf/rules/review-triggered";

/** Endpoint definitions of the triggered-rule review. */
export const wafReviewEndpoints = {
  triggeredRules: {
    operation: "wafReview.triggeredRules",
    method: "GET",
    path: `${REVIEW}/{shieldZoneId}`,
    validate: (b) =>
      Array.isArray(b.triggeredRules)
        ? undefined
        : 'no "triggeredRules" array in the triggered-rule answer',
  },
  review: {
    operation: "wafReview.review",
    method: "POST",
    path: `${REVIEW}/{shieldZoneId}`,
    // The body names the rule and its outcome whole: repeating it changes nothing more.
    idempotent: true,
    validate: (b) =>
      b.success === true ? undefined : 'the review answer does not say "success": true',
  },
  recommendation: {
    operation: "wafReview.recommendation",
    method: "GET",
    path: `${REVIEW}/ai-recommendation/{shieldZoneId}/{ruleId}`,
  },
} as const satisfies Record<string, EndpointDef>;

/** Triggered WAF rules area of the {@link Client} (`client.wafReview`). */
export class WafReviewApi {
  /** @internal Use `client.wafReview`. */
  constructor(private readonly t: Caller) {}

  /** The managed WAF rules that triggered in a zone (GET `/shield/waf/rules/review-triggered/{shieldZoneId}`). */
  async triggeredRules(shieldZoneId: number, opts?: RequestOptions): Promise<TriggeredRules> {
    checkId(wafReviewEndpoints.triggeredRules.operation, "shieldZoneId", shieldZoneId, true);
    const params = { shieldZoneId };
    return (await this.t.call<TriggeredRules>(wafReviewEndpoints.triggeredRules, { params }, opts))
      .data;
  }

  /**
   * Reviews a triggered rule (POST `/shield/waf/rules/review-triggered/{shieldZoneId}`, body
   * `{ruleId, action}`): `Ignore` (0) drops it from the review, `LogOnly` (1) adds it to the
   * zone's `wafLogOnlyRules`, `DisableRule` (2) to its `wafDisabledRules`.
   */
  async review(
    shieldZoneId: number,
    body: ReviewTriggeredRuleRequest,
    opts?: RequestOptions,
  ): Promise<void> {
    const op = wafReviewEndpoints.review.operation;
    checkId(op, "shieldZoneId", shieldZoneId, true);
    checkRuleId(op, body.ruleId);
    checkEnum(op, "action", body.action, ReviewActionType);
    await this.t.call(wafReviewEndpoints.review, { params: { shieldZoneId }, body }, opts);
  }

  /**
   * The platform's recommendation for a triggered rule (GET
   * `/shield/waf/rules/review-triggered/ai-recommendation/{shieldZoneId}/{ruleId}`).
   */
  async recommendation(
    shieldZoneId: number,
    ruleId: string,
    opts?: RequestOptions,
  ): Promise<TriggeredRuleRecommendation> {
    const op = wafReviewEndpoints.recommendation.operation;
    checkId(op, "shieldZoneId", shieldZoneId, true);
    checkRuleId(op, ruleId);
    const params = { shieldZoneId, ruleId };
    return (
      await this.t.call<TriggeredRuleRecommendation>(
        wafReviewEndpoints.recommendation,
        { params },
        opts,
      )
    ).data;
  }
}
