/**
 * Edge-scripting enumerations (the platform's published edge-scripting document). No TypeBox:
 * loaded by `edgeplatform-client/spec/runtime` too.
 */

/**
 * The kind of an edge script (`EdgeScriptTypes`): `DNS` runs behind a DNS zone's `Script`
 * records, `CDN` is a standalone script (it serves requests itself, on its linked pull zone),
 * `Middleware` runs in front of a pull zone's origin.
 */
export const EdgeScriptType = Object.freeze({ DNS: 0, CDN: 1, Middleware: 2 } as const);
/** A value of {@link EdgeScriptType}. */
export type EdgeScriptType = (typeof EdgeScriptType)[keyof typeof EdgeScriptType];

/** The state of a release (`EdgeScriptReleaseStatus`): `Live` is the one that runs. */
export const EdgeScriptReleaseStatus = Object.freeze({ Archived: 0, Live: 1 } as const);
/** A value of {@link EdgeScriptReleaseStatus}. */
export type EdgeScriptReleaseStatus =
  (typeof EdgeScriptReleaseStatus)[keyof typeof EdgeScriptReleaseStatus];

/** Limits of the edge-scripting request bodies (characters). */
export const EdgeScriptLimits = Object.freeze({
  /** A script's name. */
  scriptName: 100,
  /** A variable's or a secret's name (at least 1). */
  variableName: 256,
  /** A variable's default value, or a secret's value. */
  value: 4096,
  /** `perPage` of the script and release lists: 5 to 1000 (platform default 1000). */
  perPageMin: 5,
  perPageMax: 1000,
} as const);
