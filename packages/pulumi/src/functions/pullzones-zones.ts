/**
 * Pull-zone data sources that read zones: `getPullZone` (by id or by exact name) and
 * `getPullZones` (the account's zones, every page), each also as an Output form. A zone's
 * name is never returned empty: a listed zone without one is read on its own, and a zone the
 * platform names with nothing fails, naming its id.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Static } from "@sinclair/typebox";
import type * as S from "./pullzones-schemas";
import type { Client, PullZoneModel } from "edgeplatform-client";
import { EdgeApiError } from "edgeplatform-client";
import { PullZoneType, schemaRef } from "edgeplatform-client/spec/runtime";
import { checkArgs, fail } from "./args";
import { connectedClient, type DataSourceOptions, programError } from "./options";
import { dataSourceOutput, type Inputs } from "./output";

const ref = <K extends keyof typeof S>(name: K) =>
  schemaRef<(typeof S)[K]>(__dirname, "./pullzones-schemas", name);
const getPullZoneArgs = ref("getPullZoneArgsSchema");
const getPullZonesArgs = ref("getPullZonesArgsSchema");

/** Arguments of {@link getPullZone}. */
export type GetPullZoneArgs = Static<typeof S.getPullZoneArgsSchema>;
/** Arguments of {@link getPullZones}. */
export type GetPullZonesArgs = Static<typeof S.getPullZonesArgsSchema>;

/** A hostname of a pull zone (the platform's `HostnameModel`, without certificates). */
export interface PullZoneHostnameResult {
  /** The hostname (`Value`). */
  hostname: string;
  /** Whether HTTP is redirected to HTTPS (`ForceSSL`). */
  forceSsl: boolean;
  /** Whether the hostname has a certificate (`HasCertificate`). */
  hasCertificate: boolean;
  /** Whether it is the zone's system hostname (`IsSystemHostname`). */
  isSystemHostname: boolean;
}

/** A pull zone (the platform's `PullZoneModel`, its main fields in this package's casing). */
export interface PullZoneResult {
  /** The zone's id (`Id`). */
  pullZoneId: number;
  /** The zone's name (`Name`): never empty. */
  name: string;
  /** The origin's URL (`OriginUrl`; null for a storage, script or container origin). */
  originUrl: string | null;
  /** Whether the zone serves (`Enabled`). */
  enabled: boolean;
  /** Whether the platform suspended the zone (`Suspended`). */
  suspended: boolean;
  /** The pricing tier, by name: `Premium` or `Volume` (`Type`). */
  type: "Premium" | "Volume" | null;
  /** The storage zone it serves from (`StorageZoneId`; null for none). */
  storageZoneId: number | null;
  /** The edge script attached to it (`EdgeScriptId`; null for none). */
  edgeScriptId: number | null;
  /** The CNAME domain its hostnames point to (`CnameDomain`). */
  cnameDomain: string | null;
  /** Whether access logging is on (`EnableLogging`). */
  enableLogging: boolean;
  /** Whether the origin shield is on (`EnableOriginShield`). */
  enableOriginShield: boolean;
  /** Its hostnames, in the platform's order (`Hostnames`). */
  hostnames: PullZoneHostnameResult[];
}

/** Result of {@link getPullZone}. */
export type GetPullZoneResult = PullZoneResult;

/** Result of {@link getPullZones}. */
export interface GetPullZonesResult {
  /** The zones, in the platform's order. */
  zones: PullZoneResult[];
}

const TYPE_NAMES = Object.fromEntries(Object.entries(PullZoneType).map(([k, v]) => [v, k]));
const id = (v: number | null | undefined) => (v && v > 0 ? v : null);

/** A zone in this package's casing (its name checked by the caller). */
function zoneResult(z: PullZoneModel, name: string): PullZoneResult {
  return {
    pullZoneId: z.Id as number,
    name,
    originUrl: z.OriginUrl || null,
    enabled: z.Enabled ?? false,
    suspended: z.Suspended ?? false,
    type: (TYPE_NAMES[z.Type as number] as PullZoneResult["type"]) ?? null,
    storageZoneId: id(z.StorageZoneId),
    edgeScriptId: id(z.EdgeScriptId),
    cnameDomain: z.CnameDomain || null,
    enableLogging: z.EnableLogging ?? false,
    enableOriginShield: z.EnableOriginShield ?? false,
    hostnames: (z.Hostnames ?? []).map((h) => ({
      hostname: h.Value ?? "",
      forceSsl: h.ForceSSL ?? false,
      hasCertificate: h.HasCertificate ?? false,
      isSystemHostname: h.IsSystemHostname ?? false,
    })),
  };
}

