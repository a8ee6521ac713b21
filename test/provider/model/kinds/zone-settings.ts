/**
 * The settings resources as kinds of the model test: `edge.shield.ShieldZone` (a zone's WAF
 * and DDoS settings), `BotDetection`, `UploadScanning`, `ApiGuardian`, `ResponsePage`,
 * `UnderAttackMode` (the zone's DDoS sensitivity as a switch) and `BotCategorization`. Nothing is
 * created or deleted: a program names a zone (`shieldZoneId`, or `pullZoneId` of a pull zone
 * that has one) and manages a subset of its settings; destroy puts back what was there before
 * the program first managed it (world.ts (7)); every setting the program never named keeps
 * its value (world.ts (2): each object projects EVERY setting it holds, not only the ones the
 * program may manage). Object ids are the provider's: the shield zone id.
 *
 * The values below come from `spec/shield.md` (field names, enumerations, the
 * `wafEngineConfig` encoding), not from the provider's field maps.
 *
 * Not driven here: a ShieldZone that creates its zone (a pull zone without one): the zone is
 * then the program's and destroy leaves it with its settings (there is no DELETE), which is
 * outside invariant (7); the provider and engine tests cover it.
 */
import fc from "fast-check";
import {
  BotCategorizationAction,
  BotCategory,
  BotCategoryAction,
  BotDetectionExecutionMode,
  CustomPageTypes,
  UnmatchedPathAction,
  WafPayloadLimitAction,
  BotDetectionSensitivity,
  BrowserFingerprintAggression,
  DDoSShieldSensitivity,
  UploadScanningScannerMode,
  WafExecutionMode,
} from "../../../../packages/client/src/spec";
import type { EmulatorState } from "../../../../packages/emulator/src";
import { apiGuardianProvider } from "../../../../packages/pulumi/src/resources/kinds/settings/api-guardian";
import { botCategorizationProvider } from "../../../../packages/pulumi/src/resources/kinds/settings/bot-categorization";
import { botDetectionProvider } from "../../../../packages/pulumi/src/resources/kinds/settings/bot-detection";
import { responsePageProvider } from "../../../../packages/pulumi/src/resources/kinds/settings/response-page";
import { shieldZoneProvider } from "../../../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { underAttackModeProvider } from "../../../../packages/pulumi/src/resources/kinds/settings/under-attack-mode";
import { uploadScanningProvider } from "../../../../packages/pulumi/src/resources/kinds/settings/upload-scanning";
import { clone, ProgramInputs, StateEntry } from "../engine";
import type { FieldEdit, ModelKind, OobFieldEdit, PlatformObject } from "../kind";
import { canon } from "../oracle";

type Zone = EmulatorState["shieldZones"][number];
type Names = Readonly<Record<string, number>>;

/** Shield zones the settings kinds use, by pull zone (the fixtures': plans Basic to Enterprise). */
const SETTINGS_PULL_ZONES: Record<number, number> = { 1: 1, 4: 2, 5: 3, 6: 4 };
const ZONES = [1, 2, 3, 4];

/** One setting the model's programs manage: its public path, values, and place on the platform. */
interface ModelField {
  path: string;
  values: fc.Arbitrary<unknown>;
  /** Enumeration names (a program may write a name or its integer). */
  names?: Names;
  /** A list compared as a set. */
  unordered?: boolean;
  /**
   * Whether the platform value holds the program's (when it is not the value itself: a
   * switch read from a level).
   */
  holds?: (program: unknown, platform: unknown) => boolean;
  /** The platform values another actor writes (default: the program's values on the wire). */
  oobValues?: fc.Arbitrary<unknown>;
}

const enumOf = (names: Names): fc.Arbitrary<unknown> =>
  fc.oneof(
    fc.constantFrom<unknown>(...Object.keys(names)),
    fc.constantFrom<unknown>(...Object.values(names)),
  );

