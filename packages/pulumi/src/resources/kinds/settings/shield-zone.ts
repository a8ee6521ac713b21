/**
 * The shield zone's own settings (`ShieldZone`): plan, WAF, DDoS, custom rule order and
 * white-label response pages, read with `GET /shield/shield-zone/{id}` and written with
 * `PATCH /shield/shield-zone`. The PATCH body is the whole settings object as just read with
 * the changed fields over it: a platform that resets what a PATCH does not send (the
 * emulator's "zone-replace" profile) then changes nothing else. WAF engine settings are items
 * of `wafEngineConfig`; only the named items are managed, the others are sent as read.
 */
import { INT32_MAX, schemaJson, specSchema } from "edgeplatform-client/spec/runtime";
import {
  DDoSShieldSensitivity,
  ShieldPlanType,
  WafExecutionMode,
  WafPayloadLimitAction,
  type ShieldZoneResponse,
  type ShieldZoneSettings,
  type WafEngineConfigItem,
} from "edgeplatform-client";
import { planName } from "../access-list-names";
import { isNotFound, messageOf, ResourceOperationError } from "../../core/common";
import { getClient } from "../../core/settings";
import { shieldZoneOfPullZone } from "../../core/spellings";
import {
  settingsProvider,
  type EngineKind,
  type SettingsInputs,
  type ZoneResolution,
} from "../../core/zone-settings/engine";
import {
  enumField,
  field,
  type SettingsDocs,
  type SettingsField,
  type SettingsSnapshot,
  type Wire,
} from "../../core/zone-settings/kind";
import { readBackSettings } from "../../core/zone-settings/readback";
import { SHARED_FIELDS } from "./shared-fields";
import { setTimeout as sleep } from "node:timers/promises";
import { acceptedObjectId, timing } from "../../core/zone-objects/recovery";

const int32 = (min = 0) => ({ type: "integer", minimum: min, maximum: INT32_MAX });
const strings = () => ({ type: "array", items: { type: "string", minLength: 1 } });
const paranoia = () => ({ type: "integer", minimum: 1, maximum: 4 });
const words = () => ({ type: "array", items: { type: "string", pattern: "^\\S+$" } });

/** Where each public path lives on the zone: a settings field, or a `wafEngineConfig` item. */
type Place =
  { key: keyof ShieldZoneSettings } | { item: string; kind: "digit" | "spaced" | "piped" };

