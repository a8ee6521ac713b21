#!/usr/bin/env node
/**
 * `edgeplatform-import`: reads shield zones (directly or through pull zones: rate-limit
 * rules, custom WAF rules, custom access lists, configured managed lists, the zone's
 * settings, bot detection, upload scanning, API guardian, response pages) and DNS zones
 * (DNSSEC, the zone, its records) and pull zones (the zone, its edge rules, optimizer classes
 * and hostnames: `pull-zone.ts`) from the platform and writes a TypeScript Pulumi program
 * that adopts them (see `generate.ts`); or, with `--bind-file`, writes the records of a BIND
 * zone file (`bind.ts`) as records to create; or, with `--from-terraform`, adopts what a
 * Terraform state manages (`terraform-cli.ts`); or, with `--script`, adopts edge scripts,
 * their code and their variables (`script-cli.ts`); or, with `--registry`, adopts container
 * registries (`registry-cli.ts`); or, with `--app`, adopts container applications (`app-cli.ts`). Settings are resolved like the provider's (`resolveSettings`): flags, then
 * the environment. Nothing is written unless everything was read; `--out` is written
 * atomically (temporary file + rename).
 *
 * A kind the API key may not read, or that the zone's plan lacks, is skipped with a warning
 * (and a comment in the program), never silently.
 *
 * Exit codes: 0 written; 1 nothing written (platform error, unknown zone, nothing to import,
 * file error); 2 bad command line; 3 written, but lines of the zone file were refused (the
 * report names them; `--allow-partial` makes that 0).
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
import {
  CustomPageTypes,
  INT32_MAX,
  isDnsHostname,
  type CustomPageType,
  type DnsZone,
} from "edgeplatform-client/spec";
import {
  adoptableCount,
  at,
  collectionOf,
  COLLECTIONS,
  type Collection,
  DnsZoneImport,
  generateProgram,
  ImportSnapshot,
  NothingToImportError,
  SettingsDefaults,
  ShieldZoneImport,
  ZoneFileZoneImport,
} from "./generate";
import { parseZoneFile, readZoneFile, ZoneFileError } from "./bind";
import type { PullZoneImport } from "./pull-zone";
import { plural } from "./render";
import { reportFileOf, zoneFileReport } from "./zone-report";
import { migrateTerraformState } from "./terraform-cli";
import { importScripts } from "./script-cli";
import { importRegistries } from "./registry-cli";
import { importApps } from "./app-cli";
import {
  DECLARED_KINDS,
  IMPORT_HELP,
  IMPORT_KINDS,
  KIND_WORDS,
  SETTINGS_KINDS,
  type ImportKind,
} from "./kinds.generated";

/** The command's name, as users type it. */
export const COMMAND = "edgeplatform-import";

/** What a shield zone holds that the import can write, as `--kind` names it (the list of kinds). */
export { IMPORT_KINDS };
/** One of {@link IMPORT_KINDS}. */
export type { ImportKind };

/**
 * What a new shield zone's bot detection, upload scanning and API guardian are: bot detection
 * logs only with every signal low, upload scanning off with both scanners disabled, API
 * guardian off, logging, over-size bodies and unknown paths logged. The platform has no
 * defaults endpoint for them (only for the zone's own settings), so they are written down
 * once, in the client spec (`BOT_DETECTION_DEFAULTS` & co.; the emulator's new zones get them). A field at this value is not written (not
 * managed); writing it would change nothing either, so a wrong default costs a managed
 * field, never a write.
 */
export const SETTINGS_DEFAULTS = Object.fromEntries(
  DECLARED_KINDS.map((d) => [d.key, d.defaults]),
) as Required<Pick<SettingsDefaults, DeclaredKey>>;

/** A zone's property holding a kind written from its declaration (`botDetection`). */
type DeclaredKey = (typeof DECLARED_KINDS)[number]["key"];

/**
 * Adopting resources from which the summary names the engine's skip-checkpoints setting: the
 * first `up` records each one, and the local backend rewrites the whole state after each
 * (docs/performance.md: 1 000 adopted DNS records, `up` 103 s with checkpoints, 12 s without).
 */
export const LARGE_ADOPT = 1000;

