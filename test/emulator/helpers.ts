/** Shared helpers of the emulator tests: start an emulator and call it with fetch. */
import { startEmulator, RunningEmulator, EmulatorOptions } from "../../packages/emulator/src";

/** A fixed clock: 2026-01-15T12:00:00Z. */
export const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
/** Start of the UTC day of NOW. */
export const TODAY = Date.UTC(2026, 0, 15);
export const DAY = 86_400_000;

/** Result of a call: status, headers, raw text and parsed JSON (when it parses). */
export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

/** Options of one call. */
export interface CallOptions {
  body?: unknown;
  /** Send the API key (default true). */
  key?: boolean | string;
  headers?: Record<string, string>;
}

/** Starts an emulator on a free port of 127.0.0.1. */
export function start(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  return startEmulator({ port: 0, host: "127.0.0.1", ...opts });
}

/** Calls the emulator. Bodies that are not strings are sent as JSON. */
export async function call(
  emu: RunningEmulator,
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = {};
  if (opts.key !== false)
    headers["AccessKey"] = typeof opts.key === "string" ? opts.key : emu.apiKey;
  if (opts.body !== undefined) headers["content-type"] = "application/json";
  Object.assign(headers, opts.headers ?? {});
  const res = await fetch(emu.url + path, {
    method,
    headers,
    body:
      opts.body === undefined
        ? undefined
        : typeof opts.body === "string"
          ? opts.body
          : JSON.stringify(opts.body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Formats a UTC date as MM-dd-yyyy. */
export function mmddyyyy(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}-${d.getUTCFullYear()}`;
}

/** Formats a UTC date as MM-dd-yy. */
export function mmddyy(ms: number): string {
  return mmddyyyy(ms).replace(/-\d\d(\d\d)$/, "-$1");
}
