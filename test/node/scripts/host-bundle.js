/**
 * Loads a stub module of the built package (`pulumi-edgeplatform/stubs/rate-limit-rule`) as the
 * dynamic-provider host does, and drives a rate-limit rule through configure, check, create,
 * read and diff against the emulator the parent test started. Prints each result, the files it
 * loaded from the packages (besides the precompiled validators), then every kind's `check` of
 * an unknown property, and whether TypeBox, ajv's compiler or undici were loaded.
 * With HTTP_PROXY set, the client's proxied transport (undici) is used.
 */
"use strict";

const fs = require("fs");
const path = require("path");
const { DIST, settings } = require("./common"); // not its `api`: that would load the client

const stub = require(path.join(DIST, "pulumi", "dist", "resources", "stubs", "rate-limit-rule.js"));
const values = { "edgeplatform:apiKey": settings.apiKey, "edgeplatform:baseUrl": settings.baseUrl };
const config = { get: (k) => values[k], require: (k) => values[k] };

async function main() {
  await stub.configure({ config });
  const bad = await stub.check({}, { shieldZoneId: 2, ruleConfiguration: { timeframe: 7 } });
  console.log(`check bad: ${bad.failures.map((f) => f.property).join(", ")}`);
  const checked = await stub.check(
    {},
    {
      shieldZoneId: 2,
      ruleName: "bundle",
      ruleConfiguration: {
        actionType: "Log",
        variableTypes: { REQUEST_URI: "/bundle" },
        operatorType: "BEGINSWITH",
        requestCount: 3,
        timeframe: 60,
        blockTime: 300,
      },
    },
  );
  console.log(`check good: ${checked.failures.length} failures`);
  const created = await stub.create(checked.inputs);
  console.log(`created ${created.id} in zone ${created.outs.shieldZoneId}`);
  const read = await stub.read(created.id, created.outs);
  console.log(`read ${read.id}: ${read.props.ruleConfiguration.requestCount} requests`);
  const news = {
    ...checked.inputs,
    ruleConfiguration: { ...checked.inputs.ruleConfiguration, requestCount: 4 },
  };
  const diff = await stub.diff(created.id, read.props, news);
  console.log(`diff: changes ${diff.changes}, replaces ${(diff.replaces ?? []).length}`);
  const root = path.resolve(DIST);
  // The packages' files (not this script's own), without the precompiled validators.
  const files = Object.keys(require.cache)
    .map((k) => path.relative(root, k).split(path.sep).join("/"))
    .filter((k) => !k.startsWith("../") && !k.includes(".precompiled"));
  console.log(`files: ${files.join(" ")}`);
  // Every kind's check, through its own stub module (each one's precompiled validators).
  const kinds = fs
    .readdirSync(path.join(DIST, "pulumi", "dist", "resources", "stubs"))
    .filter((f) => f.endsWith(".js") && f !== "forwarding.js");
  const refused = [];
  for (const file of kinds) {
    const kind = require(path.join(DIST, "pulumi", "dist", "resources", "stubs", file));
    const r = await kind.check({}, { bogus: 1 });
    if (r.failures.length > 0) refused.push(file.replace(/\.js$/, ""));
  }
  console.log(`checks refusing { bogus: 1 }: ${refused.length} of ${kinds.length}`);
  // ajv's compiler, not its runtime helpers (a precompiled validator may require those).
  const libs = {
    typebox: /[\\/]node_modules[\\/]@sinclair[\\/]typebox[\\/]/,
    "ajv compiler": /[\\/]node_modules[\\/]ajv[\\/](?!dist[\\/]runtime[\\/])/,
    undici: /[\\/]node_modules[\\/]undici[\\/]/,
  };
  for (const [lib, re] of Object.entries(libs)) {
    const loaded = Object.keys(require.cache).some((k) => re.test(k));
    console.log(`${lib} ${loaded ? "loaded" : "not loaded"}`);
  }
}

main().catch((e) => {
  console.log(`error: ${e.message}`);
  process.exitCode = 1;
});
