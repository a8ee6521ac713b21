/**
 * Implementation of the `edge.containers.VolumeInstancesDeletion` dynamic resource: a
 * one-shot operation (like `@pulumi/command`'s `triggers`). Create lists the application's
 * volumes, refuses when instances are still attached (naming them), else deletes every
 * instance of the volume template and records their ids. Any input change replaces (runs it
 * again); destroy does nothing; read returns the state unchanged. Loaded at run time by the
 * thin serialized stub in `loader.ts`.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { Volume } from "../schema";
import {
  checkType,
  containsUnknown,
  deepEqual,
  Failure,
  operation,
  ResourceOperationError,
  safeCheck,
  unknownProperties,
} from "./common";
import type { DetailedDiffResult, PropertyDiffKind } from "./rate-limit-rule-provider";
import { configureFromRequest, ConfigureRequestLike, getClient } from "./settings";

/** Inputs of a volume-instances deletion. */
export interface VolumeInstancesDeletionInputs {
  appId: string;
  volumeId: string;
  triggers?: unknown[];
}

/** State: the inputs plus the ids of the deleted instances. */
export interface VolumeInstancesDeletionOutputs extends VolumeInstancesDeletionInputs {
  deletedInstanceIds: string[];
}

/** Input names. */
export const VOLUME_INSTANCES_DELETION_INPUTS = ["appId", "volumeId", "triggers"] as const;

/** Validates the inputs. Never throws. */
export function checkVolumeInstancesDeletion(_olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const failures: Failure[] = [...unknownProperties(n, VOLUME_INSTANCES_DELETION_INPUTS)];
    for (const key of ["appId", "volumeId"] as const) {
      if (n[key] === undefined || n[key] === null) {
        failures.push({ property: key, reason: "is required (a non-empty string)" });
      } else {
        failures.push(...checkType(n[key], key, "string", { nonEmpty: true }));
      }
    }
    const t = n.triggers;
    if (t !== undefined && t !== null && !Array.isArray(t) && !containsUnknown(t)) {
      failures.push({
        property: "triggers",
        reason: `must be an array (any change of it runs the deletion again); got ${typeof t}`,
      });
    }
    return { inputs: n, failures };
  });
}

/** Every input change replaces (runs the deletion again). No API call. */
export function diffVolumeInstancesDeletion(
  _id: string,
  olds: Partial<VolumeInstancesDeletionOutputs>,
  news: Partial<VolumeInstancesDeletionInputs>,
): DetailedDiffResult {
  const detailed: Record<string, PropertyDiffKind> = {};
  for (const key of VOLUME_INSTANCES_DELETION_INPUTS) {
    const o = olds[key] ?? null;
    const n = news[key] ?? null;
    if (containsUnknown(n) || !deepEqual(o, n)) {
      detailed[key] = o === null ? "add-replace" : n === null ? "delete-replace" : "update-replace";
    }
  }
  const kinds = Object.entries(detailed);
  return {
    changes: kinds.length > 0,
    replaces: kinds.map(([k]) => k),
    deleteBeforeReplace: false,
    detailedDiff: Object.fromEntries(kinds.map(([k, kind]) => [k, { kind, inputDiff: true }])),
  };
}

/** Instances of `volume` that are attached, as `id (containers: a, b)`. */
function attachedInstances(volume: Volume): string[] {
  return (volume.volumeInstances ?? [])
    .filter((i) => (i.attachedContainers ?? []).length > 0)
    .map(
      (i) =>
        `${i.id} (attached to container${i.attachedContainers.length > 1 ? "s" : ""} ${i.attachedContainers.join(", ")})`,
    );
}

/**
 * Lists the volumes (GET `/mc/apps/{appId}/volumes`); fails naming the attached instances
 * and their containers when any; else deletes all instances (DELETE, skipped when the
 * template has none) and records `deletedInstanceIds`.
 */
export async function createVolumeInstancesDeletion(
  inputs: VolumeInstancesDeletionInputs,
): Promise<dynamic.CreateResult<VolumeInstancesDeletionOutputs>> {
  const what = `edgeplatform VolumeInstancesDeletion (app ${inputs.appId}, volume ${inputs.volumeId}): create`;
  return operation(what, async () => {
    const containers = getClient().containers;
    const list = await containers.listVolumes(inputs.appId);
    const volumes = list?.items ?? [];
    const volume = volumes.find((v) => v.id === inputs.volumeId);
    if (!volume) {
      throw new ResourceOperationError(
        `${what} failed: app ${inputs.appId} has no volume template "${inputs.volumeId}"` +
          ` (its volumes: ${volumes.map((v) => v.id).join(", ") || "none"})`,
      );
    }
    const attached = attachedInstances(volume);
    if (attached.length > 0) {
      throw new ResourceOperationError(
        `${what} failed: ${attached.length} instance(s) of volume "${inputs.volumeId}" are still ` +
          `attached: ${attached.join("; ")}. Detach them from their containers first, then run ` +
          `the deletion again (nothing was deleted).`,
      );
    }
    let deletedInstanceIds: string[] = [];
    if ((volume.volumeInstances ?? []).length > 0 || (volume.totalInstancesCount ?? 0) > 0) {
      const result = await containers.deleteVolumeInstances(inputs.appId, inputs.volumeId);
      deletedInstanceIds = [...(result?.ids ?? [])];
    }
    const outs: VolumeInstancesDeletionOutputs = {
      appId: inputs.appId,
      volumeId: inputs.volumeId,
      ...(inputs.triggers !== undefined ? { triggers: inputs.triggers } : {}),
      deletedInstanceIds,
    };
    return { id: `${inputs.appId}/${inputs.volumeId}/${Date.now().toString(36)}`, outs };
  });
}

/** Returns the state unchanged: the deletion is a past event, there is nothing to read. */
export async function readVolumeInstancesDeletion(
  id: string,
  props: VolumeInstancesDeletionOutputs,
): Promise<dynamic.ReadResult<VolumeInstancesDeletionOutputs>> {
  return { id, props };
}

/** Destroying the record of a one-shot operation does nothing upstream. */
export async function deleteVolumeInstancesDeletion(): Promise<void> {}

/** The dynamic provider of `edge.containers.VolumeInstancesDeletion`. */
export const volumeInstancesDeletionProvider = {
  configure: async (req: ConfigureRequestLike): Promise<void> => configureFromRequest(req),
  check: async (olds: unknown, news: unknown) => checkVolumeInstancesDeletion(olds, news),
  diff: async (
    id: string,
    olds: VolumeInstancesDeletionOutputs,
    news: VolumeInstancesDeletionInputs,
  ) => diffVolumeInstancesDeletion(id, olds, news),
  create: createVolumeInstancesDeletion,
  read: readVolumeInstancesDeletion,
  delete: deleteVolumeInstancesDeletion,
};
