/**
 * Implementation of the `edge.dns.ZoneDnssec` dynamic resource: the DNSSEC switch of one DNS
 * zone. `enabled: true` → POST `/dnszone/{id}/dnssec`, `enabled: false` → DELETE, each only
 * when the zone is not already there; state comes from reading the zone back (GET
 * `/dnszone/{id}`, `DnsSecEnabled`), never from the write's answer; destroy restores the
 * state the zone had before Pulumi managed it. Loaded at run time by the serialized stub in
 * `loader.ts`.
 *
 * What destroy restores (`priorEnabled`) is recorded once, when Pulumi first manages the
 * zone, and never re-learned from a zone Pulumi has already switched: a create whose write
 * may have been applied keeps the resource in the state with it (partial create); a
 * replacement or rename (create of the new resource, then delete of the old one, in one run)
 * is compared with the old resource's record, and the old one's delete refuses, naming the
 * way out, when they differ; the program can state it with the `priorEnabled` input.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import type { zoneDnssecInputsSchema as ZoneDnssecInputsSchema } from "./zone-dnssec-schemas";
import type { DnssecInfo } from "edgeplatform-client";
import {
  checkInputs,
  isNotFound,
  isUnknown,
  messageOf,
  notGoneError,
  operation,
  ownerConflicts,
  ResourceOperationError,
  safeCheck,
} from "./common";
import { logLine, PartialCreateError } from "./rate-limit-rule-recovery";
import {
  claimRecordedAt,
  claimValue,
  claimWith,
  isClaimed,
  isYoungerRecord,
  recordTime,
  restoreOnce,
  unclaim,
} from "./run-state";
import { PROVIDER_KEY } from "./common";
import { configureFromRequest, ConfigureRequestLike, getClient } from "./settings";
import { setTimeout as sleep } from "node:timers/promises";

/** Inputs of a zone's DNSSEC switch. */
export interface ZoneDnssecInputs {
  zoneId: number;
  enabled: boolean;
  /** The DNSSEC state destroy restores, when the program states it (else recorded). */
  priorEnabled?: boolean;
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
  /** True when `priorEnabled` was given by the program (not recorded from the zone). */
  priorPinned?: boolean;
  /**
   * When this entry recorded `priorEnabled` (ISO 8601; absent in states of earlier versions:
   * older than any): of two entries for one zone, destroy restores the older record only.
   */
  priorRecordedAt?: string;
  /** True for the read-only view of `ZoneDnssec.get` (never managed, never restored). */
  readOnly?: boolean;
}

/** The inputs, checked with the project's one validator (required: see `checkZoneDnssec`). */
const zoneDnssecInputsSchema = schemaRef<typeof ZoneDnssecInputsSchema>(
  __dirname,
  "./zone-dnssec-schemas",
  "zoneDnssecInputsSchema",
);

/** Validates the inputs. Never throws. */
export function checkZoneDnssec(_olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const conflicts = ownerConflicts(n, ["zoneId"]);
    if (conflicts.length > 0) return { inputs: n, failures: conflicts };
    const failures = checkInputs(zoneDnssecInputsSchema, n, {
      zoneId: "is required",
      enabled: "is required (true or false)",
    });
    return { inputs: n, failures };
  });
}

/** What destroy restores: the program's `priorEnabled`, else the recorded one. */
function priorOf(news: Partial<ZoneDnssecInputs>, olds: Partial<ZoneDnssecOutputs>) {
  return typeof news.priorEnabled === "boolean" ? news.priorEnabled : olds.priorEnabled;
}

/** `priorEnabled` and whether the program gave it, for a state. */
function priorFields(prior: boolean | undefined, pinned: boolean) {
  return { priorEnabled: prior, ...(pinned ? { priorPinned: true } : {}) };
}

/**
 * Reports a replacement for a new `zoneId` and an update for a new `enabled` or
 * `priorEnabled`. No API call.
 */
