/**
 * Behaviour profiles: how the emulated platform behaves where the spec is silent, so the
 * provider's tests can run against platforms that disagree with its assumptions
 * (`--profile NAME`, `EmulatorOptions.profile`, `GET/PUT /_emulator/profile`).
 */

/** How the emulated platform behaves where the spec is silent. */
export interface BehaviourProfile {
  /**
   * PATCH with `ruleConfiguration` (rate-limit and custom WAF rules): `"replace"` the stored
   * configuration whole (default) or
   * `"merge"` the sent fields over it (top-level fields of the configuration; lists and
   * objects as whole values; a sent `null` stores `null`).
   */
  ruleConfigPatch: "replace" | "merge";
  /**
   * Fill the platform's defaults for configuration fields omitted on POST/PATCH (stored and
   * returned), see {@link RULE_CONFIG_DEFAULTS} and {@link CHAINED_CONDITION_DEFAULTS}.
   * Default false (store exactly what was sent).
   */
  fillDefaults: boolean;
  /**
   * > 0: rate-limit and custom-WAF-rule POST and PATCH, access-list create, update and
   * configuration PATCH, and shield zone create and PATCH, are answered 202 `AcceptedResult` and applied after this many ms (a new rule is missing on GET and absent from the zone list until applied; a
   * PATCH's change is invisible until applied); the DELETEs the published API answers 202 (a
   * custom WAF rule, a custom access list) are answered 202 `GenericRequestResponse` and the
   * object stays readable and listed until applied (a rate-limit rule's DELETE has no 202 in
   * the published API: 200 at once). Default 0 (applied at once, 200).
   */
  writeDelayMs: number;
  /**
   * With `writeDelayMs > 0`: whether the 202 body names the rule
   * (`{location: "/shield/rate-limit/ID", value: {id: ID}, statusCode: 202, ...}`) or not
   * (every `AcceptedResult` field null). Default true.
   */
  acceptedNamesRule: boolean;
  /**
   * DNSSEC POST/DELETE answer: `"fresh"` = the record after the change (default); `"stale"` =
   * the record with `Enabled` as it was BEFORE the change (the zone itself still changes).
   */
  dnssecAnswer: "fresh" | "stale";
  /**
   * A missing rate-limit rule on GET/PATCH/DELETE: `"404"` (problem shape A, title
   * `not_found.ratelimit`; default) or `"embedded-200"` (HTTP 200 with a rule-shaped body whose
   * `errorResponse` is `{statusCode: 404, success: false, errorKey: "not_found.ratelimit"}`;
   * for DELETE a `GenericRequestResponse` with those fields). Custom WAF rules answer the same
   * way with `not_found.waf_rule`; access lists with `{data: null, error}` (key
   * `not_found.access_list`) as HTTP 404 or 200.
   */
  notFoundAnswer: "404" | "embedded-200";
  /**
   * PATCH `/shield/shield-zone` (`shieldZone` settings): `"merge"` (default) changes only the
   * settings sent; `"replace"` sets every setting not sent back to the defaults (what a
   * platform that reads the body as the whole zone does; the plan, `planType`, stays).
   */
  zonePatch: "merge" | "replace";
  /**
   * A zone feature refused on the zone's plan (bot detection below Advanced, API guardian
   * below Business): `"403"` (default; the status the published document declares, body
   * `{data: null, error}`) or `"embedded-200"` (HTTP 200 with that body, the error's
   * `statusCode` 403).
   */
  planRefusal: "403" | "embedded-200";
  /**
   * POST `/dnszone` of a domain the account already has a zone for (the published document
   * declares no answer for it): `"400"` (default; a validation failure naming `Domain`) or
   * `"409"` (a conflict, key `conflict.dnszone`).
   */
  dnsZoneExists: "400" | "409";
  /**
   * POST `/dnszone/{id}` (a zone's settings; the published document declares a 200 without
   * saying what it carries): `"zone"` (default; the zone as changed) or `"204"` (no body).
   */
  dnsZoneUpdateAnswer: "zone" | "204";
  /**
   * The answer of a DNS record's add (PUT `/dnszone/{zoneId}/records`; the published document
   * declares no body for it): `"record"` (default) the new record (`DnsRecordModel`), or
   * `"zone"` the zone with its records (`DnsZoneModel`: its `Id` is the zone's, so the answer
   * names no record).
   */
  dnsRecordAddAnswer: "record" | "zone";
  /**
   * POST `/pullzone/{id}` (a zone's settings; the published document does not say):
   * `"merge"` (default) changes only the settings sent; `"replace"` sets every setting not
   * sent back to a new zone's (the name, hostnames, edge rules and certificates stay).
   */
  pullZoneUpdate: "merge" | "replace";
  /**
   * The order of a zone's `EdgeRules` in its answers: `"as-written"` (default; the order the
   * rules were added, a rewritten rule in its place) or `"sorted"` (by `OrderIndex`, then guid).
   */
  edgeRuleOrder: "as-written" | "sorted";
  /**
   * Writes that rewrite a whole zone (settings, edge rules and their switch): `"serial"`
   * (default; each applies to the zone as it is) or `"lost-updates"` (each reads the zone,
   * waits {@link ZONE_REWRITE_MS}, then writes its copy back whole: of concurrent writes to
   * one zone only the last one's change survives, as on the platform).
   */
  pullZoneWrites: "serial" | "lost-updates";
  /**
   * The answer of an edge rule's write (POST `/pullzone/{id}/edgerules/addOrUpdate`; the
   * published document declares a 201 without a body): `"rule"` (default) the rule as stored
   * (a new rule's guid and order index), or `"empty"` (201 without a body: the zone must be
   * read to find a new rule).
   */
  edgeRuleAddAnswer: "rule" | "empty";
  /**
   * POST `/compute/script/{id}/code` (the published document does not say whether saving
   * code publishes it): `"draft"` (default) saves it and the live release stays until a
   * publish; `"publish"` also publishes it as a new live release (a script's add with code too).
   */
  scriptCodeSave: "draft" | "publish";
  /**
   * PUT `/compute/script/{id}/variables` of an existing variable without `DefaultValue` or
   * `Required`: `"merge"` (default) keeps what is stored; `"replace"` sets them back to null
   * and false (a platform that reads the body as the whole variable).
   */
  scriptVarUpsert: "merge" | "replace";
  /**
   * Magic Containers: how long (ms of the emulator clock) a deployment stays `progressing`
   * before it is `active` (or `failing`, for a container whose image tag starts with `fail`).
   * Default 0 (settled at once).
   */
  mcDeployMs: number;
  /**
   * Magic Containers PUT `/apps/{appId}` (the published document does not say):
   * `"replace"` (default) the sent configuration is the whole application (containers and
   * volume templates not sent are dropped, omitted settings reset); `"merge"` containers are
   * matched by `id` and changed by the fields sent, those not sent stay.
   */
  mcAppPut: "replace" | "merge";
  /**
   * Magic Containers lists (applications, registries, endpoints): `"created"` (default) in
   * creation order, or `"name"` by name (the published document gives no order).
   */
  mcListOrder: "created" | "name";
  /**
   * A free certificate (GET `/pullzone/loadFreeCertificate`; issuance is asynchronous on the
   * platform): 0 (default) settles at once (a hostname under `.invalid` is refused 400, any
   * other gets its certificate); > 0: answered 200 at once, the hostname reads
   * `HasCertificate: false` with the validation's `CertificateProvisionType` (pending) for this
   * many ms, then has its certificate (issued), or, under `.invalid`, reads
   * `CertificateProvisionType: Unknown` still without one (failed).
   */
  freeCertificateMs: number;
}

