/**
 * The descriptions of a collection kind's fields (the public types of its arguments and outputs);
 * a rule kind's (rate-limit rules, custom WAF rules): what every rule kind shares — its identity in a shield zone (`ruleId`, `shieldZoneId`, `pullZoneId`), the
 * three forms of its arguments, its rule-level fields and outputs, the items of a chained
 * condition — and the kind's own configuration fields. One declaration is the source of the
 * kind's public types (scripts/gen-kind-types.js writes `public/generated/<kind>.ts`), of the
 * plugin's schema and of every SDK.
 */
import type { ZoneObject, ZoneObjectKind } from "../../core/zone-objects/kind";

/** A described field: its description and, where the JSON schema cannot say it, its type. */
export interface DescribedField {
  /** What the field is for (a doc comment; `{@link X}` allowed). */
  description: string;
  /** The TypeScript type of the value a program writes, when the schema cannot give it. */
  tsType?: string;
}

/** An argument of a form or of every form (`tsType: "never"`: the form forbids it). */
export interface RuleArgument {
  description: string;
  /** The type inside `pulumi.Input<…>` (`C`: the written configuration), or `never`. */
  tsType: string;
  /** Required in the form. */
  required?: boolean;
}

/** An output of the kind's class and state. */
export interface RuleOutput {
  description: string;
  /** Its type in the state (`C`: the written configuration, for the configuration output). */
  tsType: string;
  /** It holds a secret (a certificate's key): `secret` in the plugin's schema and answers. */
  secret?: boolean;
}

/** The items of a list field of the configuration (`chainedRuleConditions`). */
export interface ItemDeclaration {
  /** The input type's name (`ChainedRuleConditionArgs`) and its doc. */
  typeName: string;
  typeDoc: string;
  /** The output type's name (`ChainedRuleConditionState`) and its doc. */
  stateName: string;
  stateDoc: string;
  /** The kind whose public module declares the types (the others import them). */
  home: string;
  /** The items' fields (their order and types: the configuration schema's). */
  fields: Record<string, DescribedField>;
}

/**
 * The descriptions of a collection kind's public types: its arguments (the forms of its
 * addressing, and what every form has) and its outputs.
 */
export interface CollectionKindDocs {
  /** What the public types call the kind's class (its type). */
  type: string;
  /**
   * The declaration's file, relative to packages/pulumi/src/resources/kinds (default:
   * `collections/<stub>.ts`), named by the generated module.
   */
  file?: string;
  /** Doc of `<Type>Args` (the union of the forms) and of `<Type>State`. */
  argsDoc: string;
  stateDoc: string;
  /** Arguments of every form, in order. */
  common: Record<string, RuleArgument>;
  /**
   * The forms of the arguments: name suffix (`Adopt`) → doc (after "{@link <Type>Args} ") and
   * arguments, in order. None: the arguments are one interface (`common`).
   */
  forms: Record<string, { typeDoc: string; args: Record<string, RuleArgument> }>;
  /** Outputs of the class and the state, in order. */
  outputs: Record<string, RuleOutput>;
  /**
   * The items of list arguments, by argument: the input type's name and doc, the state's
   * (`stateName`, `stateDoc`), and the items' fields (their type as the state holds it).
   */
  argItems?: Record<
    string,
    {
      typeName: string;
      typeDoc: string;
      stateName: string;
      stateDoc: string;
      fields: Record<string, RuleArgument>;
    }
  >;
}

/** The descriptions of a rule kind: its configuration and what every rule kind has. */
export interface RuleKindDocs extends CollectionKindDocs {
  /**
   * The doc comment of the kind's class (generated with the class), one line an element:
   * what it is, an example, `@typeParam C`.
   */
  classDoc: readonly string[];
  configuration: {
    /** Doc of `<Type>ConfigurationArgs`, `<Type>ConfigurationState`. */
    typeDoc: string;
    stateDoc: string;
    /** Name of the type that rejects undeclared configuration keys. */
    noUnknownName: string;
    /** The configuration's fields (their order and types: the configuration schema's). */
    fields: Record<string, DescribedField>;
  };
  /** The items of the configuration's list fields, by field. */
  items: Record<string, ItemDeclaration>;
}

