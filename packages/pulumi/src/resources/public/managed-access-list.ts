/**
 * `edge.shield.ManagedAccessList`: the configuration (`enabled`, `action`) of one managed
 * (curated) access list of a shield zone as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/shield:ManagedAccessList`).
 */
import * as pulumi from "@pulumi/pulumi";
import type { AccessListAction } from "edgeplatform-client/spec/runtime";
import { otherSpellings, soleOwner } from "./one-owner";
import { ReadableResource, type EdgeResourceOptions } from "./readable-resource";
import type { InPullZoneArgs, InShieldZoneArgs } from "./zone-settings-resource";

/** An access-list action: its name or the API's integer (0 None … 5 Bypass). */
export type AccessListActionArg = keyof typeof AccessListAction | 0 | 1 | 2 | 3 | 4 | 5;

/** Fields of every form of {@link ManagedAccessListArgs}. */
export interface ManagedAccessListCommonArgs {
  /** Whether the list is applied in the zone (`isEnabled`). Left out: not managed. */
  enabled?: pulumi.Input<boolean>;
  /**
   * What a match does (`AccessListAction`): `"None"`, `"Allow"`, `"Block"`, `"Challenge"`,
   * `"Log"`, `"Bypass"` or the integer 0–5. The state and previews hold the name either way.
   * Left out: not managed. At least one of `enabled` and `action` is required.
   */
  action?: pulumi.Input<AccessListActionArg>;
  /**
   * The managed fields' values before Pulumi, stated by the program: what destroy restores,
   * instead of what the resource reads when it first manages a field. Only for a way out:
   * after an interrupted `pulumi up` whose configuration write landed, or when a delete
   * refuses because two records of the list's configuration before Pulumi differ (the
   * message names the value). Only fields the resource manages. Left out: recorded from the
   * platform.
   */
  prior?: pulumi.Input<{ enabled?: boolean; action?: AccessListActionArg }>;
}

/** The list, by id. */
interface ById {
  /** Id of the managed list (`listId` of the zone's listing). Another list replaces. */
  listId: pulumi.Input<number>;
  /** Not with `listId`: one of the two names the list. */
  listName?: never;
}
/** The list, by name. */
interface ByName {
  /** Not with `listName`: one of the two names the list. */
  listId?: never;
  /**
   * Exact name of a managed list of the zone (`"Tor Exit Nodes"`); an unknown name fails
   * naming the zone's managed lists. Another name replaces the resource.
   */
  listName: pulumi.Input<string>;
}

/**
 * Arguments of {@link ManagedAccessList}: exactly one of `shieldZoneId` and `pullZoneId`,
 * exactly one of `listId` and `listName`, at least one of `enabled` and `action`.
 */
export type ManagedAccessListArgs = ManagedAccessListCommonArgs &
  (InShieldZoneArgs | InPullZoneArgs) &
  (ById | ByName);

/** The managed fields as they were before this resource managed them. */
export interface ManagedAccessListPriorState {
  /** `enabled` before Pulumi (only when `enabled` is managed). */
  enabled?: boolean;
  /** `action` before Pulumi, as a name (only when `action` is managed). */
  action?: AccessListActionArg;
}

/** State (outputs) of a {@link ManagedAccessList}. */
export interface ManagedAccessListState {
  /** The shield zone. */
  shieldZoneId: number;
  /** The pull zone the zone was named by (only when `pullZoneId` is used). */
  pullZoneId: number | undefined;
  /** Id of the managed list. */
  listId: number;
  /** Id of the zone's configuration of the list (what the configuration PATCH is keyed by). */
  configurationId: number;
  /** Name of the list on the platform. */
  listName: string;
  /** Category of the list, by name (`"TorExitNodes"`; combined flags joined by `|`). */
  category: string;
  /** The lowest plan the list is available on (`"Basic"`, `"Business"`, ...). */
  requiredPlan: string;
  /** Whether the list is applied in the zone, as last known. */
  enabled: boolean;
  /** What a match does, as last known, by name (a state of 0.1 may hold the integer). */
  action: AccessListActionArg;
  /**
   * The managed fields before Pulumi managed them: destroy restores them. `{}` for a view
   * read with {@link ManagedAccessList.get} (nothing is ever restored for it).
   */
  prior: ManagedAccessListPriorState;
  /** True when the program states `prior` (it is then not recorded from the platform). */
  priorPinned: boolean | undefined;
  /** Fields reported but not managed (left out of the program); undefined when none. */
  unmanaged: ("enabled" | "action")[] | undefined;
  /** True for a list read with {@link ManagedAccessList.get} (a read-only view). */
  readOnly: boolean | undefined;
}

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "managed-access-list",
  module: "shield",
  type: "ManagedAccessList",
  adopt:
    "the resource already adopts the list's configuration by its zone and `listId` or " +
    "`listName` (no write when it matches); ManagedAccessList.get(name, " +
    '"<shieldZoneId>/<listId>") reads it without managing it',
} as const;

