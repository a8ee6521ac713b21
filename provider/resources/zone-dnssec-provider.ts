/**
 * Implementation of the `edge.dns.ZoneDnssec` dynamic resource: the DNSSEC switch of one DNS
 * zone. `enabled: true` → POST `/dnszone/{id}/dnssec`, `enabled: false` → DELETE; read =
 * GET `/dnszone/{id}` (`DnsSecEnabled`); destroy returns the zone to disabled. Loaded at run
 * time by the thin serialized stub in `loader.ts`.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { DnssecInfo } from "../schema";
import {
  checkInteger,
  checkType,
  Failure,
  isNotFound,
  isUnknown,
  operation,
  safeCheck,
  unknownProperties,
} from "./common";
import type { DetailedDiffResult, PropertyDiffKind } from "./rate-limit-rule-provider";
import { configureFromRequest, ConfigureRequestLike, getClient } from "./settings";

/** Inputs of a zone's DNSSEC switch. */
export interface ZoneDnssecInputs {
  zoneId: number;
  enabled: boolean;
}

/** State of a zone's DNSSEC switch: the inputs plus the DNSSEC record. */
export interface ZoneDnssecOutputs {
  zoneId: number;
  enabled: boolean;
  dsRecord: string | null;
  digest: string | null;
  digestType: string | null;
  algorithm: number | null;
  publicKey: string | null;
  keyTag: number | null;
  flags: number | null;
  dsConfigured: boolean;
}

/** Input names. */
export const ZONE_DNSSEC_INPUTS = ["zoneId", "enabled"] as const;

/** Validates the inputs. Never throws. */
export function checkZoneDnssec(_olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const failures: Failure[] = [...unknownProperties(n, ZONE_DNSSEC_INPUTS)];
    if (n.zoneId === undefined || n.zoneId === null) {
      failures.push({ property: "zoneId", reason: "is required" });
    } else {
      failures.push(
        ...checkInteger(n.zoneId, "zoneId", 1, Number.MAX_SAFE_INTEGER, "an integer zone id"),
      );
    }
    if (n.enabled === undefined || n.enabled === null) {
      failures.push({ property: "enabled", reason: "is required (true or false)" });
    } else {
      failures.push(...checkType(n.enabled, "enabled", "boolean"));
    }
    return { inputs: n, failures };
  });
}

/** Reports a replacement for a new `zoneId` and an update for a new `enabled`. No API call. */
export function diffZoneDnssec(
  _id: string,
  olds: Partial<ZoneDnssecOutputs>,
  news: Partial<ZoneDnssecInputs>,
): DetailedDiffResult {
  const detailed: Record<string, PropertyDiffKind> = {};
  const replaces: string[] = [];
  if (isUnknown(news.zoneId) || news.zoneId !== olds.zoneId) {
    replaces.push("zoneId");
    detailed.zoneId = "update-replace";
  }
  if (isUnknown(news.enabled) || news.enabled !== olds.enabled) detailed.enabled = "update";
  const kinds = Object.entries(detailed);
  return {
    changes: kinds.length > 0,
    replaces,
    deleteBeforeReplace: false,
    detailedDiff: Object.fromEntries(kinds.map(([k, kind]) => [k, { kind, inputDiff: true }])),
  };
}

/** Builds the state from the DNSSEC record the platform returned. */
export function toOutputs(zoneId: number, requested: boolean, info: DnssecInfo): ZoneDnssecOutputs {
  const i = (info ?? {}) as Partial<DnssecInfo>;
  return {
    zoneId,
    enabled: typeof i.Enabled === "boolean" ? i.Enabled : requested,
    dsRecord: i.DsRecord ?? null,
    digest: i.Digest ?? null,
    digestType: i.DigestType ?? null,
    algorithm: i.Algorithm ?? null,
    publicKey: i.PublicKey ?? null,
    keyTag: i.KeyTag ?? null,
    flags: i.Flags ?? null,
    dsConfigured: i.DsConfigured ?? false,
  };
}

