/**
 * The bot categorization actions of a shield zone (`BotCategorization`): what the zone does
 * with each category of known bots and with each known bot. Read with `GET
 * /shield/shield-zone/{id}/bot-categorization` (every category with its action and its bots
 * with theirs); written one entry at a time with `PUT …/categories/{category}` and `PUT
 * …/bots/{botId}` (`{action}`; `None` clears it). Each entry is a setting: `categories.<name>`
 * (a `BotCategory` name, its action a `BotCategoryAction`) and `bots.<botId>` (its action a
 * `BotCategorizationAction`), so only the entries the program names are managed.
 */
import {
  BotCategorizationAction,
  BotCategory,
  BotCategoryAction,
  type BotCategorizationList,
} from "edgeplatform-client";
import { ResourceOperationError } from "../../core/common";
import { getClient } from "../../core/settings";
import { settingsProvider, type EngineKind } from "../../core/zone-settings/engine";
import {
  enumField,
  type SettingsField,
  type SettingsSnapshot,
  type Wire,
} from "../../core/zone-settings/kind";

/** The categories a zone sets an action for (`BotCategory` but `None`). */
const CATEGORIES = Object.keys(BotCategory).filter((n) => n !== "None");

/** A bot id as a key of `bots` (the ids `GET …/bot-categorization` lists). */
const BOT_ID = "[1-9][0-9]{0,9}";

const FIELDS: readonly SettingsField[] = [
  ...CATEGORIES.map((c) =>
    enumField(`categories.${c}`, BotCategoryAction, `The action of the category ${c}.`),
  ),
  {
    ...enumField("bots.*", BotCategorizationAction, "The action of the bot with this id."),
    key: BOT_ID,
  },
];

const categoryName = (n: number) =>
  Object.entries(BotCategory).find(([, v]) => v === n)?.[0] ?? String(n);

function snapshotOf(list: BotCategorizationList): SettingsSnapshot<BotCategorizationList> {
  const values: Record<string, Wire> = {};
  for (const c of CATEGORIES) values[`categories.${c}`] = null;
  for (const group of list.categories ?? []) {
    const name = categoryName(group.category);
    if (CATEGORIES.includes(name)) values[`categories.${name}`] = group.categoryAction;
    for (const b of group.bots ?? []) values[`bots.${b.botId}`] = b.action;
  }
  return { raw: list, values };
}

const readBots = async (zone: number) => snapshotOf(await getClient().shieldBots.list(zone));

/** `edge.shield.BotCategorization`. */
export const botCategorizationKind: EngineKind<BotCategorizationList> = {
  type: "BotCategorization",
  noun: "the bot categorization actions",
  inputsSchema: "botCategorizationInputsSchema",
  fields: FIELDS,
  docs: {
    argsDoc:
      "Settings of {@link BotCategorizationArgs}; each entry left out is not managed. At least one.",
    groups: {
      categories: {
        description: 'The action of each named category (`{ AIScraper: "Block" }`).',
        tsType: "{ [C in BotCategoryName]?: pulumi.Input<BotCategoryActionArg> }",
        outputType: "Record<string, string | number> | undefined",
      },
      bots: {
        description:
          'The action of each named bot, by bot id (`{ 6: "Allow" }`; `edge.shield.getBots` ' +
          "lists the ids). A bot the zone does not list is refused before any write.",
        tsType: "Record<string, pulumi.Input<BotActionArg>>",
        outputType: "Record<string, string | number> | undefined",
      },
    },
  },
  checkExtra(news) {
    const bots = news.bots;
    if (bots === null || typeof bots !== "object" || Array.isArray(bots)) return [];
    return Object.keys(bots)
      .filter((k) => !new RegExp(`^${BOT_ID}$`).test(k))
      .map((k) => ({
        property: "bots",
        reason:
          `${JSON.stringify(k)} is not a bot id: the keys of \`bots\` are bot ids (positive ` +
          `integers, as edge.shield.getBots lists them)`,
      }));
  },
  read: (t) => readBots(t.zone),
  async write(t, current, changes) {
    const known = Object.keys(current.values)
      .filter((p) => p.startsWith("bots."))
      .map((p) => p.slice(5));
    // A bot the platform does not list: refused before any write (clearing one is nothing).
    const unknown = Object.entries(changes)
      .filter(([p, v]) => p.startsWith("bots.") && !(p in current.values) && v !== 0 && v !== null)
      .map(([p]) => p);
    if (unknown.length > 0)
      throw new ResourceOperationError(
        `${unknown.join(", ")}: shield zone ${t.zone} lists no such bot; the known bot ids are ` +
          `${known.sort((a, b) => Number(a) - Number(b)).join(", ")} ` +
          `(edge.shield.getBots({ shieldZoneId: ${t.zone} }) lists them). Nothing was written.`,
      );
    const client = getClient().shieldBots;
    for (const [path, v] of Object.entries(changes)) {
      const action = (v ?? 0) as number;
      const [part, key] = [path.slice(0, path.indexOf(".")), path.slice(path.indexOf(".") + 1)];
      if (part === "categories")
        await client.setCategoryAction(
          t.zone,
          (BotCategory as Record<string, number>)[key],
          action as never,
        );
      else if (path in current.values)
        await client.setBotAction(t.zone, Number(key), action as never);
    }
  },
};

/** The dynamic provider of `edge.shield.BotCategorization` (what its serialized stub calls). */
export const botCategorizationProvider = settingsProvider(botCategorizationKind);
