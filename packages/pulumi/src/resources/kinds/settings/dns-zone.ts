/**
 * A DNS zone and its settings (`DnsZone`): read with GET `/dnszone/{id}`, written with POST
 * `/dnszone/{id}` carrying only the changed settings (the platform changes only what is sent;
 * its answer, the zone or nothing, is not relied on). The zone is adopted by `zoneId` or
 * created by `domain` (POST `/dnszone`), never taken over by its domain: a domain that already
 * has a zone on the account is refused before any write, naming the zone's id. A zone Pulumi
 * created is deleted by destroy, with every record in it (DELETE `/dnszone/{id}`); an adopted
 * one gets the settings it had back. Its state names the zone `zoneId` and says `origin`
 * (`"created"` or `"adopted"`): see {@link dnsZoneForm}.
 */
import {
  DnsCertificateKeyType,
  DnsLogAnonymizationType,
  isDnsHostname,
} from "edgeplatform-client/spec/runtime";
import type { DnsZone } from "edgeplatform-client";
import { messageOf, ResourceOperationError, type Failure } from "../../core/common";
import { getClient } from "../../core/settings";
import { logLine, outcomeUnknown } from "../../core/zone-objects/recovery";
import {
  settingsProvider,
  type EngineKind,
  type SettingsInputs,
  type StoredForm,
  type ZoneResolution,
} from "../../core/zone-settings/engine";
import {
  enumField,
  enumOutputTypes,
  field,
  flatValues,
  placed,
  viewsOf,
  type SettingsDocs,
  type SettingsField,
  type SettingsSnapshot,
} from "../../core/zone-settings/kind";
import {
  createOrAdoptArgTypes,
  createOrAdoptForm,
  createOrAdoptOutputs,
} from "../../core/zone-settings/create-or-adopt";
import { relistedAfterCreate } from "../../core/zone-settings/unique-names";

const bool = () => ({ type: "boolean" });
/** A nameserver: a hostname (the platform's check, `isDnsHostname`, at its write). */
const hostname = () => ({ type: "string", minLength: 1, maxLength: 253, pattern: "^[^\\s@]+$" });

const FIELDS: readonly SettingsField[] = [
  placed(
    field(
      "customNameserversEnabled",
      bool(),
      "Whether the zone is served by the nameservers below (`CustomNameserversEnabled`). True " +
        "requires `nameserver1`, `nameserver2` and `soaEmail`; while it is off, they are the " +
        "platform's, and a value of the program's own is refused before any write.",
    ),
    "CustomNameserversEnabled",
  ),
  placed(
    field(
      "nameserver1",
      hostname(),
      "First nameserver of the zone, a hostname (`Nameserver1`); only with custom nameservers.",
    ),
    "Nameserver1",
  ),
  placed(
    field(
      "nameserver2",
      hostname(),
      "Second nameserver of the zone, a hostname (`Nameserver2`); only with custom nameservers.",
    ),
    "Nameserver2",
  ),
  placed(
    field(
      "soaEmail",
      { type: "string", pattern: "^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$" },
      "E-mail address of the zone's SOA record (`SoaEmail`); only with custom nameservers.",
    ),
    "SoaEmail",
  ),
  placed(
    field("loggingEnabled", bool(), "Whether the zone's queries are logged (`LoggingEnabled`)."),
    "LoggingEnabled",
  ),
  placed(
    enumField(
      "logAnonymizationType",
      DnsLogAnonymizationType,
      'How logged IP addresses are anonymized: `"OneDigit"` or `"Drop"` (0–1; ' +
        "`LogAnonymizationType`).",
    ),
    "LogAnonymizationType",
  ),
  placed(
    enumField(
      "certificateKeyType",
      DnsCertificateKeyType,
      'Key type of the certificates issued for the zone\'s records: `"Ecdsa"` or `"Rsa"` (0–1; ' +
        "`CertificateKeyType`).",
    ),
    "CertificateKeyType",
  ),
  placed(
    field(
      "loggingIpAnonymizationEnabled",
      bool(),
      "Whether IP addresses in the zone's logs are anonymized (`LoggingIPAnonymizationEnabled`).",
    ),
    "LoggingIPAnonymizationEnabled",
  ),
];

/** The settings that are the zone's own only with custom nameservers on. */
const CUSTOM_NAMESERVER_FIELDS = ["nameserver1", "nameserver2", "soaEmail"] as const;

/**
 * The rule of custom nameservers (the platform's Terraform provider refuses the same four
 * combinations), at `check` for what the inputs alone show: with `customNameserversEnabled:
 * true` the program writes `nameserver1`, `nameserver2` and `soaEmail` (the zone's nameservers
 * and SOA e-mail are then its own). The other half, none of the three of the program's own
 * while custom nameservers are off, needs the zone's values ({@link customNameserversOff}).
 * A value not known yet (preview) is checked once known.
 */