/** `--help` text. */
export const USAGE = `Usage: ${COMMAND} [--shield-zone ID]... [--pull-zone ID]... [--dns-zone ID]... [--kind KIND]... [--out FILE] [--base-url URL]
       ${COMMAND} --bind-file FILE [--domain DOMAIN | --dns-zone ID] [--allow-partial] [--out FILE] [--base-url URL]
       ${COMMAND} --from-terraform STATE [--out FILE] [--base-url URL]
       ${COMMAND} --script ID... [--out FILE] [--base-url URL]
       ${COMMAND} --registry ID... [--out FILE] [--base-url URL]
       ${COMMAND} --app ID... [--registry ID]... [--out FILE] [--base-url URL]

${IMPORT_HELP}

With --pull-zone: besides its shield zone's objects, the pull zone as an
edge.pullzones.PullZone (adopt mode: pullZoneId, the settings that differ from a new zone's;
the log-forwarding token, a secret, is never written), each of its edge rules as an
edge.pullzones.EdgeRule (edgeRuleId, every field, in priority order), each optimizer class as
an edge.pullzones.OptimizerClass (className, its properties) and each hostname but the
system one as an edge.pullzones.Hostname (existingHostname, forceSsl, a free certificate); each
takes the PullZone's pullZoneId output. A custom certificate's key cannot be read: that
hostname's certificate is written as read with its privateKey from the stack config as a
secret (config.requireSecret("<key>")), flagged "certificate key not readable: supply it"
with the key named.
With --kind, only the kinds named are written (not the pull zone's own resources).

With --bind-file: the records of a BIND zone file as edge.dns.DnsRecord resources to create,
in a new edge.dns.DnsZone for the file's domain (its $ORIGIN, or --domain) or in the existing
zone --dns-zone (a record it already has is adopted by its id instead). The SOA record and the
apex NS records are skipped (the platform writes them). A line the platform cannot take is
refused and the rest is written: the report (every line refused, skipped or noted, with the
reason and the record as written) goes to standard error and, with --out FILE, to
FILE.import-report.txt (FILE without its .ts).

With --from-terraform: the objects a Terraform state (terraform.tfstate, or the output of
\`terraform show -json\`) holds as bunnynet_pullzone_shield, _ratelimit_rule, _waf_rule,
_access_list, bunnynet_dns_zone and bunnynet_dns_record resources, read from the platform and
adopted as above (only those: other objects of the same zones are named and left out). Every
other resource is listed with the reason and nothing is written for it. The report (standard
error, and comments at the top of the program) gives the \`terraform state rm\` commands that
make Terraform forget what the program adopts; they are never run.

With --script: the edge script as an edge.compute.EdgeScript (adopt mode: scriptId, its name
and type) whose saved code is written to a file beside the program (the directory of --out,
else the working directory; a file there with other content is never replaced), given as
codeFile, and each of its variables as an edge.compute.ScriptVariable (variableId, its default
value and whether it is required). Its secrets have no resource: the program lists their names
in a comment, each "value not readable: supply it". \`pulumi up\` of it makes no API writes
while nothing has changed.

With --registry: the container registry as an edge.containers.ImageRegistry (adopt mode:
registryId, its display name and user name). The platform never answers a registry's token:
the program leaves it out, flagged "token not readable: supply it" (also on standard error).
\`pulumi up\` of it makes no API writes; once the token is supplied, the next \`up\` writes
the credentials once (one PUT).

With --app: the Magic Containers application as an edge.containers.ContainerApp (adopt mode:
appId, its runtime type, autoscaling, regions, containers by name with their image, pull
policy, environment, endpoints, probes and volume mounts, and its volumes). The platform has no
secret flag: a variable whose name contains PASSWORD, SECRET, TOKEN or KEY (any case) goes
into secretEnvironment as config.requireSecret("<key>"), its value not written, flagged "value
not readable as a secret: supply it" (also on standard error, with the key); every other
variable is plain. Once the secrets are in the stack config, \`pulumi up\` makes no API
writes. With --registry too, both are written, and an image of a registry adopted there names
it by the ImageRegistry's id output.

Options (each zone option can be repeated; give at least one):
  --shield-zone ID   everything of this shield zone (see --kind)
  --pull-zone ID     this pull zone and everything of its shield zone (see above)
  --dns-zone ID      this DNS zone: its DNSSEC state, the zone and all its records; with
                     --bind-file: the zone to put the file's records in
  --bind-file FILE   write the records of this BIND zone file as records to create
  --domain DOMAIN    the zone of --bind-file (default: the file's first $ORIGIN)
  --allow-partial    --bind-file: exit 0 when lines were refused (default: exit 3)
  --from-terraform STATE  adopt what this Terraform state manages (see above)
  --script ID        this edge script, its code and its variables (repeatable; see above)
  --registry ID      this container registry (repeatable; see above)
  --app ID           this container application (repeatable; see above)
  --kind KIND        import only these kinds of the shield zones (repeatable; default: all):
                     ${IMPORT_KINDS.slice(0, 5).join(", ")},
                     ${IMPORT_KINDS.slice(5).join(", ")}
  --out FILE         write the program to FILE (default: standard output); FILE is
                     replaced only when the whole import succeeded
  --base-url URL     management API address (default: $${SETTING_SOURCES.baseUrl.env})
  -h, --help         show this help

The API key is read from $${SETTING_SOURCES.apiKey.env} only (never a flag, so that it stays out
of shell history and process lists); it is never written to the program or to messages.

A kind the API key may not read (403) or that the zone's plan lacks is skipped with a warning
on standard error and a comment in the program.

Exit codes: 0 program written; 1 nothing written (unknown zone, wrong key, no rules, platform
or file error, a zone file that cannot be read at all, a file that is not a Terraform state:
the reason is on standard error, with the line); 2 bad command line; 3 program and report
written, but lines of the zone file were refused (--allow-partial: 0).
`;

