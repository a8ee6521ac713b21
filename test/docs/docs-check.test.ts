/**
 * The documentation checker itself (scripts/lib/docs-check.js): block extraction and its
 * directives, the line mapping of type errors, and running blocks (exit codes, time limit,
 * the emulator port substitution).
 */
import { spawnSync } from "child_process";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { startEmulator } from "edgeplatform-emulator";
import { ensureBuilt, ROOT } from "../support/build";
import { Block, docs } from "./lib";

const md = (...lines: string[]) => lines.join("\n");

describe("extractBlocks", () => {
  test("finds fenced blocks with their language, first code line and directives", () => {
    const { blocks, problems } = docs.extractBlocks(
      md(
        "# Title", // 1
        "", // 2
        "```ts", // 3
        "const a = 1;", // 4
        "```", // 5
        "<!-- check: runnable -->", // 6
        "", // 7
        "```bash", // 8
        "echo hi", // 9
        "```", // 10
        "<!-- check: skip shows an error on purpose -->", // 11
        "```typescript", // 12
        "const b: number = 'x';", // 13
        "```", // 14
        "````text", // 15
        "```ts", // 16
        "````", // 17
        "```sh", // 18
        "rm -rf /", // 19
        "```", // 20
      ),
      "x.md",
    );
    expect(problems).toEqual([]);
    expect(blocks.map((b) => [b.line, b.kind, b.skip, b.runnable, b.code])).toEqual([
      [4, "ts", null, false, "const a = 1;"],
      [9, "sh", null, true, "echo hi"],
      [13, "ts", "shows an error on purpose", false, "const b: number = 'x';"],
      [16, "other", null, false, "```ts"],
      [19, "sh", null, false, "rm -rf /"],
    ]);
  });

  test("`check: pulumi` marks a Pulumi program (run by the e2e project)", () => {
    const { blocks, problems } = docs.extractBlocks(
      md("<!-- check: pulumi -->", "```ts", "x", "```"),
      "x.md",
    );
    expect(problems).toEqual([]);
    expect(blocks[0]).toMatchObject({ kind: "ts", pulumi: true, runnable: false, skip: null });
    expect(
      docs.extractBlocks(md("<!-- check: pulumi -->", "```sh", "x", "```"), "x.md").problems,
    ).toEqual([
      {
        file: "x.md",
        line: 1,
        message: "`check: pulumi` is for TS blocks, YAML programs and Python programs",
      },
    ]);
    const py = docs.extractBlocks(md("<!-- check: pulumi -->", "```python", "x", "```"), "x.md");
    expect(py.problems).toEqual([]);
    expect(py.blocks[0]).toMatchObject({ kind: "python", pulumi: true, skip: null });
  });

  test("`check: pulumi` marks a Pulumi YAML program (run through the native plugin); nothing else goes before a YAML block", () => {
    const { blocks, problems } = docs.extractBlocks(
      md("<!-- check: pulumi -->", "```yaml", "runtime: yaml", "```", "```yml", "a: 1", "```"),
      "x.md",
    );
    expect(problems).toEqual([]);
    expect(blocks.map((b) => [b.kind, b.pulumi, b.skip])).toEqual([
      ["yaml", true, null],
      ["yaml", false, null],
    ]);
    expect(
      docs.extractBlocks(md("<!-- check: runnable -->", "```yaml", "a: 1", "```"), "x.md").problems,
    ).toEqual([
      {
        file: "x.md",
        line: 1,
        message: "a `yaml` block takes only `check: pulumi` (a Pulumi YAML program)",
      },
    ]);
  });

  test("a directive applies only to the block right after it (blank lines allowed)", () => {
    const { blocks } = docs.extractBlocks(
      md("<!-- check: runnable -->", "Some text.", "```sh", "true", "```"),
      "x.md",
    );
    expect(blocks[0].runnable).toBe(false);
  });

  test("a skip without a reason, an unknown directive, a directive before an unchecked block and an open fence are errors", () => {
    const { problems } = docs.extractBlocks(
      md(
        "<!-- check: skip -->",
        "```ts",
        "x",
        "```",
        "<!-- check: runable -->",
        "```ts",
        "y",
        "```",
        "<!-- check: runnable -->",
        "```json",
        "{}",
        "```",
        "```ts",
        "never closed",
      ),
      "x.md",
    );
    expect(problems).toEqual([
      { file: "x.md", line: 1, message: "`check: skip` needs a reason" },
      { file: "x.md", line: 5, message: 'unknown docs-check directive "runable"' },
      {
        file: "x.md",
        line: 9,
        message: "a docs-check directive before a `json` block, which is never checked",
      },
      { file: "x.md", line: 13, message: "code block is not closed" },
    ]);
  });

  test("the documentation files are README.md, docs/*.md and the package READMEs", () => {
    const files = docs.docFiles();
    expect(files[0]).toBe("README.md");
    expect(files).toEqual(
      expect.arrayContaining(["docs/resources.md", "packages/pulumi/README.md"]),
    );
  });
});

