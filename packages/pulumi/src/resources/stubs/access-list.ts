/**
 * The serialized provider of `AccessList` as a module of its own (package export
 * `pulumi-edgeplatform/stubs/access-list`): when the package is installed under `node_modules`,
 * Pulumi serializes a module's exports as `require("pulumi-edgeplatform/stubs/access-list")`
 * instead of the stub's text. See `../core/serialized-provider.ts`.
 * Its methods load the implementation through `../core/host` (`./forwarding.ts`).
 */
import { forwarding } from "./forwarding";

export = forwarding("accessList");