export function customNameserverFailures(news: Record<string, unknown>): Failure[] {
  if (news.customNameserversEnabled !== true) return [];
  const given = (f: string) => news[f] !== undefined && news[f] !== null;
  return CUSTOM_NAMESERVER_FIELDS.filter((f) => !given(f)).map((property) => ({
    property,
    reason:
      "is required with customNameserversEnabled: true (the zone's nameservers, nameserver1 " +
      "and nameserver2, and its SOA record's e-mail, soaEmail, are then the program's)",
  }));
}

/**
 * Before a write: `nameserver1`, `nameserver2` or `soaEmail` of the program's own (a value
 * other than the zone's) while custom nameservers are off (the program's
 * `customNameserversEnabled: false`, or the zone's when the program leaves it out) is refused,
 * naming each, before any setting is written. The zone's own values (what `pulumi import`
 * writes) pass: they are not changes. Reads the zone only when the program leaves the switch out.
 */
async function customNameserversOff(
  zone: number,
  changes: Record<string, unknown>,
  what: string,
): Promise<void> {
  const own = CUSTOM_NAMESERVER_FIELDS.filter((f) => changes[f] !== undefined);
  const custom = changes.customNameserversEnabled;
  if (own.length === 0 || custom === true) return;
  // Left out of the changes: the zone's (the program's equals it, or the program leaves it out).
  if (custom === undefined && (await getClient().dns.getZone(zone)).CustomNameserversEnabled)
    return;
  throw new ResourceOperationError(
    `${what} failed: ${own.map((f) => `${f} ${JSON.stringify(changes[f])}`).join(", ")} ` +
      `${own.length === 1 ? "is" : "are"} the program's own while DNS zone ${zone}'s custom ` +
      `nameservers are off (customNameserversEnabled false): the platform then serves its own ` +
      `nameservers and SOA e-mail (its Terraform provider refuses the same). Write ` +
      `customNameserversEnabled: true with nameserver1, nameserver2 and soaEmail, or leave ` +
      `all three out. No setting was written.`,
  );
}

/** The platform key of each setting. */
const KEY = Object.fromEntries(FIELDS.map((f) => [f.path, f.flatKey ?? f.path]));

/** A domain as the platform keeps it: trimmed, lower case, no trailing dot. */
export const normalDomain = (d: string) => d.trim().toLowerCase().replace(/\.$/, "");

const snapshotOf = (z: DnsZone): SettingsSnapshot<DnsZone> => ({
  raw: z,
  values: flatValues(FIELDS, z as unknown as Record<string, unknown>),
});

/** The account's zones of exactly `domain` (the listing searches by substring). */
async function zonesOf(domain: string): Promise<DnsZone[]> {
  const out: DnsZone[] = [];
  for await (const z of getClient().dns.allZones({ search: domain, view: 1 }))
    if (normalDomain(z.Domain ?? "") === domain) out.push(z);
  return out;
}

/** The refusal of a domain that already has a zone: no take-over by name. */
const taken = (what: string, domain: string, z: DnsZone, cause?: unknown) =>
  new ResourceOperationError(
    `${what} failed: the account already has DNS zone ${z.Id} for ${domain}; a DnsZone never ` +
      `takes a zone over by its domain. To manage that zone, adopt it with \`zoneId: ${z.Id}\` ` +
      `instead of \`domain\` (destroy then restores its settings and never deletes it). ` +
      `Nothing was written.`,
    cause,
  );

/**
 * Creates the zone of `domain` (POST `/dnszone`; a zone named by `zoneId` is adopted by the
 * engine) after checking that the account has none. A create whose outcome is unknown (a 5xx, a lost
 * answer) is never re-sent: the listing then has exactly one zone of this domain, which it did
 * not have before the write, and that zone is Pulumi's; else the error says what to do.
 */
async function resolveZone(inputs: SettingsInputs, what: string): Promise<ZoneResolution> {
  const domain = normalDomain(String(inputs.domain));
  const before = await zonesOf(domain);
  if (before.length > 0) throw taken(what, domain, before[0]);
  let made: DnsZone;
  try {
    made = await getClient().dns.addZone({ Domain: domain });
  } catch (e) {
    if (!outcomeUnknown(e)) {
      // Refused (a 400 or 409 when it exists by now, a scoped key's 403): nothing was made.
      const now = await zonesOf(domain).catch(() => []);
      if (now.length > 0) throw taken(what, domain, now[0], e);
      throw new ResourceOperationError(
        `${what} failed: the platform refused the zone for ${domain}: ${messageOf(e)}. ` +
          `Nothing was written.`,
        e,
      );
    }
    return recoverCreated(domain, e, what);
  }
  return { zone: made.Id, created: true, current: snapshotOf(made) };
}

