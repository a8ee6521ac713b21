/**
 * What every resource class of the package shares in the program: the static
 * `get(name, id, state?, opts?)` that reads an object without managing it, and the
 * constructor's "read or manage" branch around the SDK's own constructor (with the refusal of
 * the resource options no kind honours). A class states its
 * kind ({@link ResourceKind}) and how its arguments become the engine's inputs; everything else
 * is here.
 */
import * as pulumi from "@pulumi/pulumi";
import type { StubKind } from "../core/serialized-provider";
import {
  lookupOptions,
  refuseImport,
  refuseReplaceOptions,
  type LookupState,
} from "./resource-options";
import { QuietResource } from "./quiet-stacks";
import { secretInputs, withSecretOutputs } from "./secret-fields";

/** What a class's static `get` hands its constructor in place of arguments: a read. */
export class ReadView {
  /**
   * @param id The object's id as `get` was given it.
   * @param state `get`'s `state` (checked for misplaced options, otherwise unused).
   */
  constructor(
    readonly id: pulumi.Input<pulumi.ID>,
    readonly state: object | undefined,
  ) {}
}

/** Whether a constructor was called by `get` (its arguments are a {@link ReadView}). */
export const isReadView = (args: unknown): args is ReadView => args instanceof ReadView;

/** The values of the outputs a class declares (`ruleId: number`), by name. */
export type OutputValues<T> = {
  [
    K in keyof T as K extends "id" | "urn" ? never : T[K] extends pulumi.Output<unknown> ? K : never
  ]: T[K] extends pulumi.Output<infer U> ? U : never;
};

/**
 * The account a resource is managed in, when it is not the stack config's (`opts.connection`):
 * for a program that manages objects of two accounts. A setting left out comes from the stack
 * config, then from its `EDGEPLATFORM_*` environment variable, as without the option.
 */
export interface ResourceConnection {
  /** API key of the account (sent as `AccessKey`). Kept only as a secret in the state. */
  apiKey?: pulumi.Input<string>;
  /** Base address of the account's management API. */
  baseUrl?: pulumi.Input<string>;
  /** Base address of the CDN logging API. */
  loggingUrl?: pulumi.Input<string>;
  /** JWT for the logging API. Kept only as a secret in the state. */
  loggingToken?: pulumi.Input<string>;
}

/** The options of the package's resources: Pulumi's, and the account to manage it in. */
export interface EdgeResourceOptions extends pulumi.CustomResourceOptions {
  /**
   * The account this resource is managed in (its key and address), instead of the stack
   * config's. The whole connection is a secret input and a secret output of the resource; its
   * `read` and `delete` use the connection stored with it.
   */
  connection?: pulumi.Input<ResourceConnection>;
}

/**
 * Pulumi's options without `connection`, and the engine's inputs with it: a secret input, and a
 * secret output (the provider keeps it for `read` and `delete`).
 */
export function withConnectionInput(
  edgeOpts: EdgeResourceOptions | undefined,
  inputs: pulumi.Inputs,
): { opts: pulumi.CustomResourceOptions | undefined; inputs: pulumi.Inputs } {
  const { connection, ...rest } = edgeOpts ?? {};
  if (connection === undefined) return { opts: edgeOpts, inputs };
  return {
    opts: {
      ...rest,
      additionalSecretOutputs: [...(rest.additionalSecretOutputs ?? []), "connection"],
    },
    inputs: { ...inputs, connection: pulumi.secret(connection) },
  };
}