/** A rule kind's declaration with its descriptions. */
export type DescribedRuleKind = ZoneObjectKind<ZoneObject<number>> & { docs: RuleKindDocs };

/** A collection kind's declaration with the descriptions of its public types. */
export type DescribedKind<O extends ZoneObject = ZoneObject> = ZoneObjectKind<O> & {
  docs: CollectionKindDocs;
};

/**
 * The outputs of a collection kind that say how its resource holds the object (each kind
 * places them in its order): `adopted`, `deleteOnDestroy`, `unmanaged`, `readOnly`.
 * @param own.noun The object in the descriptions (`"list"`).
 * @param own.idField The argument that adopts an object by id (`listId`).
 * @param own.type The kind's class (its `get`).
 * @param own.unmanaged The type of `unmanaged` and, when not the default, its description.
 */
export function modeOutputs(own: {
  noun: string;
  idField: string;
  type: string;
  unmanaged: { tsType: string; description?: string };
}): Record<"adopted" | "deleteOnDestroy" | "unmanaged" | "readOnly", RuleOutput> {
  return {
    adopted: {
      description: `True when the program addresses the ${own.noun} by \`${own.idField}\` (adopt mode), and for \`get\`.`,
      tsType: "boolean",
    },
    deleteOnDestroy: {
      description:
        "`deleteOnDestroy` as written (undefined: the default of the mode; false for `get`).",
      tsType: "boolean | undefined",
    },
    unmanaged: {
      description:
        own.unmanaged.description ?? "Fields reported but not managed (left out by the program).",
      tsType: own.unmanaged.tsType,
    },
    readOnly: {
      description: `True for a ${own.noun} read with {@link ${own.type}.get} (a read-only view); else undefined.`,
      tsType: "boolean | undefined",
    },
  };
}

/**
 * What a kind whose objects are created under their parent and adopted by id alone
 * (`DnsRecord`, `EdgeRule`) says of the mode: its `deleteOnDestroy` argument, and the outputs
 * that end its outputs, in order: `adopted`, `origin`, `deleteOnDestroy`, `unmanaged`,
 * `readOnly` (the parameters as for {@link modeOutputs}).
 */
export function createOrAdoptDocs(own: Parameters<typeof modeOutputs>[0]): {
  deleteOnDestroy: RuleArgument;
  outputs: Record<"adopted" | "origin" | "deleteOnDestroy" | "unmanaged" | "readOnly", RuleOutput>;
} {
  const mode = modeOutputs(own);
  return {
    deleteOnDestroy: {
      description:
        `Whether destroying the resource deletes the ${own.noun}. Default: true when the ` +
        `resource creates the ${own.noun}, false when it adopts one (\`${own.idField}\`).`,
      tsType: "boolean",
    },
    outputs: {
      adopted: mode.adopted,
      origin: {
        description: `\`"created"\` (this resource created the ${own.noun}) or \`"adopted"\` (it existed before).`,
        tsType: '"created" | "adopted"',
      },
      deleteOnDestroy: mode.deleteOnDestroy,
      unmanaged: mode.unmanaged,
      readOnly: mode.readOnly,
    },
  };
}

/**
 * The start of the docs of a kind whose objects are created under their parent and adopted by
 * id alone, in one form (`DnsRecord`, `EdgeRule`, `ScriptVariable`, `OptimizerClass`): `head`,
 * its type, the docs of its arguments and state and no forms; `mode`, {@link createOrAdoptDocs}
 * with its left-out fields typed `<type>Field`.
 * @param own.type The kind's class; `own.noun` and `own.idField` as for {@link modeOutputs}.
 */