/** How long a zone rewrite of the `"lost-updates"` behaviour holds its copy (ms). */
export const ZONE_REWRITE_MS = 40;

/** Names of the built-in profiles. */
export type ProfileName =
  | "default"
  | "merge-patch"
  | "fill-defaults"
  | "async-202"
  | "stale-dnssec"
  | "embedded-not-found"
  | "zone-replace"
  | "embedded-plan-refusal";

const DEFAULT_PROFILE: BehaviourProfile = Object.freeze({
  ruleConfigPatch: "replace",
  fillDefaults: false,
  writeDelayMs: 0,
  acceptedNamesRule: true,
  dnssecAnswer: "fresh",
  notFoundAnswer: "404",
  zonePatch: "merge",
  planRefusal: "403",
  dnsZoneExists: "400",
  dnsZoneUpdateAnswer: "zone",
  dnsRecordAddAnswer: "record",
  pullZoneUpdate: "merge",
  edgeRuleOrder: "as-written",
  pullZoneWrites: "serial",
  edgeRuleAddAnswer: "rule",
  scriptCodeSave: "draft",
  scriptVarUpsert: "merge",
  mcDeployMs: 0,
  mcAppPut: "replace",
  mcListOrder: "created",
  freeCertificateMs: 0,
});

/**
 * The built-in profiles: `default` is the emulator's long-standing behaviour; each other one
 * is `default` with one switch flipped.
 */
