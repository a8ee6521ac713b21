/**
 * Building blocks of the TypeBox declarations (`schemas.ts`, `shield-schemas.ts`): integer
 * enumerations, nullable scalars and int32 ranges. Internal to the spec module.
 */
import { Type, type TSchema, type TUnsafe } from "@sinclair/typebox";
import { INT32_MAX, INT32_MIN } from "./enums";

/**
 * An integer enumeration: `{type: "integer", enum: [values]}`, typed as their union. With
 * `named`, the schema also carries `x-enum-names` (value → name), which validation messages
 * use to name the allowed values (for a field whose name means different enumerations in
 * different shapes, such as `actionType`).
 */
export function enumOf<E extends Record<string, number>>(e: E, named = false): TUnsafe<E[keyof E]> {
  return Type.Unsafe<E[keyof E]>({
    type: "integer",
    enum: Object.values(e),
    ...(named
      ? { "x-enum-names": Object.fromEntries(Object.entries(e).map(([n, v]) => [v, n])) }
      : {}),
  });
}
/** A string enumeration: `{type: "string", enum: [values]}`, typed as their union. */
export function stringEnum<T extends string>(values: readonly T[]): TUnsafe<T> {
  return Type.Unsafe<T>({ type: "string", enum: [...values] });
}
/** `T | null` as an `anyOf` (the null branch is silent in validation messages). */
export const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** A string or null, as `{type: ["string", "null"]}`. */
export const nullableString = () => Type.Unsafe<string | null>({ type: ["string", "null"] });
/** A boolean or null, as `{type: ["boolean", "null"]}`. */
export const nullableBoolean = () => Type.Unsafe<boolean | null>({ type: ["boolean", "null"] });
/** An int32. */
export const int32 = () => Type.Integer({ minimum: INT32_MIN, maximum: INT32_MAX });
/** A non-negative int32. */
export const uint32 = () => Type.Integer({ minimum: 0, maximum: INT32_MAX });
/** An int64 id (bounded to JavaScript's safe integers). */
export const int64 = () => Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
