#!/usr/bin/env node
/**
 * Checks that the serialized provider stubs (`__provider` in state) are byte-identical across
 * the supported @pulumi/pulumi versions: installs each SDK version into a cache directory
 * outside the repo (first run only), serializes the built stubs (dist/) exactly as the SDK's
 * dynamic Resource does, and prints size and hash per version. Exit 1 when they differ.
 *
 * Also the linked form: from the repo (where `pulumi-edgeplatform` is the workspace link),
 * `serializedProvider(kind)` must be written by every version as the same
 * `require("pulumi-edgeplatform/stubs/<kind>")` (see packages/pulumi/src/resources/core/serialized-provider.ts).
 *
 * Usage: npm run build && node scripts/stub-stability.js [--versions 3.216.0,3.230.0,3.248.0]
 */
"use strict";

const crypto = require("crypto");
const fs = require("fs");
const os = require("os");
const path = require("path");
const { execFileSync } = require("child_process");
const { readKinds } = require("./gen-kinds");

const ROOT = path.resolve(__dirname, "..");
const kinds = readKinds(ROOT);
const arg = (name, def) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : def;
};
const versions = arg("versions", "3.216.0,3.230.0,3.248.0").split(",");
const cache = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"),
  "pulumi-edgeplatform",
  "sdk",
);

function sdkDir(version) {
  const dir = path.join(cache, version);
  if (!fs.existsSync(path.join(dir, "node_modules", "@pulumi", "pulumi", "package.json"))) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ private: true }));
    console.log(`installing @pulumi/pulumi@${version} into ${dir} ...`);
    execFileSync(
      "npm",
      ["install", "--no-audit", "--no-fund", "--ignore-scripts", `@pulumi/pulumi@${version}`],
      { cwd: dir, stdio: "ignore" },
    );
  }
  return dir;
}

async function serializeWith(version, provider) {
  const pulumi = require(path.join(sdkDir(version), "node_modules", "@pulumi", "pulumi"));
  // Exactly what pulumi.dynamic.Resource does with the provider object (the captured
  // variable's name, `provider`, is part of the text).
  const sf = await pulumi.runtime.serializeFunction(() => provider, { allowSecrets: true });
  return sf.text;
}

async function main() {
  const loader = require(
    path.join(ROOT, "packages", "pulumi", "dist", "resources", "core", "loader.js"),
  );
  // Every kind of the list (packages/pulumi/src/resources/kinds/kind-list.json).
  const stubs = Object.fromEntries(kinds.map((k) => [k.key, loader[`${k.key}Stub`]]));
  for (const [name, stub] of Object.entries(stubs)) {
    if (!stub) throw new Error(`dist/resources/core/loader.js has no ${name}Stub: npm run build`);
  }
  let ok = true;
  for (const [name, stub] of Object.entries(stubs)) {
    const seen = new Map();
    for (const v of versions) {
      const text = await serializeWith(v, stub);
      const sha = crypto.createHash("sha256").update(text).digest("hex").slice(0, 16);
      console.log(`${name} with SDK ${v}: ${Buffer.byteLength(text)} bytes, sha256 ${sha}`);
      seen.set(sha, [...(seen.get(sha) || []), v]);
    }
    if (seen.size !== 1) {
      ok = false;
      console.log(`  DIFFERENT across versions: ${JSON.stringify([...seen])}`);
    }
  }
  // The linked form (this process's working directory resolves the package by name).
  const { serializedProvider } = require(
    path.join(ROOT, "packages", "pulumi", "dist", "resources", "core", "serialized-provider.js"),
  );
  process.chdir(ROOT);
  for (const kind of kinds.map((k) => k.stub)) {
    const texts = new Set();
    for (const v of versions) {
      const text = await serializeWith(v, serializedProvider(kind));
      texts.add(text);
      const named = text.includes(`require("pulumi-edgeplatform/stubs/${kind}")`);
      console.log(
        `linked ${kind} with SDK ${v}: ${Buffer.byteLength(text)} bytes, ${named ? "required by name" : "BY VALUE"}`,
      );
      if (!named) ok = false;
    }
    if (texts.size !== 1) {
      ok = false;
      console.log(`  linked ${kind}: DIFFERENT across versions`);
    }
  }
  console.log(ok ? "stubs identical across versions" : "stubs differ across versions");
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(e.stack || e);
  process.exit(1);
});
