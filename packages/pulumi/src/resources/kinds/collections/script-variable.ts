/**
 * `edge.compute.ScriptVariable` as a collection kind: one variable of an edge script
 * (`/compute/script/{scriptId}/variables/…`, the published edge-scripting API), identified by
 * its numeric id. Identity, adopt by id, "gone" on evidence, claims and recovery are the
 * engine's; what is its own:
 * - its parent is an edge script (kinds/parents/edge-script.ts): its variables come in the
 *   script's GET (`EdgeScriptVariables`), one read per run for the name checks, and a
 *   refresh's reads share one answer of the script (zone-reads.ts `sharedZoneAnswer`);
 * - its name is its `Name`, unique in a script (the engine's default), and the platform
 *   cannot rename a variable: another name replaces a created variable;
 * - a create is one `variables/add` (never the upsert by name, which could take over a
 *   variable of that name); an update is one `variables/{id}` write of what changed only
 *   (the platform keeps what is not sent), whatever the platform's upsert does.
 *
 * In the engine's terms a variable is `{id: Id, parentId: its script, name: Name, fields:
 * {defaultValue, required}}`.
 */
import { renameReplaces } from "../../core/zone-objects/capabilities";
import { parentKeyed } from "../../core/zone-objects/parent";
import {
  schemaRef,
  type EdgeScript,
  type EdgeScriptVariable,
} from "edgeplatform-client/spec/runtime";
import { getClient } from "../../core/settings";
import type { ConfigurationFields, Words, ZoneObject } from "../../core/zone-objects/kind";
import type { Spelling } from "../../core/zone-objects/spelling";
import { sharedZoneAnswer } from "../../core/zone-objects/zone-reads";
import { edgeScriptParent, type EdgeScriptChildKind } from "../parents/edge-script";
import type { CollectionKindDocs } from "./rule-docs";
import { scriptVariableDocs } from "./script-variable-docs";

/** The words of a variable's messages and its public id and name fields. */
export const SCRIPT_VARIABLE_WORDS: Words = {
  one: "variable",
  many: "variables",
  id: "variableId",
  name: "name",
};

/** A variable's managed fields: public name → the platform's (`EdgeScriptVariableModel`). */
export const SCRIPT_VARIABLE_FIELDS = {
  defaultValue: "DefaultValue",
  required: "Required",
} as const;

/**
 * The public spelling of a variable (with {@link SCRIPT_VARIABLE_WORDS} and the script's
 * `scriptId`): its fields flat at the top level (those the program leaves out reported and
 * listed in `unmanaged`), no description, its script given with its id too, and a `get` id
 * of the form `"<scriptId>/<variableId>"`.
 */
export const SCRIPT_VARIABLE_SPELLING: Spelling = {
  fields: { flat: Object.keys(SCRIPT_VARIABLE_FIELDS) },
  parentAlways: true,
  idWithParent: { example: "1/21" },
};

/** The enumerations of a variable's fields: none. */
export const SCRIPT_VARIABLE_ENUMS: Record<string, Record<string, number>> = {};

/** The field semantics of a variable's values. */
export const scriptVariableFields: ConfigurationFields = {
  enums: SCRIPT_VARIABLE_ENUMS,
  normalize: (c) => c,
  nullable: new Set(["defaultValue"]),
  requiredForCreate: [],
};

/** A variable in the engine's terms. */
export type ScriptVariableObject = ZoneObject<number>;

/** A variable as the platform returns it, in the engine's terms. */
export function fromVariable(script: number, v: EdgeScriptVariable): ScriptVariableObject {
  const fields = { defaultValue: v.DefaultValue ?? null, required: v.Required };
  return { id: v.Id, parentId: script, name: v.Name ?? "", fields, reported: { ...fields } };
}

const api = () => getClient().compute;

/** A missing object of its parent's answer (a plain not-found), and the parent a call needs. */
const { notIn, parentOf: scriptOf } = parentKeyed(edgeScriptParent, "variable");

/** Variable `id` of a script's answer, or a not-found error. */
function variableIn(s: EdgeScript, script: number, id: number): ScriptVariableObject {
  const v = (s.EdgeScriptVariables ?? []).find((x) => x.Id === id);
  if (!v) throw notIn(script, id);
  return fromVariable(script, v);
}

/** The platform's body of a variable's given fields (`null` clears the default). */
function wireFields(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (fields.defaultValue !== undefined) out.DefaultValue = fields.defaultValue;
  if (typeof fields.required === "boolean") out.Required = fields.required;
  return out;
}

/** The script-variable kind (with the descriptions of its public types, `docs`). */
export const scriptVariableKind: EdgeScriptChildKind<ScriptVariableObject> & {
  docs: CollectionKindDocs;
} = {
  typeName: "ScriptVariable",
  noun: "script variable",
  words: SCRIPT_VARIABLE_WORDS,
  parent: edgeScriptParent,
  spelling: SCRIPT_VARIABLE_SPELLING,
  ids: "number",
  claimKey: "script-variable",
  config: scriptVariableFields,
  configurationSchema: schemaRef(
    __dirname,
    "./script-variable-schemas",
    "scriptVariableConfigurationSchema",
  ),
  // An adopt by variableId reads the variable from the script's answer a run's reads share.
  adoptReadsShared: true,
  // The platform cannot rename a variable: another name is another variable.
  replacedBy: renameReplaces,
  childrenInScript: (s, script) =>
    (s.EdgeScriptVariables ?? []).map((v) => fromVariable(script, v)),
  endpoints: {
    get: async (id, script) =>
      fromVariable(script!, await api().getVariable(scriptOf(script, id), id)),
    /**
     * A refresh's read: the script's answer the reads of this refresh share (one GET for the
     * script's variables); a variable missing from it (created since) is looked up anew.
     */
    read: async (id, script) => {
      const shared = await sharedZoneAnswer(`edge-script\0${script}`, id, () =>
        api().getScript(script),
      );
      if ((shared.EdgeScriptVariables ?? []).some((v) => v.Id === id)) {
        return variableIn(shared, script, id);
      }
      return variableIn(await api().getScript(script), script, id);
    },
    /** One `variables/add` (refused by the platform when the name exists). */
    create: async (body) => {
      const script = body.parentId as number;
      const f = (body.fields ?? {}) as Record<string, unknown>;
      const sent = { Name: body.name as string, Required: f.required === true, ...wireFields(f) };
      const answer = await api().addVariable(script, sent as never);
      if (typeof answer?.Id === "number")
        return { status: 200, object: fromVariable(script, answer) };
      return { status: "unnamed" };
    },
    /**
     * One write of the planned fields that differ from the variable as just read (the
     * platform keeps what is not sent).
     */
    update: async (id, body, current) => {
      const script = current.parentId;
      const fields = (body.fields ?? {}) as Record<string, unknown>;
      const was = current.fields ?? {};
      const changed = Object.fromEntries(Object.entries(fields).filter(([k, v]) => was[k] !== v));
      const answer = await api().updateVariable(script, id, wireFields(changed) as never);
      const object =
        typeof answer?.Id === "number" && answer.Id === id
          ? fromVariable(script, answer)
          : { ...current, fields: { ...(current.fields ?? {}), ...fields } };
      return { status: 200, object };
    },
    delete: (id, script) => api().deleteVariable(scriptOf(script, id), id),
  },
  docs: scriptVariableDocs,
};
