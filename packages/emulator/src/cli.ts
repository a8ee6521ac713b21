#!/usr/bin/env node
/**
 * `edgeplatform-emulator [--port N] [--host H] [--api-key K] [--fixtures FILE]
 *  [--state-file FILE] [--no-logging-rate-limit] [--profile NAME]
 *  [--scoped-key KEY=1,2[/3[/4]]]...`
 * Prints exactly one line `edgeplatform-emulator listening on http://HOST:PORT`.
 */
import { DEFAULT_API_KEY, startEmulator } from "./index";
import type { EmulatorOptions } from "./server";
import { checkProfileInput, PROFILE_NAMES } from "./profiles";
import { parseScopedKeyArg } from "./scopes";

const USAGE = `Usage: edgeplatform-emulator [options]
  --port N                 port to listen on (0 = a free port; default 0)
  --host H                 interface to listen on (default 127.0.0.1)
  --api-key K              API key every endpoint requires (default "${DEFAULT_API_KEY}")
  --fixtures FILE          JSON fixtures (a partial emulator state) instead of the built-in ones
  --state-file FILE        persist the state to FILE (loaded on start when it exists)
  --no-logging-rate-limit  disable the logging API's 30 requests / 10 s per pull zone limit
  --profile NAME           behaviour where the spec is silent: ${PROFILE_NAMES.join(", ")}
                           (default "default")
  --scoped-key KEY=1,2[/3[/4]]
                           an extra key that sees only shield zones 1,2 (after a "/", only
                           DNS zone 3; after a second "/", only pull zone 4; KEY=1,2//4:
                           every DNS zone); repeatable
  --help                   show this help`;

/** Parses CLI arguments into emulator options (throws on bad input). */
export function parseArgs(argv: string[]): EmulatorOptions | "help" {
  const opts: EmulatorOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] =
      a.startsWith("--") && a.includes("=")
        ? [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]
        : [a, undefined];
    const value = (): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v === "") throw new Error(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case "--port": {
        const v = value();
        const n = Number(v);
        if (!/^\d+$/.test(v) || n > 65535)
          throw new Error(`--port must be an integer from 0 to 65535, got "${v}"`);
        opts.port = n;
        break;
      }
      case "--host":
        opts.host = value();
        break;
      case "--api-key":
        opts.apiKey = value();
        break;
      case "--fixtures":
        opts.fixtures = value();
        break;
      case "--state-file":
        opts.stateFile = value();
        break;
      case "--profile": {
        const v = value();
        const problems = checkProfileInput(v);
        if (problems.length) throw new Error(`--profile: ${problems.join("; ")}`);
        opts.profile = v as EmulatorOptions["profile"];
        break;
      }
      case "--scoped-key": {
        const [key, scope] = parseScopedKeyArg(value());
        opts.scopedKeys = { ...opts.scopedKeys, [key]: scope };
        break;
      }
      case "--no-logging-rate-limit":
        opts.loggingRateLimit = false;
        break;
      case "--help":
      case "-h":
        return "help";
      default:
        throw new Error(`unknown option "${a}"`);
    }
  }
  return opts;
}

async function main(): Promise<void> {
  let opts: EmulatorOptions | "help";
  try {
    opts = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`edgeplatform-emulator: ${(e as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (opts === "help") {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const running: { emu?: Awaited<ReturnType<typeof startEmulator>> } = {};
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    (running.emu ? running.emu.close() : Promise.resolve()).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  // Handlers first: a supervisor may signal as soon as it reads the line.
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  const emu = await startEmulator(opts);
  running.emu = emu;
  if (stopping) {
    await emu.close();
    return;
  }
  process.stdout.write(`edgeplatform-emulator listening on ${emu.url}\n`);
}

/** Runs the command line with `process.argv` (the `edgeplatform-emulator` bin, `bin/`). */
export function runCli(): void {
  main().catch((e: Error) => {
    process.stderr.write(`edgeplatform-emulator: ${e.message}\n`);
    process.exit(1);
  });
}

if (require.main === module) runCli();
