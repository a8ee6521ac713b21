/**
 * Shield zones and their settings (`spec/shield.md`): read, list, create and update a zone;
 * the defaults, the WAF engine config and the managed WAF rules; the settings that live on
 * their own paths (bot detection, upload scanning, API guardian, custom response pages); and
 * the read-only metrics. Endpoints are data ({@link shieldZoneEndpoints}); the transport does
 * the rest (errors, retries of idempotent calls, embedded `success: false` failures in a 2xx —
 * which is how the platform refuses a feature the zone's plan lacks).
 */
import { CustomPageTypes } from "../spec/enums";
import type {
  AcceptedResult,
  ApiGuardian,
  ApiGuardianSpecRequest,
  ApiGuardianUpdate,
  BotDetection,
  BotDetectionUpdate,
  CreateShieldZoneRequest,
  CustomPageType,
  ManagedWafRuleset,
  PageInfo,
  RateLimitMetrics,
  ShieldMetricsOverview,
  ShieldZoneByPullZone,
  ShieldZoneByPullZoneResponse,
  ShieldZoneDefaults,
  ShieldZonePullZoneMapping,
  ShieldZoneResponse,
  ShieldZoneSettings,
  UploadScanning,
  UploadScanningUpdate,
  WafEngineConfigItem,
} from "../spec";
import { EdgeApiError } from "./errors";
import { InvalidArgumentError } from "./invalid-argument";
import { allPages } from "./shield";
import type { ApiResponse, Caller, EndpointDef, RequestOptions } from "./transport";
import { isObj } from "./is-object";

type Body = Record<string, unknown>;

/** A `{data: {...}}` answer must carry its object: a missing one must never read as "empty". */
const dataObject =
  (what: string) =>
  (b: Body): string | undefined =>
    isObj(b.data) ? undefined : `the answer carries no ${what} ("data" is missing)`;

/** A `{data: [...]}` answer must carry its array: a missing one must never read as "none". */
const dataArray =
  (what: string) =>
  (b: Body): string | undefined =>
    Array.isArray(b.data) ? undefined : `no "data" array in the ${what}`;

/**
 * A zone write answer names the zone: `data.shieldZoneId`, or `data.shieldZone.shieldZoneId`
 * (the published answer echoes the request: `{pullZoneId, shieldZone: {shieldZoneId, ...}}`).
 */
const namesZone = (b: Body): string | undefined => {
  if (!isObj(b.data)) return 'the answer carries no shield zone ("data" is missing)';
  const id = zoneIdOf(b.data);
  return typeof id === "number" && Number.isFinite(id)
    ? undefined
    : `the shield zone has no numeric "shieldZoneId" (got ${id === undefined ? "none" : JSON.stringify(id)})`;
};

function zoneIdOf(d: Body): unknown {
  return d.shieldZoneId ?? (isObj(d.shieldZone) ? d.shieldZone.shieldZoneId : undefined);
}

const ZONE = "/shield/shield-zone/{shieldZoneId}";

