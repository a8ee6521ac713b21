/**
 * A pull zone's hostname as the platform holds it (`HostnameModel`) and in the engine's terms:
 * its value is its identity (lower-case, no trailing dot), its managed fields are `forceSsl`,
 * `certificate` and `certificateKeyType`, and the platform reports whether it has a
 * certificate, how that certificate was provided and whether it is the zone's system hostname.
 * The platform never answers a certificate's key (and a certificate only when asked).
 */
import type { PullZoneModel } from "edgeplatform-client/spec/runtime";
import { isPlainObject } from "../../core/common";
import type { ZoneObject } from "../../core/zone-objects/kind";

/** A hostname as the platform holds it. */
export interface WireHostname {
  Id?: number;
  Value?: string | null;
  ForceSSL?: boolean;
  IsSystemHostname?: boolean;
  HasCertificate?: boolean;
  Certificate?: string | null;
  CertificateKeyType?: number;
  CertificateProvisionType?: number;
}

/** A hostname in the engine's terms (its id and name: its value). */
export type HostnameObject = ZoneObject<string>;

/** The key types of a certificate: name → the platform's integer. */
export const KEY_TYPES: Record<string, number> = { Ecdsa: 0, Rsa: 1 };

/** How a certificate was provided: the platform's integer → name. */
const PROVISION = ["Unknown", "Http01", "Dns01", "Custom", "Managed"];

/** A hostname's normal form: lower-case, without a trailing dot. */
export const normalHostname = (v: string): string => v.trim().toLowerCase().replace(/\.$/, "");

/** The hostnames of a zone's answer. */
export const hostnamesOf = (z: PullZoneModel): WireHostname[] =>
  ((z as { Hostnames?: WireHostname[] | null }).Hostnames ?? []) as WireHostname[];

/** Hostname `value` of a zone's answer (any case), if it has it. */
export const hostnameIn = (z: PullZoneModel, value: string): WireHostname | undefined =>
  hostnamesOf(z).find((h) => normalHostname(h.Value ?? "") === normalHostname(value));

/**
 * The certificate of a hostname as the engine holds it: `{type: "free"}` (issued by
 * validation over HTTP or DNS), `{type: "custom", certificate}` (the PEM when the answer has
 * it), `{type: "managed"}` (the platform's own, the system hostname's), or null (none yet).
 */
export function certificateOf(h: WireHostname): Record<string, unknown> | null {
  if (h.HasCertificate !== true) return null;
  const p = h.CertificateProvisionType ?? 0;
  if (p === 3)
    return h.Certificate ? { type: "custom", certificate: h.Certificate } : { type: "custom" };
  if (p === 4) return { type: "managed" };
  return { type: "free" };
}

/** A PEM text (or base64 of one) without its whitespace: two writings of one certificate compare equal. */
function pemBody(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const text = v.includes("-----BEGIN") ? v : Buffer.from(v, "base64").toString("utf8");
  return text.includes("-----BEGIN") ? text.replace(/\s+/g, "") : v.replace(/\s+/g, "");
}

/**
 * The compared form of a certificate: its type and, for a custom one, its certificate's PEM
 * (the key is never reported: a certificate names its key, so a new key comes with a new
 * certificate); a free certificate's `timeoutSeconds` is how long a create waits, not a value
 * of the platform.
 */
export function certificateForm(v: unknown): unknown {
  if (!isPlainObject(v)) return v;
  if (v.type === "custom") return { type: "custom", certificate: pemBody(v.certificate) };
  return { type: v.type };
}

/** A hostname of zone `zone` as the platform returns it, in the engine's terms. */
export function fromHostname(zone: number, h: WireHostname): HostnameObject {
  const value = normalHostname(h.Value ?? "");
  const fields = {
    forceSsl: h.ForceSSL === true,
    certificate: certificateOf(h),
    certificateKeyType: h.CertificateKeyType ?? 0,
  };
  const reported = {
    ...fields,
    hasCertificate: h.HasCertificate === true,
    certificateProvisionType: PROVISION[h.CertificateProvisionType ?? 0] ?? "Unknown",
    isSystemHostname: h.IsSystemHostname === true,
  };
  return { id: value, parentId: zone, name: value, fields, reported };
}
