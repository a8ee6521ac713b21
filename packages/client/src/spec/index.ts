/**
 * `edgeplatform-client/spec`: the single source of truth for the platform's shapes, each file
 * with one job — enumerations and limits (`enums.ts`), request/query shapes as TypeBox
 * declarations that are both the JSON schema and the type (`schemas.ts`), response types
 * (`types.ts`), the one validator (`validation.ts`) and the log retention window
 * (`retention.ts`); Shield beyond rate limits in `shield-schemas.ts` (the shield zone and its
 * settings, metrics, custom WAF rules, access lists) and `access-list-entries.ts` (what a
 * valid entry of each list type is). `pulumi-edgeplatform` and `edgeplatform-emulator`
 * validate with these;
 * most users need only the main entry point (`Client`, enumerations, types, errors).
 */
export * from "./enums";
export * from "./schemas";
export * from "./patterns";
export * from "./shield-schemas";
export * from "./shield-operation-enums";
export * from "./shield-operation-schemas";
export * from "./feature-defaults";
export * from "./access-list-entries";
export * from "./dns-records";
export * from "./dns-schemas";
export * from "./pullzone-enums";
export * from "./pullzone-schemas";
export * from "./pullzone-statistics-schemas";
export type * from "./types";
export * from "./validation";
export * from "./retention";
export * from "./precompiled";
// Edge scripting.
export * from "./script-enums";
export * from "./script-schemas";
export type * from "./script-types";
