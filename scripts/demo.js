#!/usr/bin/env node
/**
 * `npm run demo`: the quickstart program (examples/quickstart) end to end with the real
 * Pulumi engine against the bundled emulator, on this machine only:
 *
 *   build (if needed) → Pulumi CLI (scripts/pulumi-cli.js) → emulator on a free loopback port →
 *   pulumi up → out-of-band changes (rate-limit rule, DNSSEC, access-list entries) → preview --refresh --diff and
 *   refresh show exactly that drift → up converges → destroy → summary.
 *
 * State lives in .demo/ (git-ignored, local file backend, fixed demo passphrase). The API key
 * is random per run, stored as a secret and checked to appear nowhere in state or CLI output.
 * Exits 0 on success and leaves nothing running.
 */
"use strict";

const fs = require("fs");
const path = require("path");
const crypto = require("crypto");
const { ensurePulumiCli } = require("./pulumi-cli");
const {
  REPO_ROOT,
  ensureBuilt,
  linkPackage,
  loadProgram,
  openStack,
  stripAnsi,
} = require("./lib/engine");

const DEMO_DIR = path.join(REPO_ROOT, ".demo");
const STACK = "demo";
const PROJECT = "pulumi-edgeplatform-quickstart";
const PASSPHRASE = "edgeplatform-demo-passphrase"; // demo only: protects the throw-away stack's secrets
const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const bold = (s) => (tty ? `\u001b[1m${s}\u001b[22m` : s);
const dim = (s) => (tty ? `\u001b[2m${s}\u001b[22m` : s);

const timings = [];
let stepNo = 0;
const allCliOutput = [];

function heading(title) {
  stepNo += 1;
  process.stdout.write(`\n${bold(`== ${stepNo}. ${title}`)}\n`);
}

async function step(title, fn) {
  heading(title);
  const started = Date.now();
  const r = await fn();
  const ms = Date.now() - started;
  timings.push({ title, ms });
  process.stdout.write(dim(`   (${(ms / 1000).toFixed(1)} s)\n`));
  return r;
}

/** Streams CLI output line by line, indented. */
function streamer() {
  let buf = "";
  const fn = (chunk) => {
    allCliOutput.push(chunk);
    buf += chunk;
    const lines = buf.split("\n");
    buf = lines.pop();
    for (const line of lines) process.stdout.write(`   │ ${line}\n`);
  };
  fn.flush = () => {
    if (buf) process.stdout.write(`   │ ${buf}\n`);
    buf = "";
  };
  return fn;
}

async function withOutput(run) {
  const onOutput = streamer();
  try {
    return await run(onOutput);
  } finally {
    onOutput.flush();
  }
}

function say(line) {
  process.stdout.write(`   ${line}\n`);
}

/** The journal's write calls since the last call of this function (then clears the journal). */
async function writeCalls(ctl) {
  const requests = await ctl.journal();
  await ctl.clearJournal();
  return requests.filter(
    (r) =>
      r.method !== "GET" &&
      !r.path.startsWith("/logging") &&
      r.path !== "/pullzone/checkavailability",
  );
}

function showCalls(calls) {
  if (!calls.length) return say("platform write calls: none");
  say("platform write calls:");
  for (const c of calls)
    say(
      `  ${c.method} ${c.path} → ${c.status}${c.body ? `  body keys: ${Object.keys(c.body).join(", ")}` : ""}`,
    );
}

function showOutputs(outputs) {
  for (const [k, v] of Object.entries(outputs)) {
    say(`${k}: ${v.secret ? "[secret]" : JSON.stringify(v.value)}`);
  }
}

function assert(cond, message) {
  if (!cond) throw new Error(`demo check failed: ${message}`);
}

function cleanStaleDemo() {
  fs.rmSync(path.join(DEMO_DIR, "state"), { recursive: true, force: true });
  fs.rmSync(path.join(REPO_ROOT, `Pulumi.${STACK}.yaml`), { force: true });
}

