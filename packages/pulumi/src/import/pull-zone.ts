/**
 * The pull-zone resources of `edgeplatform-import --pull-zone ID`: the zone as an adopting
 * `edge.pullzones.PullZone` (`pullZoneId`, the settings that differ from a new zone's), its
 * edge rules as adopting `edge.pullzones.EdgeRule`s (`edgeRuleId`, every field as read, by
 * priority), its optimizer classes as adopting `edge.pullzones.OptimizerClass`es (`className`,
 * their properties) and its hostnames other than the system one as adopting
 * `edge.pullzones.Hostname`s (`existingHostname`, `forceSsl`, a free certificate as
 * `{ type: "free" }`). Each child takes the zone's `pullZoneId` output. Nothing the platform
 * cannot answer is invented: a custom certificate's key is never readable, so such a
 * hostname's certificate is written as read with its key from the stack config as a secret
 * (`config.requireSecret`, the key named beside it and in the notes, flagged "certificate key
 * not readable: supply it"; left out when the answer has no certificate); the log-forwarding token (a secret) is never written in a program,
 * nor are the write-only settings (`dnsOriginPort`…), which no answer shows.
 * Pure and deterministic: the same zone always gives the same lines.
 */
import type { PullZoneModel } from "edgeplatform-client";
import { pullZoneKind } from "../resources/kinds/settings/pull-zone";
import { BLUEPRINTS_PATH, blueprintsOf } from "../resources/kinds/settings/pull-zone-blueprints";
import { EDGE_RULE_ENUMS } from "../resources/kinds/collections/edge-rule";
import {
  KEY_TYPES,
  normalHostname,
  type WireHostname,
} from "../resources/kinds/collections/hostname-wire";
import { array, enumValue, key, literal, plural, pushRendered, str, type Warn } from "./render";

/** One pull zone as the import read it (GET `/pullzone/{id}`: settings and children). */
export interface PullZoneImport {
  pullZoneId: number;
  zone: PullZoneModel;
}

/**
 * A new pull zone's value of each `PullZone` setting, by its input (observed; the platform has
 * no endpoint that answers them). A setting at this value is not written (not managed); a wrong
 * default costs a managed field, never a write. `originUrl` has none: a zone's origin is its own.
 */
