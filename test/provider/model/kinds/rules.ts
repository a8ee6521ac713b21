/**
 * The rule-shaped kinds of the model test: `RateLimitRule` and `WafRule`. Both are an id in a
 * shield zone with `ruleName`, `ruleDescription` and a `ruleConfiguration` of match fields
 * (the rate-limit rule adds its rate fields); a program creates one (`shieldZoneId` or
 * `pullZoneId` + `ruleName`) or adopts one (`ruleId`). What differs is data: the field
 * values, the enumerations, what a new rule needs, the paths, the names, the plan limit.
 */
import fc from "fast-check";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { EmulatorState } from "../../../../packages/emulator/src";
import { rateLimitRuleProvider } from "../../../../packages/pulumi/src/resources/kinds/collections/rate-limit-rule-provider";
import { wafRuleProvider } from "../../../../packages/pulumi/src/resources/kinds/collections/waf-rule";
import { clone, ProgramInputs, StateEntry } from "../engine";
import type { FieldEdit, ModelKind, OobCreateSpec, PlatformObject } from "../kind";
import {
  Enums,
  managedDifferences,
  managedKeys,
  NULLABLE_FIELDS,
  RATE_LIMIT_ENUMS,
  WAF_ENUMS,
} from "../oracle";
import { PULL_ZONES, zoneOfPlacement } from "./zones";

/** A rule as the emulator stores it (both kinds). */
interface StoredRule {
  id: number;
  shieldZoneId: number;
  userId?: string | null;
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleJson?: string | null;
  ruleConfiguration?: Record<string, unknown> | null;
}

/** `undefined` with weight `none`, a value of `arb` with weight `some`. */
export const sometimes = <T>(arb: fc.Arbitrary<T>, none: number, some: number) =>
  fc.oneof(
    { arbitrary: fc.constant(undefined), weight: none },
    { arbitrary: arb, weight: some },
  ) as fc.Arbitrary<T | undefined>;

const enumValue = (names: string[], ints: number[]) =>
  fc.oneof(fc.constantFrom(...names), fc.constantFrom(...ints));

/** The match fields both kinds share, with the values a program may give them. */
const MATCH_VALUES: Record<string, fc.Arbitrary<unknown>> = {
  variableTypes: fc.constantFrom<unknown>(
    null,
    { REQUEST_URI: "/api" },
    { REQUEST_URI: "/login", REQUEST_METHOD: "POST" },
  ),
  operatorType: enumValue(["BEGINSWITH", "CONTAINS", "STREQ", "RX"], [0, 2, 15, 14]),
  severityType: enumValue(["NOTICE", "WARNING", "CRITICAL"], [0, 1, 2]),
  transformationTypes: fc.oneof(
    fc.constant(null),
    fc.constant([]),
    fc.uniqueArray(fc.constantFrom<unknown>("LOWERCASE", "URLDECODE", 9, 8), {
      minLength: 1,
      maxLength: 2,
      selector: (x) => (x === "LOWERCASE" ? 8 : x),
    }),
  ),
  value: fc.constantFrom<unknown>(null, "/api", "/search"),
  isNegated: fc.constantFrom<unknown>(null, true, false),
  isRegexVariable: fc.constantFrom<unknown>(null, true, false),
  chainedRuleConditions: fc.oneof(
    fc.constant(null),
    fc.constant([]),
    fc.array(
      fc.record(
        {
          variableTypes: fc.constantFrom({ REQUEST_METHOD: "POST" }, { REQUEST_URI: "/x" }),
          operatorType: enumValue(["STREQ", "CONTAINS"], [15, 2]),
          value: fc.constantFrom("POST", "/x"),
          isNegated: fc.boolean(),
        },
        { requiredKeys: ["variableTypes", "value"] },
      ),
      { minLength: 1, maxLength: 2 },
    ),
  ),
};

/** Wire values of the shared match fields (another actor's tool writes integers). */
const MATCH_WIRE: Record<string, fc.Arbitrary<unknown>> = {
  ...MATCH_VALUES,
  operatorType: fc.constantFrom(0, 2, 15, 14),
  severityType: fc.constantFrom(0, 1, 2),
  transformationTypes: fc.constantFrom(null, [], [8], [19, 8]),
  chainedRuleConditions: fc.constantFrom(
    null,
    [],
    [
      {
        variableTypes: { REQUEST_METHOD: "PUT" },
        operatorType: 2,
        value: "PUT",
        isNegated: true,
        isRegexVariable: false,
      },
    ],
  ),
};

