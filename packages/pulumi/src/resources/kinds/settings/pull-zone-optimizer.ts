/**
 * `PullZone`'s optimizer settings: image resizing and compression, minification, the
 * watermark, and the static HTML cache. Its classes are `OptimizerClass` objects, not settings.
 */
import { OptimizerWatermarkPosition } from "edgeplatform-client/spec/runtime";
import { enumField, field, type SettingsField } from "../../core/zone-settings/kind";
import { at, bool, int, text } from "./pull-zone-field";

/** The optimizer: images, minification, watermark. */
export const OPTIMIZER: readonly SettingsField[] = [
  at(
    "OptimizerEnabled",
    field(
      "optimizerEnabled",
      bool(),
      "Whether the optimizer (a paid feature) works on the zone's responses " +
        "(`OptimizerEnabled`; new zone: false).",
    ),
  ),
  at(
    "OptimizerTunnelEnabled",
    field(
      "optimizerTunnelEnabled",
      bool(),
      "Whether origin requests go through the optimizer's tunnel (`OptimizerTunnelEnabled`).",
    ),
  ),
  at(
    "OptimizerAutomaticOptimizationEnabled",
    field(
      "optimizerAutomaticOptimizationEnabled",
      bool(),
      "Whether images are resized and compressed for the client on their own " +
        "(`OptimizerAutomaticOptimizationEnabled`).",
    ),
  ),
  at(
    "OptimizerDesktopMaxWidth",
    field(
      "optimizerDesktopMaxWidth",
      int(0, 5000),
      "Widest image, in pixels, sent to a desktop client, 0–5000 (`OptimizerDesktopMaxWidth`; " +
        "new zone: 1600).",
    ),
  ),
  at(
    "OptimizerMobileMaxWidth",
    field(
      "optimizerMobileMaxWidth",
      int(0, 5000),
      "Widest image, in pixels, sent to a mobile client, 0–5000 (`OptimizerMobileMaxWidth`; " +
        "new zone: 800).",
    ),
  ),
  at(
    "OptimizerImageQuality",
    field(
      "optimizerImageQuality",
      int(1, 100),
      "Image quality for desktop clients, 1–100 (`OptimizerImageQuality`; new zone: 85).",
    ),
  ),
  at(
    "OptimizerMobileImageQuality",
    field(
      "optimizerMobileImageQuality",
      int(1, 100),
      "Image quality for mobile clients, 1–100 (`OptimizerMobileImageQuality`; new zone: 70).",
    ),
  ),
  at(
    "OptimizerEnableWebP",
    field(
      "optimizerEnableWebp",
      bool(),
      "Whether images are sent as WebP to clients that accept it (`OptimizerEnableWebP`; new " +
        "zone: true).",
    ),
  ),
  at(
    "OptimizerEnableUpscaling",
    field(
      "optimizerEnableUpscaling",
      bool(),
      "Whether the optimizer may enlarge an image past its own size " +
        "(`OptimizerEnableUpscaling`).",
    ),
  ),
  at(
    "OptimizerEnableManipulationEngine",
    field(
      "optimizerEnableManipulationEngine",
      bool(),
      "Whether images may be transformed by query parameters (`width`, `crop`…) " +
        "(`OptimizerEnableManipulationEngine`).",
    ),
  ),
  at(
    "OptimizerForceClasses",
    field(
      "optimizerForceClasses",
      bool(),
      "Whether only the zone's optimizer classes may transform images " +
        "(`OptimizerForceClasses`).",
    ),
  ),
  at(
    "OptimizerPrerenderHtml",
    field(
      "optimizerPrerenderHtml",
      bool(),
      "Whether HTML is prerendered for search engines (`OptimizerPrerenderHtml`).",
    ),
  ),
  at(
    "OptimizerMinifyCSS",
    field(
      "optimizerMinifyCss",
      bool(),
      "Whether CSS is minified (`OptimizerMinifyCSS`; new zone: true).",
    ),
  ),
  at(
    "OptimizerMinifyJavaScript",
    field(
      "optimizerMinifyJavaScript",
      bool(),
      "Whether JavaScript is minified (`OptimizerMinifyJavaScript`; new zone: true).",
    ),
  ),
  at(
    "OptimizerWatermarkEnabled",
    field(
      "optimizerWatermarkEnabled",
      bool(),
      "Whether the image at `optimizerWatermarkUrl` is drawn over the zone's images " +
        "(`OptimizerWatermarkEnabled`).",
    ),
  ),
  at(
    "OptimizerWatermarkUrl",
    field(
      "optimizerWatermarkUrl",
      text(["https://assets.example.com/watermark.png"]),
      "URL of the watermark image (`OptimizerWatermarkUrl`).",
    ),
  ),
  at(
    "OptimizerWatermarkPosition",
    enumField(
      "optimizerWatermarkPosition",
      OptimizerWatermarkPosition,
      'Where the watermark goes: `"BottomLeft"`, `"BottomRight"`, `"TopLeft"`, `"TopRight"`, ' +
        '`"Center"` or `"CenterStretch"` (0–5; `OptimizerWatermarkPosition`).',
    ),
  ),
  at(
    "OptimizerWatermarkOffset",
    field(
      "optimizerWatermarkOffset",
      { type: "number", minimum: 0 },
      "Distance of the watermark from the image's edge, in percent of its size " +
        "(`OptimizerWatermarkOffset`).",
    ),
  ),
  at(
    "OptimizerWatermarkMinImageSize",
    field(
      "optimizerWatermarkMinImageSize",
      int(0),
      "Images narrower than this, in pixels, get no watermark " +
        "(`OptimizerWatermarkMinImageSize`).",
    ),
  ),
  at(
    "OptimizerStaticHtmlEnabled",
    field(
      "optimizerStaticHtmlEnabled",
      bool(),
      "Whether WordPress pages are cached as static HTML (`OptimizerStaticHtmlEnabled`).",
    ),
  ),
  at(
    "OptimizerStaticHtmlWordPressPath",
    field(
      "optimizerStaticHtmlWordPressPath",
      text(["/wp-admin"]),
      "Path of the WordPress pages never cached as static HTML " +
        "(`OptimizerStaticHtmlWordPressPath`).",
    ),
  ),
  at(
    "OptimizerStaticHtmlWordPressBypassCookie",
    field(
      "optimizerStaticHtmlWordPressBypassCookie",
      text(["wordpress_logged_in"]),
      "Cookie whose requests bypass the static HTML cache " +
        "(`OptimizerStaticHtmlWordPressBypassCookie`).",
    ),
  ),
  at(
    "EnableBunnyImageAi",
    field(
      "enableBunnyImageAi",
      bool(),
      "Whether images may be generated by the platform's image AI (`EnableBunnyImageAi`).",
    ),
  ),
];
