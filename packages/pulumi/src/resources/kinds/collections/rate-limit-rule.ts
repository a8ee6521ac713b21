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
import type {
  ConfigurationFields,
  FieldShapes,
  Words,
  ZoneObject,
  ZoneObjectKind,
} from "../../core/zone-objects/kind";
import { shieldZoneParent } from "../parents/shield-zone";
import { ruleEndpoints, ruleEntryReads } from "./rule-object";

export { ruleEntryReads } from "./rule-object";

/** The words of the rule kinds' messages and their public id and name fields. */
export const RULE_WORDS: Words = { one: "rule", many: "rules", id: "ruleId", name: "ruleName" };

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

/** The rate-limit rule kind. */
export const rateLimitRuleKind: ZoneObjectKind<ZoneObject<number>> = {
  typeName: "RateLimitRule",
  noun: "rate-limit rule",
  words: RULE_WORDS,
  parent: shieldZoneParent,
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
};