/** A full configuration of the shared match fields in integers (another actor's rule). */
const MATCH_FULL_WIRE = {
  variableTypes: fc.constantFrom({ REQUEST_URI: "/oob" }, null),
  operatorType: fc.constantFrom(0, 2, 15),
  severityType: fc.constantFrom(0, 1, 2),
  transformationTypes: fc.constantFrom([8], [], null),
  value: fc.constantFrom("/oob", null),
  isNegated: fc.constantFrom(true, false, null),
  isRegexVariable: fc.constantFrom(true, false),
  chainedRuleConditions: fc.constantFrom(
    [],
    [
      {
        variableTypes: { REQUEST_METHOD: "GET" },
        operatorType: 15,
        value: "GET",
        isNegated: false,
        isRegexVariable: false,
      },
    ],
  ),
};

/** What makes one rule-shaped kind. */
interface RuleKindSpec {
  name: string;
  tag: string;
  provider: dynamic.ResourceProvider;
  /** Its array in the emulator's state, and its key in `nextIds`. */
  stateKey: "rateLimitRules" | "wafRules";
  nextIdKey: "rateLimitRule" | "wafRule";
  enums: Enums;
  /** Every configuration field with the values a program may give it. */
  fieldValues: Record<string, fc.Arbitrary<unknown>>;
  /** Wire values of one field (out-of-band edits). */
  wireValues: Record<string, fc.Arbitrary<unknown>>;
  /** What a new rule needs (`check` refuses a create without it). */
  required: Record<string, fc.Arbitrary<unknown>>;
  /** A full wire configuration (out-of-band creates). */
  fullWire: Record<string, fc.Arbitrary<unknown>>;
  /** Rule names the program draws from (a fixture's name among them). */
  names: string[];
  /** Where a program creates its rules. */
  placements: Record<string, number>[];
  paths: ModelKind["paths"];
  /** The plan limit of a zone, if the kind has one (out-of-band creates respect it). */
  limit?(s: EmulatorState, zone: number): number | undefined;
  expectedErrors: RegExp[];
}

/** Errors any rule-shaped kind may end a fault-free run with, for a reason the scenario explains. */
const RULE_EXPECTED_ERRORS = [
  /already has rules? [\d, ]+ named/, // a rule of that name exists: never taken over
  /is required when creating a rule/, // a resource not created yet whose program lacks them
  // an adopted rule switched to its zone under a name no rule has: a create, whose program
  // lacks what a new rule needs (check cannot tell: the adopted inputs name no rule)
  /a new rule needs [\w., ]+; nothing was written/,
  /cannot change together with the addressing/, // a rename in the same edit as a pull-zone switch
  /already creates or manages a rule named/, // two resources of the program, one name
  /already manages rule \d+/, // two resources of the program adopt one rule
  /already has (rule \d+|a rule of this program) named .*unique in a zone/, // a rename to a taken name
  /does not exist/, // adopting a rule that is gone
];

