/**
 * The per-field report behind the native plugin's `detailedDiff` for the kinds whose program
 * names differ from the engine's: an access list (public fields over the zone-object engine)
 * and `ZoneDnssec` (a stored form: `zoneId`, `priorEnabled`). Paths as the program writes them.
 */
import { resourceOf } from "../../packages/pulumi/src/plugin/resources";

const changes = (token: string, olds: object, news: object) => {
  const r = resourceOf(token);
  if (!r) throw new Error(`the plugin has no ${token}`);
  return r.engine.fieldChanges(olds as never, news as never);
};

describe("AccessList", () => {
  const TOKEN = "edgeplatform:shield:AccessList";
  const olds = {
    listId: 601,
    shieldZoneId: 1,
    name: "office",
    type: "CIDR",
    enabled: true,
    action: "Block",
    entryCount: 1,
    // A digest of the entries (any value: the programs below leave the entries out).
    entriesDigest: "c7a8bd4a4a6aa4e7d1d6c81ae4c2fd5f1c18b5c0f6a1b8b7ffb1f27e1c21b2b4",
    adopted: false,
    origin: "created",
  };

  test("a changed action is `action`; fields left out are removed by their names", () => {
    const r = changes(TOKEN, olds, {
      shieldZoneId: 1,
      name: "office",
      type: "CIDR",
      action: "Allow",
    });
    expect(r.changed).toEqual(["action"]);
    expect([...r.removed].sort()).toEqual(["enabled", "entries"]);
    expect(r.replaces).toEqual([]);
  });

  test("another zone is the replace reason, by its public name", () => {
    expect(changes(TOKEN, olds, { shieldZoneId: 2, name: "office" }).replaces).toContain(
      "shieldZoneId",
    );
  });
});

describe("ZoneDnssec", () => {
  const TOKEN = "edgeplatform:dns:ZoneDnssec";
  const olds = { zoneId: 1, enabled: false, priorEnabled: false };

  test("the switch is `enabled`; a stated prior is `priorEnabled`", () => {
    expect(changes(TOKEN, olds, { zoneId: 1, enabled: true })).toEqual({
      replaces: [],
      changed: ["enabled"],
      removed: [],
    });
    expect(changes(TOKEN, olds, { zoneId: 1, enabled: false, priorEnabled: true })).toEqual({
      replaces: [],
      changed: ["priorEnabled"],
      removed: [],
    });
    expect(changes(TOKEN, olds, { zoneId: 1, enabled: false })).toEqual({
      replaces: [],
      changed: [],
      removed: [],
    });
  });
});
