/** Progress reporting of the long data-source reads (event logs, access logs). */
import * as pulumi from "@pulumi/pulumi";

/** Progress of a long read (event logs, access logs), as given to `onProgress`. */
export interface DataSourceProgress {
  /** Data source, for example `logging.getAccessLogs`. */
  operation: string;
  /** Pages fetched so far (page-based reads). */
  pages?: number;
  /** Records read so far. */
  records: number;
  /** Bytes read so far (v1 logs). */
  bytes?: number;
  /** The progress line that is also written to the Pulumi log. */
  message: string;
}

/** True when running inside a Pulumi program connected to an engine. */
function inPulumiProgram(): boolean {
  try {
    return !!pulumi.runtime.getEngine();
  } catch {
    return false;
  }
}

/**
 * A progress reporter for one long read: calls `onProgress` every time and, inside a Pulumi
 * program, writes an ephemeral info line at most once per `intervalMs` (the first and the
 * final line always). Silent outside a Pulumi program.
 */
export function progressReporter(
  operation: string,
  opts: { onProgress?: (p: DataSourceProgress) => void },
  intervalMs = 1000,
): { update(p: Omit<DataSourceProgress, "operation" | "message">, final?: boolean): void } {
  const toEngine = inPulumiProgram();
  let last = 0;
  return {
    update(p, final = false) {
      const parts = [
        p.pages !== undefined ? `${p.pages} page${p.pages === 1 ? "" : "s"}` : undefined,
        `${p.records} record${p.records === 1 ? "" : "s"}`,
        p.bytes !== undefined ? `${(p.bytes / 1e6).toFixed(1)} MB` : undefined,
      ].filter(Boolean);
      const message = `${operation}: ${final ? "done, " : ""}${parts.join(", ")}`;
      opts.onProgress?.({ operation, ...p, message });
      const now = Date.now();
      if (toEngine && (final || last === 0 || now - last >= intervalMs)) {
        last = now;
        pulumi.log.info(message, undefined, undefined, true).catch(() => undefined);
      }
    },
  };
}