/** The platform value of a program value (an enumeration name → its integer). */
const wire = (f: ModelField, v: unknown): unknown =>
  f.names && typeof v === "string" && v in f.names ? f.names[v] : v;

const sameSetting = (f: ModelField, program: unknown, platform: unknown): boolean => {
  if (f.holds) return f.holds(program, platform);
  const w = wire(f, program);
  if (f.unordered && Array.isArray(w) && Array.isArray(platform))
    return canon([...w].map(String).sort()) === canon([...platform].map(String).sort());
  return canon(w) === canon(platform);
};

const get = (o: ProgramInputs, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (cur, k) =>
        cur && typeof cur === "object" ? (cur as Record<string, unknown>)[k] : undefined,
      o,
    );

function set(o: ProgramInputs, path: string, v: unknown): void {
  const keys = path.split(".");
  let cur = o as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) {
    if (!cur[k] || typeof cur[k] !== "object") cur[k] = {};
    cur = cur[k] as Record<string, unknown>;
  }
  cur[keys[keys.length - 1]] = v;
}

/** Removes `path`, and the objects it leaves empty. */
function unset(o: ProgramInputs, path: string): void {
  const keys = path.split(".");
  const chain: Record<string, unknown>[] = [o as Record<string, unknown>];
  for (const k of keys.slice(0, -1)) {
    const next = chain[chain.length - 1][k];
    if (!next || typeof next !== "object") return;
    chain.push(next as Record<string, unknown>);
  }
  delete chain[chain.length - 1][keys[keys.length - 1]];
  for (let i = chain.length - 1; i > 0; i--) {
    if (Object.keys(chain[i]).length > 0) break;
    delete chain[i - 1][keys[i - 1]];
  }
}

/** The zone a program entry names (`shieldZoneId`, or through `pullZoneId`). */
const zoneOf = (p: ProgramInputs): number | undefined =>
  typeof p.shieldZoneId === "number"
    ? p.shieldZoneId
    : typeof p.pullZoneId === "number"
      ? SETTINGS_PULL_ZONES[p.pullZoneId]
      : undefined;

/** A program's way to name one of `zones`: its id, or its pull zone. */
const placement = (zones: readonly number[]) =>
  fc.constantFrom<Record<string, number>>(
    ...zones.map((z) => ({ shieldZoneId: z })),
    ...Object.entries(SETTINGS_PULL_ZONES)
      .filter(([, z]) => zones.includes(z))
      .map(([pz]) => ({ pullZoneId: Number(pz) })),
  );

/**
 * The shield zones where `UnderAttackMode` is driven. Its switch is the zone's DDoS
 * sensitivity, which `ShieldZone` writes too (`ddos.sensitivity`): there, a ShieldZone never
 * manages the sensitivity (one setting, one owner: not a combination a program may have),
 * another actor edits it as UnderAttackMode's object, and ShieldZone's object does not hold it.
 */
const UNDER_ATTACK_ZONES = [2, 3];

/**
 * A settings kind of the model: the fields its programs manage, how an object's settings
 * project (every setting, by public path where the program may manage it), and how another
 * actor edits them.
 */
