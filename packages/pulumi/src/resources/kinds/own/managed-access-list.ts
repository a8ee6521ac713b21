/**
 * Implementation of the `edge.shield.ManagedAccessList` dynamic resource: the configuration
 * (`isEnabled`, `action`) of one managed (curated) access list of a shield zone
 * (spec/shield.md "Access lists"). A settings-like resource, like `ZoneDnssec`: nothing is
 * created or deleted on the platform; create records the configuration as it was
 * (`prior`, the managed fields only) and writes only what differs; destroy restores `prior`.
 *
 * Calls: create = the zone's listing (GET `/shield/shield-zone/{id}/access-lists`), plus the
 * zone (GET `/shield/shield-zone/{id}`, once per run) when a write is needed on a plan-gated
 * list, plus one configuration PATCH only when a managed field differs. Update and delete =
 * the listing, then one PATCH only when a managed field differs. Every PATCH sends both
 * `isEnabled` and `action`: the managed fields as desired, the others as just read (the
 * spec's body is `{isEnabled, action}`; a platform that resets an absent field could not
 * touch an unmanaged one this way). Loaded at run time by the serialized stub in `loader.ts`.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import {
  AccessListAction,
  schemaRef,
  type AccessListDetails,
  type ZoneAccessLists,
} from "edgeplatform-client/spec/runtime";
import type { managedAccessListInputsSchema as ManagedAccessListInputsSchema } from "./managed-access-list-schemas";
import { actionName, categoryName, planName } from "../access-list-names";
import {
  checkInputs,
  isNotFound,
  isUnknown,
  messageOf,
  notGoneError,
  operation,
  ownerConflicts,
  PROVIDER_KEY,
  ResourceOperationError,
  safeCheck,
  type Failure,
} from "../../core/common";
import { logLine, PartialCreateError, timing } from "../../core/providers/rate-limit-rule-recovery";
import { describeValues } from "../../core/engine-log";
import { ACCEPTED_WRITE, pollUntil } from "../../core/zone-objects/recovery";
import {
  claimRecordedAt,
  claimValue,
  claimWith,
  isClaimed,
  isYoungerRecord,
  recordTime,
  restoreOnce,
  unclaim,
  zoneListing,
} from "../../core/run-state";
import {
  refuseSpellings,
  sameObject,
  shieldZoneOfPullZone,
  spellingsFailures,
  withoutSpellings,
} from "../../core/spellings";
import { configureFromRequest, ConfigureRequestLike, getClient } from "../../core/settings";

/** An access-list action as a program writes it: the name (`"Block"`) or the integer. */
export type AccessListActionInput = keyof typeof AccessListAction | number;
/** The fields of a list's configuration this resource can manage. */
export type ManagedField = "enabled" | "action";
const FIELDS: readonly ManagedField[] = ["enabled", "action"];

/** Inputs of a managed list's configuration (after `check`). */
export interface ManagedAccessListInputs {
  shieldZoneId?: number;
  pullZoneId?: number;
  listId?: number;
  listName?: string;
  enabled?: boolean;
  action?: AccessListActionInput;
  /** The managed fields before Pulumi, as the program states them (a way out). */
  prior?: ManagedAccessListPrior;
}

/** What destroy restores: the managed fields as they were before Pulumi managed them. */
export interface ManagedAccessListPrior {
  enabled?: boolean;
  action?: AccessListActionInput;
}

/** State of a managed list's configuration. */
export interface ManagedAccessListOutputs {
  shieldZoneId: number;
  pullZoneId?: number;
  listId: number;
  configurationId: number;
  listName: string;
  category: string;
  requiredPlan: string;
  enabled: boolean;
  action: AccessListActionInput;
  /** The managed fields before Pulumi managed them (restored on destroy); {} for `get`. */
  prior: ManagedAccessListPrior;
  /** True when the program states `prior` (not recorded from the platform). */
  priorPinned?: boolean;
  /**
   * When this entry recorded `prior` (ISO 8601; absent in states of earlier versions: older
   * than any): of two entries for one list, destroy restores the older record only.
   */
  priorRecordedAt?: string;
  /** Fields reported but not managed (left out of the program). */
  unmanaged?: ManagedField[];
  /** True when the program names the list by `listName` (the read gives it back so). */
  byName?: boolean;
  /** True for the read-only view of `ManagedAccessList.get` (never written). */
  readOnly?: boolean;
}

const TYPE = "ManagedAccessList";

