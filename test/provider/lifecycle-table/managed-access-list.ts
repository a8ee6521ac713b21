/**
 * ManagedAccessList in the lifecycle table: the configuration of a platform list in a zone
 * (fixture zone 1, pull zone 1: "AI Crawlers" is list 3, configuration 7003 disabled/None).
 */
import { managedAccessListProvider } from "../../../packages/pulumi/src/resources/kinds/settings/managed-access-list-provider";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";
import { statesPrior } from "./settings";

const configOf = (s: Any) => s.accessListConfigs.find((c: Any) => c.configurationId === 7003);
const CONFIG_PATH = "/shield/shield-zone/1/access-lists/configurations/7003";

export const managedAccessList: KindDeclaration = {
  name: "ManagedAccessList",
  provider: managedAccessListProvider as unknown as Provider,
  destroy: "restores",
  create: () => ({ shieldZoneId: 1, listId: 3, enabled: true, action: "Block" }),
  createWrite: { method: "PATCH", path: `^${CONFIG_PATH}$` },
  find: configOf,
  created: {
    get: (c) => ({ isEnabled: c.isEnabled, action: c.action }),
    expected: { isEnabled: true, action: 2 },
  },
  adopt: na("a platform list always exists: create is its adoption, destroy restores it"),
  update: {
    field: "action",
    inputs: (c) => ({ ...c, action: "Challenge" }),
    apply: (s) => void (configOf(s).action = 3),
    write: () => ({ method: "PATCH", path: CONFIG_PATH }),
    // Documented: both fields, the managed one as desired, the other as the listing read it.
    body: (body) => expect(body).toEqual({ isEnabled: true, action: 3 }),
  },
  drift: {
    change: (s) => void (configOf(s).action = 4),
    path: "action",
    expected: "Log",
  },
  gone: na("a platform list is never deleted by a user; a zone not found is ambiguous"),
  scopedKey: true,
  rename: "twoEntries",
  async202: { accepted: ["PATCH"] },
  spellings: {
    byZone: { shieldZoneId: 1, listId: 3, enabled: true },
    byPull: { pullZoneId: 1, listName: "AI Crawlers", enabled: false, action: "Block" },
    spelled: { byZone: ["shieldZoneId", "listId"], byPull: ["pullZoneId", "listName"] },
    outcome: "both-refused",
  },
  // The way out of an interrupted create: state the configuration before Pulumi (7003).
  interrupted: statesPrior({ enabled: false, action: "None" }),
  twoStacks: "priorOfFirst",
  unknownOutcome: {
    fault: { method: "PATCH", path: `^${CONFIG_PATH}$`, status: 504, afterHandler: true },
    resend: "idempotent",
  },
};
