/**
 * The shield zone as the parent of zone objects (rate-limit rules, custom WAF rules, access
 * lists): addressed by `shieldZoneId`, or by `pullZoneId`, resolved through the platform to
 * the shield zone of that pull zone.
 */
import { isNotFound, messageOf, ResourceOperationError } from "../../core/common";
import { getClient } from "../../core/settings";
import type { Parent } from "../../core/zone-objects/parent";
import { pollUntil, timing } from "../../core/zone-objects/recovery";

/** The shield zone of pull zone `pullZoneId` as the platform answers now (one read). */
async function readShieldZoneOf(pullZoneId: number): Promise<number> {
  const zone = await getClient().shield.getShieldZoneByPullZone(pullZoneId);
  if (typeof zone?.shieldZoneId !== "number") throw new Error("the answer names no shieldZoneId");
  return zone.shieldZoneId;
}

/**
 * The shield zone of pull zone `pullZoneId`, for a new object placed by `pullZoneId`. A pull
 * zone that has none yet may be getting one (a `ShieldZone` of a pull zone created in the
 * same run, which the object does not depend on; the platform applying an accepted create):
 * a not-found answer is read again with the bounded backoff of every read-back, with a status
 * line, before the create fails. Any other error fails at once.
 */
async function shieldZoneOfPullZone(pullZoneId: number, what: string): Promise<number> {
  let last: unknown;
  try {
    const found = await pollUntil(
      async () => {
        try {
          return await readShieldZoneOf(pullZoneId);
        } catch (e) {
          if (!isNotFound(e)) throw e;
          last = e;
          return undefined;
        }
      },
      () => true,
      timing,
      `the shield zone of pull zone ${pullZoneId} (a ShieldZone of it being created)`,
    );
    if (found !== undefined) return found;
  } catch (e) {
    last = e;
  }
  throw new ResourceOperationError(
    `${what} failed: the shield zone of pull zone ${pullZoneId} could not be found ` +
      `(${messageOf(last)})` +
      (isNotFound(last)
        ? `; it did not appear within ${timing.readBackMs / 1000} s. Give the pull zone a ` +
          "shield zone (edge.shield.ShieldZone with `pullZoneId`) and run `pulumi up` again."
        : ""),
    last,
  );
}

/** The shield zone parent. */
export const shieldZoneParent: Parent = {
  word: "shield zone",
  field: "shieldZoneId",
  spellings: [{ field: "pullZoneId", word: "pull zone", resolve: shieldZoneOfPullZone }],
};
