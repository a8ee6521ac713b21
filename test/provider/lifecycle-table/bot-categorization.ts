/**
 * `BotCategorization` in the lifecycle table: the AIScraper category's action on shield zone
 * 3 (Business, pull zone 5), `None` in the fixtures (no `botCategorization` part: every
 * action None). A category is `BotCategory` 2; its action a `BotCategoryAction`.
 */
import { botCategorizationProvider } from "../../../packages/pulumi/src/resources/kinds/settings/bot-categorization";
import { na, zoneOf, type KindDeclaration, type Provider } from "./kind";
import { settingsKind, statesPrior } from "./settings";

const CATEGORY = "^/shield/shield-zone/3/bot-categorization/categories/2$";

export const botCategorization: KindDeclaration = {
  ...settingsKind,
  name: "BotCategorization",
  interrupted: statesPrior({ categories: { AIScraper: "None" } }), // the value before Pulumi, stated
  provider: botCategorizationProvider as unknown as Provider,
  create: () => ({ shieldZoneId: 3, categories: { AIScraper: "Block" } }),
  createWrite: { method: "PUT", path: CATEGORY },
  find: (s) => zoneOf(s, 3),
  created: { get: (z) => z.botCategorization?.categories["2"], expected: 1 },
  update: {
    field: "categories.AIScraper",
    inputs: (c) => ({ ...c, categories: { AIScraper: "Allow" } }),
    apply: (s) => void (zoneOf(s, 3).botCategorization.categories["2"] = 2),
    write: () => ({ method: "PUT", path: "/shield/shield-zone/3/bot-categorization/categories/2" }),
    body: (body) => expect(body).toEqual({ action: 2 }), // the entry's action only
  },
  drift: {
    change: (s) => void (zoneOf(s, 3).botCategorization.categories["2"] = 2),
    path: "categories.AIScraper",
    expected: "Allow",
  },
  async202: na("the platform answers bot categorization PUTs 200 (not a 202 path)"),
  spellings: {
    byZone: { shieldZoneId: 3, bots: { "6": "Block" } },
    byPull: { pullZoneId: 5, bots: { "6": "Allow" } },
    spelled: settingsKind.spelled,
    outcome: "both-refused",
  },
  unknownOutcome: {
    fault: { method: "PUT", path: CATEGORY, status: 504, afterHandler: true },
    resend: "idempotent",
  },
};
