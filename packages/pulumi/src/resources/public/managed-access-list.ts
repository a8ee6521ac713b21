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
import type {
  ManagedAccessListByIdArgs,
  ManagedAccessListByNameArgs,
  ManagedAccessListCommonArgs,
  ManagedAccessListOutputs,
} from "./generated/managed-access-list";
import {
  MANAGED_ACCESS_LIST_OUTPUTS,
  MANAGED_ACCESS_LIST_SECRET_OUTPUTS,
} from "./generated/managed-access-list";

export type {
  ManagedAccessListCommonArgs,
  ManagedAccessListPriorState,
  ManagedAccessListState,
} from "./generated/managed-access-list";
import { outputKeys } from "./object-inputs";

/** An access-list action: its name or the API's integer (0 None … 5 Bypass). */
export type AccessListActionArg = keyof typeof AccessListAction | 0 | 1 | 2 | 3 | 4 | 5;

/**
 * Arguments of {@link ManagedAccessList}: exactly one of `shieldZoneId` and `pullZoneId`,
 * exactly one of `listId` and `listName`, at least one of `enabled` and `action`.
 */
export type ManagedAccessListArgs = ManagedAccessListCommonArgs &
  (InShieldZoneArgs | InPullZoneArgs) &
  (ManagedAccessListByIdArgs | ManagedAccessListByNameArgs);

/** The kind: its stub, its type token and how its arguments adopt an object. */
const KIND = {
  stub: "managed-access-list",
  module: "shield",
  type: "ManagedAccessList",
  adopt:
    "the resource already adopts the list's configuration by its zone and `listId` or " +
    "`listName` (no write when it matches); ManagedAccessList.get(name, " +
    '"<shieldZoneId>/<listId>") reads it without managing it',
  // A secret setting (none yet) is a secret output and input: from the declaration.
  secretOutputs: MANAGED_ACCESS_LIST_SECRET_OUTPUTS,
} as const;

/** The outputs of a {@link ManagedAccessList} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface ManagedAccessList extends ManagedAccessListOutputs {}

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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class ManagedAccessList extends ReadableResource {
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
  const base = outputKeys(MANAGED_ACCESS_LIST_OUTPUTS);
  if (args === undefined) return base;
  return {
    ...base,
    ...args,
    ...ownerGate(name, args),
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
