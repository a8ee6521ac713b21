/**
 * `PullZone`'s caching settings: how long responses are kept, what the cache key is made of
 * (query strings, cookies, headers, the client's image formats, device, country, hostname)
 * and the Perma-Cache.
 */
import { PermaCacheType } from "edgeplatform-client/spec/runtime";
import { enumField, field, type SettingsField } from "../../core/zone-settings/kind";
import { at, bool, int, listOf, objectId, text } from "./pull-zone-field";

/** Query-string and cookie names the platform keys the cache by: letters, digits, `-`, `_`. */
const VARY_NAME = "^[A-Za-z0-9_-]+$";

/** How long and by what the zone caches. */
export const CACHING: readonly SettingsField[] = [
  at(
    "CacheControlMaxAgeOverride",
    field(
      "cacheControlMaxAgeOverride",
      int(-1),
      "Seconds the edge caches a response, overriding the origin's Cache-Control " +
        "(`CacheControlMaxAgeOverride`); -1: as the origin says (a new zone's).",
    ),
  ),
  at(
    "CacheControlPublicMaxAgeOverride",
    field(
      "cacheControlPublicMaxAgeOverride",
      int(-1),
      "Seconds browsers are told to cache a response (`CacheControlPublicMaxAgeOverride`); " +
        "-1: as the origin says (a new zone's).",
    ),
  ),
  at(
    "EnableQueryStringOrdering",
    field(
      "enableQueryStringOrdering",
      bool(),
      "Whether query parameters are sorted before the cache key is made " +
        "(`EnableQueryStringOrdering`).",
    ),
  ),
  at(
    "IgnoreQueryStrings",
    field(
      "ignoreQueryStrings",
      bool(),
      "Whether the query string is left out of the cache key (`IgnoreQueryStrings`).",
    ),
  ),
  at(
    "EnableCacheSlice",
    field(
      "enableCacheSlice",
      bool(),
      "Whether large files are cached in slices (`EnableCacheSlice`).",
    ),
  ),
  at(
    "EnableSmartCache",
    field(
      "enableSmartCache",
      bool(),
      "Whether only responses of cacheable content types are cached (`EnableSmartCache`).",
    ),
  ),
  at(
    "CacheErrorResponses",
    field(
      "cacheErrorResponses",
      bool(),
      "Whether the origin's error responses are cached (`CacheErrorResponses`).",
    ),
  ),
  at(
    "UseStaleWhileUpdating",
    field(
      "useStaleWhileUpdating",
      bool(),
      "Whether a stale copy is served while it is refreshed (`UseStaleWhileUpdating`).",
    ),
  ),
  at(
    "UseStaleWhileOffline",
    field(
      "useStaleWhileOffline",
      bool(),
      "Whether a stale copy is served while the origin is down (`UseStaleWhileOffline`).",
    ),
  ),
  at(
    "DisableCookies",
    field(
      "disableCookies",
      bool(),
      "Whether cookies are stripped from responses (`DisableCookies`).",
    ),
  ),
  at(
    "UseBackgroundUpdate",
    field(
      "useBackgroundUpdate",
      bool(),
      "Whether an expired copy is refreshed in the background while it is still served " +
        "(`UseBackgroundUpdate`; new zone: false).",
    ),
  ),
  at(
    "PermaCacheStorageZoneId",
    field(
      "permaCacheStorageZoneId",
      objectId(),
      "Id of the storage zone that keeps the zone's Perma-Cache (`PermaCacheStorageZoneId`); " +
        "0: no Perma-Cache.",
    ),
  ),
  at(
    "PermaCacheType",
    enumField(
      "permaCacheType",
      PermaCacheType,
      'How the Perma-Cache is filled: `"Automatic"` or `"Manual"` (0–1; `PermaCacheType`).',
    ),
  ),
];

/** What the cache key varies by. */
export const CACHE_VARY: readonly SettingsField[] = [
  at(
    "EnableWebPVary",
    field(
      "enableWebpVary",
      bool(),
      "Whether clients that accept WebP get a cached copy of their own (`EnableWebpVary`).",
    ),
  ),
  at(
    "EnableAvifVary",
    field(
      "enableAvifVary",
      bool(),
      "Whether clients that accept AVIF get a cached copy of their own (`EnableAvifVary`).",
    ),
  ),
  at(
    "EnableMobileVary",
    field(
      "enableMobileVary",
      bool(),
      "Whether mobile and desktop clients get cached copies of their own (`EnableMobileVary`).",
    ),
  ),
  at(
    "EnableCountryCodeVary",
    field(
      "enableCountryCodeVary",
      bool(),
      "Whether each client country gets a cached copy of its own (`EnableCountryCodeVary`).",
    ),
  ),
  at(
    "EnableCountryStateCodeVary",
    field(
      "enableCountryStateCodeVary",
      bool(),
      "Whether each client country and state gets a cached copy of its own " +
        "(`EnableCountryStateCodeVary`).",
    ),
  ),
  at(
    "EnableHostnameVary",
    field(
      "enableHostnameVary",
      bool(),
      "Whether each of the zone's hostnames gets a cached copy of its own " +
        "(`EnableHostnameVary`).",
    ),
  ),
  at(
    "QueryStringVaryParameters",
    field(
      "queryStringVaryParameters",
      listOf(VARY_NAME, [["page", "lang"]]),
      "Query parameters the cache key is made of when the query string counts, compared as " +
        "a set (`QueryStringVaryParameters`); empty: all of them. Letters, digits, `-` and " +
        "`_` only (the platform drops other names).",
      { unordered: true },
    ),
  ),
  at(
    "EnableCookieVary",
    field(
      "enableCookieVary",
      bool(),
      "Whether the cache key includes the cookies of `cookieVaryParameters` " +
        "(`EnableCookieVary`).",
    ),
  ),
  at(
    "CookieVaryParameters",
    field(
      "cookieVaryParameters",
      listOf(VARY_NAME, [["session_lang"]]),
      "Cookies the cache key includes, compared as a set (`CookieVaryParameters`). Letters, " +
        "digits, `-` and `_` only (the platform drops other names).",
      { unordered: true },
    ),
  ),
  at(
    "CacheKeyHeaders",
    field(
      "cacheKeyHeaders",
      text(["Accept-Language"]),
      "Request headers the cache key includes, comma-separated (`CacheKeyHeaders`).",
    ),
  ),
];
