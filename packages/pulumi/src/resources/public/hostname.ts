/**
 * `edge.pullzones.Hostname`: one hostname of a pull zone as a Pulumi dynamic resource (type
 * token `pulumi-nodejs:dynamic/pullzones:Hostname`). Identity is the hostname (lower-case,
 * without a trailing dot). With `pullZoneId` and `hostname` the hostname is added; with
 * `existingHostname` (and its `pullZoneId`) an existing one is adopted. Its arguments, state
 * and outputs are generated from the kind's declaration (`./generated/hostname`).
 */
import type * as pulumi from "@pulumi/pulumi";
import type { EdgeResourceOptions } from "./readable-resource";
import { ZoneObjectResource, type ZoneObjectKind } from "./zone-object-resource";
import type { HostnameArgs, HostnameOutputs } from "./generated/hostname";

export type { HostnameArgs, HostnameState } from "./generated/hostname";

/** A hostname's certificate: a free one (waited for, up to `timeoutSeconds`) or one's own. */
export type HostnameCertificate =
  | {
      /** A free certificate, issued by the platform (asynchronous: waited for). */
      type: "free";
      /** How long a create or update waits for the certificate (seconds, 1–3600; default 120). */
      timeoutSeconds?: number;
    }
  | {
      /** A certificate of one's own, uploaded with its key. */
      type: "custom";
      /** The certificate (PEM, or base64 of it). */
      certificate: string;
      /** Its private key (PEM, or base64 of it): always a secret in the state. */
      privateKey: string;
    }
  | {
      /** Reported only: the platform's own certificate (the system hostname). */
      type: "managed";
    };

/** A hostname's certificate as a program writes it (its fields may be outputs: a key from a secret). */
export type HostnameCertificateArgs =
  | {
      /** A free certificate, issued by the platform (asynchronous: waited for). */
      type: "free";
      /** How long a create or update waits for the certificate (seconds, 1–3600; default 120). */
      timeoutSeconds?: pulumi.Input<number>;
    }
  | {
      /** A certificate of one's own, uploaded with its key. */
      type: "custom";
      /** The certificate (PEM, or base64 of it). */
      certificate: pulumi.Input<string>;
      /** Its private key (PEM, or base64 of it): always a secret in the state. */
      privateKey: pulumi.Input<string>;
    };

/** The key type of a hostname's certificate. */
export type HostnameKeyType = "Ecdsa" | "Rsa";

/** A field of a hostname that the program left out (reported, not managed). */
export type HostnameField = "forceSsl" | "certificate" | "certificateKeyType";

/** The kind: its stub, its type token, how its arguments adopt a hostname, its inputs. */
const KIND: ZoneObjectKind = {
  stub: "hostname",
  module: "pullzones",
  type: "Hostname",
  idField: "existingHostname",
  idName: "value",
  parentField: "pullZoneId",
  short: "hostname",
  noun: "hostname",
  getId: "`<pullZoneId>/<hostname>`",
  before: [
    "pullZoneId",
    "hostname",
    "forceSsl",
    "certificate",
    "certificateKeyType",
    "deleteOnDestroy",
  ],
  after: [
    "hasCertificate",
    "certificateProvisionType",
    "isSystemHostname",
    "priorForceSsl",
    "adopted",
    "origin",
    "unmanaged",
    "readOnly",
  ],
  secretOutputs: ["certificate"],
};

/** The outputs of a {@link Hostname} (generated from the kind's declaration). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type -- the outputs: declared once, in the generated module
export interface Hostname extends HostnameOutputs {}

/**
 * One hostname of a pull zone, with whether it redirects HTTP to HTTPS and its certificate: a
 * free one, which the platform issues asynchronously (the create waits for it, with a status
 * line, and when it is not issued removes the hostname it added and fails naming why), or one's
 * own, whose private key is always a secret in the state. With `pullZoneId` and `hostname` the
 * hostname is added (and removed on destroy); with `existingHostname` an existing one is adopted
 * (and left on destroy, its `forceSsl` as it was, unless `deleteOnDestroy`). A hostname another
 * pull zone has is refused before any write. Writes to a zone go one at a time.
 *
 * ```ts
 * const www = new edge.pullzones.Hostname("www", {
 *   pullZoneId: 1,
 *   hostname: "www.example.com",
 *   forceSsl: true,
 *   certificate: { type: "free" },
 * });
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the outputs: declared once, in the generated module
export class Hostname extends ZoneObjectResource {
  /**
   * Adds or adopts a hostname.
   * @param name The unique name of the resource.
   * @param args The desired hostname: `pullZoneId` and `hostname` (add), or `existingHostname`
   *   (adopt).
   * @param opts Options for the resource. `opts.import` is refused: write `existingHostname`
   *   instead.
   */
  constructor(name: string, args: HostnameArgs, opts?: EdgeResourceOptions) {
    super(KIND, name, args, opts);
  }
}