/** The inputs, checked with the project's one validator (the "one of" rules: below). */
const inputsSchema = schemaRef<typeof ManagedAccessListInputsSchema>(
  __dirname,
  "./managed-access-list-schemas",
  "managedAccessListInputsSchema",
);

const present = (n: Record<string, unknown>, k: string) => n[k] !== undefined && n[k] !== null;

/** "exactly one of" failures of a pair of inputs (unknowns count as present). */
function exactlyOne(n: Record<string, unknown>, a: string, b: string, what: string): Failure[] {
  const has = [a, b].filter((k) => present(n, k));
  if (has.length === 1) return [];
  return [
    {
      property: has.length === 0 ? a : b,
      reason:
        has.length === 0
          ? `one of \`${a}\` or \`${b}\` is required (${what})`
          : `give exactly one of \`${a}\` or \`${b}\` (${what}), not both`,
    },
  ];
}

/** Validates the inputs. Never throws. */
export function checkManagedAccessList(_olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const conflicts = ownerConflicts(n, ["listId", "listName"]);
    if (conflicts.length > 0) return { inputs: n, failures: conflicts };
    const failures = [
      ...exactlyOne(n, "shieldZoneId", "pullZoneId", "the zone"),
      ...exactlyOne(n, "listId", "listName", "the managed list"),
      ...checkInputs(inputsSchema, withoutSpellings(n)),
      ...spellingsFailures(n),
    ];
    const pinned = n.prior;
    if (pinned && typeof pinned === "object" && !isUnknown(pinned)) {
      for (const f of FIELDS) {
        const v = (pinned as Record<string, unknown>)[f];
        if (v !== undefined && v !== null && !present(n, f)) {
          failures.push({
            property: `prior.${f}`,
            reason: `only a managed field has a prior: write \`${f}\` too, or leave prior.${f} out`,
          });
        }
      }
    }
    if (!present(n, "enabled") && !present(n, "action")) {
      failures.push({
        property: "enabled",
        reason:
          "at least one of `enabled` or `action` is required (a field left out is not managed)",
      });
    }
    // The action by name, whichever form the program wrote (what `preview --diff` shows).
    const byName = (a: unknown) =>
      typeof a === "number" && Object.values(AccessListAction).includes(a as never)
        ? actionName(a)
        : a;
    const named: Record<string, unknown> = { ...n };
    if (n.action !== undefined) named.action = byName(n.action);
    if (pinned && typeof pinned === "object" && !isUnknown(pinned)) {
      const p = pinned as Record<string, unknown>;
      if (p.action !== undefined) named.prior = { ...p, action: byName(p.action) };
    }
    return { inputs: named, failures };
  });
}

/** The integer of an action input (a name or an integer). */
export const actionValue = (a: unknown): number =>
  typeof a === "string" ? (AccessListAction as Record<string, number>)[a] : Number(a);
const label = (zone: unknown, list: unknown) =>
  `edgeplatform ${TYPE} (zone ${String(zone)}, list ${typeof list === "string" ? JSON.stringify(list) : String(list)})`;
const claimKey = (zone: number, listId: number) => `${zone}/${listId}`;
const CLAIM = "managed-access-list";
/** Lists whose resource is being replaced in this run (value: the prior it recorded). */
const REPLACING = "managed-access-list-replacing";

/** The shield zone of the inputs: `shieldZoneId`, or the one of `pullZoneId`. */
async function zoneOf(i: ManagedAccessListInputs): Promise<number> {
  if (typeof i.shieldZoneId === "number") return i.shieldZoneId;
  return shieldZoneOfPullZone(i.pullZoneId as number);
}

/**
 * Refuses, before any write, when another resource of the program names the same list with
 * its zone or the list spelled another way (spellings.ts): `list` is this resource's list as
 * the zone's listing holds it, so a name and an id of one list are the same list.
 */
async function refuseOtherSpellings(
  inputs: object,
  zone: number,
  list: AccessListDetails,
  what: string,
): Promise<void> {
  const others = await sameObject(
    inputs,
    zone,
    what,
    (o) => o.listId === list.listId || o.listName === list.name,
  );
  const noun = `the configuration of managed access list ${list.listId} (${JSON.stringify(list.name)}) of shield zone ${zone}`;
  refuseSpellings(inputs, others, noun, what);
}

/** The zone's listing (GET `/shield/shield-zone/{id}/access-lists`), never cached. */
const listing = (zone: number): Promise<ZoneAccessLists> =>
  getClient().accessLists.listAccessLists(zone);

