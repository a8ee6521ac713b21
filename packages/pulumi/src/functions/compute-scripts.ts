/**
 * Edge-script data sources: `getEdgeScript` (one script, its code's sha256 and size),
 * `getEdgeScripts` (the account's scripts, every page) and `getReleases` (a script's releases,
 * newest first, the live one flagged), each also as an Output form. No result ever holds the
 * script's deployment key: each is built field by field from the platform's answer.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import type * as S from "./compute-schemas";
import type { EdgeScriptTypeName } from "./compute-schemas";
import type { EdgeScript, EdgeScriptRelease } from "edgeplatform-client";
import { EdgeApiError } from "edgeplatform-client";
import {
  EdgeScriptReleaseStatus,
  EdgeScriptType,
  schemaRef,
} from "edgeplatform-client/spec/runtime";
import { codeHash, codeSize } from "../resources/public/edge-script-code";
import { checkArgs } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";

const ref = <K extends keyof typeof S>(name: K) =>
  schemaRef<(typeof S)[K]>(__dirname, "./compute-schemas", name);
const getEdgeScriptArgs = ref("getEdgeScriptArgsSchema");
const getEdgeScriptsArgs = ref("getEdgeScriptsArgsSchema");
const getReleasesArgs = ref("getReleasesArgsSchema");

/** Arguments of {@link getEdgeScript}. */
export type GetEdgeScriptArgs = Static<typeof S.getEdgeScriptArgsSchema>;
/** Arguments of {@link getEdgeScripts}. */
export type GetEdgeScriptsArgs = Static<typeof S.getEdgeScriptsArgsSchema>;
/** Arguments of {@link getReleases}. */
export type GetReleasesArgs = Static<typeof S.getReleasesArgsSchema>;

/** A pull zone an edge script runs on (the platform's `LinkedPullZone`). */
export interface EdgeScriptLinkedPullZoneResult {
  /** The pull zone's id (`Id`). */
  pullZoneId: number;
  /** The pull zone's name (`PullZoneName`). */
  name: string | null;
  /** The pull zone's default hostname (`DefaultHostname`). */
  defaultHostname: string | null;
}

/** An edge script as the account's list gives it (the platform's `EdgeScriptModel`, in part). */
export interface EdgeScriptSummaryResult {
  /** The script's id (`Id`). */
  scriptId: number;
  /** The script's name (`Name`); null when the platform gives none. */
  name: string | null;
  /**
   * The script's type, by name, as `EdgeScript`'s `scriptType` takes it: `"CDN"` (standalone:
   * it answers requests itself), `"Middleware"` or `"DNS"` (`ScriptType`); null for a type
   * this version does not know.
   */
  scriptType: "CDN" | "Middleware" | "DNS" | null;
  /** The pull zones it runs on, in the platform's order (`LinkedPullZones`). */
  linkedPullZones: EdgeScriptLinkedPullZoneResult[];
  /** The script's default hostname (`DefaultHostname`). */
  defaultHostname: string | null;
  /** The script's system hostname (`SystemHostname`). */
  systemHostname: string | null;
  /** The id of the live release (`CurrentReleaseId`); null when nothing was published. */
  currentReleaseId: number | null;
  /** When the script last changed (`LastModified`, ISO 8601). */
  lastModified: string | null;
}

/** A variable of an edge script (the platform's `EdgeScriptVariableModel`). */
export interface EdgeScriptVariableResult {
  /** The variable's id (`Id`). */
  variableId: number;
  /** The variable's name (`Name`). */
  name: string | null;
  /** Whether the script needs a value for it (`Required`). */
  required: boolean;
  /** The value the script sees when none is set (`DefaultValue`; null: none). */
  defaultValue: string | null;
}

/** Result of {@link getEdgeScript}: the script, its variables and its saved code's hash. */
export interface GetEdgeScriptResult extends EdgeScriptSummaryResult {
  /** Its variables, by id (`EdgeScriptVariables`). */
  variables: EdgeScriptVariableResult[];
  /**
   * sha256 (hex) of the saved code (GET `…/code`): the same value as `EdgeScript`'s
   * `codeHash` for that code.
   */
  codeHash: string;
  /** Size of the saved code in bytes (UTF-8). */
  codeSize: number;
  /** The saved code itself: only with `includeCode: true`, else undefined. */
  code?: string;
}

/** Result of {@link getEdgeScripts}. */
export interface GetEdgeScriptsResult {
  /** The scripts, in the platform's order. */
  scripts: EdgeScriptSummaryResult[];
}

