/**
 * The collection table of shield rules (rate-limit rules and custom WAF rules): objects found
 * by id alone, each naming its shield zone; the create names the zone in its body; failures
 * are a rule-shaped 200 whose `errorResponse` carries them (`spec/shield.md`).
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { GenericRequestResponse } from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import type { BehaviourProfile } from "../profiles";
import type { ShieldZoneState } from "../state";
import { type At, type CollectionTable, flatStore, type Id } from "./collection";
import { int64Params, OK_RESULT } from "./common";
import { zoneAccess } from "./shield-access";
import { listQuerySchema, zoneListPage, zoneNotFound } from "./zone-lists";

/** What a rate-limit rule and a custom WAF rule share. */
export interface ShieldRule<Cfg> {
  id: number;
  shieldZoneId: number;
  userId?: string | null;
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleJson?: string | null;
  ruleConfiguration?: Cfg | null;
  errorResponse?: GenericRequestResponse | null;
}

/** A rule's create and update bodies. */
export interface RuleBody<Cfg> {
  shieldZoneId?: number;
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleConfiguration?: Cfg;
}

/** A rule-shaped 200 body that carries a failure in `errorResponse` (the shield API's way). */
export function embeddedRuleFailure(errorResponse: GenericRequestResponse) {
  return {
    id: 0,
    shieldZoneId: 0,
    userId: null,
    ruleName: null,
    ruleDescription: null,
    ruleJson: null,
    ruleConfiguration: null,
    errorResponse,
  };
}

/** What sets one kind of shield rule apart. */
export interface RuleKind<Cfg> {
  /** The rule in messages ("Rate limit rule"). */
  noun: string;
  notFoundKey: string;
  /** Path of one rule (`/shield/rate-limit`; `/:id` follows) and of a zone's list. */
  path: string;
  listPath: string;
  rules(): ShieldRule<Cfg>[];
  /** Takes the next id. */
  nextId(): number;
  createBody: Record<string, unknown>;
  updateBody: Record<string, unknown>;
  updateMethods: ("PATCH" | "PUT")[];
  /** Path parameters of the update and delete (the published kinds differ per route). */
  itemParams?: Record<string, unknown>;
  /** The configuration a write stores (the profile: replace or merge, defaults or not). */
  stored(profile: BehaviourProfile, old: Cfg | null | undefined, sent: Cfg): Cfg;
  /** The create's own refusal in a zone (a plan limit), or undefined. */
  refuse?(reply: FastifyReply, zone: ShieldZoneState): unknown;
  /** The message of a delayed delete's 202; false: the delete is applied at once. */
  deleteAccepted: false | ((id: Id) => string);
}

type Rule<Cfg> = ShieldRule<Cfg>;

/** The collection table of one kind of shield rule. */
export function shieldRuleTable<Cfg>(
  ctx: EmulatorContext,
  k: RuleKind<Cfg>,
): CollectionTable<Rule<Cfg>, ShieldZoneState, RuleBody<Cfg>, RuleBody<Cfg>> {
  const { sees, zoneFor } = zoneAccess(ctx);
  const withOk = (r: Rule<Cfg>): Rule<Cfg> => ({ ...r, errorResponse: { ...OK_RESULT } });
  const pageQuery = (req: FastifyRequest) => {
    const q = req.query as { page?: number; perPage?: number };
    return { page: q.page ?? 1, pageSize: q.perPage ?? 10 };
  };
  const page = (zoneId: number, visible: boolean, items: Rule<Cfg>[], req: FastifyRequest) => {
    const { page: n, pageSize } = pageQuery(req);
    return zoneListPage(zoneId, visible, () => items, n, pageSize);
  };
  /** A rule-shaped failure; a create's echoes what it was sent. */
  const missing = (at: { req: FastifyRequest; parentId: Id }, op: string) => {
    const zoneId = at.parentId as number;
    if (op === "list") return page(zoneId, false, [], at.req);
    const failure = embeddedRuleFailure(zoneNotFound(zoneId));
    if (op !== "create") return failure;
    const b = at.req.body as RuleBody<Cfg>;
    return {
      ...failure,
      shieldZoneId: zoneId,
      ruleName: b.ruleName ?? null,
      ruleDescription: b.ruleDescription ?? null,
      ruleConfiguration: b.ruleConfiguration ?? {},
    };
  };
  const make = (at: At<ShieldZoneState>, b: RuleBody<Cfg>, id: number): Rule<Cfg> => {
    const cfg = k.stored(at.profile, undefined, b.ruleConfiguration ?? ({} as Cfg));
    return {
      id,
      shieldZoneId: at.parentId as number,
      userId: "user-1",
      ruleName: b.ruleName ?? null,
      ruleDescription: b.ruleDescription ?? null,
      ruleJson: JSON.stringify(cfg),
      ruleConfiguration: cfg,
    };
  };
  return {
    id: { param: "id", kind: "int64", of: (r) => r.id },
    parent: {
      find: (req, id) => zoneFor(req, id as number),
      sees: (req, id) => sees(req, id as number),
      exists: (id) => ctx.store.state.shieldZones.some((z) => z.id === id),
      missing,
    },
    parentIdOf: (r) => r.shieldZoneId,
    store: flatStore(
      k.rules,
      (r) => r.id,
      (r) => r.shieldZoneId,
    ),
    notFound: {
      key: k.notFoundKey,
      message: (id) => `${k.noun} ${id} was not found`,
      profiled: true,
      http404: "problem",
      body: (err, op) => (op === "delete" ? err : embeddedRuleFailure(err)),
    },
    accepted: { location: (_zone, id) => `${k.path}/${id}`, unnamed: "full" },
    get: { path: `${k.path}/:id`, answer: (at) => withOk(at.item) },
    list: {
      path: `${k.listPath}/:shieldZoneId`,
      parentParam: "shieldZoneId",
      params: int64Params("shieldZoneId"),
      querystring: listQuerySchema,
      answer: (at, items) => page(at.parentId as number, true, items, at.req),
    },
    create: {
      method: "POST",
      path: k.path,
      body: k.createBody,
      parentIdOf: (b) => b.shieldZoneId as number,
      check: (at) => k.refuse?.(at.reply, at.parent),
      build: (at, b) => {
        const id = k.nextId();
        return { id, make: () => make(at, b, id) };
      },
      deferred: true,
      answer: (_at, rule) => withOk(rule),
    },
    update: {
      methods: k.updateMethods,
      params: k.itemParams,
      body: k.updateBody,
      apply: (target, b, at) => {
        if (b.ruleName !== undefined) target.ruleName = b.ruleName;
        if (b.ruleDescription !== undefined) target.ruleDescription = b.ruleDescription;
        if (b.ruleConfiguration !== undefined) {
          const cfg = k.stored(at.profile, target.ruleConfiguration, b.ruleConfiguration);
          target.ruleConfiguration = cfg;
          target.ruleJson = JSON.stringify(cfg);
        }
      },
      deferred: true,
      answer: (_at, rule) => withOk(rule),
    },
    delete: {
      params: k.itemParams,
      deferred: k.deleteAccepted,
      answer: (at): GenericRequestResponse => ({
        statusCode: 200,
        success: true,
        message: `${k.noun} ${at.id} deleted`,
        errorKey: null,
      }),
    },
  };
}
