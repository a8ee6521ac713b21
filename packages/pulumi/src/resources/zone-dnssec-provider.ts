/**
 * Implementation of the `edge.dns.ZoneDnssec` dynamic resource: the DNSSEC switch of one DNS
 * zone. `enabled: true` → POST `/dnszone/{id}/dnssec`, `enabled: false` → DELETE, each only
 * when the zone is not already there; state comes from reading the zone back (GET
 * `/dnszone/{id}`, `DnsSecEnabled`), never from the write's answer; destroy restores the
 * state the zone had before Pulumi managed it. Loaded at run time by the serialized stub in
 * `loader.ts`.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { Type } from "@sinclair/typebox";
import type { DnssecInfo } from "edgeplatform-client";
import {
  checkInputs,
  isNotFound,
  isUnknown,
  messageOf,
  operation,
  ResourceOperationError,
  safeCheck,
} from "./common";
import { claim, isClaimed, unclaim } from "./run-state";
import { configureFromRequest, ConfigureRequestLike, getClient } from "./settings";
import { setTimeout as sleep } from "node:timers/promises";

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
  /** DNSSEC state before Pulumi managed the zone (restored on destroy). */
  priorEnabled?: boolean;
  /** True for the read-only view of `ZoneDnssec.get` (never managed, never restored). */
  readOnly?: boolean;
}

