/**
 * The native plugin answers a ScriptSecret's `value` as a secret value (the property
 * protocol's secret signature) in Create, Read and Update, whatever the program passed, so
 * that the engine keeps it encrypted (a Pulumi YAML program has no `additionalSecretOutputs`);
 * its schema marks it `secret`. Served through the gRPC handlers on a loopback port.
 */
import { buildSchema } from "../../packages/pulumi/src/plugin/schema";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { quietProviderLogs, usePlatform } from "./helpers";
import { pluginFrontEnd, type FrontEnd } from "./lifecycle-table/front-ends";
import { scriptSecret } from "./lifecycle-table/script-secret";

/** Pulumi's secret value in the property protocol. */
const secret = (value: unknown) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  value,
});

const VALUE = "plugin-secret-value-1";
const ROTATED = "plugin-secret-value-2";

const t = usePlatform();
quietProviderLogs();
let front: FrontEnd;
beforeAll(() => void (front = pluginFrontEnd()));
afterAll(async () => front.stop());

test("the schema marks value secret, input and output", () => {
  type Props = Record<string, { secret?: boolean }>;
  const schema = buildSchema("0.0.0") as unknown as {
    resources: Record<string, { inputProperties: Props; properties: Props }>;
  };
  const r = schema.resources["edgeplatform:compute:ScriptSecret"];
  expect(r.inputProperties.value.secret).toBe(true);
  expect(r.properties.value.secret).toBe(true);
  expect(r.properties.name.secret).toBeUndefined();
});

test("Create, Read and Update answer value as a secret (the other outputs plain)", async () => {
  resetRunState();
  await front.configure({ "edgeplatform:apiKey": t.emu.apiKey, "edgeplatform:baseUrl": t.emu.url });
  const p = front.provider(scriptSecret);
  const inputs = { scriptId: 2, name: "PLUGIN_TOKEN", value: VALUE };
  const checked = await p.check({}, inputs);
  expect(checked.failures ?? []).toEqual([]);
  const c = await p.create(checked.inputs!);
  expect(c.outs.value).toEqual(secret(VALUE));
  expect(c.outs.name).toBe("PLUGIN_TOKEN");
  resetRunState();
  const plain = { ...c.outs, value: VALUE };
  const r = await p.read(c.id, plain);
  expect(r.props!.value).toEqual(secret(VALUE));
  resetRunState();
  const news = (await p.check(plain, { ...inputs, value: ROTATED })).inputs!;
  const u = await p.update(c.id, plain, news);
  expect(u.outs.value).toEqual(secret(ROTATED));
  await p.delete(c.id, { ...plain, value: ROTATED });
});
