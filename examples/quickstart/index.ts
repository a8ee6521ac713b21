/**
 * Entry point of the quickstart project (root Pulumi.yaml: `main: examples/quickstart`).
 * The program itself lives in ./program.ts so the demo and the e2e tests can run it inline;
 * its return value becomes the stack outputs.
 */
import { quickstart } from "./program";

export = quickstart();
