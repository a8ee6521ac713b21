/**
 * The settings of a shield zone that live on their own paths (`spec/shield.md`): bot
 * detection, upload scanning, API guardian (configuration and API document) and the custom
 * response pages (HTML in, the page as `text/plain` out). Plan gates with the statuses the
 * published document declares: bot detection needs the Advanced plan (below: 403
 * `{data: null, error}` with `invalid_plan_type.bot_detection`), API guardian the Business
 * plan (below: 403 with `feature_not_available_on_plan`); profile `planRefusal:
 * "embedded-200"` answers both as a 200 carrying the error. Custom pages need the Business
 * plan (below: 400 `feature_not_available_on_plan`, the document declares no 403 there);
 * upload scanning is on every plan.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  apiGuardianSpecRequestSchema,
  apiGuardianUpdateSchema,
  botDetectionRequestSchema,
  customPageParamsSchema,
  uploadScanningRequestSchema,
  type ApiGuardianSpecRequest,
  type ApiGuardianUpdate,
  type BotDetectionUpdate,
  type CustomPageType,
  type GenericRequestResponse,
  type UploadScanningUpdate,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import type { ShieldZoneState } from "../state";
import { int32Params, OK_RESULT } from "./common";
import { dataError, planName, zoneAccess, zonePlan } from "./shield-access";
import { zoneNotFound } from "./zone-lists";

/** Error key of bot detection on a plan without it. */
export const BOT_PLAN_KEY = "invalid_plan_type.bot_detection";
/** Error key of custom pages and API guardian below the Business plan. */
export const FEATURE_PLAN_KEY = "feature_not_available_on_plan";
/** Error key of a custom page PUT whose body is not a page. */
export const PAGE_INVALID_KEY = "validation_error.custom_page";
/** Error key of a custom page the zone does not have. */
export const PAGE_NOT_FOUND_KEY = "not_found.custom_page";

const ADVANCED = 1;
const BUSINESS = 2;
/** Most endpoints API guardian's document may define, by plan (Business, Enterprise). */
const MAX_ENDPOINTS = [0, 0, 50, 500];

type Zoned = { Params: { shieldZoneId: number } };
type Req = FastifyRequest<Zoned>;
const HTTP_METHODS = ["get", "put", "post", "delete", "patch", "head", "options"];

/** What API guardian reads from an API document: title, version and endpoints. */
interface ApiDocument {
  title: string | null;
  version: string | null;
  endpoints: { method: string; path: string }[];
}

/**
 * Reads an OpenAPI document given as JSON (title, version, endpoints) or YAML (title and
 * version; endpoints are not read). Undefined when it is neither.
 */
