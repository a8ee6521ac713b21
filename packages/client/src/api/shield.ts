/**
 * Shield API: rate-limit rules (read, create, update, delete, list) and event logs.
 * Endpoints are data ({@link shieldEndpoints}); the transport does the rest.
 */
import type {
  AcceptedResult,
  CreateRateLimitRequest,
  EventLogPage,
  GenericRequestResponse,
  PageInfo,
  RateLimitRule,
  RateLimitRuleList,
  ShieldZoneByPullZone,
  ShieldZoneByPullZoneResponse,
  ShieldZoneResponse,
  UpdateRateLimitRequest,
} from "../spec";
import { formatEventLogDate } from "./dates";
import type { ApiResponse, EndpointDef, Caller, RequestOptions } from "./transport";

/**
 * A rule answer must carry its numeric `id`: the resources store it as the resource id, and
 * a rule without one would be written to state as `undefined`.
 */
export const ruleHasId = (b: Record<string, unknown>): string | undefined =>
  typeof b.id === "number" && Number.isFinite(b.id)
    ? undefined
    : `the rule has no numeric "id" (got ${b.id === undefined ? "none" : JSON.stringify(b.id)})`;

/**
 * An event-log page must carry its `logs` array, and a page that says more follow must name the
 * next one: otherwise the pages would end silently and a "whole day" would be cut short.
 */
const eventLogPageShape = (b: Record<string, unknown>): string | undefined =>
  !Array.isArray(b.logs)
    ? 'no "logs" array in the event-log page'
    : b.hasMoreData === true && (typeof b.continuationToken !== "string" || !b.continuationToken)
      ? 'the event-log page says "hasMoreData" but carries no "continuationToken"'
      : undefined;

/** Endpoint definitions of the shield area. */
export const shieldEndpoints = {
  getRateLimit: {
    operation: "shield.getRateLimit",
    method: "GET",
    path: "/shield/rate-limit/{id}",
    validate: ruleHasId,
  },
  createRateLimit: {
    operation: "shield.createRateLimit",
    method: "POST",
    path: "/shield/rate-limit",
    accepted: true,
    validate: ruleHasId,
  },
  updateRateLimit: {
    operation: "shield.updateRateLimit",
    method: "PATCH",
    path: "/shield/rate-limit/{id}",
    // The body carries whole top-level values (ruleConfiguration is sent whole): repeatable.
    idempotent: true,
    accepted: true,
    validate: ruleHasId,
  },
  deleteRateLimit: {
    operation: "shield.deleteRateLimit",
    method: "DELETE",
    path: "/shield/rate-limit/{id}",
    // The platform may answer a GenericRequestResponse, or nothing.
    allowEmpty: true,
  },
  listRateLimits: {
    operation: "shield.listRateLimits",
    method: "GET",
    path: "/shield/rate-limits/{shieldZoneId}",
    // "Gone" is confirmed by the rule's absence from this list: a list without its `data`
    // array must fail, never read as an empty zone.
    validate: (b) => (Array.isArray(b.data) ? undefined : 'no "data" array in the rule list'),
  },
  getShieldZoneByPullZone: {
    operation: "shield.getShieldZoneByPullZone",
    method: "GET",
    path: "/shield/shield-zone/get-by-pullzone/{pullZoneId}",
    // An embedded `error` fails the call in the transport; a success must name the zone.
    validate: (b) =>
      typeof b.data === "object" && b.data !== null
        ? undefined
        : 'the answer carries no shield zone ("data" is missing)',
  },
  getShieldZone: {
    operation: "shield.getShieldZone",
    method: "GET",
    path: "/shield/shield-zone/{shieldZoneId}",
    validate: (b) =>
      typeof b.data === "object" && b.data !== null
        ? undefined
        : 'the answer carries no shield zone ("data" is missing)',
  },
  getEventLogFirstPage: {
    operation: "shield.getEventLogPage",
    method: "GET",
    path: "/shield/event-logs/{shieldZoneId}/{date}",
    validate: eventLogPageShape,
  },
  getEventLogNextPage: {
    operation: "shield.getEventLogPage",
    method: "GET",
    path: "/shield/event-logs/{shieldZoneId}/{date}/{continuationToken}",
    validate: eventLogPageShape,
  },
} as const satisfies Record<string, EndpointDef>;

/**
 * Result of a rate-limit create or update: the rule (200) or the platform's
 * `AcceptedResult` (202, the change is applied asynchronously).
 */
export type RateLimitWriteResult =
  { status: 200; rule: RateLimitRule } | { status: 202; accepted: AcceptedResult };

/** Progress of a paginated read. */
export interface PageProgress {
  /** Pages read so far. */
  pages: number;
  /** Records read so far. */
  records: number;
}

/** Options of {@link ShieldApi.eventLogPages}. */
export interface EventLogPagesOptions extends RequestOptions {
  /** Stop after this many pages (default: all pages). */
  maxPages?: number;
  /** Called after each page. */
  onProgress?: (p: PageProgress) => void;
}

