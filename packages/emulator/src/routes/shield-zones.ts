/**
 * Shield zone routes (`spec/shield.md` "The shield zone and its settings"): read a zone, list
 * them (paged) and their pull zones, create one for a pull zone (409 when it has one), change
 * its settings (PATCH: merge or replace per profile, 202 applied later with `writeDelayMs`),
 * the defaults, the WAF engine config and the managed WAF rules. Bodies are validated with the
 * client package's schemas (400 naming the field).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  createShieldZoneRequestSchema,
  type CreateShieldZoneRequest,
  BOT_DETECTION_DEFAULTS,
  type ShieldZoneDefaults,
  type ShieldZoneReadSettings,
  type ShieldZoneRequest,
  type ShieldZoneResponse,
  type ShieldZoneSettings,
  UPLOAD_SCANNING_DEFAULTS,
  updateShieldZoneRequestSchema,
  type UpdateShieldZoneRequest,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { MANAGED_WAF_RULE_IDS, MANAGED_WAF_RULESETS } from "../fixtures-shield";
import { planOf, type ShieldZoneState } from "../state";
import {
  fillShieldZoneParts,
  WAF_ENGINE_CONFIG_DEFAULTS,
  ZONE_SETTINGS_DEFAULTS,
} from "../state-shield-zone";
import { acceptedResult, int64Params, OK_RESULT } from "./common";
import { deferredWrite } from "./deferred-write";
import { dataError, zoneAccess, zoneMissing } from "./shield-access";
import { listQuerySchema, pageOf } from "./zone-lists";

/** Error key of a create for a pull zone that already has a shield zone. */
export const ZONE_EXISTS_KEY = "already_exists.shieldzone";
/** Error key of a create for a pull zone that does not exist. */
export const PULL_ZONE_UNKNOWN_KEY = "invalid_pullzone";
/** Error key of a setting that names a managed WAF rule that does not exist. */
export const UNKNOWN_WAF_RULE_KEY = "invalid_waf_rule";

const copy = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/**
 * A zone's settings as `GET` shows them: the plan fields first, then `settings` (with the
 * read-only `dDoSExecutionMode`).
 */
export function zoneSettingsOf(z: ShieldZoneState): Required<ShieldZoneReadSettings> {
  const plan = planOf(z);
  return {
    planType: plan.planType,
    wafEnabled: plan.wafEnabled,
    ...copy(ZONE_SETTINGS_DEFAULTS),
    ...copy(z.settings ?? {}),
  } as Required<ShieldZoneReadSettings>;
}

/**
 * A zone's settings as a write answer echoes them: the published answer's `data` is the
 * request shape (`ShieldZoneRequest`), which has no `dDoSExecutionMode`.
 */
function requestFieldsOf(z: ShieldZoneState): Required<ShieldZoneSettings> {
  const { dDoSExecutionMode: _readOnly, ...rest } = zoneSettingsOf(z);
  return rest;
}

/** A zone as `GET /shield/shield-zone/{id}` answers it (`ShieldZoneResponse`). */
export function zoneResponse(z: ShieldZoneState): ShieldZoneResponse {
  const plan = planOf(z);
  return {
    shieldZoneId: z.id,
    pullZoneId: z.pullZoneId ?? null,
    ...zoneSettingsOf(z),
    rateLimitRulesLimit: plan.rateLimitRulesLimit,
    customWafRulesLimit: plan.customWafRulesLimit,
  };
}

/**
 * Sets the sent settings on a zone: over its current ones (`"merge"`) or over the defaults
 * (`"replace"`: what is not sent goes back to the default; the plan stays).
 */
function applySettings(
  z: ShieldZoneState,
  sent: ShieldZoneRequest,
  mode: "merge" | "replace",
): void {
  // The zone's id is the body's; the deprecated `premiumPlan` is accepted and ignored.
  const { planType, wafEnabled, shieldZoneId: _id, premiumPlan: _premium, ...rest } = sent;
  const base = mode === "replace" ? copy(ZONE_SETTINGS_DEFAULTS) : (z.settings ?? {});
  // No write sets the read-only `dDoSExecutionMode`: a replacing PATCH keeps it too.
  const readOnly = { dDoSExecutionMode: (z.settings ?? ZONE_SETTINGS_DEFAULTS).dDoSExecutionMode };
  z.settings = { ...copy(ZONE_SETTINGS_DEFAULTS), ...base, ...copy(rest), ...readOnly };
  if (planType !== undefined) z.planType = planType;
  if (wafEnabled !== undefined) z.wafEnabled = wafEnabled;
  else if (mode === "replace") delete z.wafEnabled;
}

/**
 * The `ShieldZoneRequest` fields the published document (2026-07-31) declares nullable whose
 * null the client's schemas do not take (null means "not sent" there): dropped before the
 * body is validated, so a published body with them is accepted and changes nothing of them.
 * (`learningModeUntil`, `wafProfileId` and `premiumPlan` take null as a value.)
 */
