/**
 * `edge.shield.ResponsePage`: one custom response page (block, challenge, rate limit) of a
 * shield zone as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/shield:ResponsePage`).
 */
import * as pulumi from "@pulumi/pulumi";
import type { EdgeResourceOptions } from "./readable-resource";
import type { CustomPageType } from "edgeplatform-client/spec";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { SettingsStateBase, SettingsZoneArgs } from "./zone-settings-resource";

/** Arguments of {@link ResponsePage}: the zone, the page type and its HTML. */
export type ResponsePageArgs = SettingsZoneArgs & {
  /** `"block"`, `"challenge"` or `"ratelimit"`. Another page type replaces the resource. */
  pageType: pulumi.Input<CustomPageType>;
  /** The page's HTML. */
  html: pulumi.Input<string>;
};

/** State (outputs) of a {@link ResponsePage}. */
export interface ResponsePageState extends SettingsStateBase {
  /** The page type. */
  pageType: CustomPageType;
  /** The page's HTML as last read (`null`: the platform's own page). */
  html: string | null;
}

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<ResponsePageArgs> = {
  stub: "response-page",
  type: "ResponsePage",
  noun: "the custom response page",
  outputs: ["pageType", "html"],
  key: "pageType",
};

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
export class ResponsePage extends ZoneSettingsResource<ResponsePageArgs> {
  /** The page type. */
  declare public readonly pageType: pulumi.Output<CustomPageType>;
  /** The page's HTML as last read (`null`: the platform's own page). */
  declare public readonly html: pulumi.Output<string | null>;

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
