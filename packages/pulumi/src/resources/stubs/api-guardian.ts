/**
 * The serialized provider of `ApiGuardian` as a module of its own (package export
 * `pulumi-edgeplatform/stubs/api-guardian`): when the package is installed under `node_modules`,
 * Pulumi serializes a module's exports as `require("pulumi-edgeplatform/stubs/api-guardian")`.
 * See `../serialized-provider.ts`. Its methods load the kind's module directly.
 */
import { forwarding } from "./forwarding";

export = forwarding(
  () =>
    (
      require("../zone-settings/kinds/api-guardian") as typeof import("../zone-settings/kinds/api-guardian")
    ).apiGuardianProvider,
);