function settingsKind(o: {
  name: string;
  tag: string;
  provider: ModelKind["provider"];
  fields: readonly ModelField[];
  /** The second part of the object's key (`ResponsePage`'s `pageType`), if any. */
  key?: { name: string; values: readonly string[] };
  /** Every setting of a zone's object, managed ones by public path. */
  project(z: Zone, key?: string): Record<string, unknown>;
  /** What is compared byte for byte when nobody may touch it. */
  raw(z: Zone, key?: string): unknown;
  /** Another actor's write of one public path (platform value). */
  oobWrite(z: Zone, path: string, v: unknown, key?: string): void;
  paths: ModelKind["paths"];
  expectedErrors: RegExp[];
  /** Zones where the object exists (a plan may lack the feature). */
  zones: (z: Zone) => boolean;
  /** The zones a program places it in (default: every zone of the fixtures). */
  placed?: readonly number[];
  /** Whether a program may manage `path` in `zone` (default: every field everywhere). */
  allowed?: (path: string, zone: number | undefined) => boolean;
  /** Settings a program may manage in `zone` when an adoption drew none it may (never empty). */
  adoptFallback?: readonly (readonly [string, unknown])[];
}): ModelKind {
  const allowed = o.allowed ?? (() => true);
  const byPath = new Map(o.fields.map((f) => [f.path, f]));
  const keys: (string | undefined)[] = o.key ? [...o.key.values] : [undefined];
  const idOf = (zone: number, key: string | undefined) =>
    key === undefined ? String(zone) : `${zone}/${key}`;
  const keyOfProg = (p: ProgramInputs) =>
    o.key ? (p[o.key.name] as string | undefined) : undefined;
  const managedFields = (p: ProgramInputs) =>
    o.fields.filter((f) => get(p, f.path) !== undefined).map((f) => f.path);
  const someFields = fc
    .subarray([...o.fields], { minLength: 1, maxLength: Math.min(3, o.fields.length) })
    .chain((fs) => fc.tuple(...fs.map((f) => f.values.map((v) => [f.path, v] as const))));
  return {
    name: o.name,
    tag: o.tag,
    provider: o.provider,
    objects: (s) =>
      s.shieldZones.filter(o.zones).flatMap((z) =>
        keys.map((key): PlatformObject => ({
          key: `${o.tag}:${idOf(z.id, key)}`,
          id: idOf(z.id, key),
          zone: z.id,
          name: z.name,
          fields: o.project(z, key),
          raw: o.raw(z, key),
        })),
      ),
    paths: o.paths,
    uniqueNames: false,
    restoresPrior: { fields: o.fields.map((f) => f.path), unseen: {} },
    adoptId: (p) => {
      const z = zoneOf(p);
      return z === undefined ? undefined : idOf(z, keyOfProg(p));
    },
    zoneOf,
    managedFields,
    differences(p, obj) {
      const out: string[] = [];
      for (const path of managedFields(p)) {
        const f = byPath.get(path)!;
        if (!sameSetting(f, get(p, path), obj.fields[path]))
          out.push(`${path}: program ${canon(get(p, path))}, platform ${canon(obj.fields[path])}`);
      }
      return out;
    },
    expectedErrors: [
      ...o.expectedErrors,
      /another resource of this program (already|now) manages/, // one object, one resource
    ],
    addInputs: fc
      .tuple(placement(o.placed ?? ZONES), fc.constantFrom(...keys), someFields)
      .filter(([where, , pairs]) => pairs.some(([path]) => allowed(path, zoneOf(where))))
      .map(([where, key, pairs]) => {
        const inputs: ProgramInputs = { ...where };
        if (o.key && key !== undefined) inputs[o.key.name] = key;
        for (const [path, v] of pairs)
          if (allowed(path, zoneOf(where))) set(inputs, path, clone(v));
        return inputs;
      }),
    edits: fc
      .constantFrom(...o.fields)
      .chain((f) =>
        fc
          .tuple(f.values, fc.boolean())
          .map(([value, remove]): FieldEdit => ({ field: f.path, value, remove })),
      ),
    applyEdit(prog, e) {
      if (e.remove) {
        if (get(prog, e.field) === undefined) return undefined;
        if (managedFields(prog).length <= 1) return undefined; // at least one stays managed
        unset(prog, e.field);
        return `${e.field} removed (unmanaged)`;
      }
      if (!allowed(e.field, zoneOf(prog))) return undefined;
      set(prog, e.field, clone(e.value));
      return `${e.field} = ${JSON.stringify(e.value)}`;
    },
    // The same zone spelled the other way (shieldZoneId ↔ pullZoneId): a replacement of the
    // resource for the same settings object.
    modeSwitch(prog: ProgramInputs, _st: StateEntry) {
      const zone = zoneOf(prog);
      if (zone === undefined) return undefined;
      if (typeof prog.pullZoneId === "number") {
        delete prog.pullZoneId;
        prog.shieldZoneId = zone;
      } else {
        const pz = Object.entries(SETTINGS_PULL_ZONES).find(([, z]) => z === zone)?.[0];
        if (!pz) return undefined;
        delete prog.shieldZoneId;
        prog.pullZoneId = Number(pz);
      }
      return `now names ${JSON.stringify({ shieldZoneId: prog.shieldZoneId, pullZoneId: prog.pullZoneId })}`;
    },
    adoptSpecs: someFields,
    adoptInputs(obj, spec) {
      const inputs: ProgramInputs = { shieldZoneId: obj.zone };
      if (o.key) inputs[o.key.name] = String(obj.id).split("/")[1];
      let pairs = (spec as [string, unknown][]).filter(([path]) => allowed(path, obj.zone));
      if (pairs.length === 0) pairs = (o.adoptFallback ?? []).map(([p, v]) => [p, v]);
      for (const [path, v] of pairs) set(inputs, path, clone(v));
      return inputs;
    },
    oobEdits: fc.constantFrom(...o.fields).chain((f) =>
      (f.oobValues ?? f.values.map((v) => wire(f, v))).map((value): OobFieldEdit => ({
        field: f.path,
        value,
      })),
    ),
    oobEdit(s, obj, e) {
      // A setting that is another kind's object in this zone: that kind's edits change it.
      if (!allowed(e.field, obj.zone)) return false;
      const key = o.key ? String(obj.id).split("/")[1] : undefined;
      o.oobWrite(
        s.shieldZones.find((z) => z.id === obj.zone)!,
        e.field,
        e.value,
        key,
      );
    },
  };
}