/** Options of a "list all" of a shield zone's objects. */
export interface ListAllOptions extends RequestOptions {
  /** Objects per page (default 100). */
  perPage?: number;
}

/** Most pages a "list all" follows (a guard against a server that never ends). */
export const MAX_LIST_PAGES = 10_000;

/** Whether a list answer's `page` says where it is (its current page and the page count). */
const hasPageInfo = (p: PageInfo | null | undefined): p is PageInfo =>
  typeof p?.currentPage === "number" && typeof p.totalPages === "number";

/** What identifies a listed item across pages: its numeric `id`, else its JSON. */
const itemKey = (item: unknown): string => {
  const id = (item as { id?: unknown } | null)?.id;
  return typeof id === "number" ? `#${id}` : JSON.stringify(item);
};

/**
 * Every item of a paged Shield list: `fetchPage(1)`, then each `page.nextPage` (or the page
 * after `currentPage` while below `totalPages`), until a page is empty or names no next one.
 * A partial list never passes for the whole one (the provider decides "gone" by an object's
 * absence from its zone's list), so it throws instead when:
 * - an answer's `currentPage` is not the page asked for (a server that ignores `page`);
 * - fewer items came than the last answer's `totalCount`;
 * - an answer without `page` information repeats an item of an earlier page. Such an answer
 *   is followed to the next page number while its pages are full (`perPage` items).
 * @param what the list in an error's message (e.g. `GET /shield/rate-limits/1`).
 */
export async function allPages<T>(
  fetchPage: (page: number) => Promise<{ data?: T[] | null; page?: PageInfo | null }>,
  perPage?: number,
  what = "the list",
): Promise<T[]> {
  const out: T[] = [];
  const seen = new Set<string>();
  let page = 1;
  let total: number | undefined;
  const partial = (why: string) =>
    new Error(`${what}: ${why}, so the list cannot be read whole (a partial list is not used)`);
  for (let i = 0; i < MAX_LIST_PAGES; i++) {
    const res = await fetchPage(page);
    const data = res.data ?? [];
    const info = hasPageInfo(res.page) ? res.page : undefined;
    if (info && info.currentPage !== page) {
      throw partial(`page ${page} was asked for and page ${info.currentPage} answered`);
    }
    if (!info) {
      for (const item of data) {
        const key = itemKey(item);
        if (seen.has(key)) throw partial(`page ${page} repeats an item of an earlier page`);
        seen.add(key);
      }
    }
    out.push(...data);
    total = typeof info?.totalCount === "number" ? info.totalCount : undefined;
    const next = info
      ? (info.nextPage ?? (info.currentPage < info.totalPages ? info.currentPage + 1 : null))
      : perPage !== undefined && data.length >= perPage
        ? page + 1
        : null;
    if (!next || next <= page || data.length === 0) break;
    page = next;
  }
  if (total !== undefined && out.length < total) {
    throw partial(`${out.length} items came of the ${total} its pages count`);
  }
  return out;
}

function toWriteResult(res: ApiResponse<unknown>): RateLimitWriteResult {
  if (res.status === 202) return { status: 202, accepted: (res.data ?? {}) as AcceptedResult };
  return { status: 200, rule: res.data as RateLimitRule };
}

/** Shield area of the {@link Client}. */
export class ShieldApi {
  /** @internal Use `client.shield`. */
  constructor(private readonly t: Caller) {}

  /**
   * Reads a rate-limit rule (GET `/shield/rate-limit/{id}`).
   * @throws EdgeApiError with `isNotFound` when the rule is gone (404 or a `not_found…` key).
   */
  async getRateLimit(id: number, opts?: RequestOptions): Promise<RateLimitRule> {
    return (
      await this.t.call<RateLimitRule>(shieldEndpoints.getRateLimit, { params: { id } }, opts)
    ).data;
  }

  /**
   * Creates a rate-limit rule in a shield zone (POST `/shield/rate-limit`). Never retried
   * except on a 429 (rejected before processing) or a refused connection.
   */
  async createRateLimit(
    body: CreateRateLimitRequest,
    opts?: RequestOptions,
  ): Promise<RateLimitWriteResult> {
    return toWriteResult(await this.t.call(shieldEndpoints.createRateLimit, { body }, opts));
  }

  /**
   * Updates a rate-limit rule (PATCH `/shield/rate-limit/{id}`). Send whole top-level values
   * (a changed `ruleConfiguration` whole); the call is then safe to retry.
   */
  async updateRateLimit(
    id: number,
    patch: UpdateRateLimitRequest,
    opts?: RequestOptions,
  ): Promise<RateLimitWriteResult> {
    return toWriteResult(
      await this.t.call(shieldEndpoints.updateRateLimit, { params: { id }, body: patch }, opts),
    );
  }

