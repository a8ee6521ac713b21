/**
 * Shield access lists (`spec/shield.md`): a zone's listing (managed and custom lists, their
 * configuration, the zone's custom-list limits), custom lists (POST, GET, PATCH, DELETE) and
 * the configuration PATCH keyed by `configurationId`. Bodies are validated with the client
 * package's schemas, entries with its `validateAccessListEntries`; every answer is
 * `{data, error}` (or a `GenericRequestResponse` for DELETE), failures included.
 */
import { createHash } from "crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import {
  AccessListConfigurationRequest,
  accessListConfigurationParamsSchema,
  accessListConfigurationRequestSchema,
  accessListEntries,
  accessListParamsSchema,
  AcceptedResult,
  CreateAccessListRequest,
  createAccessListRequestSchema,
  GenericRequestResponse,
  UpdateAccessListRequest,
  updateAccessListRequestSchema,
  validateAccessListEntries,
  type AccessListTypeValue,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import type { CustomAccessListState, ManagedAccessListState, ShieldZoneState } from "../state";
import type { AccessListConfigState } from "../state-shield";
import { deleteAccepted, int32Params, OK_RESULT } from "./common";
import { zoneNotFound } from "./shield";
import {
  ACCESS_LIST_KEYS,
  customDetails,
  customView,
  failure,
  managedDetails,
} from "./access-list-views";
import { planName, zoneAccess, zonePlan } from "./shield-access";

const ZONE_PATH = "/shield/shield-zone/:shieldZoneId/access-lists";