/**
 * The zone's listing for read and delete: a not-found answer (a deleted zone, or a key of
 * another account: the same answer) is never "gone"; it fails naming the way out.
 */
async function listingOrNotGone(zone: number, listId: number, what: string) {
  try {
    return await listing(zone);
  } catch (e) {
    if (!isNotFound(e)) throw e;
    throw notGoneError(
      what,
      `managed access list ${listId} of shield zone ${zone}`,
      JSON.stringify(messageOf(e)),
      e,
    );
  }
}

/**
 * The managed list the inputs name in `all`. A custom list's id or name, or an unknown one,
 * fails with a message naming the way out and the managed lists of the zone.
 */
function findList(
  all: ZoneAccessLists,
  zone: number,
  by: { listId?: number; listName?: string },
  what: string,
): AccessListDetails {
  const match = (l: AccessListDetails) =>
    by.listId !== undefined ? l.listId === by.listId : l.name === by.listName;
  const found = all.managedLists.find(match);
  if (found) return found;
  const named = by.listId !== undefined ? `id ${by.listId}` : `name ${JSON.stringify(by.listName)}`;
  const custom = all.customLists.find(match);
  if (custom) {
    throw new ResourceOperationError(
      `${what} failed: the access list with ${named} in shield zone ${zone} is a custom list ` +
        `(listId ${custom.listId}, ${JSON.stringify(custom.name)}), not a managed one; manage ` +
        `custom lists with edge.shield.AccessList. Nothing was written.`,
    );
  }
  const names = all.managedLists.map((l) => `${JSON.stringify(l.name)} (listId ${l.listId})`);
  throw new ResourceOperationError(
    `${what} failed: shield zone ${zone} has no managed access list with ${named}; its managed ` +
      `lists are ${names.length > 0 ? names.join(", ") : "none"}. Nothing was written.`,
  );
}

/** The zone's plan type (GET `/shield/shield-zone/{id}`, once per run). */
async function zonePlan(zone: number): Promise<unknown> {
  const [z] = await zoneListing(
    zone,
    async () => [await getClient().shield.getShieldZone(zone)],
    "shield-zone",
  );
  return (z as { planType?: unknown }).planType;
}

/** The plan-gate message: the plan the list needs and the zone's plan. */
function planGate(what: string, zone: number, list: AccessListDetails, plan: unknown): never {
  const zonePlanText =
    typeof plan === "number"
      ? `is on the ${planName(plan)} plan`
      : "is on a plan without it (the platform answered not_available.access_list)";
  throw new ResourceOperationError(
    `${what} failed: managed access list ${list.listId} (${JSON.stringify(list.name)}) needs ` +
      `the ${planName(list.requiredPlan)} plan; shield zone ${zone} ${zonePlanText}. Nothing ` +
      `was written. Upgrade the zone's plan, or remove the resource.`,
  );
}

/** Refuses a write on a list the zone's plan does not include, before the write. */
async function assertAvailable(what: string, zone: number, list: AccessListDetails) {
  if (typeof list.requiredPlan !== "number" || list.requiredPlan <= 0) return;
  let plan: unknown;
  try {
    plan = await zonePlan(zone);
  } catch {
    return; // the PATCH's own answer (not_available.access_list) still says it
  }
  if (typeof plan === "number" && list.requiredPlan > plan) planGate(what, zone, list, plan);
}

/** The prior the program states for its managed fields (actions as names); {} when none. */
function pinnedOf(i: Partial<ManagedAccessListInputs>): ManagedAccessListPrior {
  const p: ManagedAccessListPrior = {};
  const given = i.prior;
  if (!given || typeof given !== "object" || isUnknown(given)) return p;
  if (typeof given.enabled === "boolean" && i.enabled !== undefined) p.enabled = given.enabled;
  if (given.action !== undefined && given.action !== null && i.action !== undefined)
    p.action = actionName(actionValue(given.action)) as AccessListActionInput;
  return p;
}

/** Whether two records of a prior agree on every field both hold. */
function priorsAgree(a: ManagedAccessListPrior | undefined, b: ManagedAccessListPrior | undefined) {
  return FIELDS.every(
    (f) =>
      a?.[f] === undefined ||
      b?.[f] === undefined ||
      (f === "action" ? actionValue(a[f]) === actionValue(b[f]) : a[f] === b[f]),
  );
}

/** The managed fields of `i` (those written in the program). */
const managedOf = (i: ManagedAccessListInputs): ManagedField[] =>
  FIELDS.filter((f) => i[f] !== undefined && i[f] !== null);

