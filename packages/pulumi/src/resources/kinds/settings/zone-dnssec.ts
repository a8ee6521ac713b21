/**
 * The DNSSEC switch of a DNS zone (`ZoneDnssec`): read from GET `/dnszone/{id}`
 * (`DnsSecEnabled`); `enabled: true` is a POST `/dnszone/{id}/dnssec`, `false` a DELETE, each
 * read back until the zone reports it (the write's own answer is not trusted). The POST's
 * answer carries the DS record (outputs, kept while DNSSEC stays as it was). The zone's read
 * does not carry it: for a zone found signed whose DS record is not known yet (adopted,
 * imported, read with `get`), it is read with a POST `/dnszone/{id}/dnssec`, which on a
 * signed zone changes nothing and answers its DNSSEC record. Addressed by DNS
 * zone id (`zoneId`), one setting, always managed. Its states keep the form they had before
 * the engine (`zoneId`, `priorEnabled`: see {@link dnssecForm}).
 */
import { normalDigestType, type DnssecInfo } from "edgeplatform-client";
import { messageOf } from "../../core/common";
import { getClient } from "../../core/settings";
import { pollUntil } from "../../core/zone-objects/recovery";
import {
  settingsProvider,
  type EngineKind,
  type SettingsOutputs,
  type StoredForm,
} from "../../core/zone-settings/engine";
import { field, type SettingsDocs } from "../../core/zone-settings/kind";

/** Waits of the read-back after a switch, in milliseconds (tests shorten them). */
export const dnssecTiming = { readBackMs: 20_000, readBackStepMs: 250 };

/** The DS fields of a DNSSEC record (`null` when the platform did not give them). */
function dsFields(info: DnssecInfo | undefined) {
  const i = (info ?? {}) as Partial<DnssecInfo>;
  return {
    dsRecord: i.DsRecord ?? null,
    digest: i.Digest ?? null,
    digestType: normalDigestType(i.DigestType),
    algorithm: i.Algorithm ?? null,
    publicKey: i.PublicKey ?? null,
    keyTag: i.KeyTag ?? null,
    flags: i.Flags ?? null,
    dsConfigured: i.DsConfigured ?? false,
  };
}

const DS_FIELDS = Object.keys(dsFields(undefined));

/** The DS fields a state holds, when it holds a DS record of a signed zone. */
function knownDs(last: Readonly<Record<string, unknown>> | undefined) {
  if (last?.enabled !== true || typeof last.dsRecord !== "string" || last.dsRecord === "")
    return undefined;
  return Object.fromEntries(DS_FIELDS.map((k) => [k, last[k] ?? null]));
}

/**
 * The DS fields of a zone read signed: those `last` holds, else the DNSSEC record a POST
 * `/dnszone/{id}/dnssec` answers (on a signed zone it changes nothing).
 */
async function dsOfSigned(zoneId: number, last: Readonly<Record<string, unknown>> | undefined) {
  const known = knownDs(last);
  if (known) return known;
  const info = await getClient()
    .dns.enableDnssec(zoneId)
    .catch((e: unknown) => {
      throw new Error(`reading the DS record of signed zone ${zoneId} failed: ${messageOf(e)}`);
    });
  return dsFields(info);
}

const state = (b: unknown) => (b ? "enabled" : "disabled");

/** DNSSEC state of a zone as the platform reports it (GET `/dnszone/{id}`). */
async function readEnabled(zoneId: number): Promise<boolean> {
  const zone = await getClient().dns.getZone(zoneId);
  if (typeof zone?.DnsSecEnabled !== "boolean") {
    throw new Error(`reading DNS zone ${zoneId} gave no DnsSecEnabled flag`);
  }
  return zone.DnsSecEnabled;
}

/**
 * The stored form of `ZoneDnssec` (states of every release name it so): `zoneId`, `enabled`,
 * the DS fields, `priorEnabled` (what destroy restores; absent in states of 0.1: nothing is
 * restored), `priorPinned`, `priorRecordedAt`, `readOnly`. The program states the prior as
 * `priorEnabled`.
 */
export const dnssecForm: StoredForm = {
  inputs(program) {
    const { zoneId, priorEnabled, prior, ...rest } = program;
    return {
      ...rest,
      ...(zoneId !== undefined ? { shieldZoneId: zoneId as number } : {}),
      ...(priorEnabled !== undefined ? { prior: { enabled: priorEnabled } } : {}),
      // Not an input of this resource: checked as unknown under its own name.
      ...(prior !== undefined ? { __prior: prior } : {}),
    };
  },
  state(stored) {
    const { zoneId, priorEnabled, ...rest } = stored ?? {};
    return {
      ...rest,
      shieldZoneId: zoneId as number,
      prior: typeof priorEnabled === "boolean" ? { enabled: priorEnabled } : {},
      managed: rest.readOnly === true ? [] : ["enabled"],
    };
  },
  stored(s: SettingsOutputs) {
    const { shieldZoneId, prior, managed: _m, pullZoneId: _p, byPullZone: _b, ...rest } = s;
    const p = (prior as { enabled?: unknown } | undefined)?.enabled;
    return {
      zoneId: shieldZoneId,
      ...rest,
      ...(typeof p === "boolean" ? { priorEnabled: p } : {}),
    };
  },
  programInputs(stored) {
    return {
      zoneId: stored.zoneId,
      enabled: stored.enabled,
      ...(stored.priorPinned === true && typeof stored.priorEnabled === "boolean"
        ? { priorEnabled: stored.priorEnabled }
        : {}),
    };
  },
  property: (p) =>
    p === "shieldZoneId"
      ? "zoneId"
      : p === "prior.enabled" || p === "prior"
        ? "priorEnabled"
        : p === "__prior"
          ? "prior"
          : p,
  priorInput: (prior) => `priorEnabled: ${String(prior.enabled)}`,
  describe: (values) => `DNSSEC ${state(values?.enabled)}`,
};

