/**
 * `edge.shield.RateLimitRule` as a zone-object kind: a shield rate-limit rule
 * (`/shield/rate-limit…`). Everything else (identity, adopt, names, recovery, ownership) is
 * the engine's.
 */
import {
  EnumsByField,
  normalizeRuleConfiguration,
  specSchema,
} from "edgeplatform-client/spec/runtime";
import { getClient } from "../../core/settings";
import type { ConfigurationFields, FieldShapes } from "../../core/zone-objects/kind";
import { shieldZoneParent } from "../parents/shield-zone";
import { RULE_SPELLING, RULE_WORDS, ruleEndpoints, ruleEntryReads } from "./rule-object";
import { MATCH_FIELDS, ruleKindDocs, type DescribedRuleKind } from "./rule-docs";

export { ruleEntryReads } from "./rule-object";

/** The words of the rule kinds' messages and their public id and name fields. */
export { RULE_WORDS } from "./rule-object";

/** Configuration fields the API declares nullable (shared by the rule kinds). */
export const RULE_NULLABLE: ReadonlySet<string> = new Set([
  "variableTypes",
  "transformationTypes",
  "value",
  "isNegated",
  "isRegexVariable",
  "chainedRuleConditions",
]);

/**
 * Configuration fields a new rate-limit rule cannot exist without: what it matches
 * (variables and operator), what it does (action) and its rate (request count, time frame,
 * block time).
 */
export const REQUIRED_FOR_CREATE = [
  "actionType",
  "variableTypes",
  "operatorType",
  "requestCount",
  "timeframe",
  "blockTime",
] as const;

/**
 * The shapes of the rule kinds' configuration fields: `variableTypes` is a map of variables
 * (a `null` entry is absent; a rule needs at least one), and `chainedRuleConditions` a list
 * compared condition by condition, where a field left out of a condition is the platform's
 * default for a new one (no operator = BEGINSWITH, not negated, no regex variable, no value;
 * absent, null, or the default the platform fills).
 */
export const RULE_SHAPES: FieldShapes = {
  maps: ["variableTypes"],
  itemLists: {
    chainedRuleConditions: {
      defaults: {
        variableTypes: [undefined, null],
        operatorType: [undefined, null, 0],
        value: [undefined, null],
        isNegated: [undefined, null, false],
        isRegexVariable: [undefined, null, false],
      },
      enums: ["operatorType"],
    },
  },
};

/** What the rule kinds' `check` says after the fields a new rule needs. */
export const RULE_REQUIRED_NOTE = "(variableTypes with at least one variable)";

/** The field semantics of a rate-limit rule's configuration. */
export const rateLimitFields: ConfigurationFields = {
  enums: EnumsByField as unknown as Record<string, Record<string, number>>,
  normalize: (c) => normalizeRuleConfiguration(c),
  nullable: RULE_NULLABLE,
  requiredForCreate: REQUIRED_FOR_CREATE,
  requiredNote: RULE_REQUIRED_NOTE,
  shapes: RULE_SHAPES,
};

