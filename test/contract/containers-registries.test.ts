/**
 * Client vs emulator: Magic Containers registries — list (profile `mcListOrder`), add, read,
 * update, delete (in use: 409), the image look-ups — and their secret: a registry's password
 * is never answered, never in the emulator's state, and never in an error the client throws
 * (message, body, `util.inspect`, JSON), even when the platform echoes it. Fixtures: registry
 * 1 (private, used by app-1), registry 2 (public, unused).
 */
import { inspect } from "node:util";
import type { Client } from "../../packages/client/src";
import { apiError, Emu, fault, getState, journal, useEmulator, withProfile } from "./helpers";

let emu: Emu;
let c: Client;
useEmulator((e, cl) => {
  emu = e;
  c = cl;
});

const PASSWORD = "tok-9f8e7d6c5b4a";
const cred = { userName: "builder", password: PASSWORD };

describe("registries", () => {
  test("list: the fixtures, then a new one; by name under mcListOrder name", async () => {
    const { id, status } = await c.containers.addRegistry({
      displayName: "Azure mirror",
      type: "dockerHub",
      passwordCredentials: cred,
    });
    expect(status).toBe("saved");
    const names = async () =>
      (await c.containers.listRegistries()).items?.map((r) => r.displayName);
    expect(await names()).toEqual([
      "Docker Hub mirror",
      "GitHub Container Registry",
      "Azure mirror",
    ]);
    await withProfile(emu, { mcListOrder: "name" }, async () => {
      expect(await names()).toEqual([
        "Azure mirror",
        "Docker Hub mirror",
        "GitHub Container Registry",
      ]);
    });
    expect(id).toBeGreaterThan(2);
  });

  test("add then read: user name and the password's ends, never the password", async () => {
    const { id } = await c.containers.addRegistry({
      displayName: "private",
      type: "gitHub",
      passwordCredentials: cred,
    });
    const r = await c.containers.getRegistry(id!);
    expect(r).toMatchObject({
      displayName: "private",
      hostName: "ghcr.io",
      userName: "builder",
      firstPasswordSymbols: "tok",
      lastPasswordSymbols: "b4a",
      isPublic: false,
    });
    expect(JSON.stringify(r)).not.toContain(PASSWORD);
    expect(JSON.stringify(await c.containers.listRegistries())).not.toContain(PASSWORD);
    expect(JSON.stringify(await getState(emu))).not.toContain(PASSWORD);
  });

  test("a short password shows no ends", async () => {
    const { id } = await c.containers.addRegistry({
      displayName: "short",
      passwordCredentials: { userName: "u", password: "abc12" },
    });
    const r = await c.containers.getRegistry(id!);
    expect([r.firstPasswordSymbols, r.lastPasswordSymbols]).toEqual([null, null]);
  });

  test("credentials the registry refuses: secretsValidationFailed, nothing saved", async () => {
    const r = await c.containers.addRegistry({
      displayName: "refused",
      passwordCredentials: { userName: "u", password: "bad-password-1" },
    });
    expect(r).toMatchObject({ id: null, status: "secretsValidationFailed" });
    expect((await c.containers.listRegistries()).items).toHaveLength(2);
  });

  test("update: name and credentials change", async () => {
    await c.containers.updateRegistry(2, { displayName: "GHCR", passwordCredentials: cred });
    expect(await c.containers.getRegistry(2)).toMatchObject({
      displayName: "GHCR",
      userName: "builder",
      isPublic: false,
    });
    expect((await apiError(c.containers.updateRegistry(99, { displayName: "x" }))).status).toBe(
      404,
    );
  });

  test("delete: in use 409, unused removed, then notFound", async () => {
    expect((await apiError(c.containers.deleteRegistry(1))).status).toBe(409);
    expect(await c.containers.deleteRegistry(2)).toMatchObject({ status: "removed" });
    expect(await c.containers.deleteRegistry(2)).toMatchObject({ status: "notFound" });
    expect((await c.containers.listRegistries()).items?.map((r) => r.id)).toEqual([1]);
  });

  test.each([
    ["an empty display name", { displayName: "" }, "displayName"],
    ["a type outside the enumeration", { displayName: "x", type: "quay" }, "type"],
    [
      "credentials without a password",
      { displayName: "x", passwordCredentials: { userName: "u" } },
      "passwordCredentials",
    ],
  ])("validation: %s names the field", async (_, body, field) => {
    const e = await apiError(c.containers.addRegistry(body as never));
    expect(e.status).toBe(400);
    expect(e.fieldErrors.map((f) => f.field).join(" ")).toContain(field);
  });

  test("add is not repeated on a 503; update is", async () => {
    await fault(emu, { method: "POST", path: "^/mc/registries$", status: 503 });
    await apiError(c.containers.addRegistry({ displayName: "x" }));
    expect(await journal(emu, /^\/mc\/registries$/, "POST")).toHaveLength(1);
    await fault(emu, { method: "PUT", path: "^/mc/registries/2$", status: 503 });
    await c.containers.updateRegistry(2, { displayName: "y" });
    expect(await journal(emu, /^\/mc\/registries\/2$/, "PUT")).toHaveLength(2);
  });
});

