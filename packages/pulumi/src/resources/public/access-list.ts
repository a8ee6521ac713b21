/**
 * `edge.shield.AccessList`: a custom access list of a shield zone as a Pulumi dynamic
 * resource (type token `pulumi-nodejs:dynamic/shield:AccessList`). Same conventions as
 * {@link WafRule}: `listId` (adopt, with the zone it is in) or `shieldZoneId`/`pullZoneId`
 * (create, with a `name`); only the fields written are managed; `get` reads without
 * managing; `opts.import` is refused.
 */
import * as pulumi from "@pulumi/pulumi";
import type {
  AccessListAction,
  AccessListActionValue,
  AccessListType,
  AccessListTypeValue,
} from "edgeplatform-client/spec/runtime";
import { soleOwner } from "./one-owner";
import { ReadableResource, type EdgeResourceOptions } from "./readable-resource";

/** What the entries of a list are: the API's integer (0–5) or its name (`"CIDR"`). */
export type AccessListTypeInput = AccessListTypeValue | keyof typeof AccessListType;
/** What a matching list does: the API's integer (0–5) or its name (`"Block"`). */
export type AccessListActionInput = AccessListActionValue | keyof typeof AccessListAction;

/** Fields of every form of {@link AccessListArgs}. */
export interface AccessListCommonArgs {
  /**
   * What the entries are: IP, CIDR, ASN, Country, Organization or JA4 (or the integer 0–5).
   * Required when creating. The platform cannot change it: a change replaces a created list
   * (and is refused for an adopted one). The state and previews hold the name (`"CIDR"`),
   * also when the program wrote the integer.
   */
  type?: pulumi.Input<AccessListTypeInput>;
  /**
   * The entries, in order (each checked against `type` before any call; a repeated entry is
   * refused). Required when creating. Kept in the state once, as a line-per-entry string of
   * the inputs; the outputs hold `entryCount` and `entriesDigest`. Left out: not managed.
   */
  entries?: pulumi.Input<pulumi.Input<string>[]>;
  /**
   * Description of the list. The platform cannot change it: a change replaces a created
   * list; an adopted list whose description differs is refused. Left out: not managed.
   */
  description?: pulumi.Input<string | null>;
  /** Whether the list is applied in the zone (its configuration). Left out: not managed. */
  enabled?: pulumi.Input<boolean>;
  /**
   * What a match does: None, Allow, Block, Challenge, Log, Bypass (or the integer 0–5), set
   * in the list's configuration. Left out: not managed.
   */
  action?: pulumi.Input<AccessListActionInput>;
  /**
   * Whether destroying the resource deletes the list. Default: true when the resource creates
   * the list (`shieldZoneId`/`pullZoneId`), false when it adopts one (`listId`).
   */
  deleteOnDestroy?: pulumi.Input<boolean>;
}

/** {@link AccessListArgs} that adopt an existing custom list by id (`listId`). */
export interface AccessListAdoptArgs extends AccessListCommonArgs {
  /**
   * Adopt an existing custom list by id: create = only the writes of managed fields that
   * differ (none when they match); destroy leaves the list unless `deleteOnDestroy` is true.
   */
  listId: pulumi.Input<number>;
  /** The shield zone the list is in (the access-list API is keyed by zone). */
  shieldZoneId: pulumi.Input<number>;
  /** Not with `listId`: the list's zone is `shieldZoneId`. */
  pullZoneId?: never;
  /** Name of the list; unique among the zone's custom lists. Left out: not managed. */
  name?: pulumi.Input<string>;
}

/** {@link AccessListArgs} that create a list in a shield zone (`shieldZoneId`). */
export interface AccessListCreateInShieldZoneArgs extends AccessListCommonArgs {
  /** Not when creating: `listId` adopts an existing list instead. */
  listId?: never;
  /**
   * Create the list in this shield zone (refused before any write at the zone's
   * `customListLimit` or `customEntryLimit`); destroy deletes it. Another zone replaces.
   */
  shieldZoneId: pulumi.Input<number>;
  /** Not with `shieldZoneId`: one of the two places the list. */
  pullZoneId?: never;
  /** Name of the list: required when creating; unique among the zone's custom lists. */
  name: pulumi.Input<string>;
  /** What the entries are: required when creating. */
  type: pulumi.Input<AccessListTypeInput>;
  /** The entries: required when creating. */
  entries: pulumi.Input<pulumi.Input<string>[]>;
}

/** {@link AccessListArgs} that create a list in the shield zone of a pull zone. */
export interface AccessListCreateInPullZoneArgs extends AccessListCommonArgs {
  /** Not when creating: `listId` adopts an existing list instead. */
  listId?: never;
  /** Not with `pullZoneId`: one of the two places the list. */
  shieldZoneId?: never;
  /** Create the list in the shield zone of this pull zone. Otherwise like `shieldZoneId`. */
  pullZoneId: pulumi.Input<number>;
  /** Name of the list: required when creating; unique among the zone's custom lists. */
  name: pulumi.Input<string>;
  /** What the entries are: required when creating. */
  type: pulumi.Input<AccessListTypeInput>;
  /** The entries: required when creating. */
  entries: pulumi.Input<pulumi.Input<string>[]>;
}

/** Arguments of {@link AccessList}: `listId` (adopt) or one of `shieldZoneId`, `pullZoneId`. */
export type AccessListArgs =
  AccessListAdoptArgs | AccessListCreateInShieldZoneArgs | AccessListCreateInPullZoneArgs;

