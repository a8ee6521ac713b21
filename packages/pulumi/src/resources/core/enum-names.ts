/**
 * Integer enumerations of the API in words (a state, a result or a message shows `"Business"`,
 * never the API's integer): shared by the engines and the kinds.
 */
import { ShieldPlanType } from "edgeplatform-client/spec/runtime";

/** The name of a value of an integer enumeration; the number as text when unknown. */
export const enumName = (e: Record<string, number>, v: unknown): string =>
  Object.keys(e).find((k) => e[k] === v) ?? String(v);

/** A plan type in words (`2` → `"Business"`; an unknown one → `"plan 7"`). */
export const planName = (p: unknown): string => {
  const n = enumName(ShieldPlanType, p);
  return n in ShieldPlanType ? n : `plan ${String(p)}`;
};
