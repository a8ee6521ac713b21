/**
 * The thin, stable closures that Pulumi serializes into state (`__provider`) for each
 * dynamic resource. Each method only `require`s the implementation BY PACKAGE NAME at run
 * time and forwards its arguments, so the serialized text:
 * - is small (no implementation code, no captured values),
 * - stays identical across releases (no `~__provider` diff after an upgrade), so refresh,
 *   update and delete always run the installed package's current code,
 * - captures nothing secret (settings are resolved in the provider process, see settings.ts).
 *
 * The provider host evaluates the text with module paths from the Pulumi project's working
 * directory, so `pulumi-edgeplatform` must be installed (or linked) in the project.
 *
 * DO NOT EDIT casually: any change to these functions' text changes every stack's state.
 * Methods the host does not need are left out on purpose (VolumeInstancesDeletion: the host's
 * defaults for a missing read/update/delete are exactly "state unchanged" / "no-op").
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type * as dynamic from "@pulumi/pulumi/dynamic";

/** Serialized provider of `edge.shield.RateLimitRule`. */
export const rateLimitRuleStub: dynamic.ResourceProvider = {
  configure: (...a: any[]) =>
    require("pulumi-edgeplatform").__providers.rateLimitRule.configure(...a),
  check: (...a: any[]) => require("pulumi-edgeplatform").__providers.rateLimitRule.check(...a),
  diff: (...a: any[]) => require("pulumi-edgeplatform").__providers.rateLimitRule.diff(...a),
  create: (...a: any[]) => require("pulumi-edgeplatform").__providers.rateLimitRule.create(...a),
  read: (...a: any[]) => require("pulumi-edgeplatform").__providers.rateLimitRule.read(...a),
  update: (...a: any[]) => require("pulumi-edgeplatform").__providers.rateLimitRule.update(...a),
  delete: (...a: any[]) => require("pulumi-edgeplatform").__providers.rateLimitRule.delete(...a),
};

/** Serialized provider of `edge.dns.ZoneDnssec`. */
export const zoneDnssecStub: dynamic.ResourceProvider = {
  configure: (...a: any[]) => require("pulumi-edgeplatform").__providers.zoneDnssec.configure(...a),
  check: (...a: any[]) => require("pulumi-edgeplatform").__providers.zoneDnssec.check(...a),
  diff: (...a: any[]) => require("pulumi-edgeplatform").__providers.zoneDnssec.diff(...a),
  create: (...a: any[]) => require("pulumi-edgeplatform").__providers.zoneDnssec.create(...a),
  read: (...a: any[]) => require("pulumi-edgeplatform").__providers.zoneDnssec.read(...a),
  update: (...a: any[]) => require("pulumi-edgeplatform").__providers.zoneDnssec.update(...a),
  delete: (...a: any[]) => require("pulumi-edgeplatform").__providers.zoneDnssec.delete(...a),
};

/** Serialized provider of `edge.containers.VolumeInstancesDeletion` (no read/update/delete). */
export const volumeInstancesDeletionStub: dynamic.ResourceProvider = {
  configure: (...a: any[]) =>
    require("pulumi-edgeplatform").__providers.volumeInstancesDeletion.configure(...a),
  check: (...a: any[]) =>
    require("pulumi-edgeplatform").__providers.volumeInstancesDeletion.check(...a),
  diff: (...a: any[]) =>
    require("pulumi-edgeplatform").__providers.volumeInstancesDeletion.diff(...a),
  create: (...a: any[]) =>
    require("pulumi-edgeplatform").__providers.volumeInstancesDeletion.create(...a),
};