/** Registers the access-list routes. */
export function registerAccessListRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const s = () => ctx.store.state;
  const { zoneFor } = zoneAccess(ctx);
  const now = () => new Date(ctx.now()).toISOString();
  const checksumOf = (content: string) => createHash("md5").update(content).digest("hex");

  /** `{data: null, error}` with an HTTP status (200 for an embedded failure). */
  const fail = (reply: FastifyReply, http: number, error: GenericRequestResponse) =>
    reply.code(http).send({ data: null, error });
  const notFound = (reply: FastifyReply, zoneId: number, id: number) =>
    fail(
      reply,
      ctx.profile.notFoundAnswer === "embedded-200" ? 200 : 404,
      failure(
        404,
        ACCESS_LIST_KEYS.notFound,
        `Access list ${id} was not found in shield zone ${zoneId}`,
      ),
    );
  const accepted = (zoneId: number, id: number): AcceptedResult =>
    ctx.profile.acceptedNamesRule
      ? {
          location: `/shield/shield-zone/${zoneId}/access-lists/${id}`,
          value: { id },
          statusCode: 202,
        }
      : { location: null, value: null, statusCode: 202 };

  /** The zone's configuration of every managed list (made, disabled, the first time). */
  const managedConfigs = (zoneId: number): [ManagedAccessListState, AccessListConfigState][] => {
    const st = s();
    let made = false;
    const out = st.managedAccessLists.map((m): [ManagedAccessListState, AccessListConfigState] => {
      let c = st.accessListConfigs.find((x) => x.shieldZoneId === zoneId && x.listId === m.listId);
      if (!c) {
        c = {
          configurationId: st.nextIds.accessListConfiguration++,
          shieldZoneId: zoneId,
          listId: m.listId,
          isEnabled: false,
          action: 0,
        };
        st.accessListConfigs.push(c);
        made = true;
      }
      return [m, c];
    });
    if (made) ctx.store.commit();
    return out;
  };
  const customOf = (zoneId: number) => s().accessLists.filter((l) => l.shieldZoneId === zoneId);
  const entriesOf = (lists: CustomAccessListState[]) =>
    lists.reduce((n, l) => n + accessListEntries(l.content).length, 0);

  /** Problems of new content: bad entries, or the zone's entry limit. Undefined when fine. */
  const contentProblem = (
    zone: ShieldZoneState,
    type: AccessListTypeValue,
    content: string,
    replacing?: number,
  ): GenericRequestResponse | undefined => {
    const bad = validateAccessListEntries(type, content, "content");
    if (bad.length)
      return failure(
        400,
        ACCESS_LIST_KEYS.invalidContent,
        bad.map((f) => `${f.property}: ${f.reason}`).join("; "),
      );
    const plan = zonePlan(zone);
    const others = entriesOf(customOf(zone.id).filter((l) => l.id !== replacing));
    const count = accessListEntries(content).length;
    if (others + count > plan.customEntryLimit)
      return failure(
        400,
        ACCESS_LIST_KEYS.entryLimit,
        `Shield zone ${zone.id} may hold ${plan.customEntryLimit} custom access-list entries on its ` +
          `${planName(plan.planType)} plan (customEntryLimit); it holds ${others} and this list has ${count}`,
      );
    return undefined;
  };

  app.get<{ Params: { shieldZoneId: number } }>(
    ZONE_PATH,
    { schema: { params: int32Params("shieldZoneId") } },
    async (req) => {
      const zoneId = req.params.shieldZoneId;
      const zone = zoneFor(req, zoneId);
      if (!zone) {
        return {
          managedLists: [],
          customLists: [],
          customEntryCount: 0,
          customEntryLimit: 0,
          customListCount: 0,
          customListLimit: 0,
          error: zoneNotFound(zoneId),
        };
      }
      const plan = zonePlan(zone);
      const custom = customOf(zoneId).sort((a, b) => a.id - b.id);
      return {
        managedLists: managedConfigs(zoneId).map(([m, c]) => managedDetails(m, c)),
        customLists: custom.map(customDetails),
        customEntryCount: entriesOf(custom),
        customEntryLimit: plan.customEntryLimit,
        customListCount: custom.length,
        customListLimit: plan.customListLimit,
        error: { ...OK_RESULT },
      };
    },
  );

  app.post<{ Params: { shieldZoneId: number }; Body: CreateAccessListRequest }>(
    ZONE_PATH,
    { schema: { params: int32Params("shieldZoneId"), body: createAccessListRequestSchema } },
    async (req, reply) => {
      const b = req.body;
      const zone = zoneFor(req, req.params.shieldZoneId);
      if (!zone) return { data: null, error: zoneNotFound(req.params.shieldZoneId) };
      const plan = zonePlan(zone);
      const lists = customOf(zone.id);
      if (lists.length >= plan.customListLimit)
        return fail(
          reply,
          400,
          failure(
            400,
            ACCESS_LIST_KEYS.listLimit,
            `Shield zone ${zone.id} already has ${lists.length} custom access lists, the limit of its ` +
              `${planName(plan.planType)} plan (customListLimit ${plan.customListLimit})`,
          ),
        );
      const problem = contentProblem(zone, b.type, b.content);
      if (problem) return fail(reply, 400, problem);
      const st = s();
      const list: CustomAccessListState = {
        id: st.nextIds.accessList++,
        shieldZoneId: zone.id,
        configurationId: st.nextIds.accessListConfiguration++,
        name: b.name,
        description: b.description ?? null,
        type: b.type,
        content: b.content,
        checksum: b.checksum ?? checksumOf(b.content),
        lastModified: now(),
        isEnabled: false,
        action: 0,
      };
      if (ctx.profile.writeDelayMs > 0) {
        ctx.store.commit(); // the ids are taken now
        ctx.pending.schedule(ctx.profile.writeDelayMs, () => {
          const cur = s();
          if (!cur.shieldZones.some((z) => z.id === zone.id)) return;
          if (cur.accessLists.some((l) => l.id === list.id)) return;
          cur.accessLists.push(list);
          ctx.store.commit();
        });
        return reply.code(202).send(accepted(zone.id, list.id));
      }
      st.accessLists.push(list);
      ctx.store.commit();
      return { data: customView(list), error: { ...OK_RESULT } };
    },
  );

  type ListRoute = { Params: { shieldZoneId: number; id: number } };
  const findList = (req: {
    params: { shieldZoneId: number; id: number };
    headers: Record<string, string | string[] | undefined>;
  }) => {
    const zone = zoneFor(req, req.params.shieldZoneId);
    const list = zone && customOf(zone.id).find((l) => l.id === req.params.id);
    return { zone, list };
  };

  app.get<ListRoute>(
    `${ZONE_PATH}/:id`,
    { schema: { params: accessListParamsSchema } },
    async (req, reply) => {
      const { zone, list } = findList(req);
      if (!zone) return { data: null, error: zoneNotFound(req.params.shieldZoneId) };
      if (!list) return notFound(reply, zone.id, req.params.id);
      return { data: customView(list), error: { ...OK_RESULT } };
    },
  );

  app.patch<ListRoute & { Body: UpdateAccessListRequest }>(
    `${ZONE_PATH}/:id`,
    { schema: { params: accessListParamsSchema, body: updateAccessListRequestSchema } },
    async (req, reply) => {
      const { zone, list } = findList(req);
      if (!zone) return { data: null, error: zoneNotFound(req.params.shieldZoneId) };
      if (!list) return notFound(reply, zone.id, req.params.id);
      const b = req.body;
      if (b.content !== undefined) {
        const problem = contentProblem(zone, list.type as AccessListTypeValue, b.content, list.id);
        if (problem) return fail(reply, 400, problem);
      }
      const apply = (target: CustomAccessListState) => {
        if (b.name !== undefined) target.name = b.name;
        if (b.content !== undefined) {
          target.content = b.content;
          target.checksum = b.checksum ?? checksumOf(b.content);
        } else if (b.checksum !== undefined) target.checksum = b.checksum;
        target.lastModified = now();
      };
      if (ctx.profile.writeDelayMs > 0) {
        ctx.pending.schedule(ctx.profile.writeDelayMs, () => {
          const cur = s().accessLists.find((l) => l.id === list.id);
          if (!cur) return;
          apply(cur);
          ctx.store.commit();
        });
        return reply.code(202).send(accepted(zone.id, list.id));
      }
      apply(list);
      ctx.store.commit();
      return { data: customView(list), error: { ...OK_RESULT } };
    },
  );

  app.delete<ListRoute>(
    `${ZONE_PATH}/:id`,
    { schema: { params: accessListParamsSchema } },
    async (req, reply) => {
      const { zone, list } = findList(req);
      if (!zone) return zoneNotFound(req.params.shieldZoneId);
      if (!list) {
        const err = failure(
          404,
          ACCESS_LIST_KEYS.notFound,
          `Access list ${req.params.id} was not found in shield zone ${zone.id}`,
        );
        return reply.code(ctx.profile.notFoundAnswer === "embedded-200" ? 200 : 404).send(err);
      }
      if (ctx.profile.writeDelayMs > 0) {
        // Accepted (the published 202): the list is still read and listed until applied.
        ctx.pending.schedule(ctx.profile.writeDelayMs, () => {
          const cur = s();
          const at = cur.accessLists.findIndex((l) => l.id === list.id);
          if (at === -1) return; // deleted meanwhile
          cur.accessLists.splice(at, 1);
          ctx.store.commit();
        });
        return reply.code(202).send(deleteAccepted(`Access list ${list.id} deletion accepted`));
      }
      const st = s();
      st.accessLists.splice(st.accessLists.indexOf(list), 1);
      ctx.store.commit();
      return {
        statusCode: 200,
        success: true,
        message: `Access list ${list.id} deleted`,
        errorKey: null,
      };
    },
  );

  app.patch<{
    Params: { shieldZoneId: number; configurationId: number };
    Body: AccessListConfigurationRequest;
  }>(
    `${ZONE_PATH}/configurations/:configurationId`,
    {
      schema: {
        params: accessListConfigurationParamsSchema,
        body: accessListConfigurationRequestSchema,
      },
    },
    async (req, reply) => {
      const zone = zoneFor(req, req.params.shieldZoneId);
      if (!zone) return { data: null, error: zoneNotFound(req.params.shieldZoneId) };
      const cid = req.params.configurationId;
      const custom = customOf(zone.id).find((l) => l.configurationId === cid);
      const managed = managedConfigs(zone.id).find(([, c]) => c.configurationId === cid);
      if (!custom && !managed)
        return fail(
          reply,
          ctx.profile.notFoundAnswer === "embedded-200" ? 200 : 404,
          failure(
            404,
            ACCESS_LIST_KEYS.configurationNotFound,
            `Shield zone ${zone.id} has no access-list configuration ${cid} (a list's configurationId, not its listId)`,
          ),
        );
      if (managed) {
        const [m] = managed;
        const plan = zonePlan(zone);
        if (m.requiredPlan > plan.planType)
          return {
            data: null,
            error: failure(
              403,
              ACCESS_LIST_KEYS.notAvailable,
              `Access list ${m.listId} (${m.name}) needs the ${planName(m.requiredPlan)} plan; ` +
                `shield zone ${zone.id} is on the ${planName(plan.planType)} plan`,
            ),
          };
      }
      const b = req.body;
      const apply = (target: { isEnabled: boolean; action: number }) => {
        if (b.isEnabled !== undefined) target.isEnabled = b.isEnabled;
        if (b.action !== undefined) target.action = b.action;
      };
      const target = custom ?? managed![1];
      if (ctx.profile.writeDelayMs > 0) {
        ctx.pending.schedule(ctx.profile.writeDelayMs, () => {
          apply(target);
          ctx.store.commit();
        });
        return reply.code(202).send(accepted(zone.id, custom ? custom.id : managed![0].listId));
      }
      apply(target);
      ctx.store.commit();
      // The published `UpdateAccessListConfigurationResponse`: the configuration as it now is.
      return {
        data: { isEnabled: target.isEnabled, action: target.action },
        error: { ...OK_RESULT },
      };
    },
  );
}
