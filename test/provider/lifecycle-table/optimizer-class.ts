/**
 * OptimizerClass in the lifecycle table: a collection of a pull zone written as the zone's
 * whole `OptimizerClasses` array (POST `/pullzone/{id}`). Fixture pull zone 1 holds one class,
 * `thumb` (width and height 200), which every write must keep. A class's id is its name.
 */
import { optimizerClassProvider } from "../../../packages/pulumi/src/resources/kinds/collections/optimizer-class-fields";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const classesOf = (s: Any): Any[] =>
  (s.pullZones as Any[]).find((z: Any) => z.id === 1)?.model?.OptimizerClasses ?? [];
const classOf = (s: Any, name: string) => classesOf(s).find((c: Any) => c.Name === name);
const program = { pullZoneId: 1, name: "table-class", properties: { width: "640" } };
const WRITE = "^/pullzone/1$";

export const optimizerClass: KindDeclaration = {
  name: "OptimizerClass",
  provider: optimizerClassProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({ ...program, properties: { ...program.properties } }),
  createWrite: { method: "POST", path: WRITE },
  find: (s, id) => classOf(s, id),
  created: {
    get: (c) => c && { Name: c.Name, Properties: c.Properties },
    expected: { Name: "table-class", Properties: { width: "640" } },
  },
  adopt: {
    inputs: { className: "thumb", pullZoneId: 1, properties: { width: "100" } },
    id: "thumb",
    apply: (s) => void (classOf(s, "thumb").Properties = { width: "100" }),
  },
  update: {
    field: "properties",
    inputs: (c) => ({ ...c, properties: { width: "320" } }),
    apply: (s, id) => void (classOf(s, id).Properties = { width: "320" }),
    write: () => ({ method: "POST", path: "/pullzone/1" }),
    // The zone's whole array: this class changed, the fixture's class as it was.
    body: (body, before, id) => {
      expect(body.OptimizerClasses).toEqual([
        ...classesOf(before).filter((c: Any) => c.Name !== id),
        { Name: id, Properties: { width: "320" } },
      ]);
    },
  },
  drift: {
    change: (s, id) => void (classOf(s, id).Properties = { width: "1" }),
    path: "properties",
    expected: { width: "1" },
  },
  gone: {
    remove: (s, id) => {
      const z = (s.pullZones as Any[]).find((x: Any) => x.id === 1).model;
      z.OptimizerClasses = z.OptimizerClasses.filter((c: Any) => c.Name !== id);
    },
  },
  scopedKey: na("the emulator's scoped keys do not cover pull zones yet"),
  // A class's name is its identity, unique in a zone: the new resource's create is refused.
  rename: "refused",
  // The refusal names the class by its name (its id), not a shield or DNS zone's numeric id.
  refusal:
    /edgeplatform OptimizerClass[^\n]*create failed: pull zone \d+ already has optimizer class ([A-Za-z0-9_-]+) (?:named|holding every value)/,
  async202: na("the published API answers a pull zone's settings write 200, never 202"),
  spellings: na("one spelling of the zone (`pullZoneId`): a pull zone has no other"),
  interrupted: {
    next: "refused",
    // The way out the refusal names: adopt it by name as this resource's own.
    wayOut: (c, id) => ({ ...c, className: id, deleteOnDestroy: true }),
  },
  twoStacks: "refused",
  // A new class's write is sent once: a lost answer is resolved by reading the zone.
  unknownOutcome: {
    fault: { method: "POST", path: WRITE, status: 504, afterHandler: true },
    resend: "never",
  },
};
