/**
 * API guardian of a shield zone (`ApiGuardian`): its configuration (`GET`/`PATCH
 * /shield/shield-zone/{id}/api-guardian`) and its OpenAPI document (`POST` the first, `PATCH`
 * to replace, `…/api-guardian/spec`). The state holds the document's sha256 (`specHash`),
 * never the document: the program hands it over through a file named by that hash
 * (../api-guardian-documents.ts). The platform cannot delete a document: destroy restores
 * the configuration and leaves the document (it says so).
 */
import {
  UnmatchedPathAction,
  WafExecutionMode,
  WafPayloadLimitAction,
  type ApiGuardian,
  type ApiGuardianUpdate,
} from "edgeplatform-client";
import { isUnknown, ResourceOperationError, type Failure } from "../../core/common";
import { logLine } from "../../core/engine-log";
import { getClient } from "../../core/settings";
import { EMPTY_DOCUMENT_HASH, readDocument } from "../../public/api-guardian-documents";
import { settingsProvider, type EngineKind } from "../../core/zone-settings/engine";
import { enumField, field, flatBody, flatValues, placed } from "../../core/zone-settings/kind";

const FIELDS = [
  placed(
    field("enabled", { type: "boolean" }, "Whether API guardian is on (`isEnabled`)."),
    "isEnabled",
  ),
  enumField("executionMode", WafExecutionMode, '`"Log"` or `"Block"` (0–1).'),
  enumField(
    "bodyLimitAction",
    WafPayloadLimitAction,
    'Over-size body: `"Block"`, `"Log"`, `"Ignore"` (0–2).',
  ),
  enumField(
    "unmatchedPathAction",
    UnmatchedPathAction,
    'A path the document lacks: `"Block"`, `"Log"`, `"Ignore"` (0–2).',
  ),
] as const;

/** The configuration of an API guardian answer (its settings; `{}` when it has none). */
const configurationOf = (a: ApiGuardian) => (a.configuration ?? {}) as Record<string, unknown>;

/** Whether the zone already has an API document (then it is replaced, not posted). */
const hasDocument = (a: ApiGuardian) =>
  (Array.isArray(a.endpoints) && a.endpoints.length > 0) ||
  !!(a.configuration as Record<string, unknown> | undefined)?.title;

/** `edge.shield.ApiGuardian`. */
export const apiGuardianKind: EngineKind<ApiGuardian> = {
  type: "ApiGuardian",
  noun: "the API guardian settings",
  inputsSchema: "apiGuardianInputsSchema",
  fields: FIELDS,
  docs: {
    argsDoc: "Settings of {@link ApiGuardianArgs}; each left out is not managed.",
    args: {
      spec: {
        description:
          "The OpenAPI document, as text. The state holds its sha256 (`specHash`), never the " +
          "document. Not with `specFile`.",
        tsType: "string | undefined",
      },
      specFile: {
        description:
          "Path of the OpenAPI document, relative to the program's directory, read on the " +
          "machine that runs `pulumi`. The state holds its sha256. Not with `spec`.",
        tsType: "string | undefined",
      },
      enforceAuthorizationValidation: {
        description:
          "Whether the document's authorization requirements are enforced (with `spec`/`specFile`).",
        tsType: "boolean",
        output: true,
      },
    },
    outputs: {
      specHash: {
        description: "sha256 of the document Pulumi uploaded (hex).",
        tsType: "string | undefined",
      },
    },
  },
  extraInputs: {
    specHash: { type: "string", pattern: "^[0-9a-f]{64}$" },
    enforceAuthorizationValidation: { type: "boolean" },
  },
  passThrough: ["specHash", "enforceAuthorizationValidation"],
  checkExtra(n): Failure[] {
    // An empty document the program read at run time (an Output): refused before any write.
    if (n.specHash === EMPTY_DOCUMENT_HASH)
      return [
        {
          property: "specHash",
          reason:
            "the OpenAPI document (`spec` or `specFile`) is empty: the platform takes a non-empty one",
        },
      ];
    const named = FIELDS.some((f) => n[f.path] !== undefined && n[f.path] !== null);
    if (!named && n.specHash === undefined)
      return [
        {
          property: "enabled",
          reason:
            "at least one of `enabled`, `executionMode`, `bodyLimitAction`, " +
            "`unmatchedPathAction`, `spec` or `specFile` is required (a setting left out is not managed)",
        },
      ];
    if (n.enforceAuthorizationValidation !== undefined && n.specHash === undefined)
      return [
        {
          property: "enforceAuthorizationValidation",
          reason: "applies to the OpenAPI document: give `spec` or `specFile` too",
        },
      ];
    return [];
  },
  allowEmpty: true, // checkExtra: a setting or the document
  read: async (t) => {
    const a = await getClient().shieldZones.getApiGuardian(t.zone);
    return { raw: a, values: flatValues(FIELDS, configurationOf(a)) };
  },
  async write(t, current, changes) {
    const body = flatBody(FIELDS, configurationOf(current.raw), changes) as ApiGuardianUpdate;
    await getClient().shieldZones.updateApiGuardian(t.zone, body);
  },
  async afterWrite(t, inputs, olds, what) {
    const hash = inputs.specHash;
    if (hash === undefined && typeof olds?.specHash === "string") {
      await logLine(
        `${what}: the OpenAPI document Pulumi uploaded (sha256 ${olds.specHash}) stays: the ` +
          `program no longer gives one, and the platform cannot delete an API guardian document`,
      );
    }
    if (typeof hash !== "string" || isUnknown(hash)) return {};
    const enforce = inputs.enforceAuthorizationValidation;
    if (olds && olds.specHash === hash && olds.enforceAuthorizationValidation === enforce)
      return {};
    const content = readDocument(hash);
    if (content === undefined) {
      throw new ResourceOperationError(
        `${what} failed: the OpenAPI document with sha256 ${hash} is not available to the ` +
          `provider (the program hands it over in a file named by its hash; with ` +
          `\`ignoreChanges: [specHash]\` the program must still give that document); run ` +
          `\`pulumi up\` again from the program's directory`,
      );
    }
    const body = {
      content,
      ...(typeof enforce === "boolean" ? { enforceAuthorizationValidation: enforce } : {}),
    };
    const client = getClient().shieldZones;
    const first = !olds?.specHash && !hasDocument(await client.getApiGuardian(t.zone));
    if (first) await client.createApiGuardianSpec(t.zone, body);
    else await client.updateApiGuardianSpec(t.zone, body);
    return {};
  },
  deleteNote: (_t, props) =>
    typeof props.specHash === "string"
      ? `the OpenAPI document Pulumi uploaded (sha256 ${props.specHash}) stays: the platform cannot delete an API guardian document`
      : undefined,
};

/** The dynamic provider of `edge.shield.ApiGuardian` (what its serialized stub calls). */
export const apiGuardianProvider = settingsProvider(apiGuardianKind);
