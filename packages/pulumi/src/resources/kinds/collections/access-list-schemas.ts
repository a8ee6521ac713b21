/**
 * The TypeBox declarations of `edge.shield.AccessList`'s `check` (a schema module: the build
 * precompiles each exported `*Schema`; see edgeplatform-client's `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { INT32_MAX } from "edgeplatform-client/spec/runtime";

const id = () =>
  Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: INT32_MAX }), Type.Null()]));

/** The public inputs of an access list (`type`, `entries` and `action` are checked apart). */
export const accessListInputsSchema = Type.Object(
  {
    listId: id(),
    shieldZoneId: id(),
    pullZoneId: id(),
    name: Type.Optional(Type.String({ minLength: 1 })),
    description: Type.Optional(Type.Unsafe<string | null>({ type: ["string", "null"] })),
    type: Type.Optional(Type.Unsafe<unknown>({})),
    entries: Type.Optional(Type.Unsafe<unknown>({})),
    enabled: Type.Optional(Type.Boolean()),
    action: Type.Optional(Type.Unsafe<unknown>({})),
    deleteOnDestroy: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The engine's configuration of a list: checked by `checkAccessList`, nothing more here. */
export const accessListConfigurationSchema = Type.Object({});
