/**
 * `edge.shield.AccessList` as a zone-object kind: a custom access list of a shield zone
 * (`/shield/shield-zone/{id}/access-lists…`, spec/shield.md "Access lists"). Identity, adopt,
 * names, recovery and ownership are the engine's; the public field names (`listId`, `name`,
 * `entries`, …) are its spelling ({@link ACCESS_LIST_SPELLING}), applied at the generic
 * boundary (core/zone-objects/boundary.ts; its `check`: access-list-fields.ts).
 *
 * In the engine's terms a list is `{id, parentId: its shield zone, name, description,
 * fields: {type, entries, enabled, action}}`, where `entries` is the
 * list's `content` (the entries joined by "\n"). Its own:
 * - a list's `enabled` and `action` are not the list's but its configuration's (the zone's
 *   listing; PATCH keyed by `configurationId`): a read is GET list + GET listing (a refresh's
 *   reads of one zone share one listing: zone-reads.ts `sharedZoneAnswer`); a create is
 *   the POST, then one configuration PATCH only when the program's values differ;
 * - an update sends one list PATCH (`name`, `content`) and/or one configuration PATCH, only
 *   what differs; `type` and `description` cannot change (refused before any write);
 * - the zone's `customListLimit` (create) and `customEntryLimit` (create, and an update that
 *   adds entries) are checked before a write.
 */
import { createHash } from "crypto";
import {
  AccessListAction,
  AccessListType,
  accessListContent,
  accessListEntries,
  ShieldPlanType,
  validateAccessListEntries,
  type AccessListActionValue,
  type AccessListConfigurationRequest,
  type AccessListTypeValue,
  type ZoneAccessLists,
  schemaRef,
} from "edgeplatform-client/spec/runtime";
import { messageOf, ResourceOperationError } from "../../core/common";
import { getClient } from "../../core/settings";
import type { ConfigurationFields, Words, ZoneObject } from "../../core/zone-objects/kind";
import {
  ACCEPTED_WRITE,
  PartialCreateError,
  pendingOutputs,
  pollUntil,
  timing,
} from "../../core/zone-objects/recovery";
import { spellingFields } from "../../core/zone-objects/parent";
import type { Spelling } from "../../core/zone-objects/spelling";
import { sharedZoneAnswer } from "../../core/zone-objects/zone-reads";
import { mayReplace } from "../../core/zone-objects/state";
import { shieldZoneParent } from "../parents/shield-zone";
import { enumCodec } from "./enum-codec";
import { modeOutputs, type CollectionKindDocs, type DescribedKind } from "./rule-docs";

/** A custom list in the engine's terms, with the zone's limits when it was read. */
export interface AccessListObject extends ZoneObject<number> {
  /** The zone's entry count and limit as read with the list (for an update's limit check). */
  limits?: { customEntryCount: number; customEntryLimit: number; planType?: unknown };
}

/** The words of an access list's messages and its public id and name fields. */
export const ACCESS_LIST_WORDS: Words = { one: "list", many: "lists", id: "listId", name: "name" };

/** The enumerations of a list, by public field: names in the state, integers on the wire. */
export const ACCESS_LIST_ENUMS = { type: AccessListType, action: AccessListAction };
/** A list's enumerations both ways. */
const ENUMS = enumCodec(ACCESS_LIST_ENUMS);
/** The integer of an enumeration value given as a name (any case) or an integer. */
const enumWire = ENUMS.wire;
/** The name of an enumeration integer (`1` → `"CIDR"`); other values as they are. */
export const enumName = ENUMS.name;

/** The field semantics of a list's managed values (`type`, `entries`, `enabled`, `action`). */
export const accessListFields: ConfigurationFields = {
  enums: ENUMS.table,
  normalize: ENUMS.normalize,
  nullable: new Set(),
  requiredForCreate: ["type", "entries"],
};

/** sha256 (hex) of a list's content: what the state keeps instead of the entries. */
export const digestOf = (content: string): string =>
  createHash("sha256").update(content).digest("hex");

