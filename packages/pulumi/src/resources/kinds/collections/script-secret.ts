/**
 * `edge.compute.ScriptSecret` as a collection kind: one secret of an edge script
 * (`/compute/script/{scriptId}/secrets/…`, the published edge-scripting API), identified by
 * its numeric id. Identity, adopt by id, "gone" on evidence, claims and recovery are the
 * engine's; what is its own:
 * - its parent is an edge script (kinds/parents/edge-script.ts); the script's GET does not
 *   hold its secrets, so they are listed by their own GET (`listInScript`), and a refresh's
 *   reads share one answer of that listing (zone-reads.ts `sharedZoneAnswer`);
 * - its name is its `Name`, unique in a script (the engine's default), and the platform
 *   cannot rename a secret: another name replaces a created secret;
 * - its value is write-only: the platform reports names and dates, never a value. The state
 *   keeps the program's value (`keptWhenUnreported`); as read it is null, so an update or an
 *   adopt always writes it (once), and a refresh never sees a change of it; the public class
 *   makes it a secret;
 * - a create is one `secrets` add (never the upsert by name, which could take over a secret
 *   of that name); a rotation is one `secrets/{id}` write of the value.
 *
 * In the engine's terms a secret is `{id: Id, parentId: its script, name: Name, fields:
 * {value}}`, its `value` null as read.
 */
import { renameReplaces } from "../../core/zone-objects/capabilities";
import { schemaRef, type EdgeScriptSecret } from "edgeplatform-client/spec/runtime";
import { getClient } from "../../core/settings";
import type { ConfigurationFields, Words, ZoneObject } from "../../core/zone-objects/kind";
import type { Spelling } from "../../core/zone-objects/spelling";
import { sharedZoneAnswer } from "../../core/zone-objects/zone-reads";
import { edgeScriptParent, type EdgeScriptChildKind } from "../parents/edge-script";
import type { CollectionKindDocs } from "./rule-docs";
import { scriptSecretDocs } from "./script-secret-docs";

/** The words of a secret's messages and its public id and name fields. */
export const SCRIPT_SECRET_WORDS: Words = {
  one: "secret",
  many: "secrets",
  id: "secretId",
  name: "name",
};

/** A secret's managed fields, by their public names. */
export const SCRIPT_SECRET_FIELDS = ["value"] as const;

/**
 * The public spelling of a secret (with {@link SCRIPT_SECRET_WORDS} and the script's
 * `scriptId`): its value flat at the top level and kept as the program wrote it (the platform
 * never reports it; a read with no state, `get` or `pulumi import`, leaves it out), its script
 * given with its id too, and a `get` id of the form `"<scriptId>/<secretId>"`.
 */
export const SCRIPT_SECRET_SPELLING: Spelling = {
  fields: { flat: SCRIPT_SECRET_FIELDS },
  parentAlways: true,
  idWithParent: { example: "1/31" },
  keptWhenUnreported: ["value"],
  viewLeavesOutUnset: true,
};

/** The enumerations of a secret's fields: none. */
export const SCRIPT_SECRET_ENUMS: Record<string, Record<string, number>> = {};

/** The field semantics of a secret's value. */
export const scriptSecretFields: ConfigurationFields = {
  enums: SCRIPT_SECRET_ENUMS,
  normalize: (c) => c,
  nullable: new Set(),
  requiredForCreate: ["value"],
};

/** A secret in the engine's terms. */
export type ScriptSecretObject = ZoneObject<number>;

/** A secret as the platform returns it, in the engine's terms (its value never known). */
export function fromSecret(script: number, x: EdgeScriptSecret): ScriptSecretObject {
  return { id: x.Id, parentId: script, name: x.Name ?? "", fields: { value: null }, reported: {} };
}

/** Thrown when a script's secrets do not hold the secret: a plain not-found. */
class SecretNotInScript extends Error {
  readonly isNotFound = true;
  constructor(script: number, id: number) {
    super(`edge script ${script} has no secret ${id}`);
  }
}

const api = () => getClient().compute;

/** The script a secret's API call needs: known from the state or the program. */
function scriptOf(script: number | undefined, id: number): number {
  if (typeof script !== "number") {
    throw new Error(`the edge script of secret ${id} is not known (the API is keyed by script)`);
  }
  return script;
}

/** Secret `id` of script `script`, read now, or a not-found error. */
async function secretOf(script: number, id: number): Promise<ScriptSecretObject> {
  const x = (await api().listSecrets(script)).find((s) => s.Id === id);
  if (!x) throw new SecretNotInScript(script, id);
  return fromSecret(script, x);
}

/** The script-secret kind (with the descriptions of its public types, `docs`). */
export const scriptSecretKind: EdgeScriptChildKind<ScriptSecretObject> & {
  docs: CollectionKindDocs;
} = {
  typeName: "ScriptSecret",
  noun: "script secret",
  words: SCRIPT_SECRET_WORDS,
  parent: edgeScriptParent,
  spelling: SCRIPT_SECRET_SPELLING,
  ids: "number",
  claimKey: "script-secret",
  config: scriptSecretFields,
  configurationSchema: schemaRef(
    __dirname,
    "./script-secret-schemas",
    "scriptSecretConfigurationSchema",
  ),
  // The platform cannot rename a secret: another name is another secret.
  replacedBy: renameReplaces,
  // Nothing to merge with (a name it cannot change, a value it never reports): a rotation is
  // its one write; a secret that is gone answers that write with a not-found.
  updateBase: "state",
  listInScript: async (script) =>
    (await api().listSecrets(script)).map((x) => fromSecret(script, x)),
  endpoints: {
    get: (id, script) => secretOf(scriptOf(script, id), id),
    /**
     * A refresh's read: the script's listing of secrets the reads of this refresh share (one
     * GET for the script's secrets); a secret missing from it (created since) is looked up anew.
     */
    read: async (id, script) => {
      const s = scriptOf(script, id);
      const shared = await sharedZoneAnswer(`script-secrets\0${s}`, id, () => api().listSecrets(s));
      const x = shared.find((y) => y.Id === id);
      return x ? fromSecret(s, x) : secretOf(s, id);
    },
    /** One add (refused by the platform when the name exists). */
    create: async (body) => {
      const script = body.parentId as number;
      const value = (body.fields as { value?: unknown } | undefined)?.value as string;
      const answer = await api().addSecret(script, { Name: body.name as string, Secret: value });
      if (typeof answer?.Id !== "number") return { status: "unnamed" };
      return { status: 200, object: { ...fromSecret(script, answer), fields: { value } } };
    },
    /** One write of the value (a rotation); the platform keeps nothing else of a secret. */
    update: async (id, body, current) => {
      const script = current.parentId;
      const value = (body.fields as { value?: unknown } | undefined)?.value;
      if (typeof value !== "string") return { status: 200, object: current };
      await api().updateSecret(script, id, value);
      return { status: 200, object: { ...current, fields: { value } } };
    },
    delete: (id, script) => api().deleteSecret(scriptOf(script, id), id),
  },
  docs: scriptSecretDocs,
};
