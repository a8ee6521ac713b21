/**
 * The answers shield zone lists share: a zone the caller cannot see (embedded not-found
 * error), the `error` member of a success, and one page of a zone's objects.
 */
import { INT32_MAX, type GenericRequestResponse } from "edgeplatform-client/spec";

/** The page query of a zone's list (`page` from 1, `perPage` up to 1000). */
export const listQuerySchema = {
  type: "object",
  additionalProperties: false,
  properties: {
    page: { type: "integer", minimum: 1, maximum: INT32_MAX },
    perPage: { type: "integer", minimum: 1, maximum: 1000 },
  },
} as const;

export const ZONE_NOT_FOUND_KEY = "not_found_or_unauthorised_access.shieldzone";

export const zoneNotFound = (id: number): GenericRequestResponse => ({
  statusCode: 404,
  success: false,
  message: `Shield zone ${id} was not found or you do not have access to it`,
  errorKey: ZONE_NOT_FOUND_KEY,
});

/**
 * The `error` member of a successful rule list. The published OpenAPI document
 * (`GetCustomWafRulesResponse`) declares it as a `GenericRequestResponse` object, not
 * nullable, so a success carries one that reports success rather than `null`.
 */
export const listOk = (): GenericRequestResponse => ({
  statusCode: 200,
  success: true,
  message: null,
  errorKey: null,
});

/**
 * One page of a shield zone's list answer (`{data, page, error}`, rules by id): an empty page
 * with the zone's not-found error when the caller cannot see the zone.
 */
export function zoneListPage<T extends { id: number }>(
  zoneId: number,
  visible: boolean,
  items: () => T[],
  page: number,
  pageSize: number,
) {
  if (!visible) {
    return {
      data: [] as T[],
      page: { totalCount: 0, totalPages: 0, currentPage: page, nextPage: null, pageSize },
      error: zoneNotFound(zoneId),
    };
  }
  return { ...pageOf(items(), page, pageSize), error: listOk() };
}

/** One page (`{data, page}`) of `items`, by id. */
export function pageOf<T extends { id: number }>(items: T[], page: number, pageSize: number) {
  const all = [...items].sort((a, b) => a.id - b.id);
  const totalPages = Math.ceil(all.length / pageSize);
  return {
    data: all.slice((page - 1) * pageSize, page * pageSize),
    page: {
      totalCount: all.length,
      totalPages,
      currentPage: page,
      nextPage: page < totalPages ? page + 1 : null,
      pageSize,
    },
  };
}
