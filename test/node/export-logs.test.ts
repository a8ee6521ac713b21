/**
 * The example `examples/export-logs` run as a user runs it: a plain `node` child process
 * against an emulator on 127.0.0.1, non-TTY output (one line per page), and Ctrl-C (SIGINT)
 * in the middle of an export: clean abort, partial file flushed, exit code 130.
 */
import { spawn } from "child_process";
import { randomBytes } from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import { EmulatorControl, startEmulator } from "../../packages/emulator/src";
import type { RunningEmulator } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";

const SCRIPT = path.join(__dirname, "..", "..", "examples", "export-logs", "export-logs.js");
const apiKey = `export-test-${randomBytes(12).toString("hex")}`;
registerSecret(apiKey);

let emu: RunningEmulator;
let ctl: EmulatorControl;
let dir: string;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
  ctl = new EmulatorControl(emu.url);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "export-logs-"));
});
afterAll(async () => {
  await emu.close();
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => ctl.reset());

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

function start(args: string[]) {
  const child = spawn(process.execPath, [SCRIPT, ...args], {
    env: {
      PATH: process.env.PATH,
      EDGEPLATFORM_API_KEY: apiKey,
      EDGEPLATFORM_BASE_URL: emu.url,
      EDGEPLATFORM_LOGGING_URL: emu.loggingUrl,
      EDGE_CLIENT_ENTRY: path.join(__dirname, "..", "..", "packages", "client", "dist"),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const kill = setTimeout(() => child.kill("SIGKILL"), 60_000);
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((r) =>
    child.on("close", (code) => {
      clearTimeout(kill);
      r({ code, stdout, stderr });
    }),
  );
  return { child, done, out: () => stdout };
}

function lines(file: string): Record<string, unknown>[] {
  const text = fs.readFileSync(file, "utf8");
  expect(text === "" || text.endsWith("\n")).toBe(true);
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

test("exports a day to NDJSON, one plain line per page when not on a TTY", async () => {
  const file = path.join(dir, "day.ndjson");
  const day = yesterday();
  const r = await start(["--pull-zone", "1", "--date", day, "--out", file, "--page-size", "500"])
    .done;
  if (r.code !== 0) throw new Error(`exit ${r.code}: ${r.stdout}\n${r.stderr}`);
  const m = r.stdout.match(/^done: (\d+) records \((\d+) pages\) written to /m);
  expect(m).not.toBeNull();
  const [records, pages] = [Number(m![1]), Number(m![2])];
  expect(records).toBeGreaterThan(500);
  expect(r.stdout.match(/^page \d+: \d+ records up to /gm)).toHaveLength(pages);
  const rows = lines(file);
  expect(rows).toHaveLength(records);
  const ts = rows.map((x) => Date.parse(String(x.timestamp)));
  expect(ts.every((t, i) => i === 0 || t >= ts[i - 1])).toBe(true);
  expect(new Date(ts[0]).toISOString().slice(0, 10)).toBe(day);
  expect(new Date(ts[ts.length - 1]).toISOString().slice(0, 10)).toBe(day);
  expect(rows.every((x) => x.pullZoneId === 1)).toBe(true);
}, 70_000);

test("Ctrl-C (SIGINT) aborts cleanly and flushes the partial file", async () => {
  // Slow pages so that the export is still running when the signal arrives.
  await ctl.fault({ method: "GET", path: "^/logging/v2/", delayMs: 400, count: -1 });
  const file = path.join(dir, "partial.ndjson");
  const run = start([
    "--pull-zone",
    "1",
    "--date",
    yesterday(),
    "--out",
    file,
    "--page-size",
    "100",
  ]);
  const t0 = Date.now();
  while (!/^page 2: /m.test(run.out()) && Date.now() - t0 < 30_000) {
    await new Promise((r) => setTimeout(r, 50));
  }
  run.child.kill("SIGINT");
  const r = await run.done;
  expect(r.code).toBe(130);
  const m = r.stdout.match(/^interrupted: (\d+) records \((\d+) pages\) flushed to /m);
  expect(m).not.toBeNull();
  const records = Number(m![1]);
  expect(records).toBeGreaterThanOrEqual(200);
  expect(records).toBeLessThan(2_000);
  expect(lines(file)).toHaveLength(records);
  // Cancelled at once, not after the page in flight or the rest of the day.
  expect(Date.now() - t0).toBeLessThan(30_000);
}, 70_000);

test("an --out path that cannot be written: one clear line, exit 1, no request sent", async () => {
  const file = path.join(dir, "no-such-dir", "x.ndjson");
  // The previous test's interrupted page may reach the journal (status 0) only now: count
  // only the requests that arrived after this test started.
  const since = Date.now();
  const r = await start(["--pull-zone", "1", "--date", yesterday(), "--out", file]).done;
  expect(r.code).toBe(1);
  expect(r.stderr.trim()).toBe(
    `export-logs: cannot write ${file}: ENOENT: no such file or directory, open '${file}'`,
  );
  expect(r.stdout).toBe("");
  expect((await ctl.journal()).filter((e) => e.time >= since)).toEqual([]);
}, 30_000);
