/**
 * Shield access lists (`spec/shield.md`): a zone's listing (managed and custom lists with
 * their configuration and the plan limits), custom lists (create, read, update, delete) and
 * the configuration of any list (enabled, action), keyed by its `configurationId`.
 * Endpoints are data ({@link accessListEndpoints}); the transport does the rest.
 */
import type {
  AccessListConfigurationRequest,
  AccessListDetails,
  AcceptedResult,
  CreateAccessListRequest,
  CustomAccessList,
  CustomAccessListResponse,
  GenericRequestResponse,
  UpdateAccessListRequest,
  ZoneAccessLists,
} from "../spec";
import type { ApiResponse, Caller, EndpointDef, RequestOptions } from "./transport";

/** A `{data: CustomAccessList}` answer must carry the list and its numeric `id`. */
const listHasId = (b: Record<string, unknown>): string | undefined => {
  const d = b.data as Record<string, unknown> | null | undefined;
  if (typeof d !== "object" || d === null) return 'the answer carries no access list ("data")';
  return typeof d.id === "number" && Number.isFinite(d.id)
    ? undefined
    : `the access list has no numeric "id" (got ${d.id === undefined ? "none" : JSON.stringify(d.id)})`;
};

/** The zone's listing must carry both arrays: a missing one must never read as "no lists". */
const listingShape = (b: Record<string, unknown>): string | undefined =>
  !Array.isArray(b.managedLists)
    ? 'no "managedLists" array in the access-list listing'
    : !Array.isArray(b.customLists)
      ? 'no "customLists" array in the access-list listing'
      : undefined;

const ZONE = "/shield/shield-zone/{shieldZoneId}/access-lists";

/** Endpoint definitions of the access lists. */
export const accessListEndpoints = {
  listAccessLists: {
    operation: "accessLists.listAccessLists",
    method: "GET",
    path: ZONE,
    validate: listingShape,
  },
  createAccessList: {
    operation: "accessLists.createAccessList",
    method: "POST",
    path: ZONE,
    accepted: true,
    validate: listHasId,
  },
  getAccessList: {
    operation: "accessLists.getAccessList",
    method: "GET",
    path: `${ZONE}/{id}`,
    validate: listHasId,
  },
  updateAccessList: {
    operation: "accessLists.updateAccessList",
    method: "PATCH",
    path: `${ZONE}/{id}`,
    // Whole values (the whole `content`): repeatable.
    idempotent: true,
    accepted: true,
    validate: listHasId,
  },
  deleteAccessList: {
    operation: "accessLists.deleteAccessList",
    method: "DELETE",
    path: `${ZONE}/{id}`,
    accepted: true,
    allowEmpty: true,
  },
  updateAccessListConfiguration: {
    operation: "accessLists.updateAccessListConfiguration",
    method: "PATCH",
    path: `${ZONE}/configurations/{configurationId}`,
    // `{isEnabled, action}` are whole values: repeatable.
    idempotent: true,
    accepted: true,
    allowEmpty: true,
  },
} as const satisfies Record<string, EndpointDef>;

/** Result of a custom list's create or update: the list (200) or an `AcceptedResult` (202). */
export type AccessListWriteResult =
  { status: 200; list: CustomAccessList } | { status: 202; accepted: AcceptedResult };

/** The configuration of a list in a zone as the configuration PATCH answers it. */
export interface AccessListConfigurationState {
  /** Whether the list is applied in the zone (`null` when the platform does not say). */
  isEnabled?: boolean | null;
  /** What a match does ({@link AccessListAction}). */
  action?: AccessListConfigurationRequest["action"];
}

/**
 * Result of a configuration PATCH: 200 with the configuration as it now is (the published
 * `UpdateAccessListConfigurationResponse`'s `data`, `{isEnabled, action}`; `undefined` when
 * the platform answers only a result), or 202 (applied later).
 */
export type AccessListConfigurationResult =
  | { status: 200; configuration: AccessListConfigurationState | undefined }
  | { status: 202; accepted: AcceptedResult };

/** A custom list together with its configuration in the zone (two reads). */
export interface AccessListWithConfiguration {
  /** The list and its entries. */
  list: CustomAccessList;
  /** Its line of the zone's listing (`configurationId`, `isEnabled`, `action`); undefined when absent. */
  details: AccessListDetails | undefined;
}

function toWriteResult(res: ApiResponse<unknown>): AccessListWriteResult {
  if (res.status === 202) return { status: 202, accepted: (res.data ?? {}) as AcceptedResult };
  return { status: 200, list: (res.data as CustomAccessListResponse).data as CustomAccessList };
}

/** Access-list area of the {@link Client} (`client.accessLists`). */
export class AccessListsApi {
  /** @internal Use `client.accessLists`. */
  constructor(private readonly t: Caller) {}

