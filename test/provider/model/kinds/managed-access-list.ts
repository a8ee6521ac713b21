/**
 * `edge.shield.ManagedAccessList` as a kind of the model test: the configuration (`enabled`,
 * `action`) of one managed (curated) access list in a shield zone. Nothing is created or
 * deleted: a program names a list of a zone (by `listId` or `listName`, in a zone given by
 * `shieldZoneId` or `pullZoneId`) and manages one or both fields; destroy puts back what was
 * there before the program first managed it (the model's prior invariant, world.ts (7)).
 * Object ids are the provider's: `"<shieldZoneId>/<listId>"`.
 */
import fc from "fast-check";
import { AccessListAction } from "../../../../packages/client/src/spec";
import type { EmulatorState } from "../../../../packages/emulator/src";
import { managedAccessListProvider } from "../../../../packages/pulumi/src/resources/kinds/settings/managed-access-list-provider";
import { clone, ProgramInputs, StateEntry } from "../engine";
import type { ModelKind, PlatformObject } from "../kind";
import { canon } from "../oracle";
import { sometimes } from "./rules";
import { PULL_ZONES, zoneOfPlacement } from "./zones";

type Config = EmulatorState["accessListConfigs"][number];

/** The platform's managed lists (the fixtures' catalogue; 4 needs the Business plan). */
const LISTS: Record<number, string> = {
  1: "VPN Providers",
  2: "Tor Exit Nodes",
  3: "AI Crawlers",
  4: "Known Botnets",
};
const LIST_IDS = [1, 2, 3, 4];
const FIELDS = ["enabled", "action"] as const;

const actionValue = fc.oneof(
  fc.constantFrom<unknown>("None", "Allow", "Block", "Challenge", "Log"),
  fc.constantFrom<unknown>(0, 1, 2, 3, 4),
);
const wireAction = (v: unknown) =>
  typeof v === "string" ? (AccessListAction as Record<string, number>)[v] : v;

/** The list a program entry names (by id or by name). */
const listOf = (p: ProgramInputs): number | undefined =>
  typeof p.listId === "number" ? p.listId : LIST_IDS.find((id) => LISTS[id] === p.listName);

const project =
  (s: EmulatorState) =>
  (c: Config): PlatformObject => ({
    key: `m:${c.shieldZoneId}/${c.listId}`,
    id: `${c.shieldZoneId}/${c.listId}`,
    zone: c.shieldZoneId,
    name: s.managedAccessLists.find((l) => l.listId === c.listId)?.name,
    fields: { enabled: c.isEnabled, action: c.action },
    raw: c,
  });

