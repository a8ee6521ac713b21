/**
 * The descriptions of an edge rule's fields: the source of its public types
 * (`public/generated/edge-rule.ts`, scripts/gen-kind-types.js) and of the plugin's schema.
 */
import { createOrAdoptKindDocs, type CollectionKindDocs } from "./rule-docs";

/** Its type, its docs' start, and the argument and outputs that say how it holds its rule. */
const { head: HEAD, mode: MODE } = createOrAdoptKindDocs({
  type: "EdgeRule",
  noun: "rule",
  idField: "edgeRuleId",
});

/** A trigger's fields (its input form and the state's). */
const TRIGGER_FIELDS = {
  type: {
    description:
      "What the trigger matches: Url, RequestHeader, ResponseHeader, UrlExtension, " +
      "CountryCode, RemoteIP, UrlQueryString, RandomChance, StatusCode, RequestMethod, " +
      "CookieValue, CountryStateCode, OriginRetryAttemptCount or OriginConnectionError.",
    tsType: "EdgeRuleTriggerTypeName",
    required: true,
  },
  patternMatches: {
    description:
      'The patterns the value is matched against (`"*.jpg"`, `"US"`, …); `*` is a wildcard.',
    tsType: "string[]",
    required: true,
  },
  patternMatchingType: {
    description: "How the patterns combine: MatchAny, MatchAll or MatchNone. Default: MatchAny.",
    tsType: "EdgeRulePatternMatchingTypeName",
  },
  parameter1: {
    description:
      "The trigger's parameter: the header's name (RequestHeader, ResponseHeader), the " +
      "cookie's name (CookieValue), the query parameter's name (UrlQueryString).",
    tsType: "string | null",
  },
};

/** `edge.pullzones.EdgeRule`'s arguments (one form: `edgeRuleId` adopts) and outputs. */
export const edgeRuleDocs: CollectionKindDocs = {
  ...HEAD,
  argItems: {
    triggers: {
      typeName: "EdgeRuleTriggerArgs",
      typeDoc: "A trigger of an edge rule: what a request must match for the rule to apply.",
      stateName: "EdgeRuleTrigger",
      stateDoc: "A trigger of an edge rule, as the platform holds it.",
      fields: TRIGGER_FIELDS,
    },
  },
  common: {
    pullZoneId: {
      description:
        "The pull zone of the rule (the rule API is keyed by pull zone). Another zone replaces " +
        "the resource (a new rule there; destroy of the old one deletes it if this resource " +
        "created it).",
      tsType: "number",
      required: true,
    },
    edgeRuleId: {
      description:
        "Adopt an existing rule by its guid (with its `pullZoneId`): create = one write of the " +
        "managed fields that differ (none when they match); destroy leaves the rule unless " +
        "`deleteOnDestroy` is true. Left out: a new rule is created under `description`.",
      tsType: "string",
    },
    description: {
      description:
        "The rule's name, unique in its pull zone (required to create a rule): a create that " +
        "finds a rule of this description in the zone is refused, so a retried create never " +
        "makes a second rule.",
      tsType: "string",
    },
    actionType: {
      description:
        "What the rule does (required to create a rule): ForceSSL, Redirect, OriginUrl, " +
        "OverrideCacheTime, BlockRequest, SetResponseHeader, SetRequestHeader, SetStatusCode, " +
        "… (the platform's `EdgeRuleActionType`, by name).",
      tsType: "EdgeRuleActionTypeName",
    },
    actionParameter1: {
      description:
        "The action's first parameter: the target URL (Redirect, OriginUrl), the header's name " +
        "(SetResponseHeader, SetRequestHeader), the cache time in seconds " +
        "(OverrideCacheTime), the status code (SetStatusCode). Left out: not managed.",
      tsType: "string | null",
    },
    actionParameter2: {
      description:
        "The action's second parameter: the header's value (SetResponseHeader, " +
        "SetRequestHeader), the redirect's status code (Redirect). Left out: not managed.",
      tsType: "string | null",
    },
    triggers: {
      description:
        "The triggers of the rule, in order (required to create a rule): what a request must " +
        "match, combined by `triggerMatchingType`.",
      tsType: "pulumi.Input<EdgeRuleTriggerArgs>[]",
    },
    triggerMatchingType: {
      description:
        "How the triggers combine: MatchAny, MatchAll or MatchNone. Left out: not managed " +
        "(the platform's default, MatchAny, for a new rule).",
      tsType: "EdgeRuleTriggerMatchingTypeName",
    },
    enabled: {
      description: "Whether the rule is applied. Left out: not managed.",
      tsType: "boolean",
    },
    priority: {
      description:
        "The rule's place among the zone's rules (the platform's `OrderIndex`, lower first). " +
        "Explicit: a reordering writes only the rules whose priority changed. Left out: not " +
        "managed.",
      tsType: "number",
    },
    deleteOnDestroy: MODE.deleteOnDestroy,
  },
  outputs: {
    edgeRuleId: {
      description: "The rule's guid on the platform (also the resource id).",
      tsType: "string",
    },
    pullZoneId: { description: "The pull zone of the rule.", tsType: "number" },
    description: { description: "The rule's name (its description).", tsType: "string" },
    actionType: { description: "What the rule does, by name.", tsType: "EdgeRuleActionTypeName" },
    actionParameter1: {
      description: "The action's first parameter (null: none).",
      tsType: "string | null",
    },
    actionParameter2: {
      description: "The action's second parameter (null: none).",
      tsType: "string | null",
    },
    triggers: { description: "The triggers of the rule, in order.", tsType: "EdgeRuleTrigger[]" },
    triggerMatchingType: {
      description: "How the triggers combine, by name.",
      tsType: "EdgeRuleTriggerMatchingTypeName",
    },
    enabled: { description: "Whether the rule is applied.", tsType: "boolean" },
    priority: {
      description: "The rule's place among the zone's rules (`OrderIndex`).",
      tsType: "number",
    },
    ...MODE.outputs,
  },
};
