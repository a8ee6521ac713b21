/**
 * The rule kinds' mapping between the platform's rule (`{id, shieldZoneId, ruleName,
 * ruleDescription, ruleConfiguration}`, shared by rate-limit and custom WAF rules) and the
 * engine's neutral object (`{id, parentId, name, description, fields}`), both ways; and the
 * rule kinds' public spelling of the engine's inputs and state (the same names: `ruleId`,
 * `shieldZoneId` or `pullZoneId`, `ruleName`, `ruleDescription`, `ruleConfiguration`).
 */
import { findEmbeddedFailure } from "edgeplatform-client";
import { schemaRef, type AcceptedResult } from "edgeplatform-client/spec/runtime";
import { isPlainObject } from "../../core/common";
import type { ruleInputsSchema as RuleInputsSchema } from "./rule-schemas";
import type {
  Words,
  ZoneObject,
  ZoneObjectEndpoints,
  ZoneObjectWrite,
} from "../../core/zone-objects/kind";
import type { Spelling } from "../../core/zone-objects/spelling";

/** The words of a rule's messages, and its public id (`ruleId`) and name (`ruleName`) fields. */
export const RULE_WORDS: Words = { one: "rule", many: "rules", id: "ruleId", name: "ruleName" };

/**
 * The rule kinds' public spelling (with {@link RULE_WORDS} and the shield zone's
 * `shieldZoneId`): a description of their own, the configuration nested in
 * `ruleConfiguration`, the top-level inputs checked against the rules' schema.
 */
export const RULE_SPELLING: Spelling = {
  description: "ruleDescription",
  fields: { nested: "ruleConfiguration" },
  inputsSchema: schemaRef<typeof RuleInputsSchema>(__dirname, "./rule-schemas", "ruleInputsSchema"),
};

/** Inputs of a rule after `check` (enumerations by name). */
export interface RuleInputs {
  ruleId?: number;
  shieldZoneId?: number;
  pullZoneId?: number;
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleConfiguration: Record<string, unknown>;
  deleteOnDestroy?: boolean;
}

/** State of a rule: its identity, the mode, and the managed fields (the platform's values). */
export interface RuleOutputs {
  ruleId: number;
  shieldZoneId: number;
  /** Pull zone the rule was placed by (only when the program uses `pullZoneId`). */
  pullZoneId?: number;
  adopted: boolean;
  origin?: "adopted" | "created";
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleConfiguration: Record<string, unknown>;
  deleteOnDestroy?: boolean;
  unmanaged?: ("ruleName" | "ruleDescription")[];
  readOnly?: boolean;
  reported?: Record<string, unknown>;
}

/** A rule as the platform returns it (the fields the engine reads). */
interface WireRule {
  id: number;
  shieldZoneId: number;
  ruleName?: string | null;
  ruleDescription?: string | null;
  ruleConfiguration?: Record<string, unknown> | null;
}

/** Objects mapped from a listed rule that carried an embedded failure (never served by a list). */
const failedEntries = new WeakSet<object>();

/** The engine's object of a platform rule. */
export function ruleObject(r: WireRule): ZoneObject<number> {
  const o: ZoneObject<number> = {
    id: r.id,
    parentId: r.shieldZoneId,
    name: r.ruleName,
    description: r.ruleDescription,
    fields: r.ruleConfiguration,
  };
  if (findEmbeddedFailure(r) !== undefined) failedEntries.add(o);
  return o;
}

/** The platform's body of an engine's body (only the fields it holds). */
export function ruleBody(body: Record<string, unknown>): Record<string, unknown> {
  const wire: Record<string, unknown> = {};
  if ("parentId" in body) wire.shieldZoneId = body.parentId;
  if ("name" in body) wire.ruleName = body.name;
  if ("description" in body) wire.ruleDescription = body.description;
  if ("fields" in body) wire.ruleConfiguration = body.fields;
  return wire;
}

/** The client's answer of a rule's create or update: the rule (200) or accepted (202). */
type RuleWrite = { status: 200; rule: WireRule } | { status: 202; accepted: AcceptedResult };

/** A write's answer in the engine's form, the rule it names mapped. */
const ruleWrite = (w: RuleWrite): ZoneObjectWrite<ZoneObject<number>> =>
  w.status === 200 ? { status: 200, object: ruleObject(w.rule) } : w;

/** The calls of a rule kind on the platform's rules. */
export interface RuleCalls {
  get(id: number): Promise<WireRule>;
  create(body: Record<string, unknown>): Promise<RuleWrite>;
  update(id: number, body: Record<string, unknown>): Promise<RuleWrite>;
  delete(id: number): Promise<unknown>;
  listZone(zone: number, perPage?: number): Promise<WireRule[]>;
}

/** A rule kind's endpoints: its platform calls, mapped to the engine's objects. */
export const ruleEndpoints = (calls: RuleCalls): ZoneObjectEndpoints<ZoneObject<number>> => ({
  get: async (id) => ruleObject(await calls.get(id)),
  create: async (body) => ruleWrite(await calls.create(ruleBody(body))),
  update: async (id, body) => ruleWrite(await calls.update(id, ruleBody(body))),
  delete: (id) => calls.delete(id),
  listZone: async (zone, perPage) => (await calls.listZone(zone, perPage)).map(ruleObject),
});

/**
 * Whether a rule of a zone's list reads like its GET (shared by the rule kinds): whole, with
 * its id, this zone and its configuration, and no embedded failure. Any other entry (a
 * summary without its configuration) is read with its own GET.
 */
export const ruleEntryReads = (entry: ZoneObject, zone: number): boolean =>
  typeof entry?.id === "number" &&
  entry.parentId === zone &&
  isPlainObject(entry.fields) &&
  !failedEntries.has(entry);
