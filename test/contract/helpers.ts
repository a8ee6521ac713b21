/**
 * Shared helpers of the client contract tests: one emulator per test file, a client with
 * small timeouts/backoffs, and the emulator's control API (faults, journal, state).
 */
import {
  EmulatorControl,
  startEmulator,
  type EmulatorOptions,
  type EmulatorState,
  type FaultSpec,
  type RunningEmulator,
} from "../../packages/emulator/src";
import { Client, type ClientOptions, EdgeApiError } from "../../packages/client/src";
import type { RateLimitRuleConfiguration } from "../../packages/client/src/spec";
import { sampleRuleConfiguration } from "../support/fixtures";

export type { JournalEntry, FaultSpec } from "../../packages/emulator/src";
/** A started emulator. */
export type Emu = RunningEmulator;

/** Starts an emulator on a free port. */
export async function start(opts: EmulatorOptions = {}): Promise<Emu> {
  return startEmulator({ port: 0, host: "127.0.0.1", ...opts });
}

/** Fast client options: short timeouts and backoffs so retry tests take milliseconds. */
export const FAST: Partial<ClientOptions> = {
  timeoutMs: 2_000,
  maxAttempts: 4,
  deadlineMs: 15_000,
  retryBaseDelayMs: 5,
  retryMaxDelayMs: 40,
};

const opened: Client[] = [];

/** Closes every client made by {@link client} (call in `afterAll`). */
export function closeClients(): void {
  for (const c of opened.splice(0)) c.close();
}

/** A client for `emu` with {@link FAST} options plus `extra` (closed by closeClients). */
export function client(emu: Emu, extra: Partial<ClientOptions> = {}): Client {
  const c = new Client({
    apiKey: emu.apiKey,
    baseUrl: emu.url,
    loggingUrl: emu.loggingUrl,
    ...FAST,
    ...extra,
  });
  opened.push(c);
  return c;
}

/**
 * One emulator per test file: registers the hooks that start it (and a {@link FAST} client with
 * `clientExtra`), reset it before each test, and close both after the file. `use` receives them.
 */
export function useEmulator(
  use: (emu: Emu, c: Client) => void,
  clientExtra: Partial<ClientOptions> = {},
): void {
  let emu: Emu | undefined;
  beforeAll(async () => {
    emu = await start();
    use(emu, client(emu, clientExtra));
  });
  afterAll(async () => {
    closeClients();
    await emu?.close();
  });
  beforeEach(() => reset(emu!));
}

/** A client with a wrong API key. */
export function wrongKeyClient(emu: Emu, extra: Partial<ClientOptions> = {}): Client {
  return client(emu, { apiKey: "wrong-key-0000", ...extra });
}

const ctl = (emu: Emu) => new EmulatorControl(emu.url);
/** Resets state, journal and faults. */
export const reset = (emu: Emu) => ctl(emu).reset();
/** Registers a fault. */
export const fault = (emu: Emu, spec: FaultSpec) => ctl(emu).fault(spec);
/** Clears the journal. */
export const clearJournal = (emu: Emu) => ctl(emu).clearJournal();
/** Journaled requests, optionally only those whose path matches `path`. */
export const journal = (emu: Emu, path?: RegExp, method?: string) =>
  ctl(emu).journal({ path, method });
/** The emulator state. */
export const getState = (emu: Emu) => ctl(emu).state();
/** Replaces the emulator state. */
export const putState = (emu: Emu, state: EmulatorState) => ctl(emu).setState(state);

/** Runs `body` with the emulator under profile `p`, then sets the default profile again. */
export async function withProfile(
  emu: Emu,
  p: Parameters<EmulatorControl["setProfile"]>[0],
  body: () => Promise<void>,
): Promise<void> {
  await ctl(emu).setProfile(p);
  try {
    await body();
  } finally {
    await ctl(emu).setProfile("default");
  }
}

/** Awaits a rejection and returns it as an EdgeApiError (fails the test otherwise). */
export async function apiError(p: Promise<unknown>): Promise<EdgeApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof EdgeApiError) return e;
    throw e;
  }
  throw new Error("expected the call to fail with EdgeApiError");
}

/** Today's UTC day as a Date, offset by `days`. */
export function utcDay(days = 0): Date {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, 12));
}

/** Drains an async iterable into an array. */
export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

/** A full, valid rate-limit rule configuration (the shared sample, severity NOTICE). */
export const validConfig = {
  ...sampleRuleConfiguration({ path: "/x" }),
  severityType: 0,
} as RateLimitRuleConfiguration;
