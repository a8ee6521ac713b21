/**
 * `edge.pullzones.Hostname` as a zone-object kind: one hostname of a pull zone (the zone's
 * `Hostnames`, published core API, tag "Pull Zone"), identified by its value (lower-case, no
 * trailing dot; string ids). Identity, adopt by id, "gone" on evidence, claims and recovery
 * are the engine's; what is its own:
 * - its parent is a pull zone (kinds/parents/pull-zone.ts): its hostnames come in the zone's
 *   GET, a refresh's reads share one answer of the zone, and its writes wait in the zone's
 *   one-at-a-time queue;
 * - a hostname belongs to one pull zone on the whole account: a create whose hostname another
 *   zone has, or another resource of the run adds to another zone, is refused before any
 *   write (`beforeCreate`); the account's zones are listed once per run, and that listing
 *   serves the name checks of every zone too (`namesListing`; the platform itself refuses a
 *   hostname another zone took since);
 * - a create is the hostname's add and one read of the zone (the hostname as the platform
 *   made it), then (`afterCreate`) its `forceSsl`, its certificate's key type and its
 *   certificate; a free certificate is waited for (hostname-certificate.ts). When any of these
 *   fails the create removes the hostname it added: a failed certificate never leaves a
 *   hostname behind (an adopted hostname is never removed). A `forceSsl` write alone is not
 *   read back (the value sent is the one held); a key type or a certificate is;
 * - a delete is the remove alone; a refused one reads the zone to tell why (gone: a
 *   not-found the engine confirms); the system hostname (`*.b-cdn.net`) is never removed: its
 *   delete is refused, naming it (before any call when the state recorded it as such).
 *
 * In the engine's terms a hostname is `{id: value, parentId: its pull zone, name: value,
 * fields: {forceSsl, certificate, certificateKeyType}}`.
 */
import { parentKeyed } from "../../core/zone-objects/parent";
import { schemaRef, type PullZoneModel } from "edgeplatform-client/spec/runtime";
import { deepEqual, isNotFound, messageOf, ResourceOperationError } from "../../core/common";
import { claimValue, claimWith, isClaimed, zoneListing } from "../../core/run-state";
import { claimKeys } from "../../core/zone-objects/context";
import { getClient } from "../../core/settings";
import type { ConfigurationFields, Words, ZoneObjectKind } from "../../core/zone-objects/kind";
import { enumNameOf } from "../../core/zone-objects/plan";
import type { Spelling } from "../../core/zone-objects/spelling";
import { sharedZoneAnswer } from "../../core/zone-objects/zone-reads";
import { pullZoneParent, type PullZoneChildKind } from "../parents/pull-zone";
import { CertificateFailed, writeCertificate } from "./hostname-certificate";
import { hostnameDocs } from "./hostname-docs";
import {
  certificateForm,
  fromHostname,
  hostnameIn,
  hostnamesOf,
  KEY_TYPES,
  normalHostname,
  type HostnameObject,
} from "./hostname-wire";
import type { CollectionKindDocs } from "./rule-docs";

/** The words of a hostname's messages and its public id and name fields. */
export const HOSTNAME_WORDS: Words = {
  one: "hostname",
  many: "hostnames",
  id: "existingHostname",
  name: "hostname",
};

/** A hostname's managed fields, by their public names. */
export const HOSTNAME_FIELDS = ["forceSsl", "certificate", "certificateKeyType"] as const;

/**
 * The public spelling of a hostname: its fields flat at the top level, its pull zone given
 * with its id too, a `get` id of the form `"<pullZoneId>/<hostname>"`, what the platform
 * reports beside the fields, and a read-only view (`get`, import) without the fields a
 * hostname does not set (no certificate: none to write back, so an import's program leaves it
 * out and its first preview is clean).
 */
export const HOSTNAME_SPELLING: Spelling = {
  fields: { flat: HOSTNAME_FIELDS },
  parentAlways: true,
  idWithParent: { example: "1/www.example.com" },
  reportedOnly: ["hasCertificate", "certificateProvisionType", "isSystemHostname"],
  viewLeavesOutUnset: true,
};

/** The key type as the platform's integer (names in any case; others as they are). */
const keyTypeWire = (v: unknown): unknown => {
  const name = enumNameOf(KEY_TYPES, v);
  return typeof name === "string" && name in KEY_TYPES ? KEY_TYPES[name] : v;
};

/** The field semantics of a hostname's values. */
export const hostnameFields: ConfigurationFields = {
  enums: { certificateKeyType: KEY_TYPES },
  normalize: (c) =>
    c && typeof c === "object" && "certificateKeyType" in c
      ? { ...c, certificateKeyType: keyTypeWire((c as Record<string, unknown>).certificateKeyType) }
      : c,
  nullable: new Set(["certificate"]),
  requiredForCreate: [],
  compareForm: (field, v) => (field === "certificate" ? certificateForm(v) : v),
};

