/**
 * The implementations the serialized stubs (`loader.ts`) reach at run time through the
 * package root: `require("pulumi-edgeplatform").__providers.<name>`. Internal: exported from
 * the package root only for the stubs. Each member is loaded on first use and runs through the
 * provider chain the native plugin runs too ({@link gated}, `provider-chain.ts`): its `check`
 * also checks the API key (`credentials.ts`), so that `pulumi preview` fails on a missing or
 * refused key; a delete refused for the key stored with the provider names the way out
 * (`stored-settings.ts`).
 */
import { installUrnCapture } from "./engine-log";
import { providerChain, type KindOperations, type OperationName } from "./provider-chain";
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

/** The methods the host may call that go through the provider chain. */
const METHODS: readonly OperationName[] = ["check", "diff", "create", "read", "update", "delete"];

/** The methods whose failure the dynamic-provider host prints itself (`${e}: ${e.stack}`). */
const PRINTED_BY_HOST = new Set<OperationName>(["check", "diff", "read", "delete"]);

/**
 * The dynamic host's provider chain (`provider-chain.ts`): the host prints some failures
 * itself, its settings are the process's (`configure()`), and a resource may bring its own
 * connection (`opts.connection`).
 */
const hostChain = providerChain({ hostPrints: PRINTED_BY_HOST, resourceConnections: true });

/**
 * `provider` as the host calls it: every method goes through the provider chain
 * (`provider-chain.ts`): it runs with the URN of its resource (so that its log lines show
 * under the resource, `engine-log.ts`) and with the resource's own connection when it has one
 * (`opts.connection`, `resource-connection.ts`: the kind's code never sees it, and the outputs
 * keep it), and `check`, when the provider's own check finds nothing wrong with the inputs,
 * fails on a missing or refused API key (`credentials.ts`). The same object for the same
 * provider; every other member is the provider's (a prototype link).
 */
export function gated<P extends Checking>(provider: P): P {
  let g = gatedProviders.get(provider) as P | undefined;
  if (!g) {
    installUrnCapture();
    const methods: PropertyDescriptorMap = {};
    const kind = provider as unknown as KindOperations;
    for (const op of METHODS) {
      if (typeof kind[op] !== "function" && op !== "check") continue;
      const value = (...args: unknown[]) => hostChain({ op, args, kind });
      methods[op] = { value, writable: true, enumerable: true, configurable: true };
    }
    g = Object.create(provider, methods) as P;
    gatedProviders.set(provider, g);
  }
  return g;
}