  /** Deletes a rate-limit rule (DELETE `/shield/rate-limit/{id}`). */
  async deleteRateLimit(id: number, opts?: RequestOptions): Promise<GenericRequestResponse> {
    const res = await this.t.call<GenericRequestResponse>(
      shieldEndpoints.deleteRateLimit,
      { params: { id } },
      opts,
    );
    return res.data ?? {};
  }

  /**
   * Lists one page of the rules of a shield zone (GET `/shield/rate-limits/{shieldZoneId}`).
   * @param page 1-based page number (platform default 1).
   * @param perPage rules per page (platform default 10).
   */
  async listRateLimits(
    shieldZoneId: number,
    page?: number,
    perPage?: number,
    opts?: RequestOptions,
  ): Promise<RateLimitRuleList> {
    const res = await this.t.call<RateLimitRuleList>(
      shieldEndpoints.listRateLimits,
      { params: { shieldZoneId }, query: { page, perPage } },
      opts,
    );
    return res.data;
  }

  /** Lists every rule of a shield zone, following all pages (`perPage` rules a page, default 100). */
  async listAllRateLimits(shieldZoneId: number, opts?: ListAllOptions): Promise<RateLimitRule[]> {
    const { perPage = 100, ...req } = opts ?? {};
    return allPages(
      (page) => this.listRateLimits(shieldZoneId, page, perPage, req),
      perPage,
      `GET /shield/rate-limits/${shieldZoneId}`,
    );
  }

  /**
   * The shield zone that protects a pull zone (GET
   * `/shield/shield-zone/get-by-pullzone/{pullZoneId}`): how a pull zone id, the handle users
   * know, turns into the shield zone id that rate-limit rules live in.
   * @param pullZoneId the pull zone (int32).
   * @throws EdgeApiError for an unknown pull zone, one without a shield zone or one the key
   * cannot see: the platform answers 200 `{data: null, error: {success: false, errorKey:
   * "not_found_or_unauthorised_access.pullzone"}}` (the error's `status` is then 200). Also
   * when a 2xx carries no `data` object.
   */
  async getShieldZoneByPullZone(
    pullZoneId: number,
    opts?: RequestOptions,
  ): Promise<ShieldZoneByPullZone> {
    const res = await this.t.call<ShieldZoneByPullZoneResponse>(
      shieldEndpoints.getShieldZoneByPullZone,
      { params: { pullZoneId } },
      opts,
    );
    return res.data.data as ShieldZoneByPullZone;
  }

  /**
   * Reads a shield zone (GET `/shield/shield-zone/{shieldZoneId}`): its plan and limits
   * (`customWafRulesLimit`, `rateLimitRulesLimit`).
   */
  async getShieldZone(shieldZoneId: number, opts?: RequestOptions): Promise<ShieldZoneResponse> {
    const res = await this.t.call<{ data: ShieldZoneResponse }>(
      shieldEndpoints.getShieldZone,
      { params: { shieldZoneId } },
      opts,
    );
    return res.data.data;
  }

  /**
   * Reads one page of shield event logs. The first page is requested without a token;
   * pass the previous page's `continuationToken` for the next one.
   * @param date the UTC day: a `Date`, an ISO 8601 date or `MM-dd-yyyy`; only today and the
   * two previous days are readable.
   */
  async getEventLogPage(
    shieldZoneId: number,
    date: string | Date,
    continuationToken?: string,
    opts?: RequestOptions,
  ): Promise<EventLogPage> {
    const day = formatEventLogDate(date);
    const res = continuationToken
      ? await this.t.call<EventLogPage>(
          shieldEndpoints.getEventLogNextPage,
          { params: { shieldZoneId, date: day, continuationToken } },
          opts,
        )
      : await this.t.call<EventLogPage>(
          shieldEndpoints.getEventLogFirstPage,
          { params: { shieldZoneId, date: day } },
          opts,
        );
    return res.data;
  }

  /**
   * Iterates over the event-log pages of one day, in order, holding one page at a time:
   * the first page without a token, then each `continuationToken` while `hasMoreData`.
   * Breaking out of the loop stops it (no further request); `opts.signal` cancels the
   * request in flight and ends the iteration with an `aborted` error.
   */
  async *eventLogPages(
    shieldZoneId: number,
    date: string | Date,
    opts: EventLogPagesOptions = {},
  ): AsyncGenerator<EventLogPage, void, undefined> {
    const call: RequestOptions = { signal: opts.signal, onRetry: opts.onRetry };
    const day = formatEventLogDate(date);
    const maxPages = opts.maxPages ?? Infinity;
    let token: string | undefined;
    let pages = 0;
    let records = 0;
    while (pages < maxPages) {
      const page = await this.getEventLogPage(shieldZoneId, day, token, call);
      pages++;
      records += page.logs?.length ?? 0;
      opts.onProgress?.({ pages, records });
      yield page;
      if (!page.hasMoreData || !page.continuationToken || page.continuationToken === token) break;
      token = page.continuationToken;
    }
  }
}