/** The inputs, checked with the project's one validator (required: see `checkZoneDnssec`). */
const zoneDnssecInputsSchema = Type.Object(
  {
    zoneId: Type.Optional(Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** Validates the inputs. Never throws. */
export function checkZoneDnssec(_olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const failures = checkInputs(zoneDnssecInputsSchema, n, {
      zoneId: "is required",
      enabled: "is required (true or false)",
    });
    return { inputs: n, failures };
  });
}

/** Reports a replacement for a new `zoneId` and an update for a new `enabled`. No API call. */
export function diffZoneDnssec(
  _id: string,
  olds: Partial<ZoneDnssecOutputs>,
  news: Partial<ZoneDnssecInputs>,
): dynamic.DiffResult {
  const replaces = isUnknown(news.zoneId) || news.zoneId !== olds.zoneId ? ["zoneId"] : [];
  const changed = isUnknown(news.enabled) || news.enabled !== olds.enabled;
  // This run's program manages the zone: a stale state entry for it (the old half of a
  // rename whose run failed before its delete) must not restore its prior state later.
  if (replaces.length === 0 && typeof olds?.zoneId === "number") claim("dnsZone", olds.zoneId);
  return { changes: replaces.length > 0 || changed, replaces, deleteBeforeReplace: false };
}

/** Waits of the read-back after a switch, in milliseconds (tests shorten them). */
export const dnssecTiming = { readBackMs: 20_000, readBackStepMs: 250 };

/** The DS fields of a DNSSEC record (`null` when the platform did not give them). */
function dsFields(info: DnssecInfo | undefined) {
  const i = (info ?? {}) as Partial<DnssecInfo>;
  return {
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

/** DNSSEC state of a zone as the platform reports it (GET `/dnszone/{id}`). */
async function readEnabled(zoneId: number): Promise<boolean> {
  const zone = await getClient().dns.getZone(zoneId);
  if (typeof zone?.DnsSecEnabled !== "boolean") {
    throw new ResourceOperationError(
      `reading DNS zone ${zoneId} gave no DnsSecEnabled flag; the state was not changed`,
    );
  }
  return zone.DnsSecEnabled;
}

/**
 * Switches DNSSEC to `enabled` unless the zone is already there, then reads the zone back
 * (bounded backoff) until it reports the new state: the write's own answer (`Enabled`) is
 * not trusted. Returns the state read back and the DNSSEC record of the write, if any.
 */
async function switchTo(zoneId: number, enabled: boolean, what: string) {
  const dns = getClient().dns;
  const before = await readEnabled(zoneId);
  if (before === enabled) return { before, info: undefined };
  const info = enabled ? await dns.enableDnssec(zoneId) : await dns.disableDnssec(zoneId);
  const deadline = Date.now() + dnssecTiming.readBackMs;
  let step = dnssecTiming.readBackStepMs;
  while ((await readEnabled(zoneId)) !== enabled) {
    if (Date.now() + step > deadline) {
      throw new ResourceOperationError(
        `${what} failed: the platform answered the DNSSEC ${enabled ? "enable" : "disable"} ` +
          `request, but zone ${zoneId} still reports DNSSEC ${before ? "enabled" : "disabled"} ` +
          `after ${dnssecTiming.readBackMs / 1000} s`,
      );
    }
    await sleep(step);
    step = Math.min(step * 2, 2_000);
  }
  return { before, info };
}

const label = (zoneId: unknown) => `edgeplatform ZoneDnssec (zone ${String(zoneId)})`;

/**
 * Records the zone's DNSSEC state before Pulumi managed it (`priorEnabled`, restored on
 * destroy) and switches it when it differs from `enabled` (one POST or DELETE, then a
 * read-back). A zone already in the desired state gets no write.
 */
export async function createZoneDnssec(
  inputs: ZoneDnssecInputs,
): Promise<dynamic.CreateResult<ZoneDnssecOutputs>> {
  const what = `${label(inputs.zoneId)}: create`;
  return operation(what, async () => {
    if (isClaimed("dnsZone", inputs.zoneId)) {
      throw new ResourceOperationError(
        `${what} failed: another resource of this program already manages the DNSSEC of zone ` +
          `${inputs.zoneId}; one resource per zone. Nothing was written.`,
      );
    }
    claim("dnsZone", inputs.zoneId); // before the first await: two resources, one zone
    let switched: Awaited<ReturnType<typeof switchTo>>;
    try {
      switched = await switchTo(inputs.zoneId, inputs.enabled, what);
    } catch (e) {
      unclaim("dnsZone", inputs.zoneId);
      throw e;
    }
    const { before, info } = switched;
    const outs: ZoneDnssecOutputs = {
      zoneId: inputs.zoneId,
      enabled: inputs.enabled,
      priorEnabled: before,
      ...dsFields(info),
    };
    return { id: String(inputs.zoneId), outs };
  });
}

/**
 * Reads `DnsSecEnabled` of the zone (GET `/dnszone/{id}`). An out-of-band toggle is drift:
 * `enabled` follows the platform; the DS fields are kept while DNSSEC stays as last known
 * and cleared when it changed (the zone read does not carry them). A 404 is an error, not
 * "gone": a key without access to the zone gets the same answer.
 */
export async function readZoneDnssec(
  id: string,
  props: ZoneDnssecOutputs,
): Promise<dynamic.ReadResult<ZoneDnssecOutputs>> {
  const zoneId = typeof props?.zoneId === "number" ? props.zoneId : Number(id);
  const what = `${label(zoneId)}: read`;
  return operation(what, async () => {
    let enabled: boolean;
    try {
      enabled = await readEnabled(zoneId);
    } catch (e) {
      if (!isNotFound(e)) throw e;
      throw new ResourceOperationError(
        `${what} failed: ${messageOf(e)}. The zone is either deleted or not readable with this ` +
          `API key; it is not dropped from the state automatically. If it was deleted, remove ` +
          `the resource with \`pulumi state delete <urn>\`.`,
        e,
      );
    }
    // No prior state (`ZoneDnssec.get`), or the view it returned: a read-only view, with no
    // `priorEnabled`, so that nothing done with this state could ever switch DNSSEC.
    const readOnly = typeof props?.zoneId !== "number" || props.readOnly === true;
    const outs: ZoneDnssecOutputs = readOnly
      ? { zoneId, enabled, ...dsFields(undefined), readOnly: true }
      : props && props.enabled === enabled
        ? { ...props, zoneId }
        : { ...props, zoneId, enabled, ...dsFields(undefined) };
    return { id: String(zoneId), props: outs, inputs: { zoneId, enabled } as never };
  });
}

/** Switches DNSSEC when `enabled` changed (read, then one POST or DELETE, then read-back). */
export async function updateZoneDnssec(
  _id: string,
  olds: ZoneDnssecOutputs,
  news: ZoneDnssecInputs,
): Promise<dynamic.UpdateResult<ZoneDnssecOutputs>> {
  const what = `${label(news.zoneId)}: update`;
  return operation(what, async () => {
    if (news.enabled === olds.enabled) return { outs: olds };
    const { info } = await switchTo(news.zoneId, news.enabled, what);
    return { outs: { ...olds, zoneId: news.zoneId, enabled: news.enabled, ...dsFields(info) } };
  });
}

/**
 * Returns the zone to the DNSSEC state it had before Pulumi managed it (`priorEnabled`,
 * recorded at create): turning DNSSEC off under a DS record at the parent takes a domain
 * offline, so destroy never disables it blindly. A zone that another resource of this run
 * now manages (a rename or replacement) is left to it; a state without `priorEnabled`
 * (written by 0.1) leaves DNSSEC as it is.
 */
export async function deleteZoneDnssec(id: string, props: ZoneDnssecOutputs): Promise<void> {
  const zoneId = typeof props?.zoneId === "number" ? props.zoneId : Number(id);
  const what = `${label(zoneId)}: delete`;
  if (typeof props?.priorEnabled !== "boolean" || isClaimed("dnsZone", zoneId)) return;
  const prior = props.priorEnabled;
  await operation(what, async () => {
    await switchTo(zoneId, prior, what);
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
