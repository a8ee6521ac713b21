/**
 * The emulator's rules for pull-zone requests beyond their published shapes (the shapes are
 * checked by the routes' schemas, `pullzone-document.ts`), written from the published
 * document and what the platform is known to take, never from the client's checks:
 *
 * - a zone's name: 1–60 letters, digits and dashes, not taken (any case);
 * - an origin URL: an absolute http(s) URL; the origin type names what it needs (an origin
 *   URL: `OriginUrl`; a storage zone: `StorageZoneId`; an edge script: `EdgeScriptId`; Magic
 *   Containers: `MagicContainersAppId`);
 * - a hostname: DNS labels of letters, digits and dashes, at most 253 characters; a referrer
 *   may start with `*.`; a blocked IP: an IPv4 or IPv6 address, or a CIDR range;
 * - an edge rule: a guid in the 8-4-4-4-12 form; a new rule names its action; each trigger
 *   has at least one pattern; a redirect's first parameter is an absolute URL, a status code
 *   100–599, a cache time a whole number of seconds from 0;
 * - a certificate and its key: PEM text, or base64 of PEM text;
 * - the settings the document describes in words (countries, routing filters, WebSocket
 *   tiers…): `pullzone-settings-rules.ts`.
 */
import { isIP } from "net";
import { settingsRuleFailures } from "./pullzone-settings-rules";

/** One refused field: its path and why. */
export interface FieldFailure {
  field: string;
  message: string;
}

type Json = Record<string, unknown>;

/** Names the platform accepts: letters, digits and dashes, 1–60 characters. */
export const PULL_ZONE_NAME_PATTERN = /^[a-zA-Z0-9-]{1,60}$/;

/** The origin types (`PullZoneOriginType` of the document) and the field each needs. */
const ORIGIN_NEEDS: Record<number, string> = {
  0: "OriginUrl",
  2: "StorageZoneId",
  4: "EdgeScriptId",
  5: "MagicContainersAppId",
};