/** A release of an edge script (the platform's `EdgeScriptReleaseModel`, without its code). */
export interface EdgeScriptReleaseResult {
  /** The release's id (`Id`). */
  releaseId: number;
  /** The release's uuid (`Uuid`): what `publish/{uuid}` makes live again. */
  uuid: string | null;
  /** `"Live"` (the release that runs) or `"Archived"` (`Status`); null for an unknown status. */
  status: "Live" | "Archived" | null;
  /** Whether it is the live release (`Status` Live). */
  live: boolean;
  /** When it was released (`DateReleased`, ISO 8601). */
  dateReleased: string | null;
  /** When it was published (`DatePublished`, ISO 8601). */
  datePublished: string | null;
  /** Its author (`Author`). */
  author: string | null;
  /** Its author's e-mail address (`AuthorEmail`). */
  authorEmail: string | null;
  /** Its note (`Note`). */
  note: string | null;
  /** The commit it was built from (`CommitSha`). */
  commitSha: string | null;
  /** sha256 (hex) of its code when the platform reports the code (`Code`); else null. */
  codeHash: string | null;
}

/** Result of {@link getReleases}. */
export interface GetReleasesResult {
  /** The script's id. */
  scriptId: number;
  /** The releases, newest first (by `DateReleased`, then by id). */
  releases: EdgeScriptReleaseResult[];
  /** The id of the live release; null when none is live. */
  liveReleaseId: number | null;
}

const TYPE_NAMES = new Map<number, EdgeScriptSummaryResult["scriptType"]>(
  Object.entries(EdgeScriptType).map(([k, v]) => [v, k as EdgeScriptTypeName]),
);
const STATUS_NAMES = new Map<number, EdgeScriptReleaseResult["status"]>(
  Object.entries(EdgeScriptReleaseStatus).map(([k, v]) => [
    v,
    k as keyof typeof EdgeScriptReleaseStatus,
  ]),
);
const text = (v: string | null | undefined): string | null =>
  typeof v === "string" && v !== "" ? v : null;

/** A script in this package's casing, field by field (never its deployment key). */
function summaryOf(s: EdgeScript): EdgeScriptSummaryResult {
  return {
    scriptId: s.Id,
    name: text(s.Name),
    scriptType: TYPE_NAMES.get(s.ScriptType) ?? null,
    linkedPullZones: (s.LinkedPullZones ?? []).map((z) => ({
      pullZoneId: z.Id,
      name: text(z.PullZoneName),
      defaultHostname: text(z.DefaultHostname),
    })),
    defaultHostname: text(s.DefaultHostname),
    systemHostname: text(s.SystemHostname),
    currentReleaseId: s.CurrentReleaseId > 0 ? s.CurrentReleaseId : null,
    lastModified: text(s.LastModified),
  };
}

/** The platform's error for an unknown script, with a message naming it. */
function notFound(op: string, scriptId: number, e: unknown): unknown {
  if (!(e instanceof EdgeApiError) || !e.isNotFound) return e;
  return new EdgeApiError({
    operation: op,
    status: e.status,
    method: e.method,
    path: e.path,
    ...(e.errorKey ? { errorKey: e.errorKey } : {}),
    detail: `edge script ${scriptId} was not found on the account (check scriptId)`,
  });
}

/**
 * Reads an edge script (GET `/compute/script/{id}` and its saved code, GET `…/code`): its
 * name, type by name, linked pull zones, hostnames, live release id and variables, and the
 * code's sha256 and size. The code itself only with `includeCode: true`; never the
 * deployment key.
 *
 * ```ts
 * const script = await edge.compute.getEdgeScript({ scriptId: 1 });
 * script.scriptType; script.codeHash; script.linkedPullZones.map((z) => z.pullZoneId);
 * ```
 * @throws InvalidArgumentError for a bad `scriptId` or `includeCode`.
 * @throws EdgeApiError for platform errors (404 `isNotFound` for an unknown script, naming it).
 */
