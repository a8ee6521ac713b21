/**
 * Implementation of the `edge.shield.AccessList` dynamic resource: the zone-object engine
 * (zone-objects/) built from the custom access list's declaration
 * (kinds/collections/access-list.ts), its public fields spelled at the generic boundary, its
 * `check` in kinds/collections/access-list-fields.ts. Loaded at run time by the serialized stub in
 * `loader.ts` (`require("pulumi-edgeplatform").__providers.accessList`).
 */
export type { AccessListInputs, AccessListOutputs } from "./access-list-fields";
export { checkAccessList, accessListProvider } from "./access-list-fields";
export { resetAccessListState } from "./access-list";
export { timing } from "../../core/zone-objects/recovery";
