/**
 * The digest type of a zone's DS record (`DigestType` of the DNSSEC record) in one form.
 * The platform answers `"SHA256 (2)"` (the name with the IANA number); a bare name
 * (`"SHA256"`, `"SHA-256"`) or number (`"2"`) reads as the same digest type.
 */

/** IANA DS digest types (RFC 4034, 4509, 5933, 6605), by number. */
const DIGEST_TYPES: Readonly<Record<number, string>> = {
  1: "SHA1",
  2: "SHA256",
  3: "GOST",
  4: "SHA384",
};

/**
 * The DS digest type as the platform writes it (`"SHA256 (2)"`), from any of its forms; a
 * text naming no known digest type is kept as given; empty or absent is null.
 */
export function normalDigestType(text: string | null | undefined): string | null {
  if (text === null || text === undefined || text.trim() === "") return null;
  const t = text.trim();
  const m = /^([A-Za-z0-9-]+)?\s*(?:\((\d+)\))?$/.exec(t);
  if (!m) return t;
  const [, name, num] = m;
  const byNumber = (n: number) => (DIGEST_TYPES[n] ? `${DIGEST_TYPES[n]} (${n})` : undefined);
  if (name && /^\d+$/.test(name) && !num) return byNumber(Number(name)) ?? t;
  const key = name?.replace(/-/g, "").toUpperCase();
  const found = Object.entries(DIGEST_TYPES).find(([, n]) => n === key);
  if (!found) return t;
  if (num && Number(num) !== Number(found[0])) return t;
  return byNumber(Number(found[0])) ?? t;
}
