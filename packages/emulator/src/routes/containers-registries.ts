/**
 * Magic Containers registries (`/mc/registries`): list, add, update and delete (the read of
 * one is in containers.ts), and the image look-ups (images, tags, digest, configuration),
 * answered from the images the applications use. A registry's password is never stored or
 * answered: only its first and last three characters, for a password of 8 characters or
 * more (else null). A password starting with `bad` fails the platform's check
 * (`secretsValidationFailed`, nothing saved).
 */
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ContainerRegistry } from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { pathOf } from "../context";
import { sendError } from "../errors";
import { MC_BODIES } from "../containers-document";
import { digestOf } from "../containers-build";
import { ordered } from "../containers-views";
import type { McApp } from "../state-containers";
import { nextRegistryId } from "../state-containers";
import { int64Params } from "./common";

/** A registry request (`ContainerRegistryRequest`). */
interface RegistryBody {
  displayName: string;
  type?: "dockerHub" | "gitHub" | "bunnyRegistry";
  passwordCredentials?: { userName: string; password: string };
}

const HOSTS = {
  dockerHub: "docker.io",
  gitHub: "ghcr.io",
  bunnyRegistry: "registry.containers.emulator.test",
} as const;

/** The visible ends of a password (never the whole of it). */
function passwordEnds(p: string | undefined) {
  return p !== undefined && p.length >= 8
    ? { firstPasswordSymbols: p.slice(0, 3), lastPasswordSymbols: p.slice(-3) }
    : { firstPasswordSymbols: null, lastPasswordSymbols: null };
}

/** The containers of every application using registry `registryId`. */
function containersOf(ctx: EmulatorContext, registryId: string) {
  return (ctx.store.state.apps as McApp[]).flatMap((a) =>
    (a.containerTemplates ?? []).filter((c) => c.imageRegistryId === registryId),
  );
}

/** Registers the registry routes. */
export function registerContainerRegistryRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const s = () => ctx.store.state;
  const now = () => new Date(ctx.now()).toISOString();
  const secretsRefused = (reply: FastifyReply) =>
    reply.code(200).send({
      id: null,
      error: "The registry refused the credentials",
      status: "secretsValidationFailed",
    });

  app.get("/mc/registries", async () => {
    const items = ordered(ctx, s().registries, (r) => r.displayName);
    return { items, meta: { totalItems: items.length }, cursor: null };
  });

  app.post<{ Body: RegistryBody }>(
    "/mc/registries",
    { schema: { body: MC_BODIES.ContainerRegistryRequest } },
    async (req, reply) => {
      const b = req.body;
      const cred = b.passwordCredentials;
      if (cred?.password.startsWith("bad")) return secretsRefused(reply);
      const r = {
        id: nextRegistryId(s()),
        accountId: "acct-1",
        userId: "user-1",
        namespaceId: `ns-${s().registries.length + 1}`,
        displayName: b.displayName,
        hostName: HOSTS[b.type ?? "dockerHub"],
        userName: cred?.userName ?? null,
        ...passwordEnds(cred?.password),
        createdAt: now(),
        isPublic: cred === undefined,
        isPlatformManaged: false,
        lastUpdatedAt: null,
      } as unknown as ContainerRegistry;
      s().registries.push(r);
      ctx.store.commit();
      return { id: r.id, error: null, status: "saved" };
    },
  );

  app.put<{ Params: { registryId: number }; Body: RegistryBody }>(
    "/mc/registries/:registryId",
    { schema: { params: int64Params("registryId"), body: MC_BODIES.ContainerRegistryRequest } },
    async (req, reply) => {
      const r = s().registries.find((x) => x.id === req.params.registryId);
      if (!r)
        return sendError(
          reply,
          pathOf(req.url),
          404,
          `Container registry ${req.params.registryId} was not found`,
          { key: "not_found.registry", shape: "B" },
        );
      const b = req.body;
      const cred = b.passwordCredentials;
      if (cred?.password.startsWith("bad")) return secretsRefused(reply);
      r.displayName = b.displayName;
      if (b.type) r.hostName = HOSTS[b.type];
      if (cred) {
        Object.assign(r, { userName: cred.userName, ...passwordEnds(cred.password) });
        r.isPublic = false;
      }
      r.lastUpdatedAt = now();
      ctx.store.commit();
      return { id: r.id, error: null, status: "saved" };
    },
  );

  app.delete<{ Params: { registryId: number } }>(
    "/mc/registries/:registryId",
    { schema: { params: int64Params("registryId") } },
    async (req, reply) => {
      const id = req.params.registryId;
      const i = s().registries.findIndex((x) => x.id === id);
      if (i === -1) return { status: "notFound", applications: null };
      const users = (s().apps as McApp[])
        .filter((a) => (a.containerTemplates ?? []).some((c) => c.imageRegistryId === String(id)))
        .map((a) => a.name ?? a.id);
      if (users.length)
        return sendError(
          reply,
          pathOf(req.url),
          409,
          `Container registry ${id} is used by ${users.join(", ")}`,
          { key: "conflict.registry_in_use", shape: "B" },
        );
      s().registries.splice(i, 1);
      ctx.store.commit();
      return { status: "removed", applications: null };
    },
  );

  app.post<{ Body: { registryId: string } }>(
    "/mc/registries/images",
    { schema: { body: MC_BODIES.ListContainerImagesRequest } },
    async (req) => images(containersOf(ctx, req.body.registryId)),
  );

  app.post<{ Body: { registryId: string; prefix: string } }>(
    "/mc/registries/public-images/search",
    { schema: { body: MC_BODIES.SearchPublicContainerImagesRequest } },
    async (req) =>
      images(containersOf(ctx, req.body.registryId)).filter((i) =>
        i.id.startsWith(req.body.prefix),
      ),
  );

  app.post<{ Body: { registryId: string; imageName: string; imageNamespace: string } }>(
    "/mc/registries/tags",
    { schema: { body: MC_BODIES.ListContainerImageTagsRequest } },
    async (req) => {
      const b = req.body;
      const tags = containersOf(ctx, b.registryId)
        .filter((c) => c.imageName === b.imageName && c.imageNamespace === b.imageNamespace)
        .map((c) => c.imageTag);
      return [...new Set(tags)].map((name) => ({ name }));
    },
  );

  app.post<{ Body: { imageName: string; imageNamespace: string; tag: string } }>(
    "/mc/registries/digest",
    { schema: { body: MC_BODIES.GetContainerImageDigestByTagRequest } },
    async (req) => {
      const b = req.body;
      const image = `${b.imageNamespace}/${b.imageName}:${b.tag}`;
      return {
        imageNamespace: b.imageNamespace,
        image: b.imageName,
        tag: b.tag,
        digest: digestOf(image),
      };
    },
  );

  app.post(
    "/mc/registries/image-config",
    { schema: { body: MC_BODIES.ListContainerImageExposedPortsRequest } },
    async () => ({ endpointSuggestions: [], volumeSuggestions: [] }),
  );

  app.post(
    "/mc/registries/config-suggestions",
    { schema: { body: MC_BODIES.GetContainerConfigSuggestionsRequest } },
    async () => ({}),
  );
}

/** The distinct images of containers, as `ContainerImage`. */
function images(cs: { imageName: string; imageNamespace: string }[]) {
  const seen = new Map(cs.map((c) => [`${c.imageNamespace}/${c.imageName}`, c]));
  return [...seen.values()].map((c) => ({ id: c.imageName, namespace: c.imageNamespace }));
}
