/**
 * `edge.shield.ResponsePage`: one custom response page (block, challenge, rate limit) of a
 * shield zone as a Pulumi dynamic resource (type token
 * `pulumi-nodejs:dynamic/shield:ResponsePage`).
 */
import * as pulumi from "@pulumi/pulumi";
import { lookupOptions, type LookupState } from "./resource-options";
import type { CustomPageType } from "edgeplatform-client/spec";
import { serializedProvider } from "../core/serialized-provider";
import {
  isReading,
  READ_ONLY,
  ZoneSettingsResource,
  type SettingsStateBase,
  type SettingsZoneArgs,
} from "./zone-settings-resource";

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

const OUTPUTS = ["pageType", "html"];

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
export class ResponsePage extends ZoneSettingsResource {
  /** The page type. */
  declare public readonly pageType: pulumi.Output<CustomPageType>;
  /** The page's HTML as last read (`null`: the platform's own page). */
  declare public readonly html: pulumi.Output<string | null>;

  /**
   * Reads a zone's custom page without managing it.
   * @param id `"<shieldZoneId>/<pageType>"` (`"3/block"`).
   * @param state Accepted as in Pulumi's other providers; not needed (every output is
   *   read from the platform by `id`).
   */
  public static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: LookupState<ResponsePageState>,
    opts?: pulumi.CustomResourceOptions,
  ): ResponsePage {
    return new ResponsePage(
      name,
      READ_ONLY as never,
      lookupOptions("edge.shield.ResponsePage", id, state, opts),
    );
  }

  /**
   * Manages a custom response page of a shield zone.
   * @param name The unique name of the resource.
   * @param args The zone, the page type and the HTML.
   * @param opts Options for the resource (`opts.import` is refused: the arguments adopt).
   */
  constructor(name: string, args: ResponsePageArgs, opts?: pulumi.CustomResourceOptions) {
    const reading = isReading(args);
    super(
      serializedProvider("response-page"),
      "ResponsePage",
      "the custom response page",
      name,
      reading ? undefined : (args as unknown as Record<string, unknown>),
      OUTPUTS,
      opts,
      reading ? undefined : { name: "pageType", value: args.pageType },
    );
  }
}