/** Parsed command line. */
export interface ImportOptions {
  shieldZones: number[];
  pullZones: number[];
  dnsZones: number[];
  /** The kinds to import from shield zones (`--kind`; all when none is given). */
  kinds: ImportKind[];
  /**
   * Whether each `--pull-zone` is written with the zone itself, its edge rules, optimizer
   * classes and hostnames (`pull-zone.ts`): when no `--kind` is given.
   */
  pullZoneResources?: boolean;
  /** A BIND zone file whose records are written as records to create (`--bind-file`). */
  bindFile?: string;
  /** The zone of {@link bindFile} (`--domain`). */
  domain?: string;
  /** Exit 0 when lines of {@link bindFile} were refused (`--allow-partial`). */
  allowPartial?: boolean;
  /** A Terraform state whose covered resources are adopted (`--from-terraform`). */
  fromTerraform?: string;
  /** Edge scripts adopted with their code and variables (`--script`; none when left out). */
  scripts?: number[];
  /** Container registries adopted (`--registry`; none when left out). */
  registries?: number[];
  /** Magic Containers applications adopted (`--app`; none when left out). */
  apps?: string[];
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

/** The id of `--script` or `--registry`. @throws UsageError naming the flag and the allowed values */
function objectId(raw: string, flag = "--script", what = "an edge script id"): number {
  const n = /^[0-9]+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < 1)
    throw new UsageError(
      `${flag}: ${JSON.stringify(raw)} is not ${what} (allowed: a whole number from 1)`,
    );
  return n;
}

/** The id of `--app`: letters, digits, `-` and `_`. @throws UsageError naming the flag and the allowed values */
function appId(raw: string): string {
  const id = raw.trim();
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id))
    throw new UsageError(
      `--app: ${JSON.stringify(raw)} is not a container application id (allowed: letters, digits, - and _, for example app-1)`,
    );
  return id;
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
  const o: ImportOptions = {
    shieldZones: [],
    pullZones: [],
    dnsZones: [],
    kinds: [],
    scripts: [],
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "-h" || arg === "--help") {
      o.help = true;
      continue;
    }
    if (arg === "--allow-partial") {
      o.allowPartial = true;
      continue;
    }
    if (!arg.startsWith("-")) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`);
    const eq = arg.indexOf("=");
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const known =
      flag in ZONE_FLAGS ||
      flag === "--kind" ||
      flag === "--out" ||
      flag === "--base-url" ||
      flag === "--bind-file" ||
      flag === "--from-terraform" ||
      flag === "--script" ||
      flag === "--registry" ||
      flag === "--app" ||
      flag === "--domain";
    if (!known) {
      throw new UsageError(
        `unknown option ${JSON.stringify(flag)} (allowed: --shield-zone, --pull-zone, --dns-zone, --bind-file, --domain, --allow-partial, --from-terraform, --script, --registry, --app, --kind, --out, --base-url, --help)`,
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
    } else if (flag === "--script") {
      (o.scripts ??= []).push(objectId(value));
    } else if (flag === "--registry") {
      (o.registries ??= []).push(objectId(value, flag, "a container registry id"));
    } else if (flag === "--app") {
      (o.apps ??= []).push(appId(value));
    } else if (flag === "--kind") {
      const kind = IMPORT_KINDS.find((k) => k === value.trim().toLowerCase());
      if (!kind) {
        throw new UsageError(
          `--kind: ${JSON.stringify(value)} is not a kind (allowed: ${IMPORT_KINDS.join(", ")})`,
        );
      }
      o.kinds.push(kind);
    } else if (flag === "--bind-file") {
      if (o.bindFile !== undefined) throw new UsageError("--bind-file: given more than once");
      if (value.trim() === "") throw new UsageError("--bind-file: needs a file name");
      o.bindFile = value;
    } else if (flag === "--from-terraform") {
      if (o.fromTerraform !== undefined) throw new UsageError(`${flag}: given more than once`);
      if (value.trim() === "") throw new UsageError(`${flag}: needs a file name`);
      o.fromTerraform = value;
    } else if (flag === "--domain") {
      if (o.domain !== undefined) throw new UsageError("--domain: given more than once");
      const d = value.trim().toLowerCase().replace(/\.$/, "");
      if (!isDnsHostname(d) || !d.includes("."))
        throw new UsageError(
          `--domain: ${JSON.stringify(value)} is not a domain name (for example example.com)`,
        );
      o.domain = d;
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
  o.scripts = unique(o.scripts ?? []);
  o.registries = unique(o.registries ?? []);
  o.apps = [...new Set(o.apps ?? [])];
  if (!o.help && o.apps.length > 0) {
    const others = o.shieldZones.length + o.pullZones.length + o.dnsZones.length + o.kinds.length;
    if (
      others > 0 ||
      o.scripts.length > 0 ||
      o.bindFile !== undefined ||
      o.domain !== undefined ||
      o.fromTerraform !== undefined ||
      o.allowPartial
    )
      throw new UsageError(
        "--app: writes container applications (and the --registry registries): it does not go with --shield-zone, --pull-zone, --dns-zone, --script, --kind, --bind-file, --domain, --allow-partial or --from-terraform",
      );
    return o;
  }
  if (!o.help && o.registries.length > 0) {
    const others = o.shieldZones.length + o.pullZones.length + o.dnsZones.length + o.kinds.length;
    if (
      others > 0 ||
      o.scripts.length > 0 ||
      o.bindFile !== undefined ||
      o.domain !== undefined ||
      o.fromTerraform !== undefined ||
      o.allowPartial
    )
      throw new UsageError(
        "--registry: writes container registries: it does not go with --shield-zone, --pull-zone, --dns-zone, --script, --kind, --bind-file, --domain, --allow-partial or --from-terraform",
      );
    return o;
  }
  if (!o.help && o.scripts.length > 0) {
    const others = o.shieldZones.length + o.pullZones.length + o.dnsZones.length + o.kinds.length;
    if (
      others > 0 ||
      o.bindFile !== undefined ||
      o.domain !== undefined ||
      o.fromTerraform !== undefined ||
      o.allowPartial
    )
      throw new UsageError(
        "--script: writes edge scripts: it does not go with --shield-zone, --pull-zone, --dns-zone, --kind, --bind-file, --domain, --allow-partial or --from-terraform",
      );
    return o;
  }
  if (!o.help && o.fromTerraform !== undefined) {
    const others = o.shieldZones.length + o.pullZones.length + o.dnsZones.length + o.kinds.length;
    if (others > 0 || o.bindFile !== undefined || o.domain !== undefined)
      throw new UsageError(
        "--from-terraform: the state names what to adopt: it does not go with --shield-zone, --pull-zone, --dns-zone, --kind, --bind-file or --domain",
      );
  } else if (
    !o.help &&
    o.shieldZones.length + o.pullZones.length + o.dnsZones.length === 0 &&
    o.bindFile === undefined
  ) {
    throw new UsageError(
      "nothing to import: give at least one --shield-zone ID, --pull-zone ID, --dns-zone ID, --script ID, --bind-file FILE or --from-terraform STATE",
    );
  }
  if (!o.help && o.domain !== undefined && o.bindFile === undefined) {
    throw new UsageError("--domain: names the zone of a --bind-file: give --bind-file FILE");
  }
  if (!o.help && o.allowPartial && o.bindFile === undefined) {
    throw new UsageError(
      "--allow-partial: lets a --bind-file import exit 0 with refused lines: give --bind-file FILE",
    );
  }
  if (!o.help && o.bindFile !== undefined) {
    if (o.shieldZones.length + o.pullZones.length + o.kinds.length > 0)
      throw new UsageError(
        "--bind-file: writes one DNS zone's records: it does not go with --shield-zone, --pull-zone or --kind",
      );
    if (o.dnsZones.length > 1)
      throw new UsageError(
        "--bind-file: --dns-zone names the one zone to put the records in: give it once",
      );
    if (o.dnsZones.length === 1 && o.domain !== undefined)
      throw new UsageError(
        `--domain: the records go into --dns-zone ${o.dnsZones[0]}, whose domain the platform knows: give one of them`,
      );
  }
  if (!o.help && o.kinds.length > 0 && o.shieldZones.length + o.pullZones.length === 0) {
    throw new UsageError(
      "--kind: chooses what to import from shield zones: give --shield-zone ID or --pull-zone ID",
    );
  }
  // Without --kind, a pull zone is written with its own resources too (the zone, its edge
  // rules, optimizer classes and hostnames); --kind names the only kinds written.
  o.pullZoneResources = o.kinds.length === 0 && o.pullZones.length > 0;
  // In the documented order, whatever the order of the flags.
  o.kinds =
    o.kinds.length === 0 ? [...IMPORT_KINDS] : IMPORT_KINDS.filter((k) => o.kinds.includes(k));
  return o;
}

/** A failure that stops the whole import at once (the key is wrong, the API unreachable). */
class FatalImportError extends Error {}

/** A failed read of one kind of a zone after its rate-limit rules: names what failed. */
class KindReadError extends Error {
  constructor(
    readonly what: string,
    readonly cause: unknown,
  ) {
    super(`${what}: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** What was read, plus what went wrong per zone. */
