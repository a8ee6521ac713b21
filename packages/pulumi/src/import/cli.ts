#!/usr/bin/env node
/**
 * `edgeplatform-import`: reads shield zones (directly or through pull zones) and DNS zones
 * from the platform and writes a TypeScript Pulumi program that adopts them (see
 * `generate.ts`). Settings are resolved like the provider's (`resolveSettings`): flags, then
 * the environment. Nothing is written unless everything was read; `--out` is written
 * atomically (temporary file + rename).
 *
 * Exit codes: 0 written; 1 nothing written (platform error, unknown zone, nothing to import,
 * file error); 2 bad command line.
 */
import * as fs from "fs";
import * as path from "path";
import { Client } from "edgeplatform-client";
import { EdgeApiError, redact } from "edgeplatform-client";
import {
  MissingSettingError,
  ResolvedSettings,
  resolveSettings,
  SETTING_SOURCES,
  unreachableHint,
} from "edgeplatform-client";
import { INT32_MAX } from "edgeplatform-client/spec";
import {
  DnsZoneImport,
  generateProgram,
  ImportSnapshot,
  NothingToImportError,
  ShieldZoneImport,
} from "./generate";

/** The command's name, as users type it. */
export const COMMAND = "edgeplatform-import";

/** `--help` text. */
export const USAGE = `Usage: ${COMMAND} [--shield-zone ID]... [--pull-zone ID]... [--dns-zone ID]... [--out FILE] [--base-url URL]

Writes a TypeScript Pulumi program that adopts what already exists on the platform:
one edge.shield.RateLimitRule per rate-limit rule (adopt mode: ruleId, deleteOnDestroy: false,
the rule's full configuration with enumeration names) and one edge.dns.ZoneDnssec per DNS zone
(its current DNSSEC state). \`pulumi up\` of it makes no API writes while nothing has changed.

Options (each zone option can be repeated; give at least one):
  --shield-zone ID   every rate-limit rule of this shield zone
  --pull-zone ID     every rate-limit rule of the shield zone of this pull zone
  --dns-zone ID      the DNSSEC state of this DNS zone
  --out FILE         write the program to FILE (default: standard output); FILE is
                     replaced only when the whole import succeeded
  --base-url URL     management API address (default: $${SETTING_SOURCES.baseUrl.env})
  -h, --help         show this help

The API key is read from $${SETTING_SOURCES.apiKey.env} only (never a flag, so that it stays out
of shell history and process lists); it is never written to the program or to messages.

Exit codes: 0 program written; 1 nothing written (unknown zone, wrong key, no rules, platform
or file error: the reason is on standard error); 2 bad command line.
`;

/** Parsed command line. */
export interface ImportOptions {
  shieldZones: number[];
  pullZones: number[];
  dnsZones: number[];
  out?: string;
  baseUrl?: string;
  help: boolean;
}