/** Endpoint definitions of the shield zones. */
export const shieldZoneEndpoints = {
  get: {
    operation: "shieldZones.get",
    method: "GET",
    path: ZONE,
    validate: dataObject("shield zone"),
  },
  getByPullZone: {
    operation: "shieldZones.getByPullZone",
    method: "GET",
    path: "/shield/shield-zone/get-by-pullzone/{pullZoneId}",
    validate: dataObject("shield zone"),
  },
  list: {
    operation: "shieldZones.list",
    method: "GET",
    path: "/shield/shield-zones",
    validate: dataArray("shield zone list"),
  },
  pullZoneMapping: {
    operation: "shieldZones.pullZoneMapping",
    method: "GET",
    path: "/shield/shield-zones/pullzone-mapping",
    validate: dataArray("pull-zone mapping"),
  },
  create: {
    operation: "shieldZones.create",
    method: "POST",
    path: "/shield/shield-zone",
    // A POST: never retried (except on a 429 or a refused connection).
    accepted: true,
    validate: namesZone,
  },
  update: {
    operation: "shieldZones.update",
    method: "PATCH",
    path: "/shield/shield-zone",
    // Callers send whole values of the settings they change: repeatable.
    idempotent: true,
    accepted: true,
    validate: namesZone,
  },
  defaults: {
    operation: "shieldZones.defaults",
    method: "GET",
    path: "/shield/shield-zone/defaults",
    // The published shape nests the zone's settings under `shieldZone`: an answer without it
    // must never read as "no defaults" (every setting would then look non-default).
    validate: (b) =>
      !isObj(b.data)
        ? 'the answer carries no default settings ("data" is missing)'
        : !isObj(b.data.shieldZone)
          ? 'the defaults answer has no "shieldZone" object'
          : undefined,
  },
  wafEngineConfig: {
    operation: "shieldZones.wafEngineConfig",
    method: "GET",
    path: "/shield/waf/engine-config",
    validate: dataArray("WAF engine config"),
  },
  managedWafRules: {
    operation: "shieldZones.managedWafRules",
    method: "GET",
    path: "/shield/waf/rules/{shieldZoneId}",
    // The published answer is a bare array of rulesets.
    bodyShape: "array",
  },
  getBotDetection: {
    operation: "shieldZones.getBotDetection",
    method: "GET",
    path: `${ZONE}/bot-detection`,
    validate: dataObject("bot detection"),
  },
  updateBotDetection: {
    operation: "shieldZones.updateBotDetection",
    method: "PATCH",
    path: `${ZONE}/bot-detection`,
    allowEmpty: true,
  },
  getUploadScanning: {
    operation: "shieldZones.getUploadScanning",
    method: "GET",
    path: `${ZONE}/upload-scanning`,
    validate: dataObject("upload scanning"),
  },
  updateUploadScanning: {
    operation: "shieldZones.updateUploadScanning",
    method: "PATCH",
    path: `${ZONE}/upload-scanning`,
    allowEmpty: true,
  },
  getApiGuardian: {
    operation: "shieldZones.getApiGuardian",
    method: "GET",
    path: `${ZONE}/api-guardian`,
    validate: (b) =>
      !isObj(b.data)
        ? 'the answer carries no API guardian ("data" is missing)'
        : !isObj(b.data.configuration)
          ? 'the API guardian answer has no "configuration"'
          : undefined,
  },
  updateApiGuardian: {
    operation: "shieldZones.updateApiGuardian",
    method: "PATCH",
    path: `${ZONE}/api-guardian`,
    allowEmpty: true,
  },
  createApiGuardianSpec: {
    operation: "shieldZones.createApiGuardianSpec",
    method: "POST",
    path: `${ZONE}/api-guardian/spec`,
    allowEmpty: true,
  },
  updateApiGuardianSpec: {
    operation: "shieldZones.updateApiGuardianSpec",
    method: "PATCH",
    path: `${ZONE}/api-guardian/spec`,
    allowEmpty: true,
  },
  getCustomPage: {
    operation: "shieldZones.getCustomPage",
    method: "GET",
    path: `${ZONE}/custom-page/{pageType}`,
    // The page is HTML text; an empty page is an empty string.
    responseType: "text",
    allowEmpty: true,
  },
  putCustomPage: {
    operation: "shieldZones.putCustomPage",
    method: "PUT",
    path: `${ZONE}/custom-page/{pageType}`,
    // The body is the HTML itself; the answer a GenericRequestResponse, or nothing.
    requestType: "html",
    allowEmpty: true,
  },
  deleteCustomPage: {
    operation: "shieldZones.deleteCustomPage",
    method: "DELETE",
    path: `${ZONE}/custom-page/{pageType}`,
    allowEmpty: true,
  },
  metricsOverview: {
    operation: "shieldZones.metricsOverview",
    method: "GET",
    path: "/shield/metrics/overview/{shieldZoneId}",
    validate: dataObject("metrics overview"),
  },
  rateLimitMetrics: {
    operation: "shieldZones.rateLimitMetrics",
    method: "GET",
    path: "/shield/metrics/rate-limits/{shieldZoneId}",
    validate: dataArray("rate-limit metrics"),
  },
} as const satisfies Record<string, EndpointDef>;

