/**
 * `edge.shield.ApiGuardian`: API guardian of a shield zone (its configuration and its
 * OpenAPI document) as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/shield:ApiGuardian`).
 */
import * as pulumi from "@pulumi/pulumi";
import { present } from "../core/common";
import type { EdgeResourceOptions } from "./readable-resource";
import {
  oneDocument,
  storeDocument,
  storeDocumentFile,
  storeDocumentText,
} from "./api-guardian-documents";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { SettingsZoneArgs } from "./zone-settings-resource";
import type { ApiGuardianOutputs, ApiGuardianSettingsArgs } from "./generated/api-guardian";
import { API_GUARDIAN_OUTPUTS, API_GUARDIAN_SECRET_OUTPUTS } from "./generated/api-guardian";

/** Where a path the document lacks goes (named constants; the area exports them: `edge.shield.UnmatchedPathAction`). */
export { UnmatchedPathAction } from "edgeplatform-client";

export type { ApiGuardianSettingsArgs, ApiGuardianState } from "./generated/api-guardian";

/** Arguments of {@link ApiGuardian}: the zone, the settings and/or the document. */
export type ApiGuardianArgs = ApiGuardianSettingsArgs & SettingsZoneArgs;

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<ApiGuardianArgs> = {
  stub: "api-guardian",
  type: "ApiGuardian",
  noun: "the API guardian settings",
  outputs: API_GUARDIAN_OUTPUTS,
  secretOutputs: API_GUARDIAN_SECRET_OUTPUTS,
  engineArgs: apiGuardianEngineArgs,
};

/** The outputs of an {@link ApiGuardian}: its settings' (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface ApiGuardian extends ApiGuardianOutputs {}

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
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class ApiGuardian extends ZoneSettingsResource<ApiGuardianArgs> {
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
