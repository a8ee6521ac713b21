/**
 * Endpoint definitions of the compute area: edge scripts, their code, releases, variables,
 * secrets and deployment key (the platform's published edge-scripting document), and the
 * statistics. A POST or PUT is retried (5xx, reset, timeout) only where repeating it leaves
 * the platform as one call would (`idempotent: true`, said why beside it).
 */
import type { EndpointDef } from "./transport";

type Body = Record<string, unknown>;

/** A page answer must carry its `Items`: a missing array must never read as "no scripts". */
const page =
  (what: string) =>
  (b: Body): string | undefined =>
    Array.isArray(b.Items) ? undefined : `no "Items" array in the ${what} page`;
/** An answer naming its object by a numeric `Id`. */
const withId =
  (what: string) =>
  (b: Body): string | undefined =>
    typeof b.Id === "number" ? undefined : `the ${what} has no numeric "Id"`;

const SCRIPT = "/compute/script/{id}";

/** Endpoint definitions of the compute area. */
export const computeEndpoints = {
  getScriptStatistics: {
    operation: "compute.getScriptStatistics",
    method: "GET",
    path: `${SCRIPT}/statistics`,
  },
  listScripts: {
    operation: "compute.listScripts",
    method: "GET",
    path: "/compute/script",
    validate: page("edge script"),
  },
  addScript: {
    operation: "compute.addScript",
    method: "POST",
    path: "/compute/script",
    // Two sends make two scripts.
    idempotent: false,
    validate: withId("script"),
  },
  getScript: {
    operation: "compute.getScript",
    method: "GET",
    path: SCRIPT,
    validate: withId("script"),
  },
  updateScript: {
    operation: "compute.updateScript",
    method: "POST",
    path: SCRIPT,
    // Sets the name and type to the values sent: repeatable.
    idempotent: true,
    validate: withId("script"),
  },
  deleteScript: {
    operation: "compute.deleteScript",
    method: "DELETE",
    path: SCRIPT,
    allowEmpty: true,
  },
  getCode: {
    operation: "compute.getCode",
    method: "GET",
    path: `${SCRIPT}/code`,
    validate: (b) =>
      b.Code === null || typeof b.Code === "string" ? undefined : 'no "Code" in the answer',
  },
  setCode: {
    operation: "compute.setCode",
    method: "POST",
    path: `${SCRIPT}/code`,
    // Not retried: whether saving code also publishes a release is not documented, and a
    // platform that does would publish twice.
    idempotent: false,
    allowEmpty: true,
  },
  listReleases: {
    operation: "compute.listReleases",
    method: "GET",
    path: `${SCRIPT}/releases`,
    validate: page("release"),
  },
  getActiveRelease: {
    operation: "compute.getActiveRelease",
    method: "GET",
    path: `${SCRIPT}/releases/active`,
    validate: withId("release"),
  },
  publish: {
    operation: "compute.publish",
    method: "POST",
    path: `${SCRIPT}/publish`,
    // Each call makes a release.
    idempotent: false,
    allowEmpty: true,
  },
  publishRelease: {
    operation: "compute.publishRelease",
    method: "POST",
    path: `${SCRIPT}/publish/{uuid}`,
    // Makes the named release live again: a new live release on each call.
    idempotent: false,
    allowEmpty: true,
  },
  rotateDeploymentKey: {
    operation: "compute.rotateDeploymentKey",
    method: "POST",
    path: `${SCRIPT}/deploymentKey/rotate`,
    // Each call gives a new key.
    idempotent: false,
    allowEmpty: true,
  },
  addVariable: {
    operation: "compute.addVariable",
    method: "POST",
    path: `${SCRIPT}/variables/add`,
    // A second send of the same name is refused or makes a second variable.
    idempotent: false,
    validate: withId("variable"),
  },
  getVariable: {
    operation: "compute.getVariable",
    method: "GET",
    path: `${SCRIPT}/variables/{variableId}`,
    validate: withId("variable"),
  },
  updateVariable: {
    operation: "compute.updateVariable",
    method: "POST",
    path: `${SCRIPT}/variables/{variableId}`,
    // Sets the fields sent to the values sent: repeatable.
    idempotent: true,
    validate: withId("variable"),
  },
  upsertVariable: {
    operation: "compute.upsertVariable",
    method: "PUT",
    path: `${SCRIPT}/variables`,
    // By name: a repeat finds the variable the first call made and sets the same values.
    idempotent: true,
    // Documented answers: 200 with the variable, or 204.
    allowEmpty: true,
  },
  deleteVariable: {
    operation: "compute.deleteVariable",
    method: "DELETE",
    path: `${SCRIPT}/variables/{variableId}`,
    allowEmpty: true,
  },
  listSecrets: {
    operation: "compute.listSecrets",
    method: "GET",
    path: `${SCRIPT}/secrets`,
    // A missing list must never read as "no secrets".
    validate: (b) => (Array.isArray(b.Secrets) ? undefined : 'no "Secrets" array in the answer'),
  },
  addSecret: {
    operation: "compute.addSecret",
    method: "POST",
    path: `${SCRIPT}/secrets`,
    // A second send of the same name is refused or makes a second secret.
    idempotent: false,
    validate: withId("secret"),
  },
  updateSecret: {
    operation: "compute.updateSecret",
    method: "POST",
    path: `${SCRIPT}/secrets/{secretId}`,
    // Sets the value sent: repeatable.
    idempotent: true,
    validate: withId("secret"),
  },
  upsertSecret: {
    operation: "compute.upsertSecret",
    method: "PUT",
    path: `${SCRIPT}/secrets`,
    // By name: a repeat sets the same value on the secret the first call made.
    idempotent: true,
    // Documented answers: 200 with the secret, or 204 without a body.
    allowEmpty: true,
  },
  deleteSecret: {
    operation: "compute.deleteSecret",
    method: "DELETE",
    path: `${SCRIPT}/secrets/{secretId}`,
    allowEmpty: true,
  },
} as const satisfies Record<string, EndpointDef>;
