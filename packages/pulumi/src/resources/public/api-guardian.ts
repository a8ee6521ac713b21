/**
 * `edge.shield.ApiGuardian`: API guardian of a shield zone (its configuration and its
 * OpenAPI document) as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/shield:ApiGuardian`).
 */
import * as pulumi from "@pulumi/pulumi";
import { present } from "../core/common";
import type { EdgeResourceOptions } from "./readable-resource";
import type {
  UnmatchedPathAction,
  WafExecutionMode,
  WafPayloadLimitAction,
} from "edgeplatform-client/spec";
import {
  oneDocument,
  storeDocument,
  storeDocumentFile,
  storeDocumentText,
} from "./api-guardian-documents";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { EnumArg, SettingsStateBase, SettingsZoneArgs } from "./zone-settings-resource";

/** Settings of {@link ApiGuardianArgs}; each left out is not managed. */
export interface ApiGuardianSettingsArgs {
  /** Whether API guardian is on (`isEnabled`). */
  enabled?: pulumi.Input<boolean>;
  /** `"Log"` or `"Block"` (0–1). */
  executionMode?: pulumi.Input<EnumArg<typeof WafExecutionMode>>;
  /** Over-size body: `"Block"`, `"Log"`, `"Ignore"` (0–2). */
  bodyLimitAction?: pulumi.Input<EnumArg<typeof WafPayloadLimitAction>>;
  /** A path the document lacks: `"Block"`, `"Log"`, `"Ignore"` (0–2). */
  unmatchedPathAction?: pulumi.Input<EnumArg<typeof UnmatchedPathAction>>;
  /**
   * The OpenAPI document, as text. The state holds its sha256 (`specHash`), never the
   * document. Not with `specFile`.
   */
  spec?: pulumi.Input<string | undefined>;
  /**
   * Path of the OpenAPI document, relative to the program's directory, read on the machine
   * that runs `pulumi`. The state holds its sha256. Not with `spec`.
   */
  specFile?: pulumi.Input<string | undefined>;
  /** Whether the document's authorization requirements are enforced (with `spec`/`specFile`). */
  enforceAuthorizationValidation?: pulumi.Input<boolean>;
}

/** Arguments of {@link ApiGuardian}: the zone, the settings and/or the document. */
export type ApiGuardianArgs = ApiGuardianSettingsArgs & SettingsZoneArgs;

/** State (outputs) of an {@link ApiGuardian}. */
export interface ApiGuardianState extends SettingsStateBase {
  /** Whether API guardian is on, when managed. */
  enabled: boolean | undefined;
  /** Execution mode, when managed. */
  executionMode: string | number | undefined;
  /** Body limit action, when managed. */
  bodyLimitAction: string | number | undefined;
  /** Unmatched path action, when managed. */
  unmatchedPathAction: string | number | undefined;
  /** sha256 of the document Pulumi uploaded (hex). */
  specHash: string | undefined;
}

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<ApiGuardianArgs> = {
  stub: "api-guardian",
  type: "ApiGuardian",
  noun: "the API guardian settings",
  outputs: [
    "enabled",
    "executionMode",
    "bodyLimitAction",
    "unmatchedPathAction",
    "specHash",
    "enforceAuthorizationValidation",
  ],
  engineArgs: apiGuardianEngineArgs,
};

/**
 * API guardian of a shield zone (a plan with API guardian: below it, the create fails
 * naming the zone's plan): its configuration and its OpenAPI document. Only the named
 * settings are managed; destroy restores them (`prior`). The platform cannot delete a
 * document: destroy leaves the last one uploaded (and says so).
 *
 * ```ts
 * new edge.shield.ApiGuardian("api", { shieldZoneId: 3, enabled: true, specFile: "openapi.json" });
 * ```
 */
export class ApiGuardian extends ZoneSettingsResource<ApiGuardianArgs> {
  /** Whether API guardian is on, when managed. */
  declare public readonly enabled: pulumi.Output<boolean | undefined>;
  /** Execution mode, when managed. */
  declare public readonly executionMode: pulumi.Output<string | number | undefined>;
  /** Body limit action, when managed. */
  declare public readonly bodyLimitAction: pulumi.Output<string | number | undefined>;
  /** Unmatched path action, when managed. */
  declare public readonly unmatchedPathAction: pulumi.Output<string | number | undefined>;
  /** sha256 of the document (hex), when given. */
  declare public readonly specHash: pulumi.Output<string | undefined>;

  /**
   * Manages API guardian of a shield zone.
   * @param name The unique name of the resource.
   * @param args The zone, the settings and/or the document.
   * @param opts Options for the resource (`opts.import` is refused: the arguments adopt).
   */
  constructor(name: string, args: ApiGuardianArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}

const OPERATION = "edge.shield.ApiGuardian";

/**
 * The engine's arguments of an `ApiGuardian`: the document (`spec` or `specFile`) stored and
 * named by its hash (`specHash`), the rest as written.
 * @throws InvalidArgumentError when both are given, or the file cannot be read.
 */
function apiGuardianEngineArgs(args: ApiGuardianArgs): Record<string, unknown> {
  const { spec, specFile, ...rest } = args;
  oneDocument(OPERATION, spec, specFile);
  const engineArgs: Record<string, unknown> = { ...rest };
  // An Output that resolves to nothing gives no document, as a plain `undefined` does (an
  // Output counts as given for `oneDocument`: whether it holds a value is not known yet).
  if (typeof spec === "string") engineArgs.specHash = storeDocumentText(OPERATION, spec);
  else if (present(spec))
    engineArgs.specHash = pulumi
      .output(spec)
      .apply((s) => (present(s) ? storeDocument(s as string) : undefined));
  // A file that cannot be read fails naming `specFile` (thrown here for a plain path: a
  // failure inside an apply leaves an inline program's `pulumi up` hanging).
  const stored = (f: unknown) => (present(f) ? storeDocumentFile(OPERATION, f) : undefined);
  if (typeof specFile === "string") engineArgs.specHash = stored(specFile);
  else if (present(specFile)) engineArgs.specHash = pulumi.output(specFile).apply(stored);
  return engineArgs;
}
