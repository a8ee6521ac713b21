/** The Magic Containers routes beyond containers.ts: each module has one job. */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../context";
import { registerContainerAppRoutes } from "./containers-apps";
import { registerContainerDeployRoutes } from "./containers-deploy";
import { registerContainerRegistryRoutes } from "./containers-registries";
import { registerContainerTemplateRoutes } from "./containers-templates";
import { registerContainerEndpointRoutes } from "./containers-endpoints";
import { registerContainerVolumeRoutes } from "./containers-volumes";
import { registerContainerAccountRoutes } from "./containers-account";

/** Registers the Magic Containers routes of the modules above. */
export function registerContainerAreaRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  registerContainerAppRoutes(app, ctx);
  registerContainerDeployRoutes(app, ctx);
  registerContainerRegistryRoutes(app, ctx);
  registerContainerTemplateRoutes(app, ctx);
  registerContainerEndpointRoutes(app, ctx);
  registerContainerVolumeRoutes(app, ctx);
  registerContainerAccountRoutes(app, ctx);
}