/** `edge.shield.ManagedAccessList`. */
export const managedAccessListKind: ModelKind = {
  name: "ManagedAccessList",
  tag: "m",
  provider: managedAccessListProvider,
  objects: (s) => s.accessListConfigs.map(project(s)),
  paths: {
    create: "^/shield/shield-zone/\\d+/access-lists/configurations/\\d+$",
    one: "^/shield/shield-zone/\\d+/access-lists/configurations/\\d+$",
    list: "^/shield/shield-zone/\\d+/access-lists$",
    read: /^$/, // never read one by one:
    readZone: /^\/shield\/shield-zone\/(\d+)\/access-lists$/, // the zone's listing
  },
  uniqueNames: false,
  restoresPrior: { fields: [...FIELDS], unseen: { enabled: false, action: 0 } },
  adoptId: (p) => {
    const zone = zoneOfPlacement(p);
    const list = listOf(p);
    return zone !== undefined && list !== undefined ? `${zone}/${list}` : undefined;
  },
  zoneOf: zoneOfPlacement,
  managedFields: (p) => FIELDS.filter((f) => p[f] !== undefined),
  differences(p, obj) {
    const out: string[] = [];
    if (p.enabled !== undefined && p.enabled !== obj.fields.enabled) {
      out.push(`enabled: program ${canon(p.enabled)}, platform ${canon(obj.fields.enabled)}`);
    }
    if (p.action !== undefined && wireAction(p.action) !== obj.fields.action) {
      out.push(`action: program ${canon(p.action)}, platform ${canon(obj.fields.action)}`);
    }
    return out;
  },
  expectedErrors: [
    /needs the \w+ plan|not_available\.access_list/, // list 4 on a Basic/Advanced zone
    /another resource of this program (already|now) manages the configuration/, // one list, one resource
  ],

  addInputs: fc
    .tuple(
      fc.constantFrom<Record<string, number>>(
        { shieldZoneId: 1 },
        { shieldZoneId: 2 },
        { pullZoneId: 1 },
        { pullZoneId: 4 },
      ),
      fc.constantFrom(1, 2, 3, 3, 4),
      fc.boolean(),
      sometimes(fc.boolean(), 1, 2),
      sometimes(actionValue, 1, 2),
    )
    .map(([where, list, byName, enabled, action]) => {
      const inputs: ProgramInputs = { ...where };
      if (byName) inputs.listName = LISTS[list];
      else inputs.listId = list;
      if (enabled !== undefined) inputs.enabled = enabled;
      if (action !== undefined || enabled === undefined) inputs.action = action ?? "Block";
      return inputs;
    }),
  edits: fc
    .constantFrom(...FIELDS)
    .chain((field) =>
      fc
        .tuple(field === "enabled" ? fc.boolean() : actionValue, fc.boolean())
        .map(([value, remove]) => ({ field, value, remove })),
    ),
  applyEdit(prog, e) {
    if (e.remove) {
      const other = e.field === "enabled" ? "action" : "enabled";
      if (prog[other] === undefined) return undefined; // at least one stays managed
      delete prog[e.field];
      return `${e.field} removed (unmanaged)`;
    }
    prog[e.field] = clone(e.value);
    return `${e.field} = ${JSON.stringify(e.value)}`;
  },
  // Another spelling of the same list and zone (listId ↔ listName, shield ↔ pull zone):
  // the provider replaces the resource (create before delete, the same configuration).
  modeSwitch(prog: ProgramInputs, _st: StateEntry, viaPullZone: boolean) {
    const list = listOf(prog);
    const zone = zoneOfPlacement(prog);
    if (list === undefined || zone === undefined) return undefined;
    if (viaPullZone) {
      const pz = Object.entries(PULL_ZONES).find(([, z]) => z === zone)?.[0];
      if (typeof prog.pullZoneId === "number") {
        delete prog.pullZoneId;
        prog.shieldZoneId = zone;
      } else if (pz) {
        delete prog.shieldZoneId;
        prog.pullZoneId = Number(pz);
      }
    } else if (typeof prog.listId === "number") {
      delete prog.listId;
      prog.listName = LISTS[list];
    } else {
      delete prog.listName;
      prog.listId = list;
    }
    return `now names ${JSON.stringify({ shieldZoneId: prog.shieldZoneId, pullZoneId: prog.pullZoneId, listId: prog.listId, listName: prog.listName })}`;
  },
  adoptSpecs: fc
    .tuple(sometimes(fc.boolean(), 1, 2), sometimes(actionValue, 1, 2), fc.boolean())
    .map(([enabled, action, byName]) => ({ enabled, action, byName })),
  adoptInputs(obj, spec) {
    const a = spec as { enabled?: boolean; action?: unknown; byName: boolean };
    const c = obj.raw as Config;
    const inputs: ProgramInputs = { shieldZoneId: c.shieldZoneId };
    if (a.byName) inputs.listName = LISTS[c.listId];
    else inputs.listId = c.listId;
    if (a.enabled !== undefined) inputs.enabled = a.enabled;
    if (a.action !== undefined || a.enabled === undefined) inputs.action = a.action ?? c.action;
    return inputs;
  },
  oobEdits: fc.oneof(
    fc.boolean().map((value) => ({ field: "enabled", value })),
    fc.constantFrom(0, 1, 2, 3, 4).map((value) => ({ field: "action", value })),
  ),
  oobEdit(s, obj, e) {
    const c = s.accessListConfigs.find((x) => `${x.shieldZoneId}/${x.listId}` === obj.id)!;
    if (e.field === "enabled") c.isEnabled = e.value as boolean;
    else c.action = e.value as number;
  },
};