export function parseApiDocument(content: string): ApiDocument | undefined {
  try {
    const doc = JSON.parse(content) as Record<string, unknown>;
    if (typeof doc !== "object" || doc === null) return undefined;
    if (typeof doc.openapi !== "string" && typeof doc.swagger !== "string") return undefined;
    const info = (doc.info ?? {}) as Record<string, unknown>;
    const paths = (doc.paths ?? {}) as Record<string, Record<string, unknown>>;
    return {
      title: typeof info.title === "string" ? info.title : null,
      version: typeof info.version === "string" ? info.version : null,
      endpoints: Object.entries(paths).flatMap(([path, ops]) =>
        Object.keys(ops ?? {})
          .filter((m) => HTTP_METHODS.includes(m))
          .map((m) => ({ method: m.toUpperCase(), path })),
      ),
    };
  } catch {
    if (!/^(openapi|swagger):\s*["']?\d/m.test(content)) return undefined;
    const field = (k: string) =>
      new RegExp(`^\\s+${k}:\\s*["']?([^"'\\n]+)["']?\\s*$`, "m").exec(content)?.[1] ?? null;
    return { title: field("title"), version: field("version"), endpoints: [] };
  }
}

/** An API guardian endpoint's summary (the first fields of `ApiGuardianEndpointDetails`). */
export function endpointSummary(
  z: ShieldZoneState,
  id: number,
  e: { method: string; path: string },
  enforceAuth: boolean,
) {
  return {
    apiGuardianEndpointId: id,
    shieldZoneId: z.id,
    requestMethod: e.method,
    requestPath: e.path,
    isEnabled: true,
    validateRequestBodySchema: true,
    validateResponseBodySchema: false,
    validateAuthorization: enforceAuth,
  };
}

/** Registers the routes of bot detection, upload scanning, API guardian and custom pages. */
export function registerShieldZoneFeatureRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { zoneFor } = zoneAccess(ctx);
  /**
   * The zone of the request (its parts are filled by the store); or the answer to a missing
   * zone was sent: the published 404 of these operations, `{data: null, error}` (profile
   * `notFoundAnswer: "embedded-200"`: that body in a 200). Custom pages send `error` alone,
   * their operations' `GenericRequestResponse`.
   */
  const zoneOf = (req: Req, reply: FastifyReply, bare = false): ShieldZoneState | undefined => {
    const z = zoneFor(req, req.params.shieldZoneId);
    if (!z) {
      const error = zoneNotFound(req.params.shieldZoneId);
      const status = ctx.profile.notFoundAnswer === "embedded-200" ? 200 : 404;
      void reply.code(status).send(bare ? error : { data: null, error });
    }
    return z;
  };
  const planMessage = (z: ShieldZoneState, feature: string, needs: number) =>
    `${feature} is not available on the ${planName(zonePlan(z).planType)} plan of shield zone ` +
    `${z.id}: it needs the ${planName(needs)} plan or above`;
  /** A body's `shieldZoneId` must be the path's. */
  const sameZone = (req: Req & { body: { shieldZoneId?: number } }, reply: FastifyReply) => {
    const sent = req.body.shieldZoneId;
    if (sent === undefined || sent === req.params.shieldZoneId) return true;
    const message = `is ${sent} but the path names shield zone ${req.params.shieldZoneId}`;
    sendError(reply, pathOf(req.url), 400, `shieldZoneId: ${message}`, {
      fieldErrors: [{ field: "shieldZoneId", message }],
    });
    return false;
  };
  const ok = () => ({ ...OK_RESULT });
  /** A plan refusal: 403 `{data: null, error}`, or that body in a 200 (profile `planRefusal`). */
  const planRefusal = (reply: FastifyReply, key: string, message: string) =>
    dataError(reply, ctx.profile.planRefusal === "embedded-200" ? 200 : 403, key, message, 403);

  // Bot detection: Advanced plan and above.
  const botGate = (z: ShieldZoneState, reply: FastifyReply) =>
    zonePlan(z).planType < ADVANCED
      ? planRefusal(reply, BOT_PLAN_KEY, planMessage(z, "Bot detection", ADVANCED))
      : undefined;
  const botView = (z: ShieldZoneState) => ({ shieldZoneId: z.id, ...z.botDetection! });
  const zoned = { schema: { params: int32Params("shieldZoneId") } };

  app.get<Zoned>("/shield/shield-zone/:shieldZoneId/bot-detection", zoned, async (req, reply) => {
    const z = zoneOf(req, reply);
    if (!z) return reply;
    return botGate(z, reply) ?? { data: botView(z), error: ok() };
  });

  app.patch<Zoned & { Body: BotDetectionUpdate & { shieldZoneId?: number } }>(
    "/shield/shield-zone/:shieldZoneId/bot-detection",
    { schema: { params: int32Params("shieldZoneId"), body: botDetectionRequestSchema } },
    async (req, reply) => {
      const z = zoneOf(req, reply);
      if (!z || !sameZone(req, reply)) return reply;
      const gated = botGate(z, reply);
      if (gated) return gated;
      const cur = z.botDetection!;
      const b = req.body;
      z.botDetection = {
        executionMode: b.executionMode ?? cur.executionMode,
        requestIntegrity: { ...cur.requestIntegrity, ...(b.requestIntegrity ?? {}) },
        ipAddress: { ...cur.ipAddress, ...(b.ipAddress ?? {}) },
        browserFingerprint: { ...cur.browserFingerprint, ...(b.browserFingerprint ?? {}) },
      } as typeof cur;
      ctx.store.commit();
      return { data: botView(z), error: ok() };
    },
  );

  // Upload scanning: every plan.
  const uploadView = (z: ShieldZoneState) => ({ shieldZoneId: z.id, ...z.uploadScanning! });
  app.get<Zoned>("/shield/shield-zone/:shieldZoneId/upload-scanning", zoned, async (req, reply) => {
    const z = zoneOf(req, reply);
    if (!z) return reply;
    return { data: uploadView(z), error: ok() };
  });

  app.patch<Zoned & { Body: UploadScanningUpdate & { shieldZoneId?: number } }>(
    "/shield/shield-zone/:shieldZoneId/upload-scanning",
    { schema: { params: int32Params("shieldZoneId"), body: uploadScanningRequestSchema } },
    async (req, reply) => {
      const z = zoneOf(req, reply);
      if (!z || !sameZone(req, reply)) return reply;
      const { shieldZoneId: _id, ...sent } = req.body;
      z.uploadScanning = { ...z.uploadScanning!, ...sent };
      ctx.store.commit();
      return { data: uploadView(z), error: ok() };
    },
  );

  // API guardian: Business plan and above.
  const guardianGate = (z: ShieldZoneState, reply: FastifyReply) =>
    zonePlan(z).planType < BUSINESS
      ? planRefusal(reply, FEATURE_PLAN_KEY, planMessage(z, "API Guardian", BUSINESS))
      : undefined;
  const configurationView = (z: ShieldZoneState) => {
    const g = z.apiGuardian!;
    const doc = g.spec ? parseApiDocument(g.spec.content) : undefined;
    return {
      shieldZoneId: z.id,
      ...g.configuration,
      title: doc?.title ?? null,
      version: doc?.version ?? null,
      maxEndpoints: MAX_ENDPOINTS[zonePlan(z).planType] ?? 0,
    };
  };
  const guardianView = (z: ShieldZoneState) => {
    const g = z.apiGuardian!;
    const doc = g.spec ? parseApiDocument(g.spec.content) : undefined;
    return {
      configuration: configurationView(z),
      endpoints: (doc?.endpoints ?? []).map((e, i) =>
        endpointSummary(z, z.id * 1000 + i + 1, e, g.spec?.enforceAuthorizationValidation ?? true),
      ),
    };
  };
  const guardian = "/shield/shield-zone/:shieldZoneId/api-guardian";

  app.get<Zoned>(guardian, zoned, async (req, reply) => {
    const z = zoneOf(req, reply);
    if (!z) return reply;
    return guardianGate(z, reply) ?? { data: guardianView(z), error: ok() };
  });

  app.patch<Zoned & { Body: ApiGuardianUpdate }>(
    guardian,
    { schema: { params: int32Params("shieldZoneId"), body: apiGuardianUpdateSchema } },
    async (req, reply) => {
      const z = zoneOf(req, reply);
      if (!z) return reply;
      const gated = guardianGate(z, reply);
      if (gated) return gated;
      const g = z.apiGuardian!;
      g.configuration = { ...g.configuration, ...req.body };
      ctx.store.commit();
      return { data: configurationView(z), error: ok() };
    },
  );

  /** Stores an API document (POST: the first one; PATCH: a replacement). */
  const putSpec =
    (first: boolean) =>
    async (req: Req & { body: ApiGuardianSpecRequest }, reply: FastifyReply) => {
      const z = zoneOf(req, reply);
      if (!z) return reply;
      const gated = guardianGate(z, reply);
      if (gated) return gated;
      const g = z.apiGuardian!;
      if (first && g.spec)
        return dataError(
          reply,
          409,
          "already_exists.api_guardian_specification",
          `shield zone ${z.id} already has an API document; PATCH .../api-guardian/spec replaces it`,
        );
      if (!first && !g.spec)
        return dataError(
          reply,
          404,
          "not_found.api_guardian_specification",
          `shield zone ${z.id} has no API document yet; POST .../api-guardian/spec uploads the first`,
        );
      const doc = parseApiDocument(req.body.content);
      if (!doc)
        return dataError(
          reply,
          400,
          "invalid_specification",
          'content: is not an OpenAPI document (no "openapi" or "swagger" version)',
        );
      const max = MAX_ENDPOINTS[zonePlan(z).planType] ?? 0;
      if (doc.endpoints.length > max)
        return dataError(
          reply,
          400,
          "limit_reached.api_guardian_endpoints",
          `content: defines ${doc.endpoints.length} endpoints; the ${planName(zonePlan(z).planType)} plan allows ${max} (maxEndpoints)`,
        );
      const enforce =
        req.body.enforceAuthorizationValidation ??
        (first ? true : (g.spec?.enforceAuthorizationValidation ?? true));
      g.spec = { content: req.body.content, enforceAuthorizationValidation: enforce };
      ctx.store.commit();
      return { data: guardianView(z), error: ok() };
    };
  const specRoute = {
    schema: { params: int32Params("shieldZoneId"), body: apiGuardianSpecRequestSchema },
  };
  type SpecRoute = Zoned & { Body: ApiGuardianSpecRequest };
  app.post<SpecRoute>(`${guardian}/spec`, specRoute, putSpec(true));
  app.patch<SpecRoute>(`${guardian}/spec`, specRoute, putSpec(false));

  registerCustomPageRoutes(app, ctx, { zoneOf, planMessage });
}

/**
 * The JSON content type a request's `Accept` asks for when it accepts neither `text/plain`
 * nor any type (`application/json` or `text/json`), else undefined (answer `text/plain`).
 */
function jsonOnly(accept: string | undefined): string | undefined {
  const types = (accept ?? "").split(",").map((t) => t.split(";")[0].trim().toLowerCase());
  if (types.some((t) => t === "" || t === "*/*" || t === "text/*" || t === "text/plain"))
    return undefined;
  return types.find((t) => t === "application/json" || t === "text/json");
}

/**
 * Custom response pages: GET answers the HTML as a string in a content type the published
 * document declares (`text/plain`; a JSON string when the request accepts only
 * `application/json` or `text/json`; 404 when the zone has none),
 * PUT takes the HTML as the body (`text/html` or `text/plain`, also a JSON string), DELETE
 * goes back to the platform's page. Business plan and above. The routes live in their own
 * plugin context so that only they accept non-JSON bodies.
 */
function registerCustomPageRoutes(
  app: FastifyInstance,
  ctx: EmulatorContext,
  h: {
    zoneOf: (req: Req, reply: FastifyReply, bare?: boolean) => ShieldZoneState | undefined;
    planMessage: (z: ShieldZoneState, feature: string, needs: number) => string;
  },
): void {
  type PageRoute = { Params: { shieldZoneId: number; pageType: CustomPageType } };
  const generic = (reply: FastifyReply, status: number, key: string | null, message: string) => {
    const body: GenericRequestResponse = {
      statusCode: status,
      success: status < 400,
      message,
      errorKey: key,
    };
    return reply.code(status).send(body);
  };
  /** The zone when it exists and its plan has custom pages; otherwise the answer was sent. */
  const pageZone = (req: FastifyRequest<PageRoute>, reply: FastifyReply) => {
    const z = h.zoneOf(req as unknown as Req, reply, true);
    if (!z) return undefined;
    if (zonePlan(z).planType < BUSINESS) {
      generic(reply, 400, FEATURE_PLAN_KEY, h.planMessage(z, "Custom response pages", BUSINESS));
      return undefined;
    }
    return z;
  };
  const path = "/shield/shield-zone/:shieldZoneId/custom-page/:pageType";
  const params = { schema: { params: customPageParamsSchema } };
  const missing = (reply: FastifyReply, z: ShieldZoneState, t: string) =>
    generic(reply, 404, PAGE_NOT_FOUND_KEY, `shield zone ${z.id} has no custom ${t} page`);

  void app.register(async (pages) => {
    pages.addContentTypeParser(
      ["text/html", "text/plain"],
      { parseAs: "string" },
      (_req, body, done) => done(null, body),
    );

    pages.get<PageRoute>(path, params, async (req, reply) => {
      const z = pageZone(req, reply);
      if (!z) return reply;
      const html = z.customPages?.[req.params.pageType];
      if (html === undefined) return missing(reply, z, req.params.pageType);
      const json = jsonOnly(req.headers.accept);
      if (json) return reply.code(200).type(`${json}; charset=utf-8`).send(JSON.stringify(html));
      return reply.code(200).type("text/plain; charset=utf-8").send(html);
    });

    pages.put<PageRoute & { Body: unknown }>(path, params, async (req, reply) => {
      const z = pageZone(req, reply);
      if (!z) return reply;
      const html = req.body;
      if (typeof html !== "string" || html.trim() === "") {
        // The published 400 of this operation: a `GenericRequestResponse`.
        const message = "body: must be the page's HTML (a non-empty text/html body)";
        return generic(reply, 400, PAGE_INVALID_KEY, message);
      }
      (z.customPages ??= {})[req.params.pageType] = html;
      ctx.store.commit();
      return generic(reply, 200, null, `Custom ${req.params.pageType} page saved`);
    });

    pages.delete<PageRoute>(path, params, async (req, reply) => {
      const z = pageZone(req, reply);
      if (!z) return reply;
      if (z.customPages?.[req.params.pageType] === undefined)
        return missing(reply, z, req.params.pageType);
      delete z.customPages[req.params.pageType];
      ctx.store.commit();
      return generic(reply, 200, null, `Custom ${req.params.pageType} page deleted`);
    });
  });
}
