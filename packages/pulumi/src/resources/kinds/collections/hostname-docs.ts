/**
 * The descriptions of a hostname's fields: the source of its public types
 * (`public/generated/hostname.ts`, scripts/gen-kind-types.js) and of the plugin's schema.
 */
import { createOrAdoptDocs, type CollectionKindDocs } from "./rule-docs";

/** The argument and the outputs that say how the resource holds its hostname. */
const MODE = createOrAdoptDocs({
  noun: "hostname",
  idField: "existingHostname",
  type: "Hostname",
  unmanaged: { tsType: "HostnameField[] | undefined" },
});

const CERTIFICATE =
  'The hostname\'s certificate: `{ type: "free" }` (issued by the platform after it ' +
  "validates the domain, asynchronously: a create or update waits for it, `timeoutSeconds`, " +
  "default 120; when it is not issued, a create removes the hostname it added and fails " +
  'naming why) or `{ type: "custom", certificate, privateKey }` (PEM text; the key is a ' +
  "secret in the state, whatever the program passes, and never in a log or message). `null`: " +
  "no certificate (one there is removed). Left out: not managed.";

/** `edge.pullzones.Hostname`'s arguments (one form: `existingHostname` adopts) and outputs. */
export const hostnameDocs: CollectionKindDocs = {
  type: "Hostname",
  argsDoc: "Arguments of {@link Hostname}.",
  stateDoc: "State (outputs) of a {@link Hostname}.",
  forms: {},
  common: {
    pullZoneId: {
      description:
        "The pull zone of the hostname. Another zone replaces the resource (the hostname " +
        "added there; destroy of the old one removes it if this resource added it).",
      tsType: "number",
      required: true,
    },
    existingHostname: {
      description:
        "Adopt the zone's existing hostname of this value (with its `pullZoneId`; the zone's " +
        "system hostname too, for its `forceSsl`): create = the writes of the managed fields " +
        "that differ (none when they match); destroy leaves the hostname, with its `forceSsl` " +
        "as it was before, unless `deleteOnDestroy` is true. Left out: `hostname` is added.",
      tsType: "string",
    },
    hostname: {
      description:
        "The hostname to add to the zone (`www.example.com`; compared lower-case without a " +
        "trailing dot). A hostname another pull zone has is refused before any write; one this " +
        "zone has already is refused too (adopt it with `existingHostname`). Another hostname " +
        "replaces the resource.",
      tsType: "string",
    },
    forceSsl: {
      description:
        "Whether the hostname redirects HTTP to HTTPS (one write when it changes). Left out: " +
        "not managed.",
      tsType: "boolean",
    },
    certificate: { description: CERTIFICATE, tsType: "HostnameCertificateArgs | null" },
    certificateKeyType: {
      description:
        'The key type of the hostname\'s certificate: `"Ecdsa"` or `"Rsa"`. Left out: not managed.',
      tsType: "HostnameKeyType",
    },
    deleteOnDestroy: MODE.deleteOnDestroy,
  },
  outputs: {
    existingHostname: {
      description: "The hostname on the platform (also the resource id).",
      tsType: "string",
    },
    pullZoneId: { description: "The pull zone of the hostname.", tsType: "number" },
    hostname: { description: "The hostname.", tsType: "string" },
    forceSsl: { description: "Whether HTTP is redirected to HTTPS.", tsType: "boolean" },
    certificate: {
      description:
        "The certificate as the program wrote it (a secret), or as the platform reports it " +
        '(`{ type: "free" }`, `{ type: "custom" }`, `{ type: "managed" }` for the system ' +
        "hostname), or null.",
      tsType: "HostnameCertificate | null",
      secret: true,
    },
    certificateKeyType: {
      description: "The key type of the certificate.",
      tsType: "HostnameKeyType",
    },
    hasCertificate: {
      description: "Whether the platform has a certificate for the hostname (issued, not pending).",
      tsType: "boolean",
    },
    certificateProvisionType: {
      description:
        "How the certificate was provided: `Unknown` (none), `Http01`, `Dns01` (free), " +
        "`Custom`, `Managed` (the platform's own).",
      tsType: "string",
    },
    isSystemHostname: {
      description: "Whether this is the zone's system hostname (never removed).",
      tsType: "boolean",
    },
    priorForceSsl: {
      description:
        "An adopted hostname's `forceSsl` before this resource adopted it: what destroy gives " +
        "it back.",
      tsType: "boolean | undefined",
    },
    ...MODE.outputs,
  },
};