/** Which resource a class is: its serialized provider and its type token. */
export interface ResourceKind {
  /** The kind's stub module (`pulumi-edgeplatform/stubs/<stub>`). */
  stub: StubKind;
  /** Module of the type token (`shield`, `dns`, `compute`). */
  module: string;
  /** Type of the token, as users write the class (`RateLimitRule`). */
  type: string;
  /** How the arguments adopt an existing object: the hint of `opts.import`'s refusal. */
  adopt: string;
  /**
   * The outputs that hold a secret field (the generated `<KIND>_SECRET_OUTPUTS`): Pulumi
   * secrets in the state and the outputs (`additionalSecretOutputs`), and secret inputs,
   * whatever the program gives. None: no secret field.
   */
  secretOutputs?: readonly string[];
  /**
   * The output that is the object's id (`pullZoneId`), when the resource's id names the same
   * object (its first `/`-separated part): where the program does not give that input, the
   * output follows the resource's id. A preview of an update keeps the id known, while an
   * output that is not an input becomes unknown there; so a resource that takes this output
   * (an edge rule on `zone.pullZoneId`) is not shown replaced when only a setting changes.
   */
  idOutput?: { name: string; type: "number" | "string" };
}

/** The class a static `get` is called on: its constructor, any arguments. */
type ResourceClass<T> = new (name: string, args: never, opts?: EdgeResourceOptions) => T;

/**
 * The base class of the package's resources: `get` and the constructor's common part.
 */
export abstract class ReadableResource extends QuietResource {
  /**
   * Reads an existing object into the program without managing it: the engine reads it on
   * every `up` and `refresh`, never writes it and never deletes it (also not on `destroy`).
   * The outputs hold what the platform reports, with `readOnly: true`.
   * @param name The unique name of the resulting resource.
   * @param id The object's id: the rule or list id (`"101"`), the zone id (`"1"`),
   *   `"<shieldZoneId>/<listId>"` for a list of a zone (`AccessList`, `ManagedAccessList`),
   *   `"<shieldZoneId>/<pageType>"` for a `ResponsePage`.
   * @param state Accepted as in Pulumi's other providers; not needed (every output is
   *   read from the platform by `id`).
   * @param opts Options for the resource (`id` is set from `id`).
   */
  public static get<T>(
    this: ResourceClass<T>,
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: LookupState<OutputValues<T>>,
    opts?: EdgeResourceOptions,
  ): T {
    return new this(name, new ReadView(id, state) as never, opts);
  }

  /**
   * @param kind Which resource this is.
   * @param args The program's arguments, or the {@link ReadView} of a `get`.
   * @param inputs The engine's inputs: of the arguments, or of a read (`undefined`).
   */
  protected constructor(
    kind: ResourceKind,
    name: string,
    args: unknown,
    edgeOpts: EdgeResourceOptions | undefined,
    inputs: (args: unknown) => pulumi.Inputs,
  ) {
    const view = isReadView(args) ? args : undefined;
    const token = `edge.${kind.module}.${kind.type}`;
    // A secret field is a Pulumi secret in the state and the outputs, whatever the program
    // gives (a plain value too): one mechanism for every kind, from its declaration.
    const secrets = kind.secretOutputs ?? [];
    const { connection, ...opts } = withSecretOutputs(edgeOpts, secrets) ?? {};
    if (!view) {
      refuseReplaceOptions(token, opts);
      refuseImport(token, opts, kind.adopt);
    }
    const engine = withConnectionInput(
      { ...(view ? lookupOptions(token, view.id, view.state, opts) : opts), connection },
      inputs(view ? undefined : isObject(args) ? secretInputs(args, secrets) : args),
    );
    super(kind.stub, name, engine.inputs, engine.opts, kind.module, kind.type);
    const idOutput = kind.idOutput;
    if (
      idOutput &&
      !view &&
      isObject(args) &&
      !given((args as Record<string, unknown>)[idOutput.name])
    ) {
      const part = (id: string) => id.split("/")[0];
      (this as unknown as Record<string, pulumi.Output<unknown>>)[idOutput.name] = this.id.apply(
        (id) => (idOutput.type === "number" ? Number(part(id)) : part(id)),
      );
    }
  }
}

/** Whether the program gives an input (an Output counts, even one not known yet). */
const given = (v: unknown) => v !== undefined && v !== null;

const isObject = (v: unknown): v is object => typeof v === "object" && v !== null;
