/**
 * Finding 3: no secret in util.inspect / JSON.stringify of any object the package creates:
 * the client, each area object, the transport, pooled clients, errors (from an HTTP error,
 * a network error and a bad argument). Prints the names of the renderings that leak (never
 * the rendering itself) and exits 1 when there is one.
 */
"use strict";

const util = require("util");
const { api, settings } = require("./common");

const KEY = settings.apiKey;
const JWT = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJub2RlLXRlc3QifQ.c2VjcmV0LXNpZ25hdHVyZQ";

async function failure(p) {
  try {
    await p;
    return undefined;
  } catch (e) {
    return e;
  }
}

async function main() {
  const client = new api.Client({ ...settings, loggingToken: JWT, proxy: false });
  const objects = {
    client,
    "client.shield": client.shield,
    "client.dns": client.dns,
    "client.containers": client.containers,
    "client.compute": client.compute,
    "client.pullzones": client.pullzones,
    "client.logging": client.logging,
  };
  if (api.Transport) objects.transport = new api.Transport({ ...settings, loggingToken: JWT });
  if (client.withOptions) objects["client.withOptions()"] = client.withOptions({});
  // An HTTP error (404), a network error (nothing listens on port 9) and a logging error.
  objects["error 404"] = await failure(client.dns.getZone(987654));
  const dead = new api.Client({ ...settings, baseUrl: "http://127.0.0.1:9", maxAttempts: 1 });
  objects["network error"] = await failure(dead.dns.getZone(1));
  objects["logging error"] = await failure(client.logging.getAccessLogPage(987654));

  const leaks = [];
  let renderings = 0;
  for (const [name, o] of Object.entries(objects)) {
    const forms = {
      inspect: () => util.inspect(o, { depth: 10, showHidden: true, getters: true }),
      "JSON.stringify": () => JSON.stringify(o) ?? "",
      "String()": () => String(o),
      "Object.values": () => util.inspect(Object.values(o ?? {}), { depth: 10 }),
      "error.cause": () => util.inspect(o && o.cause, { depth: 10, showHidden: true }),
    };
    for (const [form, render] of Object.entries(forms)) {
      const text = render();
      renderings++;
      if (text.includes(KEY) || text.includes(JWT)) leaks.push(`${form}(${name})`);
    }
  }
  if (leaks.length) {
    console.log(`LEAK in ${leaks.length} of ${renderings} renderings: ${leaks.join(", ")}`);
    process.exitCode = 1;
  } else {
    console.log(`no secret in ${renderings} renderings`);
  }
}

main().catch((e) => {
  console.log(
    `error: ${String(e && e.message)
      .split(KEY)
      .join("[key]")}`,
  );
  process.exitCode = 1;
});
