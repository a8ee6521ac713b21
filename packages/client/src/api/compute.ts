/**
 * Compute API (the platform's published edge-scripting document): edge scripts (list, add,
 * read, update, delete), their code, releases (list, the live one, publish), variables,
 * secrets (write-only values), the deployment key's rotation, and usage statistics.
 * Endpoints are data ({@link computeEndpoints}); bodies and queries are checked before
 * anything is sent (`script-schemas.ts`), so a bad argument fails with an
 * `InvalidArgumentError` naming the field. A secret's value and a deployment key never
 * appear in an error of this area (`compute-secrets.ts`).
 */
import type {
  AddEdgeScriptRequest,
  AddEdgeScriptVariableRequest,
  EdgeScript,
  EdgeScriptCode,
  EdgeScriptListQuery,
  EdgeScriptPage,
  EdgeScriptRelease,
  EdgeScriptReleaseListQuery,
  EdgeScriptSecret,
  EdgeScriptSecretRequest,
  EdgeScriptVariable,
  PublishEdgeScriptRequest,
  ScriptStatistics,
  UpdateEdgeScriptRequest,
  UpdateEdgeScriptVariableRequest,
  UpsertEdgeScriptVariableRequest,
} from "../spec";
import { EdgeScriptLimits, specSchema, validate, type SpecSchemaName } from "../spec/runtime";
import { computeEndpoints } from "./compute-endpoints";
import { checkSecretValue, guarded } from "./compute-secrets";
import { toIsoDateTime } from "./dates";
import { InvalidArgumentError } from "./invalid-argument";
import { checkId } from "./shield-args";
import type { EndpointDef, Caller, CallInput, RequestOptions } from "./transport";

export { computeEndpoints } from "./compute-endpoints";

const OPERATION = "compute.getScriptStatistics";
const from = { operation: OPERATION, dateOnly: "start" } as const;
const to = { operation: OPERATION, dateOnly: "end" } as const;

/**
 * The query values of `dateFrom` and `dateTo` as the platform requires them (date-times in
 * UTC): a date-only `dateFrom` is the start of that day, a date-only `dateTo` its end
 * (`2024-05-02` → `2024-05-02T23:59:59.999Z`). See {@link toIsoDateTime}.
 * @throws InvalidArgumentError naming the field and the accepted forms.
 */
export function statisticsRange(q: Pick<ScriptStatisticsQuery, "dateFrom" | "dateTo">): {
  dateFrom?: string;
  dateTo?: string;
} {
  return {
    ...(q.dateFrom !== undefined ? { dateFrom: toIsoDateTime(q.dateFrom, "dateFrom", from) } : {}),
    ...(q.dateTo !== undefined ? { dateTo: toIsoDateTime(q.dateTo, "dateTo", to) } : {}),
  };
}

/** Query of {@link ComputeApi.getScriptStatistics}. Without dates: the last 30 days. */
export interface ScriptStatisticsQuery {
  /**
   * Start: a `Date`, an ISO 8601 date-time with a time zone, or a date (`2024-05-01`, the
   * start of that day in UTC). Sent as a UTC date-time; anything else is refused before the
   * call (`InvalidArgumentError`).
   */
  dateFrom?: string | Date;
  /**
   * End: like `dateFrom`, but a date (`2024-05-02`) is the END of that day in UTC
   * (`2024-05-02T23:59:59.999Z`).
   */
  dateTo?: string | Date;
  /** Load the most recent data as soon as available (platform default false). */
  loadLatest?: boolean;
  /** Group by hour instead of by day (platform default false). */
  hourly?: boolean;
}

/** The Secret-less view of a secret answer: a value the platform echoed is never passed on. */
const secretView = (b: EdgeScriptSecret): EdgeScriptSecret => ({
  Id: b.Id,
  Name: b.Name,
  LastModified: b.LastModified,
});

/** Checks `value` against the spec's schema `name`; the first failure is thrown. */
function checkShape(operation: string, name: SpecSchemaName, value: unknown, noun = false): void {
  const [first, ...rest] = validate(specSchema(name), value, "", noun ? "argument" : "property");
  if (!first) return;
  const more = rest.length
    ? `; also ${rest.map((f) => `"${f.property}" ${f.reason}`).join("; ")}`
    : "";
  throw new InvalidArgumentError(operation, first.property || "body", `${first.reason}${more}`);
}

/** Checks a secret write: its name by the schema, its value without ever quoting it. */
function checkSecret(operation: string, body: EdgeScriptSecretRequest, nameRequired: boolean) {
  if (typeof body !== "object" || body === null)
    throw new InvalidArgumentError(operation, "body", "must be an object");
  const { Secret, ...rest } = body;
  checkSecretValue(operation, Secret, EdgeScriptLimits.value);
  if (nameRequired && (rest.Name === undefined || rest.Name === null))
    throw new InvalidArgumentError(operation, "Name", "is required");
  checkShape(operation, "edgeScriptSecretNameSchema", rest);
}

