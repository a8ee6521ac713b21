/**
 * The documentation checker: extracts the code blocks of README.md, docs/*.md and
 * packages/*\/README.md, type-checks every TypeScript block with `tsc --strict` (one program
 * for all blocks), and runs the blocks marked runnable against a local emulator.
 *
 * Conventions (see docs/development.md, "Documentation checks"):
 * - A ```ts / ```typescript block is a module of its own: it imports what it uses and runs as
 *   an ES module (top-level `await` is fine). It is type-checked as `<block>.mts` with
 *   `strict`, `module: nodenext`, against the packages as users import them
 *   (`pulumi-edgeplatform`, `edgeplatform-client`, `edgeplatform-emulator` through
 *   node_modules, i.e. their built `dist/*.d.ts`).
 * - An HTML comment on the line(s) before a block's fence (blank lines in between are fine)
 *   sets what happens to it:
 *     <!-- check: skip REASON -->   not type-checked or run; REASON is required
 *     <!-- check: runnable -->      TS: also run with node; sh/bash: run with bash -euo pipefail
 *     <!-- check: pulumi -->        TS, a Pulumi program: also run with the real engine (`up`,
 *                                   then `destroy`) by test/e2e/docs-programs.e2e.test.ts;
 *                                   YAML (```yaml), a Pulumi YAML program (`runtime: yaml`):
 *                                   run through the native plugin (create, update, destroy) by
 *                                   test/e2e/yaml-plugin.e2e.test.ts; the only directive a
 *                                   YAML block takes
 *   Any other `<!-- check: ... -->` is an error, so a typo cannot silently skip a check.
 * - Runnable blocks talk to an emulator the checker starts on a free loopback port: every
 *   `127.0.0.1:4010` in the block becomes that port, the emulator is reset before each block,
 *   and the environment has EDGEPLATFORM_API_KEY (`emulator-local-key`),
 *   EDGEPLATFORM_BASE_URL and EDGEPLATFORM_LOGGING_URL. A block runs in a fresh temporary
 *   directory that links this repository's package.json, node_modules, packages, examples and
 *   scripts (so `npx edgeplatform-import`, `npm run emulator`, `node examples/...` work), with
 *   a time limit; its whole process group is ended afterwards.
 * - ```sh / ```bash blocks without `check: runnable` are not run (nor checked); nor are ```yaml
 *   blocks without `check: pulumi`.
 */
"use strict";
/* global fetch, URL */

const fs = require("fs");
const os = require("os");
const path = require("path");
const { spawn, spawnSync } = require("child_process");

const REPO_ROOT = path.resolve(__dirname, "../..");
/** The port the docs use for the emulator; runnable blocks get the checker's port instead. */
const DOCS_PORT = "127.0.0.1:4010";
const TS_LANGS = new Set(["ts", "typescript"]);
const SH_LANGS = new Set(["sh", "bash", "shell"]);
const YAML_LANGS = new Set(["yaml", "yml"]);
const GO_LANGS = new Set(["go"]);
const PYTHON_LANGS = new Set(["python", "py"]);
/** The Go module of the SDK's end-to-end program; the Go blocks compile with its go.mod/go.sum. */
const GO_TEST_MODULE = path.join(REPO_ROOT, "test", "go");

/** The Markdown files whose blocks are checked, relative to the repository root. */
function docFiles(root = REPO_ROOT) {
  const files = ["README.md"];
  const docs = path.join(root, "docs");
  if (fs.existsSync(docs)) {
    for (const f of fs.readdirSync(docs).sort()) if (f.endsWith(".md")) files.push(`docs/${f}`);
  }
  const pkgs = path.join(root, "packages");
  for (const p of fs.readdirSync(pkgs).sort()) {
    if (fs.existsSync(path.join(pkgs, p, "README.md"))) files.push(`packages/${p}/README.md`);
  }
  return files;
}

