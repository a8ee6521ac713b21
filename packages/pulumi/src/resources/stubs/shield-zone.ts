/**
 * The serialized provider of `ShieldZone` as a module of its own (package export
 * `pulumi-edgeplatform/stubs/shield-zone`): when the package is installed under `node_modules`,
 * Pulumi serializes a module's exports as `require("pulumi-edgeplatform/stubs/shield-zone")`.
 * See `../serialized-provider.ts`. Its methods load the kind's module directly.
 */
import { forwarding } from "./forwarding";

export = forwarding(
  () =>
    (
      require("../zone-settings/kinds/shield-zone") as typeof import("../zone-settings/kinds/shield-zone")
    ).shieldZoneProvider,
);
