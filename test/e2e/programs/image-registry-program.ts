/**
 * Inline program of test/e2e/image-registry.e2e.test.ts (run by scripts/lib/stack-driver.js):
 * one image registry created with a token the program passes as a plain string (the class
 * makes it a secret), and the data source reading it back by its `registryId` output.
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** Knobs of {@link program} (a type alias, so that it is a plain JSON record). */
export type ImageRegistryProgramOptions = {
  /** The registry's token, as plain text. */
  token: string;
};

/** The program; exports the registry's id and the host the data source reads. */
export function program(o: ImageRegistryProgramOptions): Record<string, unknown> {
  const registry = new edge.containers.ImageRegistry("ghcr", {
    registryType: "gitHub",
    displayName: "e2e GitHub packages",
    userName: "e2e-bot",
    token: o.token,
  });
  const read = edge.containers.getRegistryOutput({ registryId: registry.registryId });
  return { registryId: registry.registryId, host: pulumi.unsecret(read.hostName) };
}
