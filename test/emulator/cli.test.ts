import { ChildProcess, spawn } from "child_process";
import * as path from "path";
import { ensureBuilt } from "../support/build";

const root = path.resolve(__dirname, "../..");
const cli = path.join(root, "packages/emulator/dist/cli.js");

function run(args: string[]): Promise<{ child: ChildProcess; line: string }> {
  const child = spawn(process.execPath, [cli, ...args], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout!.on("data", (c: Buffer) => {
      out += c.toString();
      if (out.includes("\n")) resolve({ child, line: out });
    });
    child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
    child.on("exit", (code) => reject(new Error(`exited ${code}: ${err}`)));
  });
}

describe("emulator: CLI", () => {
  beforeAll(() => ensureBuilt(cli, ["client", "emulator"]), 120_000);

  test("prints exactly one line, serves requests, stops cleanly on SIGTERM", async () => {
    const { child, line } = await run([
      "--port",
      "0",
      "--api-key",
      "cli-key",
      "--no-logging-rate-limit",
    ]);
    const m = /^edgeplatform-emulator listening on (http:\/\/127\.0\.0\.1:\d+)\n$/.exec(line);
    expect(m).not.toBeNull();
    const url = m![1];
    const r = await fetch(`${url}/mc/registries/1`, { headers: { AccessKey: "cli-key" } });
    expect(r.status).toBe(200);
    expect(
      (await fetch(`${url}/mc/registries/1`, { headers: { AccessKey: "emulator-local-key" } }))
        .status,
    ).toBe(401);
    const exited = new Promise<number | null>((res) => child.on("exit", (code) => res(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  test("SIGINT also stops it; bad flags exit 2 with usage", async () => {
    const { child } = await run(["--port=0", "--host", "127.0.0.1"]);
    const exited = new Promise<number | null>((res) => child.on("exit", (code) => res(code)));
    child.kill("SIGINT");
    expect(await exited).toBe(0);
    await expect(run(["--port", "abc"])).rejects.toThrow(/exited 2: .*--port/);
    await expect(run(["--bogus"])).rejects.toThrow(/exited 2: .*unknown option/);
  });
});
