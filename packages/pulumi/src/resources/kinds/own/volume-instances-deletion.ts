/**
 * Implementation of the `edge.containers.VolumeInstancesDeletion` dynamic resource: a
 * one-shot operation (like `@pulumi/command`'s `triggers`). Create lists the application's
 * volumes, refuses when instances are still attached (naming them), else deletes every
 * instance of the volume template and records their ids. Any input change replaces (runs it
 * again); destroy does nothing; read returns the state unchanged. Loaded at run time by the
 * thin serialized stub in `loader.ts`.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import type { volumeInstancesDeletionInputsSchema as VolumeInstancesDeletionInputsSchema } from "./volume-instances-deletion-schemas";
import type { Volume } from "edgeplatform-client";
import {
  checkInputs,
  messageOf,
  operation,
  ResourceOperationError,
  safeCheck,
} from "../../core/common";
import { getClient } from "../../core/settings";
import { oneShotId, oneShotKind } from "./one-shot";

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

/** The inputs, checked with the project's one validator (required: see the check). */
const volumeInstancesDeletionInputsSchema = schemaRef<typeof VolumeInstancesDeletionInputsSchema>(
  __dirname,
  "./volume-instances-deletion-schemas",
  "volumeInstancesDeletionInputsSchema",
);

/** Input names. */
export const VOLUME_INSTANCES_DELETION_INPUTS = ["appId", "volumeId", "triggers"] as const;

/** Validates the inputs. Never throws. */
export function checkVolumeInstancesDeletion(_olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const failures = checkInputs(volumeInstancesDeletionInputsSchema, n, {
      appId: "is required (a non-empty string)",
      volumeId: "is required (a non-empty string)",
    });
    return { inputs: n, failures };
  });
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
    const listed = (volume.volumeInstances ?? []).map((i) => i.id);
    if (listed.length > 0 || (volume.totalInstancesCount ?? 0) > 0) {
      try {
        const result = await containers.deleteVolumeInstances(inputs.appId, inputs.volumeId);
        if (!Array.isArray(result?.ids)) {
          throw new ResourceOperationError(
            `${what} failed: the platform answered the deletion without the ids of the deleted ` +
              `instances`,
          );
        }
        deletedInstanceIds = [...result.ids];
      } catch (e) {
        // The DELETE is not idempotent: never re-send it. When its outcome is unknown (a
        // timeout, a reset, a 5xx after the backend may have run), list again to learn it.
        if (!outcomeUnknown(e)) throw e;
        deletedInstanceIds = await learnOutcome(inputs, listed, e, what);
      }
    }
    const outs: VolumeInstancesDeletionOutputs = {
      appId: inputs.appId,
      volumeId: inputs.volumeId,
      ...(inputs.triggers !== undefined ? { triggers: inputs.triggers } : {}),
      deletedInstanceIds,
    };
    return { id: oneShotId(`${inputs.appId}/${inputs.volumeId}`), outs };
  });
}

/** True when the outcome of a request is unknown (it may have been applied). */
const outcomeUnknown = (e: unknown): boolean => {
  const status = (e as { status?: unknown })?.status;
  return typeof status === "number" && (status === 0 || status >= 500);
};

/**
 * After a DELETE with an unknown outcome: lists the volumes again. The instances that were
 * there before and are gone now were deleted; when all are still there, nothing was.
 */
async function learnOutcome(
  inputs: VolumeInstancesDeletionInputs,
  before: string[],
  cause: unknown,
  what: string,
): Promise<string[]> {
  let after: string[];
  try {
    const list = await getClient().containers.listVolumes(inputs.appId);
    const volume = (list?.items ?? []).find((v) => v.id === inputs.volumeId);
    after = (volume?.volumeInstances ?? []).map((i) => i.id);
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the deletion's outcome is unknown (${messageOf(cause)}) and listing the ` +
        `volumes to learn it failed too (${messageOf(e)}). The request was not re-sent; check ` +
        `volume "${inputs.volumeId}" of app ${inputs.appId} before running again.`,
      cause,
    );
  }
  if (before.length === 0) {
    throw new ResourceOperationError(
      `${what} failed: ${messageOf(cause)}. The request was not re-sent; the volume listing ` +
        `named no instances, so what the deletion did cannot be learnt. Check volume ` +
        `"${inputs.volumeId}" of app ${inputs.appId} before running again.`,
      cause,
    );
  }
  const deleted = before.filter((id) => !after.includes(id));
  const remaining = before.filter((id) => after.includes(id));
  if (deleted.length === 0) {
    throw new ResourceOperationError(
      `${what} failed: ${messageOf(cause)}. The request was not re-sent, and every instance is ` +
        `still there, so nothing was deleted: it is safe to run again.`,
      cause,
    );
  }
  if (remaining.length > 0) {
    throw new ResourceOperationError(
      `${what} failed: ${messageOf(cause)}. The request was not re-sent; instances ` +
        `${deleted.join(", ")} were deleted but ${remaining.join(", ")} remain. Run again to delete ` +
        `the rest.`,
      cause,
    );
  }
  return deleted;
}

/** The one-shot kind: every input change replaces, read and destroy call nothing. */
const oneShot = oneShotKind<VolumeInstancesDeletionInputs, VolumeInstancesDeletionOutputs>({
  inputs: VOLUME_INSTANCES_DELETION_INPUTS,
  check: checkVolumeInstancesDeletion,
  create: createVolumeInstancesDeletion,
});

/** Every input change replaces (runs the deletion again). No API call. */
export const diffVolumeInstancesDeletion = oneShot.diff;

/** The dynamic provider of `edge.containers.VolumeInstancesDeletion`. */
export const volumeInstancesDeletionProvider = oneShot.provider;

/**
 * The per-field changes of a diff (the plugin's): every input change replaces (the kind's
 * diff), so each changed input is a replace reason.
 */
export const volumeInstancesDeletionFieldChanges = oneShot.fieldChanges;