/** Whether the platform's value of `field` equals `want` (an action compares by integer). */
function same(field: ManagedField, list: AccessListDetails, want: unknown): boolean {
  return field === "enabled" ? list.isEnabled === want : list.action === actionValue(want);
}

/**
 * Writes `want` (the managed fields) over the list's current configuration `list`: one PATCH
 * with both fields (the others as read), none when every field of `want` already matches.
 * Returns whether a write was made and the configuration after it.
 */
async function writeConfiguration(
  what: string,
  zone: number,
  list: AccessListDetails,
  want: ManagedAccessListPrior,
): Promise<{ wrote: boolean; isEnabled: boolean; action: number }> {
  const fields = FIELDS.filter((f) => want[f] !== undefined && !same(f, list, want[f]));
  const body = {
    isEnabled: want.enabled !== undefined ? want.enabled : list.isEnabled,
    action: (want.action !== undefined ? actionValue(want.action) : list.action) as never,
  };
  if (fields.length === 0) return { wrote: false, isEnabled: list.isEnabled, action: list.action };
  await assertAvailable(what, zone, list);
  try {
    const res = await getClient().accessLists.updateAccessListConfiguration(
      zone,
      list.configurationId,
      body,
    );
    // Accepted, applied later: not done until the listing shows it, or a later read (a
    // restore's, another resource's) could take the old values for current ones.
    if (res.status === 202) await readBackConfiguration(zone, list.listId, body);
  } catch (e) {
    if ((e as { errorKey?: unknown })?.errorKey === "not_available.access_list") {
      let plan: unknown;
      try {
        plan = await zonePlan(zone);
      } catch {
        // unreadable: the message says only that the zone's plan does not include the list
      }
      planGate(what, zone, list, plan);
    }
    throw e;
  }
  return { wrote: true, isEnabled: body.isEnabled, action: body.action as number };
}

/**
 * Reads the zone's listing until the list shows `body` (a 202: applied later), with the
 * bounded backoff of the other resources; fails when it never shows it (the write may still
 * land: the next run reads it and writes only what still differs).
 */
async function readBackConfiguration(
  zone: number,
  listId: number,
  body: { isEnabled: boolean; action: number },
): Promise<void> {
  const shown = await pollUntil(
    async () => (await listing(zone)).managedLists.find((l) => l.listId === listId),
    (now) => now.isEnabled === body.isEnabled && now.action === body.action,
    timing,
    ACCEPTED_WRITE,
  );
  if (!shown) {
    // A plain error: the write may still land, so create and update keep the prior (a
    // partial create or update), as for a lost answer.
    throw new Error(
      `the platform accepted the configuration of managed access list ${listId} (202) but ` +
        `it was not visible after ${timing.readBackMs / 1000} s; run the command again (the ` +
        `change is re-sent only if it is still missing)`,
    );
  }
}

/** The outputs for `list` as the platform holds it (`cfg`), in the program's forms. */
function outputsOf(
  zone: number,
  list: AccessListDetails,
  cfg: { isEnabled: boolean; action: number },
  inputs: ManagedAccessListInputs,
  prior: ManagedAccessListPrior,
): ManagedAccessListOutputs {
  const managed = managedOf(inputs);
  const unmanaged = FIELDS.filter((f) => !managed.includes(f));
  const action = typeof inputs.action === "number" ? cfg.action : actionName(cfg.action);
  return {
    shieldZoneId: zone,
    ...(inputs.pullZoneId !== undefined ? { pullZoneId: inputs.pullZoneId } : {}),
    listId: list.listId,
    configurationId: list.configurationId,
    listName: list.name,
    category: categoryName(list.category),
    requiredPlan: planName(list.requiredPlan),
    enabled: cfg.isEnabled,
    action,
    prior,
    ...(Object.keys(pinnedOf(inputs)).length > 0 ? { priorPinned: true } : {}),
    ...(unmanaged.length > 0 ? { unmanaged } : {}),
    ...(inputs.listName !== undefined ? { byName: true } : {}),
  };
}

/** The inputs the program wrote, recovered from a state (for `read`). */
function inputsOf(o: ManagedAccessListOutputs): ManagedAccessListInputs {
  const i: ManagedAccessListInputs = {};
  if (o.pullZoneId !== undefined) i.pullZoneId = o.pullZoneId;
  else i.shieldZoneId = o.shieldZoneId;
  if (o.byName) i.listName = o.listName;
  else i.listId = o.listId;
  if (o.readOnly) return i;
  const unmanaged = o.unmanaged ?? [];
  if (!unmanaged.includes("enabled")) i.enabled = o.enabled;
  if (!unmanaged.includes("action")) i.action = o.action;
  if (o.priorPinned === true) i.prior = { ...o.prior };
  return i;
}