/** Compute area of the {@link Client}: edge scripts and their statistics. */
export class ComputeApi {
  /** @internal Use `client.compute`. */
  constructor(private readonly t: Caller) {}

  /** One call; a failure never shows `secrets` nor a deployment key. */
  private async call<T>(
    def: EndpointDef,
    input: CallInput,
    opts: RequestOptions | undefined,
    secrets: readonly (string | null | undefined)[] = [],
  ): Promise<T> {
    return guarded(async () => (await this.t.call<T>(def, input, opts)).data, secrets);
  }

  /** The path parameters of a script (and a member of it), checked. */
  private ids(op: string, id: number, member?: [string, number]): Record<string, number> {
    checkId(op, "scriptId", id, true);
    if (member) checkId(op, member[0], member[1], true);
    return member ? { id, [member[0]]: member[1] } : { id };
  }

  /** Checks `body` against the spec's `schema`, then sends it to the script (and member). */
  private write<T>(
    def: EndpointDef,
    schema: SpecSchemaName,
    at: [number, [string, number]?],
    body: object,
    opts: RequestOptions | undefined,
  ): Promise<T> {
    const params = this.ids(def.operation, at[0], at[1]);
    checkShape(def.operation, schema, body);
    return this.call(def, { params, body }, opts);
  }

  /** Reads the usage statistics of an edge script (GET `/compute/script/{id}/statistics`). */
  async getScriptStatistics(
    scriptId: number,
    q: ScriptStatisticsQuery = {},
    opts?: RequestOptions,
  ): Promise<ScriptStatistics> {
    const res = await this.t.call<ScriptStatistics>(
      computeEndpoints.getScriptStatistics,
      {
        params: { id: scriptId },
        query: {
          ...statisticsRange(q),
          loadLatest: q.loadLatest,
          hourly: q.hourly,
        },
      },
      opts,
    );
    return res.data;
  }

  /**
   * One page of the account's edge scripts (GET `/compute/script`; `perPage` 5 to 1000,
   * platform default 1000; `type` and `search` filter). Each script carries its variables
   * and its deployment key (a secret).
   */
  async listScripts(
    query: EdgeScriptListQuery = {},
    opts?: RequestOptions,
  ): Promise<EdgeScriptPage<EdgeScript>> {
    const def = computeEndpoints.listScripts;
    checkShape(def.operation, "edgeScriptListQuerySchema", query, true);
    return this.call(def, { query: { ...query } }, opts);
  }

  /** Every edge script of the account (follows the pages of {@link listScripts}). */
  async *allScripts(
    query: Omit<EdgeScriptListQuery, "page"> = {},
    opts?: RequestOptions,
  ): AsyncGenerator<EdgeScript> {
    for (let page = 1; ; page++) {
      const p = await this.listScripts({ ...query, page }, opts);
      yield* p.Items;
      if (!p.HasMoreItems || p.Items.length === 0) return;
    }
  }

  /**
   * Adds an edge script (POST `/compute/script`): name, `ScriptType` (`EdgeScriptType`), first
   * code, and optionally a new linked pull zone (`CreateLinkedPullZone`, `LinkedPullZoneName`).
   * Never retried except on a 429 or a refused connection.
   */
  async addScript(body: AddEdgeScriptRequest, opts?: RequestOptions): Promise<EdgeScript> {
    const def = computeEndpoints.addScript;
    checkShape(def.operation, "addEdgeScriptSchema", body);
    return this.call(def, { body }, opts);
  }

  /** Reads an edge script (GET `/compute/script/{id}`), with its variables and deployment key. */
  async getScript(scriptId: number, opts?: RequestOptions): Promise<EdgeScript> {
    const def = computeEndpoints.getScript;
    return this.call(def, { params: this.ids(def.operation, scriptId) }, opts);
  }

  /** Changes a script's name or type (POST `/compute/script/{id}`). Repeatable. */
  async updateScript(
    scriptId: number,
    body: UpdateEdgeScriptRequest,
    opts?: RequestOptions,
  ): Promise<EdgeScript> {
    return this.write(
      computeEndpoints.updateScript,
      "updateEdgeScriptSchema",
      [scriptId],
      body,
      opts,
    );
  }

