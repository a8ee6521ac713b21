/**
 * The object a stub module (`pulumi-edgeplatform/stubs/<kind>`) exports. The state never holds
 * its text: Pulumi's serializer writes the module as `require("pulumi-edgeplatform/stubs/<kind>")`
 * (see `../core/serialized-provider.ts`), so it may change between releases without any state diff.
 *
 * Each of the seven methods loads the kind's implementation through `../host` when it is called
 * (not the package root, which loads every namespace and data source; in the built package one
 * bundled file, see `../host.ts`) and forwards to it. Fails loudly like the by-value stubs in
 * `../core/loader.ts`: when the implementation cannot be loaded, every call throws that error.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { __providers } from "../kinds/providers.generated";

/** A stub module's exports: all seven methods, forwarding to the provider `name` of `../host`. */
export function forwarding(name: keyof typeof __providers): dynamic.ResourceProvider {
  const p = (): any => (require("../host") as typeof import("../host")).__providers[name];
  return {
    configure: (a: any) => p().configure(a),
    check: (a: any, b: any) => p().check(a, b),
    diff: (a: any, b: any, c: any) => p().diff(a, b, c),
    create: (a: any) => p().create(a),
    read: (a: any, b: any) => p().read(a, b),
    update: (a: any, b: any, c: any) => p().update(a, b, c),
    delete: (a: any, b: any) => p().delete(a, b),
  };
}
