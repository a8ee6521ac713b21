/**
 * The collection-route helper (`routes/collection.ts`) through HTTP, with a toy collection
 * declared as a table in this test (no toy route ships): gadgets with GUID ids under
 * workshops (`/workshops/{workshopId}/gadgets/{id}`). The behaviour profile is applied by the
 * helper: the write delay (202, applied later), the 202 body, the not-found answer. The app
 * listens on a free loopback port.
 */
import Fastify, { type FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../packages/emulator/src/context";
import { defaultFixtures } from "../../packages/emulator/src/fixtures";
import {
  PendingWrites,
  resolveProfile,
  type ProfileInput,
} from "../../packages/emulator/src/profiles";
import {
  registerCollection,
  type CollectionTable,
  type Store,
} from "../../packages/emulator/src/routes/collection";
import { StateStore } from "../../packages/emulator/src/state";

interface Gadget {
  id: string;
  workshopId: number;
  name: string;
  size?: number;
}
interface Workshop {
  id: number;
}
type Body = { name?: string; size?: number };

const G1 = "0b3c6f4e-5a1d-4c2e-9f00-000000000001";
const G2 = "0b3c6f4e-5a1d-4c2e-9f00-000000000002";
const MISSING = "0b3c6f4e-5a1d-4c2e-9f00-0000000000ff";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A Fastify app with the toy collection on the helper; the world the test changes. */
function toyApp() {
  const workshops = new Map<number, Workshop>([[7, { id: 7 }]]);
  const gadgets: Gadget[] = [{ id: G1, workshopId: 7, name: "lathe", size: 3 }];
  const newIds = [G2];
  const ctx = {
    store: new StateStore(defaultFixtures()),
    profile: resolveProfile(undefined),
    pending: new PendingWrites(),
  } as unknown as EmulatorContext;
  const store: Store<Gadget> = {
    of: (w) => gadgets.filter((g) => g.workshopId === w),
    find: (id) => gadgets.find((g) => g.id === id),
    add: (_w, g) => void gadgets.push(g),
    replace: (_w, id, next) =>
      void gadgets.splice(
        gadgets.findIndex((g) => g.id === id),
        1,
        next,
      ),
    remove: (_w, id) =>
      void gadgets.splice(
        gadgets.findIndex((g) => g.id === id),
        1,
      ),
  };
  const table: CollectionTable<Gadget, Workshop, Body, Body> = {
    id: { param: "id", kind: "guid", of: (g) => g.id },
    parent: {
      param: "workshopId",
      kind: "int32",
      find: (_req, id) => workshops.get(id as number),
      exists: (id) => workshops.has(id as number),
      missing: (at, op) => at.reply.code(404).send({ missingWorkshop: at.parentId, op }),
    },
    store,
    notFound: {
      key: "not_found.gadget",
      message: (id, w) => `Gadget ${id} is not in workshop ${w}`,
      profiled: true,
      http404: "problem",
      body: (error, op) => ({ gadget: null, op, error }),
    },
    accepted: { location: (w, id) => `/workshops/${w}/gadgets/${id}`, unnamed: "full" },
    list: {
      path: "/workshops/:workshopId/gadgets",
      answer: (_at, items) => ({ names: items.map((g) => g.name) }),
    },
    get: { path: "/workshops/:workshopId/gadgets/:id", answer: (at) => ({ gadget: at.item }) },
    create: {
      method: "POST",
      path: "/workshops/:workshopId/gadgets",
      body: { type: "object", properties: { name: { type: "string" }, size: { type: "integer" } } },
      check: (at, b) =>
        b.name === "" ? at.reply.code(400).send({ refused: "a gadget needs a name" }) : undefined,
      build: (at, b) => {
        const id = newIds.shift()!;
        return { id, make: () => ({ id, workshopId: at.parentId as number, name: b.name ?? "" }) };
      },
      deferred: true,
      answer: (_at, g) => ({ created: g }),
    },
    update: {
      methods: ["PATCH", "PUT"],
      body: { type: "object", properties: { name: { type: "string" }, size: { type: "integer" } } },
      // PATCH changes in place; PUT replaces the object (what is not sent goes).
      apply: (target, b, at) => {
        if (at.req.method === "PUT")
          return { id: target.id, workshopId: target.workshopId, name: b.name ?? "" };
        if (b.name !== undefined) target.name = b.name;
        if (b.size !== undefined) target.size = b.size;
      },
      deferred: true,
      answer: (_at, g) => ({ updated: g }),
    },
    delete: { deferred: (id) => `Gadget ${id} goes soon`, answer: (at) => ({ deleted: at.id }) },
  };
  const app: FastifyInstance = Fastify();
  registerCollection(app, ctx, table);
  const setProfile = (p: ProfileInput) => (ctx.profile = resolveProfile(p));
  return { app, ctx, gadgets, workshops, setProfile };
}

/** Calls the app on its loopback port; bodies are sent as JSON. */
async function call(app: FastifyInstance, method: string, url: string, body?: unknown) {
  const { port } = app.server.address() as { port: number };
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text === "" ? undefined : JSON.parse(text) };
}

const one = `/workshops/7/gadgets/${G1}`;

