/**
 * Object ids of the zone-object engine: a kind's ids are numbers (lists, records, …) or
 * strings (GUIDs), as its declaration says ({@link ZoneObjectKind.ids}); the engine tells an
 * id from a value that is none, and reads one from a Pulumi resource id, by that form only.
 */
import { isPlainObject } from "../common";
import type { ObjectId } from "./kind";

/** How a kind's ids look (default `"number"`). */
export type IdForm = "number" | "string";

/** Whether `v` is an object id of form `form` (a number; a non-empty string). */
export const isObjectId = (form: IdForm | undefined, v: unknown): v is ObjectId =>
  form === "string" ? typeof v === "string" && v !== "" : typeof v === "number";

/** The object id a Pulumi resource id (always text) stands for, in form `form`. */
export const idOfText = (form: IdForm | undefined, text: string): ObjectId =>
  form === "string" ? text : Number(text);

/**
 * The id an `AcceptedResult` (a 202) names: its `value.id`, or the last segment of its
 * `location` (digits only for number ids). Undefined: it names none.
 */
export function acceptedId(
  form: IdForm | undefined,
  accepted: { value?: unknown; location?: string | null },
): ObjectId | undefined {
  const v = accepted?.value;
  if (isPlainObject(v) && isObjectId(form, v.id)) return v.id;
  const m = (form === "string" ? /\/([^/]+)\/?$/ : /\/(\d+)\/?$/).exec(accepted?.location ?? "");
  return m ? idOfText(form, m[1]) : undefined;
}
