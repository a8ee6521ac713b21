/**
 * `edge.shield.AccessList`: a custom access list of a shield zone as a Pulumi dynamic
 * resource (type token `pulumi-nodejs:dynamic/shield:AccessList`). Same conventions as the
 * rule kinds: `listId` (adopt, with the zone it is in) or `shieldZoneId`/`pullZoneId`
 * (create, with a `name`); only the fields written are managed; `get` reads without
 * managing; `opts.import` is refused. Its arguments, state and outputs are generated from the
 * kind's declaration (`./generated/access-list`).
 */
import type {
  AccessListAction,
  AccessListActionValue,
  AccessListType,
  AccessListTypeValue,
} from "edgeplatform-client/spec/runtime";
import type { EdgeResourceOptions } from "./readable-resource";
import { ZoneObjectResource, type ZoneObjectKind } from "./zone-object-resource";
import type { AccessListArgs, AccessListOutputs } from "./generated/access-list";

export type {
  AccessListAdoptArgs,
  AccessListArgs,
  AccessListCommonArgs,
  AccessListCreateInPullZoneArgs,
  AccessListCreateInShieldZoneArgs,
  AccessListState,
} from "./generated/access-list";

/** What the entries of a list are: the API's integer (0–5) or its name (`"CIDR"`). */
export type AccessListTypeInput = AccessListTypeValue | keyof typeof AccessListType;
/** What a matching list does: the API's integer (0–5) or its name (`"Block"`). */
export type AccessListActionInput = AccessListActionValue | keyof typeof AccessListAction;

/** A field of a list that the program left out (reported, not managed). */
export type AccessListField = "name" | "description" | "type" | "entries" | "enabled" | "action";

/** The kind: its stub, its type token, how its arguments adopt an object, its inputs. */
const KIND: ZoneObjectKind = {
  stub: "access-list",
  module: "shield",
  type: "AccessList",
  idField: "listId",
  idName: "id",
  parentField: "shieldZoneId",
  short: "list",
  noun: "custom access list",
  getId: "id",
  before: [
    "shieldZoneId",
    "pullZoneId",
    "name",
    "description",
    "type",
    "entries",
    "enabled",
    "action",
    "deleteOnDestroy",
  ],
  after: [
    "configurationId",
    "entryCount",
    "entriesDigest",
    "adopted",
    "origin",
    "unmanaged",
    "readOnly",
  ],
};

/** The outputs of an {@link AccessList} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface AccessList extends AccessListOutputs {}

/**
 * A custom access list of a shield zone: its entries, and its configuration in the zone
 * (`enabled`, `action`). With `shieldZoneId` or `pullZoneId` a new list is created (and
 * deleted on destroy); with `listId` (and its `shieldZoneId`) an existing list is adopted
 * (and left in place on destroy unless `deleteOnDestroy`). Only the fields the program
 * writes are managed; an update sends only what changed.
 *
 * ```ts
 * const office = new edge.shield.AccessList("office", {
 *   shieldZoneId: 1,
 *   name: "office",
 *   type: "CIDR",
 *   entries: ["203.0.113.0/24", "198.51.100.0/25"],
 *   enabled: true,
 *   action: "Allow",
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class AccessList extends ZoneObjectResource {
  /**
   * Creates or adopts a custom access list.
   * @param name The unique name of the resource.
   * @param args The desired list: `listId` (adopt), `shieldZoneId` or `pullZoneId` (create).
   * @param opts Options for the resource. `opts.import` is refused: write `listId` instead.
   */
  constructor(name: string, args: AccessListArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