/** The prior of `fields` as `list` holds them now (actions as names). */
function priorOf(list: AccessListDetails, fields: readonly ManagedField[]): ManagedAccessListPrior {
  const p: ManagedAccessListPrior = {};
  if (fields.includes("enabled")) p.enabled = list.isEnabled;
  if (fields.includes("action")) p.action = actionName(list.action);
  return p;
}

/**
 * Records the list's configuration as it is (`prior`, the managed fields) and writes the
 * managed fields that differ (one PATCH; none when equal). Refuses a list that another
 * resource of this run manages, a custom list, an unknown one, and a write the zone's plan
 * does not allow, each before any write.
 */
export async function createManagedAccessList(
  inputs: ManagedAccessListInputs & { [PROVIDER_KEY]?: unknown },
): Promise<dynamic.CreateResult<ManagedAccessListOutputs>> {
  let what = `${label(inputs.shieldZoneId ?? `of pull zone ${inputs.pullZoneId}`, inputs.listId ?? inputs.listName)}: create`;
  return operation(what, async () => {
    const zone = await zoneOf(inputs);
    const all = await listing(zone);
    const list = findList(all, zone, inputs, what);
    what = `${label(zone, list.listId)}: create`;
    await refuseOtherSpellings(inputs, zone, list, what);
    const key = claimKey(zone, list.listId);
    if (isClaimed(CLAIM, key)) {
      throw new ResourceOperationError(
        `${what} failed: another resource of this program already manages the configuration ` +
          `of managed access list ${list.listId} (${JSON.stringify(list.name)}) in shield zone ` +
          `${zone}; one resource per list. Nothing was written.`,
      );
    }
    const prior = priorOf(list, managedOf(inputs));
    // The replacement of a resource of this run for the same list (its zone or list spelled
    // another way: `shieldZoneId` ↔ `pullZoneId`): the list's configuration now is what
    // Pulumi wrote; the prior is the one that resource recorded.
    const replaced = claimValue(REPLACING, key) as ManagedAccessListPrior | undefined;
    for (const f of managedOf(inputs)) {
      if (replaced && replaced[f] !== undefined)
        (prior as Record<string, unknown>)[f] = replaced[f];
    }
    Object.assign(prior, pinnedOf(inputs)); // the program's statement wins
    const priorRecordedAt = recordTime();
    // Synchronous with the check above: no other create between.
    claimWith(CLAIM, key, prior, priorRecordedAt);
    if (managedOf(inputs).some((f) => !same(f, list, inputs[f]))) {
      // Printed before the write: if this run is interrupted after it, the value to state
      // with `prior` is here.
      await logLine(
        `${what}: configuration before Pulumi: ${describeValues(priorOf(list, managedOf(inputs)))}; ` +
          `destroy restores ${describeValues(prior)}`,
      );
    }
    try {
      const cfg = await writeConfiguration(what, zone, list, {
        enabled: inputs.enabled,
        action: inputs.action,
      });
      return {
        id: key,
        outs: {
          ...outputsOf(zone, list, cfg, inputs, prior),
          priorRecordedAt,
          [PROVIDER_KEY]: inputs[PROVIDER_KEY],
        },
      };
    } catch (e) {
      const status = (e as { status?: unknown })?.status;
      const refused = typeof status === "number" && status >= 400 && status < 500;
      if (e instanceof ResourceOperationError || refused) {
        unclaim(CLAIM, key); // refused before or by the write: nothing was written
        throw e;
      }
      // The write may have been applied: keep the resource, with what destroy restores, so
      // that the next run neither forgets the list nor records its new configuration as prior.
      const before = { isEnabled: list.isEnabled, action: list.action };
      throw new PartialCreateError(
        `${what} failed: ${messageOf(e)}. The list is recorded in the state with its ` +
          `configuration before Pulumi (${JSON.stringify(prior)}); the next \`pulumi up\` reads ` +
          `it and writes only what still differs`,
        key as never,
        {
          ...outputsOf(zone, list, before, inputs, prior),
          priorRecordedAt,
          [PROVIDER_KEY]: inputs[PROVIDER_KEY],
        },
      );
    }
  });
}

