/**
 * Helpers of the data-source tests: one emulator per test file, data-source options that
 * point at it (fast retries, limiter off unless asked), and the emulator's control API.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  EmulatorControl,
  startEmulator,
  type EmulatorOptions,
  type EmulatorState,
  type FaultSpec,
  type RunningEmulator,
} from "../../packages/emulator/src";
import type {
  DataSourceConnection,
  DataSourceOptions,
} from "../../packages/pulumi/src/functions/options";

export type { JournalEntry } from "../../packages/emulator/src";
/** A started emulator. */
export type Emu = RunningEmulator;

/** Starts an emulator on a free port of 127.0.0.1. */
export async function start(extra: Partial<EmulatorOptions> = {}): Promise<Emu> {
  return startEmulator({ port: 0, host: "127.0.0.1", ...extra });
}

/**
 * Data-source options for `emu`: explicit settings (under `connection`), short timeouts and
 * backoffs, and the client-side logging limiter off (the emulator's own limit is still on)
 * unless `limiter`. Connection fields of `extra` (`apiKey`, `client`, `clientOptions`, ...)
 * go under `connection`, the rest stays top-level.
 */
export function opts<O extends DataSourceOptions = DataSourceOptions>(
  emu: Emu,
  extra: O & DataSourceConnection & { limiter?: boolean } = {} as O,
): O {
  const { limiter, apiKey, baseUrl, loggingUrl, loggingToken, client, clientOptions, ...rest } =
    extra;
  const connection: DataSourceConnection = {
    apiKey: apiKey ?? emu.apiKey,
    baseUrl: baseUrl ?? emu.url,
    loggingUrl: loggingUrl ?? emu.loggingUrl,
    ...(loggingToken !== undefined ? { loggingToken } : {}),
    ...(client ? { client } : {}),
    clientOptions: {
      timeoutMs: 5_000,
      maxAttempts: 4,
      deadlineMs: 30_000,
      retryBaseDelayMs: 5,
      retryMaxDelayMs: 50,
      ...(limiter ? {} : { loggingRateLimit: false as const }),
      ...clientOptions,
    },
  };
  return { ...rest, connection } as unknown as O;
}

const ctl = (emu: Emu) => new EmulatorControl(emu.url);
/** Back to fixtures; clears journal and faults. */
export const reset = (emu: Emu) => ctl(emu).reset();
/** Registers a fault (see the emulator's FaultSpec). */
export const fault = (emu: Emu, spec: FaultSpec) => ctl(emu).fault(spec);
/** Journaled requests whose path matches `path`. */
export const journal = (emu: Emu, path?: RegExp) => ctl(emu).journal({ path });
/** The emulator state. */
export const getState = (emu: Emu) => ctl(emu).state();
/** Replaces the emulator state. */
export const putState = (emu: Emu, state: EmulatorState) => ctl(emu).setState(state);

/** Noon (UTC) of today + `days`. */
export function utcDay(days = 0): Date {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, 12));
}

/** `MM-dd-yyyy` of a Date (UTC). */
export function mmddyyyy(d: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}-${d.getUTCFullYear()}`;
}

/** Awaits a rejection and returns the error (fails when the promise resolves). */
export async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a rejection");
}

/**
 * Resolves an Output's value (through the SDK's internal `promise()`, which also rejects
 * when the data source failed) and its secretness.
 */
export async function settle<T>(o: pulumi.Output<T>): Promise<{ value: T; secret: boolean }> {
  // A failed Output rejects several internal promises; observe them all so that only the
  // awaited one reports the failure.
  const internals = o as unknown as {
    isKnown: Promise<boolean>;
    isSecret: Promise<boolean>;
    allResources?: () => Promise<unknown>;
  };
  internals.isKnown.catch(() => undefined);
  internals.isSecret.catch(() => undefined);
  internals.allResources?.().catch(() => undefined);
  const value = await (o as unknown as { promise(): Promise<T> }).promise();
  return { value, secret: await pulumi.isSecret(o) };
}