/**
 * The fenced code blocks of one Markdown text.
 * @param {string} text the Markdown
 * @param {string} file the name used in messages (relative path)
 * @returns {{ blocks: Block[], problems: {file: string, line: number, message: string}[] }}
 *
 * @typedef {{ file: string, line: number, lang: string,
 *   kind: "ts"|"sh"|"yaml"|"go"|"python"|"other",
 *   code: string, skip: string|null, runnable: boolean, pulumi: boolean }} Block
 * `line` is the 1-based line of the block's first code line.
 */
function extractBlocks(text, file) {
  const lines = text.split(/\r?\n/);
  const blocks = [];
  const problems = [];
  let pending = null; // the directive of the last comment, while only blank lines follow it
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const comment = /^\s*<!--\s*check:(.*?)-->\s*$/.exec(line);
    if (comment) {
      const body = comment[1].trim();
      const m = /^(skip|runnable|pulumi)\b\s*(.*)$/.exec(body);
      if (!m) {
        problems.push({ file, line: i + 1, message: `unknown docs-check directive "${body}"` });
        pending = null;
      } else if (m[1] === "skip" && !m[2]) {
        problems.push({ file, line: i + 1, message: "`check: skip` needs a reason" });
        pending = { skip: "(no reason)", runnable: false, line: i + 1 };
      } else {
        if (m[1] !== "skip" && m[2]) {
          problems.push({ file, line: i + 1, message: `\`check: ${m[1]}\` takes no argument` });
        }
        pending = {
          skip: m[1] === "skip" ? m[2] : null,
          runnable: m[1] === "runnable",
          pulumi: m[1] === "pulumi",
          line: i + 1,
        };
      }
      continue;
    }
    const fence = /^(\s*)(`{3,}|~{3,})\s*([\w+-]*)/.exec(line);
    if (fence) {
      const [, indent, marks, langRaw] = fence;
      const lang = langRaw.toLowerCase();
      const body = [];
      let j = i + 1;
      const close = new RegExp(`^\\s*${marks[0] === "`" ? "`" : "~"}{${marks.length},}\\s*$`);
      while (j < lines.length && !close.test(lines[j])) {
        body.push(lines[j].startsWith(indent) ? lines[j].slice(indent.length) : lines[j]);
        j++;
      }
      if (j >= lines.length) {
        problems.push({ file, line: i + 1, message: "code block is not closed" });
      }
      const kind = TS_LANGS.has(lang)
        ? "ts"
        : SH_LANGS.has(lang)
          ? "sh"
          : YAML_LANGS.has(lang)
            ? "yaml"
            : GO_LANGS.has(lang)
              ? "go"
              : PYTHON_LANGS.has(lang)
                ? "python"
                : "other";
      const d = pending ?? { skip: null, runnable: false, pulumi: false };
      if (pending && kind === "yaml" && !pending.pulumi) {
        problems.push({
          file,
          line: pending.line,
          message: "a `yaml` block takes only `check: pulumi` (a Pulumi YAML program)",
        });
      } else if (pending && kind === "other") {
        problems.push({
          file,
          line: pending.line,
          message: `a docs-check directive before a \`${lang || "(no language)"}\` block, which is never checked`,
        });
      } else if (pending && (kind === "go" || kind === "python") && pending.skip === null) {
        problems.push({
          file,
          line: pending.line,
          message: `a \`${lang}\` block takes only \`check: skip REASON\` (every one is compiled)`,
        });
      } else if (pending?.pulumi && kind !== "ts" && kind !== "yaml") {
        problems.push({
          file,
          line: pending.line,
          message: "`check: pulumi` is for TS blocks and YAML programs",
        });
      }
      blocks.push({
        file,
        line: i + 2,
        lang,
        kind,
        code: body.join("\n"),
        skip: d.skip,
        runnable: d.runnable,
        pulumi: d.pulumi,
      });
      pending = null;
      i = j;
      continue;
    }
    if (line.trim() !== "") pending = null;
  }
  return { blocks, problems };
}

