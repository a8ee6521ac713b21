/**
 * The native plugin answers a Hostname's `certificate` (which holds a custom certificate's
 * private key) as a secret value (the property protocol's secret signature) in Create and
 * Read, whatever the program passed, so that the engine keeps it encrypted (a Pulumi YAML
 * program has no `additionalSecretOutputs`); its schema marks it `secret`. Served through the
 * gRPC handlers on a loopback port.
 */
import { buildSchema } from "../../packages/pulumi/src/plugin/schema";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { quietProviderLogs, usePlatform } from "./helpers";
import { pluginFrontEnd, type FrontEnd } from "./lifecycle-table/front-ends";
import { hostname } from "./lifecycle-table/hostname";

/** Pulumi's secret value in the property protocol. */
const secret = (value: unknown) => ({
  "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270",
  value,
});

const CERT = "-----BEGIN CERTIFICATE-----\nMIIBpluginplaincert\n-----END CERTIFICATE-----\n";
const KEY = "-----BEGIN PRIVATE KEY-----\nMIIEpluginsecretkey77\n-----END PRIVATE KEY-----\n";
const CUSTOM = { type: "custom", certificate: CERT, privateKey: KEY };

const t = usePlatform();
quietProviderLogs();
let front: FrontEnd;
beforeAll(() => void (front = pluginFrontEnd()));
afterAll(async () => front.stop());

test("the schema marks certificate secret, input and output", () => {
  type Props = Record<string, { secret?: boolean }>;
  const schema = buildSchema("0.0.0") as unknown as {
    resources: Record<string, { inputProperties: Props; properties: Props }>;
  };
  const r = schema.resources["edgeplatform:pullzones:Hostname"];
  expect(r.inputProperties.certificate.secret).toBe(true);
  expect(r.properties.certificate.secret).toBe(true);
  expect(r.properties.hostname.secret).toBeUndefined();
});

test("the schema types certificate as a named object (every SDK types its members, not a map of strings)", () => {
  type Prop = { $ref?: string; type?: string; secret?: boolean; description?: string };
  const schema = buildSchema("0.0.0") as unknown as {
    resources: Record<string, { inputProperties: Record<string, Prop> }>;
    types: Record<string, { type: string; properties: Record<string, Prop> }>;
  };
  const ref = schema.resources["edgeplatform:pullzones:Hostname"].inputProperties.certificate.$ref;
  expect(ref).toBe("#/types/edgeplatform:pullzones:HostnameCertificate");
  const type = schema.types["edgeplatform:pullzones:HostnameCertificate"];
  expect(Object.entries(type.properties).map(([k, v]) => [k, v.type])).toEqual([
    ["type", "string"],
    ["timeoutSeconds", "integer"],
    ["certificate", "string"],
    ["privateKey", "string"],
  ]);
  expect(type.properties.privateKey.secret).toBe(true);
  for (const p of Object.values(type.properties)) expect(p.description).toMatch(/\w/);
});

test("Create and Read answer certificate as a secret (the other outputs plain)", async () => {
  resetRunState();
  await front.configure({ "edgeplatform:apiKey": t.emu.apiKey, "edgeplatform:baseUrl": t.emu.url });
  const p = front.provider(hostname);
  const checked = await p.check(
    {},
    { pullZoneId: 1, hostname: "plugin.example.com", certificate: CUSTOM },
  );
  expect(checked.failures ?? []).toEqual([]);
  const c = await p.create(checked.inputs!);
  expect(c.outs.certificate).toEqual(secret(CUSTOM));
  expect(c.outs.hostname).toBe("plugin.example.com");
  resetRunState();
  const r = await p.read(c.id, { ...c.outs, certificate: CUSTOM });
  expect(r.props!.certificate).toEqual(secret(CUSTOM));
  await p.delete(c.id, { ...c.outs, certificate: CUSTOM });
});
