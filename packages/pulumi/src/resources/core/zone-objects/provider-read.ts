/**
 * `read` of a zone-object kind's provider: the object as the platform holds it, in the
 * program's form; the read-only view of a read with no state (`get`, `pulumi import`); the
 * state left (empty id) only on confirmed evidence that the object is gone.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isNotFound, operation, ResourceOperationError } from "../common";
import { isObjectId } from "./ids";
import type { ObjectId, ZoneObject, ZoneObjectKind } from "./kind";
import type { ProviderContext } from "./provider-context";
import { confirmGone } from "./recovery";
import { originOf, type ObjectOutputs } from "./state";

/**
 * Whether a read has no prior state (`get`: the props hold only `__provider`) or is the
 * read-only view such a read returned (`adopted`, `deleteOnDestroy: false`, no `unmanaged`,
 * the whole configuration).
 */
const isReadOnlyView = (kind: ZoneObjectKind, props: Partial<ObjectOutputs> | undefined): boolean =>
  !isObjectId(kind.ids, props?.id) || props?.readOnly === true;

/**
 * The numbers of an id that a read with no state takes (`get`, `pulumi import`): one per part
 * of `form` (`["listId"]`: `"101"`; `["zoneId", "listId"]`: `"1/501"`); another id is
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
  if (kind.ids !== "string") return idParts(rid, [kind.words.id], "101", what)[0];
  if (typeof rid === "string" && rid !== "") return rid;
  throw new ResourceOperationError(`${what} failed: the id must be the object's id; got ""`);
}

/**
 * The read-only view of an object (`get`): every field the platform reports, the
 * enumerations by name (as the data sources and the inputs `check` returns); adopted and
 * `deleteOnDestroy: false`, so that nothing done with this state could ever delete it (the
 * engine never deletes a read resource).
 */
function readOnlyView<O extends ZoneObject>(p: ProviderContext<O>, object: O): ObjectOutputs {
  const { plan } = p;
  const outs = plan.toOutputs(
    object,
    {
      id: object.id,
      name: object.name ?? null,
      description: object.description ?? null,
      fields: plan.named({ ...(object.fields ?? {}) }) as Record<string, unknown>,
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
export async function read<O extends ZoneObject>(
  p: ProviderContext<O>,
  id: string,
  props: ObjectOutputs,
): Promise<dynamic.ReadResult<ObjectOutputs>> {
  const { kind, plan, readOne } = p;
  const objectId = (
    isObjectId(kind.ids, props?.id) ? props.id : idOfRead(kind as ZoneObjectKind, id)
  ) as O["id"];
  const what = `edgeplatform ${kind.typeName} ${objectId}: read`;
  return operation(what, async () => {
    let object: O;
    try {
      object = await readOne(objectId, props?.parentId);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      await confirmGone(kind as ZoneObjectKind, objectId, props?.parentId, e, what);
      return { id: "" };
    }
    if (isReadOnlyView(kind as ZoneObjectKind, props)) {
      const outs = readOnlyView(p, object);
      return { id: String(object.id), props: outs, inputs: plan.inputsOf(outs) as never };
    }
    const known = plan.inputsOf({ ...props, id: objectId, adopted: props?.adopted === true });
    const outs = plan.toOutputs(object, known, originOf(props ?? {}));
    return { id: String(object.id), props: outs, inputs: plan.inputsOf(outs) as never };
  });
}
