/**
 * Shield beyond rate limits (`spec/shield.md`): custom WAF rules and access lists, each shape
 * declared ONCE with TypeBox (the constant is the JSON schema, `Static<typeof X>` the type).
 * Request bodies reject unknown properties (the platform's "no extra properties"); answer
 * shapes allow them (a platform that adds a field must not break a reader).
 */
import { Type, type Static } from "@sinclair/typebox";
import { AccessListAction, AccessListType, ShieldPlanType, WafRuleAction } from "./enums";
import { chainedRuleConditionsField, ruleMatchFields } from "./schemas";
import { enumOf, int32, int64, nullable, nullableString, uint32 } from "./schema-helpers";
import { NON_BLANK } from "./validation";

/** `GenericRequestResponse`: the embedded result of every Shield answer. */
export const genericRequestResponseSchema = Type.Object({
  statusCode: Type.Optional(Type.Integer()),
  success: Type.Optional(Type.Boolean()),
  message: Type.Optional(nullableString()),
  errorKey: Type.Optional(nullableString()),
});

/** A page of a Shield list (`page` of a list answer). */
export const pageInfoSchema = Type.Object({
  totalCount: Type.Integer({ minimum: 0 }),
  totalPages: Type.Integer({ minimum: 0 }),
  currentPage: Type.Integer({ minimum: 0 }),
  nextPage: nullable(Type.Integer({ minimum: 1 })),
  pageSize: Type.Integer({ minimum: 0 }),
});
/** A page of a Shield list (`page` of a list answer). */
export type PageInfo = Static<typeof pageInfoSchema>;

// ---------------------------------------------------------------------------------------
// The shield zone
// ---------------------------------------------------------------------------------------

/**
 * A shield zone as `GET /shield/shield-zone/{shieldZoneId}` returns it (`data` of the answer,
 * `ShieldZoneResponse`). Declared: the identity and the plan's limits; the settings
 * (`ShieldZoneRequest` fields) are allowed and not described here yet.
 */
export const shieldZoneResponseSchema = Type.Object({
  shieldZoneId: int64(),
  pullZoneId: Type.Optional(nullable(int64())),
  /** The zone's plan (`ShieldPlanType`). */
  planType: Type.Optional(Type.Integer()),
  /** Most rate-limit rules the zone may hold. */
  rateLimitRulesLimit: Type.Optional(Type.Integer()),
  /** Most custom WAF rules the zone may hold. */
  customWafRulesLimit: Type.Optional(Type.Integer()),
  wafEnabled: Type.Optional(Type.Boolean()),
});
/** A shield zone (`ShieldZoneResponse`; more fields allowed). */
export type ShieldZoneResponse = Static<typeof shieldZoneResponseSchema>;

// ---------------------------------------------------------------------------------------
// Custom WAF rules
// ---------------------------------------------------------------------------------------

/**
 * Custom WAF rule configuration (`CreateCustomWafRuleModel`): the rate-limit rule's match
 * fields without the rate fields; `actionType` is {@link WafRuleAction}.
 */
export const wafRuleConfigurationSchema = Type.Object(
  {
    actionType: Type.Optional(enumOf(WafRuleAction, true)),
    ...ruleMatchFields,
    ...chainedRuleConditionsField,
  },
  { additionalProperties: false },
);
/** Custom WAF rule configuration (`CreateCustomWafRuleModel`). */
export type WafRuleConfiguration = Static<typeof wafRuleConfigurationSchema>;

const wafRuleTexts = {
  ruleName: Type.Optional(nullableString()),
  ruleDescription: Type.Optional(nullableString()),
  ruleConfiguration: Type.Optional(wafRuleConfigurationSchema),
};