export const PULL_ZONE_DEFAULTS: Readonly<Record<string, unknown>> = Object.freeze({
  originUrl: "",
  type: 0,
  originHostHeader: "",
  addHostHeader: false,
  followRedirects: false,
  verifyOriginSsl: false,
  originConnectTimeout: 10,
  originResponseTimeout: 60,
  originRetries: 0,
  cacheControlMaxAgeOverride: -1,
  cacheControlPublicMaxAgeOverride: -1,
  enableQueryStringOrdering: false,
  ignoreQueryStrings: false,
  enableCacheSlice: false,
  enableSmartCache: false,
  cacheErrorResponses: false,
  useStaleWhileUpdating: false,
  useStaleWhileOffline: true,
  disableCookies: false,
  blockRootPathAccess: false,
  blockPostRequests: false,
  blockNoneReferrer: false,
  allowedReferrers: [],
  blockedReferrers: [],
  blockedIps: [],
  limitRatePerSecond: 0,
  limitRateAfter: 0,
  requestLimit: 0,
  burstSize: 0,
  connectionLimitPerIpCount: 0,
  monthlyBandwidthLimit: 0,
  enableLogging: true,
  loggingIpAnonymizationEnabled: true,
  logAnonymizationType: 0,
  logFormat: 0,
  logForwardingEnabled: false,
  logForwardingHostname: "",
  logForwardingPort: 0,
  logForwardingProtocol: 0,
  logForwardingFormat: 0,
  originType: 0,
  storageZoneId: 0,
  edgeScriptId: 0,
  middlewareScriptId: 0,
  edgeScriptExecutionPhase: 0,
  magicContainersAppId: "",
  magicContainersEndpointId: "",
  loadBalancerId: 0,
  useBackgroundUpdate: false,
  permaCacheStorageZoneId: 0,
  permaCacheType: 0,
  blockedCountries: [],
  enableWebSockets: false,
  maxWebSocketConnections: 0,
  loggingSaveToStorage: false,
  loggingStorageZoneId: 0,
  awsSigningEnabled: false,
  awsSigningKey: "",
  awsSigningRegionName: "",
  enableOriginShield: false,
  originShieldZoneCode: "",
  originShieldEnableConcurrencyLimit: false,
  originShieldMaxConcurrentRequests: 200,
  originShieldMaxQueuedRequests: 5000,
  originShieldQueueMaxWaitTime: 30,
  enableRequestCoalescing: false,
  requestCoalescingTimeout: 30,
  enableSafeHop: false,
  originRetry5xxResponses: false,
  originRetryConnectionTimeout: false,
  originRetryResponseTimeout: false,
  originRetryDelay: 0,
  enableWebpVary: false,
  enableAvifVary: false,
  enableMobileVary: false,
  enableCountryCodeVary: false,
  enableCountryStateCodeVary: false,
  enableHostnameVary: false,
  queryStringVaryParameters: [],
  enableCookieVary: false,
  cookieVaryParameters: [],
  cacheKeyHeaders: "",
  zoneSecurityEnabled: false,
  zoneSecurityIncludeHashRemoteIp: false,
  enableTls1: true,
  enableTls11: true,
  tlsSecurityLevel: 0,
  enableAutoSsl: true,
  disableLetsEncrypt: false,
  shieldDdosProtectionEnabled: false,
  shieldDdosProtectionType: 0,
  enableAccessControlOriginHeader: false,
  accessControlOriginHeaderExtensions: [],
  addCanonicalHeader: false,
  optimizerEnabled: false,
  optimizerTunnelEnabled: false,
  optimizerAutomaticOptimizationEnabled: false,
  optimizerDesktopMaxWidth: 1600,
  optimizerMobileMaxWidth: 800,
  optimizerImageQuality: 85,
  optimizerMobileImageQuality: 70,
  optimizerEnableWebp: true,
  optimizerEnableUpscaling: false,
  optimizerEnableManipulationEngine: false,
  optimizerForceClasses: false,
  optimizerPrerenderHtml: false,
  optimizerMinifyCss: true,
  optimizerMinifyJavaScript: true,
  optimizerWatermarkEnabled: false,
  optimizerWatermarkUrl: "",
  optimizerWatermarkPosition: 0,
  optimizerWatermarkOffset: 0,
  optimizerWatermarkMinImageSize: 0,
  optimizerStaticHtmlEnabled: false,
  optimizerStaticHtmlWordPressPath: "",
  optimizerStaticHtmlWordPressBypassCookie: "",
  enableBunnyImageAi: false,
  enableGeoZoneUs: true,
  enableGeoZoneEu: true,
  enableGeoZoneAsia: true,
  enableGeoZoneSa: true,
  enableGeoZoneAf: true,
  ipFamilyPolicy: 0,
  routingFilters: [],
  budgetRedirectedCountries: [],
  stickySessionType: 0,
  stickySessionCookieName: "",
  stickySessionClientHeaders: "",
  errorPageWhitelabel: false,
  errorPageEnableCustomCode: false,
  errorPageCustomCode: "",
  errorPageEnableStatuspageWidget: false,
  errorPageStatuspageCode: "",
  preloadingScreenEnabled: false,
  preloadingScreenShowOnFirstVisit: false,
  preloadingScreenTheme: 0,
  preloadingScreenLogoUrl: "",
  preloadingScreenDelay: 700,
  preloadingScreenCodeEnabled: false,
  preloadingScreenCode: "",
  bunnyAiImageBlueprints: [],
});

/** The flag of a custom certificate, whose key the platform never answers. */
export const KEY_NOT_READABLE = "certificate key not readable: supply it";

/** The stack config key a custom certificate's private key is read from (`<variable>CertificateKey`). */
export const certificateKeyConfig = (variable: string) => `${variable}CertificateKey`;

/** Type tokens of the pull-zone resources. */
export type PullZoneResourceType =
  | "pulumi-nodejs:dynamic/pullzones:PullZone"
  | "pulumi-nodejs:dynamic/pullzones:EdgeRule"
  | "pulumi-nodejs:dynamic/pullzones:OptimizerClass"
  | "pulumi-nodejs:dynamic/pullzones:Hostname";

/** One pull-zone resource of the program. */
export interface PullZoneResource {
  type: PullZoneResourceType;
  name: string;
  variable: string;
  /** The pull zone's id. */
  id: number;
  /** The child's own id: the edge rule's guid, the class's name, the hostname. */
  key?: string;
}

/** How names are handed out (the program's namer): unique kebab names and variables. */
export interface PullZoneNames {
  /** `base`, or `base-<suffix>` when `shared` or already taken. */
  name(base: string, suffix: string | number, shared: boolean): string;
  variable(name: string, prefix: string, suffix: string): string;
  kebab(text: string): string;
}

