/**
 * VolumeInstancesDeletion in the lifecycle table: an action (it deletes the detached
 * instances of a volume template when created; destroy writes nothing). Fixture: app-1's
 * template "vol-detached" with three detached instances.
 */
import { volumeInstancesDeletionProvider } from "../../../packages/pulumi/src/resources/kinds/own/volume-instances-deletion";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const volumeOf = (s: Any) =>
  s.apps.find((a: Any) => a.id === "app-1").volumes.find((v: Any) => v.id === "vol-detached");

export const volumeInstancesDeletion: KindDeclaration = {
  name: "VolumeInstancesDeletion",
  provider: volumeInstancesDeletionProvider as unknown as Provider,
  destroy: "keeps",
  create: () => ({ appId: "app-1", volumeId: "vol-detached", triggers: [1] }),
  createWrite: { method: "DELETE", path: "^/mc/apps/app-1/volumes/vol-detached$" },
  find: volumeOf,
  created: { get: (v) => v.volumeInstances.length, expected: 0 },
  adopt: na("an action: there is no object to adopt"),
  update: na("every input change replaces (a new deletion); update is never called"),
  drift: na("read reads nothing: the deletion's record is the state"),
  gone: na("read and delete make no request"),
  scopedKey: na("read and delete make no request; the emulator's scoped keys do not scope apps"),
  rename: na(
    "documented (issue 28, finding 7): a rename without aliases runs the deletion again; no sound guard",
  ),
  async202: na("the emulator answers volume deletions 200 under async-202"),
  spellings: na("one spelling of the address (appId, volumeId)"),
  interrupted: na(
    "an action: an interrupted deletion is a new operation to the next up (documented: it runs again); there is no object or prior to converge to",
  ),
  twoStacks: na(
    "an action: another stack's deletion is another operation (documented: it runs again); it owns no object",
  ),
  unknownOutcome: {
    fault: {
      method: "DELETE",
      path: "^/mc/apps/app-1/volumes/vol-detached$",
      status: 504,
      afterHandler: true,
    },
    resend: "never",
  },
};