/** After a POST `/dnszone` with an unknown outcome: the zone, found by proof only. */
async function recoverCreated(
  domain: string,
  cause: unknown,
  what: string,
): Promise<ZoneResolution> {
  let found: DnsZone[] = [];
  try {
    found = await relistedAfterCreate(() => zonesOf(domain));
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the outcome of the zone's create (POST /dnszone) is unknown ` +
        `(${messageOf(cause)}) and listing the account's zones to find it failed too ` +
        `(${messageOf(e)}). The request was not re-sent and nothing is recorded. Look for a ` +
        `DNS zone of ${domain} (edge.dns.getDnsZones, GET /dnszone?search=${domain}): if there ` +
        `is one, Pulumi may have created it: delete it and run \`pulumi up\` again, or adopt it ` +
        `with \`zoneId\` (destroy then keeps it); if there is none, run \`pulumi up\` again.`,
      cause,
    );
  }
  // The account had no zone of this domain before the write: one that is there now is ours.
  if (found.length === 1) {
    void logLine(
      `${what}: the answer to the zone's create was lost (${messageOf(cause)}); DNS zone ` +
        `${found[0].Id} of ${domain}, absent before the request, is the zone it created`,
    );
    return { zone: found[0].Id, created: true, current: snapshotOf(found[0]) };
  }
  throw new ResourceOperationError(
    `${what} failed: ${messageOf(cause)}. The request was not re-sent; the account lists ` +
      `${found.length === 0 ? "no DNS zone" : `${found.length} DNS zones`} of ${domain} ` +
      `${found.length === 0 ? "after it, so it was not applied: it is safe to run `pulumi up` again" : "after it: delete the ones that are not yours, then adopt the zone with `zoneId`"}.`,
    cause,
  );
}

/**
 * The stored form of `DnsZone`: the zone is `zoneId` (the engine's `shieldZoneId`), and
 * `origin` says whether Pulumi created it (the engine's `created`). The program's `domain` is
 * compared as the platform keeps it (lower case, no trailing dot).
 */
export const dnsZoneForm: StoredForm = createOrAdoptForm({
  address: "zoneId",
  createBy: "domain",
  normalize: { domain: normalDomain },
});

/**
 * The public types besides the settings: the two forms that name the zone (`domain` creates,
 * `zoneId` adopts), the stated prior, and the outputs of the zone's identity and record.
 */
const DOCS: SettingsDocs = {
  argsDoc:
    "Settings of {@link DnsZoneArgs}. Every setting left out is not managed (never written).",
  argTypes: createOrAdoptArgTypes(
    "DnsZone",
    "zone",
    {
      input: "domain",
      typeDoc: "Creates a zone: `domain`.",
      description:
        "Creates a DNS zone for this domain (POST `/dnszone`); destroy deletes it, with every " +
        "record in it. A domain that already has a zone on the account is refused before any " +
        "write, naming the zone's id: adopt that zone with `zoneId` instead. Another domain " +
        "replaces the resource (a new zone, then the old one deleted).",
      tsType: "string",
    },
    {
      input: "zoneId",
      typeDoc: "Adopts a zone: `zoneId`.",
      description:
        "Id of an existing DNS zone to adopt: never deleted by Pulumi; destroy gives back the " +
        "settings it had before. Another id replaces the resource.",
    },
  ),
  stateBase: false,
  outputsSet: true,
  outputTypes: enumOutputTypes(FIELDS),
  outputs: {
    zoneId: { description: "Id of the DNS zone.", tsType: "number", first: true },
    domain: { description: "The zone's domain.", tsType: "string", first: true },
    ...createOrAdoptOutputs("DnsZone"),
  },
};

/** `edge.dns.DnsZone`. */
export const dnsZoneKind: EngineKind<DnsZone> = {
  type: "DnsZone",
  noun: "the settings",
  inputsSchema: "dnsZoneInputsSchema",
  fields: FIELDS,
  docs: DOCS,
  allowEmpty: true,
  address: { input: "zoneId", noun: "DNS zone", label: "DNS zone", createBy: "domain" },
  extraInputs: { domain: { type: "string", minLength: 1, maxLength: 253 } },
  checkExtra(news) {
    const d = news.domain;
    const n = typeof d === "string" ? normalDomain(d) : undefined;
    const domain =
      n === undefined || (isDnsHostname(n) && n.includes(".") && !n.startsWith("*"))
        ? []
        : [
            {
              property: "domain",
              reason: `must be a domain name such as example.com (labels of letters, digits and -, separated by dots); got ${JSON.stringify(d)}`,
            },
          ];
    return [...domain, ...customNameserverFailures(news)];
  },
  resolveZone,
  read: async (t) => snapshotOf(await getClient().dns.getZone(t.zone)),
  validate: (t, changes, what) => customNameserversOff(t.zone, changes, what),
  async write(t, _current, changes) {
    // Only the changed settings: the platform leaves the others as they are. Its answer (the
    // zone, or no body) is not relied on.
    const body = Object.fromEntries(Object.entries(changes).map(([p, v]) => [KEY[p], v]));
    await getClient().dns.updateZone(t.zone, body);
  },
  // The domain, the nameservers and every setting as the platform holds it (a managed one as
  // the program writes it: the engine's).
  outputs: (snap) => ({
    domain: snap.raw.Domain,
    ...viewsOf(FIELDS, snap.values),
  }),
  deleteCreated: {
    run: (t) => getClient().dns.deleteZone(t.zone),
    consequence: "with every record in it",
  },
  form: dnsZoneForm,
};

/** The dynamic provider of `edge.dns.DnsZone` (what its serialized stub calls). */
export const dnsZoneProvider = settingsProvider(dnsZoneKind);
