/**
 * The directory that hands an OpenAPI document from the program (or the native plugin's Check)
 * to the provider, `<tmpdir>/pulumi-edgeplatform-<uid>/api-guardian/`, in a child process with
 * its own TMPDIR (the built module, packages/pulumi/dist): a directory another user could have
 * made first (writable by others) is refused, naming it, and nothing is written there; with
 * `ignoreChanges: [specHash]` the state's hash is kept, and the document the program still
 * gives is kept for the provider only when it is the state's.
 */
import { spawnSync } from "child_process";
import { createHash } from "crypto";
import * as fs from "fs";
import * as os from "os";
import * as path from "path";
import { ensureBuilt, ROOT } from "../support/build";

const MODULE = path.join(
  ROOT,
  "packages",
  "pulumi",
  "dist",
  "resources",
  "public",
  "api-guardian-documents.js",
);
const sha256 = (s: string) => createHash("sha256").update(s, "utf8").digest("hex");
const document = (title: string) =>
  JSON.stringify({ openapi: "3.0.0", info: { title, version: "1" }, paths: {} });

beforeAll(() => ensureBuilt(MODULE, ["client", "pulumi"]), 600_000);

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "edgeplatform-documents-"));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));
const store = () => path.join(tmp, `pulumi-edgeplatform-${process.getuid!()}`, "api-guardian");

/** Runs `code` (with `m`, the module) in a child process whose TMPDIR is `tmp`. */
function inChild(code: string): { status: number | null; out: string; err: string } {
  const r = spawnSync(
    process.execPath,
    ["-e", `const m = require(${JSON.stringify(MODULE)});\n${code}`],
    {
      env: { ...process.env, TMPDIR: tmp },
      encoding: "utf8",
    },
  );
  return { status: r.status, out: r.stdout, err: r.stderr };
}

test("a directory others may write to is not used: refused naming it, nothing written there", () => {
  fs.mkdirSync(store(), { recursive: true });
  fs.chmodSync(path.dirname(store()), 0o777);
  const r = inChild(`m.storeDocument(${JSON.stringify(document("planted"))});`);
  expect(r.status).not.toBe(0);
  expect(r.err).toContain(
    `edgeplatform: ${path.dirname(store())} is not a directory of this user's own`,
  );
  expect(fs.readdirSync(store())).toEqual([]);
});

test("the user's own directory: the document stored under its hash, mode 0600 in 0700", () => {
  const doc = document("own");
  const r = inChild(`process.stdout.write(m.storeDocument(${JSON.stringify(doc)}));`);
  expect(r).toMatchObject({ status: 0, out: sha256(doc) });
  expect(fs.readFileSync(path.join(store(), sha256(doc)), "utf8")).toBe(doc);
  expect((fs.statSync(path.join(store(), sha256(doc))).mode & 0o777).toString(8)).toBe("600");
  expect((fs.statSync(store()).mode & 0o777).toString(8)).toBe("700");
});

test("`ignoreChanges: [specHash]`: the state's hash kept; the program's document kept only when it is the state's", () => {
  const doc = document("the-states");
  const call = (spec: string) =>
    inChild(
      `process.stdout.write(JSON.stringify(m.documentInputs("t", ${JSON.stringify({
        shieldZoneId: 3,
        specHash: sha256(doc),
        spec,
      })})));`,
    );
  const other = call(document("another"));
  expect(other.status).toBe(0);
  expect(JSON.parse(other.out)).toEqual({ shieldZoneId: 3, specHash: sha256(doc) });
  expect(fs.existsSync(store()) ? fs.readdirSync(store()) : []).toEqual([]);
  const same = call(doc);
  expect(JSON.parse(same.out)).toEqual({ shieldZoneId: 3, specHash: sha256(doc) });
  expect(fs.readdirSync(store())).toEqual([sha256(doc)]);
});
