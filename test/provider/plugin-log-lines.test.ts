/**
 * The native plugin's log lines reach the engine under the resource they are about (issue 29):
 * the engine starts a provider plugin with its address, and the CLI hides a provider plugin's
 * standard error, so each call's lines go to the engine's `Log` with the call's URN. Here a
 * stand-in engine (`EngineService.Log` on a loopback port) records them: a create's line of
 * the values before Pulumi, and the status line of a retried write (ephemeral). With no engine
 * to reach, the operation still completes.
 */
import * as path from "path";
import type * as grpcTypes from "@grpc/grpc-js";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { quietProviderLogs, usePlatform } from "./helpers";
import { pluginFrontEnd, type FrontEnd } from "./lifecycle-table/front-ends";
import type { Any } from "./lifecycle-table/kind";
import { apiGuardian } from "./lifecycle-table/settings";

const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
const fromSdk = <T>(id: string): T => require(require.resolve(id, { paths: [sdkDir] })) as T;
const grpc = fromSdk<typeof grpcTypes>("@grpc/grpc-js");
const engineGrpc = require("@pulumi/pulumi/proto/engine_grpc_pb") as Any;
const emptyPb = fromSdk<Any>("google-protobuf/google/protobuf/empty_pb");

/** What the front end's requests carry (front-ends.ts): the type token and `table-<kind>`. */
const URN = "urn:pulumi:table::lifecycle::edgeplatform:shield:ApiGuardian::table-ApiGuardian";

interface Logged {
  urn: string;
  message: string;
  ephemeral: boolean;
}

const t = usePlatform();
quietProviderLogs();
let engine: grpcTypes.Server;
let front: FrontEnd;
const logged: Logged[] = [];

beforeAll(async () => {
  engine = new grpc.Server();
  engine.addService(engineGrpc.EngineService, {
    log: (call: Any, callback: (e: null, r: Any) => void) => {
      const r = call.request;
      logged.push({ urn: r.getUrn(), message: r.getMessage(), ephemeral: r.getEphemeral() });
      callback(null, new emptyPb.Empty());
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    engine.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (e, p) =>
      e ? reject(e) : resolve(p),
    ),
  );
  front = pluginFrontEnd({ engineAddress: `127.0.0.1:${port}` });
});
afterAll(async () => {
  await front.stop();
  engine.forceShutdown();
});
beforeEach(async () => {
  logged.length = 0;
  resetRunState();
  await front.configure({
    "edgeplatform:apiKey": t.emu.apiKey,
    "edgeplatform:baseUrl": t.emu.url,
  });
});

/** Check then create of API guardian of shield zone 4 with `unmatchedPathAction: Block`. */
async function create() {
  const p = front.provider(apiGuardian);
  const checked = await p.check({}, { shieldZoneId: 4, unmatchedPathAction: "Block" });
  expect(checked.failures ?? []).toEqual([]);
  return p.create(checked.inputs!);
}

test("a create's line of the values before Pulumi goes to the engine under the resource's URN", async () => {
  await create();
  // Shield zone 4's fixture: unmatchedPathAction 1 (Log).
  expect(logged).toContainEqual({
    urn: URN,
    ephemeral: false,
    message: expect.stringMatching(
      /^edgeplatform: ApiGuardian \(shield zone 4\): create: .*before Pulumi.*unmatchedPathAction = Log/,
    ),
  });
  expect(
    logged.every((l) => l.urn === URN && !l.message.startsWith("edgeplatform: edgeplatform")),
  ).toBe(true);
});

test("a retried write's status line is ephemeral, under the resource's URN", async () => {
  await t.fault({ method: "PATCH", path: "/shield/shield-zone/4/api-guardian$", status: 503 });
  await create();
  const status = logged.filter((l) => l.ephemeral);
  expect(status).toHaveLength(1);
  expect(status[0].urn).toBe(URN);
  expect(status[0].message).toMatch(/^edgeplatform: .*retr/i);
  expect((await t.state()).shieldZones.find((z) => z.id === 4)!.apiGuardian).toMatchObject({
    configuration: { unmatchedPathAction: 0 },
  });
});

test("with no engine to reach, the operation completes (its lines go to standard error)", async () => {
  const closed = pluginFrontEnd({ engineAddress: "127.0.0.1:1" });
  try {
    await closed.configure({
      "edgeplatform:apiKey": t.emu.apiKey,
      "edgeplatform:baseUrl": t.emu.url,
    });
    const p = closed.provider(apiGuardian);
    const checked = await p.check({}, { shieldZoneId: 4, unmatchedPathAction: "Block" });
    await expect(p.create(checked.inputs!)).resolves.toMatchObject({ id: "4" });
  } finally {
    await closed.stop();
  }
});
