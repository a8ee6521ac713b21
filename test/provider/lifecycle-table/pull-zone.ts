/**
 * PullZone in the lifecycle table: a zone created as `table-zone` (no zone of that name in the
 * fixtures) with logging off (a new zone logs), or fixture pull zone 1 (`zone-one`, logging
 * on) adopted.
 */
import { pullZoneProvider } from "../../../packages/pulumi/src/resources/kinds/settings/pull-zone";
import { na, type Any, type KindDeclaration, type Provider } from "./kind";

const zoneOf = (s: Any, id: string) =>
  (s.pullZones as Any[]).find((z: Any) => z.id === Number(id))?.model;

export const pullZone: KindDeclaration = {
  name: "PullZone",
  provider: pullZoneProvider as unknown as Provider,
  destroy: "deletes",
  create: () => ({
    name: "table-zone",
    originUrl: "https://origin.table.example",
    enableLogging: false,
  }),
  createWrite: { method: "POST", path: "^/pullzone$" },
  find: zoneOf,
  created: { get: (z) => z?.EnableLogging, expected: false },
  adopt: {
    inputs: { pullZoneId: 1, enableLogging: true },
    id: "1",
    // Zone 1 logs already: adopting it writes nothing (its write and its restore are in
    // test/provider/pull-zone.test.ts).
    apply: () => undefined,
  },
  update: {
    field: "cacheControlMaxAgeOverride",
    inputs: (c) => ({ ...c, cacheControlMaxAgeOverride: 3600 }),
    apply: (s, id) => void (zoneOf(s, id).CacheControlMaxAgeOverride = 3600),
    write: (id) => ({ method: "POST", path: `/pullzone/${id}` }),
    // Documented: every setting as read, the change over it (merge or replace alike).
    body: (body, before, id) => {
      expect(body.CacheControlMaxAgeOverride).toBe(3600);
      expect(body.EnableLogging).toBe(false);
      expect(body.OriginUrl).toBe(zoneOf(before, id).OriginUrl);
      expect(body.Name).toBeUndefined();
    },
  },
  drift: {
    change: (s, id) => void (zoneOf(s, id).EnableLogging = true),
    path: "enableLogging",
    expected: true,
  },
  gone: na(
    "a pull zone not found is not taken for gone (a key without access may get the same 404): pull-zone.test.ts",
  ),
  scopedKey: na("the emulator's scoped keys do not cover pull zones yet"),
  // A zone is never taken over by its name: the new resource's create is refused.
  rename: "refused",
  refusal:
    /edgeplatform PullZone[^\n]*create failed: the pull-zone name \S+ is already taken \(pull zone (\d+)\)/,
  async202: na("the published API answers pull-zone writes 200, 201 or 204, never 202"),
  spellings: na("one spelling of the zone (`pullZoneId`); `name` creates one"),
  interrupted: na(
    "the next up is refused by name, naming the zone; its way out adopts the zone by `pullZoneId`, and destroy keeps an adopted zone: the table's 'destroy restores the state before Pulumi' does not hold for it",
  ),
  twoStacks: "refused",
  unknownOutcome: {
    fault: { method: "POST", path: "^/pullzone$", status: 504, afterHandler: true },
    resend: "never",
  },
};
