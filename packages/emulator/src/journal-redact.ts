/**
 * What the request journal keeps of a request body: the body as sent, with the secret values
 * of the areas that take them replaced by {@link REDACTED}, so that a journal printed by a
 * failing test or saved with its logs holds no secret. The API key is never in a body (it is
 * a header, and the journal records no header).
 *
 * Redacted, by path: a script secret's value (`Secret`, `/compute/script/{id}/secrets…`); a
 * container registry's password (`password`, `/mc/registries…`); a pull zone's log-forwarding
 * token, AWS signing secret, a certificate's private key and the zone's security key
 * (`LogForwardingToken`, `AWSSigningSecret`, `CertificateKey`, `SecurityKey`, `/pullzone…`).
 * Only non-empty strings are replaced: `null`, absent and empty values stay as sent, so a
 * test still tells a secret sent from one left out or cleared.
 */

/** What a redacted value reads in the journal. */
export const REDACTED = "[redacted]";

const RULES: { path: RegExp; fields: ReadonlySet<string> }[] = [
  { path: /^\/compute\/script\/[^/]+\/secrets(\/|$)/, fields: new Set(["Secret"]) },
  { path: /^\/mc\/registries(\/|$)/, fields: new Set(["password"]) },
  {
    path: /^\/pullzone(\/|$)/,
    fields: new Set(["LogForwardingToken", "AWSSigningSecret", "CertificateKey", "SecurityKey"]),
  },
];

/** A copy of `v` with the string values of `fields` (at any depth) replaced. */
function redacted(v: unknown, fields: ReadonlySet<string>): unknown {
  if (Array.isArray(v)) return v.map((x) => redacted(x, fields));
  if (v === null || typeof v !== "object") return v;
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v as Record<string, unknown>))
    out[k] = fields.has(k) && typeof x === "string" && x !== "" ? REDACTED : redacted(x, fields);
  return out;
}

/** The body to journal for a request to `path` (its path without the query): see above. */
export function journalBody(path: string, body: unknown): unknown {
  const rule = RULES.find((r) => r.path.test(path));
  return rule ? redacted(body, rule.fields) : body;
}
