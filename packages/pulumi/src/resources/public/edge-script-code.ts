/**
 * How an edge script's code gets from the program to the provider without entering the state:
 * the program (`EdgeScript`) stores the code in the user's own directory of documents, named by
 * its sha256 (./api-guardian-documents.ts: the same content-addressed store), and hands the
 * provider that hash (`codeHash`) and the code's size in bytes (`codeSize`). The provider,
 * which runs on the same machine, reads the code by its hash and checks it before it sends it.
 */
import * as fs from "fs";
import * as path from "path";
import { InvalidArgumentError } from "edgeplatform-client";
import { isUnknown, present, UNKNOWN } from "../core/common";
import { documentHash, readDocument, storeDocument } from "./api-guardian-documents";
import { codeOfProtocolAsset } from "./edge-script-asset";

/** sha256 of a script's code (UTF-8), hex. */
export const codeHash = (code: string): string => documentHash(code);

/** Size of a script's code in bytes (UTF-8). */
export const codeSize = (code: string): number => Buffer.byteLength(code, "utf8");

/** sha256 of empty code. */
export const EMPTY_CODE_HASH = codeHash("");

/** The engine's inputs of a code: its hash and size, the code stored for the provider. */
export function storeCode(code: string): { codeHash: string; codeSize: number } {
  return { codeHash: storeDocument(code), codeSize: codeSize(code) };
}

/**
 * The code stored (or remembered) under `hash`, when present and intact; `""` for the hash of
 * empty code.
 */
export const storedCode = (hash: string): string | undefined =>
  hash === EMPTY_CODE_HASH ? "" : readDocument(hash);

/**
 * Keeps `code` in the store (by its hash) so that a later restore can send it again; nothing on
 * a failure (the script's releases are the other place a restore looks).
 */
export function rememberCode(code: string): void {
  try {
    if (code !== "") storeDocument(code);
  } catch {
    // Not kept: a restore that needs it looks in the releases, and says so when it fails.
  }
}

/** The arguments that give a script's code, one at most. */
const CODE_ARGS = ["code", "codeFile", "codeAsset"] as const;

/**
 * Refuses code given twice.
 * @throws InvalidArgumentError naming the first of `code`, `codeFile` and `codeAsset` given
 * when another is given too.
 */
export function oneCode(operation: string, given: Record<string, unknown>): void {
  const named = CODE_ARGS.filter((k) => present(given[k]));
  if (named.length === 2)
    throw new InvalidArgumentError(
      operation,
      named[0],
      `give \`${named[0]}\` or \`${named[1]}\`, not both`,
    );
  if (named.length > 2)
    throw new InvalidArgumentError(
      operation,
      named[0],
      "give one of `code`, `codeFile` and `codeAsset`",
    );
}

/**
 * Reads the code file `file` (relative to the working directory: the program's directory).
 * @throws InvalidArgumentError naming `codeFile` when it is not a string or cannot be read.
 */
export function readCodeFile(operation: string, file: unknown): string {
  if (typeof file !== "string")
    throw new InvalidArgumentError(
      operation,
      "codeFile",
      `must be a string (a path); got ${JSON.stringify(file)}`,
    );
  try {
    return fs.readFileSync(path.resolve(file), "utf8");
  } catch (e) {
    throw new InvalidArgumentError(
      operation,
      "codeFile",
      `cannot read ${JSON.stringify(file)} (${path.resolve(file)}): ${(e as Error).message}`,
    );
  }
}

/**
 * Checks inline code.
 * @throws InvalidArgumentError naming `code` when it is not a string (its value is never
 * repeated).
 */
export function checkCode(operation: string, code: unknown): string {
  if (typeof code !== "string")
    throw new InvalidArgumentError(
      operation,
      "code",
      `must be a string; got ${code === null ? "null" : Array.isArray(code) ? "a list" : `a ${typeof code}`}`,
    );
  return code;
}

/**
 * The engine's inputs of an edge script given as plain values (the native plugin's `check`):
 * the code (`code`, the file `codeFile`, or the asset `codeAsset` as the property protocol
 * carries it) stored and named by its hash (`codeHash`) with its size (`codeSize`), the rest
 * as given; unknown code (a preview) an unknown hash and size. The state keeps the hash and
 * size, never the code, the file's name or the asset. A `codeHash` already among the inputs
 * is kept and the code not read.
 * @throws InvalidArgumentError naming `code`, `codeFile` or `codeAsset`.
 */
export function codeInputs(
  operation: string,
  inputs: Record<string, unknown>,
): Record<string, unknown> {
  const { code, codeFile, codeAsset, ...rest } = inputs;
  oneCode(operation, { code, codeFile, codeAsset });
  if (present(rest.codeHash)) return rest;
  const given = [code, codeFile, codeAsset].find(present);
  if (given === undefined) return rest;
  if (isUnknown(given)) return Object.assign(rest, { codeHash: UNKNOWN, codeSize: UNKNOWN });
  const text = present(code)
    ? checkCode(operation, code)
    : present(codeFile)
      ? readCodeFile(operation, codeFile)
      : codeOfProtocolAsset(operation, codeAsset);
  return Object.assign(rest, storeCode(text));
}