/** A field of a list that the program left out (reported, not managed). */
export type AccessListField = "name" | "description" | "type" | "entries" | "enabled" | "action";

/** State (outputs) of an {@link AccessList}. */
export interface AccessListState {
  /** Id of the list on the platform (also the resource id, as a string). */
  listId: number;
  /** Shield zone the list belongs to. */
  shieldZoneId: number;
  /** Pull zone the list was placed by (only when `pullZoneId` is used). */
  pullZoneId: number | undefined;
  /** Id of the zone's configuration of the list (what `enabled`/`action` are set through). */
  configurationId: number | undefined;
  /** Name of the list on the platform. */
  name: string;
  /** Description of the list on the platform. */
  description: string | null;
  /** What the entries are, by name (`"CIDR"`; a state of 0.1 may hold the integer). */
  type: AccessListTypeInput;
  /** Whether the list is applied in the zone. */
  enabled: boolean;
  /** What a match does, by name (`"Block"`). */
  action: AccessListActionInput;
  /** How many entries the list holds. */
  entryCount: number;
  /** sha256 (hex) of the list's content (the entries joined by "\n"). */
  entriesDigest: string;
  /** True when the program addresses the list by `listId` (adopt mode), and for `get`. */
  adopted: boolean;
  /** `deleteOnDestroy` as written (undefined: the default of the mode; false for `get`). */
  deleteOnDestroy: boolean | undefined;
  /** Fields reported but not managed (left out by the program). */
  unmanaged: AccessListField[] | undefined;
  /** True for a list read with {@link AccessList.get} (a read-only view); else undefined. */
  readOnly: boolean | undefined;
}

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "access-list",
  module: "shield",
  type: "AccessList",
  adopt:
    "write `listId: <the list's id>` (with its `shieldZoneId`) in the arguments instead: " +
    "that adopts the existing list (only writes of managed fields that differ) and leaves " +
    "it in place on destroy; AccessList.get(name, id) reads one without managing it",
} as const;

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
export class AccessList extends ReadableResource {
  /** Id of the list on the platform (also the resource id, as a string). */
  declare public readonly listId: pulumi.Output<number>;
  /** Shield zone the list belongs to. */
  declare public readonly shieldZoneId: pulumi.Output<number>;
  /** Pull zone the list was placed by (only when `pullZoneId` is used). */
  declare public readonly pullZoneId: pulumi.Output<number | undefined>;
  /** Id of the zone's configuration of the list (what `enabled`/`action` are set through). */
  declare public readonly configurationId: pulumi.Output<number | undefined>;
  /** Name of the list on the platform. */
  declare public readonly name: pulumi.Output<string>;
  /** Description of the list on the platform. */
  declare public readonly description: pulumi.Output<string | null>;
  /** What the entries are, by name (`"CIDR"`). */
  declare public readonly type: pulumi.Output<AccessListTypeInput>;
  /** Whether the list is applied in the zone. */
  declare public readonly enabled: pulumi.Output<boolean>;
  /** What a match does, by name (`"Block"`). */
  declare public readonly action: pulumi.Output<AccessListActionInput>;
  /** How many entries the list holds. */
  declare public readonly entryCount: pulumi.Output<number>;
  /** sha256 (hex) of the list's content (the entries joined by "\n"). */
  declare public readonly entriesDigest: pulumi.Output<string>;
  /** True when the program addresses the list by `listId` (adopt mode), and for `get`. */
  declare public readonly adopted: pulumi.Output<boolean>;
  /** `deleteOnDestroy` as written (undefined: the default of the mode; false for `get`). */
  declare public readonly deleteOnDestroy: pulumi.Output<boolean | undefined>;
  /** Fields reported but not managed (left out by the program). */
  declare public readonly unmanaged: pulumi.Output<AccessListField[] | undefined>;
  /** True for a list read with {@link AccessList.get} (a read-only view); else undefined. */
  declare public readonly readOnly: pulumi.Output<boolean | undefined>;

  /**
   * Creates or adopts a custom access list.
   * @param name The unique name of the resource.
   * @param args The desired list: `listId` (adopt), `shieldZoneId` or `pullZoneId` (create).
   * @param opts Options for the resource. `opts.import` is refused: write `listId` instead.
   */
  constructor(name: string, args: AccessListArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts, (a) => accessListInputs(name, a as AccessListArgs | undefined));
  }
}

/** The engine's inputs: every output a key, the program's arguments (none for a read). */
function accessListInputs(name: string, args: AccessListArgs | undefined): pulumi.Inputs {
  const reading = args === undefined;
  return {
    // Every output is a key here (undefined = not an input), so it is readable on the class.
    shieldZoneId: undefined,
    pullZoneId: undefined,
    name: undefined,
    description: undefined,
    type: undefined,
    entries: undefined,
    enabled: undefined,
    action: undefined,
    deleteOnDestroy: undefined,
    ...(reading ? {} : (args as pulumi.Inputs)),
    listId: reading
      ? undefined
      : soleOwner(
          "access-list",
          `edge.shield.AccessList "${name}"`,
          (args as { listId?: pulumi.Input<number> }).listId,
          (id) => `custom access list ${id}`,
        ),
    configurationId: undefined,
    entryCount: undefined,
    entriesDigest: undefined,
    adopted: undefined,
    origin: undefined,
    unmanaged: undefined,
    readOnly: undefined,
  };
}
