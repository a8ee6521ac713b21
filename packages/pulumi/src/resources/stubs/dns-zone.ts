/**
 * The serialized provider of `DnsZone` as a module of its own (package export
 * `pulumi-edgeplatform/stubs/dns-zone`): when the package is installed under `node_modules`, Pulumi
 * serializes a module's exports as `require("pulumi-edgeplatform/stubs/dns-zone")` (about 290 bytes
 * in state instead of the stub's text). See `../core/serialized-provider.ts`. Its methods load the
 * implementation through `../core/host` (`./forwarding.ts`), not the package root.
 */
import { forwarding } from "./forwarding";

export = forwarding("dnsZone");
