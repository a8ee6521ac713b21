/**
 * Which object a dynamic resource hands to Pulumi for serialization into `__provider`.
 *
 * Pulumi's serializer writes a value that is the `module.exports` of a module installed under
 * `node_modules` as `require("<package export>")` (SDK 3.216–3.248, measured): it looks the value
 * up in `require.cache` and names it by the path after `node_modules/`. So:
 *
 * 1. installed (the file is under exactly one `node_modules`, the SDK resolves the export to it):
 *    the resource passes the stub module's exports and the state holds
 *    `require("pulumi-edgeplatform/stubs/<kind>")` (about 290 B) instead of the seven-method
 *    stub's text (about 2.1 KB, twice per resource);
 * 2. linked (a workspace link, `npm link`, pnpm's versioned store), where `pulumi-edgeplatform`
 *    still resolves from the program's working directory to this very package: the resource
 *    passes a copy of the by-value stub (`loader.ts`) that is also entered in `require.cache`
 *    under `<cwd>/node_modules/pulumi-edgeplatform/stubs/<kind>` (a name, not a file: Node never
 *    looks a `require` up under it), so the serializer names it by the same
 *    `require("pulumi-edgeplatform/stubs/<kind>")` as in 1. Checked here with the SDK's own
 *    naming function before it is used; an SDK that stops naming values from `require.cache`
 *    serializes the copy by value, exactly as before;
 * 3. otherwise the copy is serialized by value (the `loader.ts` text).
 *
 * Loading fails loudly either way: the `require` runs when the provider host loads the provider,
 * and every later call fails the same way. The object is chosen once per kind and process, so
 * the SDK's provider cache (a WeakMap by object) serializes it once, not once per resource.
 */
import Module from "module";
import * as path from "path";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { BY_VALUE, type StubKind } from "./loader";

/** The resources with a serialized provider (the list of kinds, `loader.ts`). */
export type { StubKind };

const chosen = new Map<StubKind, dynamic.ResourceProvider>();

/** The provider object to hand to `pulumi.dynamic.Resource` for `kind` (the same every time). */
export function serializedProvider(kind: StubKind): dynamic.ResourceProvider {
  let p = chosen.get(kind);
  if (!p) {
    p = choose(kind);
    chosen.set(kind, p);
  }
  return p;
}

function choose(kind: StubKind): dynamic.ResourceProvider {
  const file = require.resolve(`../stubs/${kind}`);
  if (requiredByName(file, kind)) return require(file) as dynamic.ResourceProvider;
  const copy = { ...BY_VALUE[kind] };
  const key = aliasKey(file, kind);
  if (key) {
    try {
      const m = new Module(key);
      m.filename = key;
      m.loaded = true;
      m.exports = copy;
      require.cache[key] = m;
    } catch {
      // A runtime without a writable module cache (a test runner's sandbox): by value.
    }
  }
  return copy;
}

/**
 * Whether the serializer will write the stub module as `require("pulumi-edgeplatform/stubs/…")`
 * and that name resolves to this very file from the SDK's location: the file is under exactly
 * one `node_modules` (no nested or dot-directory store), and the export resolves to it from
 * `@pulumi/pulumi` (the serializer reads the package's `exports` from there).
 */
export function requiredByName(file: string, kind: StubKind): boolean {
  const parts = file.split(path.sep);
  if (parts.filter((p) => p === "node_modules").length !== 1) return false;
  if (parts.some((p) => p.startsWith(".") && p !== "." && p !== "..")) return false;
  try {
    const sdk = path.dirname(require.resolve("@pulumi/pulumi"));
    return require.resolve(`pulumi-edgeplatform/stubs/${kind}`, { paths: [sdk] }) === file;
  } catch {
    return false;
  }
}

/**
 * The `require.cache` key under which the serializer names a value
 * `require("pulumi-edgeplatform/stubs/<kind>")`, or undefined: the name must resolve from the
 * working directory to `file` (this very package), and the SDK's own naming function
 * (`runtime/closure/package.js`, `getModuleFromPath`) must turn the key into that name.
 */
export function aliasKey(file: string, kind: StubKind, cwd = process.cwd()): string | undefined {
  const name = `pulumi-edgeplatform/stubs/${kind}`;
  try {
    if (require.resolve(name, { paths: [cwd] }) !== file) return undefined;
    const sdk = path.dirname(require.resolve("@pulumi/pulumi"));
    const pkg = require(path.join(sdk, "runtime", "closure", "package")) as {
      getModuleFromPath(p: string): string;
    };
    if (pkg.getModuleFromPath(name) !== name) return undefined;
  } catch {
    return undefined;
  }
  return path.join(cwd, "node_modules", ...name.split("/"));
}