/**
 * The public spelling of a custom list (with {@link ACCESS_LIST_WORDS} and the shield zone's
 * `shieldZoneId`, or `pullZoneId`): its fields flat at the top level, its entries held in the
 * state as `entryCount` and `entriesDigest` (never the entries), its configuration's id
 * (`configurationId`) reported beside them, its shield zone given with its id too, and a
 * `get` id of the form `"<shieldZoneId>/<listId>"`. A field the program leaves out is listed
 * in `unmanaged` once the list was read.
 */
export const ACCESS_LIST_SPELLING: Spelling = {
  description: "description",
  fields: { flat: ["type", "entries", "enabled", "action"] },
  parentAlways: true,
  idWithParent: { example: "1/501" },
  listsUnreported: true,
  reportedOnly: ["configurationId"],
  digested: {
    field: "entries",
    count: "entryCount",
    countOf: (content) => accessListEntries(content).length,
    digest: "entriesDigest",
    digestOf,
  },
};

/** The checksum sent with a content (md5 hex, as the platform computes it when absent). */
const checksumOf = (content: string): string => createHash("md5").update(content).digest("hex");

/** A plan type in words (`1` → `Advanced`). */
const planName = (p: unknown): string =>
  Object.entries(ShieldPlanType).find(([, v]) => v === p)?.[0] ?? `plan ${String(p)}`;

/** The zone's listing as last read for a name check (its counts and limits), by zone. */
const lastListing = new Map<number, ZoneAccessLists>();
/** Entries of the lists this process created, by id (the listing before them lacks them). */
const createdEntries = new Map<number, number>();

const api = () => getClient().accessLists;

/** A list of the zone's listing (no entries: the listing has none). */
function fromListing(zone: number, d: ZoneAccessLists["customLists"][number]): AccessListObject {
  return {
    id: d.listId,
    parentId: zone,
    name: d.name,
    description: d.description ?? null,
    fields: { type: d.type, enabled: d.isEnabled, action: d.action },
    reported: {
      configurationId: d.configurationId,
      type: d.type,
      enabled: d.isEnabled,
      action: d.action,
      entryCount: d.entryCount,
    },
  };
}

/**
 * A list's content in the program's form: its entries (trimmed, blank lines dropped) joined by
 * `"\n"`. Content stored with `\r\n`, a trailing newline or padded entries holds the same
 * entries, so it compares equal and is never rewritten for its bytes alone.
 */
const canonical = (content: string): string => accessListContent(accessListEntries(content));

/** The zone's listing, fetched now. */
const freshListing = (zone: number) => api().listAccessLists(zone);

/**
 * The zone's listing for a refresh's read of list `id`: the one the reads of this refresh
 * share (zone-reads.ts), or a fresh one when that one lacks the list (created since).
 */
async function sharedListing(zone: number, id: number): Promise<ZoneAccessLists> {
  const shared = await sharedZoneAnswer(`access-list-listing\0${zone}`, id, () =>
    freshListing(zone),
  );
  return shared.customLists.some((l) => l.listId === id) ? shared : freshListing(zone);
}

/**
 * A list read with its line of the zone's listing (`listing`: how that is fetched; default a
 * fresh one).
 */
async function getList(
  id: number,
  zone?: number,
  listing: (zone: number, id: number) => Promise<ZoneAccessLists> = freshListing,
): Promise<AccessListObject> {
  if (typeof zone !== "number") {
    throw new ResourceOperationError(
      `custom access list ${id}: its shield zone is not known (the access-list API is keyed by ` +
        `zone); set shieldZoneId`,
    );
  }
  const list = await api().getAccessList(zone, id);
  return withListing(
    {
      id: list.id,
      name: list.name,
      description: list.description,
      type: list.type,
      content: list.content,
    },
    zone,
    await listing(zone, list.id),
  );
}