const api = () => getClient().pullzones;

/** A missing object of its parent's answer (a plain not-found), and the parent a call needs. */
const { notIn, parentOf: zoneOf } = parentKeyed(pullZoneParent, "hostname");

/** Hostname `value` of a zone's answer, or a not-found error. */
function objectIn(z: PullZoneModel, zone: number, value: string): HostnameObject {
  const h = hostnameIn(z, value);
  if (!h) throw notIn(zone, value);
  return fromHostname(zone, h);
}

/** Zone `zone` read now, certificates included (a custom one is compared by its PEM). */
const readZone = (zone: number) => api().get(zone, { includeCertificate: true });

/**
 * Writes the fields of `desired` that differ from `current` (the engine's forms), in order:
 * `forceSsl`, the key type, the certificate. @returns the fields written. @throws
 * CertificateFailed for a free certificate that was not issued.
 */
async function writeFields(
  zone: number,
  value: string,
  desired: Record<string, unknown>,
  current: Record<string, unknown>,
): Promise<string[]> {
  const differs = (f: string) =>
    desired[f] !== undefined &&
    !deepEqual(
      hostnameFields.compareForm!(f, desired[f] ?? null),
      hostnameFields.compareForm!(f, current[f] ?? null),
    );
  const written = HOSTNAME_FIELDS.filter(differs);
  if (differs("forceSsl")) await api().setForceSsl(zone, value, desired.forceSsl === true);
  if (differs("certificateKeyType")) {
    await api().updatePrivateKeyType(zone, value, desired.certificateKeyType as never);
  }
  if (differs("certificate")) {
    await writeCertificate(
      zone,
      value,
      (desired.certificate ?? null) as Record<string, unknown> | null,
    );
  }
  return written;
}

/**
 * Hostname `current` after the writes of `written` (writeFields): a `forceSsl` write alone
 * holds the value sent and changes nothing else the platform reports, so no read; a key type
 * or a certificate changes what the platform reports of the certificate: the zone is read.
 */
async function afterWrites(
  current: HostnameObject,
  desired: Record<string, unknown>,
  written: readonly string[],
): Promise<HostnameObject> {
  const zone = current.parentId;
  if (written.some((f) => f !== "forceSsl"))
    return objectIn(await readZone(zone), zone, current.id);
  if (written.length === 0) return current;
  const forceSsl = desired.forceSsl === true;
  return {
    ...current,
    fields: { ...current.fields, forceSsl },
    reported: { ...current.reported, forceSsl },
  };
}

/**
 * The account's pull zones, each with its hostnames, as listed once in this run (GET
 * `/pullzone`): the name checks of every zone and the checks that no other zone has a new
 * hostname.
 */
const accountZones = (): Promise<PullZoneModel[]> =>
  zoneListing(0, () => api().list(), "hostname-account");

/**
 * The hostnames of zone `zone` that its name checks look at: the zone in the run's listing of
 * the account; a zone that listing does not hold is read on its own (GET `/pullzone/{id}`).
 */
async function hostnamesForNames(zone: number): Promise<HostnameObject[]> {
  const z = (await accountZones()).find((x) => x.Id === zone) ?? (await api().get(zone));
  return hostnamesOf(z).map((h) => fromHostname(zone, h));
}

/** Claims of this run: the zone each hostname a resource adds goes to (one zone per hostname). */
const ADDED = "hostname-added";

/**
 * A hostname another zone of the account has (in the run's listing, unless this run deleted
 * it since) or another resource of this run adds to another zone: refused before any write.
 */
async function refuseTakenElsewhere(zone: number, value: string, what: string): Promise<void> {
  const zones = await accountZones();
  const deleted = claimKeys(hostnameKind as ZoneObjectKind).deleted;
  const other = isClaimed(deleted, value)
    ? undefined
    : zones.find((z) => z.Id !== zone && hostnameIn(z, value));
  if (other) {
    throw new ResourceOperationError(
      `${what} failed: hostname ${value} is a hostname of pull zone ${String(other.Id)} ` +
        `(${String(other.Name)}); a hostname belongs to one pull zone. Nothing was written ` +
        "(remove it there first, or manage it there).",
    );
  }
  const added = claimValue(ADDED, value);
  if (added !== undefined && added !== zone) {
    throw new ResourceOperationError(
      `${what} failed: another resource of this program adds hostname ${value} to pull zone ` +
        `${String(added)}; a hostname belongs to one pull zone. Nothing was written.`,
    );
  }
  claimWith(ADDED, value, zone); // with the checks above, before any other create's await
}

/**
 * The writes of a new hostname after its add; when one fails, the hostname is removed again
 * (a failed certificate never leaves a hostname behind) and the create fails naming why.
 */
