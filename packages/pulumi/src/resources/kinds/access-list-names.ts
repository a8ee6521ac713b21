/**
 * The access-list enumerations in words (spec/shield.md "Access lists"), shared by
 * `edge.shield.ManagedAccessList` and the `getAccessLists` data source: a state or result
 * shows `"Block"`, `"CIDR"`, `"Business"`, never the API's integers.
 */
import {
  AccessListAction,
  AccessListCategory,
  AccessListType,
} from "edgeplatform-client/spec/runtime";
import { enumName } from "../core/enum-names";

/** The name of a value of an integer enumeration, and a plan type in words (`../core/enum-names`). */
export { enumName, planName } from "../core/enum-names";

/** An access-list action name (`"None"` … `"Bypass"`). */
export type AccessListActionName = keyof typeof AccessListAction;
/** Every action name, in the API's order. */
export const ACTION_NAMES = Object.keys(AccessListAction) as AccessListActionName[];

/** The name of an action integer (`2` → `"Block"`); the integer when it has no name. */
export const actionName = (v: number): AccessListActionName | number =>
  ACTION_NAMES.find((k) => AccessListAction[k] === v) ?? v;

/** Category flags in words (`1024` → `"AiCrawlers"`, `3` → `"VPNs|Datacenters"`, 0 → `"None"`). */
export function categoryName(v: unknown): string {
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0) return String(v);
  if (v === 0) return "None";
  const names: string[] = [];
  let rest = v;
  for (const [k, bit] of Object.entries(AccessListCategory)) {
    if (bit !== 0 && (v & bit) === bit) {
      names.push(k);
      rest &= ~bit;
    }
  }
  if (rest !== 0) names.push(String(rest));
  return names.join("|");
}

/** The name of an access-list type (`1` → `"CIDR"`). */
export const typeName = (v: unknown): string => enumName(AccessListType, v);