/** What {@link pullZoneLines} gives. */
export interface PullZoneLines {
  lines: string[];
  resources: PullZoneResource[];
  /** For standard error: what a human must supply (custom certificates' keys). */
  notes: string[];
  /** Whether the lines read the stack config (`config`, a `pulumi.Config`). */
  usesConfig?: boolean;
}

/** Deep equality of JSON-like values; lists compared as sets when `unordered`. */
function same(a: unknown, b: unknown, unordered = false): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false;
    const x = unordered ? [...a].map(String).sort() : a;
    const y = unordered ? [...b].map(String).sort() : b;
    return x.every((v, i) => same(v, y[i]));
  }
  return a === b;
}

/** The zone's non-secret settings that differ from {@link PULL_ZONE_DEFAULTS}, as arg lines. */
function settingLines(z: PullZoneModel, warn: Warn): { lines: string[]; secretsSet: string[] } {
  const raw = z as unknown as Record<string, unknown>;
  const lines: string[] = [];
  const secretsSet: string[] = [];
  for (const f of pullZoneKind.fields) {
    // The image blueprints in the program's form (`{ name, properties }`).
    const read = raw[f.flatKey ?? f.path];
    const v = f.path === BLUEPRINTS_PATH ? blueprintsOf(read) : read;
    if (v === undefined || v === null) continue;
    if (f.secret) {
      if (v !== "") secretsSet.push(f.path);
      continue;
    }
    if (same(v, PULL_ZONE_DEFAULTS[f.path], f.unordered)) continue;
    const w = (m: string) => warn(`pull zone ${z.Id}.${m}`);
    const r = f.names
      ? enumValue(f.path, f.names, v, w)
      : Array.isArray(v)
        ? array(v.map((x) => ({ text: literal(x) })))
        : { text: literal(v) };
    pushRendered(lines, "  ", `${key(f.path)}: `, r);
  }
  return { lines, secretsSet };
}

/** A trigger as source: its type, patterns, and what differs from a new trigger's defaults. */
function triggerText(t: Record<string, unknown>, where: string, warn: Warn): string {
  const w = (m: string) => warn(`${where}.${m}`);
  const parts = [
    `type: ${enumValue("type", EDGE_RULE_ENUMS.type, t.Type, w).text}`,
    `patternMatches: ${literal(t.PatternMatches ?? [])}`,
  ];
  const pmt = t.PatternMatchingType ?? 0;
  if (pmt !== 0)
    parts.push(
      `patternMatchingType: ${enumValue("patternMatchingType", EDGE_RULE_ENUMS.patternMatchingType, pmt, w).text}`,
    );
  if (typeof t.Parameter1 === "string" && t.Parameter1 !== "")
    parts.push(`parameter1: ${str(t.Parameter1)}`);
  return `{ ${parts.join(", ")} }`;
}

/** An edge rule's arg lines (after `pullZoneId`), every managed field as read. */
function edgeRuleArgs(r: Record<string, unknown>, where: string, warn: Warn): string[] {
  const w = (m: string) => warn(`${where}.${m}`);
  const out = [`  edgeRuleId: ${str(String(r.Guid))},`];
  if (typeof r.Description === "string") out.push(`  description: ${str(r.Description)},`);
  pushRendered(
    out,
    "  ",
    "actionType: ",
    enumValue("actionType", EDGE_RULE_ENUMS.actionType, r.ActionType, w),
  );
  out.push(`  actionParameter1: ${literal(r.ActionParameter1 ?? null)},`);
  out.push(`  actionParameter2: ${literal(r.ActionParameter2 ?? null)},`);
  const triggers = Array.isArray(r.Triggers) ? (r.Triggers as Record<string, unknown>[]) : [];
  pushRendered(
    out,
    "  ",
    "triggers: ",
    array(triggers.map((t, i) => ({ text: triggerText(t, `${where}.triggers[${i}]`, warn) }))),
  );
  if (r.TriggerMatchingType !== undefined && r.TriggerMatchingType !== null)
    pushRendered(
      out,
      "  ",
      "triggerMatchingType: ",
      enumValue(
        "triggerMatchingType",
        EDGE_RULE_ENUMS.triggerMatchingType,
        r.TriggerMatchingType,
        w,
      ),
    );
  if (typeof r.Enabled === "boolean") out.push(`  enabled: ${r.Enabled},`);
  if (typeof r.OrderIndex === "number") out.push(`  priority: ${r.OrderIndex},`);
  const kept: string[] = [];
  if (r.ActionParameter3 !== undefined && r.ActionParameter3 !== null && r.ActionParameter3 !== "")
    kept.push(`actionParameter3 ${literal(r.ActionParameter3)}`);
  if (Array.isArray(r.ExtraActions) && r.ExtraActions.length > 0)
    kept.push(plural(r.ExtraActions.length, "extra action"));
  if (kept.length > 0)
    out.push(
      `  // not managed by EdgeRule (every write sends them back as read): ${kept.join(", ")}`,
    );
  return out;
}

