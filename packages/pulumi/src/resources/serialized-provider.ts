/**
 * Which object a dynamic resource hands to Pulumi for serialization into `__provider`.
 *
 * Pulumi's serializer writes a value that is the `module.exports` of a module installed under
 * `node_modules` as `require("<package export>")` (SDK 3.216–3.248, measured). So when this
 * package is installed there, the resource passes the stub module's exports and the state holds
 * `require("pulumi-edgeplatform/stubs/<kind>")` (about 290 B) instead of the seven-method stub's
 * text (about 2.1 KB, twice per resource). Loading fails loudly either way: the `require` runs
 * when the provider host loads the provider, and every later call fails the same way.
 *
 * Otherwise (the package linked from a workspace or `npm link`, pnpm's versioned store paths,
 * an SDK that would resolve another copy of the package) the resource passes a copy of the
 * stub, which is serialized by value exactly as before.
 */
import * as path from "path";
import type * as dynamic from "@pulumi/pulumi/dynamic";

/** The resources with a serialized provider. */
export type StubKind =
  | "rate-limit-rule"
  | "waf-rule"
  | "access-list"
  | "zone-dnssec"
  | "volume-instances-deletion"
  | "managed-access-list";

/** The provider object to hand to `pulumi.dynamic.Resource` for `kind`. */
export function serializedProvider(kind: StubKind): dynamic.ResourceProvider {
  const file = require.resolve(`./stubs/${kind}`);
  const stub = require(file) as dynamic.ResourceProvider;
  return requiredByName(file, kind) ? stub : { ...stub };
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