const NULL_MEANS_UNSENT = [
  "learningMode",
  "wafEnabled",
  "wafDisabledRules",
  "wafLogOnlyRules",
  "wafCustomRuleOrder",
  "wafRequestHeaderLoggingEnabled",
  "requestBodyLoggingEnabled",
  "wafRequestIgnoredHeaders",
  "wafRealtimeThreatIntelligenceEnabled",
  "wafEngineConfig",
  "dDoSChallengeWindow",
  "whitelabelResponsePages",
] as const;

/** A zone write's `preValidation`: drops the published nulls {@link NULL_MEANS_UNSENT}. */
async function dropPublishedNulls(req: FastifyRequest): Promise<void> {
  const body = req.body as { shieldZone?: unknown; accessLists?: unknown } | null;
  if (typeof body !== "object" || body === null) return;
  if (body.accessLists === null) delete body.accessLists;
  const zone = body.shieldZone;
  if (typeof zone !== "object" || zone === null || Array.isArray(zone)) return;
  for (const k of NULL_MEANS_UNSENT)
    if ((zone as Record<string, unknown>)[k] === null) delete (zone as Record<string, unknown>)[k];
}

/** The first managed WAF rule id a settings body names that does not exist, with its field. */
function unknownRule(sent: ShieldZoneSettings, prefix: string) {
  for (const k of ["wafDisabledRules", "wafLogOnlyRules"] as const) {
    const i = (sent[k] ?? []).findIndex((id) => !MANAGED_WAF_RULE_IDS.has(id));
    if (i !== -1) return { field: `${prefix}${k}[${i}]`, id: sent[k]![i] };
  }
  return undefined;
}

