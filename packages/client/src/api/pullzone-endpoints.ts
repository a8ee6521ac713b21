/**
 * Endpoint definitions of the pull-zone area (published core API, tag "Pull Zone" and
 * `/purge`): one per operation of the document (`PULL_ZONE_OPERATIONS`), the edge-rule write
 * twice (a new rule, and one named by its guid). A write is retried after a 5xx, a reset or
 * a timeout only where repeating it cannot change the outcome (`idempotent: true`): it sets a
 * value (settings, force-SSL, a rule's switch, a key type, a security key given), purges, or
 * writes the rule its guid names. A write that adds (a zone, a rule without a guid, a hostname, a referrer, an
 * IP, a certificate) or starts something (a free or external certificate, a random security
 * key) is retried only after a 429 or a refused connection.
 */
import type { EndpointDef } from "./transport";

type Body = Record<string, unknown>;

/**
 * A zone answer names its zone and carries its hostnames and edge rules: a zone read is how
 * both are read (the platform has no list of its own for either), so a missing array must
 * never read as "none".
 */
export const pullZoneShape = (b: Body): string | undefined =>
  typeof b.Id !== "number"
    ? 'the pull zone has no numeric "Id"'
    : !Array.isArray(b.Hostnames)
      ? 'no "Hostnames" array in the pull zone'
      : !Array.isArray(b.EdgeRules)
        ? 'no "EdgeRules" array in the pull zone'
        : undefined;