export interface ReadResult {
  snapshot: ImportSnapshot;
  /** One line per zone that could not be read (the import fails). */
  problems: string[];
  /** One line per zone that was read but has nothing to adopt. */
  empty: string[];
  /** One line per kind of a zone that was skipped: the key may not read it, or the plan lacks it. */
  skipped: string[];
  /** Notes for standard error (the lines of a zone file that are skipped). */
  notes?: string[];
}

/** The methods of one client API (`A`) that the collection kinds' `read`s name. */
type ReadMethods<A extends Collection["read"]["api"]> =
  | Extract<Collection["read"], { api: A }>["list"]
  | (Extract<Collection["read"], { api: A }> extends infer R
      ? R extends { get: { method: infer G } }
        ? G
        : never
      : never);

/** The client's methods the collection kinds read (`read` of each kind). */
type CollectionClient = {
  [A in Collection["read"]["api"]]: Pick<Client[A], Extract<ReadMethods<A>, keyof Client[A]>>;
};

/** The client surface the import needs (the plain `Client` has it). */
export type ImportClient = CollectionClient & {
  shield: Pick<Client["shield"], "getShieldZoneByPullZone">;
  shieldZones: Pick<
    Client["shieldZones"],
    | "get"
    | "defaults"
    | "wafEngineConfig"
    | (typeof DECLARED_KINDS)[number]["read"]
    | "getCustomPage"
  >;
  dns: Pick<Client["dns"], "getZone" | "listZones">;
  pullzones: Pick<Client["pullzones"], "get">;
  compute: Pick<Client["compute"], "getScript" | "getCode" | "listSecrets" | "getActiveRelease">;
  containers: Pick<Client["containers"], "getRegistry" | "getApp">;
};

/** The client's methods of collection kind `c` (`read.api`), by name. */
const apiOf = (client: ImportClient, c: Collection) =>
  client[c.read.api] as unknown as Record<string, (...ids: number[]) => Promise<unknown>>;

