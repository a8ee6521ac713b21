/**
 * The configuration (`isEnabled`, `action`) of one managed (curated) access list of a shield
 * zone (`ManagedAccessList`, spec/shield.md "Access lists"): a list the platform keeps in
 * every zone, named by `listId` or `listName`. Read from the zone's listing (GET
 * `/shield/shield-zone/{id}/access-lists`); a write is one PATCH of the list's configuration
 * with both fields (the unmanaged one as just read: the spec's body is `{isEnabled, action}`),
 * read back from the listing when answered 202. A list that needs a higher plan than the
 * zone's is refused before the write. Its states keep the form they had before the engine
 * (`unmanaged` for the fields left out: see {@link listForm}).
 */
import {
  AccessListAction,
  type AccessListDetails,
  type ZoneAccessLists,
} from "edgeplatform-client/spec/runtime";
import { actionName, categoryName, planName } from "../access-list-names";
import { ResourceOperationError } from "../../core/common";
import { zoneListing } from "../../core/run-state";
import { getClient } from "../../core/settings";
import {
  settingsProvider,
  type EngineKind,
  type SettingsOutputs,
  type StoredForm,
} from "../../core/zone-settings/engine";
import {
  enumField,
  field,
  type SettingsDocs,
  type SettingsSnapshot,
} from "../../core/zone-settings/kind";
import { readBackSettings } from "../../core/zone-settings/readback";

const FIELDS = ["enabled", "action"];
const SETTINGS = [
  field(
    "enabled",
    { type: "boolean" },
    "Whether the list is applied in the zone (`isEnabled`). Left out: not managed.",
  ),
  enumField(
    "action",
    AccessListAction,
    'What a match does (`AccessListAction`): `"None"`, `"Allow"`, `"Block"`, `"Challenge"`, ' +
      '`"Log"`, `"Bypass"` or the integer 0–5. The state and previews hold the name either ' +
      "way. Left out: not managed. At least one of `enabled` and `action` is required.",
    { tsType: "AccessListActionArg" },
  ),
];

/** The zone's listing, never cached. */
const listing = (zone: number): Promise<ZoneAccessLists> =>
  getClient().accessLists.listAccessLists(zone);

/** The list's configuration, or undefined when the zone's listing (readable) lacks it. */
async function readList(zone: number, listId: number) {
  const list = (await listing(zone)).managedLists.find((l) => l.listId === listId);
  return list && snapshotOf(list);
}

function snapshotOf(l: AccessListDetails): SettingsSnapshot<AccessListDetails> {
  return { raw: l, values: { enabled: l.isEnabled, action: l.action } };
}
/** The managed list a spelling names; a custom list's or an unknown one fails, saying why. */
function findList(all: ZoneAccessLists, zone: number, by: { id?: number; name?: string }) {
  const match = (l: AccessListDetails) =>
    by.id !== undefined ? l.listId === by.id : l.name === by.name;
  const found = all.managedLists.find(match);
  if (found) return found;
  const named = by.id !== undefined ? `id ${by.id}` : `name ${JSON.stringify(by.name)}`;
  const custom = all.customLists.find(match);
  if (custom)
    throw new ResourceOperationError(
      `the access list with ${named} in shield zone ${zone} is a custom list (listId ` +
        `${custom.listId}, ${JSON.stringify(custom.name)}), not a managed one; manage custom ` +
        `lists with edge.shield.AccessList. Nothing was written.`,
    );
  const names = all.managedLists.map((l) => `${JSON.stringify(l.name)} (listId ${l.listId})`);
  throw new ResourceOperationError(
    `shield zone ${zone} has no managed access list with ${named}; its managed lists are ` +
      `${names.length > 0 ? names.join(", ") : "none"}. Nothing was written.`,
  );
}

/** The zone's plan type (read once per run); undefined when unreadable. */
const zonePlan = (zone: number): Promise<unknown> =>
  zoneListing(zone, async () => [await getClient().shield.getShieldZone(zone)], "shield-zone").then(
    ([z]) => (z as { planType?: unknown }).planType,
    () => undefined,
  );

