/**
 * The serialized provider of `UnderAttackMode` as a module of its own (package export
 * `pulumi-edgeplatform/stubs/under-attack-mode`): when the package is installed under `node_modules`,
 * Pulumi serializes a module's exports as `require("pulumi-edgeplatform/stubs/under-attack-mode")`.
 * See `../core/serialized-provider.ts`. Its methods load it through `../core/host`.
 */
import { forwarding } from "./forwarding";

export = forwarding("underAttackMode");