/** `custom access lists` and `managed access lists` → `custom and managed access lists`. */
export function together(words: string[]): string {
  const parts = words.map((w) => w.split(" "));
  const last = (p: string[], i: number) => p[p.length - 1 - i];
  let common = 0;
  while (
    words.length > 1 &&
    parts.every((p) => p.length > common + 1 && last(p, common) === last(parts[0], common))
  )
    common++;
  if (common === 0) return words.join(" and ");
  const heads = parts.map((p) => p.slice(0, p.length - common).join(" "));
  return `${heads.join(" and ")} ${parts[0].slice(-common).join(" ")}`;
}

/** Whether `e` is a plan-gated answer (`invalid_plan_type…`, `feature_not_available_on_plan`, `not_available…`). */
export const planGated = (e: unknown): boolean =>
  e instanceof EdgeApiError && /plan|not_available/i.test(e.errorKey ?? "");

/**
 * Why a kind cannot be read with this key, when that is the failure: a 403, or a plan-gated
 * answer (`invalid_plan_type…`, `feature_not_available_on_plan`, `not_available…`). Such a
 * kind is skipped with a warning; anything else fails the import.
 */
export function unreadableReason(e: unknown): string | undefined {
  if (!(e instanceof EdgeApiError)) return undefined;
  const k = e.errorKey ? ` ${e.errorKey}` : "";
  if (planGated(e)) {
    return `not available on the zone's plan: ${e.status}${k}`;
  }
  if (e.status === 403) return `the API key may not read them: 403${k}`;
  return undefined;
}