/** Names a child `<zone>-<what>-<label>`, with its id when two children share the label. */
function childNames<T>(
  names: PullZoneNames,
  zoneName: string,
  what: string,
  items: T[],
  label: (x: T) => string,
  id: (x: T) => string,
  prefix: [string, string],
): { name: string; variable: string }[] {
  const bases = items.map((x) => `${zoneName}-${what}-${names.kebab(label(x)) || what}`);
  const uses = new Map<string, number>();
  for (const b of bases) uses.set(b, (uses.get(b) ?? 0) + 1);
  return items.map((x, i) => {
    const name = names.name(bases[i], id(x), (uses.get(bases[i]) ?? 0) > 1);
    return { name, variable: names.variable(name, ...prefix) };
  });
}

/** `new edge.pullzones.<type>(name, {` … `});` */
const open = (variable: string, type: string, name: string) =>
  `const ${variable} = new edge.pullzones.${type}(${str(name)}, {`;

/** The header line of a zone: what was read. */
export function pullZoneHeader(p: PullZoneImport): string {
  const z = p.zone;
  const hosts = ((z.Hostnames ?? []) as WireHostname[]).filter((h) => h.IsSystemHostname !== true);
  return (
    `//   pull zone ${p.pullZoneId}${z.Name ? ` (${z.Name})` : ""}: ` +
    `${plural((z.EdgeRules ?? []).length, "edge rule")}, ` +
    `${plural((z.OptimizerClasses ?? []).length, "optimizer class").replace(/classs$/, "classes")}, ` +
    `${plural(hosts.length, "hostname")}`
  );
}

