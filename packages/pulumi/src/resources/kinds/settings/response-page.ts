/**
 * A custom response page of a shield zone (`ResponsePage`): `GET`/`PUT`/`DELETE
 * /shield/shield-zone/{id}/custom-page/{pageType}`. Its one setting is the HTML; "no page"
 * (the platform's own) is null: a page that did not exist before Pulumi is deleted on
 * destroy, one that existed gets its HTML back. Below the plan that has custom pages the
 * platform answers `feature_not_available_on_plan`.
 */
import { CustomPageTypes } from "edgeplatform-client";
import { getClient } from "../../core/settings";
import { settingsProvider, type EngineKind } from "../../core/zone-settings/engine";
import { field } from "../../core/zone-settings/kind";

/** `edge.shield.ResponsePage`. */
export const responsePageKind: EngineKind<{ html: string | null }> = {
  type: "ResponsePage",
  noun: "the custom response page",
  inputsSchema: "responsePageInputsSchema",
  fields: [
    field(
      "html",
      { type: "string", minLength: 1 },
      "The page's HTML (`null` in the state: the platform's own page).",
      { required: true },
    ),
  ],
  docs: {
    argsDoc: "The settings of {@link ResponsePageArgs}: the page's HTML.",
    outputTypes: { html: "string | null" },
    args: {
      pageType: {
        description:
          '`"block"`, `"challenge"` or `"ratelimit"`. Another page type replaces the resource.',
        tsType: "CustomPageType",
        required: true,
      },
    },
    outputs: { pageType: { description: "The page type.", tsType: "CustomPageType" } },
  },
  keyInput: { name: "pageType", values: CustomPageTypes },
  async read(t) {
    const html = (await getClient().shieldZones.getCustomPage(t.zone, t.key as never)) ?? null;
    return { raw: { html }, values: { html } };
  },
  async write(t, _current, changes) {
    const html = changes.html;
    const client = getClient().shieldZones;
    if (html === null || html === undefined) await client.deleteCustomPage(t.zone, t.key as never);
    else await client.putCustomPage(t.zone, t.key as never, html as string);
  },
};

/** The dynamic provider of `edge.shield.ResponsePage` (what its serialized stub calls). */
export const responsePageProvider = settingsProvider(responsePageKind);
