/**
 * The serialized provider of `WafRule` as a module of its own (package export
 * `pulumi-edgeplatform/stubs/waf-rule`): when the package is installed under `node_modules`, Pulumi
 * serializes a module's exports as `require("pulumi-edgeplatform/stubs/waf-rule")` (about 290 bytes
 * in state instead of the stub's text). See `../core/serialized-provider.ts`. Its methods load the
 * implementation through `../core/host` (`./forwarding.ts`), not the package root.
 */
import { forwarding } from "./forwarding";

export = forwarding("wafRule");
