/**
 * `edge.shield.WafRule` as a zone-object kind: a custom WAF rule of a shield zone
 * (`/shield/waf/custom-rule…`, spec/shield.md). Its own: the action enumeration
 * (`WafRuleAction`), the configuration schema (the rate-limit match fields without the rate
 * fields), what a new rule cannot exist without, and the zone's plan limit
 * (`customWafRulesLimit`), checked before a POST. Identity, adopt, names, recovery and
 * ownership are the engine's; its dynamic provider and the plugin's operations are the engine
 * built from this declaration (what the serialized stub calls through
 * `__providers.wafRule`).
 */
import {
  normalizeWafRuleConfiguration,
  ShieldPlanType,
  WafEnumsByField,
  specSchema,
} from "edgeplatform-client/spec/runtime";
import { messageOf, ResourceOperationError } from "../../core/common";
import { zoneListing } from "../../core/run-state";
import { zoneObjectProvider } from "../../core/zone-objects/provider";
import { getClient } from "../../core/settings";
import type { ConfigurationFields, ZoneObject } from "../../core/zone-objects/kind";
import { shieldZoneParent } from "../parents/shield-zone";
import { RULE_NULLABLE, RULE_REQUIRED_NOTE, RULE_SHAPES } from "./rate-limit-rule";
import { RULE_SPELLING, RULE_WORDS, ruleEndpoints, ruleEntryReads } from "./rule-object";
import { MATCH_FIELDS, ruleKindDocs, type DescribedRuleKind } from "./rule-docs";

/**
 * Configuration fields a new WAF rule cannot exist without: what it matches (variables and
 * operator) and what it does (action). Severity, transformations and the rest have platform
 * defaults; a WAF rule has no rate.
 */
export const WAF_REQUIRED_FOR_CREATE = ["actionType", "variableTypes", "operatorType"] as const;

/** The field semantics of a custom WAF rule's configuration. */
export const wafRuleFields: ConfigurationFields = {
  enums: WafEnumsByField as unknown as Record<string, Record<string, number>>,
  normalize: normalizeWafRuleConfiguration,
  nullable: RULE_NULLABLE,
  requiredForCreate: WAF_REQUIRED_FOR_CREATE,
  requiredNote: RULE_REQUIRED_NOTE,
  shapes: RULE_SHAPES,
};

/** A plan type in words (`1` → `Advanced`). */
const planName = (p: unknown): string =>
  Object.entries(ShieldPlanType).find(([, v]) => v === p)?.[0] ?? `plan ${String(p)}`;

/**
 * Refuses a create in a zone at its plan limit, before any write. The zone (its plan and
 * limit) is read once per run; the rules are the name check's listing plus those this run
 * created in the zone since.
 */
async function assertBelowPlanLimit(ctx: {
  zone: number;
  listed: readonly ZoneObject[];
  createdInRun: readonly number[];
  what: string;
}): Promise<void> {
  const { zone, what } = ctx;
  let limit: number | undefined;
  let plan: unknown;
  try {
    const [z] = await zoneListing(
      zone,
      async () => [await getClient().shield.getShieldZone(zone)],
      "shield-zone",
    );
    limit = z.customWafRulesLimit;
    plan = z.planType;
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the plan limit of shield zone ${zone} (customWafRulesLimit) could not be ` +
        `read (${messageOf(e)}); nothing was written`,
      e,
    );
  }
  if (typeof limit !== "number") return;
  const known = new Set(ctx.listed.map((r) => r.id));
  const used = ctx.listed.length + ctx.createdInRun.filter((id) => !known.has(id)).length;
  if (used >= limit) {
    throw new ResourceOperationError(
      `${what} failed: shield zone ${zone} already has ${used} custom WAF rules, the limit of ` +
        `its ${planName(plan)} plan (customWafRulesLimit ${limit}). Nothing was written. Delete ` +
        `a rule, adopt an existing one with \`ruleId\`, or upgrade the zone's plan.`,
    );
  }
}

/** The descriptions of a custom WAF rule's fields (its public types, the plugin's schema). */
const docs = ruleKindDocs({
  type: "WafRule",
  classDoc: [
    "A custom WAF rule of a shield zone. With `shieldZoneId` or `pullZoneId` a new rule is",
    "created (and deleted on destroy); with `ruleId` an existing rule is adopted (and left in",
    "place on destroy unless `deleteOnDestroy`). Only the fields the program writes are",
    "managed; updates send one PATCH of the changed top-level fields.",
    "",
    "```ts",
    'const rule = new edge.shield.WafRule("block-admin", {',
    "  shieldZoneId: 1,",
    '  ruleName: "block-admin",',
    "  ruleConfiguration: {",
    '    actionType: "Block",',
    '    variableTypes: { REQUEST_URI: "/admin" },',
    '    operatorType: "BEGINSWITH",',
    "  },",
    "});",
    "```",
    "@typeParam C The configuration the program wrote, inferred from `ruleConfiguration`.",
  ],
  configuration: {
    typeDoc:
      "Input form of a custom WAF rule's configuration (`CreateCustomWafRuleModel`): the match " +
      "fields of a rate-limit rule without the rate fields. Enumerations accept the API's " +
      "integers or their names; the state and `preview --diff` hold the name either way, the " +
      "integer goes on the wire. A field left out is not managed; `null` clears a nullable one.",
    stateDoc:
      "Output form of a WAF rule configuration: every `Input` resolved, names kept as written.",
    noUnknownName: "NoUnknownWafConfigurationFields",
    fields: {
      actionType: {
        description:
          "What a match does: 1 Block, 2 Log, 3 Challenge, 4 Allow, 5 Bypass (`WafRuleAction`).",
      },
      ...MATCH_FIELDS,
    },
  },
  configurationOutput:
    "The managed configuration fields as the platform holds them (enumerations by name).",
  createNote: "A zone at its plan's `customWafRulesLimit` refuses the create before any write.",
});

/** The custom WAF rule kind. */
export const wafRuleKind: DescribedRuleKind = {
  typeName: "WafRule",
  noun: "custom WAF rule",
  words: RULE_WORDS,
  parent: shieldZoneParent,
  spelling: RULE_SPELLING,
  claimKey: "waf-rule",
  config: wafRuleFields,
  configurationSchema: specSchema("wafRuleConfigurationSchema"),
  endpoints: ruleEndpoints({
    get: (id) => getClient().waf.getCustomWafRule(id),
    create: (body) => getClient().waf.createCustomWafRule(body as never),
    update: (id, body) => getClient().waf.updateCustomWafRule(id, body as never),
    delete: (id) => getClient().waf.deleteCustomWafRule(id),
    listZone: (zone, perPage) => getClient().waf.listAllCustomWafRules(zone, { perPage }),
  }),
  listEntryReads: ruleEntryReads,
  beforeCreate: assertBelowPlanLimit,
  docs,
};

export type { RuleInputs as WafRuleInputs, RuleOutputs as WafRuleOutputs } from "./rule-object";
export { timing } from "../../core/zone-objects/recovery";

const wafRule = zoneObjectProvider(wafRuleKind);

/** The WAF rule's operations as the zone-object engine builds them (the native plugin's). */
export const wafRuleEngine = wafRule;

/** `check` of `edge.shield.WafRule`: validates the inputs, returns them as written. */
export const checkWafRule = wafRule.check;

/** The dynamic provider of `edge.shield.WafRule` (what the serialized stub calls). */
export const wafRuleProvider = wafRule.provider;