describe("collection helper: a table-declared toy collection", () => {
  let toy: ReturnType<typeof toyApp>;
  beforeEach(async () => {
    toy = toyApp();
    await toy.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterEach(async () => {
    toy.ctx.pending.clear();
    await toy.app.close();
  });

  test("get, list and the path's id kinds: a GUID id, an int32 parent", async () => {
    expect(await call(toy.app, "GET", one)).toEqual({
      status: 200,
      json: { gadget: { id: G1, workshopId: 7, name: "lathe", size: 3 } },
    });
    expect(await call(toy.app, "GET", "/workshops/7/gadgets")).toEqual({
      status: 200,
      json: { names: ["lathe"] },
    });
    expect((await call(toy.app, "GET", "/workshops/7/gadgets/17")).status).toBe(400);
    expect((await call(toy.app, "GET", `/workshops/2147483648/gadgets/${G1}`)).status).toBe(400);
  });

  test("a missing parent gets the table's answer, for every operation", async () => {
    expect(await call(toy.app, "GET", `/workshops/8/gadgets/${G1}`)).toEqual({
      status: 404,
      json: { missingWorkshop: 8, op: "get" },
    });
    expect(await call(toy.app, "GET", "/workshops/8/gadgets")).toEqual({
      status: 404,
      json: { missingWorkshop: 8, op: "list" },
    });
    expect(await call(toy.app, "POST", "/workshops/8/gadgets", { name: "saw" })).toEqual({
      status: 404,
      json: { missingWorkshop: 8, op: "create" },
    });
    expect((await call(toy.app, "DELETE", `/workshops/8/gadgets/${G1}`)).json.op).toBe("delete");
  });

  test("a missing object: 404 problem (profile 404) or 200 with the table's body (embedded-200)", async () => {
    const url = `/workshops/7/gadgets/${MISSING}`;
    const problem = await call(toy.app, "GET", url);
    expect(problem.status).toBe(404);
    expect(JSON.stringify(problem.json)).toContain("not_found.gadget");
    expect(JSON.stringify(problem.json)).toContain(`Gadget ${MISSING} is not in workshop 7`);
    toy.setProfile("embedded-not-found");
    const error = {
      statusCode: 404,
      success: false,
      message: `Gadget ${MISSING} is not in workshop 7`,
      errorKey: "not_found.gadget",
    };
    expect(await call(toy.app, "PATCH", url, { name: "x" })).toEqual({
      status: 200,
      json: { gadget: null, op: "update", error },
    });
  });

  test("writes at once (default profile): create, PATCH in place, PUT replaces, DELETE", async () => {
    expect(await call(toy.app, "POST", "/workshops/7/gadgets", { name: "saw" })).toEqual({
      status: 200,
      json: { created: { id: G2, workshopId: 7, name: "saw" } },
    });
    expect((await call(toy.app, "PATCH", one, { size: 4 })).json).toEqual({
      updated: { id: G1, workshopId: 7, name: "lathe", size: 4 },
    });
    expect((await call(toy.app, "PUT", one, { name: "mill" })).json).toEqual({
      updated: { id: G1, workshopId: 7, name: "mill" },
    });
    expect(await call(toy.app, "DELETE", one)).toEqual({ status: 200, json: { deleted: G1 } });
    expect(toy.gadgets.map((g) => g.name)).toEqual(["saw"]);
  });

  test("the table's own check refuses before anything is taken or stored", async () => {
    expect(await call(toy.app, "POST", "/workshops/7/gadgets", { name: "" })).toEqual({
      status: 400,
      json: { refused: "a gadget needs a name" },
    });
    expect(toy.gadgets).toHaveLength(1);
  });

  test("writeDelayMs: 202 naming the object; invisible until applied, then applied", async () => {
    toy.setProfile({ writeDelayMs: 300 });
    expect(await call(toy.app, "POST", "/workshops/7/gadgets", { name: "saw" })).toEqual({
      status: 202,
      json: { location: `/workshops/7/gadgets/${G2}`, value: { id: G2 }, statusCode: 202 },
    });
    expect((await call(toy.app, "PATCH", one, { size: 9 })).status).toBe(202);
    expect(await call(toy.app, "DELETE", one)).toEqual({
      status: 202,
      json: { statusCode: 202, success: true, message: `Gadget ${G1} goes soon`, errorKey: null },
    });
    expect((await call(toy.app, "GET", `/workshops/7/gadgets/${G2}`)).status).toBe(404);
    expect((await call(toy.app, "GET", one)).json.gadget.size).toBe(3);
    await sleep(700);
    expect(toy.gadgets).toEqual([{ id: G2, workshopId: 7, name: "saw" }]);
  });

  test("writeDelayMs with acceptedNamesRule false: a 202 that names nothing", async () => {
    toy.setProfile({ writeDelayMs: 300, acceptedNamesRule: false });
    expect(await call(toy.app, "PATCH", one, { size: 9 })).toEqual({
      status: 202,
      json: {
        location: null,
        value: null,
        formatters: null,
        contentTypes: null,
        declaredType: null,
        statusCode: 202,
      },
    });
  });

  test("a delayed create is dropped when its parent is gone before it applies", async () => {
    toy.setProfile({ writeDelayMs: 300 });
    expect((await call(toy.app, "POST", "/workshops/7/gadgets", { name: "saw" })).status).toBe(202);
    toy.workshops.delete(7);
    await sleep(700);
    expect(toy.gadgets.map((g) => g.name)).toEqual(["lathe"]);
  });
});
