/** Path-parameter schemas of collection routes, from the kinds of their ids. */
import { INT32_MAX } from "edgeplatform-client/spec";

/** An object's id: an integer or a string (GUID). */
export type Id = number | string;

/** How an id is written in a path: an int32, an int64 (safe integer) or a GUID. */
export type IdKind = "int32" | "int64" | "guid";

const GUID_PATTERN =
  "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

const ID_SCHEMAS: Record<IdKind, Record<string, unknown>> = {
  int32: { type: "integer", minimum: 0, maximum: INT32_MAX },
  int64: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  guid: { type: "string", pattern: GUID_PATTERN },
};

/** A path-parameter schema: each name (all required) with its id kind or its own schema. */
export function pathParams(
  named: Record<string, IdKind | Record<string, unknown>>,
): Record<string, unknown> {
  const entries = Object.entries(named);
  return {
    type: "object",
    required: entries.map(([n]) => n),
    properties: Object.fromEntries(
      entries.map(([n, k]) => [n, typeof k === "string" ? { ...ID_SCHEMAS[k] } : k]),
    ),
  };
}

/** The params schema of a route: the parent's parameter (if any), then the id's (if any). */
export function collectionParams(
  parentParam: string | undefined,
  parentKind: IdKind = "int64",
  id?: { param: string; kind: IdKind },
): Record<string, unknown> {
  const named: Record<string, IdKind> = {};
  if (parentParam) named[parentParam] = parentKind;
  if (id) named[id.param] = id.kind;
  return pathParams(named);
}
