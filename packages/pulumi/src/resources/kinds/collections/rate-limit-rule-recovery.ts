/**
 * Recovery helpers, now the zone-object engine's (zone-objects/recovery.ts); re-exported under
 * this path for the modules that import them from here.
 */
export {
  acceptedObjectId,
  logLine,
  outcomeUnknown,
  PartialCreateError,
  pendingOutputs,
  timing,
} from "../../core/zone-objects/recovery";
