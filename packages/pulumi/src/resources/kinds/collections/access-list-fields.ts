/**
 * The provider of `edge.shield.AccessList`: its `check` (before any call), its public types,
 * and the zone-object engine's provider built from its declaration, whose boundary applies
 * the kind's spelling (access-list.ts `ACCESS_LIST_SPELLING`: `listId`, `shieldZoneId` or
 * `pullZoneId`, `name`, `description`, flat fields `type`, `entries`, `enabled`, `action`).
 *
 * The entries are held once: the inputs `check` returns hold `entries` as ONE string (the
 * entries joined by "\n", in the program's order: `preview --diff` shows a change as added
 * and removed lines); the state holds `entryCount` and `entriesDigest` (sha256 of the content),
 * never the entries. An old state's entries are known to the engine only when the digest of
 * the new entries equals the stored one (then they ARE the new entries); otherwise it gets a
 * value no content equals, so the entries count as changed, and `read` reports the platform's.
 */
import {
  AccessListAction,
  AccessListType,
  accessListEntries,
  schemaRef,
  validateAccessListEntries,
  type AccessListTypeValue,
} from "edgeplatform-client/spec/runtime";
import type { accessListInputsSchema as AccessListInputsSchema } from "./access-list-schemas";
import { Failure, isUnknown } from "../../core/common";
import { flatCheck } from "../../core/zone-objects/boundary";
import { zoneObjectProvider } from "../../core/zone-objects/provider";
import { accessListKind, enumName } from "./access-list";

/** Inputs of an access list after `check` (`entries`: one string, the entries joined by "\n"). */
export interface AccessListInputs {
  listId?: number;
  shieldZoneId?: number;
  pullZoneId?: number;
  name?: string;
  description?: string | null;
  type?: string | number;
  entries?: string;
  enabled?: boolean;
  action?: string | number;
  deleteOnDestroy?: boolean;
}

/** A field of an access list that may be left out (not managed). */
export type AccessListField = "name" | "description" | "type" | "entries" | "enabled" | "action";

/** State of an access list: identity, mode, the platform's values, the entries' digest. */
export interface AccessListOutputs {
  listId: number;
  shieldZoneId: number;
  pullZoneId?: number;
  configurationId?: number;
  name?: string | null;
  description?: string | null;
  type?: string | number;
  enabled?: boolean;
  action?: string | number;
  entryCount?: number;
  entriesDigest?: string;
  adopted: boolean;
  origin?: "adopted" | "created";
  deleteOnDestroy?: boolean;
  unmanaged?: AccessListField[];
  readOnly?: boolean;
}

const inputsSchema = schemaRef<typeof AccessListInputsSchema>(
  __dirname,
  "./access-list-schemas",
  "accessListInputsSchema",
);

const isSet = (v: unknown) => v !== undefined && v !== null;

/** The integer of an enumeration input (name in any case, or the integer), or a failure. */
function enumValue(field: "type" | "action", v: unknown, failures: Failure[]): number | undefined {
  const e: Record<string, number> = field === "type" ? AccessListType : AccessListAction;
  if (typeof v === "number" && Object.values(e).includes(v)) return v;
  const hit =
    typeof v === "string" ? Object.keys(e).find((k) => k.toLowerCase() === v.toLowerCase()) : "";
  if (hit) return e[hit];
  failures.push({
    property: field,
    reason: `must be one of ${Object.entries(e)
      .map(([k, n]) => `"${k}" (${n})`)
      .join(", ")}; got ${JSON.stringify(v)}`,
  });
  return undefined;
}

/**
 * `check`: validates the inputs (the addressing, the enumerations, every entry against the
 * type) and returns them with `type` and `action` as names (`1` and `"cidr"` are `"CIDR"`)
 * and `entries` joined into one string. No API call.
 */
export const checkAccessList = flatCheck(accessListKind, {
  inputsSchema,
  own: (n, out, failures) => {
    const adopt = isSet(n.listId);
    if (adopt && !isSet(n.shieldZoneId)) {
      failures.push({
        property: "shieldZoneId",
        reason:
          "is required with listId: the shield zone the list is in (the API is keyed by zone)",
      });
    }
    if (adopt && isSet(n.pullZoneId)) {
      failures.push({ property: "pullZoneId", reason: "not with listId: use shieldZoneId" });
    }
    if (!adopt && isSet(n.shieldZoneId) && isSet(n.pullZoneId)) {
      failures.push({
        property: "pullZoneId",
        reason: "set exactly one of shieldZoneId, pullZoneId (create) or listId (adopt)",
      });
    }
    if (!adopt && !isSet(n.shieldZoneId) && !isSet(n.pullZoneId)) {
      failures.push({
        property: "shieldZoneId",
        reason:
          "one of listId (adopt an existing list, with its shieldZoneId), shieldZoneId or " +
          "pullZoneId (create a new list) is required",
      });
    }
    if (!adopt) {
      for (const [f, what] of [
        ["name", "names are unique in a zone, and the name is how a create is made idempotent"],
        ["type", "what the entries are (IP, CIDR, ASN, Country, Organization, JA4)"],
        ["entries", "the list's entries"],
      ] as const) {
        if (!isSet(n[f])) {
          failures.push({ property: f, reason: `is required when creating a list: ${what}` });
        }
      }
    }
    const type =
      isSet(n.type) && !isUnknown(n.type) ? enumValue("type", n.type, failures) : undefined;
    // The names, whichever form the program wrote (what `preview --diff` and the state show).
    if (type !== undefined) out.type = enumName("type", type);
    if (isSet(n.action) && !isUnknown(n.action)) {
      const action = enumValue("action", n.action, failures);
      if (action !== undefined) out.action = enumName("action", action);
    }
    const entries = n.entries;
    if (isSet(entries) && !isUnknown(entries)) {
      const list =
        typeof entries === "string"
          ? accessListEntries(entries)
          : Array.isArray(entries)
            ? // Padding is not part of an entry (the platform's content is split and trimmed):
              // checked and stored trimmed, so a padded entry is not rewritten on every run.
              entries.map((e) => (typeof e === "string" ? e.trim() : e))
            : undefined;
      if (!list) {
        failures.push({ property: "entries", reason: "must be a list of strings" });
      } else if (!list.some(isUnknown)) {
        if (type !== undefined) {
          const typeName = String(enumName("type", type));
          for (const f of validateAccessListEntries(type as AccessListTypeValue, list)) {
            failures.push({ ...f, reason: `${f.reason} (type ${typeName})` });
          }
        } else if (list.some((e) => typeof e !== "string")) {
          failures.push({ property: "entries", reason: "must be a list of strings" });
        }
        out.entries = list.join("\n");
      }
    }
  },
});

/** The provider built from the declaration, with the kind's own check. */
export const accessListEngine = zoneObjectProvider(accessListKind, { check: checkAccessList });

/**
 * The fields the diff finds changed, by their public names (the native plugin's
 * `detailedDiff`): the engine's per-field report of the mapped inputs and state. No API call.
 */
export const accessListFieldChanges = accessListEngine.fieldChanges;

/** The dynamic provider of `edge.shield.AccessList` (what the serialized stub calls). */
export const accessListProvider = accessListEngine.provider;
