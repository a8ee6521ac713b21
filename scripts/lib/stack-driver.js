#!/usr/bin/env node
/**
 * Runs a sequence of Pulumi operations on one stack, in a fresh Node process, and writes the
 * results as JSON. The e2e tests use it so that the program (and Pulumi's closure serialisation
 * of the dynamic providers) runs in plain Node, never inside jest's module sandbox.
 *
 * Usage: node scripts/lib/stack-driver.js SPEC.json
 * SPEC: {
 *   cli, workDir, stateDir, pulumiHome?, passphrase, stackName, projectName, config?,
 *   stackExists?,                               // made by an earlier run: no `stack select`
 *   program: { module, export?, options? },   // export(options) is the inline program
 *   ops: [{ op: "up"|"preview"|"refresh"|"destroy"|"export"|"outputs"|"remove", opts?, allowFail? }],
 *   resultFile
 * }
 * Result: { results: [{ op, ok, ms, stdout, stderr, summary?, changeSummary?, outputs?, deployment?, error? }] }
 */
"use strict";

const fs = require("fs");
const { openStack, loadProgram } = require("./engine");

async function runOp(stack, op, opts) {
  const common = { color: "never", ...opts };
  switch (op) {
    case "up": {
      const r = await stack.up(common);
      return {
        stdout: r.stdout,
        stderr: r.stderr,
        summary: r.summary,
        outputs: plainOutputs(r.outputs),
      };
    }
    case "preview": {
      const r = await stack.preview(common);
      return { stdout: r.stdout, stderr: r.stderr, changeSummary: r.changeSummary };
    }
    case "refresh": {
      const r = await stack.refresh(common);
      return { stdout: r.stdout, stderr: r.stderr, summary: r.summary };
    }
    case "destroy": {
      const r = await stack.destroy(common);
      return { stdout: r.stdout, stderr: r.stderr, summary: r.summary };
    }
    case "export": {
      // What `pulumi stack export` prints (secrets stay encrypted); the Automation API's
      // exportStack() adds --show-secrets, which is not what a user shares or commits.
      const r = await stack.workspace.runPulumiCmd(["stack", "export", "--stack", stack.name]);
      return { deployment: JSON.parse(r.stdout) };
    }
    case "outputs":
      return { outputs: plainOutputs(await stack.outputs()) };
    case "remove":
      await stack.workspace.removeStack(stack.name, opts || {});
      return {};
    default:
      throw new Error(`unknown op ${op}`);
  }
}

function plainOutputs(outputs) {
  const out = {};
  for (const [k, v] of Object.entries(outputs || {}))
    out[k] = { value: v.secret ? "[secret]" : v.value, secret: v.secret };
  return out;
}

async function main() {
  const spec = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
  const results = [];
  const write = () => fs.writeFileSync(spec.resultFile, JSON.stringify({ results }, null, 2));
  try {
    const programFn = loadProgram(spec.program.module, spec.program.export);
    const program = async () => programFn(spec.program.options || {});
    const stack = await openStack({ ...spec, program });
    // plainOutputs() shows a secret output as "[secret]", which is how `pulumi stack output`
    // prints it without --show-secrets: one CLI run after each `up` instead of the
    // Automation API's two (masked, then in plain text).
    stack.workspace.stackOutputs = async (name) => {
      const r = await stack.workspace.runPulumiCmd(["stack", "output", "--json", "--stack", name]);
      const out = {};
      for (const [k, v] of Object.entries(JSON.parse(r.stdout)))
        out[k] = { value: v, secret: v === "[secret]" };
      return out;
    };
    for (const step of spec.ops) {
      const started = Date.now();
      try {
        const r = await runOp(stack, step.op, step.opts);
        results.push({ op: step.op, ok: true, ms: Date.now() - started, ...r });
      } catch (e) {
        results.push({
          op: step.op,
          ok: false,
          ms: Date.now() - started,
          stdout: (e.commandResult && e.commandResult.stdout) || "",
          stderr: (e.commandResult && e.commandResult.stderr) || "",
          // CommandError's message repeats stdout/stderr; keep only its first line.
          error: {
            name: e.name,
            message: e.commandResult
              ? String(e.commandResult.err || e.message).split("\n")[0]
              : String(e.message || e),
          },
        });
        if (!step.allowFail) break;
      }
    }
  } catch (e) {
    results.push({
      op: "setup",
      ok: false,
      ms: 0,
      stdout: "",
      stderr: "",
      error: { name: e.name, message: String(e.stack || e) },
    });
  }
  write();
}

main().catch((e) => {
  process.stderr.write(String(e.stack || e) + "\n");
  process.exit(1);
});
