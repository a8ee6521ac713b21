/**
 * The operations of the platform's published edge-scripting document, transcribed into
 * TypeBox: "Edge Scripting API" v1.0.0, `data/edge-scripting-api-v1.0.0.json` of
 * ToshY/bunnynet-openapi-specification. Per operation: method, path, request body schema and
 * the declared statuses with their answer schema (`null`: no body). Field names, types,
 * lengths, `required` lists and `additionalProperties: false` are the document's; `nullable`
 * becomes `T | null`; enumerations are their integer values. Deliberately NOT derived from
 * the client's or the emulator's schemas: this is the other side of the contract
 * (test/contract/published-scripts.test.ts holds both against it).
 *
 * One reading: the document lists a `uuid` path parameter for POST
 * `/compute/script/{id}/publish`, whose path has none; it is read as the form without a uuid
 * (publish the saved code), beside `/publish/{uuid}` (publish that release).
 */
import { Type, type TSchema } from "@sinclair/typebox";

const nul = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const int32 = () => Type.Integer({ minimum: -2147483648, maximum: 2147483647 });
const int64 = () => Type.Integer();
const str = (opts: { minLength?: number; maxLength?: number } = {}) => nul(Type.String(opts));
const date = () => Type.String({ format: "date-time" });
const closed = (props: Record<string, TSchema>, required: string[] = []) =>
  Type.Object(
    Object.fromEntries(
      Object.entries(props).map(([k, v]) => [k, required.includes(k) ? v : Type.Optional(v)]),
    ),
    { additionalProperties: false },
  );

const EdgeScriptTypes = () => Type.Integer({ enum: [0, 1, 2] });
const EdgeScriptReleaseStatus = () => Type.Integer({ enum: [0, 1] });

const Variable = closed({
  Id: int64(),
  Name: str(),
  Required: Type.Boolean(),
  DefaultValue: str(),
});
const LinkedPullZone = closed({ Id: int64(), PullZoneName: str(), DefaultHostname: str() });
const Integration = closed({
  IntegrationId: int64(),
  RepositorySettings: nul(
    closed({ Id: nul(int64()), Name: str(), Private: Type.Boolean(), TemplateUrl: str() }),
  ),
  DeployConfiguration: nul(
    closed({
      Branch: str(),
      InstallCommand: str(),
      BuildCommand: str(),
      EntryFile: str(),
      CreateWorkflow: Type.Boolean(),
    }),
  ),
});
const Script = closed({
  Id: int64(),
  Name: str(),
  LastModified: date(),
  ScriptType: EdgeScriptTypes(),
  CurrentReleaseId: int64(),
  EdgeScriptVariables: nul(Type.Array(Variable)),
  Deleted: Type.Boolean(),
  LinkedPullZones: nul(Type.Array(LinkedPullZone)),
  Integration: nul(Integration),
  DefaultHostname: str(),
  SystemHostname: str(),
  DeploymentKey: str(),
  RepositoryId: nul(int64()),
  IntegrationId: nul(int64()),
  MonthlyCost: Type.Number(),
  MonthlyRequestCount: int64(),
  MonthlyCpuTime: int64(),
});
const Release = closed({
  Id: int64(),
  Deleted: Type.Boolean(),
  Code: str(),
  Uuid: str(),
  Note: str(),
  Author: str(),
  AuthorEmail: str(),
  CommitSha: str(),
  Status: EdgeScriptReleaseStatus(),
  DateReleased: date(),
  DatePublished: date(),
});
const Secret = closed({ Id: int64(), Name: str(), LastModified: date() });
const page = (item: TSchema) =>
  closed({
    Items: nul(Type.Array(item)),
    CurrentPage: int32(),
    TotalItems: int32(),
    HasMoreItems: Type.Boolean(),
  });
const chart = () => nul(Type.Record(Type.String(), Type.Number()));
const Statistics = closed({
  TotalRequestsServed: int64(),
  TotalCpuUsed: Type.Number(),
  TotalMonthlyCost: Type.Number(),
  AverageCpuTimePerExecution: Type.Number(),
  RequestsServedChart: chart(),
  AverageCpuTimeChart: chart(),
  TotalCpuTimeChart: chart(),
});
const ApiErrorData = closed({ ErrorKey: str(), Field: str(), Message: str() });

const NAME = () => Type.String({ minLength: 1, maxLength: 256 });
const VALUE = () => str({ maxLength: 4096 });

/** One published operation. */
export interface PublishedScriptOperation {
  /** The document's operation id, shortened. */
  op: string;
  method: string;
  /** Path template with `{name}` parameters. */
  path: string;
  /** The request body's schema (writes with a body). */
  body?: TSchema;
  /** Declared statuses: the answer's JSON schema, or null for an answer without body. */
  answers: Record<number, TSchema | null>;
}

const S = "/compute/script/{id}";
/** 401 and 500 are declared by every operation, without a body. */
const common = { 401: null, 500: null };