  /**
   * Deletes a script (DELETE `/compute/script/{id}`). Its linked pull zones are kept unless
   * `deleteLinkedPullZones` is true (platform default false).
   */
  async deleteScript(
    scriptId: number,
    q: { deleteLinkedPullZones?: boolean } = {},
    opts?: RequestOptions,
  ): Promise<void> {
    const def = computeEndpoints.deleteScript;
    const params = this.ids(def.operation, scriptId);
    if (q.deleteLinkedPullZones !== undefined && typeof q.deleteLinkedPullZones !== "boolean")
      throw new InvalidArgumentError(def.operation, "deleteLinkedPullZones", "must be a boolean");
    await this.call(
      def,
      { params, query: { deleteLinkedPullZones: q.deleteLinkedPullZones } },
      opts,
    );
  }

  /** Reads a script's saved code (GET `/compute/script/{id}/code`; not necessarily the live code). */
  async getCode(scriptId: number, opts?: RequestOptions): Promise<EdgeScriptCode> {
    const def = computeEndpoints.getCode;
    return this.call(def, { params: this.ids(def.operation, scriptId) }, opts);
  }

  /**
   * Saves a script's code (POST `/compute/script/{id}/code`). Whether saving also publishes
   * is the platform's (not documented): read the live release, or {@link publish}. Not retried.
   */
  async setCode(scriptId: number, code: string, opts?: RequestOptions): Promise<void> {
    const body = { Code: code };
    await this.write(computeEndpoints.setCode, "edgeScriptCodeSchema", [scriptId], body, opts);
  }

  /** One page of a script's releases (GET `/compute/script/{id}/releases`; `perPage` 5 to 1000). */
  async listReleases(
    scriptId: number,
    query: EdgeScriptReleaseListQuery = {},
    opts?: RequestOptions,
  ): Promise<EdgeScriptPage<EdgeScriptRelease>> {
    const def = computeEndpoints.listReleases;
    checkShape(def.operation, "edgeScriptReleaseListQuerySchema", query, true);
    return this.call(def, { params: this.ids(def.operation, scriptId), query: { ...query } }, opts);
  }

  /** Every release of a script, newest first (follows the pages of {@link listReleases}). */
  async *allReleases(
    scriptId: number,
    query: Omit<EdgeScriptReleaseListQuery, "page"> = {},
    opts?: RequestOptions,
  ): AsyncGenerator<EdgeScriptRelease> {
    for (let page = 1; ; page++) {
      const p = await this.listReleases(scriptId, { ...query, page }, opts);
      yield* p.Items;
      if (!p.HasMoreItems || p.Items.length === 0) return;
    }
  }

  /** The release that is live (GET `/compute/script/{id}/releases/active`; 404 when none). */
  async getActiveRelease(scriptId: number, opts?: RequestOptions): Promise<EdgeScriptRelease> {
    const def = computeEndpoints.getActiveRelease;
    return this.call(def, { params: this.ids(def.operation, scriptId) }, opts);
  }

  /** Publishes the saved code as a new live release (POST `/compute/script/{id}/publish`). */
  async publish(
    scriptId: number,
    body: PublishEdgeScriptRequest = {},
    opts?: RequestOptions,
  ): Promise<void> {
    await this.write(computeEndpoints.publish, "publishEdgeScriptSchema", [scriptId], body, opts);
  }

  /**
   * Makes an earlier release live again, by its `Uuid` (POST
   * `/compute/script/{id}/publish/{uuid}`).
   */
  async publishRelease(
    scriptId: number,
    uuid: string,
    body: PublishEdgeScriptRequest = {},
    opts?: RequestOptions,
  ): Promise<void> {
    const def = computeEndpoints.publishRelease;
    const params = this.ids(def.operation, scriptId);
    if (typeof uuid !== "string" || uuid.trim() === "")
      throw new InvalidArgumentError(def.operation, "uuid", "must be a release's Uuid");
    checkShape(def.operation, "publishEdgeScriptSchema", body);
    await this.call(def, { params: { ...params, uuid }, body }, opts);
  }

  /**
   * Replaces the script's deployment key (POST `/compute/script/{id}/deploymentKey/rotate`);
   * read the new one with {@link getScript}. Not retried.
   */
  async rotateDeploymentKey(scriptId: number, opts?: RequestOptions): Promise<void> {
    const def = computeEndpoints.rotateDeploymentKey;
    await this.call(def, { params: this.ids(def.operation, scriptId) }, opts);
  }

  /** Adds a variable (POST `/compute/script/{id}/variables/add`). Not retried. */
  async addVariable(
    scriptId: number,
    body: AddEdgeScriptVariableRequest,
    opts?: RequestOptions,
  ): Promise<EdgeScriptVariable> {
    const def = computeEndpoints.addVariable;
    return this.write(def, "addEdgeScriptVariableSchema", [scriptId], body, opts);
  }