/** Whether `e` is the answer for a pull zone that has no shield zone (a not-found). */
const noShieldZone = (e: unknown): boolean =>
  e instanceof EdgeApiError &&
  (e.isNotFound || (e.errorKey ?? "").toLowerCase().startsWith("not_found_or_unauthorised"));

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
  const notes: string[] = [];
  const zones = new Map<number, number[]>(); // shield zone -> pull zones that led to it
  for (const id of opts.shieldZones) zones.set(id, zones.get(id) ?? []);
  // The pull zones themselves first: a zone that was read and has no shield zone is still
  // written (a note says it has no Shield objects).
  const pullZones: PullZoneImport[] = [];
  if (opts.pullZoneResources) {
    for (const pz of opts.pullZones) {
      try {
        // With its hostnames' certificates (never their keys): a custom one is written as read.
        const zone = await client.pullzones.get(pz, { includeCertificate: true });
        if (!zone || typeof zone !== "object" || zone.Id !== pz) {
          problems.push(`pull zone ${pz}: the platform's answer is not that pull zone`);
          continue;
        }
        pullZones.push({ pullZoneId: pz, zone });
      } catch (e) {
        problems.push(explain(`pull zone ${pz}`, e, baseUrl));
      }
    }
  }
  const wasRead = (pz: number) => pullZones.some((p) => p.pullZoneId === pz);
  for (const pz of opts.pullZones) {
    if (opts.pullZoneResources && !wasRead(pz)) continue; // its problem is said already
    try {
      const sz = await client.shield.getShieldZoneByPullZone(pz);
      if (!sz || !Number.isInteger(sz.shieldZoneId)) {
        problems.push(`pull zone ${pz}: the platform returned no shield zone for it`);
        continue;
      }
      zones.set(sz.shieldZoneId, [...(zones.get(sz.shieldZoneId) ?? []), pz]);
    } catch (e) {
      if (wasRead(pz) && noShieldZone(e)) {
        notes.push(`pull zone ${pz} has no shield zone: no Shield objects to adopt`);
        continue;
      }
      problems.push(explain(`pull zone ${pz}`, e, baseUrl));
    }
  }
  const skipped: string[] = [];
  const shieldZones: ShieldZoneImport[] = [];
  let defaults: SettingsDefaults | undefined;
  if (zones.size > 0 && opts.kinds.some((k) => SETTINGS_KINDS.includes(k))) {
    try {
      defaults = await readDefaults(client, opts.kinds);
    } catch (e) {
      problems.push(explain("the platform's defaults of a shield zone", e, baseUrl));
    }
  }
  for (const [shieldZoneId, pullZoneIds] of zones) {
    const label =
      `shield zone ${shieldZoneId}` +
      (pullZoneIds.length > 0 ? ` (of pull zone ${pullZoneIds.join(", ")})` : "");
    try {
      const zone = await readShieldZone(client, shieldZoneId, opts.kinds);
      shieldZones.push({ ...zone, pullZoneIds });
      for (const s of zone.skipped ?? [])
        skipped.push(`${label}: ${s.kind} not imported: ${s.reason}`);
      if (adoptableCount(zone, defaults) === 0) empty.push(`${label} has ${nothingIn(zone)}`);
    } catch (e) {
      problems.push(
        e instanceof KindReadError
          ? explain(`${label}: ${e.what}`, e.cause, baseUrl)
          : explain(label, e, baseUrl),
      );
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
      if (!Array.isArray(z.Records)) {
        // Never read a missing list as "no records".
        problems.push(`DNS zone ${id}: the platform's answer has no Records`);
        continue;
      }
      dnsZones.push({
        zoneId: id,
        domain: z.Domain ?? null,
        dnsSecEnabled: z.DnsSecEnabled,
        records: z.Records,
      });
    } catch (e) {
      problems.push(explain(`DNS zone ${id}`, e, baseUrl));
    }
  }
  return {
    snapshot: {
      source: baseUrl,
      shieldZones,
      dnsZones,
      ...(defaults ? { defaults } : {}),
      ...(pullZones.length > 0 ? { pullZones } : {}),
    },
    problems,
    empty,
    skipped,
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/** The nameservers a zone answer names (`Nameserver1`, `Nameserver2`). */
const nameserversOf = (z: DnsZone): string[] =>
  [z.Nameserver1, z.Nameserver2].filter((n): n is string => typeof n === "string" && n !== "");

/**
 * Reads what `--bind-file` needs besides the file (`text`): with `--dns-zone`, that zone
 * (its domain, its records, its nameservers); else the account's zones of the file's domain
 * (a domain that already has a zone is refused: its records go in with `--dns-zone`) and the
 * platform's nameservers (the apex NS records naming them are skipped). Then the file's
 * records, checked by type. A zone file error is a problem naming the file and the line.
 */
export async function readZoneFileSnapshot(
  client: ImportClient,
  opts: ImportOptions,
  baseUrl: string,
  text: string,
): Promise<ReadResult> {
  const file = opts.bindFile ?? "";
  const problems: string[] = [];
  const result = (zoneFiles: ZoneFileZoneImport[]): ReadResult => ({
    snapshot: { source: baseUrl, shieldZones: [], dnsZones: [], zoneFiles },
    problems,
    empty: [],
    skipped: [],
  });
  let domain = opts.domain;
  let target: { zoneId: number; existing: DnsZone["Records"] } | undefined;
  let nameservers: string[] = [];
  try {
    if (opts.dnsZones.length === 1) {
      const id = opts.dnsZones[0];
      try {
        const z = await client.dns.getZone(id);
        if (!Array.isArray(z.Records)) {
          problems.push(`DNS zone ${id}: the platform's answer has no Records`);
          return result([]);
        }
        domain = z.Domain;
        target = { zoneId: id, existing: z.Records };
        nameservers = nameserversOf(z);
      } catch (e) {
        problems.push(explain(`DNS zone ${id}`, e, baseUrl));
        return result([]);
      }
    } else {
      domain ??= parseZoneFile(text).origin;
      if (domain !== undefined) {
        try {
          const same = await client.dns.listZones({ search: domain });
          const taken = same.Items.find((z) => z.Domain.toLowerCase() === domain);
          if (taken) {
            problems.push(
              `${domain} already has DNS zone ${taken.Id} on the account: give --dns-zone ` +
                `${taken.Id} to put the zone file's records in it`,
            );
            return result([]);
          }
          nameservers = same.Items.flatMap(nameserversOf);
          if (nameservers.length === 0)
            nameservers = (await client.dns.listZones({ perPage: 5 })).Items.flatMap(nameserversOf);
        } catch (e) {
          problems.push(explain(`the account's DNS zones`, e, baseUrl));
          return result([]);
        }
      }
    }
    const zone = readZoneFile(text, {
      ...(domain !== undefined ? { domain } : {}),
      platformNameservers: [...new Set(nameservers)],
    });
    return result([
      {
        file,
        zone,
        ...(target ? { zoneId: target.zoneId, existing: target.existing ?? [] } : {}),
      },
    ]);
  } catch (e) {
    if (!(e instanceof ZoneFileError)) throw e;
    problems.push(`${file}: ${e.message}`);
    return result([]);
  }
}

/**
 * The platform's defaults the settings kinds are compared with: a new zone's settings
 * (`GET /shield/shield-zone/defaults`) and the engine settings' defaults
 * (`GET /shield/waf/engine-config`), read once per run; bot detection, upload scanning and
 * API guardian: {@link SETTINGS_DEFAULTS}.
 */
async function readDefaults(client: ImportClient, kinds: ImportKind[]): Promise<SettingsDefaults> {
  const d: SettingsDefaults = { ...SETTINGS_DEFAULTS };
  if (kinds.includes("shield-zone")) {
    // The published answer nests the zone's settings under `shieldZone`.
    d.zone = (await client.shieldZones.defaults()).shieldZone;
    d.engineConfig = await client.shieldZones.wafEngineConfig();
  }
  return d;
}

/** `no rate-limit rules, no custom WAF rules and …`: the kinds read of an empty zone. */
function nothingIn(zone: ShieldZoneImport): string {
  const parts = [
    ...COLLECTIONS.map(
      (c) =>
        collectionOf(zone, c) &&
        `no ${c.configuredOnly ? "configured " : ""}${KIND_WORDS[c.kind].many}`,
    ),
    zone.settings && "no settings that differ from the platform's defaults",
    zone.responsePages && "no response pages",
  ].filter((p): p is string => typeof p === "string");
  if (parts.length === 0) return "nothing that could be read";
  return parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.slice(-1)}`;
}

/**
 * Reads the kinds of one shield zone, the collection kinds first. A kind whose `read` is
 * `required` fails the zone when refused (the first one, so a refused key or an unknown zone
 * fails there as before); another kind that the key may not read (403) or the plan lacks is
 * recorded in `skipped`. Any other failure throws (the zone cannot be read).
 */
async function readShieldZone(
  client: ImportClient,
  shieldZoneId: number,
  kinds: ImportKind[],
): Promise<ShieldZoneImport> {
  const zone: ShieldZoneImport = { shieldZoneId, skipped: [], notOnPlan: [] };
  const skip = (kind: string, reason: string) => zone.skipped!.push({ kind, reason });
  /** Runs `read`; a 403 or plan-gated answer skips `what`, anything else throws. */
  const attempt = async <T>(what: string, read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (e) {
      const reason = unreadableReason(e);
      if (reason === undefined) throw new KindReadError(what, e);
      skip(what, reason);
      return undefined;
    }
  };
  // A listing several kinds share (their `part`s of it) is read once, for all of them.
  const listings = new Map<string, { answer: unknown }>();
  const asked = COLLECTIONS.filter((c) => kinds.includes(c.kind));
  for (const c of asked) {
    const api = apiOf(client, c);
    const key = `${c.read.api}.${c.read.list}`;
    if (!listings.has(key)) {
      const sharing = asked.filter((o) => `${o.read.api}.${o.read.list}` === key);
      const list = () => api[c.read.list](shieldZoneId);
      const words = together(sharing.map((o) => KIND_WORDS[o.kind].many));
      listings.set(key, { answer: c.read.required ? await list() : await attempt(words, list) });
    }
    const { answer } = listings.get(key)!;
    if (answer === undefined) {
      if (!c.read.part) Object.assign(zone, { [c.key]: undefined });
      continue;
    }
    const items = (c.read.part ? at(answer, c.read.part) : answer) as unknown[];
    const get = c.read.get;
    if (!get) {
      Object.assign(zone, { [c.key]: items });
      continue;
    }
    const objects: { list: unknown; details: unknown }[] = [];
    const idOf = (x: unknown) => at(x, get.id) as number;
    for (const details of [...items].sort((a, b) => idOf(a) - idOf(b))) {
      const what = `${get.words} ${idOf(details)} (${String(at(details, get.name))})`;
      const list = await attempt(what, () => api[get.method](shieldZoneId, idOf(details)));
      if (list) objects.push({ list, details });
    }
    Object.assign(zone, { [c.key]: objects });
  }
  /**
   * Like `attempt`, for a settings kind: a plan-gated answer means the zone's plan does not
   * have it (nothing to adopt: said in the header, not a warning).
   */
  const setting = async <T>(kind: ImportKind, read: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await read();
    } catch (e) {
      if (planGated(e)) {
        zone.notOnPlan!.push(KIND_WORDS[kind].many);
        return undefined;
      }
      return attempt(KIND_WORDS[kind].many, () => Promise.reject(e));
    }
  };
  const id = shieldZoneId;
  const api = client.shieldZones;
  if (kinds.includes("shield-zone")) {
    zone.settings = await setting("shield-zone", () => api.get(id));
  }
  for (const d of DECLARED_KINDS) {
    if (!kinds.includes(d.kind)) continue;
    const read: () => Promise<unknown> = () => api[d.read](id);
    Object.assign(zone, { [d.key]: await setting(d.kind, read) });
  }
  if (kinds.includes("response-page")) {
    zone.responsePages = await setting("response-page", async () => {
      const pages: Partial<Record<CustomPageType, string>> = {};
      for (const pageType of CustomPageTypes) {
        const html = await api.getCustomPage(id, pageType);
        if (html !== undefined) pages[pageType] = html;
      }
      return pages;
    });
  }
  if (zone.skipped!.length === 0) delete zone.skipped;
  if (zone.notOnPlan!.length === 0) delete zone.notOnPlan;
  return zone;
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
  if (opts.fromTerraform !== undefined) {
    const deps = { io, fail, makeClient, readSnapshot, writeFile: writeAtomically };
    return migrateTerraformState(opts.fromTerraform, opts.out, settings, {
      ...deps,
      redact: (t) => redact(t, secrets),
    });
  }

  if (opts.scripts !== undefined && opts.scripts.length > 0) {
    return importScripts(opts.scripts, opts.out, settings, {
      io,
      fail,
      makeClient,
      explain,
      writeFile: writeAtomically,
      redact: (t) => redact(t, secrets),
    });
  }

  if (opts.apps !== undefined && opts.apps.length > 0) {
    return importApps(opts.apps, opts.registries ?? [], opts.out, settings, {
      io,
      fail,
      makeClient,
      explain,
      writeFile: writeAtomically,
      redact: (t) => redact(t, secrets),
    });
  }

  if (opts.registries !== undefined && opts.registries.length > 0) {
    return importRegistries(opts.registries, opts.out, settings, {
      io,
      fail,
      makeClient,
      explain,
      writeFile: writeAtomically,
      redact: (t) => redact(t, secrets),
    });
  }

  let zoneFileText: string | undefined;
  if (opts.bindFile !== undefined) {
    try {
      zoneFileText = fs.readFileSync(opts.bindFile, "utf8");
    } catch (e) {
      return fail(`nothing written: cannot read ${opts.bindFile}: ${(e as Error).message}`);
    }
  }

  const client = makeClient(settings);
  // The client's retry backoff waits on unref'd timers: without a ref'd handle, a process
  // whose only work is a call being retried (API unreachable) would exit with code 0.
  const keepAlive = setInterval(() => undefined, 60_000);
  let read: ReadResult;
  try {
    read =
      zoneFileText !== undefined
        ? await readZoneFileSnapshot(client, opts, settings.baseUrl, zoneFileText)
        : await readSnapshot(client, opts, settings.baseUrl);
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e));
  } finally {
    clearInterval(keepAlive);
    client.close?.();
  }
  if (read.problems.length > 0 && zoneFileText !== undefined) {
    return fail(`nothing written: ${read.problems.join("; ")}`);
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
      return fail(
        `nothing written: nothing to import (${read.empty.join("; ")})` +
          read.skipped.map((m) => `\n  skipped: ${m}`).join(""),
      );
    }
    return fail(e instanceof Error ? e.message : String(e));
  }

  const count = (type: string) => program.resources.filter((r) => r.type.endsWith(type)).length;
  // The kinds asked for (when a shield or pull zone was given) and the DNS zones (when given).
  // The kinds written only where a zone has something (bot detection, upload scanning, API
  // guardian, response pages) are named only when there is one.
  const shield = opts.shieldZones.length + opts.pullZones.length > 0;
  const whenAny = (k: ImportKind) => k !== "shield-zone" && SETTINGS_KINDS.includes(k);
  const written = [
    ...(shield ? opts.kinds : [])
      .filter((k) => !(whenAny(k) || k === "response-page") || count(KIND_WORDS[k].type) > 0)
      .map((k) => plural(count(KIND_WORDS[k].type), KIND_WORDS[k].one)),
    ...(opts.pullZoneResources
      ? [
          plural(count(":PullZone"), "pull zone"),
          plural(count(":EdgeRule"), "edge rule"),
          `${count(":OptimizerClass")} optimizer class${count(":OptimizerClass") === 1 ? "" : "es"}`,
          plural(count(":Hostname"), "hostname"),
        ]
      : []),
    ...(opts.dnsZones.length > 0 && zoneFileText === undefined
      ? [plural(count(":ZoneDnssec"), "DNS zone"), plural(count(":DnsRecord"), "DNS record")]
      : []),
  ];
  if (zoneFileText !== undefined) {
    const adopted = program.resources.filter(
      (r) => r.type.endsWith(":DnsRecord") && r.id > 0,
    ).length;
    written.push(
      plural(count(":DnsZone"), "DNS zone"),
      plural(count(":DnsRecord"), "DNS record") +
        (adopted > 0 ? ` (${adopted} already in the zone)` : " to create"),
    );
  }
  const bytes = Buffer.byteLength(program.text);
  const zoneFile = read.snapshot.zoneFiles?.[0];
  const report = zoneFile ? zoneFileReport(zoneFile.file, zoneFile.zone) : undefined;
  const reportFile =
    report !== undefined && opts.out !== undefined ? reportFileOf(opts.out) : undefined;
  if (opts.out !== undefined) {
    try {
      writeAtomically(opts.out, program.text);
      if (reportFile !== undefined) writeAtomically(reportFile, report!);
    } catch (e) {
      return fail(`cannot write ${reportFile ?? opts.out}: ${(e as Error).message}`);
    }
  } else {
    io.stdout(program.text);
  }
  if (report !== undefined) io.stderr(redact(report, secrets));
  const notes = [
    ...(read.notes ?? []).map((m) => `note: ${m}`),
    ...read.empty.map((m) => `note: ${m} (nothing to adopt there)`),
    ...read.skipped.map((m) => `warning: ${m}`),
    ...program.warnings.map((m) => `warning: ${m}`),
    ...(program.notes ?? []).map((m) => `note: ${m} (named in a comment)`),
  ];
  const adopting = zoneFileText === undefined ? count(":DnsRecord") : 0;
  if (adopting >= LARGE_ADOPT) {
    notes.push(
      `note: the first \`pulumi up\` adopts ${adopting} DNS records and writes none; with a ` +
        `local or file backend run it as \`PULUMI_EXPERIMENTAL=true ` +
        `PULUMI_SKIP_CHECKPOINTS=true pulumi up\` (the engine then saves the state once at ` +
        `the end instead of after each record; this program as written changes nothing on the ` +
        `platform, so an interrupted run of it is simply run again)`,
    );
  }
  io.stderr(
    redact(
      [
        ...notes,
        `${COMMAND}: wrote ${written.length > 1 ? `${written.slice(0, -1).join(", ")} and ` : ""}` +
          `${written.slice(-1)} ` +
          `(${bytes} bytes) to ${opts.out ?? "standard output"}` +
          (reportFile !== undefined ? `, the report to ${reportFile}` : ""),
      ].join("\n") + "\n",
      secrets,
    ),
  );
  const refused = zoneFile?.zone.refused.length ?? 0;
  if (refused === 0) return 0;
  const where = reportFile !== undefined ? `listed above and in ${reportFile}` : "listed above";
  if (opts.allowPartial) {
    io.stderr(`${COMMAND}: ${plural(refused, "line")} of ${zoneFile!.file} refused (${where})\n`);
    return 0;
  }
  return fail(
    `${plural(refused, "line")} of ${zoneFile!.file} refused (${where}): the program has every ` +
      "other record; fix those lines and run again, or pass --allow-partial to accept it as it is",
    3,
  );
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
