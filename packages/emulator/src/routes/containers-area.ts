/** The Magic Containers routes beyond containers.ts: each module has one job. */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { registerContainerAppRoutes } from "./containers-apps";
import { registerContainerDeployRoutes } from "./containers-deploy";
import { registerContainerRegistryRoutes } from "./containers-registries";

/** Registers the application, deployment and registry routes of Magic Containers. */
export function registerContainerAreaRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  registerContainerAppRoutes(app, ctx);
  registerContainerDeployRoutes(app, ctx);
  registerContainerRegistryRoutes(app, ctx);
}
