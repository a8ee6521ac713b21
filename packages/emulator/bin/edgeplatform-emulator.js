#!/usr/bin/env node
/**
 * The `edgeplatform-emulator` command: a checked-in shim, so that npm links the bin at install time even
 * before `dist/` is built (in a fresh clone `npm install` links bins first, then builds).
 * It runs the compiled command in `../dist/cli.js`, or says how to build it.
 */
"use strict";

const fs = require("fs");
const path = require("path");

const target = path.join(__dirname, "..", "dist", "cli.js");
if (!fs.existsSync(target)) {
  process.stderr.write(
    "edgeplatform-emulator: " +
      path.relative(process.cwd(), target) +
      " is missing: the package is not built. In a checkout of the repository, run " +
      "`npm run build` at its root (`npm install` / `npm ci` do it), then try again.\n",
  );
  process.exit(1);
}
require(target).runCli();