describe("typeCheck", () => {
  beforeAll(() => {
    ensureBuilt(path.join(ROOT, "packages", "pulumi", "dist", "index.d.ts"), [
      "client",
      "pulumi",
      "emulator",
    ]);
  });

  test("reports an error at the Markdown file, line and column; skipped blocks are not checked", () => {
    const text = md(
      "Intro", // 1
      "", // 2
      "```ts", // 3
      'import * as edge from "pulumi-edgeplatform";', // 4
      'new edge.dns.ZoneDnssec("z", { zoneId: 1, enabled: "yes" });', // 5
      "```", // 6
      "", // 7
      "```ts", // 8
      "const top = await Promise.resolve(releaseVersion);", // 9
      "```", // 10
      "<!-- check: skip not valid on purpose -->", // 11
      "```ts", // 12
      "const n: number = 'no';", // 13
      "```", // 14
      "```ts", // 15
      'import { Client } from "edgeplatform-client";', // 16
      'const c = new Client({ apiKey: "k", baseUrl: "http://127.0.0.1:4010" });', // 17
      "console.log(await c.dns.getZone(1));", // 18
      "```", // 19
    );
    const { blocks } = docs.extractBlocks(text, "docs/x.md");
    const r = docs.typeCheck(blocks);
    expect(r.checked).toBe(3);
    expect(r.diagnostics.map((d) => [d.file, d.line, d.column])).toEqual([
      ["docs/x.md", 5, 43],
      ["docs/x.md", 9, 35],
    ]);
    expect(r.diagnostics[0].text).toMatch(/^docs\/x\.md:5:43: TS2322: /);
    expect(r.diagnostics[1].text).toMatch(/Cannot find name 'releaseVersion'/);
  }, 120_000);
});

const isCI = /^(1|true|yes)$/i.test(process.env.CI ?? "");

describe("goCheck and pythonCheck", () => {
  test("```go and ```python blocks are their own kinds; only `check: skip` goes before them", () => {
    const { blocks, problems } = docs.extractBlocks(
      md(
        "```go", // 1
        "package main", // 2
        "```", // 3
        "```python", // 4
        "x = 1", // 5
        "```", // 6
        "<!-- check: runnable -->", // 7
        "```go", // 8
        "package main", // 9
        "```", // 10
        "<!-- check: skip not valid on purpose -->", // 11
        "```py", // 12
        "def", // 13
        "```", // 14
      ),
      "x.md",
    );
    expect(blocks.map((b) => [b.line, b.kind, b.skip])).toEqual([
      [2, "go", null],
      [5, "python", null],
      [9, "go", null],
      [13, "python", "not valid on purpose"],
    ]);
    expect(problems).toEqual([
      {
        file: "x.md",
        line: 7,
        message: "a `go` block takes only `check: skip REASON` (every one is compiled)",
      },
    ]);
  });

  test(
    "a Go block that does not compile against the SDK, or is not gofmt-formatted, is reported at its Markdown line",
    () => {
      const text = md(
        "```go", // 1
        "package main", // 2
        "", // 3
        "import (", // 4
        '\t"github.com/edgeplatform/pulumi-edgeplatform/sdk/go/edgeplatform/shield"', // 5
        '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"', // 6
        ")", // 7
        "", // 8
        "func main() {", // 9
        "\tpulumi.Run(func(ctx *pulumi.Context) error {", // 10
        '\t\t_, err := shield.NewRateLimitRule(ctx, "r", &shield.RateLimitRuleArgs{', // 11
        '\t\t\tShieldZoneId: pulumi.String("1"),', // 12
        "\t\t})", // 13
        "\t\treturn err", // 14
        "\t})", // 15
        "}", // 16
        "```", // 17
        "```go", // 18
        "package main", // 19
        "", // 20
        "func main()  {}", // 21
        "```", // 22
      );
      const r = docs.goCheck(docs.extractBlocks(text, "docs/x.md").blocks);
      if (!r.available) {
        if (isCI) throw new Error("no `go` on PATH under CI=true");
        console.log("goCheck not tested: no `go` on PATH");
        return;
      }
      expect(r.checked).toBe(2);
      expect(r.diagnostics.map((d) => [d.file, d.line])).toEqual([
        ["docs/x.md", 12],
        ["docs/x.md", 19],
      ]);
      expect(r.diagnostics[0].text).toMatch(
        /^docs\/x\.md:12:\d+: go: .*pulumi\.String.*IntPtrInput/,
      );
      expect(r.diagnostics[1].message).toBe("not formatted as gofmt formats it");
    },
    30 * 60_000,
  );

  test("a Python block with a syntax error is reported at its Markdown line; a valid one passes", () => {
    const text = md(
      "```python", // 1
      "import pulumi", // 2
      'pulumi.export("a", 1)', // 3
      "```", // 4
      "```python", // 5
      "x = [1,", // 6
      "def f(:", // 7
      "```", // 8
    );
    const r = docs.pythonCheck(docs.extractBlocks(text, "docs/x.md").blocks);
    if (!r.available) {
      if (isCI) throw new Error("no `python3` on PATH under CI=true");
      console.log("pythonCheck not tested: no `python3` on PATH");
      return;
    }
    expect(r.checked).toBe(2);
    expect(r.diagnostics.map((d) => d.file)).toEqual(["docs/x.md"]);
    expect(r.diagnostics[0].line).toBeGreaterThanOrEqual(6);
    expect(r.diagnostics[0].line).toBeLessThanOrEqual(7);
    expect(r.diagnostics[0].text).toMatch(/^docs\/x\.md:\d+:\d+: python: SyntaxError: /);
  });
});

