/**
 * The implementations the serialized stubs (`loader.ts`) reach at run time through the
 * package root: `require("pulumi-edgeplatform").__providers.<name>`. Internal: exported from
 * the package root only for the stubs. Each member is loaded on first use.
 */
import type { rateLimitRuleProvider } from "./rate-limit-rule-provider";
import type { wafRuleProvider } from "./waf-rule-provider";
import type { accessListProvider } from "./access-list-provider";
import type { managedAccessListProvider } from "./managed-access-list-provider";
import type { volumeInstancesDeletionProvider } from "./volume-instances-deletion-provider";
import type { zoneDnssecProvider } from "./zone-settings/kinds/zone-dnssec";
import type { shieldZoneProvider } from "./zone-settings/kinds/shield-zone";
import type { botDetectionProvider } from "./zone-settings/kinds/bot-detection";
import type { uploadScanningProvider } from "./zone-settings/kinds/upload-scanning";
import type { apiGuardianProvider } from "./zone-settings/kinds/api-guardian";
import type { responsePageProvider } from "./zone-settings/kinds/response-page";

/** @internal Dynamic-provider implementations by stub name. */
export const __providers = {
  /** `edge.shield.RateLimitRule`. */
  get rateLimitRule(): typeof rateLimitRuleProvider {
    return require("./rate-limit-rule-provider").rateLimitRuleProvider;
  },
  /** `edge.shield.WafRule`. */
  get wafRule(): typeof wafRuleProvider {
    return require("./waf-rule-provider").wafRuleProvider;
  },
  /** `edge.shield.AccessList`. */
  get accessList(): typeof accessListProvider {
    return require("./access-list-provider").accessListProvider;
  },
  /** `edge.shield.ManagedAccessList`. */
  get managedAccessList(): typeof managedAccessListProvider {
    return require("./managed-access-list-provider").managedAccessListProvider;
  },
  /** `edge.dns.ZoneDnssec`. */
  get zoneDnssec(): typeof zoneDnssecProvider {
    return require("./zone-settings/kinds/zone-dnssec").zoneDnssecProvider;
  },
  /** `edge.containers.VolumeInstancesDeletion`. */
  get volumeInstancesDeletion(): typeof volumeInstancesDeletionProvider {
    return require("./volume-instances-deletion-provider").volumeInstancesDeletionProvider;
  },
  /** `edge.shield.ShieldZone`. */
  get shieldZone(): typeof shieldZoneProvider {
    return require("./zone-settings/kinds/shield-zone").shieldZoneProvider;
  },
  /** `edge.shield.BotDetection`. */
  get botDetection(): typeof botDetectionProvider {
    return require("./zone-settings/kinds/bot-detection").botDetectionProvider;
  },
  /** `edge.shield.UploadScanning`. */
  get uploadScanning(): typeof uploadScanningProvider {
    return require("./zone-settings/kinds/upload-scanning").uploadScanningProvider;
  },
  /** `edge.shield.ApiGuardian`. */
  get apiGuardian(): typeof apiGuardianProvider {
    return require("./zone-settings/kinds/api-guardian").apiGuardianProvider;
  },
  /** `edge.shield.ResponsePage`. */
  get responsePage(): typeof responsePageProvider {
    return require("./zone-settings/kinds/response-page").responsePageProvider;
  },
};