/** `zone/listId` of an id. */
function parseId(id: string): { zone: number; listId: number } | undefined {
  const m = /^(\d+)\/(\d+)$/.exec(String(id));
  return m ? { zone: Number(m[1]), listId: Number(m[2]) } : undefined;
}

/**
 * Reads the list's configuration from the zone's listing: an out-of-band change is drift by
 * field (`enabled`, `action`). The resource leaves the state only when a readable listing no
 * longer holds the list. With no prior state (`ManagedAccessList.get`, id `zone/listId`): a
 * read-only view (no prior, nothing managed, never written).
 */
export async function readManagedAccessList(
  id: string,
  props: ManagedAccessListOutputs,
): Promise<dynamic.ReadResult<ManagedAccessListOutputs>> {
  const parsed = parseId(id);
  const zone = typeof props?.shieldZoneId === "number" ? props.shieldZoneId : parsed?.zone;
  const listId = typeof props?.listId === "number" ? props.listId : parsed?.listId;
  const what = `${label(zone, listId)}: read`;
  return operation(what, async () => {
    if (zone === undefined || listId === undefined) {
      throw new ResourceOperationError(
        `${what} failed: the id must be "<shieldZoneId>/<listId>" (e.g. "1/3"); got ${JSON.stringify(id)}`,
      );
    }
    const all = await listingOrNotGone(zone, listId, what);
    const list = all.managedLists.find((l) => l.listId === listId);
    if (!list) {
      if (props?.shieldZoneId === undefined || props.readOnly)
        findList(all, zone, { listId }, what);
      return { id: "" }; // confirmed: the readable listing no longer holds it
    }
    const cfg = { isEnabled: list.isEnabled, action: list.action };
    if (typeof props?.shieldZoneId !== "number" || props.readOnly === true) {
      const outs: ManagedAccessListOutputs = {
        ...outputsOf(zone, list, cfg, {}, {}),
        readOnly: true,
      };
      return { id: claimKey(zone, listId), props: outs, inputs: inputsOf(outs) as never };
    }
    const outs: ManagedAccessListOutputs = {
      ...props,
      ...outputsOf(zone, list, cfg, inputsOf(props), props.prior ?? {}),
    };
    return { id: claimKey(zone, listId), props: outs, inputs: inputsOf(outs) as never };
  });
}

/** Replaces for another zone or list; updates for a managed field's change. No API call. */
export function diffManagedAccessList(
  _id: string,
  olds: Partial<ManagedAccessListOutputs>,
  news: Partial<ManagedAccessListInputs>,
): dynamic.DiffResult {
  const replaces: string[] = [];
  if (
    isUnknown(news.shieldZoneId) ||
    (news.shieldZoneId !== undefined && news.shieldZoneId !== olds.shieldZoneId) ||
    (news.shieldZoneId !== undefined && olds.pullZoneId !== undefined)
  )
    replaces.push("shieldZoneId");
  if (
    isUnknown(news.pullZoneId) ||
    (news.pullZoneId !== undefined && news.pullZoneId !== olds.pullZoneId)
  )
    replaces.push("pullZoneId");
  if (isUnknown(news.listId) || (news.listId !== undefined && news.listId !== olds.listId))
    replaces.push("listId");
  if (isUnknown(news.listName) || (news.listName !== undefined && news.listName !== olds.listName))
    replaces.push("listName");
  const unmanaged = olds.unmanaged ?? [];
  const changed = FIELDS.some((f) => {
    const n = news[f];
    if (isUnknown(n)) return true;
    if (n === undefined || n === null) return !unmanaged.includes(f);
    // An action compares by value: a state of 0.1 may hold the integer the program's name is.
    return (
      unmanaged.includes(f) ||
      (f === "action" ? actionValue(n) !== actionValue(olds[f]) : n !== olds[f])
    );
  });
  const byName = news.listName !== undefined;
  const pinned = pinnedOf(news);
  const pinChanged =
    isUnknown(news.prior) ||
    !priorsAgree(pinned, olds.prior) ||
    FIELDS.some((f) => pinned[f] !== undefined && olds.prior?.[f] === undefined) ||
    Object.keys(pinned).length > 0 !== (olds.priorPinned === true);
  if (replaces.length === 0 && typeof olds.shieldZoneId === "number" && olds.listId) {
    // This run's program manages the list: a stale state entry for it (the old half of a
    // rename) must not restore another configuration later.
    claimWith(
      CLAIM,
      claimKey(olds.shieldZoneId, olds.listId),
      { ...(olds.prior ?? {}), ...pinned },
      olds.priorRecordedAt,
    );
  }
  if (replaces.length > 0 && typeof olds.shieldZoneId === "number" && olds.listId) {
    // The replacement may name the same list (the zone spelled another way): it then keeps
    // this resource's prior, and this resource's delete leaves the list to it.
    claimWith(
      REPLACING,
      claimKey(olds.shieldZoneId, olds.listId),
      olds.prior ?? {},
      olds.priorRecordedAt,
    );
  }
  return {
    changes: replaces.length > 0 || changed || pinChanged || byName !== (olds.byName === true),
    replaces,
    deleteBeforeReplace: false,
  };
}