/** The plan-gate refusal: the plan the list needs and the zone's. */
function planGate(what: string, zone: number, list: AccessListDetails, plan: unknown): never {
  throw new ResourceOperationError(
    `${what} failed: managed access list ${list.listId} (${JSON.stringify(list.name)}) needs ` +
      `the ${planName(list.requiredPlan)} plan; shield zone ${zone} ` +
      (typeof plan === "number"
        ? `is on the ${planName(plan)} plan`
        : "is on a plan without it (the platform answered not_available.access_list)") +
      `. Nothing was written. Upgrade the zone's plan, or remove the resource.`,
  );
}

/**
 * The stored form of `ManagedAccessList` (states of every release name it so): the engine's,
 * with `unmanaged` (the fields left out) for `managed` and `pullZoneId` alone for the pull-zone
 * spelling.
 */
export const listForm: StoredForm = {
  inputs: (program) => program,
  state(stored) {
    const s = stored ?? {};
    const unmanaged = (s.unmanaged as string[] | undefined) ?? [];
    const managed = s.readOnly === true ? [] : FIELDS.filter((f) => !unmanaged.includes(f));
    const { unmanaged: _u, ...rest } = s;
    return {
      ...(rest as SettingsOutputs),
      managed,
      ...(typeof s.pullZoneId === "number" ? { byPullZone: true } : {}),
    };
  },
  stored(s: SettingsOutputs) {
    const { managed, byPullZone: _b, ...rest } = s;
    const unmanaged = FIELDS.filter((f) => !(managed ?? []).includes(f));
    return { ...rest, ...(unmanaged.length > 0 ? { unmanaged } : {}) };
  },
  programInputs(o) {
    const i: Record<string, unknown> = {};
    if (o.pullZoneId !== undefined) i.pullZoneId = o.pullZoneId;
    else i.shieldZoneId = o.shieldZoneId;
    if (o.byName === true) i.listName = o.listName;
    else i.listId = o.listId;
    if (o.readOnly === true) return i;
    const unmanaged = (o.unmanaged as string[] | undefined) ?? [];
    for (const f of FIELDS) if (!unmanaged.includes(f)) i[f] = o[f];
    if (o.priorPinned === true) i.prior = { ...(o.prior as object) };
    return i;
  },
  property: (p) => p,
};

/** An output besides the settings: its description and type. */
const out = (description: string, tsType: string, first?: true) => ({
  description,
  tsType,
  ...(first ? { first } : {}),
});

/**
 * The public types besides the two settings: the stated prior, the forms that name the list
 * (`listId` or `listName`; the zone's are every settings resource's), the list's outputs.
 */
