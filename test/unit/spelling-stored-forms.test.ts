/**
 * The stored forms a flat kind declares in its spelling (core/zone-objects/spelling.ts), on a
 * made-up kind "Widget" of a "box" (no platform involved): fields always stored, a field kept
 * as a count and a digest, a value reported beside the fields, a normal form read from an
 * older state, a field the platform may not report, and the unmanaged list of a kind that
 * lists unreported fields. Expected values are written out from each scenario.
 */
import type { ConfigurationFields } from "../../packages/pulumi/src/resources/core/zone-objects/kind";
import { configurationPlan } from "../../packages/pulumi/src/resources/core/zone-objects/plan";
import {
  toEngineOutputs,
  toPublicInputs,
  toPublicOutputs,
  viewOf,
  type Spelling,
} from "../../packages/pulumi/src/resources/core/zone-objects/spelling";
import type {
  ObjectInputs,
  ObjectOutputs,
} from "../../packages/pulumi/src/resources/core/zone-objects/state";

const COLOUR = { Red: 0, Blue: 1 };

const fields: ConfigurationFields = {
  enums: { colour: COLOUR },
  normalize: (c) => {
    const o = { ...(c as Record<string, unknown>) };
    if (typeof o.colour === "string") o.colour = COLOUR[o.colour as keyof typeof COLOUR];
    return o;
  },
  nullable: new Set(),
  requiredForCreate: [],
};
const plan = configurationPlan(fields);

/** A widget's spelling with `extra` declared on top of its flat fields. */
const widget = (extra: Partial<Spelling>) => ({
  typeName: "Widget",
  words: { one: "widget", many: "widgets", id: "widgetId", name: "label" },
  parent: { word: "box", field: "boxId" },
  spelling: { fields: { flat: ["colour", "target", "parts", "owner"] }, ...extra } as Spelling,
});

/** A made-up count and digest: the number of lines, and the text reversed. */
const digested = {
  field: "parts",
  count: "partCount",
  countOf: (v: string) => v.split("\n").length,
  digest: "partsDigest",
  digestOf: (v: string) => [...v].reverse().join(""),
};

describe("a flat kind's stored forms", () => {
  it("always stores the declared fields: a reported enumeration by name, the name, origin", () => {
    const k = widget({ alwaysStored: ["colour", "label", "origin"] });
    const engine = {
      id: 7,
      parentId: 2,
      adopted: true,
      name: null,
      fields: {},
      reported: { colour: 1 },
      unmanaged: ["name"],
    } as unknown as ObjectOutputs;
    const out = toPublicOutputs(k, plan, engine);
    expect(out).toEqual({
      widgetId: 7,
      boxId: 2,
      adopted: true,
      label: "",
      colour: "Blue",
      origin: "adopted",
    });
    // Read back, the origin that `adopted` implies is not recorded again.
    expect(toEngineOutputs(k, plan, out).origin).toBeUndefined();
    expect(toEngineOutputs(k, plan, { ...out, origin: "created" }).origin).toBe("created");
  });

  it("keeps a digested field as its count and digest, and knows it again by digest only", () => {
    const k = widget({ digested, listsUnreported: true });
    const engine = {
      id: 7,
      parentId: 2,
      adopted: false,
      fields: { parts: "a\nbc" },
      reported: {},
    } as unknown as ObjectOutputs;
    const state = toPublicOutputs(k, plan, engine);
    expect(state).toEqual({
      widgetId: 7,
      boxId: 2,
      adopted: false,
      partCount: 2,
      partsDigest: "cb\na",
      unmanaged: ["colour", "target", "owner"],
    });
    expect(toEngineOutputs(k, plan, state, { parts: "a\nbc" }).fields).toEqual({
      parts: "a\nbc",
    });
    expect(toEngineOutputs(k, plan, state, { parts: "a\nb" }).fields).toEqual({
      parts: { partsDigest: "cb\na" },
    });
    expect(toEngineOutputs(k, plan, state).reported).toEqual({
      partCount: 2,
      partsDigest: "cb\na",
    });
  });

  it("lists an unreported field as unmanaged only when the kind says so", () => {
    const engine = {
      id: 7,
      parentId: 2,
      adopted: false,
      fields: { colour: "Red" },
      reported: { colour: 0, target: "x" },
    } as unknown as ObjectOutputs;
    expect(toPublicOutputs(widget({}), plan, engine).unmanaged).toEqual(["target"]);
    expect(toPublicOutputs(widget({ listsUnreported: true }), plan, engine).unmanaged).toEqual([
      "target",
      "parts",
      "owner",
    ]);
  });

  it("copies a value reported beside the fields into the state and back", () => {
    const k = widget({ reportedOnly: ["serial"] });
    const engine = {
      id: 7,
      parentId: 2,
      adopted: false,
      fields: {},
      reported: { serial: 99 },
    } as unknown as ObjectOutputs;
    const state = toPublicOutputs(k, plan, engine);
    expect(state.serial).toBe(99);
    expect(toEngineOutputs(k, plan, state).reported).toEqual({ serial: 99 });
  });

  it("reads an older state's value in its normal form", () => {
    const k = widget({
      normalForms: { target: (v, s) => (s.colour === "Blue" ? String(v).toUpperCase() : v) },
    });
    const state = { widgetId: 7, boxId: 2, adopted: false, colour: "Blue", target: "ab" };
    expect(toEngineOutputs(k, plan, state).fields).toEqual({ colour: "Blue", target: "AB" });
    expect(toEngineOutputs(k, plan, { ...state, colour: "Red" }).fields.target).toBe("ab");
  });

  it("keeps the program's value of a field the platform does not report", () => {
    const k = widget({ keptWhenUnreported: ["owner"] });
    const engine = {
      id: 7,
      parentId: 2,
      adopted: false,
      fields: { owner: null },
      reported: {},
    } as unknown as ObjectOutputs;
    expect(toPublicOutputs(k, plan, engine, [{ owner: null }, { owner: 5 }]).owner).toBe(5);
    expect(toPublicOutputs(k, plan, engine).owner).toBeNull();
    const inputs = { parentId: 2, fields: { owner: null } } as unknown as ObjectInputs;
    expect(toPublicInputs(k, inputs, 2, [{ owner: 4 }])).toEqual({ boxId: 2, owner: 4 });
  });

  it("reports the parent with the id, unless another spelling of the parent places it", () => {
    const k = {
      ...widget({ parentAlways: true }),
      parent: { word: "box", field: "boxId", spellings: [{ field: "shelfId", word: "shelf" }] },
    };
    const adopted = { id: 7, fields: {} } as unknown as ObjectInputs;
    expect(toPublicInputs(k as never, adopted, 2)).toEqual({ boxId: 2, widgetId: 7 });
    const spelled = { shelfId: 4, fields: {} } as unknown as ObjectInputs;
    expect(toPublicInputs(k as never, spelled, 2)).toEqual({ shelfId: 4 });
  });

  it("refuses a get id whose object part is no number (number ids)", () => {
    const k = { ...widget({ idWithParent: { example: "2/7" } }), ids: "number" as const };
    expect(viewOf(k, "2/7").known).toEqual({ id: 7, parentId: 2, readOnly: true });
    expect(() => viewOf(k, "2/x")).toThrow(
      'edgeplatform Widget: read failed: the id must be "<boxId>/<widgetId>" (e.g. "2/7"); got "2/x"',
    );
  });
});
