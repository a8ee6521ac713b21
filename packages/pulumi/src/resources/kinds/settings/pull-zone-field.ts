/**
 * The building blocks of `PullZone`'s field modules (pull-zone-*.ts): the schemas its
 * settings share and `at`, a setting at its platform key. A schema's `examples` is a valid
 * value of a setting whose form a plain value of its type would not meet (a URL, a country
 * code): the tests that set every field take it from there.
 */
import { placed, type JsonSchema, type SettingsField } from "../../core/zone-settings/kind";

/** A boolean setting. */
export const bool = (): JsonSchema => ({ type: "boolean" });

/** An integer setting from `minimum` to `maximum` (default: any 32-bit integer). */
export const int = (minimum = -2147483648, maximum = 2147483647): JsonSchema => ({
  type: "integer",
  minimum,
  maximum,
});

/** The id of another platform object (a storage zone, a script): a whole number from 0. */
export const objectId = (): JsonSchema => ({ type: "integer", minimum: 0 });

/** A free-form text setting (`examples`: a valid value when a plain word is not one). */
export const text = (examples?: readonly string[]): JsonSchema =>
  examples ? { type: "string", examples } : { type: "string" };

/** A list of hostnames or addresses, compared as a set (`examples`: one valid list). */
export const list = (examples?: readonly (readonly string[])[]): JsonSchema => ({
  type: "array",
  items: { type: "string", minLength: 1 },
  ...(examples ? { examples } : {}),
});

/** A list of values matching `pattern` (`examples`: one valid list). */
export const listOf = (pattern: string, examples: readonly (readonly string[])[]): JsonSchema => ({
  type: "array",
  items: { type: "string", pattern },
  examples,
});

/** Two-letter country codes (ISO 3166-1 alpha-2, upper case). */
export const COUNTRY = "^[A-Z]{2}$";

/** A setting at its platform key. */
export const at = (key: string, f: SettingsField): SettingsField => placed(f, key);
