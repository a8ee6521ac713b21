/**
 * A pull zone and its settings (`PullZone`): read with GET `/pullzone/{id}`, written with
 * POST `/pullzone/{id}`. The published document does not say whether that write merges the
 * settings sent or replaces the zone's settings with them (the emulator has a profile for
 * each), so a write sends every setting of the zone as just read with the changes over it:
 * under either, what the program does not manage stays as it was. The zone is adopted by
 * `pullZoneId` or created by `name` (POST `/pullzone`) after the platform says the name is
 * free (POST `/pullzone/checkavailability`): a taken name is refused before any write, never
 * taken over. A zone Pulumi created is deleted by destroy (DELETE `/pullzone/{id}`); an
 * adopted one gets the settings it had back. Its state names the zone `pullZoneId` and says
 * `origin` (`"created"` or `"adopted"`): see {@link pullZoneForm}.
 */
import { schemaJson, specSchema, validate } from "edgeplatform-client/spec/runtime";
import type { PullZoneModel } from "edgeplatform-client";
import { messageOf, ResourceOperationError } from "../../core/common";
import { getClient } from "../../core/settings";
import { parentWrite } from "../../core/zone-objects/parent";
import { logLine, outcomeUnknown } from "../../core/zone-objects/recovery";
import { pullZoneParent, sharedPullZone } from "../parents/pull-zone";
import {
  settingsProvider,
  type EngineKind,
  type SettingsInputs,
  type StoredForm,
  type ZoneResolution,
} from "../../core/zone-settings/engine";
import {
  enumOutputTypes,
  flatValues,
  viewsOf,
  type SettingsDocs,
  type SettingsField,
  type SettingsSnapshot,
} from "../../core/zone-settings/kind";
import {
  createOrAdoptArgTypes,
  createOrAdoptForm,
  createOrAdoptOutputs,
} from "../../core/zone-settings/create-or-adopt";
import {
  BLUEPRINTS,
  BLUEPRINTS_PATH,
  blueprintFailures,
  blueprintsBody,
  blueprintsOf,
} from "./pull-zone-blueprints";
import { CACHE_VARY, CACHING } from "./pull-zone-caching";
import { HEADERS } from "./pull-zone-headers";
import { LIMITS } from "./pull-zone-limits";
import { LOGGING } from "./pull-zone-logging";
import { OPTIMIZER } from "./pull-zone-optimizer";
import { ORIGIN, ORIGIN_AUTH, ORIGIN_SHIELD, SAFEHOP } from "./pull-zone-origin";
import { PAGES } from "./pull-zone-pages";
import { ROUTING } from "./pull-zone-routing";
import { SECURITY, TLS, TOKENS } from "./pull-zone-security";
import { WRITE_ONLY_PATHS, WRITE_ONLY_SETTINGS, writeOnlyValues } from "./pull-zone-write-only";

/**
 * A setting's value as compared, unset (null) and its empty form ({@link emptyOf}: "", [], an
 * id 0) being one value. A write cannot make a setting null again (the platform takes null as
 * "leave it as it is"), so unset is written in its empty form, and a zone that never had the
 * setting reads null: both are the setting unset (no write, no drift, no diff between them).
 * A list compared as a set is compared sorted.
 */
function unsetAsEmpty(f: SettingsField): SettingsField {
  const empty = emptyOf(f);
  if (empty === null || f.names || f.canonical) return f;
  const canonical = (v: unknown) => {
    const x = v ?? empty;
    return Array.isArray(x) && f.unordered ? x.map(String).sort() : x;
  };
  return { ...f, canonical };
}

/**
 * Every setting, by group (each group's module): the existing groups first, in the order
 * their settings were declared (the order of `managed` and of the docs' table).
 */
const FIELDS: readonly SettingsField[] = [
  ...ORIGIN,
  ...CACHING,
  ...SECURITY,
  ...LIMITS,
  ...LOGGING,
  ...ORIGIN_AUTH,
  ...ORIGIN_SHIELD,
  ...SAFEHOP,
  ...CACHE_VARY,
  ...TOKENS,
  ...TLS,
  ...HEADERS,
  ...OPTIMIZER,
  ...ROUTING,
  ...PAGES,
  BLUEPRINTS,
  ...WRITE_ONLY_SETTINGS,
].map(unsetAsEmpty);