/** Builds a rule-shaped kind from its data. */
function ruleKind(spec: RuleKindSpec): ModelKind {
  const FIELDS = Object.keys(spec.fieldValues);
  const EDITABLE = [...FIELDS, "ruleDescription", "ruleName"];
  const partialConfig = fc
    .subarray(FIELDS, { minLength: 0, maxLength: 6 })
    .chain((keys) => fc.record(Object.fromEntries(keys.map((k) => [k, spec.fieldValues[k]]))));
  const createConfig = fc.tuple(fc.record(spec.required), partialConfig).map(([req, part]) => {
    const out: Record<string, unknown> = { ...req, ...part };
    if (out.variableTypes === null) out.variableTypes = req.variableTypes;
    return out;
  });
  const editValue = (field: string): fc.Arbitrary<unknown> =>
    field === "ruleDescription"
      ? fc.constantFrom(null, "one", "two")
      : field === "ruleName"
        ? fc.constantFrom(...spec.names)
        : NULLABLE_FIELDS.has(field)
          ? fc.oneof(fc.constant(null), spec.fieldValues[field])
          : spec.fieldValues[field];
  const stored = (s: EmulatorState) => s[spec.stateKey] as StoredRule[];
  const project = (r: StoredRule): PlatformObject => {
    const fields: Record<string, unknown> = {
      ruleName: r.ruleName ?? null,
      ruleDescription: r.ruleDescription ?? null,
    };
    for (const [k, v] of Object.entries(r.ruleConfiguration ?? {})) {
      fields[`ruleConfiguration.${k}`] = v;
    }
    return {
      key: `${spec.tag}:${r.id}`,
      id: r.id,
      zone: r.shieldZoneId,
      name: r.ruleName,
      fields,
      raw: r,
    };
  };

  return {
    name: spec.name,
    tag: spec.tag,
    provider: spec.provider,
    objects: (s) => stored(s).map(project),
    paths: spec.paths,
    uniqueNames: true,
    adoptId: (p) => (typeof p.ruleId === "number" ? p.ruleId : undefined),
    zoneOf: zoneOfPlacement,
    managedFields: (p) => [
      ...(["ruleName", "ruleDescription"] as const).filter((f) => p[f] !== undefined),
      ...managedKeys(p.ruleConfiguration as Record<string, unknown>).map(
        (k) => `ruleConfiguration.${k}`,
      ),
    ],
    differences: (p, obj) =>
      managedDifferences(
        p as ProgramInputs & { ruleConfiguration: Record<string, unknown> },
        obj.raw as Record<string, unknown>,
        spec.enums,
      ),
    expectedErrors: [...RULE_EXPECTED_ERRORS, ...spec.expectedErrors],

    addInputs: fc
      .tuple(
        fc.constantFrom(...spec.placements),
        fc.constantFrom(...spec.names),
        createConfig,
        sometimes(fc.constantFrom<string | null>("managed by pulumi", null), 1, 1),
        sometimes(fc.boolean(), 4, 1),
      )
      .map(([where, ruleName, cfg, description, deleteOnDestroy]) => {
        const inputs: ProgramInputs = { ...where, ruleName, ruleConfiguration: cfg };
        if (description !== undefined) inputs.ruleDescription = description;
        if (deleteOnDestroy !== undefined) inputs.deleteOnDestroy = deleteOnDestroy;
        return inputs;
      }),
    edits: fc
      .oneof(
        { weight: 3, arbitrary: fc.tuple(fc.constantFrom(...EDITABLE), fc.boolean()) },
        { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...FIELDS), fc.constant(false)) },
      )
      .chain(([field, remove]) =>
        editValue(field).map((value) => ({ field, value, remove: remove && field !== "ruleName" })),
      ),
    applyEdit(prog: ProgramInputs, e: FieldEdit) {
      const cfg = prog.ruleConfiguration as Record<string, unknown>;
      if (e.field === "ruleDescription") {
        if (e.remove) delete prog.ruleDescription;
        else prog.ruleDescription = e.value;
      } else if (e.field === "ruleName") {
        if (e.remove && typeof prog.ruleId === "number") delete prog.ruleName;
        else prog.ruleName = e.value;
      } else if (e.remove) {
        delete cfg[e.field];
      } else {
        cfg[e.field] = clone(e.value);
      }
      return `${e.field} ${e.remove ? "removed (unmanaged)" : `= ${JSON.stringify(e.value)}`}`;
    },
    modeSwitch(prog: ProgramInputs, st: StateEntry, viaPullZone: boolean) {
      if (typeof prog.ruleId !== "number") {
        delete prog.shieldZoneId;
        delete prog.pullZoneId;
        prog.ruleId = Number(st.id);
        return `switched to ruleId ${st.id}`;
      }
      const zone = st.outputs.shieldZoneId as number;
      const ruleName = prog.ruleName ?? st.outputs.ruleName;
      if (typeof ruleName !== "string" || ruleName === "") return undefined; // cannot create without a name
      delete prog.ruleId;
      const pz = Object.entries(PULL_ZONES).find(([, z]) => z === zone)?.[0];
      if (viaPullZone && pz) prog.pullZoneId = Number(pz);
      else prog.shieldZoneId = zone;
      prog.ruleName = ruleName;
      return `switched back to ${JSON.stringify({ shieldZoneId: prog.shieldZoneId, pullZoneId: prog.pullZoneId })}`;
    },
    adoptSpecs: fc
      .tuple(fc.subarray(FIELDS, { maxLength: 4 }), partialConfig, fc.boolean())
      .map(([keep, changed, withName]) => ({
        keep,
        changed: Object.fromEntries(Object.entries(changed).slice(0, 2)),
        withName,
      })),
    adoptInputs(obj: PlatformObject, s: unknown) {
      const a = s as { keep: string[]; changed: Record<string, unknown>; withName: boolean };
      const rule = obj.raw as StoredRule;
      const cfg: Record<string, unknown> = {};
      const current = rule.ruleConfiguration ?? {};
      for (const k of a.keep) if (current[k] !== undefined) cfg[k] = clone(current[k]);
      Object.assign(cfg, clone(a.changed));
      const inputs: ProgramInputs = { ruleId: rule.id, ruleConfiguration: cfg };
      if (a.withName && rule.ruleName) inputs.ruleName = rule.ruleName;
      return inputs;
    },
    oobEdits: fc
      .constantFrom(...FIELDS, "ruleDescription")
      .chain((field) =>
        (field === "ruleDescription"
          ? fc.constantFrom<unknown>("edited elsewhere", null)
          : spec.wireValues[field]
        ).map((value) => ({ field, value })),
      ),
    oobEdit(s, obj, e) {
      const rule = stored(s).find((r) => r.id === obj.id)!;
      if (e.field === "ruleDescription") rule.ruleDescription = e.value as string | null;
      else {
        const cfg = { ...(rule.ruleConfiguration ?? {}), [e.field]: clone(e.value) };
        rule.ruleConfiguration = cfg;
        rule.ruleJson = JSON.stringify(cfg);
      }
    },
    oobDelete(s, obj) {
      (s as unknown as Record<string, StoredRule[]>)[spec.stateKey] = stored(s).filter(
        (r) => r.id !== obj.id,
      );
    },
    oobCreates: fc
      .tuple(
        fc.constantFrom(1, 2),
        sometimes(fc.constantFrom(...spec.names), 1, 1),
        fc.record(spec.fullWire),
      )
      .map(([zone, name, body]) => ({ zone, name, body })),
    oobCreate(s, c: OobCreateSpec, freshName: string) {
      const rules = stored(s);
      const limit = spec.limit?.(s, c.zone);
      if (limit !== undefined && rules.filter((r) => r.shieldZoneId === c.zone).length >= limit) {
        return undefined;
      }
      const taken = rules.some((r) => r.shieldZoneId === c.zone && r.ruleName === c.name);
      const name = c.name && !taken ? c.name : freshName;
      const ids = s.nextIds as unknown as Record<string, number>;
      const id = ids[spec.nextIdKey]++;
      rules.push({
        id,
        shieldZoneId: c.zone,
        userId: "user-2",
        ruleName: name,
        ruleDescription: "made by another tool",
        ruleJson: JSON.stringify(c.body),
        ruleConfiguration: clone(c.body),
      });
      return id;
    },
  };
}