const GUID = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const LABEL = /^[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;

/** Whether `v` is an absolute http(s) URL. */
export function isHttpUrl(v: unknown): boolean {
  if (typeof v !== "string") return false;
  try {
    const u = new URL(v);
    return (u.protocol === "http:" || u.protocol === "https:") && u.hostname !== "";
  } catch {
    return false;
  }
}

/** Whether `v` is a hostname (`wildcard`: a leading `*.` allowed). */
export function isHostname(v: unknown, wildcard = false): boolean {
  if (typeof v !== "string" || v.length > 253) return false;
  const name = wildcard && v.startsWith("*.") ? v.slice(2) : v;
  const labels = name.replace(/\.$/, "").split(".");
  return labels.length >= 2 && labels.every((l) => LABEL.test(l));
}

/** Whether `v` is an IP address or a CIDR range. */
export function isIpOrRange(v: unknown): boolean {
  if (typeof v !== "string") return false;
  const [ip, bits, ...rest] = v.split("/");
  const family = isIP(ip);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  const n = Number(bits);
  return /^\d+$/.test(bits) && n <= (family === 4 ? 32 : 128);
}

/** A name's failure (form, or taken by one of `taken`), or undefined. */
export function nameFailure(name: unknown, taken: string[]): FieldFailure | undefined {
  if (typeof name !== "string" || !PULL_ZONE_NAME_PATTERN.test(name))
    return { field: "Name", message: "may contain only letters, digits and dashes (1-60)" };
  if (taken.some((t) => t.toLowerCase() === name.toLowerCase()))
    return { field: "Name", message: `the name ${name} is already taken` };
  return undefined;
}

/** Failures of a zone's settings (an add or an update); `add`: the origin must be complete. */
export function settingsFailures(b: Json, add: boolean): FieldFailure[] {
  const out: FieldFailure[] = [];
  const given = (k: string) => b[k] !== undefined && b[k] !== null && b[k] !== "";
  if (given("OriginUrl") && !isHttpUrl(b.OriginUrl))
    out.push({ field: "OriginUrl", message: "must be an absolute http(s) URL" });
  const type = typeof b.OriginType === "number" ? b.OriginType : add ? 0 : undefined;
  const needs = type === undefined ? undefined : ORIGIN_NEEDS[type];
  if (needs && (add || given("OriginType")) && !given(needs))
    out.push({ field: needs, message: `is required with OriginType ${type}` });
  for (const k of ["AllowedReferrers", "BlockedReferrers"] as const)
    (Array.isArray(b[k]) ? (b[k] as unknown[]) : []).forEach((r, i) => {
      if (!isHostname(r, true)) out.push({ field: `${k}[${i}]`, message: "must be a hostname" });
    });
  (Array.isArray(b.BlockedIps) ? (b.BlockedIps as unknown[]) : []).forEach((ip, i) => {
    if (!isIpOrRange(ip))
      out.push({ field: `BlockedIps[${i}]`, message: "must be an IP address or a CIDR range" });
  });
  out.push(...optimizerClassFailures(b.OptimizerClasses));
  out.push(...settingsRuleFailures(b));
  return out;
}

/**
 * Failures of a zone's `OptimizerClasses` as written (the whole array): each class has a
 * non-empty `Name`, unique in the array (in any case), and `Properties` of string values.
 */
export function optimizerClassFailures(classes: unknown): FieldFailure[] {
  if (!Array.isArray(classes)) return [];
  const out: FieldFailure[] = [];
  const seen = new Set<string>();
  classes.forEach((c: Json | null, i) => {
    const at = `OptimizerClasses[${i}]`;
    const name = c?.Name;
    if (typeof name !== "string" || name.trim() === "")
      out.push({ field: `${at}.Name`, message: "is required: the class's name" });
    else if (seen.has(name.toLowerCase()))
      out.push({ field: `${at}.Name`, message: `the class ${name} is given twice` });
    else seen.add(name.toLowerCase());
    const props = c?.Properties;
    if (props === undefined || props === null) return;
    if (typeof props !== "object" || Array.isArray(props))
      return void out.push({ field: `${at}.Properties`, message: "must be a map of strings" });
    for (const [k, v] of Object.entries(props as Json))
      if (typeof v !== "string")
        out.push({ field: `${at}.Properties.${k}`, message: "must be a string" });
  });
  return out;
}

/** The failure of an action's parameters (`at`: `""` or `ExtraActions[i].`). */
function actionFailure(a: Json, at: string): FieldFailure | undefined {
  const p1 = a.ActionParameter1;
  const field = `${at}ActionParameter1`;
  switch (a.ActionType) {
    case 1: // Redirect
      return isHttpUrl(p1) ? undefined : { field, message: "a redirect needs an absolute URL" };
    case 14: // SetStatusCode
      return /^[1-5]\d\d$/.test(String(p1 ?? ""))
        ? undefined
        : { field, message: "must be a status code from 100 to 599" };
    case 3: // OverrideCacheTime
    case 10: // OverrideCacheTimePublic
    case 16: // OverrideBrowserCacheTime
      return /^\d+$/.test(String(p1 ?? ""))
        ? undefined
        : { field, message: "must be a whole number of seconds from 0" };
    default:
      return undefined;
  }
}

/** Failures of an edge-rule write; `isNew`: no rule of the zone has its guid. */
export function edgeRuleFailures(b: Json, isNew: boolean): FieldFailure[] {
  const out: FieldFailure[] = [];
  if (b.Guid !== undefined && b.Guid !== null && !GUID.test(String(b.Guid)))
    out.push({ field: "Guid", message: "must be a guid (8-4-4-4-12 hexadecimal digits)" });
  if (isNew && typeof b.ActionType !== "number")
    out.push({ field: "ActionType", message: "a new edge rule needs an action" });
  const action = actionFailure(b, "");
  if (action) out.push(action);
  (Array.isArray(b.ExtraActions) ? (b.ExtraActions as Json[]) : []).forEach((a, i) => {
    const f = actionFailure(a ?? {}, `ExtraActions[${i}].`);
    if (f) out.push(f);
  });
  (Array.isArray(b.Triggers) ? (b.Triggers as Json[]) : []).forEach((t, i) => {
    const p = t?.PatternMatches;
    if (!Array.isArray(p) || p.length === 0)
      out.push({ field: `Triggers[${i}].PatternMatches`, message: "needs at least one pattern" });
  });
  return out;
}

/** Whether `v` is PEM text with `label` (`CERTIFICATE`, `PRIVATE KEY`), or base64 of it. */
export function isPem(v: unknown, label: string): boolean {
  if (typeof v !== "string") return false;
  const has = (s: string) => s.includes("-----BEGIN ") && s.includes(`${label}-----`);
  if (has(v)) return true;
  return /^[A-Za-z0-9+/=\s]+$/.test(v) && has(Buffer.from(v, "base64").toString("utf8"));
}