/** Every block of the documentation files (and the problems with their directives). */
function collectBlocks(root = REPO_ROOT, files = docFiles(root)) {
  const blocks = [];
  const problems = [];
  for (const f of files) {
    const r = extractBlocks(fs.readFileSync(path.join(root, f), "utf8"), f);
    blocks.push(...r.blocks);
    problems.push(...r.problems);
  }
  return { blocks, problems };
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function slugOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** The anchors of a Markdown text (headings outside code blocks; repeats get -1, -2, ...). */
function anchorsOf(text) {
  const anchors = new Set();
  const seen = new Map();
  let fence = null;
  for (const line of text.split(/\r?\n/)) {
    const f = /^\s*(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (!fence) fence = f[1];
      else if (f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
      continue;
    }
    const h = !fence && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const base = slugOf(h[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/**
 * Relative links of the documentation files that point nowhere: a missing file, or a
 * `#anchor` that is no heading of the target page.
 * @returns {{file: string, line: number, message: string}[]}
 */
function checkLinks(root = REPO_ROOT, files = docFiles(root)) {
  const problems = [];
  const texts = new Map();
  const read = (f) => {
    if (!texts.has(f)) texts.set(f, fs.readFileSync(f, "utf8"));
    return texts.get(f);
  };
  for (const file of files) {
    const abs = path.join(root, file);
    let inFence = false;
    read(abs)
      .split(/\r?\n/)
      .forEach((line, i) => {
        if (/^\s*(`{3,}|~{3,})/.test(line)) inFence = !inFence;
        if (inFence) return;
        const prose = line.replace(/`[^`]*`/g, ""); // links in inline code are examples
        for (const m of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
          const target = m[1];
          if (/^[a-z]+:/i.test(target)) continue; // https:, mailto:
          const [p, anchor] = target.split("#");
          const dest = p ? path.resolve(path.dirname(abs), p) : abs;
          const where = { file, line: i + 1 };
          if (!fs.existsSync(dest)) {
            problems.push({ ...where, message: `link to a missing file: ${target}` });
          } else if (anchor !== undefined && dest.endsWith(".md")) {
            if (!anchorsOf(read(dest)).has(anchor)) {
              problems.push({ ...where, message: `link to a missing heading: ${target}` });
            }
          }
        }
      });
  }
  return problems;
}

/** A temporary directory whose node_modules is this repository's (the workspace links). */
function scratchDir(prefix = "edge-docs-") {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.symlinkSync(path.join(REPO_ROOT, "node_modules"), path.join(dir, "node_modules"), "dir");
  return dir;
}

const slug = (b) => `${b.file.replace(/[^\w]+/g, "_")}_L${b.line}`;

/**
 * Type-checks the TypeScript blocks in one program (`strict`, `module: nodenext`; each block
 * a `.mts` file with `export {}` appended, so it is a module).
 * @param {Block[]} blocks the blocks (others than unskipped ts blocks are ignored)
 * @returns {{ checked: number, ms: number,
 *   diagnostics: {file: string, line: number, column: number, message: string, text: string}[] }}
 */
function typeCheck(blocks) {
  const ts = require("typescript");
  const started = Date.now();
  const dir = scratchDir();
  try {
    const byPath = new Map();
    for (const b of blocks) {
      if (b.kind !== "ts" || b.skip !== null) continue;
      const p = path.join(dir, `${slug(b)}.mts`);
      fs.writeFileSync(p, `${b.code}\nexport {};\n`);
      byPath.set(path.resolve(p), b);
    }
    const options = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2022.d.ts"],
      types: ["node"],
      typeRoots: [path.join(dir, "node_modules", "@types")],
      skipLibCheck: true,
      esModuleInterop: true,
    };
    const program = ts.createProgram([...byPath.keys()], options);
    const diagnostics = [];
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const message = ts.flattenDiagnosticMessageText(d.messageText, "\n");
      const b = d.file && byPath.get(path.resolve(d.file.fileName));
      if (!b) {
        diagnostics.push({ file: "(tsc)", line: 0, column: 0, message, text: `tsc: ${message}` });
        continue;
      }
      const pos = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
      const line = b.line + pos.line;
      const column = pos.character + 1;
      diagnostics.push({
        file: b.file,
        line,
        column,
        message,
        text: `${b.file}:${line}:${column}: TS${d.code}: ${message}`,
      });
    }
    return { checked: byPath.size, ms: Date.now() - started, diagnostics };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether `cmd --version`-like `args` runs (the toolchain is on PATH). */
function hasTool(cmd, args) {
  return spawnSync(cmd, args, { encoding: "utf8" }).status === 0;
}

/**
 * Compiles the Go blocks (` ```go `, each a `package main` program) with `go vet` against the
 * Go SDK (`sdk/`, the module `github.com/edgeplatform/pulumi-edgeplatform/sdk`), in a
 * temporary module with the requirements of test/go (its go.mod and go.sum; the SDK replaced by
 * `sdkDir`), and checks that each is gofmt-formatted. Errors are reported at the Markdown file
 * and line. `available` is false (and nothing is checked) when there is no `go` on PATH.
 * @param {Block[]} blocks the blocks (others than unskipped go blocks are ignored)
 * @returns {{ available: boolean, checked: number, ms: number,
 *   diagnostics: {file: string, line: number, column: number, message: string, text: string}[] }}
 */
function goCheck(blocks, { sdkDir = path.join(REPO_ROOT, "sdk"), timeoutMs = 30 * 60_000 } = {}) {
  const started = Date.now();
  const goBlocks = blocks.filter((b) => b.kind === "go" && b.skip === null);
  if (!hasTool("go", ["version"])) return { available: false, checked: 0, ms: 0, diagnostics: [] };
  if (goBlocks.length > 0 && !fs.existsSync(path.join(sdkDir, "go.mod"))) {
    const message = `the Go SDK is missing: no go.mod in ${sdkDir} (the Go blocks compile against it)`;
    return {
      available: true,
      checked: 0,
      ms: 0,
      diagnostics: [{ file: "(go)", line: 0, column: 0, message, text: message }],
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edge-docs-go-"));
  const diagnostics = [];
  try {
    const goMod = fs
      .readFileSync(path.join(GO_TEST_MODULE, "go.mod"), "utf8")
      .replace(/^module .*$/m, "module edgeplatform.local/docs-go")
      .replace(/=> \.\.\/\.\.\/sdk\s*$/m, `=> ${path.resolve(sdkDir)}`);
    fs.writeFileSync(path.join(dir, "go.mod"), goMod);
    fs.copyFileSync(path.join(GO_TEST_MODULE, "go.sum"), path.join(dir, "go.sum"));
    const bySlug = new Map();
    for (const b of goBlocks) {
      fs.mkdirSync(path.join(dir, slug(b)));
      fs.writeFileSync(path.join(dir, slug(b), "main.go"), `${b.code}\n`);
      bySlug.set(slug(b), b);
    }
    if (goBlocks.length === 0) return { available: true, checked: 0, ms: 0, diagnostics };
    const at = (name, line, column, message) => {
      const b = bySlug.get(name);
      const l = b.line + line - 1;
      diagnostics.push({
        file: b.file,
        line: l,
        column,
        message,
        text: `${b.file}:${l}:${column}: go: ${message}`,
      });
    };
    const env = { ...process.env, CGO_ENABLED: "0", GOFLAGS: "-mod=mod" };
    const vet = spawnSync("go", ["vet", "./..."], {
      cwd: dir,
      env,
      encoding: "utf8",
      timeout: timeoutMs,
    });
    const output = `${vet.stdout ?? ""}${vet.stderr ?? ""}`;
    const before = diagnostics.length;
    for (const m of output.matchAll(/(?:^|\s|\/)(\w+_L\d+)\/main\.go:(\d+):(\d+):\s*(.*)$/gm)) {
      if (bySlug.has(m[1])) at(m[1], Number(m[2]), Number(m[3]), m[4]);
    }
    if (vet.status !== 0 && diagnostics.length === before) {
      diagnostics.push({
        file: "(go vet)",
        line: 0,
        column: 0,
        message: output,
        text: `go vet failed (${vet.status ?? vet.signal}): ${output}`,
      });
    }
    const fmt = spawnSync("gofmt", ["-l", "."], { cwd: dir, encoding: "utf8" });
    for (const f of (fmt.stdout ?? "").split("\n").filter(Boolean)) {
      const name = path.dirname(f);
      if (bySlug.has(name)) at(name, 1, 1, "not formatted as gofmt formats it");
    }
    return { available: true, checked: goBlocks.length, ms: Date.now() - started, diagnostics };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Byte-compiles the Python blocks (` ```python `) with `python3` (`py_compile`: the syntax,
 * not the imports). `available` is false when there is no `python3` on PATH.
 * @param {Block[]} blocks the blocks (others than unskipped python blocks are ignored)
 */
function pythonCheck(blocks) {
  const started = Date.now();
  const pyBlocks = blocks.filter((b) => b.kind === "python" && b.skip === null);
  if (!hasTool("python3", ["--version"])) {
    return { available: false, checked: 0, ms: 0, diagnostics: [] };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edge-docs-py-"));
  try {
    const byFile = new Map();
    for (const b of pyBlocks) {
      const f = path.join(dir, `${slug(b)}.py`);
      fs.writeFileSync(f, `${b.code}\n`);
      byFile.set(f, b);
    }
    const script = [
      "import json, py_compile, sys",
      "for f in sys.argv[1:]:",
      "    try:",
      "        py_compile.compile(f, cfile=f + 'c', doraise=True)",
      "    except py_compile.PyCompileError as e:",
      "        v = e.exc_value",
      "        print(json.dumps([f, getattr(v, 'lineno', 1) or 1, getattr(v, 'offset', 1) or 1, e.exc_type_name + ': ' + str(getattr(v, 'msg', v))]))",
    ].join("\n");
    const r = spawnSync("python3", ["-c", script, ...byFile.keys()], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`python3 py_compile failed: ${r.stderr}`);
    const diagnostics = r.stdout
      .split("\n")
      .filter(Boolean)
      .map((l) => {
        const [f, line, column, message] = JSON.parse(l);
        const b = byFile.get(f);
        const at = b.line + line - 1;
        return {
          file: b.file,
          line: at,
          column,
          message,
          text: `${b.file}:${at}:${column}: python: ${message}`,
        };
      });
    return { available: true, checked: pyBlocks.length, ms: Date.now() - started, diagnostics };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A temporary directory that looks like a checkout of this repository (links, no copies) in
 * which the workspace packages' bins are installed as a user's project has them: its
 * node_modules links every entry of the repository's, and its node_modules/.bin also has
 * `edgeplatform-import` and `edgeplatform-emulator` (npm does not link a workspace bin whose
 * file did not exist yet at install time, i.e. before the build), so `npx` finds them offline.
 */
function projectDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "edge-docs-run-"));
  for (const name of ["package.json", "packages", "examples", "scripts"]) {
    fs.symlinkSync(path.join(REPO_ROOT, name), path.join(dir, name));
  }
  const repoModules = path.join(REPO_ROOT, "node_modules");
  const modules = path.join(dir, "node_modules");
  const bin = path.join(modules, ".bin");
  fs.mkdirSync(bin, { recursive: true });
  for (const e of fs.readdirSync(repoModules)) {
    if (e !== ".bin") fs.symlinkSync(path.join(repoModules, e), path.join(modules, e));
  }
  const repoBin = path.join(repoModules, ".bin");
  for (const e of fs.existsSync(repoBin) ? fs.readdirSync(repoBin) : []) {
    fs.symlinkSync(fs.realpathSync(path.join(repoBin, e)), path.join(bin, e));
  }
  for (const p of fs.readdirSync(path.join(REPO_ROOT, "packages"))) {
    const manifest = path.join(REPO_ROOT, "packages", p, "package.json");
    const bins = JSON.parse(fs.readFileSync(manifest, "utf8")).bin ?? {};
    for (const [name, file] of Object.entries(bins)) {
      const shim = path.join(bin, name);
      const target = JSON.stringify(path.join(REPO_ROOT, "packages", p, file));
      fs.rmSync(shim, { force: true });
      fs.writeFileSync(shim, `#!/bin/sh\nexec node ${target} "$@"\n`, { mode: 0o755 });
    }
  }
  return dir;
}

/** The environment of a runnable block: the emulator's settings, loopback only. */
function blockEnv(emulator, dir) {
  const env = { ...process.env };
  for (const k of Object.keys(env)) {
    if (/^(https?_proxy|all_proxy|no_proxy)$/i.test(k) || k.startsWith("EDGEPLATFORM_")) {
      delete env[k];
    }
  }
  return {
    ...env,
    NO_PROXY: "127.0.0.1,localhost",
    EDGEPLATFORM_API_KEY: emulator.apiKey,
    EDGEPLATFORM_BASE_URL: emulator.url,
    EDGEPLATFORM_LOGGING_URL: emulator.loggingUrl,
    PATH: [path.join(dir, "node_modules", ".bin"), env.PATH || ""].join(path.delimiter),
    npm_config_offline: "true",
    npm_config_update_notifier: "false",
    NO_COLOR: "1",
  };
}

/** Runs a command in its own process group, bounded in time; ends the group afterwards. */
function runBounded(cmd, args, { cwd, env, timeoutMs }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    const take = (c) => {
      if (out.length < 200_000) out += c;
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    let timedOut = false;
    const killGroup = (sig) => {
      try {
        process.kill(-child.pid, sig);
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup("SIGKILL");
    }, timeoutMs);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      killGroup("SIGTERM"); // background processes the block left behind
      resolve({ code, signal, timedOut, output: out });
    });
  });
}

/** `code` with the docs' emulator address (127.0.0.1:4010) replaced by `url`'s host and port. */
function forEmulator(code, url) {
  return code.split(DOCS_PORT).join(new URL(url).host);
}

/** Back to the fixtures, the default profile and no scoped keys (a reset keeps those two). */
async function resetEmulator(url) {
  const json = { "content-type": "application/json" };
  for (const [method, p, body] of [
    ["POST", "reset", undefined],
    ["PUT", "profile", JSON.stringify({ name: "default" })],
    ["PUT", "scoped-keys", "{}"],
  ]) {
    const r = await fetch(`${url}/_emulator/${p}`, { method, headers: body ? json : {}, body });
    if (!r.ok) throw new Error(`emulator ${method} /_emulator/${p}: ${r.status}`);
  }
}

/**
 * Runs one runnable block against `emulator` ({url, loggingUrl, apiKey}) after resetting it.
 * @returns {Promise<{ok: boolean, ms: number, output: string, message: string}>}
 */
async function runBlock(b, emulator, { timeoutMs = 60_000 } = {}) {
  const started = Date.now();
  await resetEmulator(emulator.url);
  const code = forEmulator(b.code, emulator.url);
  const dir = projectDir();
  try {
    let r;
    if (b.kind === "ts") {
      const ts = require("typescript");
      const js = ts.transpileModule(code, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const file = path.join(dir, "block.mjs");
      fs.writeFileSync(file, js);
      r = await runBounded(process.execPath, [file], {
        cwd: dir,
        env: blockEnv(emulator, dir),
        timeoutMs,
      });
    } else if (b.kind === "sh") {
      r = await runBounded("bash", ["-euo", "pipefail", "-c", code], {
        cwd: dir,
        env: blockEnv(emulator, dir),
        timeoutMs,
      });
    } else {
      throw new Error(`${b.file}:${b.line}: a \`${b.lang}\` block cannot run`);
    }
    const ok = r.code === 0 && !r.timedOut;
    const why = r.timedOut
      ? `did not finish within ${timeoutMs / 1000} s`
      : `exited with ${r.code ?? r.signal}`;
    return {
      ok,
      ms: Date.now() - started,
      output: r.output,
      message: ok ? "" : `${b.file}:${b.line}: runnable ${b.lang} block ${why}\n${r.output}`,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

module.exports = {
  REPO_ROOT,
  DOCS_PORT,
  docFiles,
  extractBlocks,
  collectBlocks,
  checkLinks,
  typeCheck,
  goCheck,
  pythonCheck,
  runBlock,
  forEmulator,
};
