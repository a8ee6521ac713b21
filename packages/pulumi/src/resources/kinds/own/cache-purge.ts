/**
 * Implementation of the `edge.pullzones.CachePurge` dynamic resource: a one-shot purge (like
 * `@pulumi/command`'s `triggers`). Create is the purge: POST `/pullzone/{id}/purgeCache` (the
 * whole zone, or what carries `cacheTag`) or POST `/purge?url=…` (one URL). Any input change
 * replaces (purges again); destroy does nothing on the platform; read returns the state
 * unchanged. Loaded at run time by the thin serialized stub in `loader.ts`.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import type { cachePurgeInputsSchema as CachePurgeInputsSchema } from "./cache-purge-schemas";
import {
  checkInputs,
  type Failure,
  isUnknown,
  operation,
  present,
  safeCheck,
} from "../../core/common";
import { getClient } from "../../core/settings";
import { oneShotId, oneShotKind } from "./one-shot";

/** Inputs of a cache purge: exactly one target form (see {@link CACHE_PURGE_FORMS}). */
export interface CachePurgeInputs {
  pullZoneId?: number;
  cacheTag?: string;
  url?: string;
  triggers?: unknown[];
}

/** State: the inputs of the last purge. */
export type CachePurgeOutputs = CachePurgeInputs;

const cachePurgeInputsSchema = schemaRef<typeof CachePurgeInputsSchema>(
  __dirname,
  "./cache-purge-schemas",
  "cachePurgeInputsSchema",
);

/** Input names. */
export const CACHE_PURGE_INPUTS = ["pullZoneId", "cacheTag", "url", "triggers"] as const;

/** The allowed target forms, as the errors name them. */
export const CACHE_PURGE_FORMS =
  "{ pullZoneId } (the whole zone), { pullZoneId, cacheTag } (what carries the tag) or { url } (one URL)";

/** The failures of the target form (exactly one); unknown values are not judged yet. */
function targetFailures(n: Record<string, unknown>): Failure[] {
  const given = (k: string) => present(n[k]);
  const form = `give exactly one target: ${CACHE_PURGE_FORMS}`;
  if (given("url")) {
    return (["pullZoneId", "cacheTag"] as const)
      .filter(given)
      .map((property) => ({ property, reason: `is not allowed with url; ${form}` }));
  }
  if (!given("pullZoneId") && !isUnknown(n.url)) {
    return [{ property: "pullZoneId", reason: `is required when url is not given; ${form}` }];
  }
  return [];
}

/** Validates the inputs. Never throws. */
export function checkCachePurge(_olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const failures = [...checkInputs(cachePurgeInputsSchema, n), ...targetFailures(n)];
    return { inputs: n, failures };
  });
}

/** What a purge targets, in messages: `pull zone 1`, `pull zone 1, cache tag "t"`, `URL …`. */
const targetOf = (i: CachePurgeInputs): string =>
  i.url !== undefined
    ? `URL ${i.url}`
    : `pull zone ${i.pullZoneId}${i.cacheTag !== undefined ? `, cache tag "${i.cacheTag}"` : ""}`;

/** The purge: one call (the client retries it after a 5xx: a second purge changes nothing). */
export async function createCachePurge(
  inputs: CachePurgeInputs,
): Promise<dynamic.CreateResult<CachePurgeOutputs>> {
  const what = `edgeplatform CachePurge (${targetOf(inputs)}): create`;
  return operation(what, async () => {
    const api = getClient().pullzones;
    if (inputs.url !== undefined) await api.purgeUrl(inputs.url);
    else await api.purgeCache(inputs.pullZoneId as number, inputs.cacheTag);
    const outs: CachePurgeOutputs = {
      ...(inputs.pullZoneId !== undefined ? { pullZoneId: inputs.pullZoneId } : {}),
      ...(inputs.cacheTag !== undefined ? { cacheTag: inputs.cacheTag } : {}),
      ...(inputs.url !== undefined ? { url: inputs.url } : {}),
      ...(inputs.triggers !== undefined ? { triggers: inputs.triggers } : {}),
    };
    const where = inputs.url !== undefined ? "url" : String(inputs.pullZoneId);
    return { id: oneShotId(`purge/${where}`), outs };
  });
}

/** The one-shot kind: every input change replaces, read and destroy call nothing. */
const oneShot = oneShotKind<CachePurgeInputs, CachePurgeOutputs>({
  inputs: CACHE_PURGE_INPUTS,
  check: checkCachePurge,
  create: createCachePurge,
});

/** Every input change replaces (purges again). No API call. */
export const diffCachePurge = oneShot.diff;

/** The dynamic provider of `edge.pullzones.CachePurge`. */
export const cachePurgeProvider = oneShot.provider;

/**
 * The per-field changes of a diff (the plugin's): every input change replaces (the kind's
 * diff), so each changed input is a replace reason.
 */
export const cachePurgeFieldChanges = oneShot.fieldChanges;
