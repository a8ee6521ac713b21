/**
 * `edgeplatform-client/spec/runtime`: the spec without its TypeBox declarations — enumerations
 * and limits, `validate` (which takes a {@link SchemaRef} to a precompiled validator), access-list
 * entries, the log retention window, and {@link specSchema}, a reference to any exported
 * `*Schema` of `edgeplatform-client/spec`. Loading it loads neither TypeBox nor ajv, so the
 * provider's processes use it instead of `edgeplatform-client/spec` (see `precompiled.ts`).
 */
import type * as Spec from "./index";
import { schemaRef, type SchemaRef } from "./precompiled";

export * from "./enums";
export * from "./access-list-entries";
export * from "./dns-records";
export * from "./pullzone-enums";
export * from "./validation";
export * from "./retention";
export * from "./feature-defaults";
export * from "./patterns";
export * from "./precompiled";
export * from "./script-enums";

/** The names of the schemas `edgeplatform-client/spec` exports. */
export type SpecSchemaName = {
  [K in keyof typeof Spec]: K extends `${string}Schema` ? K : never;
}[keyof typeof Spec];

/**
 * A reference to the exported schema `name` of `edgeplatform-client/spec`
 * (`validate(specSchema("ruleConfigurationSchema"), value)`): precompiled, like every one.
 */
export function specSchema<K extends SpecSchemaName>(name: K): SchemaRef<(typeof Spec)[K]> {
  return schemaRef<(typeof Spec)[K]>(__dirname, "./index", name);
}
// The types of the declarations (type only: loading them would load TypeBox).
export type * from "./schemas";
export type * from "./shield-schemas";
export type * from "./dns-schemas";
export type * from "./pullzone-schemas";
export type * from "./types";
export type * from "./script-schemas";
export type * from "./script-types";
