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
 *                                   YAML block takes; Python (```python), a Pulumi Python
 *                                   program: run (create, update, refresh, destroy) by
 *                                   test/e2e/python-sdk.e2e.test.ts
 *   Any other `<!-- check: ... -->` is an error, so a typo cannot silently skip a check.
 * - Runnable blocks talk to an emulator the checker starts on a free loopback port: every
 *   `127.0.0.1:4010` in the block becomes that port, the emulator is reset before each block,
 *   and the environment has EDGEPLATFORM_API_KEY (`emulator-local-key`),
 *   EDGEPLATFORM_BASE_URL and EDGEPLATFORM_LOGGING_URL. A block runs in a fresh temporary
 *   directory that links this repository's package.json, node_modules, packages, examples and
 *   scripts (so `npx edgeplatform-import`, `npm run emulator`, `node examples/...` work), with
 *   a time limit; its whole process group is ended afterwards.
 * - ```go blocks are compiled against the Go SDK; ```python blocks are byte-compiled and their
 *   names checked against sdk/python/pulumi_edgeplatform; ```csharp blocks' names are checked
 *   against the .cs files of sdk/dotnet (no .NET SDK needed). They take only `check: skip`
 *   (a Python block also `check: pulumi`).
 * - ```sh / ```bash blocks without `check: runnable` are not run (nor checked); nor are ```yaml
 *   blocks without `check: pulumi`. A block runs with a PULUMI_HOME of its own (its
 *   `pulumi login` stays there). One that provides the Pulumi CLI (`node scripts/pulumi-cli.js
 *   --ensure`) is not run where no CLI is built, with a line saying why, except under CI=true.
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
const CSHARP_LANGS = new Set(["csharp", "cs"]);
/** The generated Python package and the script that checks the Python blocks' names. */
const PY_SDK_PACKAGE = path.join(REPO_ROOT, "sdk", "python", "pulumi_edgeplatform");
const PY_NAMES = path.join(__dirname, "docs-py-names.py");
/** The generated C# SDK. */
const DOTNET_SDK = path.join(REPO_ROOT, "sdk", "dotnet");
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
 *   kind: "ts"|"sh"|"yaml"|"go"|"python"|"csharp"|"other",
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
                : CSHARP_LANGS.has(lang)
                  ? "csharp"
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
      } else if (
        pending &&
        ["go", "python", "csharp"].includes(kind) &&
        pending.skip === null &&
        !(kind === "python" && pending.pulumi)
      ) {
        problems.push({
          file,
          line: pending.line,
          message: `a \`${lang}\` block takes only \`check: skip REASON\`${kind === "python" ? " or `check: pulumi`" : ""} (every one is ${kind === "csharp" ? "checked" : "compiled"})`,
        });
      } else if (pending?.pulumi && !["ts", "yaml", "python"].includes(kind)) {
        problems.push({
          file,
          line: pending.line,
          message: "`check: pulumi` is for TS blocks, YAML programs and Python programs",
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
 * Byte-compiles the Python blocks (` ```python `) with `python3` (`py_compile`), then checks
 * their names against the generated Python SDK (`sdkPackage`, sdk/python/pulumi_edgeplatform)
 * with scripts/lib/docs-py-names.py: the `pulumi_edgeplatform` modules and names they import,
 * the SDK names they use, enumeration members, and the keyword arguments of SDK classes and
 * functions. `available` is false when there is no `python3` on PATH.
 * @param {Block[]} blocks the blocks (others than unskipped python blocks are ignored)
 */
function pythonCheck(blocks, { sdkPackage = PY_SDK_PACKAGE } = {}) {
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
    const names = spawnSync("python3", [PY_NAMES, sdkPackage, ...byFile.keys()], {
      encoding: "utf8",
    });
    if (names.status !== 0) throw new Error(`python3 ${PY_NAMES} failed: ${names.stderr}`);
    const diagnostics = `${r.stdout}${names.stdout}`
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
 * C# source with the text of its comments and string/char literals blanked (same length, same
 * lines), so braces and names in them are not read as code.
 */
function blankCs(code) {
  let out = "";
  let i = 0;
  const keepLines = (s) => s.replace(/[^\n]/g, " ");
  while (i < code.length) {
    const c = code[i];
    const two = code.slice(i, i + 2);
    let end = -1;
    if (two === "//") {
      end = code.indexOf("\n", i);
      if (end < 0) end = code.length;
    } else if (two === "/*") {
      end = code.indexOf("*/", i + 2);
      end = end < 0 ? code.length : end + 2;
    } else if (c === '"' || c === "'" || ((c === "@" || c === "$") && /["@$]/.test(code[i + 1]))) {
      let j = i;
      let verbatim = false;
      while (code[j] === "@" || code[j] === "$") verbatim ||= code[j++] === "@";
      const q = code[j];
      j++;
      while (j < code.length && code[j] !== q) {
        if (!verbatim && code[j] === "\\") j++;
        else if (verbatim && code[j] === q && code[j + 1] === q) j++;
        j++;
      }
      out += `${code.slice(i, i + 1)}${keepLines(code.slice(i + 1, j))}${q ?? ""}`;
      i = j + 1;
      continue;
    }
    if (end >= 0) {
      out += keepLines(code.slice(i, end));
      i = end;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** The index of the end of the `{ ... }` whose `{` is at `open` (in blanked source). */
function closingBrace(src, open) {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    if (src[i] === "{") depth++;
    else if (src[i] === "}" && --depth === 0) return i;
  }
  return src.length;
}

/**
 * The types of the generated C# SDK: namespace -> type name -> { kind, props (public instance
 * property -> its type), statics (public static members) }.
 * @returns {Map<string, Map<string, {kind: string, props: Map<string, string>, statics: Set<string>}>>}
 */
function dotnetIndex(sdkDir = DOTNET_SDK) {
  const index = new Map();
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".cs")) readCs(blankCs(fs.readFileSync(p, "utf8")));
    }
  };
  const readCs = (src) => {
    const ns = /^\s*namespace\s+([\w.]+)/m.exec(src)?.[1];
    if (!ns) return;
    if (!index.has(ns)) index.set(ns, new Map());
    const decl =
      /\bpublic\s+(?:(?:static|sealed|partial|readonly|abstract)\s+)*(class|struct|enum)\s+(\w+)[^{]*\{/g;
    for (const m of src.matchAll(decl)) {
      const open = m.index + m[0].length - 1;
      const body = src.slice(open + 1, closingBrace(src, open));
      const type = { kind: m[1], props: new Map(), statics: new Set() };
      // Members at the type's own level only (nested bodies blanked out).
      let flat = "";
      let depth = 0;
      for (const ch of body) {
        flat += depth === 0 || ch === "\n" || (depth === 1 && ch === "}") ? ch : " ";
        if (ch === "{") depth++;
        if (ch === "}") depth--;
      }
      const member =
        /\bpublic\s+((?:(?:static|new|override|virtual|readonly)\s+)*)([\w.<>?,\s[\]]+?)\s+(?!operator\b)(\w+)\s*(?:\{|=>|=(?!=))/g;
      for (const p of flat.matchAll(member)) {
        if (/\bstatic\b/.test(p[1])) type.statics.add(p[3]);
        else type.props.set(p[3], p[2].replace(/\s+/g, ""));
      }
      if (m[1] === "enum") {
        for (const v of body.matchAll(/(?:^|[{,])\s*(\w+)\s*(?==|,|$)/g)) type.statics.add(v[1]);
      }
      index.get(ns).set(m[2], type);
    }
  };
  walk(sdkDir);
  return index;
}

/** Type names a C# block may use that are not the SDK's (System, Pulumi). */
const CS_OTHER_TYPES = new Set(
  (
    "Alias ComponentResource ComponentResourceOptions Config Console CustomResource " +
    "CustomResourceOptions DateTime Deployment Dictionary Environment Guid HashSet ImmutableArray " +
    "ImmutableDictionary Input InputList InputMap InvokeOptions InvokeOutputOptions List Log Math " +
    "Output Resource ResourceOptions Stack String Task TimeSpan"
  ).split(" "),
);

/**
 * Checks the C# blocks (` ```csharp `) against the names of the generated C# SDK (`sdkDir`,
 * sdk/dotnet): no .NET SDK is needed. Every `using EdgePlatform...;` is a namespace of the SDK;
 * every SDK type the block names (`new Name(`, `Name.Invoke(`, `NameArgs`, `Inputs.NameArgs`,
 * `Enum.Member`) is a type of a namespace the block uses (or names in full), every enumeration
 * member exists, and every property set in an object initialiser of an SDK type
 * (`new XArgs { Prop = ... }`, or a target-typed `new() { ... }` whose type is known: a
 * resource's args, `X.Invoke`'s `XInvokeArgs`, an SDK property's type) is a public property of
 * that type.
 * @param {Block[]} blocks the blocks (others than unskipped csharp blocks are ignored)
 */
function csharpCheck(blocks, { sdkDir = DOTNET_SDK } = {}) {
  const started = Date.now();
  const csBlocks = blocks.filter((b) => b.kind === "csharp" && b.skip === null);
  const index = dotnetIndex(sdkDir);
  const roots = new Set([...index.keys()].map((ns) => ns.split(".")[0]));
  const diagnostics = [];
  for (const b of csBlocks) {
    const src = blankCs(b.code);
    const lineAt = (pos) => src.slice(0, pos).split("\n").length;
    const report = (pos, message) => {
      const line = b.line + lineAt(pos) - 1;
      const column = pos - src.lastIndexOf("\n", pos - 1);
      diagnostics.push({
        file: b.file,
        line,
        column,
        message,
        text: `${b.file}:${line}: csharp: ${message}`,
      });
    };
    const used = [];
    for (const m of src.matchAll(/^\s*using\s+(?!static\b)([\w.]+)\s*;/gm)) {
      if (!roots.has(m[1].split(".")[0])) continue;
      if (!index.has(m[1]))
        report(m.index, `no namespace ${m[1]} in ${path.relative(REPO_ROOT, sdkDir)}`);
      else used.push(m[1]);
    }
    /** The SDK type a (possibly qualified) name denotes: {ns, name, type}, null (not the SDK's), or a string (the error). */
    const resolveType = (dotted, scope = used) => {
      const parts = dotted.split(".");
      const name = parts.pop();
      const qual = parts.join(".");
      if (qual && !roots.has(parts[0]) && !scope.some((ns) => index.has(`${ns}.${qual}`))) {
        if (!index.has(qual)) return null; // System.X, Pulumi.X
      }
      const candidates = qual ? [qual, ...scope.map((ns) => `${ns}.${qual}`)] : scope;
      for (const ns of candidates) {
        const t = index.get(ns)?.get(name);
        if (t) return { ns, name, type: t };
      }
      if (!qual && CS_OTHER_TYPES.has(name)) return null;
      const elsewhere = [...index].filter(([, types]) => types.has(name)).map(([ns]) => ns);
      const where = qual ? candidates.filter((ns) => index.has(ns)) : scope;
      return (
        `no type ${dotted} in ${where.join(", ") || "(no SDK namespace used)"}` +
        (elsewhere.length ? ` (it is in ${elsewhere.join(", ")})` : "")
      );
    };
    const NAME = "[A-Za-z_]\\w*(?:\\s*\\.\\s*[A-Za-z_]\\w*)*";
    const seen = new Set();
    const checkType = (pos, raw) => {
      const dotted = raw.replace(/\s+/g, "");
      const r = resolveType(dotted);
      if (typeof r === "string" && !seen.has(`${pos}`)) {
        seen.add(`${pos}`);
        report(pos, r);
      }
      return typeof r === "string" ? null : r;
    };
    // Named types: new Name(, new Name {, Name.Invoke(, ...Args.
    for (const m of src.matchAll(new RegExp(`\\bnew\\s+(${NAME})\\s*(?:<[^>]*>)?\\s*[({[]`, "g"))) {
      checkType(m.index + m[0].indexOf(m[1]), m[1]);
    }
    for (const m of src.matchAll(
      new RegExp(`(?<![\\w.])(${NAME})\\s*\\.\\s*Invoke(?:Async)?\\s*\\(`, "g"),
    )) {
      checkType(m.index, m[1]);
    }
    for (const m of src.matchAll(
      new RegExp(`(?<![\\w.])((?:[A-Za-z_]\\w*\\s*\\.\\s*)*[A-Z]\\w*Args)\\b`, "g"),
    )) {
      checkType(m.index, m[1]);
    }
    // Enumeration members: Enum.Member (not a call), the enumeration an SDK type.
    for (const m of src.matchAll(
      /(?<![\w.])((?:[A-Z]\w*\.)*[A-Z]\w*)\.([A-Za-z_]\w*)\b(?!\s*[(.<])/g,
    )) {
      const lineStart = src.lastIndexOf("\n", m.index) + 1;
      if (/^\s*(using|namespace)\b/.test(src.slice(lineStart, m.index))) continue;
      const whole = `${m[1]}.${m[2]}`;
      if (index.has(whole) || used.some((ns) => index.has(`${ns}.${whole}`))) continue;
      const r = resolveType(m[1]);
      if (r === null || typeof r === "string") continue; // not an SDK name (or reported above)
      if (r.type.kind !== "class" && !r.type.statics.has(m[2])) {
        report(m.index, `no member ${m[2]} in the enumeration ${r.name}`);
      }
    }
    // Object initialisers of SDK types: walk the brackets.
    /** @type {{open: string, kind: string, type?: any, callee?: any, arg?: number, prop?: string}[]} */
    const stack = [];
    let lastNew = null; // {type, end}: the last `new T(...)` closed, for `new T(...) { ... }`
    const typeOfProp = (owner, prop) => {
      const raw = owner?.type.props.get(prop);
      if (!raw) return null;
      const inner = raw
        .replace(/\?$/, "")
        .replace(/^(?:global::)?(?:Pulumi\.)?Input<(.*)>\??$/, "$1")
        .replace(/\?$/, "");
      const r = resolveType(inner.replace(/^global::/, ""), [owner.ns, ...used]);
      return r && typeof r !== "string" ? r : null;
    };
    const targetType = () => {
      const top = stack[stack.length - 1];
      if (!top) return null;
      if (top.kind === "call" && top.callee) {
        const { ctor, invoke } = top.callee;
        if (ctor && top.arg === 1) return resolveType(`${ctor.ns}.${ctor.name}Args`, []);
        if (invoke && top.arg === 0)
          return resolveType(`${invoke.ns}.${invoke.name}InvokeArgs`, []);
      }
      if (top.kind === "init" && top.prop) return typeOfProp(top.type, top.prop);
      return null;
    };
    const ok = (r) => (r && typeof r !== "string" ? r : null);
    for (let i = 0; i < src.length; i++) {
      const ch = src[i];
      const before = src.slice(Math.max(0, i - 300), i);
      if (ch === "(" || ch === "[") {
        let callee = null;
        const n = new RegExp(`\\bnew\\s+(${NAME})\\s*$`).exec(before);
        const v = new RegExp(`(?<![\\w.])(${NAME})\\s*\\.\\s*Invoke(?:Async)?\\s*$`).exec(before);
        if (/\bnew\s*$/.test(before)) callee = { target: targetType() };
        else if (n) callee = { ctor: ok(resolveType(n[1].replace(/\s+/g, ""))) };
        else if (v) callee = { invoke: ok(resolveType(v[1].replace(/\s+/g, ""))) };
        stack.push({ open: ch, kind: "call", callee, arg: 0, start: i });
      } else if (ch === ")" || ch === "]") {
        const f = stack.pop();
        if (f?.callee?.target !== undefined) lastNew = { type: f.callee.target, end: i };
        else if (f?.callee?.ctor !== undefined) lastNew = { type: f.callee.ctor, end: i };
        else lastNew = null;
      } else if (ch === "{") {
        const n = new RegExp(`\\bnew\\s+(${NAME})\\s*$`).exec(before);
        let type;
        if (lastNew && /^\s*$/.test(src.slice(lastNew.end + 1, i))) type = lastNew.type;
        else if (n) type = ok(resolveType(n[1].replace(/\s+/g, "")));
        else if (/\bnew\s*(?:\[\s*\])?\s*$/.test(before))
          type = /\[\s*\]\s*$/.test(before) ? undefined : targetType();
        if (type !== undefined)
          stack.push({ open: "{", kind: "init", type, start: i, expect: true });
        else stack.push({ open: "{", kind: "block", start: i });
        lastNew = null;
      } else if (ch === "}") {
        stack.pop();
      } else if (ch === ",") {
        const top = stack[stack.length - 1];
        if (top?.kind === "call") top.arg++;
        if (top?.kind === "init") {
          top.expect = true;
          top.prop = undefined;
        }
      } else if (/[A-Za-z_]/.test(ch) && !/[\w.]/.test(src[i - 1] ?? "")) {
        const top = stack[stack.length - 1];
        const m = /^([A-Za-z_]\w*)\s*=(?![=>])/.exec(src.slice(i, i + 200));
        if (top?.kind === "init" && top.expect && m) {
          top.expect = false;
          top.prop = m[1];
          if (top.type && !top.type.type.props.has(m[1])) {
            report(i, `no class ${top.type.name} property ${m[1]}`);
          }
        } else if (top?.kind === "init") top.expect = false;
      } else if (!/\s/.test(ch)) {
        const top = stack[stack.length - 1];
        if (top?.kind === "init" && ch !== "=") top.expect = false;
      }
    }
  }
  diagnostics.sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column,
  );
  return { checked: csBlocks.length, ms: Date.now() - started, diagnostics };
}

/**
 * A temporary directory that looks like a checkout of this repository (links, no copies) in
 * which the workspace packages' bins are installed as a user's project has them: its
 * node_modules links every entry of the repository's, and its node_modules/.bin also has
 * `edgeplatform-import` and `edgeplatform-emulator` (npm does not link a workspace bin whose
 * file did not exist yet at install time, i.e. before the build), so `npx` finds them offline.
 * It is `dir`, `pulumi-edgeplatform/` inside `root`, a private temporary directory, so that a
 * block's `../my-infra` (the README's project beside the checkout) is the block's own.
 */
function projectDir() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "edge-docs-run-"));
  const dir = path.join(root, "pulumi-edgeplatform");
  fs.mkdirSync(dir);
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
  return { root, dir };
}

/**
 * The environment of a runnable block: the emulator's settings, loopback only, and a
 * PULUMI_HOME of its own beside `dir` (a block's `pulumi login` and stacks stay there, never in
 * the machine's ~/.pulumi).
 */
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
    PULUMI_HOME: path.join(path.dirname(dir), "pulumi-home"),
    PULUMI_SKIP_UPDATE_CHECK: "true",
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

/** Whether a block provides the Pulumi CLI (`node scripts/pulumi-cli.js …`). */
const usesCli = (b) => b.code.includes("scripts/pulumi-cli.js");

/**
 * Why a block that provides the Pulumi CLI (`node scripts/pulumi-cli.js --ensure …`) cannot run
 * here: no CLI is at hand without building one (minutes, beyond a block's time limit). Undefined
 * when it can, and always under CI=true (CI provides the CLI first; a missing one fails there).
 */
async function cliMissing(b) {
  if (!usesCli(b) || /^(1|true|yes)$/i.test(process.env.CI || "")) return undefined;
  const { ensurePulumiCli } = require("../pulumi-cli");
  const found = await ensurePulumiCli({ build: false, log: () => {} }).catch(() => null);
  return found
    ? undefined
    : "not run: it needs the Pulumi CLI, and none is built (node scripts/pulumi-cli.js --ensure)";
}

/**
 * Runs one runnable block against `emulator` ({url, loggingUrl, apiKey}) after resetting it.
 * `skipped` says why a block that needs the Pulumi CLI did not run (see {@link cliMissing}).
 * @returns {Promise<{ok: boolean, ms: number, output: string, message: string, skipped?: string}>}
 */
async function runBlock(b, emulator, { timeoutMs = 60_000 } = {}) {
  const started = Date.now();
  const skipped = await cliMissing(b);
  if (skipped) return { ok: true, ms: 0, output: "", message: "", skipped };
  await resetEmulator(emulator.url);
  const code = forEmulator(b.code, emulator.url);
  const { root, dir } = projectDir();
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
    fs.rmSync(root, { recursive: true, force: true });
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
  csharpCheck,
  dotnetIndex,
  runBlock,
  forEmulator,
};
