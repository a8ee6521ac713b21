/**
 * Builds the emulator's fastify instance: content-type parsers, the schema-module
 * validator, fault injection, authentication of management endpoints, the request
 * journal, error mapping into the platform's shapes, and every route module.
 */
import Fastify, { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Readable } from "stream";
import { EmulatorContext, pathOf, queryOf } from "./context";
import { areaOf, errorBody, sendError } from "./errors";
import { Fault, FaultRegistry } from "./faults";
import { Fixtures, loadFixtures } from "./fixtures";
import { isMarkedUnchanged, Journal, keyFingerprint } from "./journal";
import { journalBody } from "./journal-redact";
import { PendingWrites, ProfileInput, resolveProfile } from "./profiles";
import { checkScopedKeys, ScopedKeys } from "./scopes";
import { registerComputeRoutes } from "./routes/compute";
import { registerContainerRoutes } from "./routes/containers";
import { registerContainerAreaRoutes } from "./routes/containers-area";
import { registerControlRoutes } from "./routes/control";
import { registerDnsRoutes } from "./routes/dns";
import { registerLoggingRoutes } from "./routes/logging";
import { registerPullZoneRoutes } from "./routes/pullzones";
import { registerPullZoneStatisticsRoutes } from "./routes/pullzone-statistics";
import { registerShieldRoutes } from "./routes/shield";
import { registerShieldZoneRoutes } from "./routes/shield-zones";
import { registerShieldZoneFeatureRoutes } from "./routes/shield-zone-features";
import { registerShieldMetricsRoutes } from "./routes/shield-metrics";
import { registerShieldBotRoutes } from "./routes/shield-bots";
import { registerShieldCatalogRoutes } from "./routes/shield-catalog";
import { registerShieldDetailedMetricsRoutes } from "./routes/shield-detailed-metrics";
import { registerShieldEventSearchRoutes } from "./routes/shield-event-search";
import { registerShieldWafReviewRoutes } from "./routes/shield-waf-review";
import { registerShieldZoneActionRoutes } from "./routes/shield-zone-actions";
import { registerWafRoutes } from "./routes/waf";
import { registerAccessListRoutes } from "./routes/access-lists";
import { StateStore } from "./state";
import { RequestValidationError, validatorCompiler } from "./validation";
import { Limits } from "edgeplatform-client/spec";
import { setTimeout as sleep } from "node:timers/promises";

/** The documented default API key of the emulator (not a secret). */
export const DEFAULT_API_KEY = "emulator-local-key";
/** Largest request body of the platform endpoints (1 MiB); larger → 413. */
export const BODY_LIMIT = 1024 * 1024;

/** Options of an emulator instance. */
export interface EmulatorOptions {
  /** TCP port; 0 = a free port (default 0). */
  port?: number;
  /** Interface to listen on (default `127.0.0.1`). */
  host?: string;
  /** API key every endpoint requires (default `DEFAULT_API_KEY`). */
  apiKey?: string;
  /** Fixtures: a JSON file path or an object (partial state); default: built-in fixtures. */
  fixtures?: string | Fixtures;
  /** Persist the state to this JSON file (atomically) and load it on start when it exists. */
  stateFile?: string;
  /** Logging API limit per pull zone (sliding window); default 30 per 10 000 ms; false = off. */
  loggingRateLimit?: { requests: number; windowMs: number } | false;
  /** Clock in epoch ms (default `Date.now`), used for log windows and default ranges. */
  now?: () => number;
  /** Most journal entries kept (default 10 000, oldest dropped first). */
  journalCapacity?: number;
  /**
   * Behaviour where the spec is silent: a profile name, or switches over `default` (an
   * object may also carry `name`, the base to start from). Default `"default"`.
   */
  profile?: ProfileInput;
  /**
   * Further keys that are accepted but see only some zones (`{KEY: {shieldZones: [1],
   * dnsZones?: [1]}}`); other zones answer like a key without access. Default none.
   */
  scopedKeys?: ScopedKeys;
}

interface EmuRequestState {
  emuTime?: number;
  emuJournaled?: boolean;
  emuAfter?: Fault;
}
type EmuRequest = FastifyRequest & EmuRequestState;

/** JSON media types the platform accepts. */
const JSON_TYPES: (string | RegExp)[] = [
  "application/json",
  "text/json",
  /^application\/([a-z0-9.+-]+|\*)\+json$/i,
];

/** Body of a fault answer: the spec's body, the area's default error body, or nothing. */
function faultPayload(f: Fault, path: string, status: number): string {
  if (f.body === null) return "";
  if (f.body !== undefined) return JSON.stringify(f.body);
  if (status < 400) return "";
  return JSON.stringify(errorBody(path, status, `Injected fault (status ${status})`));
}