/** The lines of one pull zone: the zone, its edge rules, optimizer classes and hostnames. */
export function pullZoneLines(p: PullZoneImport, names: PullZoneNames, warn: Warn): PullZoneLines {
  const z = p.zone;
  const id = p.pullZoneId;
  const out: PullZoneLines = { lines: [], resources: [], notes: [] };
  const L = out.lines;
  const zoneName = names.name(names.kebab(z.Name ?? "") || `pull-zone-${id}`, id, false);
  const zoneVar = names.variable(zoneName, "pullZone", "PullZone");
  const ref = `${zoneVar}.pullZoneId`;
  out.resources.push({
    type: "pulumi-nodejs:dynamic/pullzones:PullZone",
    name: zoneName,
    variable: zoneVar,
    id,
  });
  const settings = settingLines(z, warn);
  L.push(
    `// pull zone ${id}${z.Name ? ` (${z.Name})` : ""}: the zone (the settings that differ from a new zone's), its`,
    "// edge rules (by priority), optimizer classes and hostnames, each adopted",
    open(zoneVar, "PullZone", zoneName),
    `  pullZoneId: ${id},`,
    ...settings.lines,
    ...settings.secretsSet.map(
      (s) =>
        `  // ${s} is set: a secret, not written here (give it from a secret config to manage it)`,
    ),
    "});",
  );

  const rules = [...((z.EdgeRules ?? []) as unknown as Record<string, unknown>[])].sort(
    (a, b) =>
      Number(a.OrderIndex ?? 0) - Number(b.OrderIndex ?? 0) ||
      String(a.Guid ?? "").localeCompare(String(b.Guid ?? "")),
  );
  const ruleNames = childNames(
    names,
    zoneName,
    "rule",
    rules,
    (r) => String(r.Description ?? ""),
    (r) => String(r.Guid ?? "").slice(0, 8),
    ["rule", "Rule"],
  );
  rules.forEach((r, i) => {
    const n = ruleNames[i];
    const guid = String(r.Guid ?? "");
    out.resources.push({ type: "pulumi-nodejs:dynamic/pullzones:EdgeRule", ...n, id, key: guid });
    L.push(
      open(n.variable, "EdgeRule", n.name),
      `  pullZoneId: ${ref},`,
      ...edgeRuleArgs(r, `edge rule ${guid} of pull zone ${id}`, warn),
      "});",
    );
  });

  const classes = [
    ...((z.OptimizerClasses ?? []) as { Name?: string | null; Properties?: unknown }[]),
  ]
    .filter((c) => typeof c.Name === "string" && c.Name !== "")
    .sort((a, b) => String(a.Name).localeCompare(String(b.Name)));
  const classNames = childNames(
    names,
    zoneName,
    "class",
    classes,
    (c) => String(c.Name),
    (c) => String(c.Name),
    ["optimizerClass", "Class"],
  );
  classes.forEach((c, i) => {
    const n = classNames[i];
    out.resources.push({
      type: "pulumi-nodejs:dynamic/pullzones:OptimizerClass",
      ...n,
      id,
      key: String(c.Name),
    });
    const props = c.Properties && typeof c.Properties === "object" ? c.Properties : {};
    L.push(
      open(n.variable, "OptimizerClass", n.name),
      `  pullZoneId: ${ref},`,
      `  className: ${str(String(c.Name))},`,
      `  properties: ${literal(props)},`,
      "});",
    );
  });

  const all = [...((z.Hostnames ?? []) as WireHostname[])].sort(
    (a, b) => (a.Id ?? 0) - (b.Id ?? 0),
  );
  const system = all.filter((h) => h.IsSystemHostname === true);
  const hosts = all.filter((h) => h.IsSystemHostname !== true && (h.Value ?? "") !== "");
  for (const s of system)
    L.push(
      `// ${s.Value}: the zone's system hostname, not adopted (add an edge.pullzones.Hostname with`,
      "// existingHostname to manage its forceSsl)",
    );
  const hostNames = childNames(
    names,
    zoneName,
    "host",
    hosts,
    (h) => normalHostname(h.Value ?? ""),
    (h) => String(h.Id ?? ""),
    ["hostname", "Hostname"],
  );
  hosts.forEach((h, i) => {
    const n = hostNames[i];
    const value = normalHostname(h.Value ?? "");
    out.resources.push({ type: "pulumi-nodejs:dynamic/pullzones:Hostname", ...n, id, key: value });
    const provision = h.CertificateProvisionType ?? 0;
    const args = [`  pullZoneId: ${ref},`, `  existingHostname: ${str(value)},`];
    args.push(`  forceSsl: ${h.ForceSSL === true},`);
    const keyType = h.CertificateKeyType ?? 0;
    if (keyType !== KEY_TYPES.Ecdsa) {
      const r = enumValue("certificateKeyType", KEY_TYPES, keyType, (m) =>
        warn(`hostname ${value} of pull zone ${id}.${m}`),
      );
      pushRendered(args, "  ", "certificateKeyType: ", r);
    }
    if (provision === 3 && h.HasCertificate === true && typeof h.Certificate === "string") {
      // The certificate as read; its key, never answered, from the stack config as a secret.
      const configKey = certificateKeyConfig(n.variable);
      out.usesConfig = true;
      out.notes.push(
        `hostname ${value} of pull zone ${id}: custom certificate: ${KEY_NOT_READABLE}: ` +
          `pulumi config set --secret ${configKey} < <its key file>`,
      );
      args.push(
        `  // ${KEY_NOT_READABLE}: pulumi config set --secret ${configKey} < <its key file>`,
        "  certificate: {",
        '    type: "custom",',
        `    certificate: ${str(h.Certificate)},`,
        `    privateKey: config.requireSecret(${str(configKey)}),`,
        "  },",
      );
    } else if (provision === 3 && h.HasCertificate === true) {
      const m = `hostname ${value} of pull zone ${id}: custom certificate: ${KEY_NOT_READABLE}`;
      out.notes.push(m);
      args.push(
        `  // custom certificate: ${KEY_NOT_READABLE} (left out: not managed; to manage it, add`,
        '  // certificate: { type: "custom", certificate: <PEM>, privateKey: <a secret> })',
      );
    } else if (h.HasCertificate === true && (provision === 1 || provision === 2)) {
      args.push(`  certificate: { type: "free" },`);
    } else if (h.HasCertificate !== true && provision !== 0) {
      args.push("  // its certificate is pending: not managed here");
    }
    L.push(open(n.variable, "Hostname", n.name), ...args, "});");
  });
  return out;
}