export const PROFILES: Record<ProfileName, BehaviourProfile> = Object.freeze({
  default: DEFAULT_PROFILE,
  "merge-patch": Object.freeze({ ...DEFAULT_PROFILE, ruleConfigPatch: "merge" }),
  "fill-defaults": Object.freeze({ ...DEFAULT_PROFILE, fillDefaults: true }),
  "async-202": Object.freeze({ ...DEFAULT_PROFILE, writeDelayMs: 300, acceptedNamesRule: true }),
  "stale-dnssec": Object.freeze({ ...DEFAULT_PROFILE, dnssecAnswer: "stale" }),
  "embedded-not-found": Object.freeze({ ...DEFAULT_PROFILE, notFoundAnswer: "embedded-200" }),
  "zone-replace": Object.freeze({ ...DEFAULT_PROFILE, zonePatch: "replace" }),
  "embedded-plan-refusal": Object.freeze({ ...DEFAULT_PROFILE, planRefusal: "embedded-200" }),
});

/** Names of the built-in profiles, in a stable order. */
export const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[];

/**
 * Defaults the `fillDefaults` platform stores for omitted top-level configuration fields:
 * the first value of each enum where that is the platform's "none/lowest" (operator
 * BEGINSWITH, severity NOTICE, counter key IP), action RateLimit, one minute timeframe,
 * five minutes block time, 100 requests, not negated, not a regex variable.
 */
export const RULE_CONFIG_DEFAULTS = Object.freeze({
  actionType: 1,
  operatorType: 0,
  severityType: 0,
  requestCount: 100,
  counterKeyType: 0,
  timeframe: 60,
  blockTime: 300,
  isNegated: false,
  isRegexVariable: false,
} as const);

/**
 * Defaults the `fillDefaults` platform stores for omitted top-level fields of a custom WAF
 * rule's configuration: action Block, operator BEGINSWITH, severity NOTICE, not negated,
 * not a regex variable (no rate fields: a WAF rule has none).
 */
export const WAF_RULE_CONFIG_DEFAULTS = Object.freeze({
  actionType: 1,
  operatorType: 0,
  severityType: 0,
  isNegated: false,
  isRegexVariable: false,
} as const);