  /** Reads a variable (GET `/compute/script/{id}/variables/{variableId}`). */
  async getVariable(
    scriptId: number,
    variableId: number,
    opts?: RequestOptions,
  ): Promise<EdgeScriptVariable> {
    const def = computeEndpoints.getVariable;
    const params = this.ids(def.operation, scriptId, ["variableId", variableId]);
    return this.call(def, { params }, opts);
  }

  /** Changes a variable's default or `Required` (only what is sent changes). Repeatable. */
  async updateVariable(
    scriptId: number,
    variableId: number,
    body: UpdateEdgeScriptVariableRequest,
    opts?: RequestOptions,
  ): Promise<EdgeScriptVariable> {
    const at: [number, [string, number]] = [scriptId, ["variableId", variableId]];
    const def = computeEndpoints.updateVariable;
    return this.write(def, "updateEdgeScriptVariableSchema", at, body, opts);
  }

  /**
   * Adds or changes a variable by name (PUT `/compute/script/{id}/variables`). Repeatable.
   * Whether an upsert of an existing variable without `DefaultValue` keeps its default is
   * the platform's (not documented): send the default to be sure.
   * @returns the variable, or undefined when the platform answered without a body.
   */
  async upsertVariable(
    scriptId: number,
    body: UpsertEdgeScriptVariableRequest,
    opts?: RequestOptions,
  ): Promise<EdgeScriptVariable | undefined> {
    const def = computeEndpoints.upsertVariable;
    const res = await this.write<EdgeScriptVariable | undefined>(
      def,
      "upsertEdgeScriptVariableSchema",
      [scriptId],
      body,
      opts,
    );
    return res ?? undefined;
  }

  /** Deletes a variable (DELETE `/compute/script/{id}/variables/{variableId}`). */
  async deleteVariable(scriptId: number, variableId: number, opts?: RequestOptions): Promise<void> {
    const def = computeEndpoints.deleteVariable;
    const params = this.ids(def.operation, scriptId, ["variableId", variableId]);
    await this.call(def, { params }, opts);
  }

  /** The script's secrets (GET `/compute/script/{id}/secrets`): names and dates, never values. */
  async listSecrets(scriptId: number, opts?: RequestOptions): Promise<EdgeScriptSecret[]> {
    const def = computeEndpoints.listSecrets;
    const res = await this.call<{ Secrets: EdgeScriptSecret[] }>(
      def,
      { params: this.ids(def.operation, scriptId) },
      opts,
    );
    return res.Secrets.map(secretView);
  }

  /**
   * Adds a secret (POST `/compute/script/{id}/secrets`): `Name` (1 to 256 characters) and
   * `Secret` (the value, at most 4096 characters; write-only). Not retried.
   */
  async addSecret(
    scriptId: number,
    body: EdgeScriptSecretRequest & { Name: string },
    opts?: RequestOptions,
  ): Promise<EdgeScriptSecret> {
    const def = computeEndpoints.addSecret;
    checkSecret(def.operation, body, true);
    const params = this.ids(def.operation, scriptId);
    return secretView(await this.call(def, { params, body }, opts, [body.Secret]));
  }

  /** Sets a secret's value (POST `/compute/script/{id}/secrets/{secretId}`). Repeatable. */
  async updateSecret(
    scriptId: number,
    secretId: number,
    secret: string,
    opts?: RequestOptions,
  ): Promise<EdgeScriptSecret> {
    const def = computeEndpoints.updateSecret;
    const params = this.ids(def.operation, scriptId, ["secretId", secretId]);
    const body = { Secret: secret };
    checkSecret(def.operation, body, false);
    return secretView(await this.call(def, { params, body }, opts, [secret]));
  }

  /**
   * Adds a secret or sets its value, by name (PUT `/compute/script/{id}/secrets`). Repeatable.
   * @returns the secret, or undefined when the platform answered 204 without a body.
   */
  async upsertSecret(
    scriptId: number,
    body: EdgeScriptSecretRequest & { Name: string },
    opts?: RequestOptions,
  ): Promise<EdgeScriptSecret | undefined> {
    const def = computeEndpoints.upsertSecret;
    checkSecret(def.operation, body, true);
    const params = this.ids(def.operation, scriptId);
    const res = await this.call<EdgeScriptSecret | undefined>(def, { params, body }, opts, [
      body.Secret,
    ]);
    return res ? secretView(res) : undefined;
  }

  /** Deletes a secret (DELETE `/compute/script/{id}/secrets/{secretId}`). */
  async deleteSecret(scriptId: number, secretId: number, opts?: RequestOptions): Promise<void> {
    const def = computeEndpoints.deleteSecret;
    const params = this.ids(def.operation, scriptId, ["secretId", secretId]);
    await this.call(def, { params }, opts);
  }
}