// ---------------------------------------------------------------------------------------
// ShieldZone
// ---------------------------------------------------------------------------------------

/** The zone settings the model's programs manage, and where each lives (shield.md). */
const ZONE_FIELDS: readonly (ModelField & { key?: string; engineItem?: string })[] = [
  { path: "waf.enabled", values: fc.boolean(), key: "wafEnabled" },
  {
    path: "waf.mode",
    values: enumOf(WafExecutionMode),
    names: WafExecutionMode,
    key: "wafExecutionMode",
  },
  {
    path: "waf.logOnlyRules",
    values: fc.subarray(["920100", "942100", "941100"]),
    unordered: true,
    key: "wafLogOnlyRules",
  },
  {
    path: "ddos.sensitivity",
    values: enumOf(DDoSShieldSensitivity),
    names: DDoSShieldSensitivity,
    key: "dDoSShieldSensitivity",
  },
  {
    path: "ddos.challengeWindow",
    values: fc.constantFrom(60, 300, 1800),
    key: "dDoSChallengeWindow",
  },
  { path: "whitelabelResponsePages", values: fc.boolean(), key: "whitelabelResponsePages" },
  {
    path: "waf.paranoia.detection",
    values: fc.constantFrom(1, 2, 3, 4),
    engineItem: "detection_paranoia_level",
  },
];

type Settings = Record<string, unknown> & {
  wafEngineConfig?: { name: string; valueEncoded: string }[];
};
const settingsOf = (z: Zone): Settings =>
  ((z as unknown as { settings?: Settings }).settings ?? {}) as Settings;

/** Whether the zone's DDoS sensitivity is UnderAttackMode's object (not ShieldZone's). */
const underAttackZone = (zone: number | undefined) =>
  zone !== undefined && UNDER_ATTACK_ZONES.includes(zone);

/** ShieldZone's settings of a zone (less the DDoS sensitivity where UnderAttackMode has it). */
function shieldZoneSettings(z: Zone): Settings {
  if (!underAttackZone(z.id)) return settingsOf(z);
  const { dDoSShieldSensitivity: _underAttack, ...rest } = settingsOf(z);
  return rest as Settings;
}