/** A list (as read or as the POST answered it) with its line of the zone's listing. */
function withListing(
  list: { id: number; name: string; description?: string | null; type: unknown; content: string },
  zone: number,
  listing: ZoneAccessLists,
): AccessListObject {
  const d = listing.customLists.find((l) => l.listId === list.id);
  const content = canonical(list.content);
  const entries = accessListEntries(content).length;
  return {
    id: list.id,
    parentId: zone,
    name: list.name,
    description: list.description ?? null,
    fields: {
      type: list.type,
      entries: content,
      enabled: d?.isEnabled,
      action: d?.action,
    },
    reported: {
      configurationId: d?.configurationId,
      type: list.type,
      enabled: d?.isEnabled,
      action: d?.action,
      entryCount: entries,
      entriesDigest: digestOf(content),
    },
    limits: {
      customEntryCount: listing.customEntryCount,
      customEntryLimit: listing.customEntryLimit,
    },
  };
}

/** Refuses content over the zone's entry limit, before any write. */
function assertEntryLimit(zone: number, used: number, limit: number, plan: unknown) {
  if (used <= limit) return;
  throw new Error(
    `shield zone ${zone} would hold ${used} custom access-list entries, over ` +
      `the limit of its ${planName(plan)} plan (customEntryLimit ${limit}). Nothing was ` +
      `written. Remove entries, or upgrade the zone's plan.`,
  );
}

/**
 * Refuses a create in a zone at its list or entry limit, before any write (the zone's listing
 * of the name check, plus the lists this run created since).
 */
async function assertBelowLimits(ctx: {
  zone: number;
  listed: readonly AccessListObject[];
  createdInRun: readonly number[];
  what: string;
  inputs: { fields?: Record<string, unknown> };
}): Promise<void> {
  const { zone, what } = ctx;
  const listing = lastListing.get(zone);
  if (!listing) return;
  const known = new Set(ctx.listed.map((l) => l.id));
  const added = ctx.createdInRun.filter((id) => !known.has(id));
  const lists = ctx.listed.length + added.length;
  if (lists >= listing.customListLimit) {
    const plan = await zonePlan(zone);
    throw new ResourceOperationError(
      `${what} failed: shield zone ${zone} already has ${lists} custom access lists, the limit ` +
        `of its ${planName(plan)} plan (customListLimit ${listing.customListLimit}). Nothing was ` +
        `written. Delete a list, adopt an existing one with \`listId\`, or upgrade the zone's plan.`,
    );
  }
  // The listing's `customEntryCount` still counts the lists this run deleted since it was
  // read (a replacement deletes first; `listed` leaves them out): their entries are freed.
  const listedIds = new Set(ctx.listed.map((l) => l.id));
  const freed = listing.customLists
    .filter((l) => !listedIds.has(l.listId))
    .reduce((n, l) => n + (l.entryCount ?? 0), 0);
  const used =
    listing.customEntryCount -
    freed +
    added.reduce((n, id) => n + (createdEntries.get(id) ?? 0), 0) +
    accessListEntries(String(ctx.inputs.fields?.entries ?? "")).length;
  if (used > listing.customEntryLimit) {
    assertEntryLimit(zone, used, listing.customEntryLimit, await zonePlan(zone));
  }
}

/** The zone's plan type (for messages only; undefined when it cannot be read). */
async function zonePlan(zone: number): Promise<unknown> {
  try {
    return (await getClient().shield.getShieldZone(zone)).planType;
  } catch {
    return undefined;
  }
}

/**
 * The configuration PATCH body that brings a list's `enabled`/`action` to the program's
 * managed values (undefined: they match, or are not managed).
 */
function configurationPatch(
  desired: Record<string, unknown>,
  actual: { isEnabled?: unknown; action?: unknown },
): AccessListConfigurationRequest | undefined {
  const body: AccessListConfigurationRequest = {};
  if (typeof desired.enabled === "boolean" && desired.enabled !== actual.isEnabled) {
    body.isEnabled = desired.enabled;
  }
  const action = enumWire("action", desired.action);
  if (typeof action === "number" && action !== actual.action) {
    body.action = action as AccessListActionValue;
  }
  return Object.keys(body).length > 0 ? body : undefined;
}

