/**
 * `pulumi-resource-benchnoop`: the smallest provider plugin speaking the protocol of
 * `pulumi-resource-edgeplatform` (packages/pulumi/src/plugin/server.ts), the floor of
 * bench/plugin-floor.js. The same gRPC stack and calls as that server (`ResourceProviderService`
 * of `@pulumi/pulumi/proto`, grpc-js and google-protobuf from the SDK's directory, the port on
 * stdout), and no work: `Check` returns the inputs, `Diff` reports no change, `Create` returns
 * an id and the inputs, `Read` the inputs, `Update` the new inputs, `Delete` nothing. Its schema
 * declares one resource, `benchnoop:index:Noop`, with the inputs of a rate-limit rule (the
 * configuration as `Any`). Benchmark only: not shipped.
 */
"use strict";

const path = require("path");

// Installed in a PULUMI_HOME (bench/plugin-floor.js), it finds the checkout's node_modules through
// BENCHNOOP_MODULES (a directory to resolve from); from the checkout, beside itself.
const from = [process.env.BENCHNOOP_MODULES || __dirname];
const sdkDir = path.dirname(require.resolve("@pulumi/pulumi/package.json", { paths: from }));
const fromSdk = (id) => require(require.resolve(id, { paths: [sdkDir] }));
const grpc = fromSdk("@grpc/grpc-js");
const providerPb = require(path.join(sdkDir, "proto", "provider_pb"));
const providerGrpc = require(path.join(sdkDir, "proto", "provider_grpc_pb"));
const pluginPb = require(path.join(sdkDir, "proto", "plugin_pb"));
const structPb = fromSdk("google-protobuf/google/protobuf/struct_pb");
const emptyPb = fromSdk("google-protobuf/google/protobuf/empty_pb");

const VERSION = "0.0.1";
const TYPE = "benchnoop:index:Noop";
const PROPERTIES = {
  shieldZoneId: { type: "integer" },
  ruleName: { type: "string" },
  ruleDescription: { type: "string" },
  ruleConfiguration: { $ref: "pulumi.json#/Any" },
};
/**
 * The schema: by default the one resource above (the configuration as `Any`). With
 * BENCHNOOP_TYPED_FROM=<a package schema.json>, the resource takes the inputs, outputs and types
 * of that schema's RateLimitRule instead (its tokens renamed), so that the language host checks
 * and converts the program's values against the same types as for the real plugin.
 */
function schema() {
  const base = {
    name: "benchnoop",
    version: VERSION,
    resources: {
      [TYPE]: {
        description: "A resource that does nothing (the benchmark's floor).",
        inputProperties: PROPERTIES,
        properties: PROPERTIES,
      },
    },
    language: { nodejs: { respectSchemaVersion: true } },
  };
  const from = process.env.BENCHNOOP_TYPED_FROM;
  if (!from) return JSON.stringify(base);
  const pkg = JSON.parse(require("fs").readFileSync(from, "utf8"));
  const rename = (text) => text.split(`"#/types/${pkg.name}:`).join('"#/types/benchnoop:');
  const { description, inputProperties, properties, requiredInputs, required } =
    pkg.resources[`${pkg.name}:shield:RateLimitRule`];
  const types = {};
  for (const [token, t] of Object.entries(pkg.types ?? {})) {
    types[token.replace(`${pkg.name}:`, "benchnoop:")] = t;
  }
  base.resources[TYPE] = { description, inputProperties, properties, requiredInputs, required };
  base.types = types;
  return rename(JSON.stringify(base));
}
const SCHEMA = schema();

const fromStruct = (s) => (s ? s.toJavaScript() : {});
const toStruct = (v) => structPb.Struct.fromJavaScript(JSON.parse(JSON.stringify(v ?? {})));

/** A unary handler from an async function, as the plugin's server makes them. */
const unary = (fn) => (call, callback) => {
  fn(call.request).then(
    (res) => callback(null, res),
    (e) =>
      callback(Object.assign(new Error(String(e?.message ?? e)), { code: grpc.status.UNKNOWN })),
  );
};

let ids = 0;
const handlers = {
  getSchema: unary(async () => new providerPb.GetSchemaResponse().setSchema(SCHEMA)),
  getPluginInfo: unary(async () => new pluginPb.PluginInfo().setVersion(VERSION)),
  checkConfig: unary(async (req) => new providerPb.CheckResponse().setInputs(req.getNews())),
  diffConfig: unary(async () =>
    new providerPb.DiffResponse().setChanges(providerPb.DiffResponse.DiffChanges.DIFF_NONE),
  ),
  configure: unary(async () =>
    new providerPb.ConfigureResponse()
      .setAcceptsecrets(false)
      .setAcceptresources(false)
      .setSupportspreview(false),
  ),
  check: unary(async (req) =>
    new providerPb.CheckResponse().setInputs(toStruct(fromStruct(req.getNews()))),
  ),
  diff: unary(async () =>
    new providerPb.DiffResponse().setChanges(providerPb.DiffResponse.DiffChanges.DIFF_NONE),
  ),
  create: unary(async (req) =>
    new providerPb.CreateResponse()
      .setId(`noop-${process.pid}-${++ids}`)
      .setProperties(toStruct(fromStruct(req.getProperties()))),
  ),
  read: unary(async (req) => {
    const props = toStruct(fromStruct(req.getProperties()));
    return new providerPb.ReadResponse()
      .setId(req.getId())
      .setProperties(props)
      .setInputs(toStruct(fromStruct(req.getInputs?.() ?? req.getProperties())));
  }),
  update: unary(async (req) =>
    new providerPb.UpdateResponse().setProperties(toStruct(fromStruct(req.getNews()))),
  ),
  delete: unary(async () => new emptyPb.Empty()),
  cancel: unary(async () => new emptyPb.Empty()),
  attach: unary(async () => new emptyPb.Empty()),
};

const server = new grpc.Server({ "grpc.max_receive_message_length": 1024 * 1024 * 400 });
// The plugin's own call timing (EDGEPLATFORM_PLUGIN_TRACE, plugin/trace.ts), when asked for.
const traced = process.env.EDGEPLATFORM_PLUGIN_TRACE
  ? require(path.join(from[0], "packages", "pulumi", "dist", "plugin", "trace.js")).traced
  : (h) => h;
server.addService(providerGrpc.ResourceProviderService, traced(handlers));
server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, port) => {
  if (err) {
    process.stderr.write(`pulumi-resource-benchnoop: ${err.message}\n`);
    process.exit(1);
  }
  process.stdout.write(`${port}\n`);
});
