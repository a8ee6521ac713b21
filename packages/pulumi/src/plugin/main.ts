/**
 * Entry point of `pulumi-resource-edgeplatform` (bin/pulumi-resource-edgeplatform runs it):
 * serves the provider and exits when the engine closes the plugin's standard input or stops it.
 */
import { serve } from "./server";

// The engine starts a provider plugin with its own address as the first argument.
serve({ ownProcess: true, engineAddress: process.argv[2] }).catch((e: unknown) => {
  process.stderr.write(`pulumi-resource-edgeplatform: ${e instanceof Error ? e.message : e}\n`);
  process.exit(1);
});
