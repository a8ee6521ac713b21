/**
 * The shield zone as the parent of zone objects (rate-limit rules, custom WAF rules, access
 * lists): addressed by `shieldZoneId`, or by `pullZoneId`, resolved through the platform to
 * the shield zone of that pull zone.
 */
import { messageOf, ResourceOperationError } from "../../core/common";
import { getClient } from "../../core/settings";
import type { Parent } from "../../core/zone-objects/parent";

/** The shield zone of pull zone `pullZoneId` (one read of the platform). */
async function shieldZoneOfPullZone(pullZoneId: number, what: string): Promise<number> {
  try {
    const zone = await getClient().shield.getShieldZoneByPullZone(pullZoneId);
    if (typeof zone?.shieldZoneId !== "number") {
      throw new Error("the answer names no shieldZoneId");
    }
    return zone.shieldZoneId;
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the shield zone of pull zone ${pullZoneId} could not be found ` +
        `(${messageOf(e)})`,
      e,
    );
  }
}

/** The shield zone parent. */
export const shieldZoneParent: Parent = {
  word: "shield zone",
  field: "shieldZoneId",
  spellings: [{ field: "pullZoneId", word: "pull zone", resolve: shieldZoneOfPullZone }],
};
