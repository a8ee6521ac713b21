/**
 * The TypeBox declarations of `edge.dns.DnsRecord`'s `check` (a schema module: the build
 * precompiles each exported `*Schema`; see edgeplatform-client's `spec/precompiled.ts`). The
 * enumerations (`type`, `monitorType`, `smartRoutingType`) and what each type takes are
 * checked apart (`checkDnsRecordInputs`, with the client's `checkDnsRecord`).
 */
import { Type } from "@sinclair/typebox";
import { INT32_MAX } from "edgeplatform-client/spec/runtime";

const id = () => Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
const opt = <T extends Parameters<typeof Type.Optional>[0]>(t: T) => Type.Optional(t);
const nullableText = () => Type.Optional(Type.Unsafe<string | null>({ type: ["string", "null"] }));
const int = (minimum: number, maximum: number) => opt(Type.Integer({ minimum, maximum }));

/** The public inputs of a DNS record. */
export const dnsRecordInputsSchema = Type.Object(
  {
    zoneId: opt(id()),
    recordId: opt(Type.Union([id(), Type.Null()])),
    type: opt(Type.Unsafe<unknown>({})),
    name: opt(Type.String()),
    value: nullableText(),
    ttl: int(0, INT32_MAX),
    priority: int(0, 65535),
    weight: int(0, 65535),
    port: int(0, 65535),
    flags: int(0, 255),
    tag: nullableText(),
    pullZoneId: opt(id()),
    scriptId: opt(id()),
    accelerated: opt(Type.Boolean()),
    monitorType: opt(Type.Unsafe<unknown>({})),
    geolocationLatitude: opt(Type.Number({ minimum: -90, maximum: 90 })),
    geolocationLongitude: opt(Type.Number({ minimum: -180, maximum: 180 })),
    latencyZone: nullableText(),
    smartRoutingType: opt(Type.Unsafe<unknown>({})),
    disabled: opt(Type.Boolean()),
    environmentVariables: opt(
      Type.Array(
        Type.Object({ name: Type.String(), value: Type.String() }, { additionalProperties: false }),
      ),
    ),
    comment: nullableText(),
    autoSslIssuance: opt(Type.Boolean()),
    deleteOnDestroy: opt(Type.Boolean()),
  },
  { additionalProperties: false },
);

/** The engine's configuration of a record: checked by `checkDnsRecordInputs`, nothing more. */
export const dnsRecordConfigurationSchema = Type.Object({});
