/**
 * An edge script's code from a Pulumi asset (`codeAsset`): a `StringAsset` (its text), a
 * `FileAsset` (a file read where `pulumi` runs, relative to the program's directory) or a
 * `RemoteAsset` of a `file://` URI (the same; nothing is fetched over a network). Archives and
 * other URIs are refused naming `codeAsset` and the assets it takes. Both front ends end here:
 * the TypeScript resource with the asset's resolved fields, the native plugin with the asset
 * as the property protocol carries it (a struct with the asset signature). Only the code's
 * hash and size go on; an error never repeats the code.
 */
import * as fs from "fs";
import * as path from "path";
import { fileURLToPath } from "url";
import { InvalidArgumentError } from "edgeplatform-client";

/** The argument an asset is given in. */
export const CODE_ASSET = "codeAsset";

/** The assets `codeAsset` takes, for error messages. */
const ALLOWED =
  "a Pulumi asset: a StringAsset (the code as text), a FileAsset (a path) or a RemoteAsset " +
  "of a file:// URI";

/** The property protocol's signature key, and the signatures of an asset and an archive. */
const SIG = "4dabf18193072939515e22adb298388d";
const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";
const ARCHIVE_SIG = "0def7320c3a5731c473e5ecbe6d01bc7";

/** What an asset holds: its text, its file's path or its URI (exactly one). */
export interface AssetSource {
  text?: unknown;
  path?: unknown;
  uri?: unknown;
}

const refused = (operation: string, reason: string) =>
  new InvalidArgumentError(operation, CODE_ASSET, reason);

/** Reads the file `file` (relative to the working directory: the program's directory). */
function readFile(operation: string, file: string, what: string): string {
  try {
    return fs.readFileSync(path.resolve(file), "utf8");
  } catch (e) {
    throw refused(
      operation,
      `cannot read ${what} ${JSON.stringify(file)} (${path.resolve(file)}): ${(e as Error).message}`,
    );
  }
}

/**
 * The code an asset holds: a StringAsset's text, a FileAsset's file, a `file://` RemoteAsset's
 * file.
 * @throws InvalidArgumentError naming `codeAsset`: an asset of none of these, another URI, a
 * file that cannot be read.
 */
export function codeOfAsset(operation: string, a: AssetSource): string {
  if (typeof a.text === "string") return a.text;
  if (typeof a.path === "string") return readFile(operation, a.path, "the FileAsset's file");
  if (typeof a.uri === "string") {
    if (!/^file:\/\//i.test(a.uri))
      throw refused(
        operation,
        `a RemoteAsset is read from a file:// URI only (the code is never fetched over a ` +
          `network); got ${JSON.stringify(a.uri)}. Give ${ALLOWED}, or \`codeFile\``,
      );
    let file: string;
    try {
      file = fileURLToPath(a.uri);
    } catch (e) {
      throw refused(
        operation,
        `${JSON.stringify(a.uri)} is not a file URI: ${(e as Error).message}`,
      );
    }
    return readFile(operation, file, "the RemoteAsset's file");
  }
  throw refused(operation, `must be ${ALLOWED}; got an asset with none of text, path or uri`);
}

/** What a value is, in an error (never the value itself: it may be code). */
export function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  if (typeof v === "object") {
    const sig = (v as Record<string, unknown>)[SIG];
    if (sig === ARCHIVE_SIG) return "an archive";
    return "an object";
  }
  return `a ${typeof v}`;
}

/**
 * The code of `codeAsset` as the native plugin receives it: an asset in the property protocol
 * (`{ "4dabf…": "c4406…", text | path | uri, hash }`).
 * @throws InvalidArgumentError naming `codeAsset` when it is not an asset, or not one it takes.
 */
export function codeOfProtocolAsset(operation: string, v: unknown): string {
  if (v === null || typeof v !== "object" || (v as Record<string, unknown>)[SIG] !== ASSET_SIG)
    throw refused(operation, `must be ${ALLOWED}; got ${describeValue(v)}`);
  return codeOfAsset(operation, v as AssetSource);
}

/**
 * Refuses a value of `codeAsset` that is no asset it takes (the TypeScript resource: an
 * archive, text), described by `got` ("an archive"), never by its value.
 * @throws InvalidArgumentError naming `codeAsset` and the assets it takes.
 */
export function notAnAsset(operation: string, got: string): never {
  throw refused(operation, `must be ${ALLOWED}; got ${got}`);
}
