#!/usr/bin/env node
/**
 * Benchmark 3: state size. `pulumi up` of N rate-limit rules (and, for reference, N no-op
 * dynamic resources with the same inputs), then `pulumi stack export`: bytes per resource,
 * and the serialized dynamic-provider closure (`__provider`, stored in both the inputs and
 * the outputs of every resource) as a share of it. Goal: closure <= 2.5 KB per resource (a seven-method fail-loud stub).
 *
 *   npm run build && node bench/state-size.js [--n 10]
 */
"use strict";

const {
  arg,
  machineLine,
  printTable,
  round,
  runMain,
  startEmulatorProcess,
  writeResult,
} = require("./lib/common");
const {
  dispose,
  filesContaining,
  freshStack,
  noopProgram,
  prepareEngine,
  rulesProgram,
} = require("./lib/engine");

function measure(deployment, typeMatch) {
  const text = JSON.stringify(deployment.deployment);
  const resources = (deployment.deployment.resources || []).filter((r) => typeMatch.test(r.type));
  let providerBytes = 0;
  let resourceBytes = 0;
  const closures = new Set();
  for (const r of resources) {
    resourceBytes += Buffer.byteLength(JSON.stringify(r));
    for (const bag of [r.inputs, r.outputs]) {
      const p = bag && bag.__provider;
      if (typeof p === "string") {
        providerBytes += Buffer.byteLength(JSON.stringify(p));
        closures.add(p);
      }
    }
  }
  const n = resources.length;
  const closureBytes = [...closures].map((c) => Buffer.byteLength(c));
  return {
    resources: n,
    exportBytes: Buffer.byteLength(text),
    bytesPerResource: resourceBytes / n,
    providerBytesPerResource: providerBytes / n,
    providerShare: providerBytes / resourceBytes,
    distinctClosures: closures.size,
    closureBytes: Math.max(...closureBytes),
  };
}

async function main() {
  const n = Number(arg("n", "10"));
  console.log(`state-size: N = ${n}; ${machineLine()}`);
  const env = await prepareEngine((l) => console.log(`[pulumi-cli] ${l}`));
  const emu = await startEmulatorProcess();
  const out = {};
  try {
    for (const [kind, program, type] of [
      ["rules", rulesProgram(n), /dynamic\/shield:RateLimitRule$/],
      ["noop", noopProgram(n), /dynamic\/bench:Noop$/],
    ]) {
      const stack = await freshStack(env, emu, program, `state-${kind}`);
      try {
        await stack.up({ color: "never" });
        const dep = await stack.exportStack();
        out[kind] = measure(dep, type);
        if (kind === "rules") {
          // The Automation API's exportStack decrypts secrets (--show-secrets); what the
          // backend stores is checked instead.
          out[kind].stateFilesWithApiKey = filesContaining(env.stateDir, emu.apiKey).length;
          const sample = (dep.deployment.resources || []).find((r) => type.test(r.type));
          out[kind].sampleClosure = sample && sample.outputs && sample.outputs.__provider;
        }
      } finally {
        await dispose(stack);
      }
    }
  } finally {
    await emu.close();
    env.cleanup();
  }
  const r = out.rules;
  printTable(
    `State size (pulumi stack export, N = ${n})`,
    [
      "resources",
      "export bytes (whole stack)",
      "bytes / resource",
      "__provider bytes / resource (inputs+outputs)",
      "share",
      "one closure",
      "goal closure <= 2.5 KB",
    ],
    [
      [
        `${n} RateLimitRule`,
        r.exportBytes,
        round(r.bytesPerResource, 0),
        round(r.providerBytesPerResource, 0),
        `${round(r.providerShare * 100, 1)} %`,
        `${r.closureBytes} B (${r.distinctClosures} distinct)`,
        r.closureBytes <= 2560 ? "met" : "NOT met",
      ],
      [
        `${n} no-op (reference)`,
        out.noop.exportBytes,
        round(out.noop.bytesPerResource, 0),
        round(out.noop.providerBytesPerResource, 0),
        `${round(out.noop.providerShare * 100, 1)} %`,
        `${out.noop.closureBytes} B`,
        "",
      ],
    ],
  );
  console.log(`stored state files containing the API key: ${r.stateFilesWithApiKey}`);
  writeResult("state-size", { n, goal: { maxClosureBytes: 2560 }, ...out });
}

runMain(main);
