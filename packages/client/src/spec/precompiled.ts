/**
 * Schemas by reference, validated without TypeBox or ajv's compiler at run time.
 *
 * The schemas are declared ONCE, with TypeBox, in schema modules: `edgeplatform-client/spec`
 * (every exported `*Schema`) and, in `pulumi-edgeplatform`, every module named `schemas.ts` or
 * `*-schemas.ts`. `npm run build` (`scripts/precompile-schemas.js`, after `tsc`) writes, next to
 * each built schema module `dist/…/<m>.js`, one file per exported `*Schema`:
 * `dist/…/<m>.precompiled/<name>.js`, an ajv standalone validator (the code ajv's compiler
 * would generate, with the same options as `validate`'s ajv) and the schema as plain JSON.
 *
 * A {@link SchemaRef} names such an export (`schemaRef(__dirname, "./rule-schemas",
 * "ruleInputsSchema")`). `validate(ref, …)` runs the precompiled validator when the
 * file exists, so the process loads neither TypeBox (≈200 modules) nor ajv's compiler (≈70),
 * and compiles nothing; it falls back to loading the schema module and compiling it when
 * the file does not exist (the sources run by the unit tests, a schema module added without
 * rebuilding). The errors are the same objects either way, so the messages are identical.
 *
 * This module must not load TypeBox or ajv.
 */
import * as path from "path";

/** A standalone validator: ajv's `ValidateFunction` without the instance. */
export interface PrecompiledValidator {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

declare const schemaType: unique symbol;

/**
 * An exported `*Schema` of a schema module, by reference. `T` is the schema's TypeBox type
 * (for `Static<…>`); it is never loaded unless no precompiled validator exists.
 */
export interface SchemaRef<T = unknown> {
  /** Absolute path of the schema module, without extension. */
  readonly module: string;
  /** The export's name (ends in `Schema`). */
  readonly name: string;
  /** Type only. */
  readonly [schemaType]?: T;
}

/** Marks a {@link SchemaRef} (a registered symbol: two copies of this module agree). */
const REF = Symbol.for("edgeplatform-client.SchemaRef");

/** Every reference made in this process (`schemaRefs()`; tests check they are precompiled). */
const made: SchemaRef[] = [];

/**
 * A reference to the export `name` of the schema module `modulePath` (relative to `dir`,
 * the caller's `__dirname`; without extension, as in `require`).
 */
export function schemaRef<T = unknown>(
  dir: string,
  modulePath: string,
  name: string,
): SchemaRef<T> {
  const ref = Object.freeze({ module: path.resolve(dir, modulePath), name, [REF]: true });
  made.push(ref);
  return ref;
}

/** The references made so far in this process. */
export function schemaRefs(): readonly SchemaRef[] {
  return made;
}

/** Whether `v` is a {@link SchemaRef}. */
export function isSchemaRef(v: unknown): v is SchemaRef {
  return typeof v === "object" && v !== null && (v as { [REF]?: unknown })[REF] === true;
}

/** The file of the precompiled validator of `ref` (it may not exist). */
export function precompiledFile(ref: SchemaRef): string {
  return path.join(`${ref.module}.precompiled`, `${ref.name}.js`);
}

interface Loaded {
  validator?: PrecompiledValidator & { json?: object };
}
const loaded = new Map<string, Loaded>();

function key(ref: SchemaRef): string {
  return `${ref.module}#${ref.name}`;
}

/** The precompiled validator of `ref`, or undefined when there is none (never throws). */
export function precompiledValidator(
  ref: SchemaRef,
): (PrecompiledValidator & { json?: object }) | undefined {
  const k = key(ref);
  let hit = loaded.get(k);
  if (!hit) {
    const file = precompiledFile(ref);
    hit = {};
    try {
      hit.validator = require(file) as PrecompiledValidator & { json?: object };
    } catch (e) {
      // Only "this file does not exist" means "not precompiled"; anything else is a bug.
      const err = e as NodeJS.ErrnoException;
      if (err.code !== "MODULE_NOT_FOUND" || !String(err.message).includes(file)) throw e;
    }
    loaded.set(k, hit);
  }
  return hit.validator;
}

/** The schema module's export (loads the module, hence TypeBox): the fallback. */
export function loadSchema(ref: SchemaRef): object {
  const mod = require(ref.module) as Record<string, unknown>;
  const schema = mod[ref.name];
  if (typeof schema !== "object" || schema === null) {
    throw new Error(`${ref.module} exports no schema named ${ref.name}`);
  }
  return schema;
}

/**
 * The schema of `ref` as plain JSON (what its precompiled file holds), else the declared
 * schema itself. Read its `properties`, `required`…; TypeBox's symbols are not there.
 */
export function schemaJson(ref: SchemaRef): object {
  return precompiledValidator(ref)?.json ?? loadSchema(ref);
}