const ZONE_PLACEMENTS: Record<string, number>[] = [
  { shieldZoneId: 1 },
  { shieldZoneId: 2 },
  { pullZoneId: 1 },
  { pullZoneId: 4 },
];

/** `edge.shield.RateLimitRule`. */
export const rateLimitRuleKind = ruleKind({
  name: "RateLimitRule",
  tag: "r",
  provider: rateLimitRuleProvider,
  stateKey: "rateLimitRules",
  nextIdKey: "rateLimitRule",
  enums: RATE_LIMIT_ENUMS,
  fieldValues: {
    actionType: enumValue(["RateLimit", "Log", "Challenge"], [1, 2, 3]),
    ...MATCH_VALUES,
    requestCount: fc.constantFrom(10, 50, 100, 500),
    counterKeyType: enumValue(["IP", "Host", "Country"], [0, 1, 2]),
    timeframe: enumValue(["PerTenSeconds", "PerOneMinute", "PerFiveMinutes"], [10, 60, 300]),
    blockTime: enumValue(["ForOneMinute", "ForFiveMinutes", "ForOneHour"], [60, 300, 3600]),
  },
  wireValues: {
    ...MATCH_WIRE,
    actionType: fc.constantFrom(1, 2, 3),
    requestCount: fc.constantFrom(10, 50, 100, 500),
    counterKeyType: fc.constantFrom(0, 1, 2, 7),
    timeframe: fc.constantFrom(10, 60, 300),
    blockTime: fc.constantFrom(60, 300, 3600),
  },
  required: {
    actionType: enumValue(["RateLimit", "Log", "Challenge"], [1, 2, 3]),
    variableTypes: fc.constantFrom<unknown>(
      { REQUEST_URI: "/api" },
      { REQUEST_URI: "/login", REQUEST_METHOD: "POST" },
    ),
    operatorType: MATCH_VALUES.operatorType,
    requestCount: fc.constantFrom(10, 50, 100, 500),
    timeframe: enumValue(["PerTenSeconds", "PerOneMinute", "PerFiveMinutes"], [10, 60, 300]),
    blockTime: enumValue(["ForOneMinute", "ForFiveMinutes", "ForOneHour"], [60, 300, 3600]),
  },
  fullWire: {
    actionType: fc.constantFrom(1, 2, 3),
    ...MATCH_FULL_WIRE,
    requestCount: fc.constantFrom(7, 70, 700),
    counterKeyType: fc.constantFrom(0, 1, 7),
    timeframe: fc.constantFrom(1, 10, 60),
    blockTime: fc.constantFrom(30, 60, 900),
  },
  // "api-burst" is a fixture rule of shield zone 1.
  names: ["alpha", "beta", "gamma", "api-burst"],
  placements: ZONE_PLACEMENTS,
  paths: {
    create: "^/shield/rate-limit$",
    one: "^/shield/rate-limit/\\d+$",
    list: "^/shield/rate-limits/",
    read: /^\/shield\/rate-limit\/(\d+)$/,
  },
  expectedErrors: [/was not found|not_found\.ratelimit|not found/i], // deleted out-of-band
});

