/**
 * Shared helpers of the client contract tests: one emulator per test file, a client with
 * small timeouts/backoffs, and the emulator's control API (faults, journal, state).
 */
import { startEmulator, type EmulatorOptions } from "../../emulator";
import { Client, type ClientOptions, EdgeApiError } from "../../provider/api";
import type { RateLimitRuleConfiguration } from "../../provider/schema";

/** What `startEmulator` resolves to (kept structural so this file does not depend on it). */
export interface Emu {
  url: string;
  loggingUrl: string;
  apiKey: string;
  close(): Promise<void>;
}

/** A request as the emulator journals it. */
export interface JournalEntry {
  method: string;
  path: string;
  query: Record<string, string>;
  status: number;
  body: unknown;
  time: number;
}

/** Fault specification of `POST /_emulator/faults`. */
export interface FaultSpec {
  method?: string;
  path?: string;
  count?: number;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  reset?: boolean;
  malformed?: boolean;
  afterHandler?: boolean;
}

/** Starts an emulator on a free port. */
export async function start(opts: EmulatorOptions = {}): Promise<Emu> {
  return (await startEmulator({ port: 0, host: "127.0.0.1", ...opts })) as Emu;
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

/** A client with a wrong API key. */
export function wrongKeyClient(emu: Emu, extra: Partial<ClientOptions> = {}): Client {
  return client(emu, { apiKey: "wrong-key-0000", ...extra });
}

async function control(emu: Emu, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${emu.url}/_emulator/${path}`, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`control ${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** Resets state, journal and faults. */
export const reset = (emu: Emu) => control(emu, "POST", "reset");
/** Registers a fault. */
export const fault = (emu: Emu, spec: FaultSpec) => control(emu, "POST", "faults", spec);
/** Clears the journal. */
export const clearJournal = (emu: Emu) => control(emu, "DELETE", "requests");
/** Journaled requests, optionally only those whose path matches `path`. */
export async function journal(emu: Emu, path?: RegExp, method?: string): Promise<JournalEntry[]> {
  const { requests } = (await control(emu, "GET", "requests")) as { requests: JournalEntry[] };
  return requests.filter(
    (r) => (!path || path.test(r.path)) && (!method || r.method === method.toUpperCase()),
  );
}
/** The emulator state. */
export const getState = (emu: Emu) =>
  control(emu, "GET", "state") as Promise<Record<string, unknown>>;
/** Replaces the emulator state. */
export const putState = (emu: Emu, state: unknown) => control(emu, "PUT", "state", state);

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

/** A full, valid rate-limit rule configuration. */
export const validConfig: RateLimitRuleConfiguration = {
  actionType: 1,
  variableTypes: { REQUEST_URI: "/x" },
  operatorType: 0,
  severityType: 0,
  transformationTypes: [8],
  value: "/x",
  isNegated: false,
  isRegexVariable: false,
  requestCount: 50,
  counterKeyType: 0,
  timeframe: 60,
  blockTime: 300,
  chainedRuleConditions: [],
};