/** The zone's name; a zone named with nothing is read on its own once, then refused. */
async function named(op: string, client: Client, z: PullZoneModel): Promise<PullZoneResult> {
  const own = (z.Name ?? "").trim() !== "" ? z : await client.pullzones.get(z.Id as number);
  if ((own.Name ?? "").trim() === "") {
    throw new EdgeApiError({
      operation: op,
      status: 200,
      method: "GET",
      path: `/pullzone/${z.Id}`,
      detail:
        `the platform answered pull zone ${z.Id} without a name, also when read on its own; ` +
        `nothing is returned rather than an empty name`,
    });
  }
  return zoneResult(own, own.Name as string);
}

/** The account's zones (GET `/pullzone`, page after page of 1 000 until a short one). */
async function allZones(client: Client, search?: string): Promise<PullZoneModel[]> {
  const PER_PAGE = 1000;
  const seen = new Set<number>();
  const zones: PullZoneModel[] = [];
  for (let page = 1; ; page++) {
    const list = await client.pullzones.list({
      page,
      perPage: PER_PAGE,
      ...(search !== undefined && search !== "" ? { search } : {}),
    });
    const fresh = list.filter((z) => !seen.has(z.Id as number));
    for (const z of fresh) seen.add(z.Id as number);
    zones.push(...fresh);
    // A short page is the last; a page with nothing new means the platform ignored `page`.
    if (list.length < PER_PAGE || fresh.length === 0) return zones;
  }
}

/**
 * Reads a pull zone (GET `/pullzone/{id}`), by its `pullZoneId` or by its exact `name`
 * (case-insensitive; found in the account's zones, GET `/pullzone?search=`).
 *
 * ```ts
 * const zone = await edge.pullzones.getPullZone({ name: "zone-one" });
 * zone.pullZoneId; zone.hostnames.map((h) => h.hostname);
 * ```
 * @throws InvalidArgumentError for a bad `pullZoneId`, both or neither of `pullZoneId` and
 *   `name`, or a `name` that no zone or several zones of the account have (naming them).
 * @throws EdgeApiError for platform errors (404 `isNotFound` for an unknown zone), and for a
 *   zone the platform answers without a name.
 */
export async function getPullZone(
  args: GetPullZoneArgs,
  opts: DataSourceOptions = {},
): Promise<GetPullZoneResult> {
  const op = "pullzones.getPullZone";
  try {
    const { pullZoneId, name } = checkArgs(op, getPullZoneArgs, args);
    if ((pullZoneId === undefined) === (name === undefined))
      fail(op, "pullZoneId", "give either pullZoneId or name (exactly one of them)");
    const client = await connectedClient(opts);
    const zone =
      pullZoneId !== undefined
        ? await client.pullzones.get(pullZoneId)
        : await zoneNamed(op, client, name as string);
    return await named(op, client, zone);
  } catch (e) {
    throw programError(e);
  }
}

/** The one zone of the account whose name is `name` (case-insensitive). */
async function zoneNamed(op: string, client: Client, name: string): Promise<PullZoneModel> {
  const wanted = name.trim().toLowerCase();
  const found = (await allZones(client, wanted)).filter(
    (z) => (z.Name ?? "").trim().toLowerCase() === wanted,
  );
  if (found.length === 0)
    fail(op, "name", `no pull zone of the account is named ${JSON.stringify(name.trim())}`);
  if (found.length > 1)
    fail(
      op,
      "name",
      `${found.length} pull zones are named ${JSON.stringify(name.trim())} ` +
        `(ids ${found.map((z) => z.Id).join(", ")}): give pullZoneId`,
    );
  return found[0];
}

/** Output form of {@link getPullZone} (accepts Inputs). */
export function getPullZoneOutput(
  args: Inputs<GetPullZoneArgs>,
  opts: DataSourceOptions = {},
): pulumi.Output<GetPullZoneResult> {
  return dataSourceOutput(args, opts, getPullZone);
}

/**
 * Lists the account's pull zones (GET `/pullzone`, every page), optionally only those whose
 * name contains `search`. A listed zone without a name is read on its own for it.
 *
 * ```ts
 * const { zones } = await edge.pullzones.getPullZones({ search: "zone" });
 * ```
 * @throws EdgeApiError for platform errors, and for a zone the platform answers without a name.
 */
export async function getPullZones(
  args: GetPullZonesArgs = {},
  opts: DataSourceOptions = {},
): Promise<GetPullZonesResult> {
  const op = "pullzones.getPullZones";
  try {
    const { search } = checkArgs(op, getPullZonesArgs, args);
    const client = await connectedClient(opts);
    const zones: PullZoneResult[] = [];
    for (const z of await allZones(client, search)) zones.push(await named(op, client, z));
    return { zones };
  } catch (e) {
    throw programError(e);
  }
}

/** Output form of {@link getPullZones} (accepts Inputs). */
export function getPullZonesOutput(
  args: Inputs<GetPullZonesArgs> = {},
  opts: DataSourceOptions = {},
): pulumi.Output<GetPullZonesResult> {
  return dataSourceOutput(args, opts, getPullZones);
}