/** The descriptions of a rate-limit rule's fields (its public types, the plugin's schema). */
const docs = ruleKindDocs({
  type: "RateLimitRule",
  classDoc: [
    "A shield rate-limit rule. With `shieldZoneId` or `pullZoneId` a new rule is created (and",
    "deleted on destroy); with `ruleId` an existing rule is adopted (and left in place on",
    "destroy unless `deleteOnDestroy`). Only the fields the program writes are managed; updates",
    "send one PATCH of the changed top-level fields. `pulumi refresh` shows drift in managed",
    "fields (enumerations by name). {@link RateLimitRule.get} reads a rule without",
    "managing it.",
    "",
    "```ts",
    'const rule = new edge.shield.RateLimitRule("api-limit", {',
    "  shieldZoneId: 1,",
    '  ruleName: "api-limit",',
    "  ruleConfiguration: {",
    '    actionType: "Challenge",',
    '    variableTypes: { REQUEST_URI: "/api" },',
    '    operatorType: "BEGINSWITH",',
    "    requestCount: 100,",
    "    timeframe: 60,",
    "    blockTime: 300,",
    "  },",
    "});",
    "export const limit: pulumi.Output<number> = rule.ruleConfiguration.requestCount;",
    "```",
    "@typeParam C The configuration the program wrote, inferred from `ruleConfiguration` (never",
    "written by hand): it makes the fields the program wrote required in the configuration",
    "output, and an unknown configuration field a type error.",
  ],
  configuration: {
    typeDoc:
      "Input form of a rule configuration (`CreateWafRateLimitRuleModel`). Enumerations accept " +
      "the API's integers (the exported constants, `edge.shield.RateLimitAction.Challenge`) or " +
      'their names in any case; the state and `preview --diff` hold the name (`"Challenge"`) ' +
      "whichever was written, the integer goes on the wire. A field left out is not managed; " +
      "`null` clears a nullable one.",
    stateDoc:
      "Output form of a rule configuration: {@link RateLimitRuleConfigurationArgs} with every " +
      "`Input` resolved (numbers are numbers). Holds the fields the program manages, every " +
      'enumeration by its name (`"Challenge"`, also when the program wrote 3); a rule read with ' +
      "{@link RateLimitRule.get} holds every field the platform reports, enumerations by name. " +
      "(A state written by 0.1 may hold the integers until the rule's next update.)",
    noUnknownName: "NoUnknownConfigurationFields",
    fields: {
      actionType: {
        description: "What happens when the limit is hit: 1 RateLimit, 2 Log, 3 Challenge.",
      },
      ...MATCH_FIELDS,
      requestCount: {
        description:
          "Requests allowed per `timeframe` before the action applies (1 to 2147483647).",
      },
      counterKeyType: {
        description: "What requests are counted together (`CounterKeyType`: 0 IP, 1 Host, ...).",
      },
      timeframe: {
        description: "Counting window in seconds: 1, 10, 60, 300, 900 or 3600 (`Timeframe`).",
      },
      blockTime: {
        description:
          "How long a client is blocked, in seconds: 30, 60, 300, 900, 1800 or 3600 (`BlockTime`).",
      },
    },
  },
  configurationOutput:
    "The managed configuration fields as the platform holds them, enumerations by name " +
    '(`"Challenge"`, whether the program wrote the name or the integer). A field the program ' +
    "wrote is always present (`rule.ruleConfiguration.requestCount` is an `Output<number>`); a " +
    "rule read with {@link RateLimitRule.get} reports every field the platform holds.",
});

/** The rate-limit rule kind. */
export const rateLimitRuleKind: DescribedRuleKind = {
  typeName: "RateLimitRule",
  noun: "rate-limit rule",
  words: RULE_WORDS,
  parent: shieldZoneParent,
  spelling: RULE_SPELLING,
  claimKey: "rule",
  config: rateLimitFields,
  configurationSchema: specSchema("ruleConfigurationSchema"),
  extraChecks: (wire) => {
    const count = wire.requestCount;
    return typeof count === "number" && Number.isInteger(count) && count <= 0
      ? [
          {
            property: "ruleConfiguration.requestCount",
            reason: `must be greater than 0; got ${count}`,
          },
        ]
      : [];
  },
  endpoints: ruleEndpoints({
    get: (id) => getClient().shield.getRateLimit(id),
    create: (body) => getClient().shield.createRateLimit(body as never),
    update: (id, body) => getClient().shield.updateRateLimit(id, body as never),
    delete: (id) => getClient().shield.deleteRateLimit(id),
    listZone: (zone, perPage) => getClient().shield.listAllRateLimits(zone, { perPage }),
  }),
  listEntryReads: ruleEntryReads,
  docs,
};