describe("secrets never come back in an error", () => {
  const echo = (secret: string) => ({
    title: "bad_request",
    status: 400,
    detail: `refused credentials ${secret}`,
    errors: [{ field: "passwordCredentials.password", message: `"${secret}" is not valid` }],
  });
  const leaks = (e: Error, secret: string) =>
    [e.message, inspect(e, { depth: 10 }), JSON.stringify(e), String(e.stack)].filter((t) =>
      t.includes(secret),
    );

  test("a registry password the platform echoes is redacted", async () => {
    await fault(emu, {
      method: "POST",
      path: "^/mc/registries$",
      status: 400,
      body: echo(PASSWORD),
    });
    const e = await apiError(
      c.containers.addRegistry({ displayName: "x", passwordCredentials: cred }),
    );
    expect(e.status).toBe(400);
    expect(leaks(e, PASSWORD)).toEqual([]);
    expect(e.message).toContain("[redacted]");
  });

  test("an environment value the platform echoes is redacted", async () => {
    const secret = "env-secret-value-42";
    await fault(emu, { method: "PUT", path: "/env$", status: 400, body: echo(secret) });
    const e = await apiError(
      c.containers.setContainerEnv("app-1", "ct-web", { DB_PASSWORD: secret }),
    );
    expect(leaks(e, secret)).toEqual([]);
  });
});

describe("image look-ups (from the images the applications use)", () => {
  test("images, tags and a digest of registry 1", async () => {
    expect(await c.containers.listImages({ registryId: "1" })).toEqual([
      { id: "shop-web", namespace: "acme" },
      { id: "shop-worker", namespace: "acme" },
    ]);
    expect(
      await c.containers.listImageTags({
        registryId: "1",
        imageNamespace: "acme",
        imageName: "shop-web",
      }),
    ).toEqual([{ name: "1.4.2" }]);
    const web = (await c.containers.getApp("app-1")).containerTemplates[0];
    const d = await c.containers.getImageDigest({
      registryId: "1",
      imageNamespace: "acme",
      imageName: "shop-web",
      tag: "1.4.2",
    });
    expect(d.digest).toBe(web.imageDigest);
    expect(
      await c.containers.searchPublicImages({ registryId: "1", prefix: "shop-w" }),
    ).toHaveLength(2);
  });
});

describe("log forwarding token", () => {
  test("never answered nor kept in the emulator's state", async () => {
    const token = "lf-secret-token-77";
    const cfg = {
      app: "app-1",
      type: "SyslogTcp" as const,
      endpoint: "logs.example.test",
      port: 514,
      token,
      format: "SyslogRfc5424" as const,
      enabled: true,
    };
    const added = await c.containers.addLogForwarding(cfg);
    expect(added).toMatchObject({ app: "app-1", port: 514, enabled: true });
    const seen = [
      added,
      await c.containers.getLogForwarding("app-1"),
      await c.containers.listLogForwarding(),
      await getState(emu),
    ].map((x) => JSON.stringify(x));
    expect(seen.filter((t) => t.includes(token))).toEqual([]);
  });
});
