/**
 * `PullZone`'s image blueprints (`BunnyAiImageBlueprints`): named sets of image properties
 * of the zone's AI image generation, a list of objects on the platform. A blueprint is keyed
 * by its name, never by its position: two lists with the same blueprints in another order
 * are one setting, and a name may appear once. The program's form is `{ name, properties }`;
 * the platform's `{ Name, Properties }`.
 */
import { field, type SettingsField } from "../../core/zone-settings/kind";
import { at } from "./pull-zone-field";

/** One blueprint as a program writes it. */
export interface ImageBlueprint {
  /** Its name, the blueprint's key (unique in the zone). */
  name: string;
  /** Its image properties, name → value (default: none). */
  properties?: Record<string, string>;
}

/** The setting's public path. */
export const BLUEPRINTS_PATH = "bunnyAiImageBlueprints";

/** A map of strings with its keys sorted (an order of keys is no change). */
const sortedMap = (m: unknown): Record<string, string> =>
  Object.fromEntries(
    Object.entries((m ?? {}) as Record<string, string>).sort(([a], [b]) => (a < b ? -1 : 1)),
  );

/**
 * The canonical form of a list of blueprints (for comparisons only): sorted by name, each
 * with its properties (none: `{}`) by key; unset (null) is the empty list (what a write
 * sends to unset it).
 */
export function canonicalBlueprints(v: unknown): unknown {
  if (!Array.isArray(v)) return v ?? [];
  return (v as ImageBlueprint[])
    .map((b) => ({ name: b.name, properties: sortedMap(b.properties) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The program's form of the platform's list (null: unset). */
export function blueprintsOf(wire: unknown): ImageBlueprint[] | null {
  if (!Array.isArray(wire)) return null;
  return (wire as { Name?: string | null; Properties?: Record<string, string> | null }[]).map(
    (b) => ({ name: b.Name ?? "", properties: { ...(b.Properties ?? {}) } }),
  );
}

/** The platform's form of the program's list (what the settings write takes). */
export const blueprintsBody = (v: unknown) =>
  Array.isArray(v)
    ? (v as ImageBlueprint[]).map((b) => ({
        Name: b.name,
        Properties: { ...(b.properties ?? {}) },
      }))
    : v;

/** Failures of a program's list that its schema cannot state: a name given twice. */
export function blueprintFailures(v: unknown): { property: string; reason: string }[] {
  if (!Array.isArray(v)) return [];
  const seen = new Map<string, number>();
  const out: { property: string; reason: string }[] = [];
  v.forEach((b: unknown, i) => {
    const name = (b as { name?: unknown } | null)?.name;
    if (typeof name !== "string") return;
    const first = seen.get(name.toLowerCase());
    if (first !== undefined)
      out.push({
        property: `${BLUEPRINTS_PATH}[${i}].name`,
        reason:
          `names blueprint ${JSON.stringify(name)} again (first at [${first}]): a blueprint is ` +
          `keyed by its name, which may appear once (any case)`,
      });
    else seen.set(name.toLowerCase(), i);
  });
  return out;
}

/** The zone's image blueprints, a setting of the optimizer group. */
export const BLUEPRINTS: SettingsField = at(
  "BunnyAiImageBlueprints",
  field(
    BLUEPRINTS_PATH,
    {
      type: "array",
      items: {
        type: "object",
        properties: {
          name: { type: "string", minLength: 1 },
          properties: { type: "object", additionalProperties: { type: "string" } },
        },
        required: ["name"],
        additionalProperties: false,
      },
      examples: [
        [{ name: "hero", properties: { width: "1200", quality: "80" } }],
        [
          { name: "thumb", properties: { width: "200" } },
          { name: "avatar", properties: { width: "64", crop: "face" } },
        ],
      ],
    },
    "Image blueprints of the zone's AI image generation (`BunnyAiImageBlueprints`): each a " +
      "`name` and its `properties` (name → value). Keyed by name (unique in the list, any " +
      "case), never by position: another order is no change. The whole list is managed: `[]` " +
      "empties it.",
    {
      tsType: "PullZoneImageBlueprint[]",
      canonical: canonicalBlueprints,
    },
  ),
);
