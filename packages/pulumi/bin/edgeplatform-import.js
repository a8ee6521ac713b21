#!/usr/bin/env node
/**
 * The `edgeplatform-import` command: a checked-in shim, so that npm links the bin at install time even
 * before `dist/` is built (in a fresh clone `npm install` links bins first, then builds).
 * It runs the compiled command in `../dist/import/cli.js`, or says how to build it.
 */
"use strict";

const fs = require("fs");
const path = require("path");

const target = path.join(__dirname, "..", "dist", "import/cli.js");
if (!fs.existsSync(target)) {
  process.stderr.write(
    "edgeplatform-import: " +
      path.relative(process.cwd(), target) +
      " is missing: the package is not built. In a checkout of the repository, run " +
      "`npm run build` at its root (`npm install` / `npm ci` do it), then try again.\n",
  );
  process.exit(1);
}
require(target).runCli();