export function diffZoneDnssec(
  _id: string,
  olds: Partial<ZoneDnssecOutputs>,
  news: Partial<ZoneDnssecInputs>,
): dynamic.DiffResult {
  const replaces = isUnknown(news.zoneId) || news.zoneId !== olds.zoneId ? ["zoneId"] : [];
  const changed =
    isUnknown(news.enabled) ||
    news.enabled !== olds.enabled ||
    isUnknown(news.priorEnabled) ||
    (news.priorEnabled !== undefined && news.priorEnabled !== olds.priorEnabled) ||
    (news.priorEnabled === undefined) !== (olds.priorPinned !== true);
  // This run's program manages the zone, with what destroy must restore: a stale state entry
  // for it (the old half of a rename or replacement) must not restore another state later.
  if (replaces.length === 0 && typeof olds?.zoneId === "number") {
    claimWith("dnsZone", olds.zoneId, priorOf(news, olds), olds.priorRecordedAt);
  }
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
async function switchTo(zoneId: number, enabled: boolean, what: string, known?: boolean) {
  const dns = getClient().dns;
  const before = known ?? (await readEnabled(zoneId));
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
  inputs: ZoneDnssecInputs & { [PROVIDER_KEY]?: unknown },
): Promise<dynamic.CreateResult<ZoneDnssecOutputs>> {
  const what = `${label(inputs.zoneId)}: create`;
  const pinned = typeof inputs.priorEnabled === "boolean";
  return operation(what, async () => {
    if (isClaimed("dnsZone", inputs.zoneId)) {
      throw new ResourceOperationError(
        `${what} failed: another resource of this program already manages the DNSSEC of zone ` +
          `${inputs.zoneId}; one resource per zone. Nothing was written.`,
      );
    }
    claimWith("dnsZone", inputs.zoneId, inputs.priorEnabled); // before the first await
    let before: boolean;
    try {
      before = await readEnabled(inputs.zoneId);
    } catch (e) {
      unclaim("dnsZone", inputs.zoneId);
      throw e;
    }
    const prior = pinned ? (inputs.priorEnabled as boolean) : before;
    const priorRecordedAt = recordTime();
    claimWith("dnsZone", inputs.zoneId, prior, priorRecordedAt);
    let info: DnssecInfo | undefined;
    try {
      ({ info } = await switchTo(inputs.zoneId, inputs.enabled, what, before));
    } catch (e) {
      // The write may have been applied: keep the resource, with what destroy must restore,
      // so that the next run neither forgets the zone nor records its new state as prior.
      const cause = messageOf(e);
      throw new PartialCreateError(
        `${cause.startsWith(what) ? cause : `${what} failed: ${cause}`}. The zone is recorded in the state with its DNSSEC state before ` +
          `Pulumi (${before ? "enabled" : "disabled"}); the next \`pulumi up\` reads it and ` +
          `switches it only if still needed`,
        inputs.zoneId,
        {
          zoneId: inputs.zoneId,
          enabled: before,
          ...dsFields(undefined),
          ...priorFields(prior, pinned),
          priorRecordedAt,
          [PROVIDER_KEY]: inputs[PROVIDER_KEY],
        },
      );
    }
    const outs: ZoneDnssecOutputs = {
      zoneId: inputs.zoneId,
      enabled: inputs.enabled,
      ...priorFields(prior, pinned),
      priorRecordedAt,
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
      throw notGoneError(what, `the DNSSEC of DNS zone ${zoneId}`, JSON.stringify(messageOf(e)), e);
    }
    // No prior state (`ZoneDnssec.get`), or the view it returned: a read-only view, with no
    // `priorEnabled`, so that nothing done with this state could ever switch DNSSEC.
    const readOnly = typeof props?.zoneId !== "number" || props.readOnly === true;
    const outs: ZoneDnssecOutputs = readOnly
      ? { zoneId, enabled, ...dsFields(undefined), readOnly: true }
      : props && props.enabled === enabled
        ? { ...props, zoneId }
        : { ...props, zoneId, enabled, ...dsFields(undefined) };
    const inputs: ZoneDnssecInputs = { zoneId, enabled };
    if (props?.priorPinned === true && typeof props.priorEnabled === "boolean") {
      inputs.priorEnabled = props.priorEnabled;
    }
    return { id: String(zoneId), props: outs, inputs: inputs as never };
  });
}

/** Switches DNSSEC when `enabled` changed (read, then one POST or DELETE, then read-back). */
export async function updateZoneDnssec(
  _id: string,
  olds: ZoneDnssecOutputs,
  news: ZoneDnssecInputs,
): Promise<dynamic.UpdateResult<ZoneDnssecOutputs>> {
  const what = `${label(news.zoneId)}: update`;
  const pinned = typeof news.priorEnabled === "boolean";
  const { priorPinned: _p, ...kept } = olds;
  const prior = priorFields(priorOf(news, olds), pinned);
  return operation(what, async () => {
    if (news.enabled === olds.enabled) return { outs: { ...kept, ...prior } };
    const { info } = await switchTo(news.zoneId, news.enabled, what);
    return {
      outs: { ...kept, ...prior, zoneId: news.zoneId, enabled: news.enabled, ...dsFields(info) },
    };
  });
}

/**
 * Returns the zone to the DNSSEC state it had before Pulumi managed it (`priorEnabled`,
 * recorded at create): turning DNSSEC off under a DS record at the parent takes a domain
 * offline, so destroy never disables it blindly. A state without `priorEnabled` (written by
 * 0.1) leaves DNSSEC as it is.
 *
 * A zone that another resource of this run now manages (a replacement or rename: that
 * resource was created or diffed first) is left to it when both records of what destroy
 * restores agree; when they differ, this delete refuses (nothing is written), so that the
 * record of the state before Pulumi is not lost, and names the way out.
 */
export async function deleteZoneDnssec(id: string, props: ZoneDnssecOutputs): Promise<void> {
  const zoneId = typeof props?.zoneId === "number" ? props.zoneId : Number(id);
  const what = `${label(zoneId)}: delete`;
  if (typeof props?.priorEnabled !== "boolean") return;
  const prior = props.priorEnabled;
  if (isClaimed("dnsZone", zoneId)) {
    const theirs = claimValue("dnsZone", zoneId);
    if (typeof theirs !== "boolean" || theirs === prior) return;
    const state = (b: boolean) => (b ? "enabled" : "disabled");
    const theirsAt = claimRecordedAt("dnsZone", zoneId);
    if (isYoungerRecord(props.priorRecordedAt, theirsAt)) {
      // A rename reverted: the resource that manages the zone now is the first owner (its
      // record is older); this entry read what Pulumi had written. Leave the zone to it.
      logLine(
        `${what}: another resource of this program now manages the DNSSEC of zone ${zoneId} ` +
          `with an older record of its state before Pulumi (${state(theirs)}, taken ` +
          `${theirsAt}) than this entry's (${state(prior)}, taken ${props.priorRecordedAt}, ` +
          `after Pulumi's write); nothing is written: that resource's destroy restores it`,
      );
      return;
    }
    throw new ResourceOperationError(
      `${what} failed: another resource of this program now manages the DNSSEC of zone ` +
        `${zoneId} (a \`pulumi up --replace\`, or a rename without \`aliases\`) and recorded ` +
        `DNSSEC ${state(theirs)} as the zone's state before Pulumi, but it was ` +
        `${state(prior)} when Pulumi first managed the zone (recorded by this resource). ` +
        `Nothing was written. To keep what destroy restores, set \`priorEnabled: ${prior}\` ` +
        `on the resource that manages zone ${zoneId} now and run \`pulumi up\` again (this ` +
        `resource is then removed without a write).`,
    );
  }
  // Restore once: the other half of a refused replacement or rename may be deleted in this
  // run too; the entry whose record is the oldest (the first owner's) restores the zone,
  // whatever the order, and the other writes nothing.
  const record = { enabled: prior };
  await restoreOnce("dnsZone", zoneId, props.priorRecordedAt, record, sameFlag, async (plan) => {
    if (plan.conflicts.length > 0) {
      const state = (b: unknown) => (b ? "enabled" : "disabled");
      throw new ResourceOperationError(
        `${what} failed: another entry of this stack for the same object (the DNSSEC of zone ` +
          `${zoneId}) restored DNSSEC ${state(plan.conflicts[0].theirs)} in this run, but ` +
          `this entry recorded ${state(prior)} as the zone's state before Pulumi, and neither ` +
          `record says which was taken first (states of earlier versions do not). Nothing ` +
          `was written. If ${state(prior)} is the state before Pulumi, run \`pulumi destroy\` ` +
          `again (this entry alone then restores it); if not, remove this entry with ` +
          `\`pulumi state delete <urn>\`.`,
      );
    }
    if (plan.restore.length === 0) return;
    await operation(what, async () => {
      try {
        await switchTo(zoneId, prior, what);
      } catch (e) {
        // A deleted zone and a key of another account get the same 404: never skip the restore.
        if (e instanceof ResourceOperationError || !isNotFound(e)) throw e;
        throw notGoneError(
          what,
          `the DNSSEC of DNS zone ${zoneId}`,
          JSON.stringify(messageOf(e)),
          e,
        );
      }
    });
  });
}

const sameFlag = (_field: string, a: unknown, b: unknown) => a === b;

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