/** Endpoint definitions of the pull-zone area. */
export const pullZonesEndpoints = {
  checkNameAvailability: {
    operation: "pullzones.checkNameAvailability",
    method: "POST",
    path: "/pullzone/checkavailability",
    // A read sent as POST: it changes nothing, so 5xx/reset/timeout retries are safe.
    idempotent: true,
    // The published spec gives the 200 no body: an empty answer means "unknown".
    allowEmpty: true,
  },
  list: {
    operation: "pullzones.list",
    method: "GET",
    path: "/pullzone",
    bodyShape: "array",
  },
  count: {
    operation: "pullzones.count",
    method: "GET",
    path: "/pullzone/count",
    validate: (b) => (typeof b.Count === "number" ? undefined : 'no numeric "Count"'),
  },
  get: {
    operation: "pullzones.get",
    method: "GET",
    path: "/pullzone/{id}",
    validate: pullZoneShape,
  },
  add: {
    operation: "pullzones.add",
    method: "POST",
    path: "/pullzone",
    // Names are unique: a second send fails as "taken" or makes nothing new, never retried.
    idempotent: false,
    // The document declares the 201 without a body; the zone (its Id) is what the caller needs.
    validate: pullZoneShape,
  },
  update: {
    operation: "pullzones.update",
    method: "POST",
    path: "/pullzone/{id}",
    // Sets the settings sent to the values sent: repeatable.
    idempotent: true,
    validate: pullZoneShape,
  },
  delete: {
    operation: "pullzones.delete",
    method: "DELETE",
    path: "/pullzone/{id}",
    allowEmpty: true,
  },
  addEdgeRule: {
    operation: "pullzones.addEdgeRule",
    method: "POST",
    path: "/pullzone/{pullZoneId}/edgerules/addOrUpdate",
    // Without a guid every send adds a rule.
    idempotent: false,
    allowEmpty: true,
  },
  addOrUpdateEdgeRule: {
    operation: "pullzones.addOrUpdateEdgeRule",
    method: "POST",
    path: "/pullzone/{pullZoneId}/edgerules/addOrUpdate",
    // With a guid the send writes that rule: repeatable.
    idempotent: true,
    allowEmpty: true,
  },
  deleteEdgeRule: {
    operation: "pullzones.deleteEdgeRule",
    method: "DELETE",
    path: "/pullzone/{pullZoneId}/edgerules/{edgeRuleId}",
    allowEmpty: true,
  },
  setEdgeRuleEnabled: {
    operation: "pullzones.setEdgeRuleEnabled",
    method: "POST",
    path: "/pullzone/{pullZoneId}/edgerules/{edgeRuleId}/setEdgeRuleEnabled",
    idempotent: true,
    allowEmpty: true,
  },
  updatePrivateKeyType: {
    operation: "pullzones.updatePrivateKeyType",
    method: "POST",
    path: "/pullzone/{id}/updatePrivateKeyType",
    idempotent: true,
    allowEmpty: true,
  },
  loadFreeCertificate: {
    operation: "pullzones.loadFreeCertificate",
    method: "GET",
    path: "/pullzone/loadFreeCertificate",
    // A GET that starts an issuance: repeating it asks the certificate authority again.
    idempotent: false,
    allowEmpty: true,
  },
  requestExternalDnsCertificate: {
    operation: "pullzones.requestExternalDnsCertificate",
    method: "POST",
    path: "/pullzone/requestExternalDnsCertificate",
    allowEmpty: true,
  },
  completeExternalDnsCertificate: {
    operation: "pullzones.completeExternalDnsCertificate",
    method: "POST",
    path: "/pullzone/completeExternalDnsCertificate",
    allowEmpty: true,
  },
  requestExternalHttpCertificate: {
    operation: "pullzones.requestExternalHttpCertificate",
    method: "POST",
    path: "/pullzone/requestExternalHttpCertificate",
    allowEmpty: true,
  },
  completeExternalHttpCertificate: {
    operation: "pullzones.completeExternalHttpCertificate",
    method: "POST",
    path: "/pullzone/completeExternalHttpCertificate",
    allowEmpty: true,
  },
  purgeCache: {
    operation: "pullzones.purgeCache",
    method: "POST",
    path: "/pullzone/{id}/purgeCache",
    // A second purge leaves the cache as the first did.
    idempotent: true,
    allowEmpty: true,
  },
  addCertificate: {
    operation: "pullzones.addCertificate",
    method: "POST",
    path: "/pullzone/{id}/addCertificate",
    allowEmpty: true,
  },
  removeCertificate: {
    operation: "pullzones.removeCertificate",
    method: "DELETE",
    path: "/pullzone/{id}/removeCertificate",
    allowEmpty: true,
  },
  addHostname: {
    operation: "pullzones.addHostname",
    method: "POST",
    path: "/pullzone/{id}/addHostname",
    allowEmpty: true,
  },
  removeHostname: {
    operation: "pullzones.removeHostname",
    method: "DELETE",
    path: "/pullzone/{id}/removeHostname",
    allowEmpty: true,
  },
  setForceSsl: {
    operation: "pullzones.setForceSsl",
    method: "POST",
    path: "/pullzone/{id}/setForceSSL",
    idempotent: true,
    allowEmpty: true,
  },
  resetSecurityKey: {
    operation: "pullzones.resetSecurityKey",
    method: "POST",
    path: "/pullzone/{id}/resetSecurityKey",
    // Without a key the platform draws a new one each time.
    idempotent: false,
    allowEmpty: true,
  },
  setSecurityKey: {
    operation: "pullzones.setSecurityKey",
    method: "POST",
    path: "/pullzone/{id}/resetSecurityKey",
    // With the key given: repeatable.
    idempotent: true,
    allowEmpty: true,
  },
  addAllowedReferrer: {
    operation: "pullzones.addAllowedReferrer",
    method: "POST",
    path: "/pullzone/{id}/addAllowedReferrer",
    allowEmpty: true,
  },
  removeAllowedReferrer: {
    operation: "pullzones.removeAllowedReferrer",
    method: "POST",
    path: "/pullzone/{id}/removeAllowedReferrer",
    allowEmpty: true,
  },
  addBlockedReferrer: {
    operation: "pullzones.addBlockedReferrer",
    method: "POST",
    path: "/pullzone/{id}/addBlockedReferrer",
    allowEmpty: true,
  },
  removeBlockedReferrer: {
    operation: "pullzones.removeBlockedReferrer",
    method: "POST",
    path: "/pullzone/{id}/removeBlockedReferrer",
    allowEmpty: true,
  },
  addBlockedIp: {
    operation: "pullzones.addBlockedIp",
    method: "POST",
    path: "/pullzone/{id}/addBlockedIp",
    allowEmpty: true,
  },
  removeBlockedIp: {
    operation: "pullzones.removeBlockedIp",
    method: "POST",
    path: "/pullzone/{id}/removeBlockedIp",
    allowEmpty: true,
  },
  purgeUrl: {
    operation: "pullzones.purgeUrl",
    method: "POST",
    path: "/purge",
    // A purge: repeatable.
    idempotent: true,
    allowEmpty: true,
  },
} as const satisfies Record<string, EndpointDef>;