/** The 23 operations of the document. */
export const PUBLISHED_SCRIPT_OPERATIONS: readonly PublishedScriptOperation[] = [
  {
    op: "GetCode",
    method: "GET",
    path: `${S}/code`,
    answers: { 200: closed({ Code: str(), LastModified: date() }), 404: null, ...common },
  },
  {
    op: "SetCode",
    method: "POST",
    path: `${S}/code`,
    body: closed({ Code: str() }),
    answers: { 204: null, 404: null, ...common },
  },
  {
    op: "Delete",
    method: "DELETE",
    path: S,
    answers: { 204: null, 404: null, 400: ApiErrorData, ...common },
  },
  {
    op: "GetEdgeScriptById",
    method: "GET",
    path: S,
    answers: { 200: Script, 404: null, ...common },
  },
  {
    op: "Update",
    method: "POST",
    path: S,
    body: closed({ Name: str({ maxLength: 100 }), ScriptType: EdgeScriptTypes() }),
    answers: { 200: Script, 404: null, ...common },
  },
  {
    op: "GetEdgeScriptStatistics",
    method: "GET",
    path: `${S}/statistics`,
    answers: { 200: Statistics, 404: null, ...common },
  },
  {
    op: "ListEdgeScripts",
    method: "GET",
    path: "/compute/script",
    answers: { 200: page(Script), ...common },
  },
  {
    op: "AddScript",
    method: "POST",
    path: "/compute/script",
    body: closed({
      Name: str({ maxLength: 100 }),
      Code: str(),
      ScriptType: EdgeScriptTypes(),
      CreateLinkedPullZone: Type.Boolean(),
      LinkedPullZoneName: str(),
      Integration: nul(Integration),
    }),
    answers: { 201: Script, 400: ApiErrorData, ...common },
  },
  {
    op: "RotateDeploymentKey",
    method: "POST",
    path: `${S}/deploymentKey/rotate`,
    answers: { 204: null, 404: null, ...common },
  },
  {
    op: "AddVariable",
    method: "POST",
    path: `${S}/variables/add`,
    body: closed({ Name: NAME(), Required: Type.Boolean(), DefaultValue: VALUE() }, [
      "Name",
      "Required",
    ]),
    answers: { 200: Variable, 404: null, ...common },
  },
  {
    op: "DeleteVariable",
    method: "DELETE",
    path: `${S}/variables/{variableId}`,
    answers: { 204: null, 404: null, 400: ApiErrorData, ...common },
  },
  {
    op: "GetVariable",
    method: "GET",
    path: `${S}/variables/{variableId}`,
    answers: { 200: Variable, 404: null, ...common },
  },
  {
    op: "UpdateVariable",
    method: "POST",
    path: `${S}/variables/{variableId}`,
    body: closed({ DefaultValue: VALUE(), Required: nul(Type.Boolean()) }),
    answers: { 200: Variable, 404: null, ...common },
  },
  {
    op: "UpsertVariable",
    method: "PUT",
    path: `${S}/variables`,
    body: closed({ Name: NAME(), Required: nul(Type.Boolean()), DefaultValue: VALUE() }, ["Name"]),
    answers: { 200: Variable, 204: Variable, 404: null, ...common },
  },
  {
    op: "AddSecret",
    method: "POST",
    path: `${S}/secrets`,
    body: closed({ Name: NAME(), Secret: VALUE() }, ["Name"]),
    answers: { 200: Secret, 404: null, 400: ApiErrorData, ...common },
  },
  {
    op: "ListSecrets",
    method: "GET",
    path: `${S}/secrets`,
    answers: { 200: closed({ Secrets: nul(Type.Array(Secret)) }), ...common },
  },
  {
    op: "UpsertSecret",
    method: "PUT",
    path: `${S}/secrets`,
    body: closed({ Name: nul(NAME()), Secret: VALUE() }),
    answers: { 200: Secret, 204: null, 404: null, 400: ApiErrorData, ...common },
  },
  {
    op: "DeleteSecret",
    method: "DELETE",
    path: `${S}/secrets/{secretId}`,
    answers: { 204: null, 404: null, 400: ApiErrorData, ...common },
  },
  {
    op: "UpdateSecret",
    method: "POST",
    path: `${S}/secrets/{secretId}`,
    body: closed({ Secret: VALUE() }),
    answers: { 200: Secret, 404: null, 400: ApiErrorData, ...common },
  },
  {
    op: "GetActiveRelease",
    method: "GET",
    path: `${S}/releases/active`,
    answers: { 200: Release, 404: null, ...common },
  },
  {
    op: "GetReleases",
    method: "GET",
    path: `${S}/releases`,
    answers: { 200: page(Release), 404: null, ...common },
  },
  {
    op: "Publish",
    method: "POST",
    path: `${S}/publish`,
    body: closed({ Note: str() }),
    answers: { 204: null, 404: null, 400: null, ...common },
  },
  {
    op: "PublishRelease",
    method: "POST",
    path: `${S}/publish/{uuid}`,
    body: closed({ Note: str() }),
    answers: { 204: null, 404: null, 400: null, ...common },
  },
];