/**
 * Writes the managed fields that changed: the listing, then one PATCH (both fields, the
 * unmanaged one as read), none when the platform already holds them. A field that becomes
 * managed records its prior now; a field no longer managed is left as it is and its prior
 * forgotten.
 */
export async function updateManagedAccessList(
  _id: string,
  olds: ManagedAccessListOutputs,
  news: ManagedAccessListInputs,
): Promise<dynamic.UpdateResult<ManagedAccessListOutputs>> {
  const zone = olds.shieldZoneId;
  const what = `${label(zone, olds.listId)}: update`;
  return operation(what, async () => {
    const all = await listing(zone);
    const list = findList(all, zone, { listId: olds.listId }, what);
    await refuseOtherSpellings(news, zone, list, what);
    const managed = managedOf(news);
    const wasManaged = FIELDS.filter((f) => !(olds.unmanaged ?? []).includes(f));
    const prior: ManagedAccessListPrior = {};
    for (const f of managed) {
      if (wasManaged.includes(f) && olds.prior && f in olds.prior) {
        (prior as Record<string, unknown>)[f] = olds.prior[f];
      } else Object.assign(prior, priorOf(list, [f]));
    }
    Object.assign(prior, pinnedOf(news)); // the program's statement wins
    const { [PROVIDER_KEY]: provider } = olds as unknown as Record<string, unknown>;
    // The record keeps its time (a field managed from now on is recorded now, but counts as
    // recorded with the others).
    const recorded =
      olds.priorRecordedAt !== undefined ? { priorRecordedAt: olds.priorRecordedAt } : {};
    let cfg: { isEnabled: boolean; action: number };
    try {
      cfg = await writeConfiguration(what, zone, list, {
        enabled: news.enabled,
        action: news.action,
      });
    } catch (e) {
      const status = (e as { status?: unknown })?.status;
      const refused = typeof status === "number" && status >= 400 && status < 500;
      if (e instanceof ResourceOperationError || refused) throw e;
      // The write may have been applied: record the prior of a field managed from now on
      // (read before the write), so that the next run does not take Pulumi's write for it.
      throw new PartialCreateError(
        `${what} failed: ${messageOf(e)}. The state records the list's configuration before ` +
          `this write (${JSON.stringify(prior)} before Pulumi); the next \`pulumi up\` reads it ` +
          `and writes only what still differs`,
        _id as never,
        {
          ...outputsOf(
            zone,
            list,
            { isEnabled: list.isEnabled, action: list.action },
            { ...news, pullZoneId: olds.pullZoneId },
            prior,
          ),
          ...recorded,
          // The engine records these properties as they are: keep the stub.
          [PROVIDER_KEY]: (news as Record<string, unknown>)[PROVIDER_KEY] ?? provider,
        },
      );
    }
    return {
      outs: {
        ...outputsOf(zone, list, cfg, { ...news, pullZoneId: olds.pullZoneId }, prior),
        ...recorded,
        ...(provider !== undefined ? { [PROVIDER_KEY]: provider } : {}),
      } as ManagedAccessListOutputs,
    };
  });
}

/**
 * Restores the managed fields to `prior` (one PATCH, none when they already match). A list
 * that a readable listing no longer holds needs nothing. A list that another resource of
 * this run now manages (a rename without `aliases`, a replacement) is left to it when both
 * records of the prior agree; when they differ, this delete refuses and names the way out.
 */
