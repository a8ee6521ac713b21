/**
 * A kind that exists only in tests (never shipped): "apps" with GUID ids under a parent that
 * is no shield zone (an "account"), on an in-memory fake platform. It shows that the
 * zone-object engine takes string ids and any parent a kind declares, with nothing of the
 * Shield kinds in between.
 *
 * The fake platform answers like the real one where the engine relies on it: a GET of an
 * unknown id is a not-found error; a write's outcome can be lost (applied, then a 504);
 * a parent's listing can fail.
 */
import { randomUUID } from "node:crypto";
import type {
  ZoneObject,
  ZoneObjectKind,
  ZoneObjectWrite,
} from "../../../packages/pulumi/src/resources/core/zone-objects/kind";
import type { Parent } from "../../../packages/pulumi/src/resources/core/zone-objects/parent";

/** An app as the fake platform holds it. */
export interface App extends ZoneObject<string> {
  parentId: number;
  name: string;
  fields: { image?: string; replicas?: number };
}

/** A not-found answer (what the client throws for a 404). */
const notFound = (id: string) =>
  Object.assign(new Error(`app ${id} not found (404)`), { status: 404, isNotFound: true });

/** The in-memory platform: apps by id, the calls it answered, and the faults to inject. */
export class FakePlatform {
  readonly apps = new Map<string, App>();
  readonly calls: string[] = [];
  /** The next create is applied but its answer lost (a 504). */
  loseNextCreateAnswer = false;
  /** The next create is accepted (202), naming the new app only by its location. */
  acceptNextCreate = false;
  /** Listing a parent fails (an unreadable parent). */
  listFails = false;
  /** Writes running now, and the most that ran at once. */
  running = 0;
  mostAtOnce = 0;
  /** How long a write takes (ms), so that writes under one parent may overlap. */
  writeMs = 0;

  /** Puts an app on the platform, as made outside Pulumi. */
  put(parent: number, name: string, config: App["fields"]): App {
    const app: App = {
      id: randomUUID(),
      parentId: parent,
      name,
      fields: config,
    };
    this.apps.set(app.id, app);
    return app;
  }

  private async write<T>(call: string, body: () => T): Promise<T> {
    this.calls.push(call);
    this.running++;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    try {
      if (this.writeMs > 0) await new Promise((r) => setTimeout(r, this.writeMs));
      return body();
    } finally {
      this.running--;
    }
  }

  async get(id: string): Promise<App> {
    this.calls.push(`GET /apps/${id}`);
    const app = this.apps.get(id);
    if (!app) throw notFound(id);
    return structuredClone(app);
  }

  async list(parent: number): Promise<App[]> {
    this.calls.push(`GET /accounts/${parent}/apps`);
    if (this.listFails) throw Object.assign(new Error("listing failed (500)"), { status: 500 });
    return [...this.apps.values()]
      .filter((a) => a.parentId === parent)
      .map((a) => structuredClone(a));
  }

  /** The account object, holding its apps (a parent whose children have no list endpoint). */
  async account(parent: number): Promise<{ id: number; apps: App[] }> {
    this.calls.push(`GET /accounts/${parent}`);
    const apps = [...this.apps.values()].filter((a) => a.parentId === parent);
    return { id: parent, apps: apps.map((a) => structuredClone(a)) };
  }

  async create(body: Record<string, unknown>): Promise<ZoneObjectWrite<App>> {
    return this.write(`POST /accounts/${String(body.parentId)}/apps`, () => {
      const app: App = {
        id: randomUUID(),
        parentId: body.parentId as number,
        name: body.name as string,
        fields: structuredClone(body.fields as App["fields"]),
      };
      this.apps.set(app.id, app);
      if (this.acceptNextCreate) {
        this.acceptNextCreate = false;
        return { status: 202, accepted: { location: `/apps/${app.id}` } } as ZoneObjectWrite<App>;
      }
      if (this.loseNextCreateAnswer) {
        this.loseNextCreateAnswer = false;
        throw Object.assign(new Error("gateway timeout (504)"), { status: 504 });
      }
      return { status: 200, object: structuredClone(app) };
    });
  }

  async update(id: string, body: Record<string, unknown>) {
    return this.write(`PATCH /apps/${id}`, () => {
      const app = this.apps.get(id);
      if (!app) throw notFound(id);
      if (typeof body.name === "string") app.name = body.name;
      if (body.fields) {
        app.fields = structuredClone(body.fields as App["fields"]);
      }
      return { status: 200 as const, object: structuredClone(app) };
    });
  }

  async delete(id: string) {
    return this.write(`DELETE /apps/${id}`, () => {
      if (!this.apps.delete(id)) throw notFound(id);
      return {};
    });
  }
}

/** The fake parent: an account, addressed by the engine's parent field, one write at a time. */
export const accountParent: Parent = { word: "account", field: "accountId", serialWrites: true };

/** The app kind on `platform` (names unique in an account, as the engine's default). */
export function appKind(platform: FakePlatform): ZoneObjectKind<App> {
  return {
    typeName: "TestApp",
    noun: "test app",
    words: { one: "app", many: "apps", id: "appId", name: "name" },
    parent: accountParent,
    // Its public fields: `appId`, `accountId`, `name` (its words and parent's), and its
    // configuration's fields at the top level.
    spelling: { fields: { flat: ["image", "replicas"] } },
    ids: "string",
    claimKey: "test-app",
    config: {
      enums: {},
      normalize: (c) => c,
      nullable: new Set(),
      requiredForCreate: ["image"],
    },
    configurationSchema: { module: "unused", name: "unused" } as never,
    endpoints: {
      get: (id) => platform.get(id),
      create: (body) => platform.create(body),
      update: (id, body) => platform.update(id, body),
      delete: (id) => platform.delete(id),
      listZone: (parent) => platform.list(parent),
    },
  };
}