const FIELDS: readonly (SettingsField & { place: Place })[] = [
  {
    ...enumField(
      "planType",
      ShieldPlanType,
      'The zone\'s plan: `"Basic"`, `"Advanced"`, `"Business"`, `"Enterprise"` (0–3).',
    ),
    place: { key: "planType" },
  },
  {
    ...field("waf.enabled", { type: "boolean" }, "Whether the WAF is on (`wafEnabled`)."),
    place: { key: "wafEnabled" },
  },
  {
    ...enumField(
      "waf.mode",
      WafExecutionMode,
      '`"Log"` or `"Block"` (`WafExecutionMode`, 0–1; `wafExecutionMode`).',
    ),
    place: { key: "wafExecutionMode" },
  },
  {
    ...field(
      "waf.disabledRules",
      strings(),
      "Managed WAF rule ids switched off (`wafDisabledRules`), a set. Checked against the " +
        "zone's managed rules (`edge.shield.getManagedWafRules`) before a write.",
      { unordered: true },
    ),
    place: { key: "wafDisabledRules" },
  },
  {
    ...field(
      "waf.logOnlyRules",
      strings(),
      "Managed WAF rule ids that only log (`wafLogOnlyRules`), a set; checked like `disabledRules`.",
      { unordered: true },
    ),
    place: { key: "wafLogOnlyRules" },
  },
  {
    ...field(
      "waf.realtimeThreatIntelligence",
      { type: "boolean" },
      "Real-time threat intelligence (`wafRealtimeThreatIntelligenceEnabled`).",
    ),
    place: { key: "wafRealtimeThreatIntelligenceEnabled" },
  },
  {
    ...field(
      "waf.requestHeaderLogging",
      { type: "boolean" },
      "Whether request headers are logged (`wafRequestHeaderLoggingEnabled`).",
    ),
    place: { key: "wafRequestHeaderLoggingEnabled" },
  },
  {
    ...field(
      "waf.ignoredHeaders",
      strings(),
      "Headers left out of the logs (`wafRequestIgnoredHeaders`), a set.",
      { unordered: true },
    ),
    place: { key: "wafRequestIgnoredHeaders" },
  },
  {
    ...enumField(
      "waf.requestBodyLimitAction",
      WafPayloadLimitAction,
      'Over-size request body: `"Block"`, `"Log"`, `"Ignore"` (0–2; `wafRequestBodyLimitAction`).',
    ),
    place: { key: "wafRequestBodyLimitAction" },
  },
  {
    ...enumField(
      "waf.responseBodyLimitAction",
      WafPayloadLimitAction,
      "Over-size response body: as `requestBodyLimitAction` (`wafResponseBodyLimitAction`).",
    ),
    place: { key: "wafResponseBodyLimitAction" },
  },
  {
    ...field(
      "waf.paranoia.detection",
      paranoia(),
      "The detection paranoia level (`detection_paranoia_level`).",
      { tsType: "ParanoiaLevel" },
    ),
    place: { item: "detection_paranoia_level", kind: "digit" },
  },
  {
    ...field(
      "waf.paranoia.executing",
      paranoia(),
      "The executing paranoia level (`executing_paranoia_level`).",
      { tsType: "ParanoiaLevel" },
    ),
    place: { item: "executing_paranoia_level", kind: "digit" },
  },
  {
    ...field(
      "waf.paranoia.blocking",
      paranoia(),
      "The blocking paranoia level (`blocking_paranoia_level`).",
      { tsType: "ParanoiaLevel" },
    ),
    place: { item: "blocking_paranoia_level", kind: "digit" },
  },
  {
    ...field(
      "waf.allowedMethods",
      words(),
      'HTTP methods the WAF allows (`allowed_methods`, e.g. `["GET", "POST"]`), a set.',
      { unordered: true },
    ),
    place: { item: "allowed_methods", kind: "spaced" },
  },
  {
    ...field(
      "waf.allowedHttpVersions",
      words(),
      'HTTP versions the WAF allows (`allowed_http_versions`, e.g. `["HTTP/1.1", "HTTP/2"]`), a set.',
      { unordered: true },
    ),
    place: { item: "allowed_http_versions", kind: "spaced" },
  },
  {
    ...field(
      "waf.allowedContentTypes",
      { type: "array", items: { type: "string", pattern: "^[^|\\s]+$" } },
      "Request content types the WAF allows (`allowed_request_content_type`), a set.",
      { unordered: true },
    ),
    place: { item: "allowed_request_content_type", kind: "piped" },
  },
  {
    ...enumField(
      "ddos.sensitivity",
      DDoSShieldSensitivity,
      '`"Off"`, `"Low"`, `"Medium"`, `"High"`, `"Challenge"` (0–4; `dDoSShieldSensitivity`).',
    ),
    place: { key: "dDoSShieldSensitivity" },
  },
  {
    ...field(
      "ddos.challengeWindow",
      int32(1),
      "How long a passed challenge lasts, in seconds (`dDoSChallengeWindow`).",
    ),
    place: { key: "dDoSChallengeWindow" },
  },
  {
    ...field(
      "customRuleOrder",
      { type: "array", items: int32(1) },
      "The order of the zone's custom WAF rules: their ids (`wafCustomRuleOrder`), in order.",
    ),
    place: { key: "wafCustomRuleOrder" },
  },
  {
    ...field(
      "whitelabelResponsePages",
      { type: "boolean" },
      "White-label response pages (`whitelabelResponsePages`).",
    ),
    place: { key: "whitelabelResponsePages" },
  },
];

