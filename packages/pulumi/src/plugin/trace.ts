/**
 * Timing of the plugin's gRPC calls, for benchmarks (bench/plugin-floor.js `--trace`): with
 * `EDGEPLATFORM_PLUGIN_TRACE=<file>` in its environment, the plugin appends one line per call
 * to the file: its process id, the method, when the call came and when it was answered
 * (milliseconds since the epoch) and the process's CPU time so far (user + system, ms). The
 * lines hold no request or answer content; a line that cannot be written is left out. Without
 * the variable the handlers are unchanged.
 */
import * as fs from "fs";

type Handler = (call: unknown, callback: (err: unknown, res?: unknown) => void) => void;

/** The handlers, each timed into `file` when one is given (else the same object). */
export function traced<H extends Record<string, unknown>>(
  handlers: H,
  file = process.env.EDGEPLATFORM_PLUGIN_TRACE,
): H {
  if (!file) return handlers;
  const out: Record<string, unknown> = {};
  for (const [name, fn] of Object.entries(handlers)) {
    out[name] = ((call, callback) => {
      const came = performance.timeOrigin + performance.now();
      (fn as Handler)(call, (err, res) => {
        const answered = performance.timeOrigin + performance.now();
        const cpu = process.cpuUsage();
        try {
          fs.appendFileSync(
            file,
            `${process.pid} ${name} ${came.toFixed(1)} ${answered.toFixed(1)} ` +
              `${((cpu.user + cpu.system) / 1000).toFixed(1)}\n`,
          );
        } catch {
          // A trace that cannot be written is no reason to fail the engine's call.
        }
        callback(err, res);
      });
    }) satisfies Handler;
  }
  return out as H;
}
