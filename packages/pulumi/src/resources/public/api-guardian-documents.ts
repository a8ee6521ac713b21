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

/** sha256 of a document, hex. */
export const documentHash = (content: string): string =>
  createHash("sha256").update(content, "utf8").digest("hex");

function directory(): string {
  const uid = typeof process.getuid === "function" ? process.getuid() : "user";
  return path.join(os.tmpdir(), `pulumi-edgeplatform-${uid}`, "api-guardian");
}

/** Stores `content` for the provider; returns its hash. */
export function storeDocument(content: string): string {
  const hash = documentHash(content);
  const dir = directory();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, hash);
  if (!fs.existsSync(file)) {
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, content, { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  return hash;
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
