/**
 * Helpers of the fault-tolerance tests: an in-process emulator with a random API key
 * (registered with the secret guard), its fault/journal/state control API, the fault
 * catalogue shared by the table-driven tests, and short client timeouts.
 *
 * Short timeouts: data sources take them as `clientOptions`. The dynamic resources build their
 * client with `Client.fromSettings(settings)` and expose no timeout setting, so
 * {@link useShortClientTimeouts} wraps `Client.fromSettings` to add {@link FAST_CLIENT}.
 */
import { randomBytes } from "crypto";
import { startEmulator } from "../../packages/emulator/src";
import type {
  EmulatorState,
  FaultSpec,
  JournalEntry,
  RunningEmulator,
} from "../../packages/emulator/src";
import { Client, ClientOptions } from "../../packages/client/src/api/client";
import { registerSecret } from "../support/secrets";

export type { EmulatorState, FaultSpec, JournalEntry };

/** Per-attempt timeout of the tests' clients, and the delay that outlasts it. */
export const TIMEOUT_MS = 750;
export const DELAY_PAST_TIMEOUT_MS = 1_500;

/** Client options of the tests: short timeout, quick backoff, bounded budget. */
export const FAST_CLIENT: Partial<ClientOptions> = {
  timeoutMs: TIMEOUT_MS,
  maxAttempts: 4,
  deadlineMs: 20_000,
  retryBaseDelayMs: 10,
  retryMaxDelayMs: 100,
};

/** Makes every client built through `Client.fromSettings` use {@link FAST_CLIENT}. */
export function useShortClientTimeouts(): jest.SpyInstance {
  const original = Client.fromSettings.bind(Client);
  return jest
    .spyOn(Client, "fromSettings")
    .mockImplementation((s, extra = {}) => original(s, { ...FAST_CLIENT, ...extra }));
}

/** A started emulator and its control API. */
export interface FaultPlatform {
  emu: RunningEmulator;
  apiKey: string;
  reset(): Promise<void>;
  state(): Promise<EmulatorState>;
  setState(s: EmulatorState): Promise<void>;
  journal(): Promise<JournalEntry[]>;
  clearJournal(): Promise<void>;
  fault(f: FaultSpec): Promise<void>;
  clearFaults(): Promise<void>;
  close(): Promise<void>;
}

/** Starts an emulator on 127.0.0.1 with a random API key registered with the secret guard. */
export async function startFaultPlatform(): Promise<FaultPlatform> {
  const apiKey = `faults-${randomBytes(12).toString("hex")}`;
  registerSecret(apiKey);
  const emu = await startEmulator({ port: 0, host: "127.0.0.1", apiKey });
  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${emu.url}/_emulator/${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 400) throw new Error(`control ${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  return {
    emu,
    apiKey,
    reset: () => control("POST", "reset"),
    state: () => control("GET", "state"),
    setState: (s) => control("PUT", "state", s),
    journal: async () => (await control("GET", "requests")).requests,
    clearJournal: () => control("DELETE", "requests"),
    fault: (f) => control("POST", "faults", f),
    clearFaults: () => control("DELETE", "faults"),
    close: () => emu.close(),
  };
}

/** Kinds of faults every operation is exercised with. */
export type FaultKind =
  | "429"
  | "429 + Retry-After"
  | "502"
  | "503"
  | "504"
  | "connection reset"
  | "delayed past timeout"
  | "malformed JSON"
  | "2xx with success:false";

/** A fault of the catalogue: the spec (without method/path) and what its error must mention. */
export interface FaultCase {
  kind: FaultKind;
  spec: FaultSpec;
  /** Retried for every method (429 is answered before the request is processed). */
  alwaysRetried: boolean;
  /** Never retried: the call failed for good (the platform said so). */
  neverRetried: boolean;
  /** What a resulting error message must contain. */
  hint: RegExp;
}

/** Error key of the injected embedded failure. */
export const EMBEDDED_ERROR_KEY = "injected_failure.faults";

/** The fault catalogue. */
export const FAULTS: FaultCase[] = [
  { kind: "429", spec: { status: 429 }, alwaysRetried: true, neverRetried: false, hint: /429/ },
  {
    kind: "429 + Retry-After",
    spec: { status: 429, headers: { "Retry-After": "1" } },
    alwaysRetried: true,
    neverRetried: false,
    hint: /429/,
  },
  { kind: "502", spec: { status: 502 }, alwaysRetried: false, neverRetried: false, hint: /502/ },
  { kind: "503", spec: { status: 503 }, alwaysRetried: false, neverRetried: false, hint: /503/ },
  { kind: "504", spec: { status: 504 }, alwaysRetried: false, neverRetried: false, hint: /504/ },
  {
    kind: "connection reset",
    spec: { reset: true },
    alwaysRetried: false,
    neverRetried: false,
    hint: /ECONNRESET|socket hang up|reset|network/i,
  },
  {
    kind: "delayed past timeout",
    spec: { delayMs: DELAY_PAST_TIMEOUT_MS },
    alwaysRetried: false,
    neverRetried: false,
    hint: /time(d)? ?out|no response within/i,
  },
  {
    kind: "malformed JSON",
    spec: { malformed: true },
    alwaysRetried: false,
    neverRetried: false,
    hint: /JSON|malformed/i,
  },
  {
    kind: "2xx with success:false",
    spec: {
      status: 200,
      body: { success: false, errorKey: EMBEDDED_ERROR_KEY, message: "Injected embedded failure" },
    },
    alwaysRetried: false,
    neverRetried: true,
    hint: new RegExp(EMBEDDED_ERROR_KEY.replace(".", "\\.")),
  },
];

/** Requests matching `method` and `path` (a regex over the path). */
export function matching(journal: JournalEntry[], method: string, path: RegExp): JournalEntry[] {
  return journal.filter((e) => e.method === method && path.test(e.path));
}

export { setTimeout as sleep } from "node:timers/promises";

/** Runs `fn` and returns its outcome instead of throwing. */
export async function outcome<T>(
  fn: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; error: Error }> {
  try {
    return { ok: true, value: await fn() };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e : new Error(String(e)) };
  }
}