const DOCS: SettingsDocs = {
  argsDoc: "Fields of every form of {@link ManagedAccessListArgs}.",
  argsName: "ManagedAccessListCommonArgs",
  args: {
    prior: {
      description:
        "The managed fields' values before Pulumi, stated by the program: what destroy restores, " +
        "instead of what the resource reads when it first manages a field. Only for a way out: " +
        "after an interrupted `pulumi up` whose configuration write landed, or when a delete " +
        "refuses because two records of the list's configuration before Pulumi differ (the " +
        "message names the value). Only fields the resource manages. Left out: recorded from " +
        "the platform.",
      tsType: "ManagedAccessListPriorState",
    },
  },
  argTypes: {
    ManagedAccessListByIdArgs: {
      typeDoc: "The list, by id.",
      args: {
        listId: {
          description:
            "Id of the managed list (`listId` of the zone's listing). Another list replaces.",
          tsType: "number",
          required: true,
        },
        listName: {
          description: "Not with `listId`: one of the two names the list.",
          tsType: "never",
        },
      },
    },
    ManagedAccessListByNameArgs: {
      typeDoc: "The list, by name.",
      args: {
        listId: {
          description: "Not with `listName`: one of the two names the list.",
          tsType: "never",
        },
        listName: {
          description:
            'Exact name of a managed list of the zone (`"Tor Exit Nodes"`); an unknown name ' +
            "fails naming the zone's managed lists. Another name replaces the resource.",
          tsType: "string",
          required: true,
        },
      },
    },
  },
  priorType: {
    typeName: "ManagedAccessListPriorState",
    typeDoc: "The managed fields as they were before this resource managed them.",
  },
  stateBase: false,
  outputsSet: true,
  outputTypes: { action: "AccessListActionArg" },
  outputs: {
    shieldZoneId: out("The shield zone.", "number", true),
    pullZoneId: out(
      "The pull zone the zone was named by (only when `pullZoneId` is used).",
      "number | undefined",
      true,
    ),
    listId: out("Id of the managed list.", "number", true),
    configurationId: out("Id of the zone's configuration of the list.", "number", true),
    listName: out("Name of the list on the platform.", "string", true),
    category: out("Category of the list, by name (combined flags joined by `|`).", "string", true),
    requiredPlan: out("The lowest plan the list is available on, by name.", "string", true),
    prior: out(
      "The managed fields before Pulumi managed them: destroy restores them. `{}` for a view " +
        "read with `ManagedAccessList.get` (nothing is ever restored for it).",
      "ManagedAccessListPriorState",
    ),
    priorPinned: out(
      "True when the program states `prior`; else undefined.",
      "boolean | undefined",
    ),
    unmanaged: out(
      "Fields reported but not managed; undefined when none.",
      '("enabled" | "action")[] | undefined',
    ),
    readOnly: out(
      "True for a list read with `ManagedAccessList.get`; else undefined.",
      "boolean | undefined",
    ),
  },
  stateOnly: ["byName"],
};

/** `edge.shield.ManagedAccessList`. */
export const managedAccessListKind: EngineKind<AccessListDetails> = {
  type: "ManagedAccessList",
  noun: "the configuration of managed access list",
  inputsSchema: "managedAccessListInputsSchema",
  fields: SETTINGS,
  docs: DOCS,
  key: {
    id: "listId",
    name: "listName",
    byName: "byName",
    label: "list",
    noun: "the managed list",
    async resolve(zone, by, what) {
      try {
        const list = findList(await listing(zone), zone, by);
        return { id: list.listId, name: list.name, current: snapshotOf(list) };
      } catch (e) {
        if (!(e instanceof ResourceOperationError)) throw e;
        throw new ResourceOperationError(`${what} failed: ${e.message}`);
      }
    },
  },
  read: (t) => readList(t.zone, Number(t.key)),
  async write(t, current, changes, what) {
    const list = current.raw;
    if (list.requiredPlan > 0) {
      // Refused before the write (unreadable: the PATCH's own answer still says it).
      const plan = await zonePlan(t.zone);
      if (typeof plan === "number" && list.requiredPlan > plan) planGate(what, t.zone, list, plan);
    }
    const body = {
      isEnabled: (changes.enabled ?? list.isEnabled) as boolean,
      action: (changes.action ?? list.action) as number,
    };
    const res = await getClient()
      .accessLists.updateAccessListConfiguration(t.zone, list.configurationId, body as never)
      .catch(async (e: unknown) => {
        if ((e as { errorKey?: unknown })?.errorKey !== "not_available.access_list") throw e;
        return planGate(what, t.zone, list, await zonePlan(t.zone));
      });
    // Accepted, applied later: done when the listing shows both fields as sent (a plain
    // error otherwise: the write may still land, the engine keeps the record).
    if (res.status === 202)
      await readBackSettings(
        () => readList(t.zone, list.listId),
        SETTINGS,
        { enabled: body.isEnabled, action: body.action },
        `the configuration of managed access list ${list.listId}`,
      );
  },
  outputs: ({ raw: l }) => ({
    listName: l.name,
    configurationId: l.configurationId,
    category: categoryName(l.category),
    requiredPlan: planName(l.requiredPlan),
    enabled: l.isEnabled,
    action: actionName(l.action),
  }),
  form: listForm,
};

/** The dynamic provider of `edge.shield.ManagedAccessList` (what its serialized stub calls). */
export const managedAccessListProvider = settingsProvider(managedAccessListKind);
