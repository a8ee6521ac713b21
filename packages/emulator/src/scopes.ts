/**
 * Scoped API keys: keys that are accepted (never 401) but see only some zones. Everything
 * else answers the way the live platform answers a key without access, which is
 * indistinguishable from "gone": `not_found_or_unauthorised_access.shieldzone` embedded in a
 * 200 for shield routes, a 404 for DNS zones and pull zones.
 */
/** What one scoped key may see. */
export interface KeyScope {
  /** Shield zones the key can read and write (rules, lists, event logs, get-by-pullzone). */
  shieldZones: number[];
  /** DNS zones the key can read and switch; absent = every DNS zone. */
  dnsZones?: number[];
  /**
   * Pull zones the key can read and write (the zone, its settings, hostnames, certificates,
   * edge rules, referrers and blocked IPs); absent = every pull zone.
   */
  pullZones?: number[];
}

/** Scoped keys by key (`EmulatorOptions.scopedKeys`, `PUT /_emulator/scoped-keys`). */
export type ScopedKeys = Record<string, KeyScope>;

const isIdList = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((x) => Number.isInteger(x) && x >= 0 && x <= Number.MAX_SAFE_INTEGER);

/**
 * Validates a scoped-keys map; returns problems (empty when valid). `apiKey` (the full-access
 * key) may not also be a scoped key.
 */
export function checkScopedKeys(v: unknown, apiKey: string): string[] {
  if (v === null || typeof v !== "object" || Array.isArray(v))
    return [
      'scoped keys must be a JSON object {"KEY": {"shieldZones": [1], "dnsZones": [1], "pullZones": [1]}}',
    ];
  const problems: string[] = [];
  for (const [key, scope] of Object.entries(v as Record<string, unknown>)) {
    const at = `scoped key ${JSON.stringify(key.length > 4 ? `${key.slice(0, 4)}…` : key)}`;
    if (key.trim() === "") problems.push("a scoped key may not be empty");
    if (key === apiKey) problems.push(`${at} is the full-access API key`);
    if (scope === null || typeof scope !== "object" || Array.isArray(scope)) {
      problems.push(`${at}: must be an object with shieldZones (and optional dnsZones, pullZones)`);
      continue;
    }
    const s = scope as Record<string, unknown>;
    for (const k of Object.keys(s))
      if (k !== "shieldZones" && k !== "dnsZones" && k !== "pullZones")
        problems.push(`${at}: unknown property "${k}"; allowed: shieldZones, dnsZones, pullZones`);
    if (!isIdList(s.shieldZones))
      problems.push(`${at}: shieldZones must be an array of non-negative integer zone ids`);
    for (const k of ["dnsZones", "pullZones"])
      if (s[k] !== undefined && !isIdList(s[k]))
        problems.push(`${at}: ${k} must be an array of non-negative integer zone ids`);
  }
  return problems;
}

function idList(text: string, flag: string): number[] {
  if (text.trim() === "") return [];
  return text.split(",").map((x) => {
    const t = x.trim();
    if (!/^\d+$/.test(t) || Number(t) > Number.MAX_SAFE_INTEGER)
      throw new Error(`${flag}: "${t}" is not a zone id`);
    return Number(t);
  });
}

const SCOPED_KEY_FORMS = "--scoped-key must look like KEY=1,2 or KEY=1,2/3 or KEY=1,2/3/4";

/**
 * Parses the CLI form `KEY=1,2` (shield zones), `KEY=1,2/3` (shield zones 1 and 2, DNS zone
 * 3) or `KEY=1,2/3/4` (and pull zone 4; `KEY=1//4`: every DNS zone, pull zone 4). The key is
 * everything before the last `=`.
 */
export function parseScopedKeyArg(arg: string): [string, KeyScope] {
  const eq = arg.lastIndexOf("=");
  if (eq <= 0) throw new Error(SCOPED_KEY_FORMS);
  const key = arg.slice(0, eq);
  const [shield, dns, pull, extra] = arg.slice(eq + 1).split("/");
  if (extra !== undefined) throw new Error(SCOPED_KEY_FORMS);
  const scope: KeyScope = { shieldZones: idList(shield, "--scoped-key") };
  // With a pull-zone part, an empty DNS part means every DNS zone.
  if (dns !== undefined && !(pull !== undefined && dns.trim() === ""))
    scope.dnsZones = idList(dns, "--scoped-key");
  if (pull !== undefined) scope.pullZones = idList(pull, "--scoped-key");
  return [key, scope];
}
