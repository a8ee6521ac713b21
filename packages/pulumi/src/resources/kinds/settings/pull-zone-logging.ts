/**
 * `PullZone`'s logging settings: the access logs, their anonymization, forwarding and
 * permanent storage.
 */
import {
  LogAnonymizationType,
  PullZoneLogForwarderProtocolType,
  PullZoneLogFormat,
} from "edgeplatform-client/spec/runtime";
import { enumField, field, type SettingsField } from "../../core/zone-settings/kind";
import { at, bool, int, objectId } from "./pull-zone-field";

/** The zone's access logs and their forwarding. */
export const LOGGING: readonly SettingsField[] = [
  at(
    "EnableLogging",
    field("enableLogging", bool(), "Whether the zone's requests are logged (`EnableLogging`)."),
  ),
  at(
    "LoggingIPAnonymizationEnabled",
    field(
      "loggingIpAnonymizationEnabled",
      bool(),
      "Whether IP addresses in the logs are anonymized (`LoggingIPAnonymizationEnabled`).",
    ),
  ),
  at(
    "LogAnonymizationType",
    enumField(
      "logAnonymizationType",
      LogAnonymizationType,
      'How logged IP addresses are anonymized: `"OneDigit"` or `"Drop"` (0–1; ' +
        "`LogAnonymizationType`).",
    ),
  ),
  at(
    "LogFormat",
    enumField(
      "logFormat",
      PullZoneLogFormat,
      'Format of the logs: `"Plain"` or `"JSON"` (0–1; `LogFormat`).',
    ),
  ),
  at(
    "LogForwardingEnabled",
    field(
      "logForwardingEnabled",
      bool(),
      "Whether the logs are forwarded to `logForwardingHostname` (`LogForwardingEnabled`).",
    ),
  ),
  at(
    "LogForwardingHostname",
    field(
      "logForwardingHostname",
      { type: "string" },
      "Host the logs are forwarded to (`LogForwardingHostname`).",
    ),
  ),
  at(
    "LogForwardingPort",
    field(
      "logForwardingPort",
      int(0, 65535),
      "Port the logs are forwarded to (`LogForwardingPort`).",
    ),
  ),
  at(
    "LogForwardingProtocol",
    enumField(
      "logForwardingProtocol",
      PullZoneLogForwarderProtocolType,
      'Protocol of the forwarding: `"UDP"`, `"TCP"`, `"TCPEncrypted"` or `"DataDog"` (0–3; ' +
        "`LogForwardingProtocol`).",
    ),
  ),
  at(
    "LogForwardingFormat",
    enumField(
      "logForwardingFormat",
      PullZoneLogFormat,
      'Format of the forwarded logs: `"Plain"` or `"JSON"` (0–1; `LogForwardingFormat`).',
    ),
  ),
  at(
    "LogForwardingToken",
    field(
      "logForwardingToken",
      { type: "string" },
      "Token the forwarding sends with the logs (`LogForwardingToken`). A secret: encrypted " +
        "in the state and the outputs, never printed.",
      { secret: true },
    ),
  ),
  at(
    "LoggingSaveToStorage",
    field(
      "loggingSaveToStorage",
      bool(),
      "Whether the logs are also kept in the storage zone `loggingStorageZoneId` " +
        "(`LoggingSaveToStorage`; new zone: false).",
    ),
  ),
  at(
    "LoggingStorageZoneId",
    field(
      "loggingStorageZoneId",
      objectId(),
      "Id of the storage zone the logs are kept in (`LoggingStorageZoneId`).",
    ),
  ),
];
