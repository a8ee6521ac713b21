/**
 * The mapping of `edgeplatform-import --from-terraform`: which resources of a Terraform state
 * (`terraform-state.ts`) this provider adopts, what the importer must read for them, and the
 * part of what it read that Terraform managed. Pure: no I/O.
 *
 * Covered (attribute names as the platform's Terraform provider documents them):
 * `bunnynet_pullzone_shield` (`pullzone`, `id` = the shield zone; its `ddos`, `waf`,
 * `bot_detection` and `access_list` blocks → the zone's `ShieldZone`, `BotDetection` and
 * the managed lists its `access_list` names: the kinds whose `import.fromTerraform` it is),
 * the resource type of each collection kind (`terraform` of the kind's `import.collection` in
 * the list of kinds; `pullzone`, `id`), `bunnynet_dns_zone` (`id`, `domain`) and
 * `bunnynet_dns_record` (`zone`, `id`). Anything else is listed with the reason and nothing
 * is written for it.
 */
import { dnsRecordTypeName, INT32_MAX } from "edgeplatform-client/spec";
import type { ImportKind, ImportOptions } from "./cli";
import { IMPORT_KINDS, TERRAFORM_KINDS } from "./kinds.generated";
import {
  collectionOf,
  COLLECTIONS,
  isConfigured,
  objectId,
  objectName,
  type Collection,
  type ImportSnapshot,
  type ShieldZoneImport,
} from "./generate";
import { literal } from "./render";
import { TerraformStateError, type TerraformInstance } from "./terraform-state";

/** The platform's Terraform resource types: every one starts so. */
export const TERRAFORM_PREFIX = "bunnynet_";

/** The Shield objects of a pull zone that one Terraform resource type manages. */
const RULE_TYPES: Record<string, { kind: ImportKind; words: string }> = Object.fromEntries(
  COLLECTIONS.flatMap((c) =>
    c.terraform ? [[c.terraform.type, { kind: c.kind, words: c.terraform.words }]] : [],
  ),
);
/** One of the keys of {@link RULE_TYPES}. */
type RuleType = string;

/** The Terraform resource types this provider adopts. */
export const COVERED_TYPES: readonly string[] = [
  "bunnynet_pullzone_shield",
  ...Object.keys(RULE_TYPES),
  "bunnynet_dns_zone",
  "bunnynet_dns_record",
];

/** A `bunnynet_pullzone_shield`: the shield zone of a pull zone and its managed lists. */
export interface ShieldEntry {
  address: string;
  pullZone: number;
  shieldZoneId: number;
  /** The managed lists its `access_list` blocks configure. */
  managedLists: number[];
}

/** A rate-limit rule, WAF rule or custom access list of a pull zone's shield zone. */
export interface RuleEntry {
  address: string;
  type: RuleType;
  pullZone: number;
  id: number;
}

/** A `bunnynet_dns_zone` or `bunnynet_dns_record`. */
export interface DnsEntry {
  address: string;
  zoneId: number;
  /** The record's id (`bunnynet_dns_record`); undefined for the zone. */
  recordId?: number;
}

/** A resource of the state that is not migrated, and why. */
export interface NotMigrated {
  address: string;
  reason: string;
}

/** What a Terraform state holds, sorted by what becomes of it. */
export interface MigrationPlan {
  /** How many resource instances the state holds. */
  total: number;
  shields: ShieldEntry[];
  rules: RuleEntry[];
  dns: DnsEntry[];
  notMigrated: NotMigrated[];
}

const isId = (v: unknown): v is number =>
  typeof v === "number" && Number.isSafeInteger(v) && v >= 1 && v <= INT32_MAX;

/** An id attribute: a whole number (a numeric string too). @throws TerraformStateError */
function idAttribute(r: TerraformInstance, attr: string, what: string): number {
  const raw = r.attributes[attr];
  const n = typeof raw === "string" && /^[0-9]+$/.test(raw) ? Number(raw) : raw;
  if (!isId(n)) {
    throw new TerraformStateError(
      `${r.address}: attribute "${attr}" is ${raw === undefined ? "missing" : JSON.stringify(raw)}` +
        ` (expected ${what}: a whole number from 1 to ${INT32_MAX})`,
    );
  }
  return n;
}

/** The ids a shield's `access_list` blocks name (a set of `{id, action}`). */
function accessListIds(r: TerraformInstance): number[] {
  const raw = r.attributes.access_list;
  if (raw === undefined || raw === null) return [];
  const blocks = Array.isArray(raw) ? raw : [raw];
  return blocks.map((b: unknown, i) => {
    const id = (b as Record<string, unknown> | null)?.id;
    const n = typeof id === "string" && /^[0-9]+$/.test(id) ? Number(id) : id;
    if (!isId(n))
      throw new TerraformStateError(
        `${r.address}: access_list[${i}].id is ${JSON.stringify(id)} (expected the id of a ` +
          `managed access list: a whole number from 1)`,
      );
    return n;
  });
}