export function createOrAdoptKindDocs(own: { type: string; noun: string; idField: string }): {
  head: Pick<CollectionKindDocs, "type" | "argsDoc" | "stateDoc" | "forms">;
  mode: ReturnType<typeof createOrAdoptDocs>;
} {
  const article = /^[AEIOU]/.test(own.type) ? "an" : "a";
  return {
    head: {
      type: own.type,
      argsDoc: `Arguments of {@link ${own.type}}.`,
      stateDoc: `State (outputs) of ${article} {@link ${own.type}}.`,
      forms: {},
    },
    mode: createOrAdoptDocs({ ...own, unmanaged: { tsType: `${own.type}Field[] | undefined` } }),
  };
}

/** The match fields every rule kind's configuration has (besides its action and rate). */
export const MATCH_FIELDS: Record<string, DescribedField> = {
  variableTypes: {
    description: "Variables to match: variable name (`REQUEST_URI`, `ARGS`, ...) → match target.",
    tsType: "VariableTypes",
  },
  operatorType: { description: "Operator of the match (`OperatorType`)." },
  severityType: { description: "Severity of a match: 0 NOTICE, 1 WARNING, 2 CRITICAL." },
  transformationTypes: {
    description: "Transformations applied before matching, in order (`TransformationType`).",
  },
  value: { description: "Value to compare with." },
  isNegated: { description: "Negates the match." },
  isRegexVariable: { description: "Treats the variable name as a regular expression." },
  chainedRuleConditions: { description: "Further conditions that must all match too." },
};

/** A chained condition of a rule's configuration (`chainedRuleConditions`). */
export const CHAINED_CONDITIONS: ItemDeclaration = {
  typeName: "ChainedRuleConditionArgs",
  typeDoc: "Input form of a chained condition (`WafChainedRuleConditionItem`).",
  stateName: "ChainedRuleConditionState",
  stateDoc:
    "Output form of a chained condition: {@link ChainedRuleConditionArgs} with every `Input` " +
    'resolved. An enumeration is its name (`"STREQ"`), whether the program wrote it or its integer.',
  home: "rate-limit-rule",
  fields: {
    variableTypes: MATCH_FIELDS.variableTypes,
    operatorType: {
      description: 'Operator, as an integer or a name of `OperatorType` (`"CONTAINS"`).',
    },
    value: MATCH_FIELDS.value,
    isNegated: MATCH_FIELDS.isNegated,
    isRegexVariable: MATCH_FIELDS.isRegexVariable,
  },
};

const NOT_WITH_RULE_ID = "Not with `ruleId`: the rule's zone is the one it is in.";
const NOT_WHEN_CREATING = "Not when creating: `ruleId` adopts an existing rule instead.";
const NAME_TO_CREATE: RuleArgument = {
  description: "Name of the rule: required when creating; unique in a zone.",
  tsType: "string",
  required: true,
};

/**
 * The descriptions of a rule kind: `own` (its class, configuration and items) with what every
 * rule kind shares.
 * @param own.createNote What a create in a zone does besides the rule kinds' (a plan limit).
 * @param own.configurationOutput The configuration output's description.
 */