/**
 * Result of a shield zone create or update: the zone (200) or the platform's `AcceptedResult`
 * (202: applied later, read it back). A 200's `zone` holds what the answer names (identity
 * and settings as stored); the plan limits come with {@link ShieldZonesApi.get}.
 */
export type ShieldZoneWriteResult =
  { status: 200; zone: ShieldZoneResponse } | { status: 202; accepted: AcceptedResult };

/** The zone of a 200 write answer, flattened from the published `{..., shieldZone: {...}}` echo. */
function toZoneWrite(res: ApiResponse<unknown>): ShieldZoneWriteResult {
  const body = (res.data ?? {}) as Body;
  if (res.status === 202) return { status: 202, accepted: body as AcceptedResult };
  const d = body.data as Body;
  if (!isObj(d.shieldZone)) return { status: 200, zone: d as ShieldZoneResponse };
  const { shieldZone, ...rest } = d;
  const zone = { ...(shieldZone as Body), ...rest, shieldZoneId: zoneIdOf(d) };
  return { status: 200, zone: zone as ShieldZoneResponse };
}

function checkPageType(operation: string, pageType: string): void {
  if (!(CustomPageTypes as readonly string[]).includes(pageType)) {
    throw new InvalidArgumentError(
      operation,
      "pageType",
      `must be one of ${CustomPageTypes.map((t) => `"${t}"`).join(", ")}; got ${JSON.stringify(pageType)}`,
      CustomPageTypes,
    );
  }
}

/** Shield zones and their settings area of the {@link Client} (`client.shieldZones`). */
export class ShieldZonesApi {
  /** @internal Use `client.shieldZones`. */
  constructor(private readonly t: Caller) {}

  private async data<T>(
    def: EndpointDef,
    params: Record<string, string | number>,
    opts?: RequestOptions,
  ): Promise<T> {
    return (await this.t.call<{ data: T }>(def, { params }, opts)).data.data;
  }

  private async send(
    def: EndpointDef,
    params: Record<string, string | number>,
    body: unknown,
    opts?: RequestOptions,
  ): Promise<void> {
    await this.t.call(def, { params, body }, opts);
  }

  /**
   * Reads a shield zone (GET `/shield/shield-zone/{shieldZoneId}`): settings, plan and limits.
   * @throws EdgeApiError (404 `not_found_or_unauthorised_access.shieldzone`: missing, or not
   * visible to the key — never alone proof that it is gone).
   */
  async get(shieldZoneId: number, opts?: RequestOptions): Promise<ShieldZoneResponse> {
    return this.data(shieldZoneEndpoints.get, { shieldZoneId }, opts);
  }

  /**
   * The shield zone of a pull zone (GET `/shield/shield-zone/get-by-pullzone/{pullZoneId}`).
   * @throws EdgeApiError with key `not_found_or_unauthorised_access.pullzone` (inside a 200)
   * for a pull zone without a shield zone, unknown, or not visible to the key.
   */
  async getByPullZone(pullZoneId: number, opts?: RequestOptions): Promise<ShieldZoneByPullZone> {
    const res = await this.t.call<ShieldZoneByPullZoneResponse>(
      shieldZoneEndpoints.getByPullZone,
      { params: { pullZoneId } },
      opts,
    );
    return res.data.data as ShieldZoneByPullZone;
  }

  /**
   * Lists one page of the account's shield zones (GET `/shield/shield-zones`).
   * @param page 1-based page number (platform default 1).
   * @param perPage zones per page (platform default 10).
   */
  async list(
    page?: number,
    perPage?: number,
    opts?: RequestOptions,
  ): Promise<{ data: ShieldZoneResponse[]; page?: PageInfo }> {
    const res = await this.t.call<{ data: ShieldZoneResponse[]; page?: PageInfo }>(
      shieldZoneEndpoints.list,
      { query: { page, perPage } },
      opts,
    );
    return { data: res.data.data, ...(res.data.page ? { page: res.data.page } : {}) };
  }

  /** Lists every shield zone of the account, following all pages. */
  async listAll(opts?: RequestOptions): Promise<ShieldZoneResponse[]> {
    return allPages((page) => this.list(page, 100, opts), 100, "GET /shield/shield-zones");
  }