/** `edge.shield.ShieldZone`: the zone's own settings (plan, WAF, DDoS, pages). */
export const shieldZoneKind: ModelKind = settingsKind({
  name: "ShieldZone",
  tag: "z",
  provider: shieldZoneProvider,
  fields: ZONE_FIELDS,
  zones: () => true,
  allowed: (path, zone) => path !== "ddos.sensitivity" || !underAttackZone(zone),
  adoptFallback: [["ddos.challengeWindow", 300]],
  project(z) {
    const s = shieldZoneSettings(z);
    const out: Record<string, unknown> = { planType: z.planType ?? 0 };
    const mapped = new Set<string>(["dDoSShieldSensitivity"]);
    for (const f of ZONE_FIELDS) {
      if (f.key === "dDoSShieldSensitivity" && underAttackZone(z.id)) continue;
      if (f.key === "wafEnabled") out[f.path] = z.wafEnabled ?? true;
      else if (f.key) out[f.path] = s[f.key] ?? null;
      else {
        const item = (s.wafEngineConfig ?? []).find((i) => i.name === f.engineItem);
        out[f.path] = item ? Number(item.valueEncoded) : null;
      }
      if (f.key) mapped.add(f.key);
    }
    // Every other setting, under its platform name: a program never names these.
    for (const [k, v] of Object.entries(s))
      if (!mapped.has(k) && k !== "wafEngineConfig") out[`platform.${k}`] = v;
    for (const i of s.wafEngineConfig ?? [])
      if (i.name !== "detection_paranoia_level") out[`engine.${i.name}`] = i.valueEncoded;
    return out;
  },
  raw: (z) => ({
    planType: z.planType ?? 0,
    wafEnabled: z.wafEnabled ?? true,
    settings: shieldZoneSettings(z),
  }),
  oobWrite(z, path, v) {
    const f = ZONE_FIELDS.find((x) => x.path === path)!;
    if (f.key === "wafEnabled") {
      z.wafEnabled = v as boolean;
      return;
    }
    const s = settingsOf(z);
    (z as unknown as { settings: Settings }).settings = s;
    if (f.key) s[f.key] = clone(v);
    else {
      const items = (s.wafEngineConfig ?? []).filter((i) => i.name !== f.engineItem);
      s.wafEngineConfig = [...items, { name: f.engineItem!, valueEncoded: String(v) }];
    }
  },
  paths: {
    create: "^/shield/shield-zone$",
    one: "^/shield/shield-zone(/\\d+)?$",
    list: "^/shield/shield-zones$",
    read: /^\/shield\/shield-zone\/(\d+)$/,
  },
  expectedErrors: [],
});

// ---------------------------------------------------------------------------------------
// BotDetection and UploadScanning
// ---------------------------------------------------------------------------------------

const BOT_FIELDS: readonly ModelField[] = [
  {
    path: "executionMode",
    values: enumOf(BotDetectionExecutionMode),
    names: BotDetectionExecutionMode,
  },
  {
    path: "requestIntegrity.sensitivity",
    values: enumOf(BotDetectionSensitivity),
    names: BotDetectionSensitivity,
  },
  {
    path: "ipAddress.sensitivity",
    values: enumOf(BotDetectionSensitivity),
    names: BotDetectionSensitivity,
  },
  {
    path: "browserFingerprint.aggression",
    values: enumOf(BrowserFingerprintAggression),
    names: BrowserFingerprintAggression,
  },
  { path: "browserFingerprint.complexEnabled", values: fc.boolean() },
];

type Part = Record<string, unknown>;
const part = (z: Zone, k: "botDetection" | "uploadScanning"): Part =>
  ((z as unknown as Record<string, Part | undefined>)[k] ?? {}) as Part;

