/**
 * AccessList in the lifecycle table: a collection (fixture zone 1, pull zone 1; custom list
 * 501 "office-network", configuration 7101 enabled/Allow).
 */
import { accessListProvider } from "../../../packages/pulumi/src/resources/kinds/collections/access-list-provider";
import type { Any, KindDeclaration, Provider } from "./kind";

const listOf = (s: Any, id: string) => s.accessLists.find((l: Any) => l.id === Number(id));
const program = {
  name: "table-list",
  type: "CIDR",
  entries: ["192.0.2.0/24"],
  enabled: true,
  action: "Block",
};

export const accessList: KindDeclaration = {
  name: "AccessList",
  provider: accessListProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({ shieldZoneId: 1, ...program }),
  createWrite: { method: "POST", path: "^/shield/shield-zone/1/access-lists$" },
  find: listOf,
  created: {
    get: (l) => l && { content: l.content, isEnabled: l.isEnabled, action: l.action },
    expected: { content: "192.0.2.0/24", isEnabled: true, action: 2 },
  },
  adopt: {
    inputs: { listId: 501, shieldZoneId: 1, enabled: false },
    id: "501",
    apply: (s) => void (listOf(s, "501").isEnabled = false),
  },
  update: {
    field: "action",
    inputs: (c) => ({ ...c, action: "Challenge" }),
    apply: (s, id) => void (listOf(s, id).action = 3),
    write: (id, s) => ({
      method: "PATCH",
      path: `/shield/shield-zone/1/access-lists/configurations/${listOf(s, id).configurationId}`,
    }),
    body: (body) => expect(body).toEqual({ action: 3 }),
  },
  drift: {
    change: (s, id) => void (listOf(s, id).isEnabled = false),
    path: "enabled",
    expected: false,
  },
  gone: {
    remove: (s, id) => void (s.accessLists = s.accessLists.filter((l: Any) => l.id !== Number(id))),
  },
  scopedKey: true,
  rename: "refused",
  async202: { accepted: ["POST", "PATCH", "DELETE"] }, // the published DELETE has a 202
  spellings: {
    byZone: { shieldZoneId: 1, ...program },
    byPull: { pullZoneId: 1, ...program },
    spelled: { byZone: [], byPull: [] }, // no hint: the name is the identity
    outcome: "one-created",
  },
  interrupted: {
    next: "refused",
    // The way out the refusal names: adopt it by id as this resource's own.
    wayOut: (c, id) => ({ ...c, listId: Number(id), deleteOnDestroy: true }),
  },
  twoStacks: "refused",
  unknownOutcome: {
    fault: {
      method: "POST",
      path: "^/shield/shield-zone/1/access-lists$",
      status: 504,
      afterHandler: true,
    },
    resend: "never",
  },
};
