/**
 * Finding 5: the client honours HTTP_PROXY / HTTPS_PROXY / NO_PROXY from the environment
 * (the parent test sets them and counts what reaches its proxy). With argument `off` the
 * client is built with `proxy: false`. Prints the zone it read, and whether undici (the
 * proxied connections' library) was loaded: direct connections use Node's own `http`.
 */
"use strict";

const { api, settings } = require("./common");

async function main(mode) {
  const client = new api.Client({ ...settings, ...(mode === "off" ? { proxy: false } : {}) });
  const zone = await client.dns.getZone(1);
  console.log(`zone ${zone.Id}`);
  const undici = Object.keys(require.cache).some((k) =>
    /[\\/]node_modules[\\/]undici[\\/]/.test(k),
  );
  console.log(`undici ${undici ? "loaded" : "not loaded"}`);
}

main(process.argv[2]).catch((e) => {
  console.log(`error: ${e.message}`);
  process.exitCode = 1;
});
