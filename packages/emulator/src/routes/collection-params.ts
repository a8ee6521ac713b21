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

/** The params schema of a route: the parent's parameter (if any), then the id's (if any). */
export function collectionParams(
  parentParam: string | undefined,
  parentKind: IdKind = "int64",
  id?: { param: string; kind: IdKind },
): Record<string, unknown> {
  const named: [string, IdKind][] = [];
  if (parentParam) named.push([parentParam, parentKind]);
  if (id) named.push([id.param, id.kind]);
  return {
    type: "object",
    required: named.map(([n]) => n),
    properties: Object.fromEntries(named.map(([n, k]) => [n, { ...ID_SCHEMAS[k] }])),
  };
}
