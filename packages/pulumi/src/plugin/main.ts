/**
 * Entry point of `pulumi-resource-edgeplatform` (bin/pulumi-resource-edgeplatform runs it):
 * serves the provider and exits when the engine closes the plugin's standard input or stops it.
 */
import { engineAddressOf } from "../resources/core/engine-log";
import { serve } from "./server";

// The engine starts a provider plugin with its address (after flags of its own).
serve({ ownProcess: true, engineAddress: engineAddressOf(process.argv.slice(2)) }).catch(
  (e: unknown) => {
    process.stderr.write(`pulumi-resource-edgeplatform: ${e instanceof Error ? e.message : e}\n`);
    process.exit(1);
  },
);
