/**
 * What the access-list routes share: a zone's custom lists and their entry count, its
 * configuration of every managed list, a content's problems, a list's checksum.
 */
import { createHash } from "crypto";
import type { FastifyReply } from "fastify";
import {
  accessListEntries,
  GenericRequestResponse,
  validateAccessListEntries,
  type AccessListTypeValue,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import type { CustomAccessListState, ManagedAccessListState, ShieldZoneState } from "../state";
import type { AccessListConfigState } from "../state-shield";
import { ACCESS_LIST_KEYS, failure } from "./access-list-views";
import { planName, zonePlan } from "./shield-access";

/** The MD5 of a list's content (its checksum when none is sent). */
export const checksumOf = (content: string): string =>
  createHash("md5").update(content).digest("hex");

/** `{data: null, error}` with an HTTP status (200 for an embedded failure). */
export const fail = (reply: FastifyReply, http: number, error: GenericRequestResponse) =>
  reply.code(http).send({ data: null, error });

/** The access-list parts of one emulator's state. */
export function accessListParts(ctx: EmulatorContext) {
  const s = () => ctx.store.state;

  /** The zone's configuration of every managed list (made, disabled, the first time). */
  const managedConfigs = (zoneId: number): [ManagedAccessListState, AccessListConfigState][] => {
    const st = s();
    let made = false;
    const out = st.managedAccessLists.map((m): [ManagedAccessListState, AccessListConfigState] => {
      let c = st.accessListConfigs.find((x) => x.shieldZoneId === zoneId && x.listId === m.listId);
      if (!c) {
        c = {
          configurationId: st.nextIds.accessListConfiguration++,
          shieldZoneId: zoneId,
          listId: m.listId,
          isEnabled: false,
          action: 0,
        };
        st.accessListConfigs.push(c);
        made = true;
      }
      return [m, c];
    });
    if (made) ctx.store.commit();
    return out;
  };
  const customOf = (zoneId: number) => s().accessLists.filter((l) => l.shieldZoneId === zoneId);
  const entriesOf = (lists: CustomAccessListState[]) =>
    lists.reduce((n, l) => n + accessListEntries(l.content).length, 0);

  /** Problems of new content: bad entries, or the zone's entry limit. Undefined when fine. */
  const contentProblem = (
    zone: ShieldZoneState,
    type: AccessListTypeValue,
    content: string,
    replacing?: number,
  ): GenericRequestResponse | undefined => {
    const bad = validateAccessListEntries(type, content, "content");
    if (bad.length)
      return failure(
        400,
        ACCESS_LIST_KEYS.invalidContent,
        bad.map((f) => `${f.property}: ${f.reason}`).join("; "),
      );
    const plan = zonePlan(zone);
    const others = entriesOf(customOf(zone.id).filter((l) => l.id !== replacing));
    const count = accessListEntries(content).length;
    if (others + count > plan.customEntryLimit)
      return failure(
        400,
        ACCESS_LIST_KEYS.entryLimit,
        `Shield zone ${zone.id} may hold ${plan.customEntryLimit} custom access-list entries on its ` +
          `${planName(plan.planType)} plan (customEntryLimit); it holds ${others} and this list has ${count}`,
      );
    return undefined;
  };

  return { managedConfigs, customOf, entriesOf, contentProblem };
}
