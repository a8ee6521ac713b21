/** The answers of the access-list routes: error keys, failures, list views. */
import {
  AccessListDetails,
  accessListEntries,
  CustomAccessList,
  GenericRequestResponse,
  type AccessListTypeValue,
} from "edgeplatform-client/spec";
import type { CustomAccessListState, ManagedAccessListState } from "../state";
import type { AccessListConfigState } from "../state-shield";

/** Error keys of the access-list routes. */
export const ACCESS_LIST_KEYS = {
  notFound: "not_found.access_list",
  configurationNotFound: "not_found.access_list_configuration",
  listLimit: "limit_reached.access_list",
  entryLimit: "limit_reached.access_list_entry",
  invalidContent: "validation_error.access_list_content",
  notAvailable: "not_available.access_list",
} as const;

/** An embedded failure (`GenericRequestResponse` with `success: false`). */
export const failure = (
  statusCode: number,
  errorKey: string,
  message: string,
): GenericRequestResponse => ({
  statusCode,
  success: false,
  message,
  errorKey,
});

/** A custom list as its GET answers it (`CustomAccessList`). */
export const customView = (l: CustomAccessListState): CustomAccessList => ({
  id: l.id,
  name: l.name,
  description: l.description,
  type: l.type as AccessListTypeValue,
  content: l.content,
  checksum: l.checksum,
  entryCount: accessListEntries(l.content).length,
  lastModified: l.lastModified,
});
/** A custom list's line of the zone listing. */
export const customDetails = (l: CustomAccessListState): AccessListDetails => ({
  listId: l.id,
  configurationId: l.configurationId,
  name: l.name,
  description: l.description,
  isEnabled: l.isEnabled,
  type: l.type as AccessListDetails["type"],
  category: 0,
  action: l.action as AccessListDetails["action"],
  requiredPlan: 0,
  entryCount: accessListEntries(l.content).length,
  updateFrequency: null,
  lastUpdated: l.lastModified,
});
/** A managed list's line of the zone listing, with the zone's configuration of it. */
export const managedDetails = (
  m: ManagedAccessListState,
  c: AccessListConfigState,
): AccessListDetails => ({
  listId: m.listId,
  configurationId: c.configurationId,
  name: m.name,
  description: m.description,
  isEnabled: c.isEnabled,
  type: m.type as AccessListDetails["type"],
  category: m.category,
  action: c.action as AccessListDetails["action"],
  requiredPlan: m.requiredPlan as AccessListDetails["requiredPlan"],
  entryCount: m.entryCount,
  updateFrequency: m.updateFrequency,
  lastUpdated: m.lastUpdated,
});