/** Registers the shield zone routes. */
export function registerShieldZoneRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const s = () => ctx.store.state;
  const { sees, zoneFor } = zoneAccess(ctx);
  /** Pull zones whose shield zone is being created (a delayed create): a second one is a 409. */
  const creating = new Set<number>();
  const accepted = (id: number) =>
    acceptedResult(ctx.profile.acceptedNamesRule, `/shield/shield-zone/${id}`, id);
  const badRule = (reply: FastifyReply, url: string, bad: { field: string; id: string }) => {
    const message = `unknown managed WAF rule ${JSON.stringify(bad.id)}; see GET /shield/waf/rules/{shieldZoneId}`;
    return sendError(reply, pathOf(url), 400, `${bad.field}: ${message}`, {
      key: UNKNOWN_WAF_RULE_KEY,
      fieldErrors: [{ field: bad.field, message }],
    });
  };

  // The published `ShieldZoneDefaults`: the settings (request fields) under `shieldZone`, the
  // modes of bot detection and upload scanning, and the managed lists a new zone is offered
  // (with the action a new zone's configuration of each holds).
  app.get("/shield/shield-zone/defaults", async () => {
    const { dDoSExecutionMode: _readOnly, ...settings } = copy(ZONE_SETTINGS_DEFAULTS);
    const data: ShieldZoneDefaults = {
      shieldZone: { planType: 0, wafEnabled: true, ...settings },
      botDetectionExecutionMode: BOT_DETECTION_DEFAULTS.executionMode,
      csamScanningMode: UPLOAD_SCANNING_DEFAULTS.csamScanningMode,
      antivirusScanningMode: UPLOAD_SCANNING_DEFAULTS.antivirusScanningMode,
      accessLists: s().managedAccessLists.map((m) => ({
        listId: m.listId,
        name: m.name,
        description: m.description,
        requiredPlan: m.requiredPlan as ShieldZoneDefaults["shieldZone"]["planType"] & number,
        action: 0,
      })),
    };
    return { data, error: { ...OK_RESULT } };
  });

  app.get("/shield/waf/engine-config", async () => ({ data: copy(WAF_ENGINE_CONFIG_DEFAULTS) }));

  // A shield zone by id: `{data: ShieldZoneResponse}` (settings, plan and limits; the published
  // `GetShieldZoneResponse` has no `error` member); a zone the key cannot see answers like one
  // that does not exist.
  app.get<{ Params: { shieldZoneId: number } }>(
    "/shield/shield-zone/:shieldZoneId",
    { schema: { params: int64Params("shieldZoneId") } },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      return { data: zoneResponse(z) };
    },
  );

  app.get<{ Querystring: { page?: number; perPage?: number } }>(
    "/shield/shield-zones",
    { schema: { querystring: listQuerySchema } },
    async (req) => {
      const zones = s().shieldZones.filter((z) => sees(req, z.id));
      const { data, page } = pageOf(zones, req.query.page ?? 1, req.query.perPage ?? 10);
      return { data: data.map(zoneResponse), page };
    },
  );

  app.get("/shield/shield-zones/pullzone-mapping", async (req) => ({
    data: s()
      .shieldZones.filter((z) => z.pullZoneId !== undefined && z.pullZoneId !== null)
      .filter((z) => sees(req, z.id))
      .sort((a, b) => a.id - b.id)
      .map((z) => ({ shieldZoneId: z.id, pullZoneId: z.pullZoneId })),
  }));

  app.post<{ Body: CreateShieldZoneRequest }>(
    "/shield/shield-zone",
    { schema: { body: createShieldZoneRequestSchema }, preValidation: dropPublishedNulls },
    async (req, reply) => {
      const b = req.body;
      const st = s();
      const pz = st.pullZones.find((p) => p.id === b.pullZoneId);
      if (!pz)
        return dataError(
          reply,
          400,
          PULL_ZONE_UNKNOWN_KEY,
          `pullZoneId: pull zone ${b.pullZoneId} does not exist`,
        );
      const existing = st.shieldZones.find((z) => z.pullZoneId === b.pullZoneId);
      if (existing || creating.has(b.pullZoneId))
        return dataError(
          reply,
          409,
          ZONE_EXISTS_KEY,
          `pull zone ${b.pullZoneId} already has a shield zone` +
            (existing ? ` (${existing.id})` : " (being created)") +
            "; a pull zone has at most one",
        );
      const sent = b.shieldZone ?? {};
      const bad = unknownRule(sent, "shieldZone.");
      if (bad) return badRule(reply, req.url, bad);
      const lists = Object.entries(b.accessLists ?? {});
      const unknownList = lists.find(
        ([k]) => !st.managedAccessLists.some((m) => String(m.listId) === k),
      );
      if (unknownList)
        return dataError(
          reply,
          400,
          "invalid_access_list",
          `accessLists.${unknownList[0]}: no managed access list with this id`,
        );
      const id = st.nextIds.shieldZone++;
      let made: ShieldZoneState;
      const make = () => {
        const cur = s();
        const z: ShieldZoneState = { id, name: `shield-${pz.name}`, pullZoneId: b.pullZoneId };
        applySettings(z, sent, "merge");
        fillShieldZoneParts(z);
        if (b.botDetectionExecutionMode !== undefined)
          z.botDetection!.executionMode = b.botDetectionExecutionMode;
        const csam = b.csamScanningMode ?? 0;
        const av = b.antivirusScanningMode ?? 0;
        z.uploadScanning = {
          isEnabled: csam !== 0 || av !== 0,
          csamScanningMode: csam,
          antivirusScanningMode: av,
        };
        for (const [listId, action] of lists)
          cur.accessListConfigs.push({
            configurationId: cur.nextIds.accessListConfiguration++,
            shieldZoneId: id,
            listId: Number(listId),
            isEnabled: action !== 0,
            action,
          });
        cur.shieldZones.push(z);
        made = z;
      };
      return deferredWrite(ctx, reply, {
        reserves: true,
        onAccept: () => creating.add(b.pullZoneId),
        now: make,
        later: () => {
          creating.delete(b.pullZoneId);
          // The pull zone went away, or got a shield zone by a state PUT, meanwhile: dropped.
          const cur = s();
          if (!cur.pullZones.some((p) => p.id === b.pullZoneId)) return false;
          if (cur.shieldZones.some((z) => z.id === id || z.pullZoneId === b.pullZoneId))
            return false;
          make();
          return true;
        },
        onDrop: () => creating.delete(b.pullZoneId),
        accepted: () => accepted(id),
        done: () => ({
          data: {
            pullZoneId: b.pullZoneId,
            shieldZone: { shieldZoneId: id, ...requestFieldsOf(made) },
          },
          error: { ...OK_RESULT },
        }),
      });
    },
  );

  app.patch<{ Body: UpdateShieldZoneRequest }>(
    "/shield/shield-zone",
    { schema: { body: updateShieldZoneRequestSchema }, preValidation: dropPublishedNulls },
    async (req, reply) => {
      const { shieldZoneId: id, shieldZone: sent } = req.body;
      const z = zoneFor(req, id);
      if (!z) return zoneMissing(ctx, reply, req.url, id);
      const bad = unknownRule(sent, "shieldZone.");
      if (bad) return badRule(reply, req.url, bad);
      const mode = ctx.profile.zonePatch;
      return deferredWrite(ctx, reply, {
        now: () => applySettings(z, sent, mode),
        later: () => {
          const cur = s().shieldZones.find((x) => x.id === id);
          if (!cur) return false; // gone meanwhile (a state PUT)
          applySettings(cur, sent, mode);
          return true;
        },
        accepted: () => accepted(id),
        done: () => ({
          data: { shieldZoneId: id, shieldZone: { shieldZoneId: id, ...requestFieldsOf(z) } },
          error: { ...OK_RESULT },
        }),
      });
    },
  );

  // The managed WAF rules of a zone: a bare array (the published answer), the same catalogue
  // in every zone.
  app.get<{ Params: { shieldZoneId: number } }>(
    "/shield/waf/rules/:shieldZoneId",
    { schema: { params: int64Params("shieldZoneId") } },
    async (req, reply) => {
      if (!zoneFor(req, req.params.shieldZoneId))
        return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      return copy(MANAGED_WAF_RULESETS);
    },
  );
}
