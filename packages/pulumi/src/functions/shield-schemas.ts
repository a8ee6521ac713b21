/**
 * The TypeBox declarations of the arguments of the Shield data sources (shield.ts,
 * shield-zones.ts) (a schema module: the build
 * precompiles each exported `*Schema`, and the data sources refer to them with `schemaRef`, so
 * loading the data sources loads neither TypeBox nor ajv's compiler; see edgeplatform-client's
 * `spec/precompiled.ts`).
 */
import { Type } from "@sinclair/typebox";
import { anyValue, positiveId } from "./schema-helpers";

export const getEventLogsArgsSchema = Type.Object(
  {
    /** ID of the shield zone. */
    shieldZoneId: positiveId(),
    /**
     * The UTC day to read: a `Date` (its UTC day), `MM-dd-yyyy`, or an ISO 8601 date /
     * date-time. Only today and the two previous days (UTC) are readable.
     */
    date: anyValue<Date | string>(),
    /** Read at most this many pages (default: all). The result says if more were left. */
    maxPages: Type.Optional(positiveId()),
  },
  { additionalProperties: false },
);

/** The zone of a shield data source: exactly one of `shieldZoneId` and `pullZoneId`. */
export const zoneArgsSchema = Type.Object(
  {
    /** ID of the shield zone. */
    shieldZoneId: Type.Optional(positiveId()),
    /** ID of a pull zone: its shield zone is read (GET `/shield/shield-zone/get-by-pullzone/{id}`). */
    pullZoneId: Type.Optional(positiveId()),
  },
  { additionalProperties: false },
);

/** The arguments of `getZones`: none (`{}`). */
export const getZonesArgsSchema = Type.Object({}, { additionalProperties: false });
