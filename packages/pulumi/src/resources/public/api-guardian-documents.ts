/**
 * How an OpenAPI document gets from the program to the provider without entering the state:
 * the program (`ApiGuardian`) writes it to a file named by its sha256 in a directory of the
 * user's own (`<tmpdir>/pulumi-edgeplatform-<uid>/api-guardian/`, mode 0700/0600), and the
 * provider, which runs on the same machine, reads it by the hash in the inputs (`specHash`)
 * and checks the hash before it sends the document.
 */
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { InvalidArgumentError } from "edgeplatform-client";
import { isUnknown, present, UNKNOWN } from "../core/common";

/** sha256 of a document, hex. */
export const documentHash = (content: string): string =>
  createHash("sha256").update(content, "utf8").digest("hex");

/** sha256 of an empty document (which the platform refuses). */
export const EMPTY_DOCUMENT_HASH = documentHash("");

function directory(): string {
  const uid = typeof process.getuid === "function" ? process.getuid() : "user";
  return path.join(os.tmpdir(), `pulumi-edgeplatform-${uid}`, "api-guardian");
}

/**
 * The directory of the documents, made when missing and checked to be the user's own: owned by
 * this user, a real directory, writable by nobody else (another user may have made it first in
 * a shared tmpdir). Not checked where there are no user ids (Windows).
 * @throws Error naming the directory when it is not.
 */
function ownDirectory(): string {
  const dir = directory();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (typeof process.getuid !== "function") return dir;
  const uid = process.getuid();
  for (const d of [path.dirname(dir), dir]) {
    const st = fs.lstatSync(d);
    if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o022) !== 0)
      throw new Error(
        `edgeplatform: ${d} is not a directory of this user's own (owned by this user, ` +
          `writable by nobody else), so no OpenAPI document is kept there; remove it, or set ` +
          `TMPDIR to a directory of your own`,
      );
  }
  return dir;
}

/** Stores `content` for the provider; returns its hash. */
export function storeDocument(content: string): string {
  return storeHashed(content, documentHash(content));
}

/** Stores `content` under its hash `hash` (already computed); returns it. */
function storeHashed(content: string, hash: string): string {
  const dir = ownDirectory();
  const file = path.join(dir, hash);
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.rmSync(tmp, { force: true });
    // `wx`: a file planted in its place is never written through.
    fs.writeFileSync(tmp, content, { mode: 0o600, flag: "wx" });
    fs.renameSync(tmp, file);
  }
  return hash;
}

/**
 * Refuses a document given twice.
 * @param operation Where the arguments were given (`edge.shield.ApiGuardian`), for the message.
 * @throws InvalidArgumentError naming `spec` when both `spec` and `specFile` are given.
 */
export function oneDocument(operation: string, spec: unknown, specFile: unknown): void {
  if (present(spec) && present(specFile))
    throw new InvalidArgumentError(operation, "spec", "give `spec` or `specFile`, not both");
}

/**
 * Stores the document in the file `file` (relative to the working directory: the program's
 * directory) for the provider; returns its hash.
 * @throws InvalidArgumentError naming `specFile` when it is not a string, or the file cannot be
 * read or is empty.
 */
export function storeDocumentFile(operation: string, file: unknown): string {
  if (typeof file !== "string")
    throw new InvalidArgumentError(
      operation,
      "specFile",
      `must be a string; got ${JSON.stringify(file)}`,
    );
  let content: string;
  try {
    content = fs.readFileSync(path.resolve(file), "utf8");
  } catch (e) {
    throw new InvalidArgumentError(
      operation,
      "specFile",
      `cannot read ${JSON.stringify(file)} (${path.resolve(file)}): ${(e as Error).message}`,
    );
  }
  if (content === "")
    throw new InvalidArgumentError(
      operation,
      "specFile",
      `${JSON.stringify(file)} (${path.resolve(file)}) is empty: the platform takes a non-empty OpenAPI document`,
    );
  return storeDocument(content);
}

/**
 * Stores the document text `spec` for the provider; returns its hash.
 * @throws InvalidArgumentError naming `spec` when it is not a non-empty string (its value is
 * never repeated: it may be a secret).
 */
export function storeDocumentText(operation: string, spec: unknown): string {
  if (typeof spec !== "string")
    throw new InvalidArgumentError(operation, "spec", `must be a string; got ${typeOf(spec)}`);
  if (spec === "")
    throw new InvalidArgumentError(
      operation,
      "spec",
      "is empty: the platform takes a non-empty OpenAPI document",
    );
  return storeDocument(spec);
}

const typeOf = (v: unknown) =>
  v === null ? "null" : Array.isArray(v) ? "a list" : `a ${typeof v}`;

/**
 * The engine's inputs of an API guardian given as plain values (the native plugin's `check`):
 * the document (`spec`, or the file `specFile`) stored and named by its hash (`specHash`), the
 * rest as given; an unknown document (a preview) an unknown hash. The state keeps the hash,
 * never the document or the file's name. A `specHash` already among the inputs (the engine's
 * `ignoreChanges: [specHash]` puts the state's there) is kept and the document not read.
 * @throws InvalidArgumentError naming `spec` or `specFile`.
 */
export function documentInputs(
  operation: string,
  inputs: Record<string, unknown>,
): Record<string, unknown> {
  const { spec, specFile, ...rest } = inputs;
  oneDocument(operation, spec, specFile);
  if (present(rest.specHash)) {
    // The state's document: kept for the provider when the program still gives it (an update
    // of `enforceAuthorizationValidation` uploads it again).
    keepIfSame(rest.specHash, spec, specFile);
    return rest;
  }
  if (present(spec)) {
    rest.specHash = isUnknown(spec) ? UNKNOWN : storeDocumentText(operation, spec);
  } else if (present(specFile)) {
    rest.specHash = isUnknown(specFile) ? UNKNOWN : storeDocumentFile(operation, specFile);
  }
  return rest;
}

/** Stores the given document (text or file) when its hash is `hash`; nothing on any failure. */
function keepIfSame(hash: unknown, spec: unknown, specFile: unknown): void {
  try {
    const content =
      typeof spec === "string"
        ? spec
        : typeof specFile === "string" && !isUnknown(specFile)
          ? fs.readFileSync(path.resolve(specFile), "utf8")
          : undefined;
    if (content !== undefined && !isUnknown(content) && documentHash(content) === hash)
      storeHashed(content, hash);
  } catch {
    // Not kept: an update that needs it says so.
  }
}

/** The document stored under `hash`, when present and intact. */
export function readDocument(hash: string): string | undefined {
  try {
    const content = fs.readFileSync(path.join(directory(), hash), "utf8");
    return documentHash(content) === hash ? content : undefined;
  } catch {
    return undefined;
  }
}
