/**
 * Pull-zone API (published core API, tag "Pull Zone" and `/purge`): zones (list, count, read,
 * add, change settings, delete), edge rules (written by guid, switched, deleted; read with
 * their zone), hostnames and their certificates, referrers and blocked IPs, the security key,
 * and purges. The shapes and enumerations are generated from the published document
 * (`spec/pullzone-schemas.ts`, `spec/pullzone-enums.ts`); a body or query is checked against
 * its shape before anything is sent, enumerations given by name (`ActionType: "Redirect"`).
 * Endpoints and their retry rules: `pullzone-endpoints.ts`.
 */
import type {
  AddCertificateRequestModel,
  EdgeRuleV2Model,
  NameAvailability,
  PullZoneAddModel,
  PullZoneGetQuery,
  PullZoneListQuery,
  PullZoneModel,
  PullZonePurgeUrlQuery,
  PullZoneSettingsModel,
  PrivateKeyType,
} from "../spec";
import type { SpecSchemaName } from "../spec/runtime";
import { checkId } from "./shield-args";
import { checked, checkText } from "./pullzone-args";
import { pullZonesEndpoints } from "./pullzone-endpoints";
import type { Caller, EndpointDef, RequestOptions } from "./transport";

export { pullZonesEndpoints } from "./pullzone-endpoints";

/** Answer of {@link PullZonesApi.checkNameAvailability}: `Available` undefined = unknown. */
export interface NameAvailabilityAnswer extends Omit<NameAvailability, "Available"> {
  /** Whether the name is free; `undefined` when the platform's answer did not say. */
  Available: boolean | undefined;
}

/** A shape whose integer enumerations may also be given by name (any case). */
export type WithEnumNames<T> = T extends readonly (infer I)[]
  ? WithEnumNames<I>[]
  : T extends object
    ? { [K in keyof T]: WithEnumNames<T[K]> }
    : T extends number
      ? T | string
      : T;

type Ep = EndpointDef;
const E = pullZonesEndpoints;

/** Pull-zone area of the {@link Client} (`client.pullzones`). */
export class PullZonesApi {
  /** @internal Use `client.pullzones`. */
  constructor(private readonly t: Caller) {}

  /** One call; `data` of the answer. */
  private async send<T>(
    def: Ep,
    input: { params?: Record<string, number | string>; query?: object; body?: unknown },
    opts?: RequestOptions,
  ): Promise<T> {
    const query = input.query as Record<string, string | number | boolean | undefined> | undefined;
    return (await this.t.call<T>(def, { ...input, query }, opts)).data;
  }

  /** A write of `body` to `/pullzone/{id}/…`, checked against `schema` first. */
  private async zoneWrite(
    def: Ep,
    schema: SpecSchemaName,
    id: number,
    body: Record<string, unknown>,
    opts?: RequestOptions,
  ): Promise<void> {
    checkId(def.operation, "id", id, true);
    await this.send(def, { params: { id }, body: checked(def.operation, schema, body) }, opts);
  }

  /**
   * Checks whether a pull-zone name is free (POST `/pullzone/checkavailability`).
   * `Available` is `undefined` when the platform did not say: an empty 200 (the published
   * spec defines no body for it) or a body without a boolean `Available`.
   */
  async checkNameAvailability(
    name: string,
    opts?: RequestOptions,
  ): Promise<NameAvailabilityAnswer> {
    const res = await this.t.call<unknown>(
      pullZonesEndpoints.checkNameAvailability,
      { body: { Name: name } },
      opts,
    );
    const body = res.data;
    const available =
      body && typeof body === "object" ? (body as { Available?: unknown }).Available : undefined;
    return { Available: typeof available === "boolean" ? available : undefined };
  }

  /**
   * The account's pull zones (GET `/pullzone`; `page` from 1, `perPage` 5 to 1000, default
   * 1000; `search` filters by name; certificates only with `includeCertificate`).
   */
  async list(query: PullZoneListQuery = {}, opts?: RequestOptions): Promise<PullZoneModel[]> {
    const q = checked(E.list.operation, "pullZoneListQuerySchema", query, "argument");
    return this.send<PullZoneModel[]>(E.list, { query: q as object }, opts);
  }

  /** How many pull zones the account has (GET `/pullzone/count`). */
  async count(opts?: RequestOptions): Promise<number> {
    return (await this.send<{ Count: number }>(E.count, {}, opts)).Count;
  }