async function apply(zoneId: number, enabled: boolean): Promise<ZoneDnssecOutputs> {
  const dns = getClient().dns;
  const info = enabled ? await dns.enableDnssec(zoneId) : await dns.disableDnssec(zoneId);
  return toOutputs(zoneId, enabled, info);
}

const label = (zoneId: unknown) => `edgeplatform ZoneDnssec (zone ${String(zoneId)})`;

/** Switches DNSSEC to the desired state (one POST or DELETE). */
export async function createZoneDnssec(
  inputs: ZoneDnssecInputs,
): Promise<dynamic.CreateResult<ZoneDnssecOutputs>> {
  return operation(`${label(inputs.zoneId)}: create`, async () => {
    const outs = await apply(inputs.zoneId, inputs.enabled);
    return { id: String(inputs.zoneId), outs };
  });
}

/**
 * Reads `DnsSecEnabled` of the zone (GET `/dnszone/{id}`). An out-of-band toggle is drift:
 * `enabled` follows the platform; the DS fields are kept while DNSSEC stays as last known
 * and cleared (unknown) when it changed, because the zone read does not carry them. A zone
 * gone upstream returns an empty id.
 */
export async function readZoneDnssec(
  id: string,
  props: ZoneDnssecOutputs,
): Promise<dynamic.ReadResult<ZoneDnssecOutputs>> {
  const zoneId = typeof props?.zoneId === "number" ? props.zoneId : Number(id);
  return operation(`${label(zoneId)}: read`, async () => {
    let enabled: boolean;
    try {
      enabled = (await getClient().dns.getZone(zoneId)).DnsSecEnabled === true;
    } catch (e) {
      if (isNotFound(e)) return { id: "" };
      throw e;
    }
    const outs: ZoneDnssecOutputs =
      props && props.enabled === enabled
        ? { ...props, zoneId }
        : {
            zoneId,
            enabled,
            dsRecord: null,
            digest: null,
            digestType: null,
            algorithm: null,
            publicKey: null,
            keyTag: null,
            flags: null,
            dsConfigured: false,
          };
    return { id: String(zoneId), props: outs, inputs: { zoneId, enabled } as never };
  });
}

/** Switches DNSSEC when `enabled` changed (one POST or DELETE); otherwise no request. */
export async function updateZoneDnssec(
  _id: string,
  olds: ZoneDnssecOutputs,
  news: ZoneDnssecInputs,
): Promise<dynamic.UpdateResult<ZoneDnssecOutputs>> {
  return operation(`${label(news.zoneId)}: update`, async () => {
    if (news.enabled === olds.enabled) return { outs: olds };
    return { outs: await apply(news.zoneId, news.enabled) };
  });
}

/** Returns the zone to the platform default: DNSSEC disabled (DELETE; a gone zone is fine). */
export async function deleteZoneDnssec(id: string, props: ZoneDnssecOutputs): Promise<void> {
  const zoneId = typeof props?.zoneId === "number" ? props.zoneId : Number(id);
  await operation(`${label(zoneId)}: delete`, async () => {
    try {
      await getClient().dns.disableDnssec(zoneId);
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
  });
}

/** The dynamic provider of `edge.dns.ZoneDnssec` (what the serialized stub calls). */
export const zoneDnssecProvider = {
  configure: async (req: ConfigureRequestLike): Promise<void> => configureFromRequest(req),
  check: async (olds: unknown, news: unknown) => checkZoneDnssec(olds, news),
  diff: async (id: string, olds: ZoneDnssecOutputs, news: ZoneDnssecInputs) =>
    diffZoneDnssec(id, olds, news),
  create: createZoneDnssec,
  read: readZoneDnssec,
  update: updateZoneDnssec,
  delete: deleteZoneDnssec,
};
