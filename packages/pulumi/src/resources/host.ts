/**
 * What the dynamic-provider host loads: every provider implementation, each on first use
 * (`__providers` of `./kinds/providers.generated`, the table of kinds). The stubs (`./stubs/*`,
 * and the package root's `__providers` that the by-value stubs reach) load this module. Not
 * under `core/`: it names every kind.
 *
 * In the built package, `dist/resources/host.js` is not this module's compiled text but one
 * bundle of `./kinds/providers.generated` and every module it reaches, the client's included
 * (`scripts/bundle-host.js`): the host reads one file instead of about 55, which cuts the
 * provider's loading at the start of every run from about 21 ms to 14 ms (docs/performance.md). Each provider's
 * code still runs only when that provider is first called.
 */
export { __providers } from "./kinds/providers.generated";
