/**
 * The dynamic provider of a zone-object kind, built from its declaration: check, diff,
 * create (engine.ts), read, update and delete. Loaded at run time through the serialized
 * stubs (`loader.ts`, `registry.ts`).
 *
 * - "gone" needs unambiguous evidence: a not-found answer AND a readable zone list without
 *   the id; `not_found_or_unauthorised_access`, 401/403 or an unreadable zone is an error;
 * - an adopted object stays adopted (`origin`): addressing it by zone and name later never
 *   makes destroy delete it; only `deleteOnDestroy: true` does;
 * - a resource of this run keeps its object (claims): no create of this run takes it over,
 *   no other resource adopts it, and a stale state entry's delete leaves it.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isNotFound, isUnknown, operation, ResourceOperationError } from "../common";
import { claim, claimWith, isClaimed } from "../run-state";
import { configureFromRequest, type ConfigureRequestLike } from "../settings";
import { capabilitiesOf } from "./capabilities";
import { checkFor } from "./check";
import { claimKeys, createOperations, labelOf } from "./engine";
import { idOfText, isObjectId } from "./ids";
import { wordsOf, type ObjectId, type ZoneObject, type ZoneObjectKind } from "./kind";
import { configurationPlan, present } from "./plan";
import { confirmGone, logLine, readBackGone } from "./recovery";
import { parentWrite } from "./parent";
import { zoneReader, zoneWrite } from "./zone-reads";
import {
  deletesOnDestroy,
  inputsFromOutputs,
  isAdoptMode,
  managesTop,
  originOf,
  statePlan,
  type ObjectInputs,
  type ObjectOutputs,
} from "./state";

/**
 * Whether a read has no prior state (`get`: the props hold only `__provider`) or is the
 * read-only view such a read returned (`adopted`, `deleteOnDestroy: false`, no `unmanaged`,
 * the whole configuration).
 */
const isReadOnlyView = (kind: ZoneObjectKind, props: Partial<ObjectOutputs> | undefined): boolean =>
  !isObjectId(kind.ids, props?.ruleId) || props?.readOnly === true;

/**
 * The numbers of an id that a read with no state takes (`get`, `pulumi import`): one per part
 * of `form` (`["ruleId"]`: `"101"`; `["shieldZoneId", "listId"]`: `"1/501"`); another id is
 * refused naming the form, with `example`.
 */
export function idParts(
  rid: string,
  form: readonly string[],
  example: string,
  what: string,
): number[] {
  const m = new RegExp(`^${form.map(() => "(\\d{1,16})").join("/")}$`).exec(String(rid));
  if (m) return m.slice(1).map(Number);
  throw new ResourceOperationError(
    `${what} failed: the id must be "${form.map((p) => `<${p}>`).join("/")}" ` +
      `(e.g. "${example}"); got ${JSON.stringify(rid)}`,
  );
}

/**
 * The object id a read with no state takes (`get`, `pulumi import`): a number id as
 * {@link idParts} reads it; a string id (a GUID) as it is, never empty.
 */
function idOfRead(kind: ZoneObjectKind, rid: string): ObjectId {
  const what = `edgeplatform ${kind.typeName}: read`;
  if (kind.ids !== "string") return idParts(rid, ["ruleId"], "101", what)[0];
  if (typeof rid === "string" && rid !== "") return rid;
  throw new ResourceOperationError(`${what} failed: the id must be the object's id; got ""`);
}