export function ruleKindDocs(own: {
  type: string;
  classDoc: readonly string[];
  configuration: RuleKindDocs["configuration"];
  configurationOutput: string;
  createNote?: string;
}): RuleKindDocs {
  const note = own.createNote ? ` ${own.createNote}` : "";
  const mode = modeOutputs({
    noun: "rule",
    idField: "ruleId",
    type: own.type,
    unmanaged: {
      tsType: '("ruleName" | "ruleDescription")[] | undefined',
      description:
        "Top-level fields reported but not managed (`ruleName`/`ruleDescription` left out).",
    },
  });
  return {
    type: own.type,
    argsDoc:
      `Arguments of {@link ${own.type}}: exactly one of \`ruleId\` (adopt), \`shieldZoneId\` or ` +
      "`pullZoneId` (create, with a `ruleName`). A field left out is not managed (the " +
      "platform's value stays and is never reported); `null` clears a nullable field. `C` is " +
      "the written configuration, inferred from `ruleConfiguration` (it types the configuration " +
      "output).",
    stateDoc:
      `State (outputs) of a {@link ${own.type}}: its identity, the mode, and the managed fields ` +
      "as the platform holds them (enumerations by name).",
    classDoc: own.classDoc,
    configuration: own.configuration,
    items: { chainedRuleConditions: CHAINED_CONDITIONS },
    common: {
      ruleDescription: {
        description: "Description of the rule. Left out: not managed; `null` clears it.",
        tsType: "string | null",
      },
      ruleConfiguration: {
        description:
          "The rule's configuration: only the fields written here are managed. An update sends " +
          "the changed fields merged over the platform's current configuration.",
        tsType: "C",
        required: true,
      },
      deleteOnDestroy: {
        description:
          "Whether destroying the resource deletes the rule. Default: true when the resource " +
          "creates the rule (`shieldZoneId`/`pullZoneId`), false when it adopts one (`ruleId`); " +
          "a rule adopted once stays adopted when the program later addresses it by zone and name.",
        tsType: "boolean",
      },
    },
    forms: {
      Adopt: {
        typeDoc: "that adopt an existing rule by id (`ruleId`).",
        args: {
          ruleId: {
            description:
              "Adopt an existing rule by id: create = one PATCH of the managed fields that differ " +
              "(none when they match); destroy leaves the rule unless `deleteOnDestroy` is true. " +
              "Writing the id of a rule this resource created switches mode in place (no API " +
              "call). Another id replaces. This is how an existing rule is brought under " +
              "management (`opts.import` is not supported by dynamic resources).",
            tsType: "number",
            required: true,
          },
          shieldZoneId: { description: NOT_WITH_RULE_ID, tsType: "never" },
          pullZoneId: { description: NOT_WITH_RULE_ID, tsType: "never" },
          ruleName: {
            description: "Name of the rule; unique in a zone. Left out: not managed.",
            tsType: "string | null",
          },
        },
      },
      CreateInShieldZone: {
        typeDoc: "that create a rule in a shield zone (`shieldZoneId`).",
        args: {
          ruleId: { description: NOT_WHEN_CREATING, tsType: "never" },
          shieldZoneId: {
            description:
              "Create the rule in this shield zone (POST); destroy deletes it. If the zone " +
              "already has a rule of this `ruleName`, the create fails before any write (a rule " +
              `is never taken over by name).${note} Another zone replaces.`,
            tsType: "number",
            required: true,
          },
          pullZoneId: {
            description: "Not with `shieldZoneId`: one of the two places the rule.",
            tsType: "never",
          },
          ruleName: NAME_TO_CREATE,
        },
      },
      CreateInPullZone: {
        typeDoc: "that create a rule in the shield zone of a pull zone.",
        args: {
          ruleId: { description: NOT_WHEN_CREATING, tsType: "never" },
          shieldZoneId: {
            description: "Not with `pullZoneId`: one of the two places the rule.",
            tsType: "never",
          },
          pullZoneId: {
            description:
              "Create the rule in the shield zone of this pull zone (resolved at create through " +
              "the platform; both ids are in the outputs). Otherwise like `shieldZoneId`.",
            tsType: "number",
            required: true,
          },
          ruleName: NAME_TO_CREATE,
        },
      },
    },
    outputs: {
      ruleId: {
        description: "Id of the rule on the platform (also the resource id, as a string).",
        tsType: "number",
      },
      shieldZoneId: { description: "Shield zone the rule belongs to.", tsType: "number" },
      pullZoneId: {
        description: "Pull zone the rule was placed by (only when `pullZoneId` is used).",
        tsType: "number | undefined",
      },
      ruleName: { description: "Name of the rule on the platform.", tsType: "string | null" },
      ruleDescription: {
        description: "Description of the rule on the platform.",
        tsType: "string | null",
      },
      ruleConfiguration: { description: own.configurationOutput, tsType: "C" },
      deleteOnDestroy: mode.deleteOnDestroy,
      adopted: mode.adopted,
      readOnly: mode.readOnly,
      unmanaged: mode.unmanaged,
    },
  };
}