describe("the names of C# and Python blocks, against the generated SDKs", () => {
  const csharp = (...body: string[]) =>
    md(
      "```csharp", // 1
      "using Pulumi;", // 2
      "using EdgePlatform.Pulumi.Shield;", // 3
      "using EdgePlatform.Pulumi.Containers;", // 4
      ...body, // 5...
      "```",
    );

  test("```csharp and ```cs blocks are their own kind; only `check: skip` goes before them", () => {
    const { blocks, problems } = docs.extractBlocks(
      md("<!-- check: runnable -->", "```csharp", "x", "```", "```cs", "y", "```"),
      "x.md",
    );
    expect(blocks.map((b) => [b.line, b.kind])).toEqual([
      [3, "csharp"],
      [6, "csharp"],
    ]);
    expect(problems).toEqual([
      {
        file: "x.md",
        line: 1,
        message: "a `csharp` block takes only `check: skip REASON` (every one is checked)",
      },
    ]);
  });

  test("a C# block with the SDK's namespaces, types, members and properties passes", () => {
    const r = docs.csharpCheck(
      docs.extractBlocks(
        csharp(
          'var rule = new RateLimitRule("r", new()',
          "{",
          "    ShieldZoneId = 1,",
          "    RuleConfiguration = new Inputs.RateLimitRuleConfigurationArgs",
          "    {",
          "        ActionType = RateLimitAction.Challenge,",
          '        VariableTypes = { { "REQUEST_URI", "/api" } },',
          "        BlockTime = BlockTime.ForFiveMinutes,",
          "    },",
          "});",
          "var reg = GetRegistry.Invoke(new() { RegistryId = 1 }, new InvokeOutputOptions { DependsOn = { rule } });",
          'var dns = new EdgePlatform.Pulumi.Dns.ZoneDnssec("z", new EdgePlatform.Pulumi.Dns.ZoneDnssecArgs { ZoneId = 1 });',
        ),
        "docs/x.md",
      ).blocks,
    );
    expect(r.checked).toBe(1);
    expect(r.diagnostics).toEqual([]);
  });

  test("a C# block with a wrong namespace, type, enumeration member or property is reported at its Markdown line", () => {
    const text = csharp(
      "using EdgePlatform.Pulumi.Firewall;", // 5
      'var rule = new RateLimitRule("r", new()', // 6
      "{", // 7
      "    ShieldZoneId = 1,", // 8
      "    Foo = 2,", // 9
      "    RuleConfiguration = new() { Timeframe = Timeframe.PerOneMinutes, Count = 3 },", // 10
      "});", // 11
      "var reg = GetRegistry.Invoke(new() { Registry = 1 });", // 12
      'var z = new ZoneDnssec("z", new ZoneDnssecArgs { ZoneId = 1 });', // 13
      'var w = new WafRules("w");', // 14
    );
    const r = docs.csharpCheck(docs.extractBlocks(text, "docs/x.md").blocks);
    expect(r.diagnostics.map((d) => d.text)).toEqual([
      "docs/x.md:5: csharp: no namespace EdgePlatform.Pulumi.Firewall in sdk/dotnet",
      "docs/x.md:9: csharp: no class RateLimitRuleArgs property Foo",
      "docs/x.md:10: csharp: no member PerOneMinutes in the enumeration Timeframe",
      "docs/x.md:10: csharp: no class RateLimitRuleConfigurationArgs property Count",
      "docs/x.md:12: csharp: no class GetRegistryInvokeArgs property Registry",
      "docs/x.md:13: csharp: no type ZoneDnssec in EdgePlatform.Pulumi.Shield, EdgePlatform.Pulumi.Containers (it is in EdgePlatform.Pulumi.Dns)",
      "docs/x.md:13: csharp: no type ZoneDnssecArgs in EdgePlatform.Pulumi.Shield, EdgePlatform.Pulumi.Containers (it is in EdgePlatform.Pulumi.Dns)",
      "docs/x.md:14: csharp: no type WafRules in EdgePlatform.Pulumi.Shield, EdgePlatform.Pulumi.Containers",
    ]);
  });

  test("a Python block with the SDK's modules, names and parameters passes; wrong ones are reported at their Markdown line", () => {
    const text = md(
      "```python", // 1
      "import pulumi", // 2
      "import pulumi_edgeplatform as edge", // 3
      "from pulumi_edgeplatform import containers, shield", // 4
      "from pulumi_edgeplatform.dns import ZoneDnssec", // 5
      "rule = shield.RateLimitRule(", // 6
      '    "r",', // 7
      "    shield_zone_id=1,", // 8
      "    rule_configuration=shield.RateLimitRuleConfigurationArgs(", // 9
      "        action_type=shield.RateLimitAction.CHALLENGE, request_count=1", // 10
      "    ),", // 11
      ")", // 12
      'ZoneDnssec("z", zone_id=1, enabled=True)', // 13
      "containers.get_registry_output(registry_id=1, opts=pulumi.InvokeOutputOptions(depends_on=[rule]))", // 14
      'edge.Provider("p", base_url="http://127.0.0.1:4010")', // 15
      "```", // 16
      "```python", // 17
      "from pulumi_edgeplatform import firewall", // 18
      "from pulumi_edgeplatform.dns import ZoneDnsSec", // 19
      "import pulumi_edgeplatform.cdn", // 20
      "from pulumi_edgeplatform import containers, shield", // 21
      'shield.RateLimitRule("r", shield_zone=1)', // 22
      "shield.RateLimitRuleConfigurationArgs(action_type=shield.RateLimitAction.BLOCK_IT)", // 23
      "containers.get_registry(registry=1)", // 24
      'shield.WafRules("w")', // 25
      "```", // 26
    );
    const r = docs.pythonCheck(docs.extractBlocks(text, "docs/x.md").blocks);
    if (!r.available) {
      if (isCI) throw new Error("no `python3` on PATH under CI=true");
      console.log("pythonCheck not tested: no `python3` on PATH");
      return;
    }
    expect(r.checked).toBe(2);
    expect(r.diagnostics.map((d) => d.text).sort()).toEqual([
      "docs/x.md:18:1: python: no name firewall in pulumi_edgeplatform",
      "docs/x.md:19:1: python: no name ZoneDnsSec in pulumi_edgeplatform.dns",
      "docs/x.md:20:1: python: no module pulumi_edgeplatform.cdn in the Python SDK",
      "docs/x.md:22:27: python: no class RateLimitRule parameter shield_zone",
      "docs/x.md:23:51: python: no member BLOCK_IT in the enumeration RateLimitAction",
      "docs/x.md:24:25: python: no function get_registry parameter registry",
      "docs/x.md:25:1: python: no name WafRules in pulumi_edgeplatform.shield",
    ]);
  });
});

