/**
 * A small client for the emulator's control API (`/_emulator/*`), for tests and scripts that
 * drive a running emulator: reset it, read or replace its state (to simulate changes made
 * outside Pulumi), read the request journal and inject faults.
 *
 * ```ts
 * const ctl = new EmulatorControl(emu.url);
 * await ctl.fault({ path: "^/shield/rate-limit$", method: "POST", status: 503 });
 * const posts = await ctl.journal({ method: "POST" });
 * ```
 */
import type { EmulatorState } from "./state";
import type { FaultSpec } from "./faults";
import type { JournalEntry } from "./journal";
import type { BehaviourProfile, ProfileInput } from "./profiles";
import type { ScopedKeys } from "./scopes";

/** Filter of {@link EmulatorControl.journal}. */
export interface JournalFilter {
  /** Keep entries whose path matches. */
  path?: RegExp;
  /** Keep entries with this method (case-insensitive). */
  method?: string;
}

/** Client of a running emulator's control API. Uses Node's global `fetch`. */
export class EmulatorControl {
  /** @param url the emulator's base address (`RunningEmulator.url`). */
  constructor(readonly url: string) {}

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const send = () =>
      fetch(`${this.url}/_emulator/${path}`, {
        method,
        headers: body === undefined ? {} : { "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    // A kept-alive connection the server closed just as it was reused (an emulator whose
    // process was busy past its keep-alive timeout) fails before the request is read: send
    // it once more on a new connection.
    const res = await send().catch((e: unknown) => {
      if (!isStaleConnection(e)) throw e;
      return send();
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`emulator control ${method} ${path}: ${res.status} ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /**
   * Back to the fixtures; clears the journal and the faults and drops delayed writes. Keeps
   * the behaviour profile (and scoped keys): they are configuration, not state.
   */
  reset(): Promise<void> {
    return this.call("POST", "reset");
  }

  /** The whole state. */
  state(): Promise<EmulatorState> {
    return this.call("GET", "state");
  }

  /** Replaces the whole state (out-of-band changes). */
  setState(state: EmulatorState): Promise<void> {
    return this.call("PUT", "state", state);
  }

  /** Reads the state, lets `change` edit it, writes it back. */
  async updateState(change: (s: EmulatorState) => void): Promise<EmulatorState> {
    const s = await this.state();
    change(s);
    await this.setState(s);
    return s;
  }

  /** Journaled API requests (method, path, query, status, body; never headers), oldest first. */
  async journal(filter: JournalFilter = {}): Promise<JournalEntry[]> {
    const { requests } = await this.call<{ requests: JournalEntry[] }>("GET", "requests");
    const method = filter.method?.toUpperCase();
    return requests.filter(
      (r) => (!filter.path || filter.path.test(r.path)) && (!method || r.method === method),
    );
  }

  /** Clears the journal. */
  clearJournal(): Promise<void> {
    return this.call("DELETE", "requests");
  }

  /** Registers a fault for the next matching requests; resolves to its id. */
  async fault(spec: FaultSpec): Promise<string> {
    return (await this.call<{ id: string }>("POST", "faults", spec)).id;
  }

  /** Removes every registered fault. */
  clearFaults(): Promise<void> {
    return this.call("DELETE", "faults");
  }

  /** The current behaviour profile (every switch). */
  profile(): Promise<BehaviourProfile> {
    return this.call("GET", "profile");
  }

  /**
   * Sets the behaviour profile: a name (`"async-202"`), or switches over `default` (an object
   * may carry `name`, the base). Resolves to the resulting profile; rejects on invalid input.
   */
  setProfile(profile: ProfileInput): Promise<BehaviourProfile> {
    return this.call("PUT", "profile", typeof profile === "string" ? { name: profile } : profile);
  }

  /** The scoped keys (key → zones it can see). */
  scopedKeys(): Promise<ScopedKeys> {
    return this.call("GET", "scoped-keys");
  }

  /**
   * Replaces the scoped keys: keys accepted besides the API key that see only the listed
   * zones (`{}` removes them all). Kept across `reset()`.
   */
  async setScopedKeys(keys: ScopedKeys): Promise<void> {
    await this.call("PUT", "scoped-keys", keys);
  }
}

/** Is `e` fetch's failure on a connection the server had closed (reset, or closed unread)? */
function isStaleConnection(e: unknown): boolean {
  const cause = (e as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code === "ECONNRESET" || cause?.code === "UND_ERR_SOCKET";
}
