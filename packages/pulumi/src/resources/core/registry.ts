/**
 * The gate every dynamic-provider implementation is reached through (the table of kinds,
 * `../kinds/providers.generated.ts`, wraps each kind's provider in {@link gated}). Each method
 * runs through the provider chain the native plugin runs too (`provider-chain.ts`): its `check`
 * also checks the API key (`credentials.ts`), so that `pulumi preview` fails on a missing or
 * refused key; a delete refused for the key stored with the provider names the way out
 * (`stored-settings.ts`). Names no kind.
 */
import { installUrnCapture } from "./engine-log";
import { providerChain, type KindOperations, type OperationName } from "./provider-chain";

/** A provider whose `check` may be called. */
interface Checking {
  check?: (olds: never, news: never) => unknown;
}

const gatedProviders = new WeakMap<object, object>();

/** The methods the host may call that go through the provider chain. */
const METHODS: readonly OperationName[] = ["check", "diff", "create", "read", "update", "delete"];

/** The methods whose failure the dynamic-provider host prints itself (`${e}: ${e.stack}`). */
const PRINTED_BY_HOST = new Set<OperationName>(["check", "diff", "read", "delete"]);

/**
 * The dynamic host's provider chain (`provider-chain.ts`): the host prints some failures
 * itself, its settings are the process's (`configure()`), and a resource may bring its own
 * connection (`opts.connection`).
 */
const hostChain = providerChain({ hostPrints: PRINTED_BY_HOST, resourceConnections: true });

/**
 * `provider` as the host calls it: every method goes through the provider chain
 * (`provider-chain.ts`): it runs with the URN of its resource (so that its log lines show
 * under the resource, `engine-log.ts`) and with the resource's own connection when it has one
 * (`opts.connection`, `resource-connection.ts`: the kind's code never sees it, and the outputs
 * keep it), and `check`, when the provider's own check finds nothing wrong with the inputs,
 * fails on a missing or refused API key (`credentials.ts`). The same object for the same
 * provider; every other member is the provider's (a prototype link).
 */
export function gated<P extends Checking>(provider: P): P {
  let g = gatedProviders.get(provider) as P | undefined;
  if (!g) {
    installUrnCapture();
    const methods: PropertyDescriptorMap = {};
    const kind = provider as unknown as KindOperations;
    for (const op of METHODS) {
      if (typeof kind[op] !== "function" && op !== "check") continue;
      const value = (...args: unknown[]) => hostChain({ op, args, kind });
      methods[op] = { value, writable: true, enumerable: true, configurable: true };
    }
    g = Object.create(provider, methods) as P;
    gatedProviders.set(provider, g);
  }
  return g;
}
