/**
 * `edge.shield.AccessList` as a kind of the model test: a custom access list of a shield
 * zone. A program creates one (`shieldZoneId`/`pullZoneId` + `name`, `type`, `entries`) or
 * adopts one (`listId` + the `shieldZoneId` it is in); `name`, `description`, `type`,
 * `entries`, `enabled` and `action` are each managed only when the program names them. The
 * list's `enabled`/`action` live in the zone's configuration of it; the emulator keeps them
 * on the list, so the projection reads them there. `type` and `description` cannot change on
 * the platform (a created list is replaced, an adopted one refused): the edits draw them too.
 */
import fc from "fast-check";
import { AccessListAction, AccessListType } from "../../../../packages/client/src/spec";
import type { EmulatorState } from "../../../../packages/emulator/src";
import {
  accessListProvider,
  resetAccessListState,
} from "../../../../packages/pulumi/src/resources/kinds/collections/access-list-provider";
import { clone, ProgramInputs, StateEntry } from "../engine";
import type { FieldEdit, ModelKind, OobCreateSpec, PlatformObject } from "../kind";
import { canon } from "../oracle";
import { sometimes } from "./rules";
import { PULL_ZONES, zoneOfPlacement } from "./zones";

type StoredList = EmulatorState["accessLists"][number];

/** Entries of each type (valid for it), as a program or another actor writes them. */
const ENTRIES: Record<string, string[][]> = {
  IP: [["192.0.2.1"], ["192.0.2.1", "192.0.2.2"], ["2001:db8::1"]],
  CIDR: [["203.0.113.0/24"], ["203.0.113.0/24", "198.51.100.0/25"], ["10.0.0.0/8"]],
  Country: [["DE"], ["DE", "FR"], ["US", "CA", "MX"]],
};
const TYPES = Object.keys(ENTRIES);
const typeValue = (t: string) => fc.constantFrom<unknown>(t, AccessListType[t as "IP"]);
const actionValue = fc.oneof(
  fc.constantFrom<unknown>("None", "Allow", "Block", "Challenge", "Log"),
  fc.constantFrom<unknown>(0, 1, 2, 3, 4),
);
/** Names the program draws from ("office-network" is shield zone 1's fixture list). */
const NAMES = ["alpha", "beta", "office-network"];
const FIELDS = ["name", "description", "type", "entries", "enabled", "action"] as const;

/** The integer of an enumeration value written as a name (any case) or an integer. */
function wireEnum(e: Record<string, number>, v: unknown): unknown {
  if (typeof v !== "string") return v;
  const hit = Object.keys(e).find((k) => k.toLowerCase() === v.toLowerCase());
  return hit === undefined ? v : e[hit];
}

/** What the platform holds for a managed value of the program (wire form). */
function wire(field: string, v: unknown): unknown {
  if (field === "type") return wireEnum(AccessListType, v);
  if (field === "action") return wireEnum(AccessListAction, v);
  if (field === "entries") return Array.isArray(v) ? v.join("\n") : v;
  return v;
}

const project = (l: StoredList): PlatformObject => ({
  key: `a:${l.id}`,
  id: l.id,
  zone: l.shieldZoneId,
  name: l.name,
  fields: {
    name: l.name,
    description: l.description ?? null,
    type: l.type,
    entries: l.content,
    enabled: l.isEnabled,
    action: l.action,
  },
  raw: l,
});