/** A DS output: its description and type. */
const ds = (description: string, tsType: string) => ({ description, tsType });

/**
 * The public types besides the switch: the zone, the stated prior (`priorEnabled`) and the
 * DNSSEC record's outputs.
 */
const DOCS: SettingsDocs = {
  argsDoc: "Arguments of {@link ZoneDnssec}.",
  argsName: "ZoneDnssecArgs",
  args: {
    zoneId: {
      description: "Id of the DNS zone. Changing it replaces the resource.",
      tsType: "number",
      required: true,
      first: true,
    },
    priorEnabled: {
      description:
        "The DNSSEC state destroy restores. Default: the zone's state when this resource was " +
        "created (recorded once). Set it to say what the zone had before Pulumi, e.g. when a " +
        "replacement or rename without `aliases` is refused because the records disagree. " +
        "Removing it later keeps its last value as the record (not the state recorded at create).",
      tsType: "boolean",
    },
  },
  stateBase: false,
  outputsSet: true,
  outputs: {
    zoneId: { description: "Id of the DNS zone.", tsType: "number", first: true },
    dsRecord: ds("DS record to publish at the parent zone (`DsRecord`).", "string | null"),
    digest: ds("Digest of the DS record (`Digest`).", "string | null"),
    digestType: ds("Digest type of the DS record (`DigestType`).", "string | null"),
    algorithm: ds("DNSSEC algorithm number (`Algorithm`).", "number | null"),
    publicKey: ds("Public key (`PublicKey`).", "string | null"),
    keyTag: ds("Key tag (`KeyTag`).", "number | null"),
    flags: ds("DNSKEY flags (`Flags`).", "number | null"),
    dsConfigured: ds(
      "Whether the DS record is configured at the parent (`DsConfigured`).",
      "boolean",
    ),
    priorEnabled: ds(
      "DNSSEC state of the zone before this resource managed it; destroy restores it. Undefined " +
        "for a zone read with `ZoneDnssec.get` (nothing is ever restored for it).",
      "boolean | undefined",
    ),
    readOnly: ds(
      "True for a zone read with `ZoneDnssec.get` (a read-only view); else undefined.",
      "boolean | undefined",
    ),
  },
  stateOnly: ["priorPinned"],
};

/** `edge.dns.ZoneDnssec`. */
export const zoneDnssecKind: EngineKind<{
  enabled: boolean;
  ds?: Record<string, unknown>;
}> = {
  type: "ZoneDnssec",
  noun: "the DNSSEC",
  inputsSchema: "zoneDnssecInputsSchema",
  fields: [
    field(
      "enabled",
      { type: "boolean" },
      "Whether DNSSEC is on (POST `/dnszone/{id}/dnssec`) or off (DELETE), when it differs.",
      { required: true },
    ),
  ],
  docs: DOCS,
  address: { input: "zoneId", noun: "DNS zone", label: "zone" },
  required: { enabled: "is required (true or false)" },
  async read(t, context) {
    const enabled = await readEnabled(t.zone);
    if (context?.valuesOnly) return { raw: { enabled }, values: { enabled } };
    const ds = enabled ? await dsOfSigned(t.zone, context?.last) : dsFields(undefined);
    return { raw: { enabled, ds }, values: { enabled } };
  },
  async write(t, current, changes) {
    const enabled = changes.enabled === true;
    const dns = getClient().dns;
    const info = enabled ? await dns.enableDnssec(t.zone) : await dns.disableDnssec(t.zone);
    // Sent: a failure of the read-back is no refusal (the engine keeps the record).
    const shown = await pollUntil(
      () => readEnabled(t.zone),
      (now) => now === enabled,
      dnssecTiming,
    ).catch((e: unknown) => {
      throw new Error(`reading zone ${t.zone} back after the switch failed: ${messageOf(e)}`);
    });
    if (shown === undefined) {
      // Not a refusal: the write may still land (the state keeps the record).
      throw new Error(
        `the platform answered the DNSSEC ${enabled ? "enable" : "disable"} request, but zone ` +
          `${t.zone} still reports DNSSEC ${state(current.values.enabled)} after ` +
          `${dnssecTiming.readBackMs / 1000} s`,
      );
    }
    return dsFields(info);
  },
  // The DS record of the read (kept from the state, or read for a signed zone); a snapshot
  // without it: kept while DNSSEC is as last known.
  outputs(current, _managed, last) {
    if (current.raw.ds) return { ...current.raw.ds };
    if (last && last.enabled === current.values.enabled)
      return Object.fromEntries(DS_FIELDS.map((k) => [k, last[k] ?? null]));
    return dsFields(undefined);
  },
  form: dnssecForm,
};

/** The dynamic provider of `edge.dns.ZoneDnssec` (what its serialized stub calls). */
export const zoneDnssecProvider = settingsProvider(zoneDnssecKind);