/** The public types' parts besides the fields. */
const DOCS: SettingsDocs = {
  argsDoc:
    "Settings of {@link ShieldZoneArgs}. Every setting left out is not managed (never written).",
  groups: {
    waf: {
      description: "WAF settings.",
      typeName: "ShieldZoneWafArgs",
      typeDoc: "The WAF settings of a shield zone. Each field left out is not managed.",
    },
    "waf.paranoia": {
      description:
        "Paranoia levels of the WAF engine (`wafEngineConfig` items `detection_paranoia_level`, " +
        "`executing_paranoia_level`, `blocking_paranoia_level`). Only the named items are managed.",
    },
    ddos: {
      description: "DDoS settings.",
      typeName: "ShieldZoneDdosArgs",
      typeDoc: "The DDoS settings of a shield zone. Each field left out is not managed.",
    },
  },
  outputTypes: { planType: "string | number" },
  outputs: {
    created: {
      description:
        "True when Pulumi created the shield zone: destroy leaves it (there is no DELETE).",
      tsType: "boolean | undefined",
    },
  },
};

/** The value of an engine-config item (`valueEncoded`) as the public value. */
function decodeItem(kind: "digit" | "spaced" | "piped", encoded: string): Wire {
  if (kind === "digit") return Number(encoded);
  if (kind === "spaced") return encoded.split(/\s+/).filter((x) => x !== "");
  return [...encoded.matchAll(/\|([^|]*)\|/g)].map((m) => m[1].trim()).filter((x) => x !== "");
}

/** The public value of an engine-config item as `valueEncoded`. */
function encodeItem(kind: "digit" | "spaced" | "piped", v: Wire): string {
  if (kind === "digit") return String(v);
  const list = v as string[];
  return kind === "spaced" ? list.join(" ") : list.map((t) => `|${t}|`).join(" ");
}

let settingsKeys: (keyof ShieldZoneSettings)[] | undefined;
/**
 * The names of the settings fields a PATCH may carry (`ShieldZoneRequest`), read once from
 * the spec's (precompiled) `shieldZoneSettingsSchema`.
 */
const SETTINGS_KEYS = () =>
  (settingsKeys ??= Object.keys(
    (schemaJson(specSchema("shieldZoneSettingsSchema")) as { properties: object }).properties,
  ) as (keyof ShieldZoneSettings)[]);

function snapshotOf(z: ShieldZoneResponse): SettingsSnapshot<ShieldZoneResponse> {
  const values: Record<string, Wire> = {};
  const items = (z.wafEngineConfig ?? []) as WafEngineConfigItem[];
  for (const f of FIELDS) {
    if ("key" in f.place) values[f.path] = (z as Record<string, unknown>)[f.place.key] ?? null;
    else {
      const place = f.place;
      const item = items.find((i) => i.name === place.item);
      // A zone without the item uses the engine's default: recorded as null (restoring
      // null takes the item out again).
      values[f.path] = item ? decodeItem(place.kind, item.valueEncoded) : null;
    }
  }
  return { raw: z, values };
}

/** The PATCH body: the zone's settings as read (but the plan), with `changes` over them. */
export function mergedSettings(
  z: ShieldZoneResponse,
  changes: Record<string, Wire>,
): ShieldZoneSettings {
  const body: Record<string, unknown> = {};
  for (const k of SETTINGS_KEYS()) {
    const v = (z as Record<string, unknown>)[k];
    // The plan is sent only when the program changes it (a plan change may be billed; a
    // PATCH that does not send it keeps it, also on a platform that resets other settings).
    if (v !== undefined && k !== "planType") body[k] = v;
  }
  let items = [...((z.wafEngineConfig ?? []) as WafEngineConfigItem[])].map((i) => ({ ...i }));
  let itemsChanged = false;
  for (const [path, v] of Object.entries(changes)) {
    const place = FIELDS.find((f) => f.path === path)!.place;
    if ("key" in place) {
      body[place.key] = v;
      continue;
    }
    itemsChanged = true;
    if (v === null || v === undefined) {
      items = items.filter((i) => i.name !== place.item);
      continue;
    }
    const valueEncoded = encodeItem(place.kind, v);
    const at = items.find((i) => i.name === place.item);
    if (at) at.valueEncoded = valueEncoded;
    else items.push({ name: place.item, valueEncoded });
  }
  if (itemsChanged || z.wafEngineConfig !== undefined) body.wafEngineConfig = items;
  return body as ShieldZoneSettings;
}