/** A command-line mistake (exit code 2). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

const ZONE_FLAGS = {
  "--shield-zone": "shieldZones",
  "--pull-zone": "pullZones",
  "--dns-zone": "dnsZones",
} as const;

function zoneId(flag: string, raw: string): number {
  const n = /^[0-9]+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > INT32_MAX) {
    throw new UsageError(
      `${flag}: ${JSON.stringify(raw)} is not a zone id (allowed: a whole number from 1 to ${INT32_MAX})`,
    );
  }
  return n;
}

function baseUrlFlag(raw: string): string {
  let u: URL | undefined;
  try {
    u = new URL(raw);
  } catch {
    u = undefined;
  }
  if (!u || (u.protocol !== "http:" && u.protocol !== "https:")) {
    throw new UsageError(
      `--base-url: ${JSON.stringify(raw)} is not an http:// or https:// URL (for example http://127.0.0.1:4010)`,
    );
  }
  return raw;
}

/** Parses the command line (`--flag value` or `--flag=value`). @throws UsageError */
export function parseArgs(argv: string[]): ImportOptions {
  const o: ImportOptions = { shieldZones: [], pullZones: [], dnsZones: [], help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "-h" || arg === "--help") {
      o.help = true;
      continue;
    }
    if (!arg.startsWith("-")) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`);
    const eq = arg.indexOf("=");
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const known = flag in ZONE_FLAGS || flag === "--out" || flag === "--base-url";
    if (!known) {
      throw new UsageError(
        `unknown option ${JSON.stringify(flag)} (allowed: --shield-zone, --pull-zone, --dns-zone, --out, --base-url, --help)`,
      );
    }
    let value: string;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      const next = argv[i + 1];
      if (next === undefined || (next.startsWith("--") && next.length > 2)) {
        throw new UsageError(`${flag} needs a value`);
      }
      value = next;
      i++;
    }
    if (flag in ZONE_FLAGS) {
      o[ZONE_FLAGS[flag as keyof typeof ZONE_FLAGS]].push(zoneId(flag, value));
    } else if (flag === "--out") {
      if (o.out !== undefined) throw new UsageError("--out: given more than once");
      if (value.trim() === "") throw new UsageError("--out: needs a file name");
      o.out = value;
    } else {
      if (o.baseUrl !== undefined) throw new UsageError("--base-url: given more than once");
      o.baseUrl = baseUrlFlag(value);
    }
  }
  const unique = (xs: number[]) => [...new Set(xs)];
  o.shieldZones = unique(o.shieldZones);
  o.pullZones = unique(o.pullZones);
  o.dnsZones = unique(o.dnsZones);
  if (!o.help && o.shieldZones.length + o.pullZones.length + o.dnsZones.length === 0) {
    throw new UsageError(
      "nothing to import: give at least one --shield-zone ID, --pull-zone ID or --dns-zone ID",
    );
  }
  return o;
}

/** A failure that stops the whole import at once (the key is wrong, the API unreachable). */
class FatalImportError extends Error {}

/** What was read, plus what went wrong per zone. */
export interface ReadResult {
  snapshot: ImportSnapshot;
  /** One line per zone that could not be read (the import fails). */
  problems: string[];
  /** One line per zone that was read but has nothing to adopt. */
  empty: string[];
}

/** The client surface the import needs (the plain `Client` has it). */
export interface ImportClient {
  shield: Pick<Client["shield"], "listAllRateLimits" | "getShieldZoneByPullZone">;
  dns: Pick<Client["dns"], "getZone">;
}

function explain(what: string, e: unknown, url: string): string {
  if (!(e instanceof EdgeApiError)) {
    return `${what}: ${e instanceof Error ? e.message : String(e)}`;
  }
  // The client's hint (the provider's too) names the refused credential or the unreachable
  // URL and the setting it comes from (`--base-url`, or the environment variable).
  if (e.status === 401 || e.status === 403) {
    throw new FatalImportError(e.hint ?? e.message);
  }
  if (e.status === 0) {
    throw new FatalImportError(
      e.hint ??
        unreachableHint(
          "baseUrl",
          e.code ?? "network error",
          `--base-url flag (or the environment variable ${SETTING_SOURCES.baseUrl.env})`,
          url,
        ),
    );
  }
  const reason = `${e.status}${e.errorKey ? ` ${e.errorKey}` : ""}`;
  if (e.errorKey?.toLowerCase().startsWith("not_found_or_unauthorised")) {
    return `${what}: not found, or the API key has no access to it (${reason})`;
  }
  if (e.isNotFound) return `${what}: not found (${reason})`;
  return `${what}: ${e.message}`;
}

/**
 * Reads everything `opts` names. Zone errors are collected (all are reported); a rejected
 * key or an unreachable API stops at once.
 */
export async function readSnapshot(
  client: ImportClient,
  opts: ImportOptions,
  baseUrl: string,
): Promise<ReadResult> {
  const problems: string[] = [];
  const empty: string[] = [];
  const zones = new Map<number, number[]>(); // shield zone -> pull zones that led to it
  for (const id of opts.shieldZones) zones.set(id, zones.get(id) ?? []);
  for (const pz of opts.pullZones) {
    try {
      const sz = await client.shield.getShieldZoneByPullZone(pz);
      if (!sz || !Number.isInteger(sz.shieldZoneId)) {
        problems.push(`pull zone ${pz}: the platform returned no shield zone for it`);
        continue;
      }
      zones.set(sz.shieldZoneId, [...(zones.get(sz.shieldZoneId) ?? []), pz]);
    } catch (e) {
      problems.push(explain(`pull zone ${pz}`, e, baseUrl));
    }
  }
  const shieldZones: ShieldZoneImport[] = [];
  for (const [shieldZoneId, pullZoneIds] of zones) {
    const label =
      `shield zone ${shieldZoneId}` +
      (pullZoneIds.length > 0 ? ` (of pull zone ${pullZoneIds.join(", ")})` : "");
    try {
      const rules = await client.shield.listAllRateLimits(shieldZoneId);
      shieldZones.push({ shieldZoneId, pullZoneIds, rules });
      if (rules.length === 0) empty.push(`${label} has no rate-limit rules`);
    } catch (e) {
      problems.push(explain(label, e, baseUrl));
    }
  }
  const dnsZones: DnsZoneImport[] = [];
  for (const id of opts.dnsZones) {
    try {
      const z = await client.dns.getZone(id);
      if (typeof z?.DnsSecEnabled !== "boolean") {
        problems.push(`DNS zone ${id}: the platform's answer has no DnsSecEnabled`);
        continue;
      }
      dnsZones.push({ zoneId: id, domain: z.Domain ?? null, dnsSecEnabled: z.DnsSecEnabled });
    } catch (e) {
      problems.push(explain(`DNS zone ${id}`, e, baseUrl));
    }
  }
  return { snapshot: { source: baseUrl, shieldZones, dnsZones }, problems, empty };
}

