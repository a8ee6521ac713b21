/**
 * The edge script as the parent of its variables and secrets: addressed by `scriptId`. Its
 * variables have no list endpoint of their own: they come in the script's GET
 * (`EdgeScriptVariables`), the child kind taking its own from the answer
 * (`childrenInScript`); its secrets are not in that answer and are listed by their own GET
 * (`/compute/script/{id}/secrets`, the kind's `listInScript`). The reads a run shares are the engine's: its name checks list a
 * script once per run (the run-state listing cache), a refresh's reads share one answer of
 * the script (the kind's `read`, zone-reads.ts). A listing asked for here is always a fresh
 * GET: the engine's recovery after a write whose outcome is unknown must see that write.
 *
 * Writes under one script run at once (no `serialWrites`): each variable has its own
 * endpoints (`/compute/script/{id}/variables/add`, `…/variables/{variableId}`), whose writes
 * change that variable only; the platform does not rewrite the script for them, so two
 * writes to one script cannot lose each other's change.
 */
import type { EdgeScript } from "edgeplatform-client/spec/runtime";
import { getClient } from "../../core/settings";
import type { ZoneObject, ZoneObjectKind } from "../../core/zone-objects/kind";
import type { Parent } from "../../core/zone-objects/parent";

/**
 * A child kind of an edge script: how its objects are taken from the script's answer, or
 * listed by a call of their own when the script's answer does not hold them (its secrets).
 */
export interface EdgeScriptChildKind<O extends ZoneObject> extends ZoneObjectKind<O> {
  /** The kind's objects in script `id`'s answer. */
  childrenInScript?(script: EdgeScript, id: number): O[];
  /** The kind's objects of script `id` by a listing of their own (a fresh call). */
  listInScript?(id: number): Promise<O[]>;
}

/** The edge script parent. */
export const edgeScriptParent: Parent = {
  word: "edge script",
  field: "scriptId",
  listChildren: async <O extends ZoneObject>(kind: ZoneObjectKind<O>, id: number) => {
    const child = kind as EdgeScriptChildKind<O>;
    if (typeof child.listInScript === "function") return child.listInScript(id);
    if (typeof child.childrenInScript !== "function") {
      throw new Error(
        `${kind.typeName}: a child of an edge script must declare childrenInScript or listInScript`,
      );
    }
    return child.childrenInScript(await getClient().compute.getScript(id), id);
  },
};