/** `edge.shield.WafRule`: no rate fields, its own actions, a plan limit per zone. */
export const wafRuleKind = ruleKind({
  name: "WafRule",
  tag: "w",
  provider: wafRuleProvider,
  stateKey: "wafRules",
  nextIdKey: "wafRule",
  enums: WAF_ENUMS,
  fieldValues: {
    actionType: enumValue(["Block", "Log", "Challenge", "Allow", "Bypass"], [1, 2, 3, 4, 5]),
    ...MATCH_VALUES,
  },
  wireValues: { ...MATCH_WIRE, actionType: fc.constantFrom(1, 2, 3, 4, 5) },
  required: {
    actionType: enumValue(["Block", "Log", "Challenge", "Allow", "Bypass"], [1, 2, 3, 4, 5]),
    variableTypes: fc.constantFrom<unknown>(
      { REQUEST_URI: "/api" },
      { REQUEST_URI: "/login", REQUEST_METHOD: "POST" },
    ),
    operatorType: MATCH_VALUES.operatorType,
  },
  fullWire: { actionType: fc.constantFrom(1, 2, 4), ...MATCH_FULL_WIRE },
  // "block-wp-admin" is a fixture rule of shield zone 2 (which is at 2 of its 3 rules).
  names: ["alpha", "beta", "block-wp-admin"],
  placements: ZONE_PLACEMENTS,
  paths: {
    create: "^/shield/waf/custom-rule$",
    one: "^/shield/waf/custom-rule/\\d+$",
    list: "^/shield/waf/custom-rules/",
    read: /^\/shield\/waf\/custom-rule\/(\d+)$/,
  },
  limit: (s, zone) => {
    const z = s.shieldZones.find((x) => x.id === zone);
    return z ? (z.customWafRulesLimit ?? 10) : undefined;
  },
  expectedErrors: [
    /was not found|not_found\.waf_rule|not found/i, // deleted out-of-band
    // a zone at its plan limit (the provider's check, or the platform's answer when a create
    // of the same run is still pending)
    /already has \d+ custom WAF rules, the limit|customWafRulesLimit/,
  ],
});