  /**
   * Every list of a shield zone, managed and custom, with its configuration
   * (`configurationId`, `isEnabled`, `action`) and the zone's custom-list limits
   * (GET `/shield/shield-zone/{shieldZoneId}/access-lists`).
   */
  async listAccessLists(shieldZoneId: number, opts?: RequestOptions): Promise<ZoneAccessLists> {
    return (
      await this.t.call<ZoneAccessLists>(
        accessListEndpoints.listAccessLists,
        { params: { shieldZoneId } },
        opts,
      )
    ).data;
  }

  /**
   * Creates a custom list (POST `/shield/shield-zone/{shieldZoneId}/access-lists`). `content`
   * is the entries joined by `"\n"` (`accessListContent`; check them first with
   * `validateAccessListEntries`). Never retried except on a 429 or a refused connection. A
   * zone at its list or entry limit refuses it: the error names the limit.
   */
  async createAccessList(
    shieldZoneId: number,
    body: CreateAccessListRequest,
    opts?: RequestOptions,
  ): Promise<AccessListWriteResult> {
    return toWriteResult(
      await this.t.call(
        accessListEndpoints.createAccessList,
        { params: { shieldZoneId }, body },
        opts,
      ),
    );
  }

  /**
   * Reads a custom list (GET `/shield/shield-zone/{shieldZoneId}/access-lists/{id}`): its
   * entries, not its configuration (see {@link getAccessListWithConfiguration}).
   * @throws EdgeApiError with `isNotFound` when the list is gone.
   */
  async getAccessList(
    shieldZoneId: number,
    id: number,
    opts?: RequestOptions,
  ): Promise<CustomAccessList> {
    const res = await this.t.call<CustomAccessListResponse>(
      accessListEndpoints.getAccessList,
      { params: { shieldZoneId, id } },
      opts,
    );
    return res.data.data as CustomAccessList;
  }

  /**
   * A custom list and its line of the zone's listing (`isEnabled` and `action` live there):
   * the list, then the listing.
   */
  async getAccessListWithConfiguration(
    shieldZoneId: number,
    id: number,
    opts?: RequestOptions,
  ): Promise<AccessListWithConfiguration> {
    const list = await this.getAccessList(shieldZoneId, id, opts);
    const all = await this.listAccessLists(shieldZoneId, opts);
    return { list, details: all.customLists.find((l) => l.listId === id) };
  }

  /**
   * Updates a custom list's `name`, `content` or `checksum` (PATCH
   * `/shield/shield-zone/{shieldZoneId}/access-lists/{id}`; its type and description cannot
   * change). Send the whole `content`: the call is then safe to retry.
   */
  async updateAccessList(
    shieldZoneId: number,
    id: number,
    patch: UpdateAccessListRequest,
    opts?: RequestOptions,
  ): Promise<AccessListWriteResult> {
    return toWriteResult(
      await this.t.call(
        accessListEndpoints.updateAccessList,
        { params: { shieldZoneId, id }, body: patch },
        opts,
      ),
    );
  }

  /**
   * Deletes a custom list (DELETE `/shield/shield-zone/{shieldZoneId}/access-lists/{id}`).
   * A delete the platform accepted and applies later answers `statusCode: 202`, whatever the
   * body holds: the list may still be there (read it back until it is not found).
   */
  async deleteAccessList(
    shieldZoneId: number,
    id: number,
    opts?: RequestOptions,
  ): Promise<GenericRequestResponse> {
    const res = await this.t.call<GenericRequestResponse>(
      accessListEndpoints.deleteAccessList,
      { params: { shieldZoneId, id } },
      opts,
    );
    const body = res.data ?? {};
    return res.status === 202 ? { ...body, statusCode: 202 } : body;
  }

  /**
   * Enables or disables a list in the zone and sets its action (PATCH
   * `/shield/shield-zone/{shieldZoneId}/access-lists/configurations/{configurationId}`).
   * Keyed by the list's `configurationId` from the zone's listing, NOT its `listId`.
   * @throws EdgeApiError with `errorKey` `not_available.access_list` for a managed list that
   * needs a higher plan than the zone's.
   */
  async updateAccessListConfiguration(
    shieldZoneId: number,
    configurationId: number,
    body: AccessListConfigurationRequest,
    opts?: RequestOptions,
  ): Promise<AccessListConfigurationResult> {
    const res = await this.t.call<{ data?: AccessListConfigurationState | null } | undefined>(
      accessListEndpoints.updateAccessListConfiguration,
      { params: { shieldZoneId, configurationId }, body },
      opts,
    );
    if (res.status === 202) return { status: 202, accepted: (res.data ?? {}) as AcceptedResult };
    const d = res.data?.data;
    return {
      status: 200,
      configuration:
        d && typeof d === "object" && !Array.isArray(d)
          ? {
              ...(d.isEnabled !== undefined ? { isEnabled: d.isEnabled } : {}),
              ...(d.action !== undefined ? { action: d.action } : {}),
            }
          : undefined,
    };
  }
}