/** PATCHes of each shield zone sent by this process (what a read has seen: {@link getZone}). */
const zoneWrites = new Map<number, number>();
/**
 * For each zone as read, how many of this process's PATCHes of it had been sent then (-1: read
 * while one was pending).
 */
const seenWrites = new WeakMap<object, number>();
/** The PATCHes of each shield zone, one at a time (their read-backs included). */
const zoneQueues = new Map<number, Promise<unknown>>();

/** `GET /shield/shield-zone/{id}`, marked with the writes of this process it has seen. */
export async function getZone(zone: number): Promise<ShieldZoneResponse> {
  const seen = zoneWrites.get(zone) ?? 0;
  const quiet = !zoneQueues.has(zone);
  const z = await getClient().shieldZones.get(zone);
  // A read made while a PATCH of the zone was pending may not hold that PATCH (the platform
  // can answer a GET before a PATCH sent earlier): it is never a PATCH's base (-1).
  const settled = quiet && !zoneQueues.has(zone) && (zoneWrites.get(zone) ?? 0) === seen;
  seenWrites.set(z, settled ? seen : -1);
  return z;
}

/**
 * Writes `changes` (ShieldZone paths, platform values) with one `PATCH /shield/shield-zone`:
 * the zone's settings as read with the changes over them. Two kinds write the zone this way
 * (`ShieldZone`, `UnderAttackMode`) and the engine may run them at once: the PATCHes of one
 * zone go one at a time, and when another of them was sent after `current` was read, the zone
 * is read again first, so that no PATCH sends back, as read, a field another one just changed.
 * `readBack` runs after a 202, before the next PATCH of the zone.
 */
export function patchZone(
  zone: number,
  current: ShieldZoneResponse,
  changes: Record<string, Wire>,
  readBack: () => Promise<void>,
): Promise<void> {
  const run = async () => {
    const base =
      seenWrites.get(current) === (zoneWrites.get(zone) ?? 0) ? current : await getZone(zone);
    zoneWrites.set(zone, (zoneWrites.get(zone) ?? 0) + 1); // sent: it may land even if it fails
    const res = await getClient().shieldZones.update(zone, mergedSettings(base, changes));
    if (res.status === 202) await readBack();
  };
  const next = (zoneQueues.get(zone) ?? Promise.resolve()).then(run, run);
  const tail = next.catch(() => undefined);
  zoneQueues.set(zone, tail);
  void tail.then(() => zoneQueues.get(zone) === tail && zoneQueues.delete(zone));
  return next;
}

const readZone = async (zone: number) => snapshotOf(await getZone(zone));

/** The ids of the zone's managed WAF rules (`GET /shield/waf/rules/{id}`). */
async function knownRuleIds(zone: number): Promise<Set<string>> {
  const sets = await getClient().shieldZones.managedWafRules(zone);
  const ids = new Set<string>();
  for (const s of sets)
    for (const g of s.ruleGroups ?? []) for (const r of g.rules ?? []) ids.add(String(r.ruleId));
  return ids;
}

/**
 * Creates the pull zone's shield zone, or adopts the one it has (also after a 409); one named
 * by `shieldZoneId` is adopted by the engine.
 */