/**
 * The configuration of one managed access list of a shield zone (VPN providers, Tor exit
 * nodes, AI crawlers, ...): whether it is applied and what a match does. Only the fields
 * written are managed; nothing is written when the list already matches. Destroy restores
 * the managed fields as they were before (`prior`), never blindly to "disabled". A list the
 * zone's plan does not include fails before any write, naming the plan needed.
 *
 * ```ts
 * const tor = new edge.shield.ManagedAccessList("tor", {
 *   shieldZoneId: 1,
 *   listName: "Tor Exit Nodes",
 *   enabled: true,
 *   action: "Challenge",
 * });
 * ```
 */
export class ManagedAccessList extends ReadableResource {
  /** The shield zone. */
  declare public readonly shieldZoneId: pulumi.Output<number>;
  /** The pull zone the zone was named by (only when `pullZoneId` is used). */
  declare public readonly pullZoneId: pulumi.Output<number | undefined>;
  /** Id of the managed list. */
  declare public readonly listId: pulumi.Output<number>;
  /** Id of the zone's configuration of the list. */
  declare public readonly configurationId: pulumi.Output<number>;
  /** Name of the list on the platform. */
  declare public readonly listName: pulumi.Output<string>;
  /** Category of the list, by name (combined flags joined by `|`). */
  declare public readonly category: pulumi.Output<string>;
  /** The lowest plan the list is available on, by name. */
  declare public readonly requiredPlan: pulumi.Output<string>;
  /** Whether the list is applied in the zone, as last known. */
  declare public readonly enabled: pulumi.Output<boolean>;
  /** What a match does, as last known, by name (a state of 0.1 may hold the integer). */
  declare public readonly action: pulumi.Output<AccessListActionArg>;
  /** The managed fields before Pulumi managed them; destroy restores them. */
  declare public readonly prior: pulumi.Output<ManagedAccessListPriorState>;
  /** True when the program states `prior`; else undefined. */
  declare public readonly priorPinned: pulumi.Output<boolean | undefined>;
  /** Fields reported but not managed; undefined when none. */
  declare public readonly unmanaged: pulumi.Output<("enabled" | "action")[] | undefined>;
  /** True for a list read with {@link ManagedAccessList.get}; else undefined. */
  declare public readonly readOnly: pulumi.Output<boolean | undefined>;

  /**
   * Manages the configuration of a managed access list.
   * @param name The unique name of the resource.
   * @param args The zone, the list and the desired configuration.
   * @param opts Options for the resource. `opts.import` is refused: the arguments adopt the
   * list's configuration (no write when it matches).
   */
  constructor(name: string, args: ManagedAccessListArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts, (a) =>
      managedAccessListInputs(name, a as ManagedAccessListArgs | undefined),
    );
  }
}

/** The engine's inputs: every output a key, the program's arguments (none for a read). */
function managedAccessListInputs(
  name: string,
  args: ManagedAccessListArgs | undefined,
): pulumi.Inputs {
  const reading = args === undefined;
  return {
    shieldZoneId: undefined,
    pullZoneId: undefined,
    listId: undefined,
    listName: undefined,
    enabled: undefined,
    action: undefined,
    prior: undefined,
    ...(reading ? {} : args),
    ...(reading ? {} : ownerGate(name, args)),
    configurationId: undefined,
    category: undefined,
    requiredPlan: undefined,
    priorPinned: undefined,
    unmanaged: undefined,
    byName: undefined,
    readOnly: undefined,
  };
}

/**
 * The list-naming input through the one-owner gate, keyed by the zone and the list as the
 * program names them: two resources of the program for the same list (same zone field and
 * value, same `listId` or `listName`) are both refused by `check`, before any write. Other
 * spellings of one list (id and name, shield and pull zone) go to the provider as
 * `__spellings` (one-owner.ts `otherSpellings`): each resource for the list is refused
 * before any write, whichever runs first.
 */
function ownerGate(name: string, args: ManagedAccessListArgs): pulumi.Inputs {
  const zoneField = args.shieldZoneId !== undefined ? "shieldZoneId" : "pullZoneId";
  const zoneValue = args.shieldZoneId ?? args.pullZoneId;
  const listField = args.listId !== undefined ? "listId" : "listName";
  const listValue = args.listId ?? args.listName;
  if (zoneValue === undefined || zoneValue === null || listValue === undefined) return {};
  if (args.listId !== undefined && args.listName !== undefined) return {};
  const zoneNoun = zoneField === "shieldZoneId" ? "shield zone" : "the shield zone of pull zone";
  const resource = `edge.shield.ManagedAccessList "${name}"`;
  return {
    __spellings: otherSpellings("managed-access-list", resource, {
      [zoneField]: zoneValue,
      [listField]: listValue,
    } as Record<string, pulumi.Input<number | string>>),
    [listField]: pulumi
      .output(zoneValue)
      .apply((zone) =>
        soleOwner(
          `managed-access-list\0${zoneField}\0${zone}\0${listField}`,
          resource,
          listValue as pulumi.Input<number>,
          (list) =>
            `the configuration of managed access list ${listField === "listId" ? list : JSON.stringify(list)} of ${zoneNoun} ${zone}`,
        ),
      ),
  };
}