export async function deleteManagedAccessList(
  _id: string,
  props: ManagedAccessListOutputs,
): Promise<void> {
  if (!props || props.readOnly === true || !props.prior) return;
  const zone = props.shieldZoneId;
  const what = `${label(zone, props.listId)}: delete`;
  const prior = props.prior;
  if (Object.keys(prior).length === 0) return;
  const key = claimKey(zone, props.listId);
  if (isClaimed(CLAIM, key)) {
    const theirs = claimValue(CLAIM, key) as ManagedAccessListPrior | undefined;
    if (priorsAgree(theirs, prior)) return;
    const theirsAt = claimRecordedAt(CLAIM, key);
    if (isYoungerRecord(props.priorRecordedAt, theirsAt)) {
      // A rename reverted: the resource that manages the list now is the first owner (its
      // record is older); this entry read what Pulumi had written. Leave the list to it.
      logLine(
        `${what}: another resource of this program now manages the configuration of managed ` +
          `access list ${props.listId} in shield zone ${zone} with an older record of its ` +
          `configuration before Pulumi (${JSON.stringify(theirs)}, taken ${theirsAt}) than ` +
          `this entry's (${JSON.stringify(prior)}, taken ${props.priorRecordedAt}, after ` +
          `Pulumi's write); nothing is written: that resource's destroy restores it`,
      );
      return;
    }
    throw new ResourceOperationError(
      `${what} failed: another resource of this program now manages the configuration of ` +
        `managed access list ${props.listId} in shield zone ${zone} (a \`pulumi up --replace\`, ` +
        `or a rename without \`aliases\`) and recorded ${JSON.stringify(theirs)} as its ` +
        `configuration before Pulumi, but this resource recorded ${JSON.stringify(prior)}. ` +
        `Nothing was written. This entry recorded the list before Pulumi's first write; to ` +
        `keep it, give the resource that now manages the list \`prior: ` +
        `${JSON.stringify(prior)}\` and run \`pulumi up\` again (the records then agree and ` +
        `this entry leaves the list to it). If instead the other record is right, remove this ` +
        `entry with \`pulumi state delete <urn>\`.`,
    );
  }
  // Restore once: the other half of a refused rename or replacement may be deleted in this
  // run too; each field is restored by the entry whose record is the oldest (the first
  // owner's), whatever the order, and the other writes nothing for it.
  const record: Record<string, unknown> = {};
  for (const f of FIELDS) if (prior[f] !== undefined) record[f] = prior[f];
  await restoreOnce(CLAIM, key, props.priorRecordedAt, record, sameField, async (plan) => {
    if (plan.conflicts.length > 0) {
      const theirs: Record<string, unknown> = {};
      const mine: Record<string, unknown> = {};
      for (const c of plan.conflicts) {
        theirs[c.field] = c.theirs;
        mine[c.field] = record[c.field];
      }
      throw new ResourceOperationError(
        `${what} failed: another entry of this stack for the same object (the configuration ` +
          `of managed access list ${props.listId} in shield zone ${zone}) restored ` +
          `${JSON.stringify(theirs)} in this run, but this entry recorded ` +
          `${JSON.stringify(mine)} as the configuration before Pulumi, and neither record says ` +
          `which was taken first (states of earlier versions do not). Nothing was written. If ` +
          `this entry's values are the ones before Pulumi, run \`pulumi destroy\` again (this ` +
          `entry alone then restores them); if not, remove this entry with \`pulumi state ` +
          `delete <urn>\`.`,
      );
    }
    if (plan.restore.length === 0) return; // an older entry restored every field this run
    const want: ManagedAccessListPrior = {};
    for (const f of plan.restore) (want as Record<string, unknown>)[f] = record[f];
    await operation(what, async () => {
      const all = await listingOrNotGone(zone, props.listId, what);
      const list = all.managedLists.find((l) => l.listId === props.listId);
      if (!list) return; // confirmed gone: nothing to restore
      await writeConfiguration(what, zone, list, want);
    });
  });
}

/** Whether two records of one field agree (an action compares by integer). */
const sameField = (field: string, a: unknown, b: unknown): boolean =>
  field === "action" ? actionValue(a) === actionValue(b) : a === b;

/** The dynamic provider of `edge.shield.ManagedAccessList` (what the serialized stub calls). */
export const managedAccessListProvider = {
  configure: async (req: ConfigureRequestLike): Promise<void> => configureFromRequest(req),
  check: async (olds: unknown, news: unknown) => checkManagedAccessList(olds, news),
  diff: async (id: string, olds: ManagedAccessListOutputs, news: ManagedAccessListInputs) =>
    diffManagedAccessList(id, olds, news),
  create: createManagedAccessList,
  read: readManagedAccessList,
  update: updateManagedAccessList,
  delete: deleteManagedAccessList,
};