  /**
   * A pull zone with its hostnames, edge rules and optimizer classes (GET `/pullzone/{id}`):
   * the one read that serves all of them.
   */
  async get(
    id: number,
    query: PullZoneGetQuery = {},
    opts?: RequestOptions,
  ): Promise<PullZoneModel> {
    checkId(E.get.operation, "id", id, true);
    const q = checked(E.get.operation, "pullZoneGetQuerySchema", query, "argument");
    return this.send<PullZoneModel>(E.get, { params: { id }, query: q as object }, opts);
  }

  /**
   * Adds a pull zone (POST `/pullzone`; `Name` required, enumerations by value or name).
   * Never retried except on a 429 or a refused connection. @returns the new zone.
   */
  async add(body: WithEnumNames<PullZoneAddModel>, opts?: RequestOptions): Promise<PullZoneModel> {
    const sent = checked(E.add.operation, "pullZoneAddModelSchema", body);
    return this.send<PullZoneModel>(E.add, { body: sent }, opts);
  }

  /**
   * Changes a zone's settings (POST `/pullzone/{id}`). The published document does not say
   * whether a setting left out of the body is kept or reset to a new zone's value, so send the
   * zone's settings as read (`get`) with the changes over them: that is safe either way. A body
   * of only the settings to change can reset every other setting on a platform that replaces.
   * The platform rewrites the whole zone: writes to one zone must not run at once. Repeatable.
   * @returns the zone as changed.
   */
  async update(
    id: number,
    settings: WithEnumNames<PullZoneSettingsModel>,
    opts?: RequestOptions,
  ): Promise<PullZoneModel> {
    checkId(E.update.operation, "id", id, true);
    const sent = checked(E.update.operation, "pullZoneSettingsModelSchema", settings);
    return this.send<PullZoneModel>(E.update, { params: { id }, body: sent }, opts);
  }

  /** Deletes a pull zone (DELETE `/pullzone/{id}`). */
  async delete(id: number, opts?: RequestOptions): Promise<void> {
    checkId(E.delete.operation, "id", id, true);
    await this.send(E.delete, { params: { id } }, opts);
  }

  /**
   * Writes an edge rule (POST `/pullzone/{pullZoneId}/edgerules/addOrUpdate`): the rule its
   * `Guid` names (repeatable), or a new one without a `Guid` (not retried except on a 429 or
   * a refused connection). Triggers, actions and matching types by value or name; the
   * platform's order is `OrderIndex`. The platform rewrites the zone: writes to one zone must
   * not run at once. @returns the rule when the answer carries it, else undefined (read the
   * zone to find a new rule's guid).
   */
  async addOrUpdateEdgeRule(
    pullZoneId: number,
    rule: WithEnumNames<EdgeRuleV2Model>,
    opts?: RequestOptions,
  ): Promise<EdgeRuleV2Model | undefined> {
    const def =
      typeof rule?.Guid === "string" && rule.Guid !== "" ? E.addOrUpdateEdgeRule : E.addEdgeRule;
    checkId(def.operation, "pullZoneId", pullZoneId, true);
    const sent = checked(def.operation, "edgeRuleV2ModelSchema", rule);
    const answer = await this.send<unknown>(def, { params: { pullZoneId }, body: sent }, opts);
    return answer && typeof answer === "object" ? (answer as EdgeRuleV2Model) : undefined;
  }

  /** Deletes an edge rule by guid (DELETE `/pullzone/{pullZoneId}/edgerules/{edgeRuleId}`). */
  async deleteEdgeRule(pullZoneId: number, guid: string, opts?: RequestOptions): Promise<void> {
    const op = E.deleteEdgeRule.operation;
    checkId(op, "pullZoneId", pullZoneId, true);
    checkText(op, "guid", guid);
    await this.send(E.deleteEdgeRule, { params: { pullZoneId, edgeRuleId: guid } }, opts);
  }

  /** Switches an edge rule on or off (POST `…/edgerules/{edgeRuleId}/setEdgeRuleEnabled`). */
  async setEdgeRuleEnabled(
    pullZoneId: number,
    guid: string,
    enabled: boolean,
    opts?: RequestOptions,
  ): Promise<void> {
    const op = E.setEdgeRuleEnabled.operation;
    checkId(op, "pullZoneId", pullZoneId, true);
    checkText(op, "guid", guid);
    const body = checked(op, "toggleRequestModelSchema", { Id: pullZoneId, Value: enabled });
    await this.send(E.setEdgeRuleEnabled, { params: { pullZoneId, edgeRuleId: guid }, body }, opts);
  }

