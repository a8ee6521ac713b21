/**
 * `edge.shield.ResponsePage`: one custom response page (block, challenge, rate limit) of a
 * shield zone as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/shield:ResponsePage`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { SettingsZoneArgs } from "./zone-settings-resource";
import type { ResponsePageOutputs, ResponsePageSettingsArgs } from "./generated/response-page";
import { RESPONSE_PAGE_OUTPUTS, RESPONSE_PAGE_SECRET_OUTPUTS } from "./generated/response-page";

export type { ResponsePageState } from "./generated/response-page";

/** Arguments of {@link ResponsePage}: the zone, the page type and its HTML. */
export type ResponsePageArgs = SettingsZoneArgs & ResponsePageSettingsArgs;

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<ResponsePageArgs> = {
  stub: "response-page",
  type: "ResponsePage",
  noun: "the custom response page",
  outputs: RESPONSE_PAGE_OUTPUTS,
  secretOutputs: RESPONSE_PAGE_SECRET_OUTPUTS,
  key: "pageType",
};

/** The outputs of a {@link ResponsePage}: its settings' (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface ResponsePage extends ResponsePageOutputs {}

/**
 * A custom response page of a shield zone (a plan with custom pages: below it, the create
 * fails naming the zone's plan). Destroy puts back the page that was there before Pulumi
 * (`prior.html`, kept in the state), or deletes the page when there was none (the platform's
 * own page returns).
 *
 * ```ts
 * new edge.shield.ResponsePage("blocked", { shieldZoneId: 3, pageType: "block", html: "<h1>Blocked</h1>" });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class ResponsePage extends ZoneSettingsResource<ResponsePageArgs> {
  /**
   * Manages a custom response page of a shield zone.
   * @param name The unique name of the resource.
   * @param args The zone, the page type and the HTML.
   * @param opts Options for the resource (`opts.import` is refused: the arguments adopt).
   */
  constructor(name: string, args: ResponsePageArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