/**
 * Reads the zone's listing until list `listId` shows the configuration `body` (a 202: applied
 * later), with the bounded backoff of every read-back; fails when it never does.
 */
async function readBackConfiguration(
  zone: number,
  listId: number,
  body: AccessListConfigurationRequest,
): Promise<void> {
  const shown = await pollUntil(
    async () => (await freshListing(zone)).customLists.find((l) => l.listId === listId),
    (l) =>
      (body.isEnabled === undefined || l.isEnabled === body.isEnabled) &&
      (body.action === undefined || l.action === body.action),
    timing,
    ACCEPTED_WRITE,
  );
  if (!shown) {
    throw new Error(
      `the platform accepted the configuration (202) but it was not visible after ` +
        `${timing.readBackMs / 1000} s`,
    );
  }
}

const NOT_WHEN_CREATING = "Not when creating: `listId` adopts an existing list instead.";
const NAME_TO_CREATE = {
  description: "Name of the list: required when creating; unique among the zone's custom lists.",
  tsType: "string",
  required: true,
};
const TYPE_TO_CREATE = {
  description: "What the entries are: required when creating.",
  tsType: "AccessListTypeInput",
  required: true,
};
const ENTRIES_TO_CREATE = {
  description: "The entries: required when creating.",
  tsType: "pulumi.Input<string>[]",
  required: true,
};

/** The outputs that say how the resource holds its list. */
const MODE = modeOutputs({
  noun: "list",
  idField: "listId",
  type: "AccessList",
  unmanaged: { tsType: "AccessListField[] | undefined" },
});

