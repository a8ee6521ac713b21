/**
 * Response bodies: reading a whole body (bounded, decompressed) and handing a stream
 * endpoint's body to the caller (decompressed, destroyed by the caller's signal).
 */
import { promisify } from "node:util";
import { Readable, pipeline } from "node:stream";
import zlib from "node:zlib";
import { onAbort } from "./abort-fanout";
import type { Received } from "./pools";

/** How much of an error body (or of a stream endpoint's JSON answer) is kept. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);
const brotli = promisify(zlib.brotliDecompress);

/** The first value of a header, or `""`. */
export function headerValue(v: string | string[] | undefined): string {
  return (Array.isArray(v) ? v[0] : v) ?? "";
}

/** True for `application/json`, `text/json` and `application/*+json` content types. */
export function isJsonContentType(v: string | string[] | undefined): boolean {
  const t = headerValue(v).split(";")[0].trim().toLowerCase();
  return t === "application/json" || t === "text/json" || /^application\/[^/]*\+json$/.test(t);
}

/** Reads (and decompresses) a whole body; past `limit` bytes the rest is drained, not kept. */
export async function readBody(res: Received, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= limit) chunks.push(chunk);
  }
  let buf = Buffer.concat(chunks);
  const enc = headerValue(res.headers["content-encoding"]).toLowerCase();
  if (buf.length > 0 && size <= limit) {
    if (enc === "gzip" || enc === "x-gzip") buf = await gunzip(buf);
    else if (enc === "deflate") buf = await inflate(buf);
    else if (enc === "br") buf = await brotli(buf);
  }
  return buf.toString("utf8");
}

/** The decompressed body stream of a stream endpoint; the caller's signal destroys it. */
export function bodyStream(res: Received, userSignal?: AbortSignal): Readable {
  const raw = res.body as unknown as Readable;
  const enc = headerValue(res.headers["content-encoding"]).toLowerCase();
  let out: Readable = raw;
  if (enc === "gzip" || enc === "x-gzip" || enc === "deflate" || enc === "br") {
    const z =
      enc === "br"
        ? zlib.createBrotliDecompress()
        : enc === "deflate"
          ? zlib.createInflate()
          : zlib.createGunzip();
    // pipeline: an error of either side destroys both, and no error goes unhandled while the
    // caller has not started reading (a reset then reaches the caller as the stream's error).
    out = pipeline(raw, z, () => undefined);
  }
  if (userSignal) {
    const unhook = onAbort(userSignal, () =>
      out.destroy(new Error("aborted by the caller's signal")),
    );
    out.once("close", unhook);
  }
  return out;
}
