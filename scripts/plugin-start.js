/**
 * `lib/start.js` of the plugin tarball (scripts/plugin-tarball.js writes it, with the files and
 * their sha256 in place of the CACHED placeholder): starts the plugin's bundle with a V8 code
 * cache, so that a start of the plugin (one or two per CLI command) does not compile its
 * 2 MB bundle from source again. Node 20 has no compile cache of its own (`module.
 * enableCompileCache` is Node 22), so the bundle's compilation is done here, as Node's loader
 * does it, with the cached data of an earlier start.
 *
 * The cache of a file is `<tmpdir>/pulumi-edgeplatform-<uid>/code-cache/<sha256>-<size>-<mtime>-
 * <inode>-<node>-<arch>`: the sha256 of the file's text as built (another version's bundle never
 * takes this one's cache) and the file's identity on disk now, since V8 checks only a source's
 * length, its own version and its flags: a bundle edited in place, even to the same length,
 * never runs another text's code. A Node without `vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER`
 * (before 20.12: no dynamic `import()` in a `vm.Script`) starts from source.
 *
 * The cache is used only when its directory is the user's own and nobody else may write to it;
 * it is written a quarter of a second after the bundle is compiled (once the plugin serves: a
 * cache written after a second started no faster, and a small stack's plugin processes live
 * less than that), atomically, and again when V8 rejects it; at most {@link KEEP} files are kept. Any
 * problem with the cache (no such directory, no space, a rejected cache) only means a start
 * from source: the plugin itself never fails because of it.
 */
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const vm = require("vm");
const Module = require("module");

/** The files compiled with a cache (relative to the plugin's directory) and their sha256. */
const CACHED = /* CACHED */ {};
/** How long after the bundle's compilation its cache is written (ms). */
const WRITE_AFTER_MS = 250;

const pluginDir = path.join(__dirname, "..");

/** The user's own cache directory, or undefined when it is not safe to use. */
function cacheDir() {
  if (typeof process.getuid !== "function") return undefined;
  const uid = process.getuid();
  const base = path.join(os.tmpdir(), `pulumi-edgeplatform-${uid}`);
  const dir = path.join(base, "code-cache");
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const d of [base, dir]) {
      const st = fs.lstatSync(d);
      if (!st.isDirectory() || st.uid !== uid || (st.mode & 0o022) !== 0) return undefined;
    }
    return dir;
  } catch {
    return undefined;
  }
}

/** The cached data of `file`, when there is a safe one (else undefined). */
function readCache(file) {
  try {
    const st = fs.lstatSync(file);
    if (!st.isFile() || st.uid !== process.getuid()) return undefined;
    return fs.readFileSync(file);
  } catch {
    return undefined;
  }
}

/** Most cache files kept (other builds' and Node versions' are removed, oldest first). */
const KEEP = 8;

/** Writes `data` as `file` (a temporary file renamed); a failure is ignored. */
function writeCache(file, data) {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, data, { mode: 0o600 });
    fs.renameSync(tmp, file);
    const dir = path.dirname(file);
    const entries = fs
      .readdirSync(dir)
      .filter((f) => /^[0-9a-f]{64}-/.test(f))
      .map((f) => ({ f, t: fs.statSync(path.join(dir, f)).mtimeMs }))
      .sort((a, b) => b.t - a.t);
    // Beyond the newest KEEP, and a write a stopped start left behind (over a minute old).
    const stale = [
      ...entries.filter((x) => !x.f.endsWith(".tmp")).slice(KEEP),
      ...entries.filter((x) => x.f.endsWith(".tmp") && Date.now() - x.t > 60_000),
    ];
    for (const { f } of stale) fs.rmSync(path.join(dir, f), { force: true });
  } catch {
    try {
      fs.rmSync(tmp, { force: true });
    } catch {
      // nothing to clean
    }
  }
}

/** What a cached file's `import()` uses: Node's own loader (Node >= 20.12). */
const IMPORTS = vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;

/** The cache file of `filename` as it is on disk now (see above), or undefined. */
function cacheFileOf(dir, filename, sha) {
  try {
    const st = fs.statSync(filename);
    const id = `${st.size}-${Math.trunc(st.mtimeMs)}-${st.ino}`;
    return path.join(dir, `${sha}-${id}-${process.version}-${process.arch}`);
  } catch {
    return undefined;
  }
}

const dir = IMPORTS === undefined ? undefined : cacheDir();
if (dir) {
  const shaOf = new Map(
    Object.entries(CACHED).map(([rel, sha]) => [path.join(pluginDir, rel), sha]),
  );
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename) {
    const sha = shaOf.get(filename);
    const cacheFile = sha === undefined ? undefined : cacheFileOf(dir, filename, sha);
    if (cacheFile === undefined) return compile.call(this, content, filename);
    shaOf.delete(filename);
    const cachedData = readCache(cacheFile);
    let script;
    try {
      script = new vm.Script(Module.wrap(content), {
        filename,
        cachedData,
        importModuleDynamically: IMPORTS,
      });
    } catch {
      return compile.call(this, content, filename);
    }
    if (cachedData === undefined || script.cachedDataRejected === true) {
      setTimeout(() => writeCache(cacheFile, script.createCachedData()), WRITE_AFTER_MS).unref();
    }
    const fn = script.runInThisContext({ displayErrors: true });
    const require = Module.createRequire(filename);
    return fn.call(this.exports, this.exports, require, this, filename, path.dirname(filename));
  };
}

require(path.join(pluginDir, "pulumi-resource-edgeplatform.js"));
