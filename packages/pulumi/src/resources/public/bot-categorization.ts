/**
 * `edge.shield.BotCategorization`: the bot categorization actions of a shield zone as a Pulumi
 * dynamic resource (type token `pulumi-nodejs:dynamic/shield:BotCategorization`).
 */
import * as pulumi from "@pulumi/pulumi";
import type { EdgeResourceOptions } from "./readable-resource";
import type {
  BotCategorizationAction,
  BotCategory,
  BotCategoryAction,
} from "edgeplatform-client/spec";
import { ZoneSettingsResource, type SettingsResourceKind } from "./zone-settings-resource";
import type { EnumArg, SettingsStateBase, SettingsZoneArgs } from "./zone-settings-resource";

/** A category's action: `"None"` (clears it), `"Block"`, `"Allow"` (0–2). */
export type BotCategoryActionArg = EnumArg<typeof BotCategoryAction>;
/** A bot's action: `"None"` (clears it), `"Block"`, `"Allow"`, `"Ignore"` (0–3). */
export type BotActionArg = EnumArg<typeof BotCategorizationAction>;
/** A bot category by name (`BotCategory` but `None`): `"SEO"`, `"AIScraper"`, … `"Social"`. */
export type BotCategoryName = Exclude<keyof typeof BotCategory, "None">;

/** Settings of {@link BotCategorizationArgs}; each entry left out is not managed. At least one. */
export interface BotCategorizationSettingsArgs {
  /** The action of each named category (`{ AIScraper: "Block" }`). */
  categories?: pulumi.Input<{ [C in BotCategoryName]?: pulumi.Input<BotCategoryActionArg> }>;
  /**
   * The action of each named bot, by bot id (`{ 6: "Allow" }`; `edge.shield.getBots` lists
   * the ids). A bot the zone does not list is refused before any write.
   */
  bots?: pulumi.Input<Record<string, pulumi.Input<BotActionArg>>>;
}

/** Arguments of {@link BotCategorization}: the zone and the entries to manage. */
export type BotCategorizationArgs = BotCategorizationSettingsArgs & SettingsZoneArgs;

/** State (outputs) of a {@link BotCategorization}. */
export interface BotCategorizationState extends SettingsStateBase {
  /** The managed categories' actions (every category's, for a read-only view). */
  categories: Record<string, string | number> | undefined;
  /** The managed bots' actions, by bot id (every bot's, for a read-only view). */
  bots: Record<string, string | number> | undefined;
}

/** The kind: its stub, type, noun in messages and own outputs. */
const KIND: SettingsResourceKind<BotCategorizationArgs> = {
  stub: "bot-categorization",
  type: "BotCategorization",
  noun: "the bot categorization actions",
  outputs: ["categories", "bots"],
};

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
export class BotCategorization extends ZoneSettingsResource<BotCategorizationArgs> {
  /** The managed categories' actions. */
  declare public readonly categories: pulumi.Output<Record<string, string | number> | undefined>;
  /** The managed bots' actions, by bot id. */
  declare public readonly bots: pulumi.Output<Record<string, string | number> | undefined>;

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