/** Every leaf of a nested object by dotted path. */
function leaves(o: Part, prefix = ""): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (v && typeof v === "object" && !Array.isArray(v))
      Object.assign(out, leaves(v as Part, `${prefix}${k}.`));
    else out[`${prefix}${k}`] = v;
  }
  return out;
}

/** `edge.shield.BotDetection` (zone 1 is on the Basic plan: bot detection is not available there). */
export const botDetectionKind: ModelKind = settingsKind({
  name: "BotDetection",
  tag: "b",
  provider: botDetectionProvider,
  fields: BOT_FIELDS,
  zones: () => true,
  project: (z) => leaves(part(z, "botDetection")),
  raw: (z) => part(z, "botDetection"),
  oobWrite(z, path, v) {
    const b = clone(part(z, "botDetection"));
    set(b, path, v);
    (z as unknown as Record<string, Part>).botDetection = b;
  },
  paths: {
    create: "^/shield/shield-zone/\\d+/bot-detection$",
    one: "^/shield/shield-zone/\\d+/bot-detection$",
    list: "^/shield/shield-zone/\\d+/bot-detection$",
    read: /^\/shield\/shield-zone\/(\d+)\/bot-detection$/,
  },
  expectedErrors: [/Basic|plan/],
});

/** The public field of upload scanning → its platform name (shield.md). */
const UPLOAD_PLACES: Record<string, string> = {
  enabled: "isEnabled",
  csamScanningMode: "csamScanningMode",
  antivirusScanningMode: "antivirusScanningMode",
};

/** `edge.shield.UploadScanning` (every plan). */
export const uploadScanningKind: ModelKind = settingsKind({
  name: "UploadScanning",
  tag: "u",
  provider: uploadScanningProvider,
  fields: [
    { path: "enabled", values: fc.boolean() },
    {
      path: "csamScanningMode",
      values: enumOf(UploadScanningScannerMode),
      names: UploadScanningScannerMode,
    },
    {
      path: "antivirusScanningMode",
      values: enumOf(UploadScanningScannerMode),
      names: UploadScanningScannerMode,
    },
  ],
  zones: () => true,
  project: (z) => {
    const u = part(z, "uploadScanning");
    const out: Record<string, unknown> = {};
    for (const [pub, key] of Object.entries(UPLOAD_PLACES)) out[pub] = u[key] ?? null;
    for (const [k, v] of Object.entries(u))
      if (!Object.values(UPLOAD_PLACES).includes(k)) out[`platform.${k}`] = v;
    return out;
  },
  raw: (z) => part(z, "uploadScanning"),
  oobWrite(z, path, v) {
    const u = clone(part(z, "uploadScanning"));
    u[UPLOAD_PLACES[path]] = v;
    (z as unknown as Record<string, Part>).uploadScanning = u;
  },
  paths: {
    create: "^/shield/shield-zone/\\d+/upload-scanning$",
    one: "^/shield/shield-zone/\\d+/upload-scanning$",
    list: "^/shield/shield-zone/\\d+/upload-scanning$",
    read: /^\/shield\/shield-zone\/(\d+)\/upload-scanning$/,
  },
  expectedErrors: [],
});

// ---------------------------------------------------------------------------------------
// ApiGuardian and ResponsePage (the Business plan and above: zones 3 and 4)
// ---------------------------------------------------------------------------------------

/** The public field of API guardian's configuration → its platform name (shield.md). */
const GUARDIAN_PLACES: Record<string, string> = {
  enabled: "isEnabled",
  executionMode: "executionMode",
  bodyLimitAction: "bodyLimitAction",
  unmatchedPathAction: "unmatchedPathAction",
};
type Guardian = { configuration?: Part; spec?: unknown };
const guardianOf = (z: Zone): Guardian =>
  ((z as unknown as { apiGuardian?: Guardian }).apiGuardian ?? {}) as Guardian;

