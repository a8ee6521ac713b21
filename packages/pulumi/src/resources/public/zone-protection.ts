/**
 * A protected DNS zone keeps what hangs off it. The Pulumi engine deletes a resource's
 * dependents before it reaches the resource itself, and a resource's `protect` does not reach
 * them (pulumi/pulumi#6191): `pulumi destroy` of a program with a protected `DnsZone` would
 * delete every record of the zone (and turn its DNSSEC back to what it was before Pulumi), then
 * refuse the zone, which would stay with none of its records.
 *
 * So a `DnsRecord` or `ZoneDnssec` whose `zoneId` is the output of a `DnsZone` (or that is a
 * child of one) takes that zone's `protect` and `retainOnDelete` when the program sets none of
 * its own, the way the SDK's resources take `protect` from `opts.parent`
 * (`@pulumi/pulumi/resource.js`: `if (opts.protect === undefined) opts.protect =
 * parent.__protect`). The engine keeps each resource's `protect` in the state, so a protected
 * record is refused by `pulumi destroy`, by its removal from the program and by `--target`
 * alike; a retained one is left on the platform when it leaves the stack.
 *
 * The link is the `Output`'s dependency on the zone (`zone.zoneId`, and every `apply` or
 * `pulumi.all` of it, which keep the resources they depend on). A zone id written as a number
 * is no link: such resources need `protect` of their own.
 */
import * as pulumi from "@pulumi/pulumi";
import { isReadView, type EdgeResourceOptions } from "./readable-resource";

/** Where a `DnsZone` keeps the options its dependents take (one symbol across copies). */
const ZONE_DELETION = Symbol.for("pulumi-edgeplatform.dnsZoneDeletion");

/** What a zone's dependents take from it. */
interface ZoneDeletion {
  /** The zone's `protect`, as the SDK settled it (its own, or its parent's). */
  protect: boolean | undefined;
  /** The zone's `retainOnDelete`. */
  retainOnDelete: boolean | undefined;
}

/**
 * Records on a `DnsZone` what its dependents take from it: called by its constructor once the
 * SDK has settled the options (`__protect` holds the zone's own `protect` or its parent's).
 */
export function markZone(zone: pulumi.Resource, opts: pulumi.CustomResourceOptions | undefined) {
  const settled = (zone as unknown as { __protect?: boolean }).__protect;
  const deletion: ZoneDeletion = {
    protect: settled ?? opts?.protect,
    retainOnDelete: opts?.retainOnDelete,
  };
  Object.defineProperty(zone, ZONE_DELETION, { value: deletion, enumerable: false });
}

/** The zones `zoneId` depends on, and the parent when it is one. */
function zonesOf(zoneId: unknown, parent: pulumi.Resource | undefined): ZoneDeletion[] {
  const candidates: unknown[] = [parent];
  if (pulumi.Output.isInstance(zoneId)) {
    // `resources()` is the set an `Output` keeps of the resources it comes from, synchronously
    // (internal to the SDK, kept through `apply` and `all`); absent: no link found.
    const resources = (zoneId as unknown as { resources?: () => Set<unknown> }).resources;
    if (typeof resources === "function") candidates.push(...resources.call(zoneId));
  }
  return candidates
    .map((r) =>
      r !== null && typeof r === "object"
        ? (r as { [ZONE_DELETION]?: ZoneDeletion })[ZONE_DELETION]
        : undefined,
    )
    .filter((d): d is ZoneDeletion => d !== undefined);
}

/**
 * The options of a resource that hangs off a zone (`DnsRecord`, `ZoneDnssec`): `protect` and
 * `retainOnDelete` the program left out are taken from the zone `zoneId` comes from (true when
 * any such zone has it). Options the program sets, `false` included, are kept as written. A
 * read (`get`: `args` is its view) takes its options as written.
 * @param args The resource's arguments (their `zoneId`), or the view of a `get`.
 */
export function zoneDependentOptions(
  args: { zoneId?: unknown } | undefined,
  opts: EdgeResourceOptions | undefined,
): EdgeResourceOptions | undefined {
  if (isReadView(args)) return opts;
  const zoneId = args?.zoneId;
  if (opts?.protect !== undefined && opts.retainOnDelete !== undefined) return opts;
  const zones = zonesOf(zoneId, opts?.parent);
  if (zones.length === 0) return opts;
  const out: EdgeResourceOptions = { ...opts };
  if (out.protect === undefined && zones.some((z) => z.protect === true)) out.protect = true;
  if (out.retainOnDelete === undefined && zones.some((z) => z.retainOnDelete === true))
    out.retainOnDelete = true;
  return out;
}