/**
 * Creates a configured (not yet listening) fastify instance and its context.
 * Throws when the fixtures or the state file are invalid.
 */
export function buildServer(opts: EmulatorOptions = {}): {
  app: FastifyInstance;
  ctx: EmulatorContext;
} {
  const apiKey = opts.apiKey ?? DEFAULT_API_KEY;
  const keyProblems = checkScopedKeys(opts.scopedKeys ?? {}, apiKey);
  if (keyProblems.length) throw new Error(`invalid scopedKeys: ${keyProblems.join("; ")}`);
  const ctx: EmulatorContext = {
    store: new StateStore(loadFixtures(opts.fixtures), opts.stateFile),
    journal: new Journal(opts.journalCapacity),
    faults: new FaultRegistry(),
    apiKey,
    now: opts.now ?? Date.now,
    loggingRateLimit:
      opts.loggingRateLimit === undefined
        ? { requests: Limits.loggingRequestsPerWindow, windowMs: Limits.loggingWindowMs }
        : opts.loggingRateLimit,
    loggingHits: new Map(),
    profile: resolveProfile(opts.profile),
    pending: new PendingWrites(),
    scopedKeys: new Map(Object.entries(opts.scopedKeys ?? {})),
  };

  const app = Fastify({
    logger: false,
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 2000 },
    keepAliveTimeout: 5000,
  });
  app.setValidatorCompiler(validatorCompiler);
  // Delayed writes die with the server: no timer outlives close().
  app.addHook("onClose", async () => ctx.pending.clear());

  // Only JSON bodies (application/json, text/json, application/*+json); others → 415.
  app.removeAllContentTypeParsers();
  const parseJson = (
    _req: FastifyRequest,
    body: string | Buffer,
    done: (err: Error | null, v?: unknown) => void,
  ) => {
    const text = String(body);
    if (text.trim() === "") return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch (e) {
      const err = new Error(`request body is not valid JSON: ${(e as Error).message}`) as Error & {
        statusCode: number;
        code: string;
      };
      err.statusCode = 400;
      err.code = "EMU_MALFORMED_JSON";
      done(err, undefined);
    }
  };
  for (const t of JSON_TYPES) app.addContentTypeParser(t, { parseAs: "string" }, parseJson);

  /** The journal's `scopedKey` of a request made with a scoped key (its fingerprint). */
  const scopedKeyOf = (req: EmuRequest): { scopedKey?: string } => {
    const key = req.headers["accesskey"];
    return typeof key === "string" && key !== ctx.apiKey && ctx.scopedKeys.has(key)
      ? { scopedKey: keyFingerprint(key) }
      : {};
  };

  /** Journals a request that gets no answer (reset, or its client went away) with status 0. */
  const journalNoAnswer = (req: EmuRequest, path: string) => {
    if (req.emuJournaled) return;
    req.emuJournaled = true;
    ctx.journal.record({
      method: req.method,
      path,
      query: queryOf(req.url),
      status: 0,
      body: journalBody(path, req.body ?? null),
      time: req.emuTime ?? Date.now(),
      ...scopedKeyOf(req),
    });
  };

  // Faults first, then authentication of management endpoints (logging routes check
  // their own credentials). Runs after body parsing so the journal sees the body.
  app.addHook("preValidation", async (request: FastifyRequest, reply: FastifyReply) => {
    const req = request as EmuRequest;
    const path = pathOf(req.url);
    const area = areaOf(path);
    if (area === "control") return;
    const fault = ctx.faults.size > 0 ? ctx.faults.take(req.method, path) : undefined;
    if (fault) {
      if (fault.delayMs) {
        await sleep(fault.delayMs);
        // The client gave up during the delay: it gets no answer, but the request is still
        // processed (as a platform would). Journal it now with status 0.
        if (req.raw.socket?.destroyed) journalNoAnswer(req, path);
      }
      if (fault.reset) {
        journalNoAnswer(req, path);
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      }
      if (fault.malformed) {
        reply.code(200).type("application/json; charset=utf-8");
        if (fault.headers) reply.headers(fault.headers);
        return reply.send('{"data":[{"id":1,"name":"trunc');
      }
      if (fault.status !== undefined && !fault.afterHandler) {
        reply.code(fault.status).type("application/json; charset=utf-8");
        if (fault.headers) reply.headers(fault.headers);
        return reply.send(faultPayload(fault, path, fault.status));
      }
      if (fault.afterHandler) req.emuAfter = fault;
    }
    if (area === "logging" || req.is404) return;
    const key = req.headers["accesskey"];
    if (key !== ctx.apiKey && !(typeof key === "string" && ctx.scopedKeys.has(key))) {
      return sendError(
        reply,
        path,
        401,
        key === undefined ? "The AccessKey header is missing" : "The API key is not valid",
        { key: "unauthorized" },
      );
    }
  });

  app.addHook("onRequest", async (request: FastifyRequest) => {
    (request as EmuRequest).emuTime = Date.now();
  });

  // afterHandler faults: the real handler ran; replace its answer.
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const req = request as EmuRequest;
    const f = req.emuAfter;
    if (!f || f.status === undefined) return payload;
    req.emuAfter = undefined;
    if (payload && typeof (payload as Readable).pipe === "function")
      (payload as Readable).destroy();
    reply.code(f.status);
    reply.removeHeader("content-encoding");
    reply.removeHeader("content-length");
    reply.removeHeader("content-disposition");
    reply.header("content-type", "application/json; charset=utf-8");
    if (f.headers) reply.headers(f.headers);
    return faultPayload(f, pathOf(req.url), f.status);
  });

  app.addHook("onResponse", async (request: FastifyRequest, reply: FastifyReply) => {
    const req = request as EmuRequest;
    const path = pathOf(req.url);
    if (req.emuJournaled || areaOf(path) === "control") return;
    ctx.journal.record({
      method: req.method,
      path,
      query: queryOf(req.url),
      status: reply.statusCode,
      body: journalBody(path, req.body ?? null),
      time: req.emuTime ?? Date.now(),
      ...scopedKeyOf(req),
      ...(isMarkedUnchanged(req) ? { unchanged: true as const } : {}),
    });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = pathOf(req.url);
    reply
      .code(404)
      .type("application/json; charset=utf-8")
      .send(
        JSON.stringify(
          areaOf(path) === "control"
            ? { error: `no control route ${req.method} ${path}` }
            : {
                type: "https://httpstatuses.io/404",
                title: "not_found",
                status: 404,
                detail: `No route ${req.method} ${path}`,
                instance: path,
              },
        ),
      );
  });

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, req, reply) => {
    const path = pathOf(req.url);
    if (error instanceof RequestValidationError) {
      return sendError(reply, path, 400, `Validation failed: ${error.message}`, {
        fieldErrors: error.fieldErrors,
      });
    }
    const status =
      typeof error.statusCode === "number" && error.statusCode >= 400 && error.statusCode < 600
        ? error.statusCode
        : 500;
    let message: string;
    let fieldErrors: { field: string; message: string }[] | undefined;
    if (status === 413) {
      message = `request body is larger than ${BODY_LIMIT} bytes`;
      fieldErrors = [{ field: "body", message }];
    } else if (status === 415) {
      message = `unsupported Content-Type "${req.headers["content-type"] ?? ""}"; use application/json, text/json or application/*+json`;
      fieldErrors = [{ field: "Content-Type", message }];
    } else if (
      error.code === "EMU_MALFORMED_JSON" ||
      error.code === "FST_ERR_CTP_INVALID_JSON_BODY"
    ) {
      message = error.message;
      fieldErrors = [{ field: "body", message: "is not valid JSON" }];
    } else if (status >= 500) {
      message = "An unexpected error occurred in the emulator";
    } else {
      message = error.message;
      fieldErrors = [{ field: "request", message: error.message }];
    }
    if (reply.sent || reply.raw.headersSent) return;
    return sendError(reply, path, status, message, { fieldErrors });
  });

  registerControlRoutes(app, ctx);
  registerShieldRoutes(app, ctx);
  registerShieldZoneRoutes(app, ctx);
  registerShieldZoneFeatureRoutes(app, ctx);
  registerShieldMetricsRoutes(app, ctx);
  registerShieldBotRoutes(app, ctx);
  registerShieldCatalogRoutes(app, ctx);
  registerShieldDetailedMetricsRoutes(app, ctx);
  registerShieldEventSearchRoutes(app, ctx);
  registerShieldWafReviewRoutes(app, ctx);
  registerShieldZoneActionRoutes(app, ctx);
  registerWafRoutes(app, ctx);
  registerAccessListRoutes(app, ctx);
  registerDnsRoutes(app, ctx);
  registerContainerRoutes(app, ctx);
  registerContainerAreaRoutes(app, ctx);
  registerComputeRoutes(app, ctx);
  registerPullZoneRoutes(app, ctx);
  registerPullZoneStatisticsRoutes(app, ctx);
  registerLoggingRoutes(app, ctx);
  return { app, ctx };
}