/** `edge.shield.ApiGuardian`'s configuration (below the Business plan: not available). */
export const apiGuardianKind: ModelKind = settingsKind({
  name: "ApiGuardian",
  tag: "g",
  provider: apiGuardianProvider,
  fields: [
    { path: "enabled", values: fc.boolean() },
    { path: "executionMode", values: enumOf(WafExecutionMode), names: WafExecutionMode },
    {
      path: "bodyLimitAction",
      values: enumOf(WafPayloadLimitAction),
      names: WafPayloadLimitAction,
    },
    {
      path: "unmatchedPathAction",
      values: enumOf(UnmatchedPathAction),
      names: UnmatchedPathAction,
    },
  ],
  zones: () => true,
  project: (z) => {
    const c = guardianOf(z).configuration ?? {};
    const out: Record<string, unknown> = {};
    for (const [pub, key] of Object.entries(GUARDIAN_PLACES)) out[pub] = c[key] ?? null;
    for (const [k, v] of Object.entries(c))
      if (!Object.values(GUARDIAN_PLACES).includes(k)) out[`platform.${k}`] = v;
    out["platform.spec"] = guardianOf(z).spec ?? null;
    return out;
  },
  raw: (z) => guardianOf(z),
  oobWrite(z, path, v) {
    const g = clone(guardianOf(z));
    g.configuration = { ...(g.configuration ?? {}), [GUARDIAN_PLACES[path]]: v };
    (z as unknown as { apiGuardian: Guardian }).apiGuardian = g;
  },
  paths: {
    create: "^/shield/shield-zone/\\d+/api-guardian$",
    one: "^/shield/shield-zone/\\d+/api-guardian$",
    list: "^/shield/shield-zone/\\d+/api-guardian$",
    read: /^\/shield\/shield-zone\/(\d+)\/api-guardian$/,
  },
  expectedErrors: [/feature_not_available_on_plan|plan/],
});

type Pages = Partial<Record<string, string>>;
const pagesOf = (z: Zone): Pages =>
  ((z as unknown as { customPages?: Pages }).customPages ?? {}) as Pages;

/** `edge.shield.ResponsePage`: the zone's page of one type (none: `null`). */
export const responsePageKind: ModelKind = settingsKind({
  name: "ResponsePage",
  tag: "p",
  provider: responsePageProvider,
  key: { name: "pageType", values: CustomPageTypes },
  fields: [
    {
      path: "html",
      values: fc.constantFrom(
        "<html><body>Stop</body></html>",
        "<html><body>Slow down</body></html>",
      ),
    },
  ],
  zones: () => true,
  project: (z, key) => ({ html: pagesOf(z)[key!] ?? null }),
  raw: (z, key) => pagesOf(z)[key!] ?? null,
  oobWrite(z, _path, v, key) {
    (z as unknown as { customPages: Pages }).customPages = { ...pagesOf(z), [key!]: v as string };
  },
  paths: {
    create: "^/shield/shield-zone/\\d+/custom-page/\\w+$",
    one: "^/shield/shield-zone/\\d+/custom-page/\\w+$",
    list: "^/shield/shield-zone/\\d+/custom-page/\\w+$",
    read: /^$/, // read by zone and page type: see readZone
    readZone: /^\/shield\/shield-zone\/(\d+)\/custom-page\/\w+$/,
  },
  expectedErrors: [/feature_not_available_on_plan|plan/],
});

// ---------------------------------------------------------------------------------------
// UnderAttackMode and BotCategorization
// ---------------------------------------------------------------------------------------

/**
 * `edge.shield.UnderAttackMode`: the switch is on when the zone's DDoS sensitivity is
 * `Challenge` (shield.md: under-attack mode). Its object is the sensitivity itself, so that
 * invariant (7) asks for the very level before Pulumi back (zone 3's `High`), not only "off";
 * another actor sets any level. Driven in zones 2 (the default level) and 3 (`High`) only.
 */
