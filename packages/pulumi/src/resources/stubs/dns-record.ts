/**
 * The serialized provider of `DnsRecord` as a module of its own (package export
 * `pulumi-edgeplatform/stubs/dns-record`): when the package is installed under `node_modules`,
 * Pulumi serializes a module's exports as `require("pulumi-edgeplatform/stubs/dns-record")`
 * instead of the stub's text. See `../core/serialized-provider.ts`.
 * Its methods load the implementation through `../core/host` (`./forwarding.ts`).
 */
import { forwarding } from "./forwarding";

export = forwarding("dnsRecord");
