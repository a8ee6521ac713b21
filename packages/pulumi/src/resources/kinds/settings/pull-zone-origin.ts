/**
 * `PullZone`'s origin settings: where the zone fetches from (a URL, a storage zone, an edge
 * script, a container app, a load balancer), how (host header, redirects, TLS, timeouts,
 * the S3 signing of its requests) and through which origin shield.
 */
import { ExecutionPhase, PullZoneOriginType, PullZoneType } from "edgeplatform-client/spec/runtime";
import { enumField, field, type SettingsField } from "../../core/zone-settings/kind";
import { at, bool, int, objectId, text } from "./pull-zone-field";

/** Where the zone fetches from, and how. */
export const ORIGIN: readonly SettingsField[] = [
  at(
    "OriginUrl",
    field(
      "originUrl",
      {
        type: "string",
        minLength: 1,
        pattern: "^[hH][tT][tT][pP][sS]?://[^\\s]+$",
        examples: ["https://origin.example.com"],
      },
      "URL of the origin the zone fetches from, http(s) (`OriginUrl`). Required to create a " +
        "zone. Compared without trailing slashes (`https://origin.example/` is " +
        "`https://origin.example`), as the platform may store either.",
    ),
  ),
  at(
    "Type",
    enumField(
      "type",
      PullZoneType,
      'Tier of the zone: `"Premium"` or `"Volume"` (0–1; `Type`). Default for a new zone: ' +
        '`"Premium"`.',
    ),
  ),
  at(
    "OriginHostHeader",
    field(
      "originHostHeader",
      { type: "string" },
      "Host header sent to the origin (`OriginHostHeader`); empty: the origin URL's host.",
    ),
  ),
  at(
    "AddHostHeader",
    field(
      "addHostHeader",
      bool(),
      "Whether the request's own Host header is forwarded to the origin (`AddHostHeader`).",
    ),
  ),
  at(
    "FollowRedirects",
    field(
      "followRedirects",
      bool(),
      "Whether the zone follows the origin's redirects instead of passing them on " +
        "(`FollowRedirects`).",
    ),
  ),
  at(
    "VerifyOriginSSL",
    field(
      "verifyOriginSsl",
      bool(),
      "Whether the origin's TLS certificate is verified (`VerifyOriginSSL`).",
    ),
  ),
  at(
    "OriginConnectTimeout",
    field(
      "originConnectTimeout",
      int(0),
      "Seconds to wait for a connection to the origin (`OriginConnectTimeout`; new zone: 10).",
    ),
  ),
  at(
    "OriginResponseTimeout",
    field(
      "originResponseTimeout",
      int(0),
      "Seconds to wait for the origin's answer (`OriginResponseTimeout`; new zone: 60).",
    ),
  ),
  at(
    "OriginRetries",
    field(
      "originRetries",
      int(0),
      "How many times a failed origin request is retried (`OriginRetries`; new zone: 0).",
    ),
  ),
  at(
    "OriginType",
    enumField(
      "originType",
      PullZoneOriginType,
      'Kind of origin: `"OriginUrl"`, `"DnsAccelerate"`, `"StorageZone"`, `"LoadBalancer"`, ' +
        '`"EdgeScript"`, `"MagicContainers"` or `"PushZone"` (0–6; `OriginType`). Each names ' +
        "the setting it needs: `originUrl`, `storageZoneId`, `edgeScriptId`, " +
        '`magicContainersAppId`. New zone: `"OriginUrl"`.',
    ),
  ),
  at(
    "StorageZoneId",
    field(
      "storageZoneId",
      objectId(),
      'Id of the storage zone the zone fetches from, with `originType` `"StorageZone"` ' +
        "(`StorageZoneId`).",
    ),
  ),
  at(
    "EdgeScriptId",
    field(
      "edgeScriptId",
      objectId(),
      'Id of the edge script that answers the zone\'s requests, with `originType` `"EdgeScript"` ' +
        "(`EdgeScriptId`).",
    ),
  ),
  at(
    "MiddlewareScriptId",
    field(
      "middlewareScriptId",
      objectId(),
      "Id of the edge script run as middleware in front of the origin (`MiddlewareScriptId`).",
    ),
  ),
  at(
    "EdgeScriptExecutionPhase",
    enumField(
      "edgeScriptExecutionPhase",
      ExecutionPhase,
      'When the edge script runs: `"Cache"`, `"LoadBalancer"` or `"PreCache"` (0–2; ' +
        "`EdgeScriptExecutionPhase`).",
    ),
  ),
  at(
    "MagicContainersAppId",
    field(
      "magicContainersAppId",
      text(),
      'Id of the container app the zone fetches from, with `originType` `"MagicContainers"` ' +
        "(`MagicContainersAppId`).",
    ),
  ),
  at(
    "MagicContainersEndpointId",
    field(
      "magicContainersEndpointId",
      text(),
      "Id of the container app's endpoint the zone fetches from (`MagicContainersEndpointId`).",
    ),
  ),
  at(
    "LoadBalancerId",
    field(
      "loadBalancerId",
      objectId(),
      'Id of the load balancer the zone fetches from, with `originType` `"LoadBalancer"` ' +
        "(`LoadBalancerId`).",
    ),
  ),
];