/** The descriptions of a custom access list's fields (its public types, the plugin's schema). */
const docs: CollectionKindDocs = {
  type: "AccessList",
  argsDoc:
    "Arguments of {@link AccessList}: `listId` (adopt) or one of `shieldZoneId`, `pullZoneId`.",
  stateDoc: "State (outputs) of an {@link AccessList}.",
  common: {
    type: {
      description:
        "What the entries are: IP, CIDR, ASN, Country, Organization or JA4 (or the integer 0–5). " +
        "Required when creating. The platform cannot change it: a change replaces a created list " +
        '(and is refused for an adopted one). The state and previews hold the name (`"CIDR"`), ' +
        "also when the program wrote the integer.",
      tsType: "AccessListTypeInput",
    },
    entries: {
      description:
        "The entries, in order (each checked against `type` before any call; a repeated entry is " +
        "refused). Required when creating. Kept in the state once, as a line-per-entry string of " +
        "the inputs; the outputs hold `entryCount` and `entriesDigest`. Left out: not managed.",
      tsType: "pulumi.Input<string>[]",
    },
    description: {
      description:
        "Description of the list. The platform cannot change it: a change replaces a created " +
        "list; an adopted list whose description differs is refused. Left out: not managed.",
      tsType: "string | null",
    },
    enabled: {
      description:
        "Whether the list is applied in the zone (its configuration). Left out: not managed.",
      tsType: "boolean",
    },
    action: {
      description:
        "What a match does: None, Allow, Block, Challenge, Log, Bypass (or the integer 0–5), set " +
        "in the list's configuration. Left out: not managed.",
      tsType: "AccessListActionInput",
    },
    deleteOnDestroy: {
      description:
        "Whether destroying the resource deletes the list. Default: true when the resource " +
        "creates the list (`shieldZoneId`/`pullZoneId`), false when it adopts one (`listId`).",
      tsType: "boolean",
    },
  },
  forms: {
    Adopt: {
      typeDoc: "that adopt an existing custom list by id (`listId`).",
      args: {
        listId: {
          description:
            "Adopt an existing custom list by id: create = only the writes of managed fields " +
            "that differ (none when they match); destroy leaves the list unless " +
            "`deleteOnDestroy` is true.",
          tsType: "number",
          required: true,
        },
        shieldZoneId: {
          description: "The shield zone the list is in (the access-list API is keyed by zone).",
          tsType: "number",
          required: true,
        },
        pullZoneId: {
          description: "Not with `listId`: the list's zone is `shieldZoneId`.",
          tsType: "never",
        },
        name: {
          description:
            "Name of the list; unique among the zone's custom lists. Left out: not managed.",
          tsType: "string",
        },
      },
    },
    CreateInShieldZone: {
      typeDoc: "that create a list in a shield zone (`shieldZoneId`).",
      args: {
        listId: { description: NOT_WHEN_CREATING, tsType: "never" },
        shieldZoneId: {
          description:
            "Create the list in this shield zone (refused before any write at the zone's " +
            "`customListLimit` or `customEntryLimit`); destroy deletes it. Another zone replaces.",
          tsType: "number",
          required: true,
        },
        pullZoneId: {
          description: "Not with `shieldZoneId`: one of the two places the list.",
          tsType: "never",
        },
        name: NAME_TO_CREATE,
        type: TYPE_TO_CREATE,
        entries: ENTRIES_TO_CREATE,
      },
    },
    CreateInPullZone: {
      typeDoc: "that create a list in the shield zone of a pull zone.",
      args: {
        listId: { description: NOT_WHEN_CREATING, tsType: "never" },
        shieldZoneId: {
          description: "Not with `pullZoneId`: one of the two places the list.",
          tsType: "never",
        },
        pullZoneId: {
          description:
            "Create the list in the shield zone of this pull zone. Otherwise like `shieldZoneId`.",
          tsType: "number",
          required: true,
        },
        name: NAME_TO_CREATE,
        type: TYPE_TO_CREATE,
        entries: ENTRIES_TO_CREATE,
      },
    },
  },
  outputs: {
    listId: {
      description: "Id of the list on the platform (also the resource id, as a string).",
      tsType: "number",
    },
    shieldZoneId: { description: "Shield zone the list belongs to.", tsType: "number" },
    pullZoneId: {
      description: "Pull zone the list was placed by (only when `pullZoneId` is used).",
      tsType: "number | undefined",
    },
    configurationId: {
      description:
        "Id of the zone's configuration of the list (what `enabled`/`action` are set through).",
      tsType: "number | undefined",
    },
    name: { description: "Name of the list on the platform.", tsType: "string" },
    description: {
      description: "Description of the list on the platform.",
      tsType: "string | null",
    },
    type: {
      description: 'What the entries are, by name (`"CIDR"`; a state of 0.1 may hold the integer).',
      tsType: "AccessListTypeInput",
    },
    enabled: { description: "Whether the list is applied in the zone.", tsType: "boolean" },
    action: {
      description: 'What a match does, by name (`"Block"`).',
      tsType: "AccessListActionInput",
    },
    entryCount: { description: "How many entries the list holds.", tsType: "number" },
    entriesDigest: {
      description: 'sha256 (hex) of the list\'s content (the entries joined by "\\n").',
      tsType: "string",
    },
    adopted: MODE.adopted,
    deleteOnDestroy: MODE.deleteOnDestroy,
    unmanaged: MODE.unmanaged,
    readOnly: MODE.readOnly,
  },
};

