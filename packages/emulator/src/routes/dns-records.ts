/**
 * The collection table of DNS records (published core API): records under a zone
 * (`/dnszone/{zoneId}/records/{id}`): add (PUT, 201), update (POST, 204), delete (204) and
 * the zone's list (filtered by type and text, paged). A body is checked by record type
 * (`../dns-validation.ts`); a failure is a 400 naming the field. Not delayed by the profile.
 */
import type {
  AddDnsRecordRequest,
  DnsRecord,
  DnsRecordListQuery,
  UpdateDnsRecordRequest,
} from "edgeplatform-client/spec";
import type { EmulatorContext } from "../context";
import { addRecordBody, recordListQuery, updateRecordBody } from "../dns-schemas";
import { recordFailures, recordTypeName, typeTakes } from "../dns-validation";
import { dnsRecord, type StoredDnsZone } from "../state-dns";
import type { CollectionTable, Id, Store } from "./collection";
import { dnsParts, recordFields, T } from "./dns-parts";

const RECORDS = "/dnszone/:zoneId/records";

/**
 * A record after an update: the body over the record; a new type drops the old type's own
 * fields unless the body sets them, and the link (the model's AcceleratedPullZoneId and
 * LinkName) unless the new type has one.
 */
function updatedRecord(before: DnsRecord, body: UpdateDnsRecordRequest) {
  const merged: Record<string, unknown> = { ...before, ...recordFields(body) };
  const typeChanged = body.Type !== undefined && body.Type !== null && body.Type !== before.Type;
  if (typeChanged) {
    const name = recordTypeName(body.Type);
    for (const field of ["Weight", "Priority", "Port", "Flags", "Tag"] as const)
      if (!typeTakes(name, field) && body[field] == null) merged[field] = field === "Tag" ? "" : 0;
    if (name !== "PullZone") merged.AcceleratedPullZoneId = 0;
    if (name !== "PullZone" && name !== "Script" && body.ScriptId == null) merged.LinkName = null;
  }
  // The record model has no PullZoneId or ScriptId (a document of an older emulator may).
  delete merged.PullZoneId;
  delete merged.ScriptId;
  return { merged, typeChanged };
}

/** The collection table of DNS records. */
export function dnsRecordTable(
  ctx: EmulatorContext,
): CollectionTable<DnsRecord, StoredDnsZone, AddDnsRecordRequest, UpdateDnsRecordRequest> {
  const { zones, ids, nowIso, find, notFound, invalid, zoneView, paged } = dnsParts(ctx);
  const zone = (id: Id) => zones().find((z) => z.Id === id)!;
  /** A change of a zone's records changes the zone. */
  const touched = (zoneId: Id) => {
    const z = zone(zoneId);
    z.DateModified = nowIso();
    return z.Records;
  };
  const at = (records: DnsRecord[], id: Id) => records.findIndex((r) => r.Id === id);
  const store: Store<DnsRecord> = {
    of: (zoneId) => zone(zoneId).Records,
    find: (id) =>
      zones()
        .flatMap((z) => z.Records)
        .find((r) => r.Id === id),
    add: (zoneId, r) => void touched(zoneId).push(r),
    replace: (zoneId, id, next) => {
      const records = touched(zoneId);
      records[at(records, id)] = next;
    },
    remove: (zoneId, id) => {
      const records = touched(zoneId);
      records.splice(at(records, id), 1);
    },
  };

  return {
    id: { param: "id", kind: "int64", of: (r) => r.Id },
    parent: {
      param: "zoneId",
      kind: "int64",
      find: (req, id) => find(id as number, req),
      exists: (id) => zones().some((z) => z.Id === id),
      missing: (a) => notFound(a.reply, a.req.url, a.parentId as number),
    },
    store,
    notFound: {
      key: "not_found.dnsrecord",
      message: (id, zoneId) => `DNS record ${id} was not found in zone ${zoneId}`,
      profiled: false,
      http404: "problem",
    },
    list: {
      path: RECORDS,
      querystring: recordListQuery,
      answer: (a, records) => {
        const { type, search, page, perPage } = a.req.query as DnsRecordListQuery;
        const q = (search ?? "").toLowerCase();
        const list = records.filter(
          (r) =>
            (type === undefined || r.Type === type) &&
            (q === "" ||
              (r.Name ?? "").toLowerCase().includes(q) ||
              (r.Value ?? "").toLowerCase().includes(q)),
        );
        return paged(list, page, perPage);
      },
    },
    create: {
      method: "PUT",
      path: RECORDS,
      body: addRecordBody,
      check: (a, b) => {
        const failures = recordFailures(b as Record<string, unknown>);
        return failures.length ? invalid(a.reply, a.req.url, failures) : undefined;
      },
      build: (_a, b) => {
        const r = dnsRecord(
          ids().dnsRecord++,
          recordFields(b) as Partial<DnsRecord> & Pick<DnsRecord, "Type">,
        );
        return { id: r.Id, make: () => r };
      },
      deferred: false,
      // Profile `dnsRecordAddAnswer: "zone"`: a platform that answers with the zone.
      answer: (a, r) =>
        a.reply.code(201).send(ctx.profile.dnsRecordAddAnswer === "zone" ? zoneView(a.parent) : r),
    },
    update: {
      methods: ["POST"],
      body: updateRecordBody,
      check: (a, b) => {
        const { merged, typeChanged } = updatedRecord(a.item, b);
        // Checked whole: the record after the change must be a valid record of its type (a
        // stored link counts as its PullZoneId/ScriptId while the type stays).
        const kept = (t: number) => (!typeChanged && merged.Type === t ? 1 : undefined);
        const failures = recordFailures({
          ...merged,
          PullZoneId: b.PullZoneId ?? kept(T.PullZone),
          ScriptId: b.ScriptId ?? kept(T.Script),
        });
        return failures.length ? invalid(a.reply, a.req.url, failures) : undefined;
      },
      apply: (target, b) => updatedRecord(target, b).merged as unknown as DnsRecord,
      deferred: false,
      answer: (a) => a.reply.code(204).send(),
    },
    delete: { deferred: false, answer: (a) => a.reply.code(204).send() },
  };
}
