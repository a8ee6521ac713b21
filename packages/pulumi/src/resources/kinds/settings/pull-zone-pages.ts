/**
 * `PullZone`'s pages of its own: the error pages and the preloading screen.
 */
import { PreloadingScreenTheme } from "edgeplatform-client/spec/runtime";
import { enumField, field, type SettingsField } from "../../core/zone-settings/kind";
import { at, bool, int, text } from "./pull-zone-field";

/** The error pages and the preloading screen. */
export const PAGES: readonly SettingsField[] = [
  at(
    "ErrorPageWhitelabel",
    field(
      "errorPageWhitelabel",
      bool(),
      "Whether the error pages leave out the platform's branding (`ErrorPageWhitelabel`).",
    ),
  ),
  at(
    "ErrorPageEnableCustomCode",
    field(
      "errorPageEnableCustomCode",
      bool(),
      "Whether the error pages are `errorPageCustomCode` (`ErrorPageEnableCustomCode`).",
    ),
  ),
  at(
    "ErrorPageCustomCode",
    field(
      "errorPageCustomCode",
      text(["<html><body>Back soon</body></html>"]),
      "HTML of the zone's own error page (`ErrorPageCustomCode`).",
    ),
  ),
  at(
    "ErrorPageEnableStatuspageWidget",
    field(
      "errorPageEnableStatuspageWidget",
      bool(),
      "Whether the error pages show a Statuspage widget (`ErrorPageEnableStatuspageWidget`).",
    ),
  ),
  at(
    "ErrorPageStatuspageCode",
    field(
      "errorPageStatuspageCode",
      text(["abcd1234efgh"]),
      "Code of the Statuspage page the widget shows (`ErrorPageStatuspageCode`).",
    ),
  ),
  at(
    "PreloadingScreenEnabled",
    field(
      "preloadingScreenEnabled",
      bool(),
      "Whether a loading screen is shown while a page loads (`PreloadingScreenEnabled`).",
    ),
  ),
  at(
    "PreloadingScreenShowOnFirstVisit",
    field(
      "preloadingScreenShowOnFirstVisit",
      bool(),
      "Whether the loading screen is shown on a client's first visit " +
        "(`PreloadingScreenShowOnFirstVisit`).",
    ),
  ),
  at(
    "PreloadingScreenTheme",
    enumField(
      "preloadingScreenTheme",
      PreloadingScreenTheme,
      'Colours of the loading screen: `"Light"` or `"Dark"` (0–1; `PreloadingScreenTheme`).',
    ),
  ),
  at(
    "PreloadingScreenLogoUrl",
    field(
      "preloadingScreenLogoUrl",
      text(["https://assets.example.com/logo.svg"]),
      "URL of the logo on the loading screen (`PreloadingScreenLogoUrl`).",
    ),
  ),
  at(
    "PreloadingScreenDelay",
    field(
      "preloadingScreenDelay",
      int(0, 10000),
      "Milliseconds before the loading screen shows, 0–10000 (`PreloadingScreenDelay`; new " +
        "zone: 700).",
    ),
  ),
  at(
    "PreloadingScreenCodeEnabled",
    field(
      "preloadingScreenCodeEnabled",
      bool(),
      "Whether the loading screen is `preloadingScreenCode` (`PreloadingScreenCodeEnabled`).",
    ),
  ),
  at(
    "PreloadingScreenCode",
    field(
      "preloadingScreenCode",
      text(['<div class="loading"></div>']),
      "HTML of the zone's own loading screen (`PreloadingScreenCode`).",
    ),
  ),
];