/** Defaults the `fillDefaults` platform stores for omitted fields of each chained condition. */
export const CHAINED_CONDITION_DEFAULTS = Object.freeze({
  operatorType: 0,
  isNegated: false,
  isRegexVariable: false,
} as const);

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A copy of `config` with the platform defaults filled in for omitted (absent) fields:
 * `defaults` for the top level (default: a rate-limit rule's), then each chained condition.
 */
export function fillRuleDefaults<T extends object>(
  config: T,
  defaults: Readonly<Obj> = RULE_CONFIG_DEFAULTS,
): T {
  const out: Obj = { ...(config as Obj) };
  for (const [k, v] of Object.entries(defaults)) if (out[k] === undefined) out[k] = v;
  if (Array.isArray(out.chainedRuleConditions)) {
    out.chainedRuleConditions = out.chainedRuleConditions.map((c: unknown) => {
      if (!isObj(c)) return c;
      const filled: Obj = { ...c };
      for (const [k, v] of Object.entries(CHAINED_CONDITION_DEFAULTS))
        if (filled[k] === undefined) filled[k] = v;
      return filled;
    });
  }
  return out as T;
}

/**
 * The configuration a rule write stores, as the profile says: the sent one whole
 * (`ruleConfigPatch: "replace"`) or merged over the stored `old` (`"merge"`), then the
 * platform's `defaults` filled in for omitted fields (`fillDefaults`).
 */
export function storedRuleConfig<T extends object>(
  profile: BehaviourProfile,
  old: T | null | undefined,
  sent: T,
  defaults: Readonly<Obj>,
): T {
  const merged = profile.ruleConfigPatch === "merge" && old ? { ...old, ...sent } : sent;
  return profile.fillDefaults ? fillRuleDefaults(merged, defaults) : merged;
}

const ALLOWED: { [K in keyof BehaviourProfile]: string } = {
  ruleConfigPatch: `"replace" or "merge"`,
  fillDefaults: "true or false",
  writeDelayMs: "an integer from 0 to 600000 (milliseconds)",
  acceptedNamesRule: "true or false",
  dnssecAnswer: `"fresh" or "stale"`,
  notFoundAnswer: `"404" or "embedded-200"`,
  zonePatch: `"merge" or "replace"`,
  planRefusal: `"403" or "embedded-200"`,
  dnsZoneExists: `"400" or "409"`,
  dnsZoneUpdateAnswer: `"zone" or "204"`,
  dnsRecordAddAnswer: `"record" or "zone"`,
  pullZoneUpdate: `"merge" or "replace"`,
  edgeRuleOrder: `"as-written" or "sorted"`,
  pullZoneWrites: `"serial" or "lost-updates"`,
  edgeRuleAddAnswer: `"rule" or "empty"`,
  scriptCodeSave: `"draft" or "publish"`,
  scriptVarUpsert: `"merge" or "replace"`,
  mcDeployMs: "an integer from 0 to 600000 (milliseconds)",
  mcAppPut: `"replace" or "merge"`,
  mcListOrder: `"created" or "name"`,
  freeCertificateMs: "an integer from 0 to 600000 (milliseconds)",
};

function validField(k: keyof BehaviourProfile, v: unknown): boolean {
  switch (k) {
    case "ruleConfigPatch":
      return v === "replace" || v === "merge";
    case "fillDefaults":
    case "acceptedNamesRule":
      return typeof v === "boolean";
    case "writeDelayMs":
      return Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 600_000;
    case "dnssecAnswer":
      return v === "fresh" || v === "stale";
    case "notFoundAnswer":
      return v === "404" || v === "embedded-200";
    case "zonePatch":
      return v === "merge" || v === "replace";
    case "planRefusal":
      return v === "403" || v === "embedded-200";
    case "dnsZoneExists":
      return v === "400" || v === "409";
    case "dnsZoneUpdateAnswer":
      return v === "zone" || v === "204";
    case "dnsRecordAddAnswer":
      return v === "record" || v === "zone";
    case "pullZoneUpdate":
      return v === "merge" || v === "replace";
    case "edgeRuleOrder":
      return v === "as-written" || v === "sorted";
    case "pullZoneWrites":
      return v === "serial" || v === "lost-updates";
    case "edgeRuleAddAnswer":
      return v === "rule" || v === "empty";
    case "scriptCodeSave":
      return v === "draft" || v === "publish";
    case "scriptVarUpsert":
      return v === "merge" || v === "replace";
    case "mcDeployMs":
    case "freeCertificateMs":
      return Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 600_000;
    case "mcAppPut":
      return v === "replace" || v === "merge";
    case "mcListOrder":
      return v === "created" || v === "name";
  }
}

/**
 * What a profile may be set from: a name, or an object with an optional `name` (the base,
 * default `"default"`) and any switches to override on top of it.
 */
export type ProfileInput = ProfileName | (Partial<BehaviourProfile> & { name?: ProfileName });

/**
 * Validates a profile input; returns problems (empty when valid), each naming the field and
 * its allowed values.
 */
export function checkProfileInput(v: unknown): string[] {
  if (typeof v === "string") {
    return PROFILE_NAMES.includes(v as ProfileName)
      ? []
      : [`unknown profile "${v}"; allowed: ${PROFILE_NAMES.join(", ")}`];
  }
  if (!isObj(v)) return ["profile must be a profile name or a JSON object"];
  const problems: string[] = [];
  for (const [k, val] of Object.entries(v)) {
    if (k === "name") {
      if (!PROFILE_NAMES.includes(val as ProfileName))
        problems.push(
          `name: unknown profile ${JSON.stringify(val)}; allowed: ${PROFILE_NAMES.join(", ")}`,
        );
    } else if (k in ALLOWED) {
      const key = k as keyof BehaviourProfile;
      if (!validField(key, val))
        problems.push(`${k}: must be ${ALLOWED[key]}; got ${JSON.stringify(val)}`);
    } else {
      problems.push(`unknown property "${k}"; allowed: name, ${Object.keys(ALLOWED).join(", ")}`);
    }
  }
  return problems;
}

/**
 * Resolves a profile input into a full profile: the named base (default `"default"`) with
 * the given switches over it. Throws with the problems when the input is invalid.
 */
export function resolveProfile(input: ProfileInput | undefined): BehaviourProfile {
  if (input === undefined) return { ...DEFAULT_PROFILE };
  const problems = checkProfileInput(input);
  if (problems.length) throw new Error(`invalid behaviour profile: ${problems.join("; ")}`);
  if (typeof input === "string") return { ...PROFILES[input] };
  const { name, ...switches } = input;
  return { ...PROFILES[name ?? "default"], ...switches };
}

/** The name of the built-in profile equal to `p`, or undefined for a custom mix. */
export function profileNameOf(p: BehaviourProfile): ProfileName | undefined {
  return PROFILE_NAMES.find((n) =>
    (Object.keys(ALLOWED) as (keyof BehaviourProfile)[]).every((k) => PROFILES[n][k] === p[k]),
  );
}

/**
 * Writes applied later (`writeDelayMs`): timers that can all be dropped at once (on
 * `/_emulator/reset` and on close), so nothing keeps the process alive after `close()`.
 */
export class PendingWrites {
  private readonly timers = new Map<NodeJS.Timeout, (() => void) | undefined>();

  /**
   * Runs `apply` after `ms` milliseconds unless dropped first; `onDrop` runs instead when the
   * write is dropped (to release what the write had reserved).
   */
  schedule(ms: number, apply: () => void, onDrop?: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      apply();
    }, ms);
    t.unref?.();
    this.timers.set(t, onDrop);
  }

  /** Number of writes not yet applied. */
  get size(): number {
    return this.timers.size;
  }

  /** Drops every write not yet applied. */
  clear(): void {
    const dropped = [...this.timers];
    this.timers.clear();
    for (const [t, onDrop] of dropped) {
      clearTimeout(t);
      onDrop?.();
    }
  }
}
