/**
 * The provider of `edge.pullzones.Hostname`: its `check` (before any call: the hostname in its
 * normal form, the certificate's form; never a key in a message) and the zone-object engine's
 * provider built from its declaration (hostname.ts), with what an adopted hostname keeps: its
 * `forceSsl` before the adopt (`priorForceSsl`, read once when adopted), given back on a
 * destroy that leaves the hostname.
 *
 * The hostname API is the pull zone's, so `pullZoneId` is always given: with
 * `existingHostname` it adopts that hostname of the zone, without it `hostname` is added.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { schemaRef } from "edgeplatform-client/spec/runtime";
import {
  checkInputs,
  isPlainObject,
  isUnknown,
  ownerConflicts,
  safeCheck,
  type Failure,
} from "../../core/common";
import { getClient } from "../../core/settings";
import { parentWrite } from "../../core/zone-objects/parent";
import { zoneObjectProvider } from "../../core/zone-objects/provider";
import { enumNameOf } from "../../core/zone-objects/plan";
import { pullZoneParent, sharedPullZone } from "../parents/pull-zone";
import { hostnameKind } from "./hostname";
import type { hostnameInputsSchema as InputsSchema } from "./hostname-schemas";
import { hostnameIn, KEY_TYPES, normalHostname } from "./hostname-wire";

const inputsSchema = schemaRef<typeof InputsSchema>(
  __dirname,
  "./hostname-schemas",
  "hostnameInputsSchema",
);

const isSet = (v: unknown) => v !== undefined && v !== null;
type Row = Record<string, unknown>;

/** A hostname: labels of letters, digits and `-` (a leading `*.` for a wildcard). */
const HOSTNAME = /^(\*\.)?([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

/** A hostname given as `field`, in its normal form, and its problems. */
function hostnameOf(field: string, v: unknown): { value: unknown; failures: Failure[] } {
  if (!isSet(v) || isUnknown(v)) return { value: v, failures: [] };
  const value = typeof v === "string" ? normalHostname(v) : v;
  if (typeof value === "string" && HOSTNAME.test(value)) return { value, failures: [] };
  return {
    value,
    failures: [
      { property: field, reason: `must be a hostname (www.example.com); got ${JSON.stringify(v)}` },
    ],
  };
}

/** Problems of `certificate` (never quoting a key). */
function certificateFailures(c: unknown): Failure[] {
  if (!isSet(c) || isUnknown(c)) return [];
  const allowed =
    '{ type: "free", timeoutSeconds? } or { type: "custom", certificate, privateKey }';
  if (!isPlainObject(c))
    return [{ property: "certificate", reason: `must be ${allowed}, or null` }];
  if (c.type === "free") {
    const extra = Object.keys(c).filter((k) => k !== "type" && k !== "timeoutSeconds");
    const t = c.timeoutSeconds;
    const out: Failure[] = extra.map((k) => ({
      property: `certificate.${k}`,
      reason: "is not a field of a free certificate (type, timeoutSeconds)",
    }));
    if (
      t !== undefined &&
      !isUnknown(t) &&
      !(Number.isInteger(t) && (t as number) >= 1 && (t as number) <= 3600)
    ) {
      out.push({
        property: "certificate.timeoutSeconds",
        reason: `must be an integer from 1 to 3600 (seconds to wait for the certificate); got ${JSON.stringify(t)}`,
      });
    }
    return out;
  }
  if (c.type === "custom") {
    const out: Failure[] = Object.keys(c)
      .filter((k) => !["type", "certificate", "privateKey"].includes(k))
      .map((k) => ({
        property: `certificate.${k}`,
        reason: "is not a field of a custom certificate (type, certificate, privateKey)",
      }));
    for (const f of ["certificate", "privateKey"]) {
      const v = c[f];
      if (isUnknown(v)) continue;
      if (typeof v !== "string" || v.trim() === "") {
        out.push({
          property: `certificate.${f}`,
          reason: "is required: PEM text (or base64 of it)",
        });
      }
    }
    return out;
  }
  return [{ property: "certificate.type", reason: `must be "free" or "custom" (${allowed})` }];
}

/** The `check` of a hostname: validates and normalises the inputs before any call. */
export function checkHostnameInputs(olds: unknown, news: unknown): dynamic.CheckResult {
  return safeCheck(news, (n) => {
    const conflicts = ownerConflicts(n, ["existingHostname"]);
    if (conflicts.length > 0) return { inputs: n, failures: conflicts };
    const failures: Failure[] = checkInputs(inputsSchema, n);
    const inputs: Row = { ...n };
    if (!isSet(n.pullZoneId)) {
      failures.push({
        property: "pullZoneId",
        reason: "is required: the pull zone of the hostname (with existingHostname to adopt one)",
      });
    }
    const existing = hostnameOf("existingHostname", n.existingHostname);
    const added = hostnameOf("hostname", n.hostname);
    failures.push(...existing.failures, ...added.failures);
    if (isSet(n.existingHostname)) inputs.existingHostname = existing.value;
    if (isSet(n.hostname)) inputs.hostname = added.value;
    if (isSet(n.existingHostname)) {
      const both = typeof existing.value === "string" && typeof added.value === "string";
      if (both && existing.value !== added.value) {
        failures.push({
          property: "hostname",
          reason: `must be the adopted hostname (${String(existing.value)}) or left out`,
        });
      }
    } else if (!isSet(n.hostname)) {
      failures.push({
        property: "hostname",
        reason: "is required when adding a hostname (no existingHostname): www.example.com",
      });
    }
    // The SDKs' certificate is a map of strings: a timeout written "300" is 300.
    const c = n.certificate;
    if (
      isPlainObject(c) &&
      typeof c.timeoutSeconds === "string" &&
      /^\d+$/.test(c.timeoutSeconds)
    ) {
      inputs.certificate = { ...c, timeoutSeconds: Number(c.timeoutSeconds) };
    }
    failures.push(...certificateFailures(inputs.certificate));
    const k = n.certificateKeyType;
    if (isSet(k) && !isUnknown(k)) {
      const name = enumNameOf(KEY_TYPES, k);
      if (typeof name === "string" && name in KEY_TYPES) inputs.certificateKeyType = name;
      else {
        failures.push({
          property: "certificateKeyType",
          reason: `must be "Ecdsa" or "Rsa"; got ${JSON.stringify(k)}`,
        });
      }
    }
    void olds;
    return { inputs, failures };
  });
}

/** The engine built from the declaration, with the kind's own check. */
export const hostnameEngine = zoneObjectProvider(hostnameKind, { check: checkHostnameInputs });

/** The fields the diff finds changed, by their public names. No API call. */
export const hostnameFieldChanges = hostnameEngine.fieldChanges;

/** `o`'s `priorForceSsl` carried into `outs` (when `o` has one). */
const withPrior = (outs: unknown, o: unknown): Row => {
  const prior = isPlainObject(o) ? o.priorForceSsl : undefined;
  return typeof prior === "boolean" ? { ...(outs as Row), priorForceSsl: prior } : (outs as Row);
};

/** An adopted hostname's `forceSsl` as read before the adopt writes anything. */
async function forceSslBefore(i: Row): Promise<boolean | undefined> {
  const zone = i.pullZoneId;
  if (typeof zone !== "number" || typeof i.existingHostname !== "string") return undefined;
  const h = hostnameIn(
    await sharedPullZone(zone, `prior\0${i.existingHostname}`),
    i.existingHostname,
  );
  return h ? h.ForceSSL === true : undefined;
}

/** A destroy that leaves an adopted hostname gives it its `forceSsl` before the adopt back. */
async function restoreForceSsl(props: unknown): Promise<void> {
  if (!isPlainObject(props) || typeof props.priorForceSsl !== "boolean") return;
  if (props.adopted !== true || props.deleteOnDestroy === true || props.origin === "created")
    return;
  const zone = props.pullZoneId;
  const value = props.existingHostname;
  if (typeof zone !== "number" || typeof value !== "string") return;
  const prior = props.priorForceSsl;
  await parentWrite(pullZoneParent, zone, async () => {
    const h = hostnameIn(await getClient().pullzones.get(zone), value);
    if (h && (h.ForceSSL === true) !== prior)
      await getClient().pullzones.setForceSsl(zone, value, prior);
  });
}

const engine = hostnameEngine.provider;

/** The dynamic provider of `edge.pullzones.Hostname` (what the serialized stub calls). */
export const hostnameProvider = {
  ...engine,
  create: async (i: unknown): Promise<dynamic.CreateResult> => {
    const prior = isPlainObject(i) ? await forceSslBefore(i) : undefined;
    const res = await engine.create(i);
    return prior === undefined ? res : { ...res, outs: { ...res.outs, priorForceSsl: prior } };
  },
  read: async (id: string, props: unknown): Promise<dynamic.ReadResult> => {
    const res = await engine.read(id, props);
    return res.props ? { ...res, props: withPrior(res.props, props) } : res;
  },
  update: async (id: string, olds: unknown, news: unknown): Promise<dynamic.UpdateResult> => {
    const res = await engine.update(id, olds, news);
    return { outs: withPrior(res.outs, olds) };
  },
  delete: async (id: string, props: unknown): Promise<void> => {
    await restoreForceSsl(props);
    await engine.delete(id, props);
  },
};
