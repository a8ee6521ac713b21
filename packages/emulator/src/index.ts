/**
 * The local platform emulator, programmatic API (`pulumi-edgeplatform/emulator`).
 *
 * ```ts
 * const emu = await startEmulator({ port: 0 });
 * // emu.url (management API), emu.loggingUrl (logging API), emu.apiKey
 * await emu.close();
 * ```
 */
import type { AddressInfo } from "net";
import { buildServer, EmulatorOptions } from "./server";

export { buildServer, DEFAULT_API_KEY, BODY_LIMIT } from "./server";
export type { EmulatorOptions } from "./server";
export type { EmulatorState } from "./state";
export type { Fixtures } from "./fixtures";
export { defaultFixtures, loadFixtures } from "./fixtures";
export { largeDnsZone, recordOfEachType, ALL_TYPES_DNS_ZONE } from "./fixtures-dns";
export type { FaultSpec } from "./faults";
export type { JournalEntry } from "./journal";
export { keyFingerprint } from "./journal";
export { EmulatorControl } from "./control-client";
export { PROFILES, RULE_CONFIG_DEFAULTS, CHAINED_CONDITION_DEFAULTS } from "./profiles";
export type { BehaviourProfile, ProfileName, ProfileInput } from "./profiles";
export type { KeyScope, ScopedKeys } from "./scopes";
export type { JournalFilter } from "./control-client";

/** A started emulator. */
export interface RunningEmulator {
  /** Base address of the management API, e.g. `http://127.0.0.1:PORT`. */
  url: string;
  /** Base address of the logging API (`url + "/logging"`). */
  loggingUrl: string;
  /** The API key it requires. */
  apiKey: string;
  /** Stops listening and closes open connections. */
  close(): Promise<void>;
}

/** Starts an emulator and resolves once it listens. */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const { app, ctx } = buildServer(opts);
  const host = opts.host ?? "127.0.0.1";
  await app.listen({ port: opts.port ?? 0, host });
  const addr = app.server.address() as AddressInfo;
  const hostPart =
    addr.family === "IPv6" || host.includes(":") ? `[${addr.address}]` : addr.address;
  const url = `http://${hostPart}:${addr.port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    loggingUrl: `${url}/logging`,
    apiKey: ctx.apiKey,
    close: () => (closing ??= app.close().then(() => undefined)),
  };
}
