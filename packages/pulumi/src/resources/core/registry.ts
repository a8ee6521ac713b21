/**
 * The implementations the serialized stubs (`loader.ts`) reach at run time through the
 * package root: `require("pulumi-edgeplatform").__providers.<name>`. Internal: exported from
 * the package root only for the stubs. Each member is loaded on first use, and its `check`
 * also checks the API key (`credentials.ts`), so that `pulumi preview` fails on a missing or
 * refused key.
 */
import { credentialFailure } from "./credentials";
import { installUrnCapture, withUrnOf } from "./engine-log";
import type { rateLimitRuleProvider } from "./providers/rate-limit-rule-provider";
import type { wafRuleProvider } from "./providers/waf-rule-provider";
import type { accessListProvider } from "./providers/access-list-provider";
import type { managedAccessListProvider } from "../kinds/settings/managed-access-list";
import type { volumeInstancesDeletionProvider } from "../kinds/own/volume-instances-deletion";
import type { zoneDnssecProvider } from "../kinds/settings/zone-dnssec";
import type { dnsZoneProvider } from "../kinds/settings/dns-zone";
import type { shieldZoneProvider } from "../kinds/settings/shield-zone";
import type { botDetectionProvider } from "../kinds/settings/bot-detection";
import type { uploadScanningProvider } from "../kinds/settings/upload-scanning";
import type { apiGuardianProvider } from "../kinds/settings/api-guardian";
import type { responsePageProvider } from "../kinds/settings/response-page";
import type { underAttackModeProvider } from "../kinds/settings/under-attack-mode";
import type { botCategorizationProvider } from "../kinds/settings/bot-categorization";
import type { dnsRecordProvider } from "./providers/dns-record-provider";

/** @internal Dynamic-provider implementations by stub name. */
export const __providers = {
  /** `edge.shield.RateLimitRule`. */
  get rateLimitRule(): typeof rateLimitRuleProvider {
    return gated(require("./providers/rate-limit-rule-provider").rateLimitRuleProvider);
  },
  /** `edge.shield.WafRule`. */
  get wafRule(): typeof wafRuleProvider {
    return gated(require("./providers/waf-rule-provider").wafRuleProvider);
  },
  /** `edge.shield.AccessList`. */
  get accessList(): typeof accessListProvider {
    return gated(require("./providers/access-list-provider").accessListProvider);
  },
  /** `edge.shield.ManagedAccessList`. */
  get managedAccessList(): typeof managedAccessListProvider {
    return gated(require("../kinds/settings/managed-access-list").managedAccessListProvider);
  },
  /** `edge.dns.ZoneDnssec`. */
  get zoneDnssec(): typeof zoneDnssecProvider {
    return gated(require("../kinds/settings/zone-dnssec").zoneDnssecProvider);
  },
  /** `edge.dns.DnsZone`. */
  get dnsZone(): typeof dnsZoneProvider {
    return gated(require("../kinds/settings/dns-zone").dnsZoneProvider);
  },
  /** `edge.containers.VolumeInstancesDeletion`. */
  get volumeInstancesDeletion(): typeof volumeInstancesDeletionProvider {
    return gated(require("../kinds/own/volume-instances-deletion").volumeInstancesDeletionProvider);
  },
  /** `edge.shield.ShieldZone`. */
  get shieldZone(): typeof shieldZoneProvider {
    return gated(require("../kinds/settings/shield-zone").shieldZoneProvider);
  },
  /** `edge.shield.BotDetection`. */
  get botDetection(): typeof botDetectionProvider {
    return gated(require("../kinds/settings/bot-detection").botDetectionProvider);
  },
  /** `edge.shield.UploadScanning`. */
  get uploadScanning(): typeof uploadScanningProvider {
    return gated(require("../kinds/settings/upload-scanning").uploadScanningProvider);
  },
  /** `edge.shield.ApiGuardian`. */
  get apiGuardian(): typeof apiGuardianProvider {
    return gated(require("../kinds/settings/api-guardian").apiGuardianProvider);
  },
  /** `edge.shield.ResponsePage`. */
  get responsePage(): typeof responsePageProvider {
    return gated(require("../kinds/settings/response-page").responsePageProvider);
  },
  /** `edge.shield.UnderAttackMode`. */
  get underAttackMode(): typeof underAttackModeProvider {
    return gated(require("../kinds/settings/under-attack-mode").underAttackModeProvider);
  },
  /** `edge.shield.BotCategorization`. */
  get botCategorization(): typeof botCategorizationProvider {
    return gated(require("../kinds/settings/bot-categorization").botCategorizationProvider);
  },
  /** `edge.dns.DnsRecord`. */
  get dnsRecord(): typeof dnsRecordProvider {
    return gated(require("./providers/dns-record-provider").dnsRecordProvider);
  },
};

/** A provider whose `check` may be called. */
interface Checking {
  check?: (olds: never, news: never) => unknown;
}

const gatedProviders = new WeakMap<object, object>();

/** Which argument of each method holds the properties the host's request named a URN for. */
const PROPS_ARG: Record<string, number> = {
  check: 1,
  diff: 2,
  create: 0,
  read: 1,
  update: 2,
  delete: 1,
};

type Method = (...args: unknown[]) => unknown;

/**
 * `provider` as the host calls it: every method runs with the URN of its resource (so that its
 * log lines show under the resource, `engine-log.ts`), and `check`, when the provider's own
 * check finds nothing wrong with the inputs, fails on a missing or refused API key
 * ({@link credentialFailure}). The same object for the same provider; every other member is
 * the provider's (a prototype link).
 */
function gated<P extends Checking>(provider: P): P {
  let g = gatedProviders.get(provider) as P | undefined;
  if (!g) {
    installUrnCapture();
    const methods: PropertyDescriptorMap = {};
    for (const [name, at] of Object.entries(PROPS_ARG)) {
      const method = (provider as Record<string, unknown>)[name] as Method | undefined;
      if (typeof method !== "function" && name !== "check") continue;
      const value =
        name === "check"
          ? (olds: never, news: never) =>
              withUrnOf(news, async () => {
                const r = (await method?.call(provider, olds, news)) as {
                  inputs?: unknown;
                  failures?: { property: string; reason: string }[];
                };
                if ((r?.failures ?? []).length > 0) return r; // the inputs first
                const key = await credentialFailure();
                return key ? { ...r, failures: [key] } : r;
              })
          : (...args: unknown[]) => withUrnOf(args[at], () => method!.apply(provider, args));
      methods[name] = { value, writable: true, enumerable: true, configurable: true };
    }
    g = Object.create(provider, methods) as P;
    gatedProviders.set(provider, g);
  }
  return g;
}