/** Every setting `PullZone` declares (for the tests that go over all of them). */
export const PULL_ZONE_FIELDS = FIELDS;

/** An origin URL in the form compared: trimmed, without trailing slashes. */
export const normalOriginUrl = (u: string) => u.trim().replace(/\/+$/, "");

/** What a settings write takes (`PullZoneSettingsModel` of the published document). */
const SETTINGS = specSchema("pullZoneSettingsModelSchema");
/** Its keys, read once. */
let settingsKeys: string[] | undefined;
const keysOf = () =>
  (settingsKeys ??= Object.keys(
    (schemaJson(SETTINGS) as { properties: Record<string, unknown> }).properties,
  ));

/**
 * The zone's settings as compared: as read (the origin URL without trailing slashes, the
 * image blueprints in the program's form), the write-only settings as the state `last` holds
 * them (the answer never shows them: pull-zone-write-only.ts).
 */
const snapshotOf = (
  z: PullZoneModel,
  last?: Readonly<Record<string, unknown>>,
): SettingsSnapshot<PullZoneModel> => {
  const values = {
    ...flatValues(FIELDS, z as unknown as Record<string, unknown>),
    ...writeOnlyValues(last),
  };
  if (typeof values.originUrl === "string") values.originUrl = normalOriginUrl(values.originUrl);
  values[BLUEPRINTS_PATH] = blueprintsOf(values[BLUEPRINTS_PATH]);
  return { raw: z, values };
};

/**
 * What a write sends to make a setting unset again (destroy restoring a setting the zone did
 * not have): the platform takes null as "leave it as it is", so text is sent empty, a list
 * empty, an id 0 ("none"); another setting stays null (left out).
 */
function emptyOf(f: SettingsField): unknown {
  const s = f.schema as { type?: string; minimum?: number };
  if (s.type === "string") return "";
  if (s.type === "array") return [];
  if (s.type === "integer" && s.minimum === 0) return 0;
  return null;
}

/**
 * The key the settings write takes for a setting read at `readKey` (the two may differ in
 * case: the read's `EnableWebPVary` is the write's `EnableWebpVary`).
 */
const writeKey = (readKey: string) =>
  keysOf().find((k) => k.toLowerCase() === readKey.toLowerCase()) ?? readKey;

/**
 * The body of a settings write: every setting of the zone as read (`raw`, under the key the
 * write takes: the read may spell it in another case), the changed ones (path → platform
 * value at the write's key; a change to unset as {@link emptyOf}) over them. Unset (null)
 * settings as read are left out (the platform keeps what is not sent),
 * and so is a value as read that the write would refuse (a value below the write's minimum,
 * such as an `OriginShieldMaxConcurrentRequests` of 0): sending it back would fail the whole
 * write, leaving it out changes nothing under a merge. The write-only settings the state
 * holds (`kept`, by path: the answer never shows them) are sent as they are, so that a write
 * that replaces the zone's settings keeps them too.
 */
