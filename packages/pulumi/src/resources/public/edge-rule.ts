/**
 * `edge.pullzones.EdgeRule`: one edge rule of a pull zone as a Pulumi dynamic resource (type
 * token `pulumi-nodejs:dynamic/pullzones:EdgeRule`). Identity is the rule's guid; its name is
 * its `description`, unique in the zone. With `pullZoneId` alone a new rule is created; with
 * `edgeRuleId` (and its `pullZoneId`) an existing rule is adopted. Only the fields the program
 * writes are managed; `get` reads without managing; `opts.import` is refused. Its arguments,
 * state and outputs are generated from the kind's declaration (`./generated/edge-rule`).
 */
import type {
  EdgeRuleActionType,
  PatternMatchingTypes,
  TriggerMatchingTypes,
  TriggerTypes,
} from "edgeplatform-client/spec/runtime";
import type { EdgeResourceOptions } from "./readable-resource";
import { ZoneObjectResource, type ZoneObjectKind } from "./zone-object-resource";
import type { EdgeRuleArgs, EdgeRuleOutputs } from "./generated/edge-rule";

export type {
  EdgeRuleArgs,
  EdgeRuleState,
  EdgeRuleTrigger,
  EdgeRuleTriggerArgs,
} from "./generated/edge-rule";

/** What a rule does, by name (`"Redirect"`; the platform's `EdgeRuleActionType`). */
export type EdgeRuleActionTypeName = keyof typeof EdgeRuleActionType;
/** What a trigger matches, by name (`"Url"`; the platform's `TriggerTypes`). */
export type EdgeRuleTriggerTypeName = keyof typeof TriggerTypes;
/** How a rule's triggers combine, by name (`"MatchAll"`). */
export type EdgeRuleTriggerMatchingTypeName = keyof typeof TriggerMatchingTypes;
/** How a trigger's patterns combine, by name (`"MatchAny"`). */
export type EdgeRulePatternMatchingTypeName = keyof typeof PatternMatchingTypes;

/** A field of a rule that the program left out (reported, not managed). */
export type EdgeRuleField =
  | "description"
  | "actionType"
  | "actionParameter1"
  | "actionParameter2"
  | "triggers"
  | "triggerMatchingType"
  | "enabled"
  | "priority";

/** The kind: its stub, its type token, how its arguments adopt an object, its inputs. */
const KIND: ZoneObjectKind = {
  stub: "edge-rule",
  module: "pullzones",
  type: "EdgeRule",
  idField: "edgeRuleId",
  idName: "guid",
  parentField: "pullZoneId",
  short: "rule",
  noun: "edge rule",
  getId: "`<pullZoneId>/<edgeRuleId>`",
  before: [
    "pullZoneId",
    "description",
    "actionType",
    "actionParameter1",
    "actionParameter2",
    "triggers",
    "triggerMatchingType",
    "enabled",
    "priority",
    "deleteOnDestroy",
  ],
  after: ["adopted", "origin", "unmanaged", "readOnly"],
};

/** The outputs of an {@link EdgeRule} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface EdgeRule extends EdgeRuleOutputs {}

/**
 * One edge rule of a pull zone: an action (`actionType` and its parameters) applied to the
 * requests its triggers match. With `pullZoneId` and a `description` (the rule's name, unique
 * in the zone) a new rule is created (and deleted on destroy); with `edgeRuleId` (and its
 * `pullZoneId`) an existing rule is adopted (and left in place on destroy unless
 * `deleteOnDestroy`). Its order is its explicit `priority`. Only the fields the program writes
 * are managed; an update writes the one rule, with the values it does not manage as read.
 *
 * ```ts
 * const https = new edge.pullzones.EdgeRule("force-https", {
 *   pullZoneId: 1,
 *   description: "force https",
 *   actionType: "ForceSSL",
 *   triggers: [{ type: "Url", patternMatches: ["http://*"] }],
 *   triggerMatchingType: "MatchAny",
 *   enabled: true,
 *   priority: 0,
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class EdgeRule extends ZoneObjectResource {
  /**
   * Creates or adopts an edge rule.
   * @param name The unique name of the resource.
   * @param args The desired rule: `pullZoneId` (create), with `edgeRuleId` (adopt).
   * @param opts Options for the resource. `opts.import` is refused: write `edgeRuleId` instead.
   */
  constructor(name: string, args: EdgeRuleArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
