/**
 * Edge scripting (the platform's published edge-scripting document): request bodies and
 * queries of scripts, their code, releases, variables and secrets, each declared ONCE with
 * TypeBox (the constant is the JSON schema `validate` uses; `Static<typeof X>` is its type).
 */
import { Type, type Static } from "@sinclair/typebox";
import { INT32_MAX } from "./enums";
import { EdgeScriptLimits as L, EdgeScriptType } from "./script-enums";
import { enumOf, int64, nullable, nullableBoolean, nullableString } from "./schema-helpers";

const page = () => Type.Integer({ minimum: 1, maximum: INT32_MAX });
const perPage = () => Type.Integer({ minimum: L.perPageMin, maximum: L.perPageMax });
const scriptType = () => enumOf(EdgeScriptType, true);
const maxString = (maxLength: number, minLength = 0) =>
  Type.Unsafe<string | null>({
    type: ["string", "null"],
    maxLength,
    ...(minLength ? { minLength } : {}),
  });
const name = () => Type.String({ minLength: 1, maxLength: L.variableName });

/**
 * Query of GET `/compute/script` (the account's scripts, paged; filters by type and text).
 * The platform takes a list of types; the client filters by one.
 */
export const edgeScriptListQuerySchema = Type.Object(
  {
    type: Type.Optional(scriptType()),
    page: Type.Optional(page()),
    perPage: Type.Optional(perPage()),
    search: Type.Optional(Type.String()),
    includeLinkedPullzones: Type.Optional(Type.Boolean()),
    integrationId: Type.Optional(int64()),
  },
  { additionalProperties: false },
);
/** Query of GET `/compute/script`. */
export type EdgeScriptListQuery = Static<typeof edgeScriptListQuerySchema>;

/** Query of GET `/compute/script/{id}/releases` (paged, newest first). */
export const edgeScriptReleaseListQuerySchema = Type.Object(
  { page: Type.Optional(page()), perPage: Type.Optional(perPage()) },
  { additionalProperties: false },
);
/** Query of GET `/compute/script/{id}/releases`. */
export type EdgeScriptReleaseListQuery = Static<typeof edgeScriptReleaseListQuerySchema>;

/** The repository a script is built from (`SourceCodeIntegrationModel`). */
export const edgeScriptIntegrationSchema = Type.Object(
  {
    IntegrationId: Type.Optional(int64()),
    RepositorySettings: Type.Optional(
      nullable(
        Type.Object(
          {
            Id: Type.Optional(nullable(int64())),
            Name: Type.Optional(nullableString()),
            Private: Type.Optional(Type.Boolean()),
            TemplateUrl: Type.Optional(nullableString()),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    DeployConfiguration: Type.Optional(
      nullable(
        Type.Object(
          {
            Branch: Type.Optional(nullableString()),
            InstallCommand: Type.Optional(nullableString()),
            BuildCommand: Type.Optional(nullableString()),
            EntryFile: Type.Optional(nullableString()),
            CreateWorkflow: Type.Optional(Type.Boolean()),
          },
          { additionalProperties: false },
        ),
      ),
    ),
  },
  { additionalProperties: false },
);

/**
 * Body of POST `/compute/script` (`AddEdgeScriptModel`): name (at most 100 characters),
 * type, first code, and optionally a new pull zone linked to the script.
 */
export const addEdgeScriptSchema = Type.Object(
  {
    Name: Type.Optional(maxString(L.scriptName)),
    Code: Type.Optional(nullableString()),
    ScriptType: Type.Optional(scriptType()),
    CreateLinkedPullZone: Type.Optional(Type.Boolean()),
    LinkedPullZoneName: Type.Optional(nullableString()),
    Integration: Type.Optional(nullable(edgeScriptIntegrationSchema)),
  },
  { additionalProperties: false },
);
/** Body of POST `/compute/script`. */
export type AddEdgeScriptRequest = Static<typeof addEdgeScriptSchema>;

/** Body of POST `/compute/script/{id}` (`UpdateEdgeScriptModel`: name and type). */
export const updateEdgeScriptSchema = Type.Object(
  {
    Name: Type.Optional(maxString(L.scriptName)),
    ScriptType: Type.Optional(scriptType()),
  },
  { additionalProperties: false },
);
/** Body of POST `/compute/script/{id}`. */
export type UpdateEdgeScriptRequest = Static<typeof updateEdgeScriptSchema>;

/** Body of POST `/compute/script/{id}/code` (`UpdateEdgeScriptCodeModel`). */
export const edgeScriptCodeSchema = Type.Object(
  { Code: Type.Optional(nullableString()) },
  { additionalProperties: false },
);
/** Body of POST `/compute/script/{id}/code`. */
export type EdgeScriptCodeRequest = Static<typeof edgeScriptCodeSchema>;

/** Body of POST `/compute/script/{id}/publish[/{uuid}]` (`PublishEdgeScriptModel`). */
export const publishEdgeScriptSchema = Type.Object(
  { Note: Type.Optional(nullableString()) },
  { additionalProperties: false },
);
/** Body of POST `/compute/script/{id}/publish[/{uuid}]`. */
export type PublishEdgeScriptRequest = Static<typeof publishEdgeScriptSchema>;

/** Body of POST `/compute/script/{id}/variables/add` (`AddEdgeScriptVariableModel`). */
export const addEdgeScriptVariableSchema = Type.Object(
  {
    Name: name(),
    Required: Type.Boolean(),
    DefaultValue: Type.Optional(maxString(L.value)),
  },
  { additionalProperties: false },
);
/** Body of POST `/compute/script/{id}/variables/add`. */
export type AddEdgeScriptVariableRequest = Static<typeof addEdgeScriptVariableSchema>;

/** Body of POST `/compute/script/{id}/variables/{variableId}` (only what is sent changes). */
export const updateEdgeScriptVariableSchema = Type.Object(
  {
    DefaultValue: Type.Optional(maxString(L.value)),
    Required: Type.Optional(nullableBoolean()),
  },
  { additionalProperties: false },
);
/** Body of POST `/compute/script/{id}/variables/{variableId}`. */
export type UpdateEdgeScriptVariableRequest = Static<typeof updateEdgeScriptVariableSchema>;

/** Body of PUT `/compute/script/{id}/variables` (`UpsertEdgeScriptVariableModel`, by name). */
export const upsertEdgeScriptVariableSchema = Type.Object(
  {
    Name: name(),
    Required: Type.Optional(nullableBoolean()),
    DefaultValue: Type.Optional(maxString(L.value)),
  },
  { additionalProperties: false },
);
/** Body of PUT `/compute/script/{id}/variables`. */
export type UpsertEdgeScriptVariableRequest = Static<typeof upsertEdgeScriptVariableSchema>;

/**
 * The fields of a secret write besides its value: `Secret` is checked apart, by the client's
 * own check, so that no validation message can quote the value.
 */
export const edgeScriptSecretNameSchema = Type.Object(
  { Name: Type.Optional(nullable(name())) },
  { additionalProperties: false },
);

/** A secret write (`EdgeScriptAddSecretModel`, `…UpdateSecretModel`, `…UpsertSecretModel`). */
export interface EdgeScriptSecretRequest {
  /** The secret's name (1 to 256 characters); required by add and upsert, not sent by update. */
  Name?: string | null;
  /** The value (at most 4096 characters). Write-only: the platform never returns it. */
  Secret?: string | null;
}