async function main() {
  const started = Date.now();
  process.stdout.write(
    bold("pulumi-edgeplatform demo: the real Pulumi engine against the local emulator\n"),
  );
  let emulator = null;
  let ctl = null; // control-API client of the emulator
  let stack = null;
  const stop = async () => {
    if (emulator) await emulator.close().catch(() => {});
    emulator = null;
  };
  process.once("SIGINT", () => {
    stop().finally(() => process.exit(130));
  });
  try {
    const cli = await step("Build and Pulumi CLI", async () => {
      if (ensureBuilt((l) => say(l))) say("built packages/*/dist");
      else say("packages/*/dist is up to date (run `npm run build` after changing the sources)");
      const found = await ensurePulumiCli({ log: (l) => say(l) });
      say(`Pulumi CLI: ${found.pulumiPath} (${found.version}, ${found.source})`);
      return found;
    });

    const apiKey = `demo-${crypto.randomBytes(12).toString("hex")}`;
    emulator = await step("Start the emulator", async () => {
      const { startEmulator, EmulatorControl } = require(
        path.join(REPO_ROOT, "packages", "emulator", "dist"),
      );
      const emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
      ctl = new EmulatorControl(emu.url);
      say(
        `emulator listening on ${emu.url} (logging API ${emu.loggingUrl}); API key: random per run, secret`,
      );
      return emu;
    });

    stack = await step("Create the stack (local file backend in .demo/)", async () => {
      cleanStaleDemo();
      linkPackage(REPO_ROOT); // node_modules/pulumi-edgeplatform -> .. for the dynamic-provider host
      const program = loadProgram(
        path.join(REPO_ROOT, "examples", "quickstart", "program.ts"),
        "quickstart",
      );
      const s = await openStack({
        cli,
        workDir: REPO_ROOT,
        stateDir: path.join(DEMO_DIR, "state"),
        pulumiHome: path.join(DEMO_DIR, "pulumi-home"),
        stackName: STACK,
        projectName: PROJECT,
        passphrase: PASSPHRASE,
        program: async () => program(),
        config: {
          "edgeplatform:baseUrl": { value: emulator.url },
          "edgeplatform:loggingUrl": { value: emulator.loggingUrl },
          "edgeplatform:apiKey": { value: apiKey, secret: true },
        },
      });
      say(
        `stack "${STACK}" of project ${PROJECT}; config edgeplatform:baseUrl, edgeplatform:loggingUrl, edgeplatform:apiKey (secret)`,
      );
      await ctl.clearJournal();
      return s;
    });

    const up1 = await step("pulumi up", () =>
      withOutput((onOutput) => stack.up({ onOutput, color: "never" })),
    );
    showCalls(await writeCalls(ctl));
    say(bold("stack outputs:"));
    showOutputs(up1.outputs);

    await step("pulumi stack export: the API key is stored encrypted", async () => {
      // Plain `pulumi stack export` (what users share); the Automation API's exportStack() would add --show-secrets.
      const r = await stack.workspace.runPulumiCmd(["stack", "export", "--stack", STACK]);
      const leaked = r.stdout.includes(apiKey);
      const ciphertexts = (r.stdout.match(/"ciphertext"/g) || []).length;
      say(
        `exported state: ${r.stdout.length} bytes, ${ciphertexts} encrypted value(s), API key in plain text: ${leaked ? "YES (!)" : "no"}`,
      );
      assert(!leaked, "the API key must not appear in the exported state");
    });

    const createdId = up1.outputs.createdRuleId.value;
    const drift = await step("Change the platform out-of-band (emulator control API)", async () => {
      const state = await ctl.state();
      const rule = state.rateLimitRules.find((r) => r.id === createdId);
      const zone = state.dnsZones.find((z) => z.Id === 1);
      const before = {
        requestCount: rule.ruleConfiguration.requestCount,
        dnssec: zone.DnsSecEnabled,
      };
      rule.ruleConfiguration.requestCount = 500;
      rule.ruleJson = JSON.stringify(rule.ruleConfiguration);
      // Someone removes one range from the access list and adds another.
      const list = state.accessLists.find((l) => l.id === up1.outputs.accessList.value.id);
      before.content = list.content;
      list.content = list.content.replace("198.51.100.0/24", "100.64.0.0/10");
      zone.DnsSecEnabled = false;
      if (zone.dnssec) zone.dnssec.Enabled = false;
      await ctl.setState(state);
      say(`rule ${createdId} ("checkout-limit"): requestCount ${before.requestCount} → 500`);
      say(`DNS zone 1 (example.com): DNSSEC ${before.dnssec} → false`);
      say(`access list "blocked-ranges": 198.51.100.0/24 replaced by 100.64.0.0/10`);
      return before;
    });

    const pv = await step("pulumi preview --refresh --diff (detects the drift)", () =>
      withOutput((onOutput) =>
        stack.preview({ onOutput, color: "never", refresh: true, diff: true }),
      ),
    );
    const pvText = stripAnsi(pv.stdout);
    assert(
      pv.changeSummary.update === 3,
      `expected 3 updates, got ${JSON.stringify(pv.changeSummary)}`,
    );
    assert(
      /requestCount/.test(pvText) && /enabled/.test(pvText),
      "the diff names requestCount and enabled",
    );
    assert(
      /-\s*100\.64\.0\.0\/10/.test(pvText) && /\+\s*198\.51\.100\.0\/24/.test(pvText),
      "the diff shows the access list's entries as lines removed and added",
    );
    say(`changes: ${JSON.stringify(pv.changeSummary)} — exactly the three out-of-band changes`);
    showCalls(await writeCalls(ctl));

    await step("pulumi refresh (records the drift in the state)", () =>
      withOutput((onOutput) => stack.refresh({ onOutput, color: "never" })),
    );
    showCalls(await writeCalls(ctl));

    const up2 = await step("pulumi up (converges back to the program)", () =>
      withOutput((onOutput) => stack.up({ onOutput, color: "never" })),
    );
    const calls = await writeCalls(ctl);
    showCalls(calls);
    assert(
      up2.outputs.createdRule.value.requestCount === drift.requestCount,
      "requestCount restored",
    );
    assert(up2.outputs.dnssec.value.enabled === true, "DNSSEC re-enabled");
    const listNow = (await ctl.state()).accessLists.find(
      (l) => l.id === up2.outputs.accessList.value.id,
    );
    assert(listNow.content === drift.content, "access list entries restored");

    await step("pulumi preview --expect-no-changes (converged)", () =>
      withOutput((onOutput) => stack.preview({ onOutput, color: "never", expectNoChanges: true })),
    );

    await step("pulumi destroy", () =>
      withOutput((onOutput) => stack.destroy({ onOutput, color: "never" })),
    );
    showCalls(await writeCalls(ctl));
    const after = await ctl.state();
    say(
      `created rule ${createdId}: ${after.rateLimitRules.some((r) => r.id === createdId) ? "still there (!)" : "deleted"}`,
    );
    say(
      `adopted rule 101: ${after.rateLimitRules.some((r) => r.id === 101) ? "left in place (deleteOnDestroy: false)" : "gone (!)"}`,
    );
    say(
      `DNS zone 1 DNSSEC: ${after.dnsZones.find((z) => z.Id === 1).DnsSecEnabled ? "enabled (!)" : "disabled (platform default)"}`,
    );
    say(
      `WAF rule ${up1.outputs.wafRule.value.id}: ${after.wafRules.some((r) => r.id === up1.outputs.wafRule.value.id) ? "still there (!)" : "deleted"}`,
    );
    say(
      `access list ${up1.outputs.accessList.value.id}: ${after.accessLists.some((l) => l.id === up1.outputs.accessList.value.id) ? "still there (!)" : "deleted"}`,
    );
    say("volume clean-up: destroy is a no-op (deleted instances stay deleted)");

    await step("Clean-up and secrets check", async () => {
      const inOutput = allCliOutput.join("").includes(apiKey);
      say(`API key in any CLI output of this demo: ${inOutput ? "YES (!)" : "no"}`);
      assert(!inOutput, "the API key must not appear in CLI output");
      await stack.workspace.removeStack(STACK);
      say(`removed stack "${STACK}" (and Pulumi.${STACK}.yaml); state backend left in .demo/state`);
    });
  } finally {
    await stop();
  }

  process.stdout.write(`\n${bold("Summary")}\n`);
  for (const t of timings)
    process.stdout.write(`   ${(t.ms / 1000).toFixed(1).padStart(6)} s  ${t.title}\n`);
  process.stdout.write(`   ${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  total\n`);
  process.stdout.write("demo finished: all checks passed, emulator stopped.\n");
}

main()
  .then(() => process.exit(0))
  .catch((e) => {
    const text = String((e && e.message) || e);
    // The Automation API's CommandError repeats the whole CLI output, which is already shown above.
    const cmd = /Command failed with exit code \d+: [^\n]*/.exec(text);
    process.stderr.write(
      `\ndemo failed: ${cmd ? `${cmd[0].replace(/ --client=\S+/, "")} (output above)` : text}\n`,
    );
    process.exit(1);
  });