async function completeCreate(
  object: HostnameObject,
  desired: Record<string, unknown>,
  what: string,
) {
  const zone = object.parentId;
  const value = object.id;
  let written: string[];
  try {
    written = await writeFields(zone, value, desired, object.fields ?? {});
  } catch (e) {
    const why =
      e instanceof CertificateFailed
        ? `the free certificate of ${value} was not issued: ${e.reason}`
        : `writing hostname ${value} failed: ${messageOf(e)}`;
    try {
      await api().removeHostname(zone, value);
    } catch (r) {
      throw new ResourceOperationError(
        `${what} failed: ${why}; removing the hostname from pull zone ${zone} failed too ` +
          `(${messageOf(r)}): remove it by hand, or adopt it with \`existingHostname\``,
        e,
      );
    }
    throw new ResourceOperationError(
      `${what} failed: ${why}. The hostname was removed from pull zone ${zone} (a hostname ` +
        "is not left without its certificate); fix the cause and run `pulumi up` again.",
      e,
    );
  }
  return afterWrites(object, desired, written);
}

/** The refusal to remove hostname `value`, the system hostname of zone `zone`. */
const systemHostname = (value: string, zone: number): Error =>
  new Error(
    `hostname ${value} is the system hostname of pull zone ${zone}: the platform never ` +
      "removes it (set `deleteOnDestroy: false`, or leave it out of the program)",
  );

/** A refusal of the platform (4xx, not a not-found): the request was not applied. */
const isRefusal = (e: unknown): boolean => {
  const status = (e as { status?: unknown } | undefined)?.status;
  return !isNotFound(e) && typeof status === "number" && status >= 400 && status < 500;
};

/** The hostname kind (with the descriptions of its public types, `docs`). */
export const hostnameKind: PullZoneChildKind<HostnameObject> & { docs: CollectionKindDocs } = {
  typeName: "Hostname",
  noun: "hostname",
  words: HOSTNAME_WORDS,
  parent: pullZoneParent,
  spelling: HOSTNAME_SPELLING,
  ids: "string",
  claimKey: "hostname",
  config: hostnameFields,
  configurationSchema: schemaRef(__dirname, "./hostname-schemas", "hostnameConfigurationSchema"),
  adoptReadsShared: true,
  replacedBy: (olds, news) =>
    typeof news.name === "string" &&
    typeof olds.name === "string" &&
    normalHostname(news.name) !== normalHostname(olds.name)
      ? ["hostname"]
      : [],
  childrenInZone: (z, zone) => hostnamesOf(z).map((h) => fromHostname(zone, h)),
  namesListing: hostnamesForNames,
  beforeCreate: ({ zone, inputs, what }) => refuseTakenElsewhere(zone, String(inputs.name), what),
  afterCreate: ({ object, inputs, what }) =>
    completeCreate(
      object,
      hostnameFields.normalize(inputs.fields ?? {}) as Record<string, unknown>,
      what,
    ),
  endpoints: {
    get: async (value, zone) => objectIn(await readZone(zoneOf(zone, value)), zone!, value),
    /**
     * A refresh's read: the zone's answer the reads of this refresh share (a custom
     * certificate: a read with certificates, to compare its PEM), else a fresh one.
     */
    read: async (value, zone) => {
      const shared = await sharedZoneAnswer(`pull-zone\0${zone}`, value, () => api().get(zone));
      const h = hostnameIn(shared, value);
      if (h && h.CertificateProvisionType !== 3) return fromHostname(zone, h);
      return objectIn(await readZone(zone), zone, value);
    },
    /** The hostname's add; its fields are written by `afterCreate`. */
    create: async (body) => {
      const zone = body.parentId as number;
      const value = normalHostname(String(body.name));
      await api().addHostname(zone, value);
      return { status: 200, object: objectIn(await readZone(zone), zone, value) };
    },
    /** The fields that differ from the hostname as just read, one write each. */
    update: async (value, body, current) => {
      const desired = (body.fields ?? {}) as Record<string, unknown>;
      const written = await writeFields(current.parentId, value, desired, current.fields ?? {});
      return { status: 200, object: await afterWrites(current, desired, written) };
    },
    /**
     * Removes the hostname; the system hostname is never removed (refused, naming it: from
     * the state when it recorded it so, else from the zone after the platform refuses).
     */
    delete: async (value, zone, reported) => {
      const z = zoneOf(zone, value);
      if (reported?.isSystemHostname === true) throw systemHostname(value, z);
      try {
        await api().removeHostname(z, value);
      } catch (e) {
        if (!isRefusal(e)) throw e;
        // Refused: the zone as it is now tells why (gone: a not-found, confirmed by the engine).
        const h = hostnameIn(await api().get(z), value);
        if (!h) throw notIn(z, value);
        if (h.IsSystemHostname === true) throw systemHostname(value, z);
        throw e;
      }
    },
  },
  docs: hostnameDocs,
};