/**
 * Sorts the instances of a state: covered resources with their ids, the rest with the
 * reason. @throws TerraformStateError when a covered resource lacks an id attribute.
 */
export function planMigration(instances: TerraformInstance[]): MigrationPlan {
  const plan: MigrationPlan = {
    total: instances.length,
    shields: [],
    rules: [],
    dns: [],
    notMigrated: [],
  };
  for (const r of instances) {
    const skip = (reason: string) => plan.notMigrated.push({ address: r.address, reason });
    if (r.mode === "data") {
      skip("a data source (read-only, nothing to adopt): not migrated");
    } else if (r.mode !== "managed") {
      skip(`mode ${JSON.stringify(r.mode)} is not a managed resource: not migrated`);
    } else if (!r.type.startsWith(TERRAFORM_PREFIX)) {
      skip(
        `another provider's resource (${r.provider || r.type.split("_")[0]}): not this ` +
          `platform's; it stays in Terraform`,
      );
    } else if (r.type === "bunnynet_pullzone_shield") {
      plan.shields.push({
        address: r.address,
        pullZone: idAttribute(r, "pullzone", "the id of the pull zone"),
        shieldZoneId: idAttribute(r, "id", "the id of the shield zone"),
        managedLists: accessListIds(r),
      });
    } else if (Object.hasOwn(RULE_TYPES, r.type)) {
      const type = r.type;
      plan.rules.push({
        address: r.address,
        type,
        pullZone: idAttribute(r, "pullzone", "the id of the pull zone"),
        id: idAttribute(r, "id", `the id of the ${RULE_TYPES[type].words}`),
      });
    } else if (r.type === "bunnynet_dns_zone") {
      plan.dns.push({ address: r.address, zoneId: idAttribute(r, "id", "the DNS zone's id") });
    } else if (r.type === "bunnynet_dns_record") {
      plan.dns.push({
        address: r.address,
        zoneId: idAttribute(r, "zone", "the id of the DNS zone"),
        recordId: idAttribute(r, "id", "the DNS record's id"),
      });
    } else {
      skip(`${r.type} is not a kind this provider covers yet: it stays in Terraform`);
    }
  }
  return plan;
}

/** How many covered resource instances the plan holds. */
export const coveredCount = (p: MigrationPlan): number =>
  p.shields.length + p.rules.length + p.dns.length;

/** What `readSnapshot` must read for the plan: its pull zones, DNS zones and kinds. */
export function readOptions(plan: MigrationPlan): ImportOptions {
  const kinds = new Set<ImportKind>(plan.rules.map((r) => RULE_TYPES[r.type].kind));
  if (plan.shields.length > 0) {
    for (const k of TERRAFORM_KINDS.bunnynet_pullzone_shield ?? []) kinds.add(k);
  }
  const sorted = (xs: number[]) => [...new Set(xs)].sort((a, b) => a - b);
  return {
    shieldZones: [],
    pullZones: sorted([...plan.shields, ...plan.rules].map((e) => e.pullZone)),
    dnsZones: sorted(plan.dns.map((d) => d.zoneId)),
    kinds: IMPORT_KINDS.filter((k) => kinds.has(k)),
    help: false,
  };
}

/** What {@link selectSnapshot} keeps of what was read, and what it says about the rest. */
export interface Selection {
  /** The snapshot with only the objects the state holds. */
  snapshot: ImportSnapshot;
  /** The addresses adopted (for `terraform state rm`), in the state's order. */
  adopted: string[];
  /** Resources of the state the platform does not have: nothing is written for them. */
  missing: NotMigrated[];
  /** Objects of the same zones that Terraform did not manage: left out, one line each. */
  leftOut: string[];
  /** Notes on what the program adopts beyond the state (a DNS zone holding its records). */
  notes: string[];
  /** Disagreements that stop the migration (the state names another shield zone). */
  problems: string[];
}

const zoneLabel = (z: ShieldZoneImport) =>
  `shield zone ${z.shieldZoneId}` +
  (z.pullZoneIds && z.pullZoneIds.length > 0 ? ` (pull zone ${z.pullZoneIds.join(", ")})` : "");

/**
 * Keeps, of what was read for {@link readOptions}, the objects the state holds; names every
 * other object of those zones (left out) and every resource of the state the platform lacks.
 */
