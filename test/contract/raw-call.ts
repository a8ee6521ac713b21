/** A call to an emulator without the client (none of its checks): status, text and JSON. */
import type { Emu } from "./helpers";

/** Sends `method path` with the emulator's key and `body` as JSON (when given). */
export async function rawCall(emu: Emu, method: string, path: string, body?: unknown) {
  const res = await fetch(`${emu.url}${path}`, {
    method,
    headers: {
      AccessKey: emu.apiKey,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    contentType: res.headers.get("content-type") ?? "",
    text,
    json: text ? (JSON.parse(text) as unknown) : undefined,
  };
}
