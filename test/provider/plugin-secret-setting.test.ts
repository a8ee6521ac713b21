/**
 * The native plugin returns a secret setting as a secret value (the property protocol's secret
 * signature) in its Check (the input), Create, Update and Read responses, and the record before Pulumi (`prior`)
 * with it, so that the engine keeps them encrypted whatever the program's SDK (a Pulumi YAML
 * program has no `additionalSecretOutputs`). No kind of the package declares a secret setting:
 * the plugin's ResponsePage here is the one of a declaration that marks `html` secret (the
 * test's one edit), served through the gRPC handlers on a loopback port.
 */
import { PLUGIN_RESOURCES, type PluginResource } from "../../packages/pulumi/src/plugin/resources";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { settingsProvider } from "../../packages/pulumi/src/resources/core/zone-settings/engine";
import { responsePageKind } from "../../packages/pulumi/src/resources/kinds/settings/response-page";
import { registerSecret } from "../support/secrets";
import { quietProviderLogs, usePlatform } from "./helpers";
import { pluginFrontEnd, type FrontEnd } from "./lifecycle-table/front-ends";
import type { Any } from "./lifecycle-table/kind";
import { responsePage } from "./lifecycle-table/settings";

/** Pulumi's secret value in the property protocol. */
const secret = (value: unknown) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  value,
});

const THEIRS = "<p>theirs-0d5e61</p>";
const OURS = "<p>ours-84b2c9</p>";
const NEXT = "<p>next-3f70aa</p>";
for (const v of [THEIRS, OURS, NEXT]) registerSecret(v);

/** ResponsePage's declaration with `html` declared secret. */
const secretPage = {
  ...responsePageKind,
  fields: responsePageKind.fields.map((f) => ({ ...f, secret: true as const })),
};

const t = usePlatform();
quietProviderLogs();
let front: FrontEnd;
const resources = PLUGIN_RESOURCES as PluginResource[];
const at = resources.findIndex((r) => r.typeName === "ResponsePage");
const original = resources[at];

beforeAll(() => {
  if (original.family !== "settings") throw new Error("ResponsePage is a settings resource");
  resources[at] = {
    ...original,
    kind: secretPage,
    engine: { ...original.engine, provider: settingsProvider(secretPage) as never },
  };
  front = pluginFrontEnd();
});
afterAll(async () => {
  resources[at] = original;
  await front.stop();
});
beforeEach(async () => {
  resetRunState();
  await front.configure({ "edgeplatform:apiKey": t.emu.apiKey, "edgeplatform:baseUrl": t.emu.url });
  const s = (await t.state()) as Any;
  s.shieldZones.find((z: Any) => z.id === 3).customPages.block = THEIRS;
  await t.setState(s);
});

test("Create, Update and Read answer html and prior as secrets (the other outputs plain)", async () => {
  const p = front.provider(responsePage);
  const checked = await p.check({}, { shieldZoneId: 3, pageType: "block", html: OURS });
  expect(checked.failures ?? []).toEqual([]);
  // check's record before the write has no secret value (the engine stores it as given).
  expect(JSON.stringify(checked.inputs)).not.toContain("theirs-0d5e61");
  // The program's value is a secret input of the state (a YAML program writes it plain).
  expect(checked.inputs!.html).toEqual(secret(OURS));
  const c = await p.create(checked.inputs!);
  expect(c.outs.html).toEqual(secret(OURS));
  expect(c.outs.prior).toEqual(secret({ html: THEIRS }));
  expect(c.outs.pageType).toBe("block");
  expect(c.outs.shieldZoneId).toBe(3);

  const plain = { ...c.outs, html: OURS, prior: { html: THEIRS } };
  const news = (await p.check(plain, { shieldZoneId: 3, pageType: "block", html: NEXT })).inputs!;
  const u = await p.update(c.id, plain, news);
  expect(u.outs.html).toEqual(secret(NEXT));
  expect(u.outs.prior).toEqual(secret({ html: THEIRS }));

  resetRunState();
  const r = await p.read(c.id, { ...plain, html: NEXT });
  expect(r.props!.html).toEqual(secret(NEXT));
  expect(r.props!.prior).toEqual(secret({ html: THEIRS }));
  expect(r.props!.pageType).toBe("block");

  await p.delete(c.id, { ...plain, html: NEXT });
  const after = (await t.state()) as Any;
  expect(after.shieldZones.find((z: Any) => z.id === 3).customPages.block).toBe(THEIRS);
});

test("the package's own ResponsePage (no secret setting) answers plain values", async () => {
  resources[at] = original; // the last test: afterAll keeps it
  const p = front.provider(responsePage);
  const checked = await p.check({}, { shieldZoneId: 3, pageType: "block", html: OURS });
  const c = await p.create(checked.inputs!);
  expect(c.outs.html).toBe(OURS);
  expect(c.outs.prior).toEqual({ html: THEIRS });
  await p.delete(c.id, c.outs);
});