export function selectSnapshot(read: ImportSnapshot, plan: MigrationPlan): Selection {
  const sel: Selection = {
    snapshot: { ...read, shieldZones: [], dnsZones: [] },
    adopted: [],
    missing: [],
    leftOut: [],
    notes: [],
    problems: [],
  };
  const adopted = new Set<string>();
  const found = (address: string, ok: boolean, what: string) => {
    if (ok) adopted.add(address);
    else
      sel.missing.push({
        address,
        reason: `${what} is not on the platform (deleted since the state was written?): not migrated`,
      });
  };

  for (const z of read.shieldZones) {
    const pz = new Set(z.pullZoneIds ?? []);
    const label = zoneLabel(z);
    const shield = plan.shields.filter((s) => pz.has(s.pullZone));
    for (const s of shield) {
      if (s.shieldZoneId !== z.shieldZoneId)
        sel.problems.push(
          `${s.address}: the state says shield zone ${s.shieldZoneId} for pull zone ` +
            `${s.pullZone}, the platform says ${z.shieldZoneId} (run \`terraform refresh\` and ` +
            `try again)`,
        );
    }
    const rulesOf = (type: RuleType) =>
      plan.rules.filter((r) => r.type === type && pz.has(r.pullZone));
    /** Keeps the objects of one kind the state holds; names the others and the missing. */
    const pick = <T>(
      type: RuleType,
      items: T[] | undefined,
      id: (x: T) => number,
      name: (x: T) => string | null | undefined,
    ): T[] | undefined => {
      if (items === undefined) return undefined;
      const entries = rulesOf(type);
      const words = RULE_TYPES[type].words;
      const ids = new Set(entries.map((e) => e.id));
      for (const e of entries)
        found(
          e.address,
          items.some((x) => id(x) === e.id),
          `${label}: ${words} ${e.id}`,
        );
      for (const x of items.filter((x) => !ids.has(id(x))))
        sel.leftOut.push(`${label}: ${words} ${id(x)} ${literal(name(x) ?? "")}`);
      return entries.length > 0 ? items.filter((x) => ids.has(id(x))) : undefined;
    };
    const kept: ShieldZoneImport = {
      shieldZoneId: z.shieldZoneId,
      pullZoneIds: z.pullZoneIds,
      ...Object.fromEntries(
        COLLECTIONS.filter((c): c is Collection & { terraform: object } => !!c.terraform).map(
          (c) => [
            c.key,
            pick(
              c.terraform.type,
              collectionOf(z, c),
              (x) => objectId(c, x),
              (x) => objectName(c, x),
            ),
          ],
        ),
      ),
      ...(z.skipped ? { skipped: z.skipped } : {}),
      ...(z.notOnPlan ? { notOnPlan: z.notOnPlan } : {}),
    };
    if (shield.length > 0) {
      for (const s of shield) found(s.address, true, label);
      const named = new Set(shield.flatMap((s) => s.managedLists));
      const managed = z.managedAccessLists ?? [];
      if (named.size > 0) kept.managedAccessLists = managed.filter((d) => named.has(d.listId));
      for (const id of named)
        if (!managed.some((d) => d.listId === id))
          sel.leftOut.push(
            `${label}: managed access list ${id} (named by ${shield[0].address}) is not on ` +
              `the platform: not adopted`,
          );
      for (const d of managed.filter((d) => !named.has(d.listId) && isConfigured(d)))
        sel.leftOut.push(
          `${label}: managed access list ${d.listId} ${literal(d.name ?? "")} (configured, ` +
            `not in the access_list of ${shield[0].address})`,
        );
      if (z.settings) kept.settings = z.settings;
      if (z.botDetection) kept.botDetection = z.botDetection;
      sel.leftOut.push(
        `${label}: upload scanning, API guardian and response pages (not managed by ` +
          `bunnynet_pullzone_shield)`,
      );
    } else if (z.settings || z.managedAccessLists) {
      sel.leftOut.push(
        `${label}: its settings, bot detection and managed lists (no bunnynet_pullzone_shield ` +
          `of pull zone ${[...pz].join(", ")} in the state)`,
      );
    }
    sel.snapshot.shieldZones.push(kept);
  }

  for (const d of read.dnsZones) {
    const entries = plan.dns.filter((e) => e.zoneId === d.zoneId);
    const label = `DNS zone ${d.zoneId}${d.domain ? ` (${d.domain})` : ""}`;
    const zone = entries.filter((e) => e.recordId === undefined);
    const records = entries.filter((e) => e.recordId !== undefined);
    for (const e of zone) found(e.address, true, label);
    if (zone.length === 0)
      sel.notes.push(
        `${label} is not in the state (records of it are): adopted by id to hold them ` +
          `(nothing of the zone changes; destroy leaves it)`,
      );
    const ids = new Set(records.map((e) => e.recordId));
    const all = d.records ?? [];
    for (const e of records)
      found(
        e.address,
        all.some((r) => r.Id === e.recordId),
        `${label}: record ${e.recordId}`,
      );
    for (const r of all.filter((r) => !ids.has(r.Id)))
      sel.leftOut.push(
        `${label}: record ${r.Id} ${dnsRecordTypeName(r.Type) ?? `type ${literal(r.Type)}`} ` +
          `${literal(r.Name ?? "")} ${String(r.Value ?? "").replace(/[\r\n]+/g, " ")}`.trimEnd(),
      );
    sel.snapshot.dnsZones.push({ ...d, records: all.filter((r) => ids.has(r.Id)) });
  }

  const order = [...plan.shields, ...plan.rules, ...plan.dns].map((e) => e.address);
  sel.adopted = order.filter((a) => adopted.has(a));
  return sel;
}