/** `edge.shield.AccessList`. */
export const accessListKind: ModelKind = {
  name: "AccessList",
  tag: "a",
  provider: accessListProvider,
  newProcess: resetAccessListState,
  objects: (s) => s.accessLists.map(project),
  paths: {
    create: "^/shield/shield-zone/\\d+/access-lists$",
    one: "^/shield/shield-zone/\\d+/access-lists/\\d+$",
    list: "^/shield/shield-zone/\\d+/access-lists$",
    read: /^\/shield\/shield-zone\/\d+\/access-lists\/(\d+)$/,
  },
  uniqueNames: true,
  adoptId: (p) => (typeof p.listId === "number" ? p.listId : undefined),
  zoneOf: zoneOfPlacement,
  managedFields: (p) => FIELDS.filter((f) => p[f] !== undefined),
  differences(p, obj) {
    const out: string[] = [];
    for (const f of FIELDS) {
      if (p[f] === undefined) continue;
      const mine = wire(f, p[f]);
      const theirs = obj.fields[f];
      if (canon(mine ?? null) !== canon(theirs ?? null)) {
        out.push(`${f}: program ${canon(p[f])}, platform ${canon(theirs)}`);
      }
    }
    return out;
  },
  expectedErrors: [
    /already has lists? [\d, ]+ named/, // a list of that name exists: never taken over
    /already creates or manages a list named/, // two resources of the program, one name
    /already manages list \d+/, // two resources of the program adopt one list
    /already has (list \d+|a list of this program) named .*unique in a zone/, // a rename
    /cannot change together with the addressing/,
    /is required when creating|is required with listId/, // an entry the program cannot create
    /does not exist|not_found\.access_list|was not found|not found/i, // gone out-of-band
    /custom access lists, the limit|customListLimit/, // zone 2 holds one list
    /customEntryLimit/, // zone 2 holds ten entries
    /cannot change a list's (type|description)/, // an adopted list whose type/description differs
    /listId.*(more than one|two resources)|one owner|already (manages|names)/i, // one-owner gate
  ],

  addInputs: fc
    .tuple(
      fc.constantFrom<Record<string, number>>(
        { shieldZoneId: 1 },
        { shieldZoneId: 2 },
        { pullZoneId: 1 },
        { pullZoneId: 4 },
      ),
      fc.constantFrom(...NAMES),
      fc.constantFrom(...TYPES),
      fc.nat(2),
      sometimes(fc.constantFrom<string | null>("managed by pulumi", null), 1, 1),
      sometimes(fc.boolean(), 1, 1),
      sometimes(actionValue, 1, 1),
      sometimes(fc.boolean(), 4, 1),
    )
    .chain(([where, name, type, e, description, enabled, action, deleteOnDestroy]) =>
      typeValue(type).map((t) => {
        const inputs: ProgramInputs = { ...where, name, type: t, entries: ENTRIES[type][e] };
        if (description !== undefined) inputs.description = description;
        if (enabled !== undefined) inputs.enabled = enabled;
        if (action !== undefined) inputs.action = action;
        if (deleteOnDestroy !== undefined) inputs.deleteOnDestroy = deleteOnDestroy;
        return inputs;
      }),
    ),
  edits: fc.oneof(
    fc.constantFrom("name", "description", "enabled", "action").chain((field) =>
      fc
        .tuple(
          field === "name"
            ? fc.constantFrom<unknown>(...NAMES)
            : field === "description"
              ? fc.constantFrom<unknown>(null, "one", "two")
              : field === "enabled"
                ? fc.boolean()
                : actionValue,
          fc.boolean(),
        )
        .map(([value, remove]): FieldEdit => ({
          field,
          value,
          remove: remove && field !== "name",
        })),
    ),
    // entries of the resource's own type (resolved when applied); type changes are rarer
    fc
      .tuple(fc.nat(2), fc.boolean())
      .map(([i, remove]) => ({ field: "entries", value: i, remove })),
    fc.constantFrom(...TYPES).map((t) => ({ field: "type", value: t, remove: false })),
  ),
  applyEdit(prog, e) {
    if (e.remove) {
      if (e.field === "name" || e.field === "type" || e.field === "entries") {
        if (typeof prog.listId !== "number") return undefined; // a created list needs them
      }
      delete prog[e.field];
      return `${e.field} removed (unmanaged)`;
    }
    if (e.field === "entries") {
      if (prog.type === undefined) return undefined; // entries of an unknown type
      const t = String(wire("type", prog.type));
      const type = Object.entries(AccessListType).find(([, n]) => String(n) === t)?.[0] ?? "CIDR";
      prog.entries = clone(ENTRIES[type in ENTRIES ? type : "CIDR"][Number(e.value) % 3]);
    } else if (e.field === "type") {
      // a new type with entries of that type
      prog.type = e.value;
      prog.entries = clone(ENTRIES[String(e.value)][0]);
    } else prog[e.field] = clone(e.value);
    return `${e.field} = ${JSON.stringify(e.field === "entries" ? prog.entries : e.value)}`;
  },
  modeSwitch(prog: ProgramInputs, st: StateEntry, viaPullZone: boolean) {
    if (typeof prog.listId !== "number") {
      delete prog.pullZoneId;
      prog.shieldZoneId = st.outputs.shieldZoneId;
      prog.listId = Number(st.id);
      return `switched to listId ${st.id}`;
    }
    const zone = st.outputs.shieldZoneId as number;
    const name = prog.name ?? st.outputs.name;
    if (typeof name !== "string" || prog.type === undefined || prog.entries === undefined) {
      return undefined; // cannot create without them
    }
    delete prog.listId;
    const pz = Object.entries(PULL_ZONES).find(([, z]) => z === zone)?.[0];
    if (viaPullZone && pz) {
      delete prog.shieldZoneId;
      prog.pullZoneId = Number(pz);
    } else prog.shieldZoneId = zone;
    prog.name = name;
    return `switched back to ${JSON.stringify({ shieldZoneId: prog.shieldZoneId, pullZoneId: prog.pullZoneId })}`;
  },
  adoptSpecs: fc.record({
    keep: fc.subarray([...FIELDS], { maxLength: 3 }),
    enabled: sometimes(fc.boolean(), 1, 1),
    action: sometimes(actionValue, 1, 1),
  }),
  adoptInputs(obj, spec) {
    const a = spec as { keep: string[]; enabled?: boolean; action?: unknown };
    const l = obj.raw as StoredList;
    const inputs: ProgramInputs = { listId: l.id, shieldZoneId: l.shieldZoneId };
    for (const k of a.keep) {
      const v = obj.fields[k];
      inputs[k] =
        k === "entries"
          ? String(v)
              .split("\n")
              .filter((x) => x !== "")
          : clone(v);
    }
    if (a.enabled !== undefined) inputs.enabled = a.enabled;
    if (a.action !== undefined) inputs.action = a.action;
    return inputs;
  },
  oobEdits: fc.oneof(
    fc.boolean().map((value) => ({ field: "enabled", value })),
    fc.constantFrom(0, 1, 2, 3).map((value) => ({ field: "action", value })),
    fc.constantFrom<unknown>("edited elsewhere", null).map((value) => ({
      field: "description",
      value,
    })),
    fc.nat(2).map((value) => ({ field: "entries", value })),
  ),
  oobEdit(s, obj, e) {
    const l = s.accessLists.find((x) => x.id === obj.id)!;
    if (e.field === "enabled") l.isEnabled = e.value as boolean;
    else if (e.field === "action") l.action = e.value as number;
    else if (e.field === "description") l.description = e.value as string | null;
    else {
      const type = Object.entries(AccessListType).find(([, n]) => n === l.type)?.[0] ?? "CIDR";
      const pool = ENTRIES[type] ?? ENTRIES.CIDR;
      l.content = (type in ENTRIES ? pool[Number(e.value) % 3] : ["elsewhere"]).join("\n");
      l.checksum = null;
    }
    l.lastModified = "2026-02-01T00:00:00Z";
  },
  oobDelete(s, obj) {
    s.accessLists = s.accessLists.filter((l) => l.id !== obj.id);
  },
  oobCreates: fc
    .tuple(
      fc.constantFrom(1, 2),
      sometimes(fc.constantFrom(...NAMES), 1, 1),
      fc.constantFrom(...TYPES),
    )
    .map(([zone, name, type]): OobCreateSpec => ({ zone, name, body: { type } })),
  oobCreate(s, c, freshName) {
    const zone = s.shieldZones.find((z) => z.id === c.zone);
    const lists = s.accessLists.filter((l) => l.shieldZoneId === c.zone);
    if (!zone || lists.length >= (zone.customListLimit ?? 5)) return undefined;
    const taken = lists.some((l) => l.name === c.name);
    const type = String(c.body.type);
    const entries = ENTRIES[type][0];
    const used = lists.reduce((n, l) => n + l.content.split("\n").filter(Boolean).length, 0);
    if (used + entries.length > (zone.customEntryLimit ?? 1000)) return undefined;
    const id = s.nextIds.accessList++;
    s.accessLists.push({
      id,
      shieldZoneId: c.zone,
      configurationId: s.nextIds.accessListConfiguration++,
      name: c.name && !taken ? c.name : freshName,
      description: "made by another tool",
      type: AccessListType[type as "IP"],
      content: entries.join("\n"),
      checksum: null,
      lastModified: "2026-02-01T00:00:00Z",
      isEnabled: true,
      action: 2,
    });
    return id;
  },
};
