/**
 * Bot categorization of a shield zone (the published "Bunny Shield API" v1, 2026-07-31): the
 * known bots grouped by category, with the zone's action for each bot and each category;
 * PUT a bot's or a category's action and the list reads it back. The actions are part of the
 * state document (`shieldZones[i].botCategorization`, only the actions that are not `None`),
 * so that the control API shows and sets them like every other setting.
 */
import type { FastifyInstance } from "fastify";
import {
  BotCategory,
  botActionRequestSchema,
  botCategoryActionRequestSchema,
  type BotActionRequest,
  type BotCategoryActionRequest,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import type { ShieldZoneState } from "../state";
import { int32Params, OK_RESULT } from "./common";
import { pathParams } from "./collection-params";
import { dataError, zoneAccess, zoneMissing } from "./shield-access";

/** The bots the platform knows: id, User-Agent match, category, verifiable. */
export const KNOWN_BOTS: readonly {
  botId: number;
  userAgentMatch: string;
  category: number;
  isVerifiable: boolean;
}[] = Object.freeze([
  { botId: 1, userAgentMatch: "Googlebot", category: BotCategory.SEO, isVerifiable: true },
  { botId: 2, userAgentMatch: "bingbot", category: BotCategory.SEO, isVerifiable: true },
  { botId: 3, userAgentMatch: "GPTBot", category: BotCategory.AIScraper, isVerifiable: true },
  { botId: 4, userAgentMatch: "ClaudeBot", category: BotCategory.AIScraper, isVerifiable: true },
  { botId: 5, userAgentMatch: "ChatGPT-User", category: BotCategory.AITool, isVerifiable: true },
  { botId: 6, userAgentMatch: "curl", category: BotCategory.Tool, isVerifiable: false },
  { botId: 7, userAgentMatch: "AdsBot-Google", category: BotCategory.Ads, isVerifiable: true },
  { botId: 8, userAgentMatch: "Slackbot", category: BotCategory.Preview, isVerifiable: false },
  {
    botId: 9,
    userAgentMatch: "facebookexternalhit",
    category: BotCategory.Social,
    isVerifiable: true,
  },
]);

type Zoned = { Params: { shieldZoneId: number } };

/** Registers the bot categorization routes. */
export function registerShieldBotRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const { zoneFor } = zoneAccess(ctx);
  const base = "/shield/shield-zone/:shieldZoneId/bot-categorization";
  const botView = (z: ShieldZoneState, b: (typeof KNOWN_BOTS)[number]) => ({
    botId: b.botId,
    userAgentMatch: b.userAgentMatch,
    category: b.category,
    action: z.botCategorization?.bots[String(b.botId)] ?? 0,
    isVerifiable: b.isVerifiable,
  });
  /** Sets one action in the zone's state (`None`: removed; nothing set: no part at all). */
  const setAction = (z: ShieldZoneState, k: "bots" | "categories", id: number, action: number) => {
    const c = (z.botCategorization ??= { bots: {}, categories: {} });
    if (action === 0) delete c[k][String(id)];
    else c[k][String(id)] = action;
    if (Object.keys(c.bots).length === 0 && Object.keys(c.categories).length === 0)
      delete z.botCategorization;
    ctx.store.commit();
  };

  app.get<Zoned>(base, { schema: { params: int32Params("shieldZoneId") } }, async (req, reply) => {
    const z = zoneFor(req, req.params.shieldZoneId);
    if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
    const categories = [...new Set(KNOWN_BOTS.map((b) => b.category))].map((category) => ({
      category,
      categoryAction: z.botCategorization?.categories[String(category)] ?? 0,
      bots: KNOWN_BOTS.filter((b) => b.category === category).map((b) => botView(z, b)),
    }));
    return { categories, error: { ...OK_RESULT } };
  });

  app.put<{ Params: { shieldZoneId: number; botId: number }; Body: BotActionRequest }>(
    `${base}/bots/:botId`,
    { schema: { params: int32Params("shieldZoneId", "botId"), body: botActionRequestSchema } },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const bot = KNOWN_BOTS.find((b) => b.botId === req.params.botId);
      if (!bot)
        return dataError(
          reply,
          404,
          "not_found.bot",
          `botId: no known bot ${req.params.botId}; see GET /shield/shield-zone/${z.id}/bot-categorization`,
        );
      setAction(z, "bots", bot.botId, req.body.action);
      return { data: botView(z, bot), error: { ...OK_RESULT } };
    },
  );

  app.put<{ Params: { shieldZoneId: number; category: number }; Body: BotCategoryActionRequest }>(
    `${base}/categories/:category`,
    {
      schema: {
        params: pathParams({
          shieldZoneId: "int32",
          category: { type: "integer", enum: Object.values(BotCategory) },
        }),
        body: botCategoryActionRequestSchema,
      },
    },
    async (req, reply) => {
      const z = zoneFor(req, req.params.shieldZoneId);
      if (!z) return zoneMissing(ctx, reply, req.url, req.params.shieldZoneId);
      const { category } = req.params;
      setAction(z, "categories", category, req.body.action);
      return { data: { category, action: req.body.action }, error: { ...OK_RESULT } };
    },
  );
}