  /** Sets the key type of a hostname's certificate (POST `/pullzone/{id}/updatePrivateKeyType`). */
  async updatePrivateKeyType(
    id: number,
    hostname: string,
    keyType: PrivateKeyType | string,
    opts?: RequestOptions,
  ): Promise<void> {
    const body = { Hostname: hostname, KeyType: keyType };
    await this.zoneWrite(E.updatePrivateKeyType, "privateKeyUpdateModelSchema", id, body, opts);
  }

  /**
   * Asks for a free certificate for a hostname of a zone (GET `/pullzone/loadFreeCertificate`):
   * issuance is asynchronous and may fail; read the zone's hostname for `HasCertificate`.
   */
  async loadFreeCertificate(
    hostname: string,
    useOnlyHttp01?: boolean,
    opts?: RequestOptions,
  ): Promise<void> {
    const op = E.loadFreeCertificate.operation;
    const query = checked(
      op,
      "pullZoneLoadFreeCertificateQuerySchema",
      { hostname, useOnlyHttp01 },
      "argument",
    );
    checkText(op, "hostname", hostname);
    await this.send(E.loadFreeCertificate, { query: query as object }, opts);
  }

  /** Starts an external DNS-01 validation (POST `/pullzone/requestExternalDnsCertificate`). */
  async requestExternalDnsCertificate(hostname: string, opts?: RequestOptions): Promise<unknown> {
    return this.external(
      E.requestExternalDnsCertificate,
      "externalDnsCertificateRequestSchema",
      hostname,
      opts,
    );
  }

  /** Completes an external DNS-01 validation (POST `/pullzone/completeExternalDnsCertificate`). */
  async completeExternalDnsCertificate(hostname: string, opts?: RequestOptions): Promise<unknown> {
    return this.external(
      E.completeExternalDnsCertificate,
      "externalDnsCertificateRequestSchema",
      hostname,
      opts,
    );
  }

  /** Starts an external HTTP-01 validation (POST `/pullzone/requestExternalHttpCertificate`). */
  async requestExternalHttpCertificate(hostname: string, opts?: RequestOptions): Promise<unknown> {
    return this.external(
      E.requestExternalHttpCertificate,
      "externalHttpCertificateRequestSchema",
      hostname,
      opts,
    );
  }

  /** Completes an external HTTP-01 validation (POST `/pullzone/completeExternalHttpCertificate`). */
  async completeExternalHttpCertificate(hostname: string, opts?: RequestOptions): Promise<unknown> {
    return this.external(
      E.completeExternalHttpCertificate,
      "externalHttpCertificateRequestSchema",
      hostname,
      opts,
    );
  }

  private async external(
    def: Ep,
    schema: SpecSchemaName,
    hostname: string,
    opts?: RequestOptions,
  ): Promise<unknown> {
    const body = checked(def.operation, schema, { Hostname: hostname });
    return this.send<unknown>(def, { body }, opts);
  }

  /** Purges a zone's cache, or only what carries `cacheTag` (POST `/pullzone/{id}/purgeCache`). */
  async purgeCache(id: number, cacheTag?: string, opts?: RequestOptions): Promise<void> {
    const op = E.purgeCache.operation;
    checkId(op, "id", id, true);
    const body =
      cacheTag === undefined
        ? undefined
        : checked(op, "pullZonePurgeModelSchema", { CacheTag: cacheTag });
    await this.send(E.purgeCache, { params: { id }, body }, opts);
  }

  /** Purges one URL (POST `/purge?url=…`; `exactPath`: that path only; `async`: do not wait). */
  async purgeUrl(
    url: string,
    options: Omit<PullZonePurgeUrlQuery, "url"> = {},
    opts?: RequestOptions,
  ): Promise<void> {
    const op = E.purgeUrl.operation;
    const query = checked(op, "pullZonePurgeUrlQuerySchema", { ...options, url }, "argument");
    checkText(op, "url", url);
    await this.send(E.purgeUrl, { query: query as object }, opts);
  }

  /**
   * Gives a hostname a certificate of its own (POST `/pullzone/{id}/addCertificate`; PEM or
   * base64 certificate and key). The key is a secret: never logged nor put in an error.
   */
  async addCertificate(
    id: number,
    body: AddCertificateRequestModel,
    opts?: RequestOptions,
  ): Promise<void> {
    await this.zoneWrite(
      E.addCertificate,
      "addCertificateRequestModelSchema",
      id,
      { ...body },
      opts,
    );
  }

