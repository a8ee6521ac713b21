/**
 * Building blocks of the data sources' argument schemas (the `*-schemas.ts` modules of this
 * directory). Loads TypeBox: only schema modules import it.
 */
import { Type, type TUnsafe } from "@sinclair/typebox";

/** An argument that a JSON schema cannot describe (a `Date`, a list or a string): any value. */
export const anyValue = <T>(): TUnsafe<T> => Type.Unsafe<T>({});
/** A positive int64-safe integer (ids). */
export const positiveId = () => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
/** A string enumeration, as `{type: "string", enum}` (one failure naming every value). */
export const oneOf = <T extends string>(values: readonly T[]): TUnsafe<T> =>
  Type.Unsafe<T>({ type: "string", enum: [...values] });
