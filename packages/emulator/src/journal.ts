/**
 * The request journal (`GET/DELETE /_emulator/requests`). Never records headers: a request made
 * with a scoped key carries only the key's fingerprint. Bodies are kept without their secret
 * values (`journal-redact.ts`).
 */
import { createHash } from "crypto";

/** One journaled request. */
export interface JournalEntry {
  method: string;
  /** Path without the query string; logging calls include the `/logging` prefix. */
  path: string;
  query: Record<string, string>;
  /** Status sent; 0 when the connection was reset by a fault. */
  status: number;
  /** Parsed request JSON, or null; secret values replaced (`journal-redact.ts`). */
  body: unknown;
  /** When the request arrived (epoch ms). */
  time: number;
  /**
   * The fingerprint of the scoped key that made the request ({@link keyFingerprint}), so that a
   * test can tell which account wrote what; absent for the full-access key or none.
   */
  scopedKey?: string;
  /**
   * True for a request of a writing method that changed nothing the emulator holds: a read
   * sent as a POST (a name's availability check, `POST /pullzone/checkavailability` and
   * `POST /dnszone/checkavailability`), or a DNSSEC switch to the state the zone was in
   * (`ZoneDnssec` reads a signed zone's DS record so); absent otherwise.
   */
  unchanged?: true;
}

/** Marks a request as one that changed nothing (journaled with `unchanged: true`). */
export function markUnchanged(req: object): void {
  (req as { emuUnchanged?: boolean }).emuUnchanged = true;
}

/** Whether a request was marked with {@link markUnchanged}. */
export function isMarkedUnchanged(req: object): boolean {
  return (req as { emuUnchanged?: boolean }).emuUnchanged === true;
}

/** A key's fingerprint in the journal: the first 12 hex digits of its SHA-256 (never the key). */
export function keyFingerprint(key: string): string {
  return createHash("sha256").update(key).digest("hex").slice(0, 12);
}

/** Bounded in-memory journal: keeps the most recent `capacity` entries. */
export class Journal {
  private entries: JournalEntry[] = [];

  /** @param capacity most entries kept (oldest dropped first); default 10 000. */
  constructor(private readonly capacity = 10_000) {}

  /** Appends an entry. */
  record(entry: JournalEntry): void {
    this.entries.push(entry);
    if (this.entries.length > this.capacity) {
      this.entries.splice(0, this.entries.length - this.capacity);
    }
  }

  /** A copy of the entries, oldest first. */
  list(): JournalEntry[] {
    return this.entries.slice();
  }

  /** Forgets everything. */
  clear(): void {
    this.entries = [];
  }
}
