/**
 * The implementations the serialized stubs (`loader.ts`) reach at run time through the
 * package root: `require("pulumi-edgeplatform").__providers.<name>`. Internal: exported from
 * the package root only for the stubs. Each member is loaded on first use, and its `check`
 * also checks the API key (`credentials.ts`), so that `pulumi preview` fails on a missing or
 * refused key; a delete refused for the key stored with the provider names the way out
 * (`stored-settings.ts`).
 */
import { credentialFailure } from "./credentials";
import { connectionFailures, splitConnection, withResourceConnection } from "./resource-connection";
import { installUrnCapture, withUrnOf } from "./engine-log";
import { deleteWithWayOut, noteProgramRan } from "./stored-settings";
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

type Method = (...args: unknown[]) => Promise<unknown>;

/** The methods whose failure the dynamic-provider host prints itself (`${e}: ${e.stack}`). */
const PRINTED_BY_HOST = new Set(["check", "diff", "read", "delete"]);

/**
 * A failure as the host prints it: one line, `edgeplatform: <message>` (the CLI shows it under
 * the stack, beside the resource's error). The host's own line
 * is the error's text and its stack (`@pulumi/pulumi/cmd/dynamic-provider`), which for an
 * Error repeats the class name and the message and adds the stack trace; the engine still gets
 * the message. The error keeps its class and fields (`errorKey`, `status`).
 */
function printedOnce(e: unknown): never {
  if (e instanceof Error) {
    // The messages name the provider already ("edgeplatform DnsRecord 7: read failed: …").
    const rest = e.message.replace(/^edgeplatform /, "");
    Object.defineProperty(e, "stack", { value: rest, configurable: true, writable: true });
    Object.defineProperty(e, "toString", { value: () => "edgeplatform", configurable: true });
  }
  throw e;
}

/**
 * `provider` as the host calls it: every method runs with the URN of its resource (so that its
 * log lines show under the resource, `engine-log.ts`) and with the resource's own connection
 * when it has one (`opts.connection`, `resource-connection.ts`: the kind's code never sees it,
 * and the outputs keep it), and `check`, when the provider's own check finds nothing wrong with
 * the inputs, fails on a missing or refused API key ({@link credentialFailure}). The same
 * object for the same provider; every other member is the provider's (a prototype link).
 */
function gated<P extends Checking>(provider: P): P {
  let g = gatedProviders.get(provider) as P | undefined;
  if (!g) {
    installUrnCapture();
    const methods: PropertyDescriptorMap = {};
    const p = provider as unknown as Record<string, Method | undefined>;
    const values: Record<string, Method> = {
      check: (olds, news) =>
        withUrnOf(news, async () => {
          noteProgramRan();
          const [o] = splitConnection(olds);
          const [n, connection] = splitConnection(news);
          const refused = connectionFailures(news);
          if (refused.length > 0) return { inputs: news, failures: refused };
          return withResourceConnection(connection, async () => {
            const r = (await p.check?.call(provider, o, n)) as {
              inputs?: Record<string, unknown>;
              failures?: { property: string; reason: string }[];
            };
            // The connection as given (also when not known yet, in a preview).
            const given = (news as Record<string, unknown> | undefined)?.connection;
            const res =
              given !== undefined ? { ...r, inputs: { ...r?.inputs, connection: given } } : r;
            if ((r?.failures ?? []).length > 0) return res; // the inputs first
            const key = await credentialFailure();
            return key ? { ...res, failures: [key] } : res;
          });
        }),
      diff: (id, olds, news) =>
        withUrnOf(news, async () => {
          const [o, before] = splitConnection(olds);
          const [n, connection] = splitConnection(news);
          const r = (await withResourceConnection(connection, () =>
            p.diff!.call(provider, id, o, n),
          )) as { changes?: boolean };
          // A new connection alone is an update that writes nothing (it is stored).
          return JSON.stringify(before) === JSON.stringify(connection)
            ? r
            : { ...r, changes: true };
        }),
      create: (inputs) =>
        withUrnOf(inputs, async () => {
          const [i, connection] = splitConnection(inputs);
          const r = (await withResourceConnection(connection, () =>
            p.create!.call(provider, i),
          )) as { id: string; outs?: Record<string, unknown> };
          return connection ? { ...r, outs: { ...r.outs, connection } } : r;
        }),
      read: (id, props) =>
        withUrnOf(props, async () => {
          const [pr, connection] = splitConnection(props);
          const r = (await withResourceConnection(connection, () =>
            p.read!.call(provider, id, pr),
          )) as { id?: string; props?: Record<string, unknown>; inputs?: Record<string, unknown> };
          if (!connection || !r?.id) return r;
          return {
            ...r,
            props: { ...r.props, connection },
            ...(r.inputs ? { inputs: { ...r.inputs, connection } } : {}),
          };
        }),
      update: (id, olds, news) =>
        withUrnOf(news, async () => {
          const [o, before] = splitConnection(olds);
          const [n, connection] = splitConnection(news);
          return withResourceConnection(connection, async () => {
            // Only the connection changed: nothing to write; the new one is stored.
            const onlyConnection =
              JSON.stringify(before) !== JSON.stringify(connection) &&
              typeof p.diff === "function" &&
              ((await p.diff.call(provider, id, o, n)) as { changes?: boolean })?.changes === false;
            const r = (onlyConnection ? { outs: o } : await p.update!.call(provider, id, o, n)) as {
              outs?: Record<string, unknown>;
            };
            return connection ? { ...r, outs: { ...r?.outs, connection } } : r;
          });
        }),
      delete: (id, props) =>
        withUrnOf(props, async () => {
          const [pr, connection] = splitConnection(props);
          return deleteWithWayOut(
            () => withResourceConnection(connection, () => p.delete!.call(provider, id, pr)),
            typeof connection?.apiKey === "string" && connection.apiKey !== "",
          );
        }),
    };
    for (const name of Object.keys(PROPS_ARG)) {
      if (typeof p[name] !== "function" && name !== "check") continue;
      const method = values[name];
      const value: Method = PRINTED_BY_HOST.has(name)
        ? (...args) => method(...args).catch(printedOnce)
        : method;
      methods[name] = { value, writable: true, enumerable: true, configurable: true };
    }
    g = Object.create(provider, methods) as P;
    gatedProviders.set(provider, g);
  }
  return g;
}