export async function getEdgeScript(
  args: GetEdgeScriptArgs,
  opts: DataSourceOptions = {},
): Promise<GetEdgeScriptResult> {
  const op = "compute.getEdgeScript";
  try {
    const { scriptId, includeCode } = checkArgs(op, getEdgeScriptArgs, args);
    const client = await connectedClient(opts);
    try {
      const script = await client.compute.getScript(scriptId);
      const code = (await client.compute.getCode(scriptId)).Code ?? "";
      return {
        ...summaryOf(script),
        variables: [...(script.EdgeScriptVariables ?? [])]
          .sort((a, b) => a.Id - b.Id)
          .map((v) => ({
            variableId: v.Id,
            name: text(v.Name),
            required: v.Required === true,
            defaultValue: v.DefaultValue ?? null,
          })),
        codeHash: codeHash(code),
        codeSize: codeSize(code),
        ...(includeCode === true ? { code } : {}),
      };
    } catch (e) {
      throw notFound(op, scriptId, e);
    }
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getEdgeScript} (accepts Inputs). */
export function getEdgeScriptOutput(
  args: Inputs<GetEdgeScriptArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetEdgeScriptResult> {
  return dataSourceOutput(args, opts, getEdgeScript);
}

/**
 * Lists the account's edge scripts (GET `/compute/script`, every page, with their linked pull
 * zones), optionally only those
 * whose name contains `search` and those of one `type` (`"CDN"`, `"Middleware"`, `"DNS"`).
 *
 * ```ts
 * const { scripts } = await edge.compute.getEdgeScripts({ type: "Middleware" });
 * ```
 * @throws InvalidArgumentError for a `type` that is not a script type (naming the allowed ones).
 * @throws EdgeApiError for platform errors.
 */
export async function getEdgeScripts(
  args: GetEdgeScriptsArgs = {},
  opts: DataSourceOptions = {},
): Promise<GetEdgeScriptsResult> {
  const op = "compute.getEdgeScripts";
  try {
    const { search, type } = checkArgs(op, getEdgeScriptsArgs, args);
    const client = await connectedClient(opts);
    // The list names a script's pull zones only when asked (`includeLinkedPullzones`).
    const query = {
      includeLinkedPullzones: true,
      ...(search !== undefined && search !== "" ? { search } : {}),
      ...(type !== undefined
        ? { type: typeof type === "number" ? type : EdgeScriptType[type] }
        : {}),
    };
    const scripts: EdgeScriptSummaryResult[] = [];
    for await (const s of client.compute.allScripts(query)) scripts.push(summaryOf(s));
    return { scripts };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getEdgeScripts} (accepts Inputs). */
export function getEdgeScriptsOutput(
  args: Inputs<GetEdgeScriptsArgs> = {},
  opts: DataSourceOptions = {},
): pulumi.Output<GetEdgeScriptsResult> {
  return dataSourceOutput(args, opts, getEdgeScripts);
}

/** A release in this package's casing, field by field (never its code). */
function releaseOf(r: EdgeScriptRelease): EdgeScriptReleaseResult {
  const status = STATUS_NAMES.get(r.Status) ?? null;
  return {
    releaseId: r.Id,
    uuid: text(r.Uuid),
    status,
    live: status === "Live",
    dateReleased: text(r.DateReleased),
    datePublished: text(r.DatePublished),
    author: text(r.Author),
    authorEmail: text(r.AuthorEmail),
    note: text(r.Note),
    commitSha: text(r.CommitSha),
    codeHash: typeof r.Code === "string" ? codeHash(r.Code) : null,
  };
}

/** Newest first: the later `dateReleased` first (an unreadable date last), then the higher id. */
function newestFirst(a: EdgeScriptReleaseResult, b: EdgeScriptReleaseResult): number {
  const at = (r: EdgeScriptReleaseResult) => {
    const t = Date.parse(r.dateReleased ?? "");
    return Number.isNaN(t) ? -Infinity : t;
  };
  return at(b) - at(a) || b.releaseId - a.releaseId;
}

/**
 * Lists the releases of an edge script (GET `/compute/script/{id}/releases`, every page),
 * newest first, the live one flagged (`live`, and its id as `liveReleaseId`). Each release
 * carries its code's sha256 when the platform reports the code, never the code.
 *
 * ```ts
 * const { releases, liveReleaseId } = await edge.compute.getReleases({ scriptId: 1 });
 * releases.filter((r) => !r.live).map((r) => r.uuid);
 * ```
 * @throws InvalidArgumentError for a bad `scriptId`.
 * @throws EdgeApiError for platform errors (404 `isNotFound` for an unknown script, naming it).
 */
export async function getReleases(
  args: GetReleasesArgs,
  opts: DataSourceOptions = {},
): Promise<GetReleasesResult> {
  const op = "compute.getReleases";
  try {
    const { scriptId } = checkArgs(op, getReleasesArgs, args);
    const client = await connectedClient(opts);
    const releases: EdgeScriptReleaseResult[] = [];
    try {
      for await (const r of client.compute.allReleases(scriptId)) releases.push(releaseOf(r));
    } catch (e) {
      throw notFound(op, scriptId, e);
    }
    releases.sort(newestFirst);
    const live = releases.find((r) => r.live);
    return { scriptId, releases, liveReleaseId: live ? live.releaseId : null };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getReleases} (accepts Inputs). */
export function getReleasesOutput(
  args: Inputs<GetReleasesArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetReleasesResult> {
  return dataSourceOutput(args, opts, getReleases);
}