/** POST `/shield/waf/custom-rule` body (`CreateCustomWafRuleRequest`). */
export const createCustomWafRuleRequestSchema = Type.Object(
  { shieldZoneId: int32(), ...wafRuleTexts },
  { additionalProperties: false },
);
/** POST `/shield/waf/custom-rule` body (`CreateCustomWafRuleRequest`). */
export type CreateCustomWafRuleRequest = Static<typeof createCustomWafRuleRequestSchema>;

/** PATCH (or PUT) `/shield/waf/custom-rule/{id}` body (`UpdateCustomWafRuleRequest`). */
export const updateCustomWafRuleRequestSchema = Type.Object(wafRuleTexts, {
  additionalProperties: false,
});
/** PATCH (or PUT) `/shield/waf/custom-rule/{id}` body (`UpdateCustomWafRuleRequest`). */
export type UpdateCustomWafRuleRequest = Static<typeof updateCustomWafRuleRequestSchema>;

/** A custom WAF rule as the platform returns it (`CustomWafRule`). */
export const customWafRuleSchema = Type.Object({
  /** Id of the rule (int64). */
  id: int64(),
  /** The shield zone the rule belongs to. */
  shieldZoneId: int64(),
  /** Who created the rule. */
  userId: Type.Optional(nullableString()),
  ruleName: Type.Optional(nullableString()),
  ruleDescription: Type.Optional(nullableString()),
  /** The configuration as the platform stores it, serialised. */
  ruleJson: Type.Optional(nullableString()),
  ruleConfiguration: Type.Optional(nullable(wafRuleConfigurationSchema)),
  /** The embedded result (`success: false` = the call failed; the transport throws). */
  errorResponse: Type.Optional(nullable(genericRequestResponseSchema)),
});
/** A custom WAF rule as the platform returns it (`CustomWafRule`). */
export type CustomWafRule = Static<typeof customWafRuleSchema>;

/** GET `/shield/waf/custom-rules/{shieldZoneId}` page (`GetCustomWafRulesResponse`). */
export const customWafRuleListSchema = Type.Object({
  data: Type.Array(customWafRuleSchema),
  page: pageInfoSchema,
  error: Type.Optional(nullable(genericRequestResponseSchema)),
});
/** GET `/shield/waf/custom-rules/{shieldZoneId}` page (`GetCustomWafRulesResponse`). */
export type CustomWafRuleList = Static<typeof customWafRuleListSchema>;

// ---------------------------------------------------------------------------------------
// Access lists
// ---------------------------------------------------------------------------------------

/** One list of a zone's listing, managed or custom (`AccessListDetails`). */
export const accessListDetailsSchema = Type.Object({
  /** Id of the list (a custom list: the `id` of its `CustomAccessList`). */
  listId: int64(),
  /** Id of the zone's configuration of the list: what the configuration PATCH is keyed by. */
  configurationId: int64(),
  name: Type.String(),
  description: Type.Optional(nullableString()),
  /** Whether the list is applied in the zone. */
  isEnabled: Type.Boolean(),
  type: enumOf(AccessListType, true),
  /** Category flags of a managed list (`AccessListCategory`, combined). */
  category: Type.Integer({ minimum: 0 }),
  action: enumOf(AccessListAction, true),
  /** The lowest plan the list is available on ({@link ShieldPlanType}). */
  requiredPlan: enumOf(ShieldPlanType, true),
  entryCount: Type.Integer({ minimum: 0 }),
  /** How often the platform refreshes a managed list (free text, e.g. `"daily"`). */
  updateFrequency: Type.Optional(nullableString()),
  /** ISO 8601 timestamp of the last change of the entries. */
  lastUpdated: Type.Optional(nullableString()),
});
/** One list of a zone's listing, managed or custom (`AccessListDetails`). */
export type AccessListDetails = Static<typeof accessListDetailsSchema>;

