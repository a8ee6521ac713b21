/**
 * The TypeBox declarations of `edge.shield.ManagedAccessList`'s `check` (a schema module: the
 * build precompiles each exported `*Schema`; see edgeplatform-client's `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { AccessListAction } from "edgeplatform-client/spec/runtime";
import { ACTION_NAMES } from "../access-list-names";

/** The inputs, checked with the project's one validator (the "one of" rules: below). */
export const managedAccessListInputsSchema = Type.Object(
  {
    shieldZoneId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    pullZoneId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    listId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    listName: Type.Optional(Type.String({ pattern: "\\S" })),
    enabled: Type.Optional(Type.Boolean()),
    // One enumeration of names and integers: one failure naming every allowed value.
    action: Type.Optional(
      Type.Unsafe<string | number>({ enum: [...ACTION_NAMES, ...Object.values(AccessListAction)] }),
    ),
    prior: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          action: Type.Optional(
            Type.Unsafe<string | number>({
              enum: [...ACTION_NAMES, ...Object.values(AccessListAction)],
            }),
          ),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
