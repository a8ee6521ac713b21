/**
 * The CNAME rule of DNS (RFC 1034 §3.6.2, RFC 2181 §10.1): a name that holds a CNAME holds no
 * other record, so one name has at most one CNAME and nothing beside it. Checked at a record's
 * create, before its PUT, against the zone as read just before (what the platform holds) and
 * the records this run creates in the zone (another resource of the program, created at the
 * same time, whose PUT the zone read may not show yet). What the inputs alone show (a CNAME
 * at the apex) is the client's `checkDnsRecord`, at `check`.
 */
import { claim, claimsOf } from "../../core/run-state";
import { ResourceOperationError } from "../../core/common";
import type { ZoneObject } from "../../core/zone-objects/kind";
import type { ObjectInputs } from "../../core/zone-objects/state";

/** A record as the rule sees it: its type's name and its name. */
interface Named {
  type: string;
  name: string;
  /** The platform's id; none for a record this run is creating. */
  id?: number;
}

/** The claims of the records this run creates in `zone` (`<type>\0<name in lower case>`). */
const runKey = (zone: number) => `dns-record-names\0${zone}`;

const label = (r: Named) => `${r.type} "${r.name}"`;

/** The records of `others` that `mine` may not stand beside (same name, one of them a CNAME). */
function conflicts(mine: Named, others: readonly Named[]): Named[] {
  const name = mine.name.toLowerCase();
  return others.filter(
    (o) => o.name.toLowerCase() === name && (mine.type === "CNAME" || o.type === "CNAME"),
  );
}

/**
 * Refuses a create that would put a CNAME beside another record of its name, or a record
 * beside a CNAME, naming the record and the ones in the way; else claims the name for this
 * run (synchronously with the check: a create of the same name that reaches it next sees it).
 * `typeName` gives a record type's name from the engine's value (an integer or a name).
 */
export function refuseCnameConflicts(
  ctx: { zone: number; listed: readonly ZoneObject<number>[]; what: string; inputs: ObjectInputs },
  typeName: (v: unknown) => string,
): void {
  const config = (ctx.inputs.fields ?? {}) as Record<string, unknown>;
  const mine: Named = { type: typeName(config.type), name: String(ctx.inputs.name ?? "") };
  const held = conflicts(
    mine,
    ctx.listed.map((r) => ({
      type: typeName(r.fields?.type),
      name: String(r.name ?? ""),
      id: r.id,
    })),
  );
  const running = conflicts(
    mine,
    claimsOf(runKey(ctx.zone)).map((c) => {
      const [type, name] = c.split("\0");
      return { type, name };
    }),
  );
  const rule =
    `a name that holds a CNAME holds no other record (RFC 1034 §3.6.2, RFC 2181 §10.1): one ` +
    `CNAME at most, and nothing beside it`;
  if (held.length > 0) {
    const list = held.map((r) => `record ${r.id} (${label(r)})`).join(" and ");
    throw new ResourceOperationError(
      `${ctx.what} failed: ${label(mine)} cannot be created: DNS zone ${ctx.zone} already has ` +
        `${list}; ${rule}. Nothing was written. Give this record another name, or remove the ` +
        `other record first (a CNAME's target can hold the other records instead).`,
    );
  }
  if (running.length > 0) {
    throw new ResourceOperationError(
      `${ctx.what} failed: ${label(mine)} cannot be created: another resource of this program ` +
        `creates ${label(running[0])} in DNS zone ${ctx.zone}; ${rule}. Nothing was written. ` +
        `Remove one of the two resources, or give one another name.`,
    );
  }
  claim(runKey(ctx.zone), `${mine.type}\0${mine.name.toLowerCase()}`);
}
