/**
 * `PullZone`'s response headers: CORS and the canonical link header.
 */
import { field, type SettingsField } from "../../core/zone-settings/kind";
import { at, bool, listOf } from "./pull-zone-field";

/** Headers the zone adds to its responses. */
export const HEADERS: readonly SettingsField[] = [
  at(
    "EnableAccessControlOriginHeader",
    field(
      "enableAccessControlOriginHeader",
      bool(),
      "Whether responses for the extensions of `accessControlOriginHeaderExtensions` carry " +
        "CORS headers (`EnableAccessControlOriginHeader`).",
    ),
  ),
  at(
    "AccessControlOriginHeaderExtensions",
    field(
      "accessControlOriginHeaderExtensions",
      listOf("^[A-Za-z0-9]+$", [["woff2", "js"]]),
      "File extensions (without the dot) whose responses carry CORS headers, compared as a set " +
        "(`AccessControlOriginHeaderExtensions`). The whole list is managed: `[]` empties it.",
      { unordered: true },
    ),
  ),
  at(
    "AddCanonicalHeader",
    field(
      "addCanonicalHeader",
      bool(),
      "Whether responses carry a canonical `Link` header naming the origin's URL " +
        "(`AddCanonicalHeader`; new zone: false).",
    ),
  ),
];