/** The S3 (AWS Signature) authentication of the zone's requests to a private bucket. */
export const ORIGIN_AUTH: readonly SettingsField[] = [
  at(
    "AWSSigningEnabled",
    field(
      "awsSigningEnabled",
      bool(),
      "Whether the zone signs its origin requests for an S3-compatible bucket " +
        "(`AWSSigningEnabled`; new zone: false).",
    ),
  ),
  at(
    "AWSSigningKey",
    field("awsSigningKey", text(), "Access key id the requests are signed with (`AWSSigningKey`)."),
  ),
  at(
    "AWSSigningSecret",
    field(
      "awsSigningSecret",
      text(),
      "Secret access key the requests are signed with (`AWSSigningSecret`). A secret: " +
        "encrypted in the state and the outputs, never printed.",
      { secret: true },
    ),
  ),
  at(
    "AWSSigningRegionName",
    field(
      "awsSigningRegionName",
      text(["eu-central-1"]),
      "Region of the bucket, as the signature names it (`AWSSigningRegionName`, " +
        "`eu-central-1`).",
    ),
  ),
];

/** The origin shield: one more cache layer in front of the origin, and its queue. */
export const ORIGIN_SHIELD: readonly SettingsField[] = [
  at(
    "EnableOriginShield",
    field(
      "enableOriginShield",
      bool(),
      "Whether requests reach the origin through an origin shield (`EnableOriginShield`; new " +
        "zone: false).",
    ),
  ),
  at(
    "OriginShieldZoneCode",
    field(
      "originShieldZoneCode",
      { type: "string", pattern: "^[A-Z]{2}$", examples: ["FR"] },
      'Where the origin shield runs: a two-letter location code, `"FR"` or `"IL"` today ' +
        "(`OriginShieldZoneCode`).",
    ),
  ),
  at(
    "OriginShieldEnableConcurrencyLimit",
    field(
      "originShieldEnableConcurrencyLimit",
      bool(),
      "Whether the origin shield limits its concurrent requests to the origin " +
        "(`OriginShieldEnableConcurrencyLimit`; new zone: false).",
    ),
  ),
  at(
    "OriginShieldMaxConcurrentRequests",
    field(
      "originShieldMaxConcurrentRequests",
      int(1, 10000),
      "Concurrent requests the origin shield sends to the origin at most, 1–10000 " +
        "(`OriginShieldMaxConcurrentRequests`; new zone: 200).",
    ),
  ),
  at(
    "OriginShieldMaxQueuedRequests",
    field(
      "originShieldMaxQueuedRequests",
      int(0, 30000),
      "Requests that wait in the origin shield's queue at most, 0–30000 " +
        "(`OriginShieldMaxQueuedRequests`; new zone: 5000).",
    ),
  ),
  at(
    "OriginShieldQueueMaxWaitTime",
    field(
      "originShieldQueueMaxWaitTime",
      int(0),
      "Seconds a request waits in the origin shield's queue at most " +
        "(`OriginShieldQueueMaxWaitTime`; new zone: 30).",
    ),
  ),
  at(
    "EnableRequestCoalescing",
    field(
      "enableRequestCoalescing",
      bool(),
      "Whether concurrent requests for one uncached file make one origin request " +
        "(`EnableRequestCoalescing`; new zone: false).",
    ),
  ),
  at(
    "RequestCoalescingTimeout",
    field(
      "requestCoalescingTimeout",
      int(0),
      "Seconds coalesced requests wait for the one origin request " +
        "(`RequestCoalescingTimeout`; new zone: 30).",
    ),
  ),
];

/** SafeHop: retrying a failed origin request (the retry count is `originRetries`). */
export const SAFEHOP: readonly SettingsField[] = [
  at(
    "EnableSafeHop",
    field(
      "enableSafeHop",
      bool(),
      "Whether failed origin requests are retried (`EnableSafeHop`; new zone: false).",
    ),
  ),
  at(
    "OriginRetry5XXResponses",
    field(
      "originRetry5xxResponses",
      bool(),
      "Whether an origin answer with a 5xx status is retried (`OriginRetry5XXResponses`).",
    ),
  ),
  at(
    "OriginRetryConnectionTimeout",
    field(
      "originRetryConnectionTimeout",
      bool(),
      "Whether a connection timeout is retried (`OriginRetryConnectionTimeout`).",
    ),
  ),
  at(
    "OriginRetryResponseTimeout",
    field(
      "originRetryResponseTimeout",
      bool(),
      "Whether a response timeout is retried (`OriginRetryResponseTimeout`).",
    ),
  ),
  at(
    "OriginRetryDelay",
    field(
      "originRetryDelay",
      int(0),
      "Seconds to wait before a retry (`OriginRetryDelay`; new zone: 0).",
    ),
  ),
];