/** The custom access list kind. */
export const accessListKind: DescribedKind<AccessListObject> = {
  typeName: "AccessList",
  noun: "custom access list",
  words: ACCESS_LIST_WORDS,
  parent: shieldZoneParent,
  spelling: ACCESS_LIST_SPELLING,
  claimKey: "access-list",
  config: accessListFields,
  configurationSchema: schemaRef(
    __dirname,
    "./access-list-schemas",
    "accessListConfigurationSchema",
  ),
  endpoints: {
    get: (id, zone) => getList(id, zone),
    read: (id, zone) => getList(id, zone, sharedListing),
    listZone: async (zone) => {
      const listing = await freshListing(zone);
      // "Gone" and the name check rest on this listing: one that lists fewer custom lists than
      // it counts is not the whole zone.
      if (listing.customLists.length < listing.customListCount) {
        throw new Error(
          `the listing of shield zone ${zone} shows ${listing.customLists.length} of the ` +
            `${listing.customListCount} custom lists it counts, so it cannot be used to find a ` +
            `list by name or to tell that one is gone`,
        );
      }
      lastListing.set(zone, listing);
      return listing.customLists.map((d) => fromListing(zone, d));
    },
    /** POST the list; its configuration is `afterCreate`'s. */
    create: async (body) => {
      const zone = body.parentId as number;
      const config = body.fields as Record<string, unknown>;
      const content = String(config.entries ?? "");
      const res = await api().createAccessList(zone, {
        name: body.name as string,
        ...(body.description !== undefined
          ? { description: body.description as string | null }
          : {}),
        type: config.type as AccessListTypeValue,
        content,
        checksum: checksumOf(content),
      });
      if (res.status === 202) return res;
      createdEntries.set(res.list.id, accessListEntries(content).length);
      return {
        status: 200,
        object: {
          id: res.list.id,
          parentId: zone,
          name: res.list.name,
          description: res.list.description ?? null,
          fields: { type: res.list.type, entries: canonical(res.list.content) },
        },
      };
    },
    /** One list PATCH (name, content) and/or one configuration PATCH: only what differs. */
    update: async (id, body, current) => {
      const zone = current.parentId;
      const now = (current.fields ?? {}) as Record<string, unknown>;
      const want = (body.fields ?? now) as Record<string, unknown>;
      if (body.description !== undefined) {
        // Plain errors: the operation names the resource and the step (create or update).
        throw new Error(
          `description: the platform cannot change a list's description ` +
            `(${JSON.stringify(current.description ?? null)} here, ` +
            `${JSON.stringify(body.description)} in the program). Nothing was written. ` +
            `Write the list's description, or leave description out (not managed).`,
        );
      }
      if (want.type !== now.type) {
        throw new Error(
          `type: the platform cannot change a list's type (` +
            `${String(enumName("type", now.type))} here, ${String(enumName("type", want.type))} ` +
            `in the program). Nothing was written. Write the list's type, or leave type out.`,
        );
      }
      const list: { name?: string; content?: string; checksum?: string } = {};
      if (typeof body.name === "string") list.name = body.name;
      if (typeof want.entries === "string" && want.entries !== now.entries) {
        const bad = validateAccessListEntries(now.type as AccessListTypeValue, want.entries);
        if (bad.length > 0) {
          throw new Error(
            `${bad.map((f) => `${f.property}: ${f.reason}`).join("; ")} (type ` +
              `${String(enumName("type", now.type))}). Nothing was written.`,
          );
        }
        const before = accessListEntries(String(now.entries ?? "")).length;
        const after = accessListEntries(want.entries).length;
        if (after > before && current.limits) {
          const used = current.limits.customEntryCount - before + after;
          const limit = current.limits.customEntryLimit;
          if (used > limit) {
            assertEntryLimit(zone, used, limit, await zonePlan(zone));
          }
        }
        list.content = want.entries;
        list.checksum = checksumOf(want.entries);
      }
      const configuration = configurationPatch(want, {
        isEnabled: now.enabled,
        action: now.action,
      });
      const cid = current.reported?.configurationId;
      if (configuration && typeof cid !== "number") {
        throw new Error(
          `shield zone ${zone} does not list ${id} among its custom lists, so ` +
            `its configuration (enabled, action) cannot be set. Nothing was written.`,
        );
      }
      let accepted = false;
      if (Object.keys(list).length > 0) {
        accepted = (await api().updateAccessList(zone, id, list)).status === 202;
      }
      if (configuration) {
        const res = await api().updateAccessListConfiguration(zone, cid as number, configuration);
        accepted ||= res.status === 202;
      }
      if (accepted) return { status: 202, accepted: { statusCode: 202 } as never };
      return {
        status: 200,
        object: {
          ...current,
          name: list.name ?? current.name,
          fields: {
            ...now,
            ...(list.content !== undefined ? { entries: canonical(list.content) } : {}),
            ...(configuration?.isEnabled !== undefined ? { enabled: configuration.isEnabled } : {}),
            ...(configuration?.action !== undefined ? { action: configuration.action } : {}),
          },
          reported: {
            ...current.reported,
            ...(list.content !== undefined
              ? {
                  entryCount: accessListEntries(list.content).length,
                  entriesDigest: digestOf(canonical(list.content)),
                }
              : {}),
            ...(configuration?.isEnabled !== undefined ? { enabled: configuration.isEnabled } : {}),
            ...(configuration?.action !== undefined ? { action: configuration.action } : {}),
          },
        },
      };
    },
    delete: async (id, zone) => {
      if (typeof zone !== "number") throw new Error(`the shield zone of list ${id} is not known`);
      return api().deleteAccessList(zone, id);
    },
  },
  beforeCreate: (ctx) => assertBelowLimits(ctx),
  /**
   * The list exists: read its line of the zone's listing (its `configurationId`), and send
   * one configuration PATCH when the program's `enabled`/`action` differ. A failure there
   * is a partial create: the list's id goes into the state; the next `up` converges.
   */
  afterCreate: async ({ object, zone, inputs, what }) => {
    try {
      // The POST answered the list (its entries): only its line of the listing is missing.
      // A list found in the listing (a POST whose answer was lost) has no entries there: it
      // is read (GET), so that the state holds its entries, not none.
      const c = (object.fields ?? {}) as Record<string, unknown>;
      const read =
        typeof c.entries === "string"
          ? await withListing(
              {
                id: object.id,
                name: String(object.name ?? ""),
                description: object.description,
                type: c.type,
                content: c.entries,
              },
              zone,
              await freshListing(zone),
            )
          : await getList(object.id, zone);
      const want = (inputs.fields ?? {}) as Record<string, unknown>;
      const now = read.fields as Record<string, unknown>;
      const body = configurationPatch(want, { isEnabled: now.enabled, action: now.action });
      const cid = read.reported?.configurationId;
      if (!body) return read;
      if (typeof cid !== "number") throw new Error("the zone's listing does not show the list");
      const res = await api().updateAccessListConfiguration(zone, cid, body);
      // Accepted, applied later: not done until the zone's listing shows it (else the state
      // would say enabled/action while the platform still has the list as it was).
      if (res.status === 202) await readBackConfiguration(zone, object.id, body);
      const done = {
        ...(body.isEnabled !== undefined ? { enabled: body.isEnabled } : {}),
        ...(body.action !== undefined ? { action: body.action } : {}),
      };
      return {
        ...read,
        fields: { ...now, ...done },
        reported: { ...read.reported, ...done },
      };
    } catch (e) {
      throw new PartialCreateError(
        `${what}: custom access list ${object.id} was created, but its configuration (enabled, ` +
          `action) could not be read or set (${messageOf(e)}); it is recorded in the state, ` +
          `and the next \`pulumi up\` brings it to the program's values`,
        object.id,
        pendingOutputs(object.id, zone, inputs, spellingFields(shieldZoneParent)),
      );
    }
  },
  /**
   * What the platform cannot change in place: a created list's `type` and `description`
   * (a list destroy would leave is refused instead, by `update`). Only against known old
   * values.
   */
  replacedBy: (olds, news) => {
    // A list destroy would leave (adopted, now addressed by zone and name; or
    // `deleteOnDestroy: false`) is not replaced either: the name would stay taken too.
    if (!mayReplace(olds, news)) return [];
    const out: string[] = [];
    const oldType = (olds.fields?.type ?? olds.reported?.type) as unknown;
    const newType = news.fields?.type;
    if (
      newType !== undefined &&
      oldType !== undefined &&
      enumWire("type", newType) !== enumWire("type", oldType)
    ) {
      out.push("type");
    }
    if (
      news.description !== undefined &&
      olds.description !== undefined &&
      (news.description ?? null) !== (olds.description ?? null)
    ) {
      out.push("description");
    }
    return out;
  },
  docs,
};

/** Forgets this process's listings and created counts (tests; a new run). */
export function resetAccessListState(): void {
  lastListing.clear();
  createdEntries.clear();
}