/** Builds the dynamic provider (and its named operations) of one kind. */
export function zoneObjectProvider<O extends ZoneObject>(kind: ZoneObjectKind<O>) {
  const plan = statePlan(configurationPlan(kind.config));
  const ops = createOperations(kind, plan);
  const can = capabilitiesOf(kind);
  const keys = claimKeys(kind as ZoneObjectKind);
  const check = checkFor(kind as ZoneObjectKind, plan);
  const readOne = zoneReader(kind);

  /**
   * Creates (zone modes) or adopts (`ruleId`) the object. A kind that adopts with the shared
   * zone read ({@link ZoneObjectKind.adoptReadsShared}) reads as a refresh does, and only the
   * write an adopt makes ends the sessions; every other create is a write from its start.
   */
  async function create(inputs: ObjectInputs): Promise<dynamic.CreateResult<ObjectOutputs>> {
    const what = `${labelOf(kind as ZoneObjectKind, inputs)}: create`;
    const adoptUnder = (read?: typeof readOne) =>
      parentWrite(kind.parent, inputs.shieldZoneId, () => ops.adopt(inputs, what, read));
    if (isAdoptMode(inputs) && can.adoptReadsShared) {
      return operation(what, () => adoptUnder(readOne));
    }
    return zoneWrite(() =>
      operation(what, () => (isAdoptMode(inputs) ? adoptUnder() : ops.createInZone(inputs, what))),
    );
  }

  /**
   * The read-only view of an object (`get`): every field the platform reports, the
   * enumerations by name (as the data sources and the inputs `check` returns); adopted and
   * `deleteOnDestroy: false`, so that nothing done with this state could ever delete it (the
   * engine never deletes a read resource).
   */
  function readOnlyView(rule: O): ObjectOutputs {
    const outs = plan.toOutputs(
      rule,
      {
        ruleId: rule.id,
        ruleName: rule.ruleName ?? null,
        ruleDescription: rule.ruleDescription ?? null,
        ruleConfiguration: plan.named({ ...(rule.ruleConfiguration ?? {}) }) as Record<
          string,
          unknown
        >,
        deleteOnDestroy: false,
      },
      "adopted",
    );
    return { ...outs, readOnly: true };
  }

  /**
   * Reads the object (GET) and reports the program's managed fields as the platform holds
   * them. It leaves the state (empty id) only when the zone's list confirms it is gone.
   */
  async function read(
    id: string,
    props: ObjectOutputs,
  ): Promise<dynamic.ReadResult<ObjectOutputs>> {
    const ruleId = (
      isObjectId(kind.ids, props?.ruleId) ? props.ruleId : idOfRead(kind as ZoneObjectKind, id)
    ) as O["id"];
    const what = `edgeplatform ${kind.typeName} ${ruleId}: read`;
    return operation(what, async () => {
      let rule: O;
      try {
        rule = await readOne(ruleId, props?.shieldZoneId);
      } catch (e) {
        if (!isNotFound(e)) throw e;
        await confirmGone(kind as ZoneObjectKind, ruleId, props?.shieldZoneId, e, what);
        return { id: "" };
      }
      if (isReadOnlyView(kind as ZoneObjectKind, props)) {
        const outs = readOnlyView(rule);
        return { id: String(rule.id), props: outs, inputs: inputsFromOutputs(outs) as never };
      }
      const known = inputsFromOutputs({ ...props, ruleId, adopted: props?.adopted === true });
      const outs = plan.toOutputs(rule, known, originOf(props ?? {}));
      return { id: String(rule.id), props: outs, inputs: inputsFromOutputs(outs) as never };
    });
  }

  /** Reports replacements (another object or zone) and in-place changes. No API call. */
  function diff(_id: string, olds: Partial<ObjectOutputs>, news: ObjectInputs): dynamic.DiffResult {
    const { replaces: moved, changed } = plan.planChanges(
      olds ?? {},
      news ?? { ruleConfiguration: {} },
    );
    // What the platform cannot change in place (the kind's own): delete first, since names
    // are unique in a zone and the new object takes the same name.
    const fixed = can.replacedBy(olds ?? {}, news ?? { ruleConfiguration: {} });
    const replaces = [...moved, ...fixed];
    // A resource of this run's program keeps its object: no create of this run may take it
    // over, no other resource may adopt it, and a delete of it by a stale state entry (the old
    // half of a replacement or rename whose run failed before its delete) leaves it alone.
    const oldId = isObjectId(kind.ids, olds?.ruleId) ? olds.ruleId : undefined;
    if (replaces.length === 0 && oldId !== undefined) claim(keys.object, oldId);
    // A replacement (identity changed) may find this object again in the same zone by name:
    // it is this stack's own, so that create may keep it instead of failing.
    if (replaces.length > 0 && oldId !== undefined) {
      claimWith(keys.replacing, oldId, originOf(olds));
    }
    return {
      changes: replaces.length + changed.length > 0,
      replaces,
      deleteBeforeReplace: fixed.length > 0,
    };
  }

  /**
   * Brings the object to the program's values. A change of mode, of `deleteOnDestroy` or of
   * the managed set alone makes no API call; a managed value that differs from the last known
   * state makes one GET (the platform's current values) and one PATCH of the top-level
   * fields that really differ.
   */
  async function update(
    id: string,
    olds: ObjectOutputs,
    news: ObjectInputs,
  ): Promise<dynamic.UpdateResult<ObjectOutputs>> {
    const ruleId = (
      isObjectId(kind.ids, olds?.ruleId) ? olds.ruleId : idOfText(kind.ids, id)
    ) as O["id"];
    const what = `edgeplatform ${kind.typeName} ${ruleId}: update`;
    return operation(what, async () => {
      const stale =
        (["ruleName", "ruleDescription"] as const).some(
          (f) => news[f] !== undefined && (!managesTop(olds, f) || news[f] !== olds[f]),
        ) ||
        plan.changedConfigFields(news.ruleConfiguration ?? {}, olds.ruleConfiguration).length > 0;
      if (!stale) {
        const rule: ZoneObject = {
          id: ruleId,
          shieldZoneId: olds.shieldZoneId,
          ruleName: olds.ruleName,
          ruleDescription: olds.ruleDescription,
          ruleConfiguration: olds.ruleConfiguration ?? {},
          ...(olds.reported ? { reported: olds.reported } : {}),
        };
        return { outs: plan.toOutputs(rule, news, originOf(olds)) };
      }
      const rule = await zoneWrite(() =>
        parentWrite(kind.parent, olds.shieldZoneId, () =>
          ops.converge(news, ruleId, what, olds.shieldZoneId),
        ),
      );
      return { outs: plan.toOutputs(rule, news, originOf(olds)) };
    });
  }

  /**
   * Deletes the object when `deleteOnDestroy` (default for created objects); else leaves it.
   * An object that a resource of this run took over (a replacement) is left to it.
   */
  async function del(id: string, props: ObjectOutputs): Promise<void> {
    const ruleId = (
      isObjectId(kind.ids, props?.ruleId) ? props.ruleId : idOfText(kind.ids, id)
    ) as O["id"];
    if (!deletesOnDestroy(props ?? {})) return;
    const what = `edgeplatform ${kind.typeName} ${ruleId}: delete`;
    if (isClaimed(keys.object, ruleId)) {
      logLine(
        `${what}: skipped, another resource of this run now manages ${wordsOf(kind).one} ${ruleId}`,
      );
      return;
    }
    await operation(what, () =>
      parentWrite(kind.parent, props?.shieldZoneId, () => deleteObject(ruleId, props, what)),
    );
  }

  /** Deletes object `ruleId` of state `props` (reading back a 202, confirming a not-found). */
  async function deleteObject(ruleId: O["id"], props: ObjectOutputs, what: string) {
    try {
      const res = await zoneWrite(() => kind.endpoints.delete(ruleId, props?.shieldZoneId));
      // Accepted, applied later: not deleted until a read no longer finds it.
      if ((res as { statusCode?: unknown } | undefined)?.statusCode === 202) {
        await readBackGone(kind as ZoneObjectKind, ruleId, props?.shieldZoneId, what);
      }
    } catch (e) {
      if (!isNotFound(e)) throw e;
      // already gone: nothing to do
      await confirmGone(kind as ZoneObjectKind, ruleId, props?.shieldZoneId, e, what);
    }
    // A zone listed earlier in this run still shows it: a create after this delete (a
    // replacement that deletes first) must not find it there.
    claim(keys.deleted, ruleId);
  }

  /**
   * The fields a {@link diff} finds changed, for a per-field report (the native plugin's
   * `detailedDiff`): `replaces` as {@link diff} reports them, `changed` the other top-level
   * fields, with `ruleConfiguration` broken down into `ruleConfiguration.<field>`, and
   * `removed` the configuration fields the program no longer manages. No API call.
   */
  function fieldChanges(
    olds: Partial<ObjectOutputs>,
    news: ObjectInputs,
  ): { replaces: string[]; changed: string[]; removed: string[] } {
    const n = news ?? { ruleConfiguration: {} };
    const { replaces: moved, changed: top } = plan.planChanges(olds ?? {}, n);
    const replaces = [...moved, ...can.replacedBy(olds ?? {}, n)];
    const desired = n.ruleConfiguration ?? {};
    const known = olds?.ruleConfiguration ?? {};
    const changed: string[] = [];
    const removed: string[] = [];
    for (const f of top) {
      if (replaces.includes(f)) continue;
      if (f !== "ruleConfiguration" || isUnknown(desired)) {
        changed.push(f);
        continue;
      }
      for (const c of plan.changedConfigFields(desired, known)) changed.push(`${f}.${c}`);
      for (const c of Object.keys(known)) if (!present(desired, c)) removed.push(`${f}.${c}`);
    }
    return { replaces, changed, removed };
  }

  /** The dynamic provider (what the serialized stub calls). */
  const provider = {
    configure: async (req: ConfigureRequestLike): Promise<void> => configureFromRequest(req),
    check: async (olds: unknown, news: unknown) => check(olds, news),
    diff: async (id: string, olds: ObjectOutputs, news: ObjectInputs) => diff(id, olds, news),
    create,
    read,
    update,
    delete: del,
  };
  return { provider, check, create, read, diff, fieldChanges, update, delete: del, plan };
}