/** Writes `text` to `file` through a temporary file in the same directory, then renames. */
function writeAtomically(file: string, text: string): void {
  const target = path.resolve(file);
  const tmp = path.join(
    path.dirname(target),
    `.${path.basename(target)}.${process.pid}.${Date.now()}.tmp`,
  );
  try {
    fs.writeFileSync(tmp, text, { flag: "wx" });
    fs.renameSync(tmp, target);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}

/** Where the command writes. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? "" : "s"}`;

/** Runs the command; resolves to the exit code. Never throws. */
export async function main(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
  io: CliIo = {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
  },
  makeClient: (s: ResolvedSettings) => ImportClient & { close?(): void } = (s) =>
    Client.fromSettings(s),
): Promise<number> {
  const secrets: string[] = [];
  const fail = (message: string, code = 1): number => {
    io.stderr(`${COMMAND}: ${redact(message, secrets)}\n`);
    return code;
  };
  let opts: ImportOptions;
  try {
    opts = parseArgs(argv);
  } catch (e) {
    if (e instanceof UsageError) return fail(`${e.message}\n(see ${COMMAND} --help)`, 2);
    throw e;
  }
  if (opts.help) {
    io.stdout(USAGE);
    return 0;
  }

  let settings: ResolvedSettings;
  try {
    // The provider's resolution, without a stack config: flags > environment.
    settings = resolveSettings({ baseUrl: opts.baseUrl }, undefined, env, () => "--base-url flag");
  } catch (e) {
    if (e instanceof MissingSettingError) {
      return fail(
        e.setting === "apiKey"
          ? `no API key: set the environment variable ${SETTING_SOURCES.apiKey.env}`
          : `no API address: pass --base-url URL or set ${SETTING_SOURCES.baseUrl.env}`,
        2,
      );
    }
    return fail(e instanceof Error ? e.message : String(e));
  }
  secrets.push(settings.apiKey);

  const client = makeClient(settings);
  // The client's retry backoff waits on unref'd timers: without a ref'd handle, a process
  // whose only work is a call being retried (API unreachable) would exit with code 0.
  const keepAlive = setInterval(() => undefined, 60_000);
  let read: ReadResult;
  try {
    read = await readSnapshot(client, opts, settings.baseUrl);
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  } finally {
    clearInterval(keepAlive);
    client.close?.();
  }
  if (read.problems.length > 0) {
    return fail(
      `nothing written: ${plural(read.problems.length, "zone")} could not be read:\n` +
        read.problems.map((p) => `  ${p}`).join("\n"),
    );
  }

  let program;
  try {
    program = generateProgram(read.snapshot);
  } catch (e) {
    if (e instanceof NothingToImportError) {
      return fail(`nothing written: nothing to import (${read.empty.join("; ")})`);
    }
    return fail(e instanceof Error ? e.message : String(e));
  }

  const rules = program.resources.filter((r) => r.type.endsWith(":RateLimitRule")).length;
  const dns = program.resources.length - rules;
  const bytes = Buffer.byteLength(program.text);
  if (opts.out !== undefined) {
    try {
      writeAtomically(opts.out, program.text);
    } catch (e) {
      return fail(`cannot write ${opts.out}: ${(e as Error).message}`);
    }
  } else {
    io.stdout(program.text);
  }
  const notes = [
    ...read.empty.map((m) => `note: ${m} (nothing to adopt there)`),
    ...program.warnings.map((m) => `warning: ${m}`),
  ];
  io.stderr(
    redact(
      [
        ...notes,
        `${COMMAND}: wrote ${plural(rules, "rate-limit rule")} and ${plural(dns, "DNS zone")} ` +
          `(${bytes} bytes) to ${opts.out ?? "standard output"}`,
      ].join("\n") + "\n",
      secrets,
    ),
  );
  return 0;
}

/** Runs the command with `process.argv` (the `edgeplatform-import` bin, `bin/`). */
export function runCli(): void {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      process.stderr.write(`${COMMAND}: unexpected error: ${String(e)}\n`);
      process.exitCode = 1;
    },
  );
}

if (require.main === module) runCli();