  /** Which pull zone each shield zone protects (GET `/shield/shield-zones/pullzone-mapping`). */
  async pullZoneMapping(opts?: RequestOptions): Promise<ShieldZonePullZoneMapping[]> {
    return this.data(shieldZoneEndpoints.pullZoneMapping, {}, opts);
  }

  /**
   * Creates the shield zone of a pull zone (POST `/shield/shield-zone`). Never retried except
   * on a 429 or a refused connection.
   * @throws EdgeApiError with status 409 when the pull zone already has a shield zone.
   */
  async create(
    body: CreateShieldZoneRequest,
    opts?: RequestOptions,
  ): Promise<ShieldZoneWriteResult> {
    return toZoneWrite(await this.t.call(shieldZoneEndpoints.create, { body }, opts));
  }

  /**
   * Changes a zone's settings (PATCH `/shield/shield-zone`, body `{shieldZoneId, shieldZone:
   * settings}`). Send whole values (a list whole, not an item): the call is then safe to
   * retry. A platform may reset settings left out to their defaults: send every setting you
   * mean to keep when unsure.
   */
  async update(
    shieldZoneId: number,
    settings: ShieldZoneSettings,
    opts?: RequestOptions,
  ): Promise<ShieldZoneWriteResult> {
    const body = { shieldZoneId, shieldZone: settings };
    return toZoneWrite(await this.t.call(shieldZoneEndpoints.update, { body }, opts));
  }

  /**
   * What a new zone gets (GET `/shield/shield-zone/defaults`): its settings (`shieldZone`),
   * bot detection's and upload scanning's modes and the managed access lists offered.
   */
  async defaults(opts?: RequestOptions): Promise<ShieldZoneDefaults> {
    return this.data(shieldZoneEndpoints.defaults, {}, opts);
  }

  /** The WAF engine variables' defaults (GET `/shield/waf/engine-config`). */
  async wafEngineConfig(opts?: RequestOptions): Promise<WafEngineConfigItem[]> {
    return this.data(shieldZoneEndpoints.wafEngineConfig, {}, opts);
  }

  /**
   * The managed WAF rules of a zone (GET `/shield/waf/rules/{shieldZoneId}`): the rule ids
   * that `wafDisabledRules` and `wafLogOnlyRules` name.
   */
  async managedWafRules(shieldZoneId: number, opts?: RequestOptions): Promise<ManagedWafRuleset[]> {
    const res = await this.t.call<ManagedWafRuleset[]>(
      shieldZoneEndpoints.managedWafRules,
      { params: { shieldZoneId } },
      opts,
    );
    return res.data;
  }

  /**
   * Reads a zone's bot detection (GET `.../bot-detection`).
   * @throws EdgeApiError with key `invalid_plan_type.bot_detection` on a plan without it.
   */
  async getBotDetection(shieldZoneId: number, opts?: RequestOptions): Promise<BotDetection> {
    return this.data(shieldZoneEndpoints.getBotDetection, { shieldZoneId }, opts);
  }

  /** Writes a zone's bot detection (PATCH `.../bot-detection`; the client adds `shieldZoneId`). */
  async updateBotDetection(
    shieldZoneId: number,
    body: BotDetectionUpdate,
    opts?: RequestOptions,
  ): Promise<void> {
    const zone = { shieldZoneId };
    await this.send(shieldZoneEndpoints.updateBotDetection, zone, { ...zone, ...body }, opts);
  }

  /** Reads a zone's upload scanning (GET `.../upload-scanning`). */
  async getUploadScanning(shieldZoneId: number, opts?: RequestOptions): Promise<UploadScanning> {
    return this.data(shieldZoneEndpoints.getUploadScanning, { shieldZoneId }, opts);
  }

  /** Writes a zone's upload scanning (PATCH `.../upload-scanning`; the client adds `shieldZoneId`). */
  async updateUploadScanning(
    shieldZoneId: number,
    body: UploadScanningUpdate,
    opts?: RequestOptions,
  ): Promise<void> {
    const zone = { shieldZoneId };
    await this.send(shieldZoneEndpoints.updateUploadScanning, zone, { ...zone, ...body }, opts);
  }