export function settingsBody(
  raw: Readonly<Record<string, unknown>>,
  changes: Readonly<Record<string, unknown>>,
  kept: Readonly<Record<string, unknown>> = {},
): Record<string, unknown> {
  const read = new Map(Object.keys(raw).map((k) => [k.toLowerCase(), raw[k]]));
  const body: Record<string, unknown> = {};
  for (const k of keysOf()) {
    const v = read.get(k.toLowerCase());
    if (v !== undefined && v !== null) body[k] = v;
  }
  for (const f of WRITE_ONLY_SETTINGS) {
    const v = kept[f.path];
    if (v !== undefined && v !== null) body[writeKey(f.flatKey!)] = v;
  }
  const changed = new Set<string>();
  for (const f of FIELDS)
    if (f.path in changes) {
      const key = writeKey(f.flatKey!);
      const v = changes[f.path] ?? emptyOf(f);
      body[key] = f.path === BLUEPRINTS_PATH ? blueprintsBody(v) : v;
      changed.add(key);
    }
  for (const failure of validate(SETTINGS, body)) {
    const key = failure.property.split(/[.[]/)[0];
    if (!changed.has(key)) delete body[key];
  }
  return body;
}

/** The account's zones named exactly `name` (the listing searches by substring). */
async function zonesNamed(name: string): Promise<PullZoneModel[]> {
  const all = await getClient().pullzones.list({ search: name });
  return all.filter((z) => (z.Name ?? "").toLowerCase() === name.toLowerCase());
}

/** The refusal of a name that is taken: no take-over by name. */
function taken(what: string, name: string, z: PullZoneModel | undefined, cause?: unknown) {
  const adopt = z ? `adopt it with \`pullZoneId: ${z.Id}\`` : "adopt it by its `pullZoneId`";
  return new ResourceOperationError(
    `${what} failed: the pull-zone name ${name} is already taken${z ? ` (pull zone ${z.Id})` : ""}; ` +
      `pull-zone names are unique across the platform and a PullZone never takes a zone over ` +
      `by its name. Choose another name, or, if the zone is this account's, ${adopt} instead ` +
      `of \`name\` (destroy then restores its settings and never deletes it). Nothing was ` +
      `written.`,
    cause,
  );
}

/**
 * Creates the zone `name` (POST `/pullzone`, with the origin URL and type; a zone named by
 * `pullZoneId` is adopted by the engine) once the platform says the name is free. A create whose outcome is
 * unknown (a 5xx, a lost answer) is never re-sent: a zone of that name the account lists
 * afterwards (the name was free before) is Pulumi's; else the error says what to do.
 */
async function resolveZone(inputs: SettingsInputs, what: string): Promise<ZoneResolution> {
  const name = String(inputs.name);
  const client = getClient();
  const free = (await client.pullzones.checkNameAvailability(name)).Available;
  if (free !== true) {
    const mine = await zonesNamed(name);
    if (free === false || mine.length > 0) throw taken(what, name, mine[0]);
  }
  const body: Record<string, unknown> = { Name: name };
  if (inputs.originUrl !== undefined) body.OriginUrl = inputs.originUrl;
  if (inputs.type !== undefined) body.Type = inputs.type;
  try {
    const made = await client.pullzones.add(body as never);
    return { zone: made.Id!, created: true, current: snapshotOf(made) };
  } catch (e) {
    if (!outcomeUnknown(e)) {
      const now = await zonesNamed(name).catch(() => []);
      if (now.length > 0) throw taken(what, name, now[0], e);
      throw new ResourceOperationError(
        `${what} failed: the platform refused pull zone ${name}: ${messageOf(e)}. Nothing was ` +
          `written.`,
        e,
      );
    }
    const found = await zonesNamed(name).catch(() => undefined);
    if (found?.length === 1) {
      void logLine(
        `${what}: the answer to the zone's create was lost (${messageOf(e)}); pull zone ` +
          `${found[0].Id} named ${name}, free before the request, is the zone it created`,
      );
      return { zone: found[0].Id!, created: true, current: snapshotOf(found[0]) };
    }
    throw new ResourceOperationError(
      `${what} failed: ${messageOf(e)}. The request was not re-sent. ` +
        (found === undefined
          ? `Look for a pull zone named ${name} (GET /pullzone?search=${name}): if there is ` +
            `one, Pulumi may have created it: adopt it with \`pullZoneId\` or delete it, then ` +
            `run \`pulumi up\` again; if there is none, run \`pulumi up\` again.`
          : `The account lists no pull zone named ${name} after it, so it was not applied: ` +
            `it is safe to run \`pulumi up\` again.`),
      e,
    );
  }
}

/**
 * The stored form of `PullZone`: the zone is `pullZoneId` (the engine's `shieldZoneId`), and
 * `origin` says whether Pulumi created it (the engine's `created`). The program's `originUrl`
 * is compared without trailing slashes.
 */
export const pullZoneForm: StoredForm = createOrAdoptForm({
  address: "pullZoneId",
  createBy: "name",
  normalize: { originUrl: normalOriginUrl },
});

/**
 * The public types besides the settings: the two forms that name the zone (`name` creates,
 * `pullZoneId` adopts), the stated prior, and the outputs of the zone's identity.
 */
const DOCS: SettingsDocs = {
  argsDoc:
    "Settings of {@link PullZoneArgs}: origin (with its S3 signing, origin shield and " +
    "SafeHop retries), caching, security (token authentication, TLS), limits, logging, " +
    "headers, optimizer, routing and the zone's own pages. Every " +
    "setting left out is not managed (never written, kept as it is by every write).",
  argTypes: createOrAdoptArgTypes(
    "PullZone",
    "zone",
    {
      input: "name",
      typeDoc: "Creates a zone: `name` (with `originUrl`).",
      description:
        "Creates a pull zone of this name (POST `/pullzone`, with `originUrl` and `type`); " +
        "destroy deletes it. Names are unique across the platform: a taken name is refused " +
        "before any write. Another name replaces the resource (a new zone, then the old " +
        "one deleted).",
      tsType: "string",
    },
    {
      input: "pullZoneId",
      typeDoc: "Adopts a zone: `pullZoneId`.",
      description:
        "Id of an existing pull zone to adopt: never deleted by Pulumi; destroy gives back " +
        "the settings it had before. Another id replaces the resource.",
    },
  ),
  stateBase: false,
  outputsSet: true,
  outputTypes: {
    ...enumOutputTypes(FIELDS),
    [BLUEPRINTS_PATH]: "PullZoneImageBlueprint[]",
    dnsOriginScheme: '"http" | "https"',
  },
  outputs: {
    pullZoneId: { description: "Id of the pull zone.", tsType: "number", first: true },
    name: { description: "The zone's name.", tsType: "string", first: true },
    cnameDomain: {
      description: "The zone's system hostname (`<name>.b-cdn.net`): what DNS records point at.",
      tsType: "string",
      first: true,
    },
    ...createOrAdoptOutputs("PullZone"),
  },
};

/** The zone's settings as a reader of the zone's shared answer (no rule's guid is this). */
const SETTINGS_READER = "settings";

/** Pull-zone names: letters, digits and dashes (the platform's rule). */
const NAME = /^[a-zA-Z0-9-]{1,60}$/;

/** `edge.pullzones.PullZone`. */
export const pullZoneKind: EngineKind<PullZoneModel> = {
  type: "PullZone",
  noun: "the settings",
  inputsSchema: "pullZoneInputsSchema",
  fields: FIELDS,
  docs: DOCS,
  allowEmpty: true,
  address: { input: "pullZoneId", noun: "pull zone", label: "pull zone", createBy: "name" },
  extraInputs: { name: { type: "string" } },
  checkExtra(news) {
    const out = blueprintFailures(news[BLUEPRINTS_PATH]);
    const n = news.name;
    if (n === undefined || n === null || typeof n !== "string") return out;
    if (!NAME.test(n))
      out.push({
        property: "name",
        reason: `must be 1 to 60 letters, digits and dashes; got ${JSON.stringify(n)}`,
      });
    if (news.originUrl === undefined || news.originUrl === null)
      out.push({
        property: "originUrl",
        reason: "is required to create a pull zone (with `name`): the URL it fetches from",
      });
    return out;
  },
  resolveZone,
  // The platform rewrites the whole zone for a settings write as for an edge rule's: the
  // zone's writes (the read before each, the write, its read-back) go one at a time, in the
  // queue its edge rules' writes wait in (kinds/parents/pull-zone.ts).
  writesUnder: (zone, operation) => parentWrite(pullZoneParent, zone, operation),
  // A refresh takes the zone's answer its edge rules' reads share: one GET for them all.
  read: async (t, context) =>
    snapshotOf(
      context?.refresh
        ? await sharedPullZone(t.zone, SETTINGS_READER)
        : await getClient().pullzones.get(t.zone),
      context?.last,
    ),
  async write(t, current, changes) {
    // Every setting as just read, the changes over it: the same zone whether the platform
    // merges the body or replaces the zone's settings with it.
    const kept = Object.fromEntries([...WRITE_ONLY_PATHS].map((p) => [p, current.values[p]]));
    const body = settingsBody(current.raw as unknown as Record<string, unknown>, changes, kept);
    await getClient().pullzones.update(t.zone, body as never);
  },
  outputs: (snap) => ({
    name: snap.raw.Name,
    cnameDomain: snap.raw.CnameDomain,
    ...viewsOf(FIELDS, snap.values),
  }),
  deleteCreated: {
    run: (t) => getClient().pullzones.delete(t.zone),
    consequence: "with its hostnames, edge rules and certificates",
  },
  form: pullZoneForm,
};

/** The dynamic provider of `edge.pullzones.PullZone` (what its serialized stub calls). */
export const pullZoneProvider = settingsProvider(pullZoneKind);