export const underAttackModeKind: ModelKind = settingsKind({
  name: "UnderAttackMode",
  tag: "x",
  provider: underAttackModeProvider,
  fields: [
    {
      path: "enabled",
      values: fc.boolean(),
      holds: (on, level) => (level === DDoSShieldSensitivity.Challenge) === on,
      oobValues: fc.constantFrom<unknown>(...Object.values(DDoSShieldSensitivity)),
    },
  ],
  zones: (z) => underAttackZone(z.id),
  placed: UNDER_ATTACK_ZONES,
  project: (z) => ({ enabled: settingsOf(z).dDoSShieldSensitivity ?? null }),
  raw: (z) => settingsOf(z).dDoSShieldSensitivity ?? null,
  oobWrite(z, _path, v) {
    (z as unknown as { settings: Settings }).settings = {
      ...settingsOf(z),
      dDoSShieldSensitivity: v,
    };
  },
  paths: shieldZoneKind.paths,
  expectedErrors: [],
});

/** The categories and known bots the model's programs set an action for (of the platform's). */
const BOT_CATEGORIES = ["SEO", "AIScraper", "Tool"] as const;
const KNOWN_BOT_IDS = [1, 3, 6] as const;
/** Every category and known bot of the emulator (`GET …/bot-categorization`), projected. */
const ALL_CATEGORIES = Object.entries(BotCategory).filter(([n]) => n !== "None");
const ALL_BOT_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9];

type BotActions = { bots: Record<string, number>; categories: Record<string, number> };
const botActionsOf = (z: Zone): BotActions | undefined =>
  (z as unknown as { botCategorization?: BotActions }).botCategorization;

/**
 * `edge.shield.BotCategorization`: an action per category (`categories.<name>`) and per known
 * bot (`bots.<id>`); `None` is no action (the platform stores only the others). Every
 * category and bot is projected, so an entry the program does not name is an unmanaged
 * setting that must keep its value.
 */
export const botCategorizationKind: ModelKind = settingsKind({
  name: "BotCategorization",
  tag: "c",
  provider: botCategorizationProvider,
  fields: [
    ...BOT_CATEGORIES.map((c) => ({
      path: `categories.${c}`,
      values: enumOf(BotCategoryAction),
      names: BotCategoryAction,
    })),
    ...KNOWN_BOT_IDS.map((id) => ({
      path: `bots.${id}`,
      values: enumOf(BotCategorizationAction),
      names: BotCategorizationAction,
    })),
  ],
  zones: () => true,
  project(z) {
    const a = botActionsOf(z);
    const out: Record<string, unknown> = {};
    for (const [name, n] of ALL_CATEGORIES)
      out[`categories.${name}`] = a?.categories[String(n)] ?? 0;
    for (const id of ALL_BOT_IDS) out[`bots.${id}`] = a?.bots[String(id)] ?? 0;
    return out;
  },
  raw: (z) => botActionsOf(z) ?? null,
  oobWrite(z, path, v) {
    const a = clone(botActionsOf(z) ?? { bots: {}, categories: {} });
    const [part, key] = path.split(".");
    const id = part === "categories" ? String((BotCategory as Names)[key]) : key;
    const entries = a[part as keyof BotActions];
    if (v === 0) delete entries[id];
    else entries[id] = v as number;
    // As the platform stores it: no part when every action is None.
    const holder = z as unknown as { botCategorization?: BotActions };
    if (Object.keys(a.bots).length + Object.keys(a.categories).length === 0)
      delete holder.botCategorization;
    else holder.botCategorization = a;
  },
  paths: {
    create: "^/shield/shield-zone/\\d+/bot-categorization/",
    one: "^/shield/shield-zone/\\d+/bot-categorization(/|$)",
    list: "^/shield/shield-zone/\\d+/bot-categorization$",
    read: /^\/shield\/shield-zone\/(\d+)\/bot-categorization$/,
  },
  expectedErrors: [],
});