  /**
   * Reads a zone's API guardian (GET `.../api-guardian`): configuration and endpoints.
   * @throws EdgeApiError with key `feature_not_available_on_plan` below the Business plan.
   */
  async getApiGuardian(shieldZoneId: number, opts?: RequestOptions): Promise<ApiGuardian> {
    return this.data(shieldZoneEndpoints.getApiGuardian, { shieldZoneId }, opts);
  }

  /** Writes API guardian's configuration (PATCH `.../api-guardian`; only the fields sent change). */
  async updateApiGuardian(
    shieldZoneId: number,
    body: ApiGuardianUpdate,
    opts?: RequestOptions,
  ): Promise<void> {
    await this.send(shieldZoneEndpoints.updateApiGuardian, { shieldZoneId }, body, opts);
  }

  /** Uploads API guardian's first API document (POST `.../api-guardian/spec`; not retried). */
  async createApiGuardianSpec(
    shieldZoneId: number,
    body: ApiGuardianSpecRequest,
    opts?: RequestOptions,
  ): Promise<void> {
    await this.send(shieldZoneEndpoints.createApiGuardianSpec, { shieldZoneId }, body, opts);
  }

  /** Replaces API guardian's API document (PATCH `.../api-guardian/spec`). */
  async updateApiGuardianSpec(
    shieldZoneId: number,
    body: ApiGuardianSpecRequest,
    opts?: RequestOptions,
  ): Promise<void> {
    await this.send(shieldZoneEndpoints.updateApiGuardianSpec, { shieldZoneId }, body, opts);
  }

  /**
   * A custom response page's HTML (GET `.../custom-page/{pageType}`), or undefined when the
   * zone has none (a 404 that is not the ambiguous zone-not-found answer).
   * @throws InvalidArgumentError for an unknown `pageType` (nothing sent); EdgeApiError with
   * key `feature_not_available_on_plan` below the plan that has custom pages.
   */
  async getCustomPage(
    shieldZoneId: number,
    pageType: CustomPageType,
    opts?: RequestOptions,
  ): Promise<string | undefined> {
    checkPageType(shieldZoneEndpoints.getCustomPage.operation, pageType);
    try {
      const params = { shieldZoneId, pageType };
      return (await this.t.call<string>(shieldZoneEndpoints.getCustomPage, { params }, opts)).data;
    } catch (e) {
      if (e instanceof EdgeApiError && e.status === 404 && !e.isAmbiguousNotFound) return undefined;
      throw e;
    }
  }

  /** Sets a custom response page (PUT `.../custom-page/{pageType}`, the HTML as the body). */
  async putCustomPage(
    shieldZoneId: number,
    pageType: CustomPageType,
    html: string,
    opts?: RequestOptions,
  ): Promise<void> {
    checkPageType(shieldZoneEndpoints.putCustomPage.operation, pageType);
    await this.send(shieldZoneEndpoints.putCustomPage, { shieldZoneId, pageType }, html, opts);
  }

  /** Removes a custom response page: the platform's own page shows again (DELETE). */
  async deleteCustomPage(
    shieldZoneId: number,
    pageType: CustomPageType,
    opts?: RequestOptions,
  ): Promise<void> {
    checkPageType(shieldZoneEndpoints.deleteCustomPage.operation, pageType);
    await this.send(
      shieldZoneEndpoints.deleteCustomPage,
      { shieldZoneId, pageType },
      undefined,
      opts,
    );
  }

  /** A zone's metrics overview (GET `/shield/metrics/overview/{shieldZoneId}`). */
  async metricsOverview(
    shieldZoneId: number,
    opts?: RequestOptions,
  ): Promise<ShieldMetricsOverview> {
    return this.data(shieldZoneEndpoints.metricsOverview, { shieldZoneId }, opts);
  }

  /** The metrics of each rate-limit rule of a zone (GET `/shield/metrics/rate-limits/{shieldZoneId}`). */
  async rateLimitMetrics(shieldZoneId: number, opts?: RequestOptions): Promise<RateLimitMetrics[]> {
    return this.data(shieldZoneEndpoints.rateLimitMetrics, { shieldZoneId }, opts);
  }
}
