/**
 * Preloaded into the native plugin's process (`NODE_OPTIONS=--require …`) by
 * test/e2e/yaml-plugin.e2e.test.ts: ResponsePage's declaration, as built in dist, with `html`
 * declared secret (no kind of the package declares a secret setting; the test extends one, as
 * the unit tests do). The plugin reads the declaration at each call, so this is the one edit.
 */
"use strict";
const path = require("path");

const REPO_ROOT = path.join(__dirname, "..", "..", "..");
const { responsePageKind } = require(
  path.join(
    REPO_ROOT,
    "packages",
    "pulumi",
    "dist",
    "resources",
    "kinds",
    "settings",
    "response-page.js",
  ),
);
for (const f of responsePageKind.fields) f.secret = true;