async function resolveZone(inputs: SettingsInputs, what: string): Promise<ZoneResolution> {
  const pullZoneId = inputs.pullZoneId as number;
  const client = getClient();
  // The first lookup is the run's (shared with the other spellings' check); later ones ask.
  const existing = () => shieldZoneOfPullZone(pullZoneId, true);
  try {
    return { zone: await shieldZoneOfPullZone(pullZoneId) };
  } catch (e) {
    if (!isNotFound(e)) throw e; // no shield zone for it (or an unknown pull zone): create
  }
  let res;
  try {
    res = await client.shieldZones.create({ pullZoneId });
  } catch (e) {
    if ((e as { status?: unknown })?.status === 409) {
      // Someone made it meanwhile: adopt it (it is not Pulumi's).
      return { zone: await existing() };
    }
    throw new ResourceOperationError(
      `${what} failed: pull zone ${pullZoneId} has no shield zone, and creating one failed: ${messageOf(e)}. Nothing was written.`,
      e,
    );
  }
  if (res.status === 200) return { zone: res.zone.shieldZoneId, created: true };
  // Accepted (202), applied later: not done until the zone reads (bounded backoff).
  const named = acceptedObjectId(res.accepted);
  const deadline = Date.now() + timing.readBackMs;
  let step = timing.readBackStepMs;
  for (;;) {
    try {
      if (typeof named === "number") {
        await client.shieldZones.get(named);
        return { zone: named, created: true };
      }
      return { zone: await existing(), created: true };
    } catch (e) {
      if (!isNotFound(e)) throw e;
    }
    if (Date.now() + step > deadline) break;
    await sleep(step);
    step = Math.min(step * 2, 2_000);
  }
  throw new ResourceOperationError(
    `${what} failed: the platform accepted the shield zone of pull zone ${pullZoneId} (202) ` +
      `but it was not visible after ${timing.readBackMs / 1000} s; run \`pulumi up\` again ` +
      `(the zone is adopted then, and its settings written)`,
  );
}

/** `edge.shield.ShieldZone`. */
export const shieldZoneKind: EngineKind<ShieldZoneResponse> = {
  type: "ShieldZone",
  noun: "the shield zone settings",
  inputsSchema: "shieldZoneInputsSchema",
  fields: FIELDS,
  docs: DOCS,
  allowEmpty: true,
  shared: SHARED_FIELDS.ShieldZone,
  read: (t) => readZone(t.zone),
  write: (t, current, changes) =>
    patchZone(t.zone, current.raw, changes, () =>
      readBackSettings(() => readZone(t.zone), FIELDS, changes, `shield zone ${t.zone}`),
    ),
  async validate(t, changes, what) {
    const named = ["waf.disabledRules", "waf.logOnlyRules"].filter((p) =>
      Array.isArray(changes[p]),
    );
    if (named.length === 0) return;
    const known = await knownRuleIds(t.zone);
    const unknown = named.flatMap((p) =>
      (changes[p] as string[])
        .filter((id) => !known.has(String(id)))
        .map((id) => `${p} ${JSON.stringify(id)}`),
    );
    if (unknown.length === 0) return;
    throw new ResourceOperationError(
      `${what} failed: unknown managed WAF rule ids: ${unknown.join(", ")}. Shield zone ${t.zone}'s ` +
        `managed WAF rules are listed by edge.shield.getManagedWafRules({ shieldZoneId: ${t.zone} }) ` +
        `(GET /shield/waf/rules/${t.zone}). Nothing was written.`,
    );
  },
  outputs: (snap, managed) => ({
    ...(managed.includes("planType") ? {} : { planType: planName(snap.raw.planType) }),
    ...(snap.raw.pullZoneId !== undefined && snap.raw.pullZoneId !== null
      ? { pullZoneId: snap.raw.pullZoneId }
      : {}),
  }),
  resolveZone,
};

/** The dynamic provider of `edge.shield.ShieldZone` (what its serialized stub calls). */
export const shieldZoneProvider = settingsProvider(shieldZoneKind);
