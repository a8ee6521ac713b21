/**
 * `PullZone`'s security settings: what the zone refuses (paths, methods, referrers, addresses,
 * countries), its token authentication, TLS and certificates, and its DDoS protection.
 */
import { ShieldDDosProtectionType, TlsSecurityLevelType } from "edgeplatform-client/spec/runtime";
import { enumField, field, type SettingsField } from "../../core/zone-settings/kind";
import { at, bool, COUNTRY, list, listOf } from "./pull-zone-field";

/** What the zone refuses. */
export const SECURITY: readonly SettingsField[] = [
  at(
    "BlockRootPathAccess",
    field(
      "blockRootPathAccess",
      bool(),
      "Whether requests for the root path `/` are refused (`BlockRootPathAccess`).",
    ),
  ),
  at(
    "BlockPostRequests",
    field("blockPostRequests", bool(), "Whether POST requests are refused (`BlockPostRequests`)."),
  ),
  at(
    "BlockNoneReferrer",
    field(
      "blockNoneReferrer",
      bool(),
      "Whether requests without a Referer header are refused (`BlockNoneReferrer`).",
    ),
  ),
  at(
    "AllowedReferrers",
    field(
      "allowedReferrers",
      list([["www.example.com"]]),
      "Hostnames allowed as Referer, compared as a set (`AllowedReferrers`); when set, other " +
        "referrers are refused. The whole list is managed: `[]` empties it.",
      { unordered: true },
    ),
  ),
  at(
    "BlockedReferrers",
    field(
      "blockedReferrers",
      list([["spam.example.net"]]),
      "Hostnames refused as Referer, compared as a set (`BlockedReferrers`). The whole list is " +
        "managed: `[]` empties it.",
      { unordered: true },
    ),
  ),
  at(
    "BlockedIps",
    field(
      "blockedIps",
      list([["203.0.113.7", "198.51.100.0/24"]]),
      "IP addresses or CIDR ranges refused, compared as a set (`BlockedIps`). The whole list " +
        "is managed: `[]` empties it.",
      { unordered: true },
    ),
  ),
  at(
    "BlockedCountries",
    field(
      "blockedCountries",
      listOf(COUNTRY, [["KP", "IR"]]),
      "Countries whose clients are refused, as two-letter codes (`DE`), compared as a set " +
        "(`BlockedCountries`). The whole list is managed: `[]` empties it.",
      { unordered: true },
    ),
  ),
];

/** Token authentication: signed URLs. The key is the zone's security key, not a setting. */
export const TOKENS: readonly SettingsField[] = [
  at(
    "ZoneSecurityEnabled",
    field(
      "zoneSecurityEnabled",
      bool(),
      "Whether every request needs a URL signed with the zone's security key " +
        "(`ZoneSecurityEnabled`; new zone: false).",
    ),
  ),
  at(
    "ZoneSecurityIncludeHashRemoteIP",
    field(
      "zoneSecurityIncludeHashRemoteIp",
      bool(),
      "Whether the signature also covers the client's IP address " +
        "(`ZoneSecurityIncludeHashRemoteIP`; new zone: false).",
    ),
  ),
];

/** TLS, certificates and DDoS protection. */
export const TLS: readonly SettingsField[] = [
  at(
    "EnableTLS1",
    field(
      "enableTls1",
      bool(),
      "Whether clients may connect with TLS 1.0 (`EnableTLS1`; new zone: true).",
    ),
  ),
  at(
    "EnableTLS1_1",
    field(
      "enableTls11",
      bool(),
      "Whether clients may connect with TLS 1.1 (`EnableTLS1_1`; new zone: true).",
    ),
  ),
  at(
    "TlsSecurityLevel",
    enumField(
      "tlsSecurityLevel",
      TlsSecurityLevelType,
      'Lowest TLS cipher level the zone accepts: `"Legacy"`, `"Compatible"` or `"ModernOnly"` ' +
        "(0–2; `TlsSecurityLevel`).",
    ),
  ),
  at(
    "EnableAutoSSL",
    field(
      "enableAutoSsl",
      bool(),
      "Whether a hostname added to the zone gets a free certificate on its own " +
        "(`EnableAutoSSL`; new zone: true).",
    ),
  ),
  at(
    "DisableLetsEncrypt",
    field(
      "disableLetsEncrypt",
      bool(),
      "Whether the platform's own Let's Encrypt validation is off, its requests passed to the " +
        "origin (`DisableLetsEncrypt`; new zone: false).",
    ),
  ),
  at(
    "ShieldDDosProtectionEnabled",
    field(
      "shieldDdosProtectionEnabled",
      bool(),
      "Whether the zone's DDoS protection is on (`ShieldDDosProtectionEnabled`).",
    ),
  ),
  at(
    "ShieldDDosProtectionType",
    enumField(
      "shieldDdosProtectionType",
      ShieldDDosProtectionType,
      'How the DDoS protection acts: `"DetectOnly"`, `"ActiveStandard"` or ' +
        '`"ActiveAggressive"` (0–2; `ShieldDDosProtectionType`).',
    ),
  ),
];