  /** Removes a hostname's certificate (DELETE `/pullzone/{id}/removeCertificate`). */
  async removeCertificate(id: number, hostname: string, opts?: RequestOptions): Promise<void> {
    await this.zoneWrite(
      E.removeCertificate,
      "removeCertificateRequestModelSchema",
      id,
      { Hostname: hostname },
      opts,
    );
  }

  /** Adds a hostname to a zone (POST `/pullzone/{id}/addHostname`). */
  async addHostname(id: number, hostname: string, opts?: RequestOptions): Promise<void> {
    await this.zoneWrite(
      E.addHostname,
      "addHostnameRequestModelSchema",
      id,
      { Hostname: hostname },
      opts,
    );
  }

  /** Removes a hostname from a zone (DELETE `/pullzone/{id}/removeHostname`). */
  async removeHostname(id: number, hostname: string, opts?: RequestOptions): Promise<void> {
    await this.zoneWrite(
      E.removeHostname,
      "removeHostnameRequestModelSchema",
      id,
      { Hostname: hostname },
      opts,
    );
  }

  /** Sets whether a hostname redirects HTTP to HTTPS (POST `/pullzone/{id}/setForceSSL`). */
  async setForceSsl(
    id: number,
    hostname: string,
    forceSsl: boolean,
    opts?: RequestOptions,
  ): Promise<void> {
    const body = { Hostname: hostname, ForceSSL: forceSsl };
    await this.zoneWrite(E.setForceSsl, "forceSSLRequestModelSchema", id, body, opts);
  }

  /**
   * Sets the zone's token-authentication key (POST `/pullzone/{id}/resetSecurityKey`; 8 to 36
   * characters; repeatable), or a new random one when `securityKey` is left out (then never
   * retried except on a 429 or a refused connection).
   */
  async resetSecurityKey(id: number, securityKey?: string, opts?: RequestOptions): Promise<void> {
    const def = securityKey === undefined ? E.resetSecurityKey : E.setSecurityKey;
    const op = def.operation;
    checkId(op, "id", id, true);
    const body = checked(
      op,
      "resetPullZoneSecurityKeyModelSchema",
      securityKey === undefined ? {} : { SecurityKey: securityKey },
    );
    await this.send(def, { params: { id }, body }, opts);
  }

  /** Adds an allowed referrer hostname (POST `/pullzone/{id}/addAllowedReferrer`). */
  async addAllowedReferrer(id: number, hostname: string, opts?: RequestOptions): Promise<void> {
    await this.zoneWrite(
      E.addAllowedReferrer,
      "addAllowedReferrerRequestModelSchema",
      id,
      { Hostname: hostname },
      opts,
    );
  }

  /** Removes an allowed referrer (POST `/pullzone/{id}/removeAllowedReferrer`). */
  async removeAllowedReferrer(id: number, hostname: string, opts?: RequestOptions): Promise<void> {
    await this.zoneWrite(
      E.removeAllowedReferrer,
      "removeAllowedReferrerRequestModelSchema",
      id,
      { Hostname: hostname },
      opts,
    );
  }

  /** Adds a blocked referrer hostname (POST `/pullzone/{id}/addBlockedReferrer`). */
  async addBlockedReferrer(id: number, hostname: string, opts?: RequestOptions): Promise<void> {
    await this.zoneWrite(
      E.addBlockedReferrer,
      "addBlockedReferrerRequestModelSchema",
      id,
      { Hostname: hostname },
      opts,
    );
  }

  /** Removes a blocked referrer (POST `/pullzone/{id}/removeBlockedReferrer`). */
  async removeBlockedReferrer(id: number, hostname: string, opts?: RequestOptions): Promise<void> {
    // The published document gives this operation the allowed-referrer removal's shape.
    await this.zoneWrite(
      E.removeBlockedReferrer,
      "removeAllowedReferrerRequestModelSchema",
      id,
      { Hostname: hostname },
      opts,
    );
  }

  /** Blocks an IP address (POST `/pullzone/{id}/addBlockedIp`). */
  async addBlockedIp(id: number, ip: string, opts?: RequestOptions): Promise<void> {
    await this.zoneWrite(
      E.addBlockedIp,
      "addBlockedIpRequestModelSchema",
      id,
      { BlockedIp: ip },
      opts,
    );
  }

  /** Unblocks an IP address (POST `/pullzone/{id}/removeBlockedIp`). */
  async removeBlockedIp(id: number, ip: string, opts?: RequestOptions): Promise<void> {
    await this.zoneWrite(
      E.removeBlockedIp,
      "removeBlockedIpRequestModelSchema",
      id,
      { BlockedIp: ip },
      opts,
    );
  }
}
