/**
 * `edge.compute.EdgeScript` with the real Pulumi engine: CLI + inline program
 * (test/e2e/programs/edge-script-program.ts) + the dynamic-provider host, against the emulator
 * on a loopback port. A script is created with its code from a file and a pull zone made with
 * it; the program adopts that zone as a PullZone whose origin is the script. `up`, a clean
 * preview, a code change (`preview --diff` shows the hash and size; `up` makes one code write
 * and one publish), the same file as a Pulumi `FileAsset` (no change, then a change of its
 * code: one code write and one publish), then destroy: the script deleted, the zone's setting
 * given back, the zone left (Pulumi adopted it). The code and the deployment key appear
 * nowhere in plain text.
 */
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import type { EmulatorState } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import { KindHarness, startKindHarness } from "./harness";
import type { EdgeScriptProgramOptions } from "./programs/edge-script-program";
import {
  CLI_BUILD_TIMEOUT_MS,
  CliInfo,
  Control,
  e2eAvailable,
  provideCliAndDist,
  show,
  text,
} from "./setup";

const PROGRAM = path.join(__dirname, "programs", "edge-script-program.ts");
const OP_TIMEOUT = 400_000;
/** Pulumi's signature of a secret value in the state. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";
const V1 = "export default { fetch: () => new Response('e2e-code-v1-7f3a') };\n";
const V2 = "export default { fetch: () => new Response('e2e-code-v2-91c4, é') };\n";
const V3 = "export default { fetch: () => new Response('e2e-code-v3-05be') };\n";
const sha = (s: string) => createHash("sha256").update(Buffer.from(s, "utf8")).digest("hex");

const run = e2eAvailable();
(run ? describe : describe.skip)("real Pulumi engine: edge.compute.EdgeScript", () => {
  let cli: CliInfo;
  let harness: KindHarness;
  let control: Control;
  let dir: string;

  beforeAll(async () => {
    cli = await provideCliAndDist();
    harness = await startKindHarness(cli, { label: "script", programModule: PROGRAM });
    control = harness.control;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "edge-script-e2e-"));
  }, CLI_BUILD_TIMEOUT_MS);

  afterAll(async () => {
    await harness?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const writeLines = async () => (await control.writes()).map((w) => `${w.method} ${w.path}`);
  /** The state without the dates of a script's last writes (when, not what). */
  const comparable = (s: EmulatorState) => {
    const c = JSON.parse(JSON.stringify(s));
    delete c.nextIds;
    for (const x of c.scripts) {
      delete x.lastModified;
      delete x.codeModified;
    }
    return c;
  };

  test(
    "create from a file with a pull zone, no diff after up, a code change is one code write and one publish, destroy deletes the script and gives the zone back",
    async () => {
      await control.reset();
      const before = await control.state();
      const codeFile = path.join(dir, "router.js");
      fs.writeFileSync(codeFile, V1);
      const options: EdgeScriptProgramOptions = { codeFile, maxAge: 3600 };
      const stack = harness.newStack("script");

      await control.clearJournal();
      const up = await stack.op({ op: "up" }, options);
      show("up", up, 20);
      const scriptId = Number(up.outputs?.scriptId.value);
      const zoneId = Number(up.outputs?.zoneId.value);
      expect(up.outputs?.key.secret).toBe(true);
      const made = (await control.state()).scripts.find((s) => s.id === scriptId)!;
      registerSecret(made.deploymentKey);
      expect(made).toMatchObject({ name: "e2e-router", scriptType: 1, code: V1 });
      expect(made.linkedPullZoneIds).toEqual([zoneId]);
      expect(made.releases?.find((r) => r.Id === made.currentReleaseId)?.Code).toBe(V1);
      const zone = (await control.state()).pullZones.find((z) => z.id === zoneId)!;
      // The zone's origin is the script.
      expect(zone.model).toMatchObject({ OriginType: 4, EdgeScriptId: scriptId });
      expect(await writeLines()).toEqual([
        "POST /compute/script",
        `POST /compute/script/${scriptId}/publish`,
        `POST /pullzone/${zoneId}`,
      ]);

      await control.clearJournal();
      await stack.op({ op: "preview", opts: { diff: true, expectNoChanges: true } }, options);
      expect(await writeLines()).toEqual([]);

      // The state holds the code's hash and size, never the code; the key is a secret.
      const exported = await stack.op({ op: "export" });
      const deployment = JSON.stringify(exported.deployment);
      const res = (
        exported.deployment as {
          deployment: { resources: { type: string; outputs?: Record<string, unknown> }[] };
        }
      ).deployment.resources.find((r) => r.type === "pulumi-nodejs:dynamic/compute:EdgeScript");
      expect(res?.outputs).toMatchObject({ codeHash: sha(V1), codeSize: Buffer.byteLength(V1) });
      expect((res?.outputs?.deploymentKey as Record<string, unknown>)[SECRET_SIG]).toBe(
        "1b47061264138c4ac30d75fd1eb44270",
      );
      expect(deployment).not.toContain(made.deploymentKey);
      expect(deployment).not.toContain("e2e-code-v1-7f3a");

      // The code changes: the preview shows its hash and size; up writes it once, publishes once.
      fs.writeFileSync(codeFile, V2);
      const pv = await stack.op({ op: "preview", opts: { diff: true } }, options);
      show("preview --diff of the code change", pv, 30);
      // (The PullZone shows as a replacement in this preview: its pullZoneId, an output of the
      // script being updated, is unknown until the update runs; `up` below replaces nothing.)
      expect(pv.stdout).toMatch(new RegExp(`codeHash\\s*:\\s*"${sha(V1)}"\\s*=>\\s*"${sha(V2)}"`));
      expect(pv.stdout).toMatch(
        new RegExp(`codeSize\\s*:\\s*${Buffer.byteLength(V1)}\\s*=>\\s*${Buffer.byteLength(V2)}`),
      );
      await control.clearJournal();
      await stack.op({ op: "up" }, options);
      expect(await writeLines()).toEqual([
        `POST /compute/script/${scriptId}/code`,
        `POST /compute/script/${scriptId}/publish`,
      ]);
      const changed = (await control.state()).scripts.find((s) => s.id === scriptId)!;
      expect(changed.code).toBe(V2);
      expect(changed.releases?.find((r) => r.Id === changed.currentReleaseId)?.Code).toBe(V2);
      await stack.op({ op: "preview", opts: { diff: true, expectNoChanges: true } }, options);

      // The same file as a Pulumi FileAsset (`codeAsset`): the same hash and size, no change;
      // then other code in it: one code write and one publish, as with `codeFile`.
      const asAsset: EdgeScriptProgramOptions = { ...options, asAsset: true };
      await stack.op({ op: "preview", opts: { diff: true, expectNoChanges: true } }, asAsset);
      fs.writeFileSync(codeFile, V3);
      await control.clearJournal();
      await stack.op({ op: "up" }, asAsset);
      expect(await writeLines()).toEqual([
        `POST /compute/script/${scriptId}/code`,
        `POST /compute/script/${scriptId}/publish`,
      ]);
      expect((await control.state()).scripts.find((s) => s.id === scriptId)?.code).toBe(V3);
      const assetState = JSON.stringify((await stack.op({ op: "export" })).deployment);
      expect(assetState).toContain(sha(V3));
      expect(assetState).not.toContain("e2e-code-v3-05be");

      await control.clearJournal();
      await stack.op({ op: "destroy" }, asAsset);
      expect((await writeLines()).sort()).toEqual(
        [`POST /pullzone/${zoneId}`, `DELETE /compute/script/${scriptId}`].sort(),
      );
      // As before, but for the zone made with the script (adopted, so kept), its setting given
      // back: a new zone's -1 (as the origin says).
      const after = comparable(await control.state());
      const left = after.pullZones.find((z: { id: number }) => z.id === zoneId);
      expect(zone.model?.CacheControlMaxAgeOverride).toBe(3600);
      expect(left.model.CacheControlMaxAgeOverride).toBe(-1);
      after.pullZones = after.pullZones.filter((z: { id: number }) => z.id !== zoneId);
      expect(after).toEqual(comparable(before));
      const all = stack.transcript.join("\n");
      for (const secret of [
        made.deploymentKey,
        "e2e-code-v1-7f3a",
        "e2e-code-v2-91c4",
        "e2e-code-v3-05be",
      ])
        expect(all).not.toContain(secret);
      expect(text(up)).toContain("pulumi-nodejs:dynamic/compute:EdgeScript");
    },
    OP_TIMEOUT,
  );
});
