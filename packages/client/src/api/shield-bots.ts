/**
 * Bot categorization of a shield zone (published "Bunny Shield API" v1, 2026-07-31): the known
 * bots grouped by category, and the zone's action for one bot or a whole category. Endpoints
 * are data ({@link shieldBotsEndpoints}); the transport does the rest.
 */
import type {
  BotActionRequest,
  BotCategorization,
  BotCategorizationList,
  BotCategoryActionRequest,
  BotCategoryDetails,
} from "../spec";
import { BotCategorizationAction, BotCategoryAction } from "../spec/shield-operation-enums";
import { checkEnum, checkId, dataObject } from "./shield-args";
import type { Caller, EndpointDef, RequestOptions } from "./transport";

const BOTS = "/shield/shield-zone/{shieldZoneId}/bot-categorization";

/** Endpoint definitions of bot categorization. */
export const shieldBotsEndpoints = {
  list: {
    operation: "shieldBots.list",
    method: "GET",
    path: BOTS,
    // A list without its `categories` array must never read as "no bots".
    validate: (b) =>
      Array.isArray(b.categories) ? undefined : 'no "categories" array in the bot categorization',
  },
  setBotAction: {
    operation: "shieldBots.setBotAction",
    method: "PUT",
    path: `${BOTS}/bots/{botId}`,
    validate: dataObject("bot"),
  },
  setCategoryAction: {
    operation: "shieldBots.setCategoryAction",
    method: "PUT",
    path: `${BOTS}/categories/{category}`,
    validate: dataObject("bot category"),
  },
} as const satisfies Record<string, EndpointDef>;

/** Bot categorization area of the {@link Client} (`client.shieldBots`). */
export class ShieldBotsApi {
  /** @internal Use `client.shieldBots`. */
  constructor(private readonly t: Caller) {}

  /**
   * The bots the zone can allow or block, grouped by category, with the zone's action for
   * each bot and category (GET `.../bot-categorization`).
   */
  async list(shieldZoneId: number, opts?: RequestOptions): Promise<BotCategorizationList> {
    checkId(shieldBotsEndpoints.list.operation, "shieldZoneId", shieldZoneId);
    const params = { shieldZoneId };
    return (await this.t.call<BotCategorizationList>(shieldBotsEndpoints.list, { params }, opts))
      .data;
  }

  /**
   * Sets (or, with `None`, clears) the zone's action for one bot (PUT
   * `.../bot-categorization/bots/{botId}`, body `{action}`). Repeatable.
   * @param action a {@link BotCategorizationAction} value (0 None, 1 Block, 2 Allow, 3 Ignore).
   * @returns the bot with the action the platform stored.
   */
  async setBotAction(
    shieldZoneId: number,
    botId: number,
    action: BotActionRequest["action"],
    opts?: RequestOptions,
  ): Promise<BotCategorization> {
    const op = shieldBotsEndpoints.setBotAction.operation;
    checkId(op, "shieldZoneId", shieldZoneId);
    checkId(op, "botId", botId);
    checkEnum(op, "action", action, BotCategorizationAction);
    const body: BotActionRequest = { action };
    const res = await this.t.call<{ data: BotCategorization }>(
      shieldBotsEndpoints.setBotAction,
      { params: { shieldZoneId, botId }, body },
      opts,
    );
    return res.data.data;
  }

  /**
   * Sets (or, with `None`, clears) the zone's action for a whole bot category (PUT
   * `.../bot-categorization/categories/{category}`, body `{action}`). Repeatable.
   * @param category a `BotCategory` value (1 SEO … 7 Social).
   * @param action a {@link BotCategoryAction} value (0 None, 1 Block, 2 Allow).
   */
  async setCategoryAction(
    shieldZoneId: number,
    category: number,
    action: BotCategoryActionRequest["action"],
    opts?: RequestOptions,
  ): Promise<BotCategoryDetails> {
    const op = shieldBotsEndpoints.setCategoryAction.operation;
    checkId(op, "shieldZoneId", shieldZoneId);
    checkId(op, "category", category);
    checkEnum(op, "action", action, BotCategoryAction);
    const body: BotCategoryActionRequest = { action };
    const res = await this.t.call<{ data: BotCategoryDetails }>(
      shieldBotsEndpoints.setCategoryAction,
      { params: { shieldZoneId, category }, body },
      opts,
    );
    return res.data.data;
  }
}
