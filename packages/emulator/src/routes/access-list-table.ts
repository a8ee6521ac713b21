/**
 * The collection table of custom access lists (`spec/shield.md`): lists under a shield zone
 * (`/shield/shield-zone/{shieldZoneId}/access-lists/{id}`), answered `{data, error}` (a
 * `GenericRequestResponse` for DELETE), failures included; the zone's listing also carries
 * its managed lists and limits. Entries are checked with the client's
 * `validateAccessListEntries`.
 */
import {
  accessListParamsSchema,
  CreateAccessListRequest,
  createAccessListRequestSchema,
  UpdateAccessListRequest,
  updateAccessListRequestSchema,
  type AccessListTypeValue,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import type { CustomAccessListState, ShieldZoneState } from "../state";
import { accessListParts, checksumOf, fail } from "./access-list-parts";
import {
  ACCESS_LIST_KEYS,
  customDetails,
  customView,
  failure,
  managedDetails,
} from "./access-list-views";
import { type At, type CollectionTable, flatStore } from "./collection";
import { int32Params, OK_RESULT } from "./common";
import { planName, zoneAccess, zonePlan } from "./shield-access";
import { zoneNotFound } from "./zone-lists";

/** Path of a zone's access lists. */
export const ZONE_PATH = "/shield/shield-zone/:shieldZoneId/access-lists";

type List = CustomAccessListState;
type Zone = ShieldZoneState;

/** The collection table of custom access lists. */
export function accessListTable(
  ctx: EmulatorContext,
): CollectionTable<List, Zone, CreateAccessListRequest, UpdateAccessListRequest> {
  const s = () => ctx.store.state;
  const { zoneFor } = zoneAccess(ctx);
  const { managedConfigs, customOf, entriesOf, contentProblem } = accessListParts(ctx);
  const now = () => new Date(ctx.now()).toISOString();
  const ok = (list: List) => ({ data: customView(list), error: { ...OK_RESULT } });

  /** The zone's listing: managed lists (with its configuration) and custom ones, and limits. */
  const listing = (zone: Zone, custom: List[]) => {
    const plan = zonePlan(zone);
    custom.sort((a, b) => a.id - b.id);
    return {
      managedLists: managedConfigs(zone.id).map(([m, c]) => managedDetails(m, c)),
      customLists: custom.map(customDetails),
      customEntryCount: entriesOf(custom),
      customEntryLimit: plan.customEntryLimit,
      customListCount: custom.length,
      customListLimit: plan.customListLimit,
      error: { ...OK_RESULT },
    };
  };
  const emptyListing = (zoneId: number) => ({
    managedLists: [],
    customLists: [],
    customEntryCount: 0,
    customEntryLimit: 0,
    customListCount: 0,
    customListLimit: 0,
    error: zoneNotFound(zoneId),
  });

  /** A create's refusal: the zone's list limit, or the content's problems. */
  const refuseCreate = (at: At<Zone>, b: CreateAccessListRequest) => {
    const zone = at.parent;
    const plan = zonePlan(zone);
    const lists = customOf(zone.id);
    if (lists.length >= plan.customListLimit)
      return fail(
        at.reply,
        400,
        failure(
          400,
          ACCESS_LIST_KEYS.listLimit,
          `Shield zone ${zone.id} already has ${lists.length} custom access lists, the limit of its ` +
            `${planName(plan.planType)} plan (customListLimit ${plan.customListLimit})`,
        ),
      );
    const problem = contentProblem(zone, b.type, b.content);
    return problem ? fail(at.reply, 400, problem) : undefined;
  };

  /** A new list; its ids (and the configuration's) are taken now. */
  const newList = (zone: Zone, b: CreateAccessListRequest): List => {
    const st = s();
    return {
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
  };

  return {
    id: { param: "id", kind: "int64", of: (l) => l.id },
    parent: {
      param: "shieldZoneId",
      kind: "int32",
      find: (req, id) => zoneFor(req, id as number),
      exists: (id) => s().shieldZones.some((z) => z.id === id),
      missing: (at, op) => {
        const zoneId = at.parentId as number;
        if (op === "list") return emptyListing(zoneId);
        return op === "delete" ? zoneNotFound(zoneId) : { data: null, error: zoneNotFound(zoneId) };
      },
    },
    parentIdOf: (l) => l.shieldZoneId,
    store: flatStore(
      () => s().accessLists,
      (l) => l.id,
      (l) => l.shieldZoneId,
    ),
    notFound: {
      key: ACCESS_LIST_KEYS.notFound,
      message: (id, zoneId) => `Access list ${id} was not found in shield zone ${zoneId}`,
      profiled: true,
      http404: "body",
      body: (error, op) => (op === "delete" ? error : { data: null, error }),
    },
    accepted: {
      location: (zoneId, id) => `/shield/shield-zone/${zoneId}/access-lists/${id}`,
      unnamed: "short",
    },
    list: {
      path: ZONE_PATH,
      params: int32Params("shieldZoneId"),
      answer: (at, custom) => listing(at.parent, custom),
    },
    get: { path: `${ZONE_PATH}/:id`, params: accessListParamsSchema, answer: (at) => ok(at.item) },
    create: {
      method: "POST",
      path: ZONE_PATH,
      params: int32Params("shieldZoneId"),
      body: createAccessListRequestSchema,
      check: refuseCreate,
      build: (at, b) => {
        const list = newList(at.parent, b);
        return { id: list.id, make: () => list };
      },
      deferred: true,
      answer: (_at, list) => ok(list),
    },
    update: {
      methods: ["PATCH"],
      params: accessListParamsSchema,
      body: updateAccessListRequestSchema,
      check: (at, b) => {
        if (b.content === undefined) return undefined;
        const type = at.item.type as AccessListTypeValue;
        const problem = contentProblem(at.parent!, type, b.content, at.item.id);
        return problem ? fail(at.reply, 400, problem) : undefined;
      },
      apply: (target, b) => {
        if (b.name !== undefined) target.name = b.name;
        if (b.content !== undefined) {
          target.content = b.content;
          target.checksum = b.checksum ?? checksumOf(b.content);
        } else if (b.checksum !== undefined) target.checksum = b.checksum;
        target.lastModified = now();
      },
      deferred: true,
      answer: (_at, list) => ok(list),
    },
    delete: {
      params: accessListParamsSchema,
      deferred: (id) => `Access list ${id} deletion accepted`,
      answer: (at) => ({
        statusCode: 200,
        success: true,
        message: `Access list ${at.id} deleted`,
        errorKey: null,
      }),
    },
  };
}
