/**
 * `edge.shield.BotCategorization`: the bot categorization actions of a shield zone as a Pulumi
 * dynamic resource (type token `pulumi-nodejs:dynamic/shield:BotCategorization`).
 */
import type { EdgeResourceOptions } from "./readable-resource";
import type {
  BotCategorizationAction,
  BotCategory,
  BotCategoryAction,
} from "edgeplatform-client/spec";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { EnumArg, SettingsZoneArgs } from "./zone-settings-resource";
import type {
  BotCategorizationOutputs,
  BotCategorizationSettingsArgs,
} from "./generated/bot-categorization";
import {
  BOT_CATEGORIZATION_OUTPUTS,
  BOT_CATEGORIZATION_SECRET_OUTPUTS,
} from "./generated/bot-categorization";

export type {
  BotCategorizationSettingsArgs,
  BotCategorizationState,
} from "./generated/bot-categorization";

/** A category's action: `"None"` (clears it), `"Block"`, `"Allow"` (0–2). */
export type BotCategoryActionArg = EnumArg<typeof BotCategoryAction>;
/** A bot's action: `"None"` (clears it), `"Block"`, `"Allow"`, `"Ignore"` (0–3). */
export type BotActionArg = EnumArg<typeof BotCategorizationAction>;
/** A bot category by name (`BotCategory` but `None`): `"SEO"`, `"AIScraper"`, … `"Social"`. */
export type BotCategoryName = Exclude<keyof typeof BotCategory, "None">;

/** Arguments of {@link BotCategorization}: the zone and the entries to manage. */
export type BotCategorizationArgs = BotCategorizationSettingsArgs & SettingsZoneArgs;

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<BotCategorizationArgs> = {
  stub: "bot-categorization",
  type: "BotCategorization",
  noun: "the bot categorization actions",
  outputs: BOT_CATEGORIZATION_OUTPUTS,
  secretOutputs: BOT_CATEGORIZATION_SECRET_OUTPUTS,
};

/** The outputs of a {@link BotCategorization}: its settings' (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface BotCategorization extends BotCategorizationOutputs {}

/**
 * What a shield zone does with known bots: an action per bot category and per bot (every
 * plan). Each named entry is one managed setting; entries the program does not name keep
 * whatever the zone has. Destroy gives each managed entry its action before Pulumi
 * (`prior`; `None` clears it).
 *
 * Named after the platform's own feature and endpoint (`…/bot-categorization`), which
 * `edge.shield.getBots` also reads.
 *
 * ```ts
 * new edge.shield.BotCategorization("bots", {
 *   shieldZoneId: 2,
 *   categories: { AIScraper: "Block" },
 *   bots: { 6: "Allow" },
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class BotCategorization extends ZoneSettingsResource<BotCategorizationArgs> {
  /**
   * Manages bot categorization actions of a shield zone.
   * @param name The unique name of the resource.
   * @param args The zone and the entries to manage.
   * @param opts Options for the resource (`opts.import` is refused: the arguments adopt).
   */
  constructor(name: string, args: BotCategorizationArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
