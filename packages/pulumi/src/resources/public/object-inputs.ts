/**
 * The engine's inputs of a collection object's resource (a rule, an access list, a DNS
 * record): every output a key (undefined: not an input, so that it is readable on the class),
 * the program's arguments (none for a read), and the id that adopts an existing object through
 * the one-owner gate (two resources of the program for one object are refused before any
 * write).
 */
import type * as pulumi from "@pulumi/pulumi";
import { soleOwner } from "./one-owner";

/**
 * Every name a key of the engine's inputs, undefined: an output the class can read that the
 * program does not give (the outputs come back under these keys).
 */
export const outputKeys = (names: readonly string[]): pulumi.Inputs =>
  Object.fromEntries(names.map((k) => [k, undefined]));

/** How a collection kind's class hands its arguments to the engine. */
export interface ObjectInputsKind {
  /** The outputs placed before the arguments (the inputs' key order), and after the id. */
  before: readonly string[];
  after: readonly string[];
  /** The argument that adopts an existing object by id (`ruleId`, `listId`, `recordId`). */
  idField: string;
  /** Key namespace of the one-owner gate (the kind's stub, by convention). */
  owner: string;
  /** The class as users write it (`edge.shield.AccessList`), in messages. */
  token: string;
  /** What an object of the kind is called in messages (`custom access list`). */
  noun: string;
}

/**
 * The engine's inputs of a resource of `kind` named `name`.
 * @param args The program's arguments; undefined for a read (`get`).
 */
export function objectInputs(
  kind: ObjectInputsKind,
  name: string,
  args: object | undefined,
): pulumi.Inputs {
  const id =
    args === undefined
      ? undefined
      : soleOwner(
          kind.owner,
          `${kind.token} "${name}"`,
          (args as Record<string, pulumi.Input<number> | undefined>)[kind.idField],
          (value) => `${kind.noun} ${value}`,
        );
  return {
    ...outputKeys(kind.before),
    ...(args as pulumi.Inputs | undefined),
    [kind.idField]: id,
    ...outputKeys(kind.after),
  };
}
