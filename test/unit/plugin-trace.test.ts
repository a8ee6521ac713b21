/**
 * The plugin's call timing for benchmarks (plugin/trace.ts, EDGEPLATFORM_PLUGIN_TRACE): one
 * line per answered call with the process, the method, when it came and was answered and the
 * CPU time so far; no request or answer content; the handlers unchanged without a file.
 */
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { traced } from "../../packages/pulumi/src/plugin/trace";

type Callback = (err: unknown, res?: unknown) => void;

test("without a file the handlers are the same object", () => {
  const handlers = { check: () => undefined };
  expect(traced(handlers, undefined)).toBe(handlers);
  expect(traced(handlers, "")).toBe(handlers);
});

test("one line per answered call: pid, method, came <= answered, CPU ms; answers pass through", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "plugin-trace-"));
  const file = path.join(dir, "trace.log");
  try {
    const handlers = traced(
      {
        check: (call: { request: string }, cb: Callback) =>
          setTimeout(() => cb(null, `checked ${call.request}`), 20),
        delete: (_call: unknown, cb: Callback) => cb(new Error("refused")),
      },
      file,
    );
    const call = (name: "check" | "delete", request: string) =>
      new Promise<{ err: unknown; res: unknown }>((resolve) =>
        (handlers[name] as (c: unknown, cb: Callback) => void)({ request }, (err, res) =>
          resolve({ err, res }),
        ),
      );
    const before = performance.timeOrigin + performance.now();
    const [a, b] = await Promise.all([call("check", "secret-input-1"), call("delete", "x")]);
    expect(a).toEqual({ err: null, res: "checked secret-input-1" });
    expect((b.err as Error).message).toBe("refused");
    const lines = fs.readFileSync(file, "utf8").trim().split("\n");
    expect(lines).toHaveLength(2);
    const parsed = lines.map((l) => l.split(" "));
    expect(parsed.map((p) => p[1]).sort()).toEqual(["check", "delete"]);
    for (const [pid, , came, answered, cpu, ...rest] of parsed) {
      expect(rest).toEqual([]);
      expect(Number(pid)).toBe(process.pid);
      expect(Number(came)).toBeGreaterThanOrEqual(before);
      expect(Number(answered)).toBeGreaterThanOrEqual(Number(came));
      expect(Number(cpu)).toBeGreaterThan(0);
    }
    const check = parsed.find((p) => p[1] === "check")!;
    expect(Number(check[3]) - Number(check[2])).toBeGreaterThanOrEqual(15);
    expect(fs.readFileSync(file, "utf8")).not.toContain("secret-input");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("a trace file that cannot be written leaves the call answered as usual", async () => {
  const handlers = traced(
    { check: (_c: unknown, cb: Callback) => cb(null, "answer") },
    path.join(os.tmpdir(), "no-such-directory-for-plugin-trace", "x", "trace.log"),
  );
  const got = await new Promise((resolve) =>
    (handlers.check as (c: unknown, cb: Callback) => void)({}, (err, res) => resolve({ err, res })),
  );
  expect(got).toEqual({ err: null, res: "answer" });
});
