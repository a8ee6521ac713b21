/**
 * Direct HTTPS (no proxy): three calls to the `https:` base URL the parent test serves (its
 * certificate is trusted through NODE_EXTRA_CA_CERTS), then `close()`. Prints each answer,
 * whether undici was loaded, and ends by itself.
 */
"use strict";

const { api, settings } = require("./common");

async function main() {
  const client = new api.Client({ ...settings, maxAttempts: 1 });
  for (const name of ["a", "b", "c"]) {
    const r = await client.pullzones.checkNameAvailability(name);
    console.log(`${name} available ${r.Available}`);
  }
  client.close();
  const undici = Object.keys(require.cache).some((k) =>
    /[\\/]node_modules[\\/]undici[\\/]/.test(k),
  );
  console.log(`undici ${undici ? "loaded" : "not loaded"}`);
}

main().catch((e) => {
  console.log(`error: ${e.code} ${e.message}`);
  process.exitCode = 1;
});
