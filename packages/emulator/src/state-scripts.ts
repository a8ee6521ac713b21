/**
 * Edge-script parts of the emulator's state: a script's type, saved code, releases (the live
 * one named by `currentReleaseId`), variables, secrets (their values stored, never
 * answered), deployment key and linked pull zones. A script written before these parts
 * existed (only `id` and `name`) is filled with a standalone script's defaults, so old state
 * files and fixtures still load.
 */

/** A variable as stored (the published `EdgeScriptVariableModel`). */
export interface StoredScriptVariable {
  Id: number;
  Name: string;
  Required: boolean;
  DefaultValue: string | null;
}

/** A secret as stored: `value` is what the platform keeps and never answers. */
export interface StoredScriptSecret {
  Id: number;
  Name: string;
  LastModified: string;
  value: string | null;
}

/** A release as stored; its `Status` is Live when it is the script's `currentReleaseId`. */
export interface StoredScriptRelease {
  Id: number;
  Uuid: string;
  Code: string | null;
  Note: string | null;
  Author: string | null;
  AuthorEmail: string | null;
  CommitSha: string | null;
  DateReleased: string;
  DatePublished: string;
}

/** What a script holds besides its `id` and `name` (each filled when absent). */
export interface ScriptParts {
  /** 0 DNS, 1 CDN (standalone), 2 Middleware. Default 1. */
  scriptType?: number;
  /** The saved code (not necessarily live). Default "". */
  code?: string | null;
  /** When the code was last saved, and when the script last changed (ISO 8601). */
  codeModified?: string;
  lastModified?: string;
  /** The live release's id; 0 when nothing was published. */
  currentReleaseId?: number;
  releases?: StoredScriptRelease[];
  variables?: StoredScriptVariable[];
  secrets?: StoredScriptSecret[];
  deploymentKey?: string;
  /** Ids of the pull zones the script runs on (pull zones of the state). */
  linkedPullZoneIds?: number[];
}

/** A script with every part present. */
export type StoredScript = { id: number; name: string } & Required<ScriptParts>;

/** The edge-script part of the ids the emulator hands out next. */
export interface ScriptIds {
  script: number;
  scriptVariable: number;
  scriptSecret: number;
  scriptRelease: number;
}

/** The date every fixture script part was made. */
export const SCRIPT_FIXTURE_DATE = "2026-01-01T00:00:00Z";

/**
 * Fills what a state document may leave out of each script, and the next script, variable,
 * secret and release ids (above every id in use). Returns the same object.
 */
export function fillScripts<T extends { scripts: { id: number }[]; nextIds: object }>(state: T): T {
  for (const s of state.scripts as (Partial<StoredScript> & { id: number })[]) {
    s.scriptType ??= 1;
    s.code ??= "";
    s.codeModified ??= SCRIPT_FIXTURE_DATE;
    s.lastModified ??= SCRIPT_FIXTURE_DATE;
    s.currentReleaseId ??= 0;
    s.releases ??= [];
    s.variables ??= [];
    s.secrets ??= [];
    s.deploymentKey ??= `emulator-deployment-key-${s.id}`;
    s.linkedPullZoneIds ??= [];
  }
  const scripts = state.scripts as StoredScript[];
  const ids = state.nextIds as Partial<ScriptIds>;
  const above = (min: number, xs: number[]) => xs.reduce((m, x) => Math.max(m, x + 1), min);
  ids.script ??= above(
    100,
    scripts.map((s) => s.id),
  );
  ids.scriptVariable ??= above(
    1000,
    scripts.flatMap((s) => s.variables.map((v) => v.Id)),
  );
  ids.scriptSecret ??= above(
    1000,
    scripts.flatMap((s) => s.secrets.map((v) => v.Id)),
  );
  ids.scriptRelease ??= above(
    1000,
    scripts.flatMap((s) => s.releases.map((r) => r.Id)),
  );
  return state;
}

/** Problems of the script part of a state document (each needs a numeric `id`). */
export function checkScriptShape(v: Record<string, unknown>): string[] {
  const scripts = Array.isArray(v.scripts) ? (v.scripts as unknown[]) : [];
  return scripts.flatMap((s, i) => {
    const x = s as Partial<StoredScript> | null;
    if (!x || typeof x.id !== "number") return [`scripts[${i}] needs a numeric id`];
    const lists = ["releases", "variables", "secrets", "linkedPullZoneIds"] as const;
    return lists
      .filter((k) => x[k] !== undefined && !Array.isArray(x[k]))
      .map((k) => `scripts[${i}].${k} must be an array`);
  });
}