/** GET `/shield/shield-zone/{shieldZoneId}/access-lists`: every list of a zone, and its limits. */
export const zoneAccessListsSchema = Type.Object({
  managedLists: Type.Array(accessListDetailsSchema),
  customLists: Type.Array(accessListDetailsSchema),
  /** Entries in the zone's custom lists, all lists together. */
  customEntryCount: Type.Integer({ minimum: 0 }),
  /** Most entries the zone's custom lists may hold together (plan limit). */
  customEntryLimit: Type.Integer({ minimum: 0 }),
  customListCount: Type.Integer({ minimum: 0 }),
  /** Most custom lists the zone may hold (plan limit). */
  customListLimit: Type.Integer({ minimum: 0 }),
  error: Type.Optional(nullable(genericRequestResponseSchema)),
});
/** GET `/shield/shield-zone/{shieldZoneId}/access-lists`: every list of a zone, and its limits. */
export type ZoneAccessLists = Static<typeof zoneAccessListsSchema>;

/** A custom access list (`CustomAccessList`): entries, not the zone's configuration of it. */
export const customAccessListSchema = Type.Object({
  id: int64(),
  name: Type.String(),
  description: Type.Optional(nullableString()),
  type: enumOf(AccessListType, true),
  /** The entries joined by `"\n"`. */
  content: Type.String(),
  checksum: Type.Optional(nullableString()),
  entryCount: Type.Integer({ minimum: 0 }),
  /** ISO 8601 timestamp. */
  lastModified: Type.Optional(nullableString()),
});
/** A custom access list (`CustomAccessList`). */
export type CustomAccessList = Static<typeof customAccessListSchema>;

/** Answer of a custom list's create, read and update: `{data, error}`. */
export const customAccessListResponseSchema = Type.Object({
  data: nullable(customAccessListSchema),
  error: Type.Optional(nullable(genericRequestResponseSchema)),
});
/** Answer of a custom list's create, read and update: `{data, error}`. */
export type CustomAccessListResponse = Static<typeof customAccessListResponseSchema>;

const listName = () => Type.String({ pattern: NON_BLANK });

/** POST `/shield/shield-zone/{shieldZoneId}/access-lists` body. */
export const createAccessListRequestSchema = Type.Object(
  {
    name: listName(),
    description: Type.Optional(nullableString()),
    type: enumOf(AccessListType, true),
    /** The entries joined by `"\n"` (see `accessListContent`). */
    content: Type.String(),
    checksum: Type.Optional(nullableString()),
  },
  { additionalProperties: false },
);
/** POST `/shield/shield-zone/{shieldZoneId}/access-lists` body. */
export type CreateAccessListRequest = Static<typeof createAccessListRequestSchema>;

/** PATCH `/shield/shield-zone/{shieldZoneId}/access-lists/{id}` body (type and description are fixed). */
export const updateAccessListRequestSchema = Type.Object(
  {
    name: Type.Optional(listName()),
    content: Type.Optional(Type.String()),
    checksum: Type.Optional(nullableString()),
  },
  { additionalProperties: false },
);
/** PATCH `/shield/shield-zone/{shieldZoneId}/access-lists/{id}` body. */
export type UpdateAccessListRequest = Static<typeof updateAccessListRequestSchema>;

/** PATCH `/shield/shield-zone/{shieldZoneId}/access-lists/configurations/{configurationId}` body. */
export const accessListConfigurationRequestSchema = Type.Object(
  {
    isEnabled: Type.Optional(Type.Boolean()),
    action: Type.Optional(enumOf(AccessListAction, true)),
  },
  { additionalProperties: false },
);
/** PATCH `.../access-lists/configurations/{configurationId}` body. */
export type AccessListConfigurationRequest = Static<typeof accessListConfigurationRequestSchema>;

/** Path parameters of the zone's access-list routes (`shieldZoneId` is int32). */
export const accessListParamsSchema = Type.Object({ shieldZoneId: uint32(), id: int64() });
/** Path parameters of the configuration PATCH. */
export const accessListConfigurationParamsSchema = Type.Object({
  shieldZoneId: uint32(),
  configurationId: int64(),
});
