/**
 * The example GitHub Actions workflow (`examples/ci/edgeplatform-drift.yml`): it parses as
 * YAML, has the two jobs, runs only read-only `pulumi preview` commands (plus `npm ci` and
 * the CLI install), and takes every credential from repository secrets.
 */
import * as fs from "fs";
import * as path from "path";

// js-yaml is installed with @pulumi/pulumi (and eslint); no dependency of our own.
const yaml = require("js-yaml") as { load(text: string): unknown };

const file = path.resolve(__dirname, "../../examples/ci/edgeplatform-drift.yml");

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  "runs-on": string;
  steps: Step[];
}
interface Workflow {
  name: string;
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  env: Record<string, string>;
  jobs: Record<string, Job>;
}

const text = fs.readFileSync(file, "utf8");
const wf = yaml.load(text) as Workflow;
const commands = (job: Job): string[] =>
  job.steps
    .flatMap((s) => (s.run ?? "").replace(/\\\n\s*/g, " ").split("\n"))
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));

describe("examples/ci/edgeplatform-drift.yml", () => {
  test("is YAML with a schedule, a manual trigger and pull requests; read-only permissions", () => {
    expect(wf.name).toBe("edgeplatform drift");
    expect(Object.keys(wf.on).sort()).toEqual(["pull_request", "schedule", "workflow_dispatch"]);
    expect((wf.on.schedule as { cron: string }[])[0].cron).toMatch(/^[\d*/,-]+( [\d*/,-]+){4}$/);
    expect(wf.permissions).toEqual({ contents: "read" });
    expect(Object.keys(wf.jobs).sort()).toEqual(["drift", "preview"]);
  });

  test("the drift job runs the read-only check with --refresh --expect-no-changes --diff", () => {
    const drift = wf.jobs.drift;
    expect(drift.if).toContain("schedule");
    const pulumi = commands(drift).filter((c) => c.startsWith("pulumi "));
    expect(pulumi).toHaveLength(1);
    expect(pulumi[0]).toMatch(
      /^pulumi preview --stack "\$PULUMI_STACK" --refresh --expect-no-changes --diff /,
    );
    // tee must not hide pulumi's exit code: the step branches on PIPESTATUS[0]
    expect(commands(drift)).toContain("code=${PIPESTATUS[0]}");
    const step = drift.steps.find((s) => (s as { id?: string }).id === "drift");
    expect((step as { shell?: string }).shell).toBe("bash");
    expect(step?.run).toMatch(/case "\$code" in\n\s+0\)[\s\S]*\n\s+7\)[\s\S]*\n\s+\*\)/);
    expect(step?.run).toContain('exit "$code"');
    // test/e2e/drift-workflow.e2e.test.ts runs this step with the real CLI (0, 7, failure)
  });

  test("the pull-request job runs pulumi preview --diff", () => {
    const preview = wf.jobs.preview;
    expect(preview.if).toBe("github.event_name == 'pull_request'");
    const pulumi = commands(preview).filter((c) => c.startsWith("pulumi "));
    expect(pulumi).toHaveLength(1);
    expect(pulumi[0]).toMatch(/^pulumi preview --stack "\$PULUMI_STACK" --diff /);
  });

  test("only npm, the pulumi CLI and its installer run; nothing that writes", () => {
    for (const job of Object.values(wf.jobs)) {
      for (const c of commands(job)) {
        expect(c).toMatch(
          /^(npm ci|pulumi preview |curl -fsSL https:\/\/get\.pulumi\.com |echo |set -o pipefail|set [+-]e$|tail |\{|\}|--non-interactive|\| tee |code=\$\{PIPESTATUS\[0\]\}$|case "\$(code|RESULT)" in$|esac$|;;$|\*?\w*\)|result=\w+$|grep -E '\^error: ' drift\.txt |exit "\$code"$)/,
        );
        expect(c).not.toMatch(/pulumi (up|refresh|destroy|import|stack rm|cancel)\b/);
      }
      const uses = job.steps.filter((s) => s.uses).map((s) => s.uses);
      expect(uses).toEqual(["actions/checkout@v4", "actions/setup-node@v4"]);
    }
  });

  test("credentials come from repository secrets, never from the file", () => {
    expect(wf.env.EDGEPLATFORM_API_KEY).toBe("${{ secrets.EDGEPLATFORM_API_KEY }}");
    expect(wf.env.PULUMI_CONFIG_PASSPHRASE).toBe("${{ secrets.PULUMI_CONFIG_PASSPHRASE }}");
    expect(wf.env.PULUMI_BACKEND_URL).toBe("${{ secrets.PULUMI_BACKEND_URL }}");
    expect(text).not.toMatch(/AccessKey:|emulator-local-key|config set/);
  });
});