test("each check removes only its own scratch directory, never the temporary directory it is in", () => {
  // In a child process whose TMPDIR is a directory of this test's (os.tmpdir() reads the real
  // environment): a check that removed its parent would remove only that directory.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "edge-docs-own-tmp-"));
  fs.writeFileSync(path.join(tmp, "canary"), "");
  const script = md(
    `const d = require(${JSON.stringify(path.join(ROOT, "scripts", "lib", "docs-check.js"))});`,
    'const { startEmulator } = require("edgeplatform-emulator");',
    "(async () => {",
    "  d.typeCheck([]); d.goCheck([]); d.pythonCheck([]);",
    '  const emu = await startEmulator({ port: 0, host: "127.0.0.1" });',
    '  const b = { file: "docs/x.md", line: 1, lang: "sh", kind: "sh", code: "true", skip: null, runnable: true, pulumi: false };',
    "  const r = await d.runBlock(b, emu);",
    "  await emu.close();",
    "  if (!r.ok) throw new Error(r.message);",
    "})().catch((e) => { console.error(e); process.exit(1); });",
  );
  try {
    const r = spawnSync(process.execPath, ["-e", script], {
      cwd: ROOT,
      env: { ...process.env, TMPDIR: tmp },
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(fs.existsSync(tmp) ? fs.readdirSync(tmp) : "removed").toEqual(["canary"]);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

describe("runBlock", () => {
  let emu: Awaited<ReturnType<typeof startEmulator>>;
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await emu?.close();
  });
  const block = (lang: string, code: string): Block => ({
    file: "docs/x.md",
    line: 7,
    lang,
    kind: lang === "ts" ? "ts" : "sh",
    code,
    skip: null,
    runnable: true,
    pulumi: false,
  });

  test("a shell block talks to the emulator at 127.0.0.1:4010 (the checker's port) and passes", async () => {
    const r = await docs.runBlock(
      block("sh", 'curl -fsS http://127.0.0.1:4010/_emulator/profile >/dev/null\necho "$PWD"'),
      emu,
    );
    expect(r.message).toBe("");
    expect(r.ok).toBe(true);
    expect(r.output).not.toContain(ROOT); // a temporary directory, not the checkout
  });

  test("a block runs in pulumi-edgeplatform/ of a directory of its own, with its own PULUMI_HOME", async () => {
    const r = await docs.runBlock(
      block(
        "sh",
        md(
          'test "$(basename "$PWD")" = pulumi-edgeplatform',
          'test "$PULUMI_HOME" = "$(dirname "$PWD")/pulumi-home"',
          "mkdir ../my-infra && test -f ../pulumi-edgeplatform/scripts/pulumi-cli.js",
        ),
      ),
      emu,
    );
    expect(r.message).toBe("");
  });

  test("a failing shell command fails the block, naming the file and line", async () => {
    const r = await docs.runBlock(block("sh", "true\nfalse\necho never"), emu);
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/^docs\/x\.md:7: runnable sh block exited with 1/);
    expect(r.output).not.toContain("never");
  });

  test("a TS block runs as an ES module with the emulator's settings in the environment", async () => {
    const ok = await docs.runBlock(
      block(
        "ts",
        md(
          'import { Client } from "edgeplatform-client";',
          "const c = new Client({ apiKey: process.env.EDGEPLATFORM_API_KEY!, baseUrl: process.env.EDGEPLATFORM_BASE_URL! });",
          "const z = await c.dns.getZone(2);",
          "if (z.DnsSecEnabled !== true) throw new Error('zone 2 has DNSSEC on');",
        ),
      ),
      emu,
    );
    expect(ok.message).toBe("");
    const bad = await docs.runBlock(block("ts", 'throw new Error("boom");'), emu);
    expect(bad.ok).toBe(false);
    expect(bad.message).toMatch(/docs\/x\.md:7: runnable ts block exited with 1[\s\S]*boom/);
  });

  test("a block that does not finish in time fails, and its processes are ended", async () => {
    const r = await docs.runBlock(block("sh", 'sleep 30 & echo "background $!"; sleep 30'), emu, {
      timeoutMs: 1_000,
    });
    expect(r.ok).toBe(false);
    expect(r.message).toMatch(/did not finish within 1 s/);
    const pid = Number(/background (\d+)/.exec(r.output)?.[1]);
    expect(pid).toBeGreaterThan(0);
    // The background process is gone too (or a zombie waiting for its new parent to reap it).
    const state = () => {
      try {
        return fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.[0] ?? "gone";
      } catch {
        return "gone";
      }
    };
    for (let i = 0; i < 20 && !["gone", "Z"].includes(state()); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(["gone", "Z"]).toContain(state());
  });
});
