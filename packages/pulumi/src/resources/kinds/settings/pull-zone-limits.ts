/**
 * `PullZone`'s limits: download speed, request rates, connections, bandwidth and WebSockets.
 */
import { field, type SettingsField } from "../../core/zone-settings/kind";
import { at, bool, int } from "./pull-zone-field";

/** The WebSocket connection tiers the platform sells (a value between two is rounded up). */
const WEBSOCKET_TIERS = [500, 1000, 2500, 5000, 10000, 25000];

/** Rates, connections and bandwidth. */
export const LIMITS: readonly SettingsField[] = [
  at(
    "LimitRatePerSecond",
    field(
      "limitRatePerSecond",
      int(0),
      "Download speed limit per connection, in kB/s (`LimitRatePerSecond`); 0: none.",
    ),
  ),
  at(
    "LimitRateAfter",
    field(
      "limitRateAfter",
      { type: "number", minimum: 0 },
      "Megabytes sent at full speed before the rate limit applies (`LimitRateAfter`).",
    ),
  ),
  at(
    "RequestLimit",
    field(
      "requestLimit",
      int(0),
      "Requests per second allowed from one IP address (`RequestLimit`); 0: none.",
    ),
  ),
  at(
    "BurstSize",
    field(
      "burstSize",
      int(0),
      "Requests one IP address may send above `requestLimit` in a burst (`BurstSize`).",
    ),
  ),
  at(
    "ConnectionLimitPerIPCount",
    field(
      "connectionLimitPerIpCount",
      int(0),
      "Concurrent connections allowed from one IP address (`ConnectionLimitPerIPCount`); 0: " +
        "none.",
    ),
  ),
  at(
    "MonthlyBandwidthLimit",
    field(
      "monthlyBandwidthLimit",
      { type: "integer", minimum: 0 },
      "Bytes the zone may serve in a month before it stops serving (`MonthlyBandwidthLimit`); " +
        "0: no limit.",
    ),
  ),
  at(
    "EnableWebSockets",
    field(
      "enableWebSockets",
      bool(),
      "Whether clients may open WebSocket connections through the zone (`EnableWebSockets`; " +
        "new zone: false).",
    ),
  ),
  at(
    "MaxWebSocketConnections",
    field(
      "maxWebSocketConnections",
      { type: "integer", enum: [0, ...WEBSOCKET_TIERS] },
      "WebSocket connections open at once across the platform at most: one of the tiers " +
        "500, 1000, 2500, 5000, 10000 or 25000, or 0 for none set (what a new zone has) " +
        "(`MaxWebSocketConnections`; the platform rounds another value up to a tier).",
    ),
  ),
];
