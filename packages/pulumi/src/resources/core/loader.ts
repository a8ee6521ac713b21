/**
 * The thin, stable closures that Pulumi serializes into state (`__provider`) for each
 * dynamic resource.
 *
 * Each stub has all seven methods the dynamic-provider host may call (`configure`, `check`,
 * `diff`, `create`, `read`, `update`, `delete`), and each one `require`s the implementation
 * BY PACKAGE NAME when it is called and forwards to it. So the serialized text:
 * - fails loudly: when the package cannot be loaded (not installed where the engine runs, a
 *   broken install), EVERY call throws that error. The host caches a provider object before
 *   its `configure` has finished; a stub whose methods appeared only after a successful
 *   `configure` would leave `delete` missing, which the host answers with success and no API
 *   call — the engine would then drop live objects from state;
 * - holds no implementation code and captures no value, so it is identical across releases
 *   (no `~__provider` diff after an upgrade) and refresh, update and delete always run the
 *   installed package's current code;
 * - captures nothing secret (settings are resolved in the provider process, settings.ts);
 * - stays small: arrow functions are the cheapest form for Pulumi's serializer (about 2 KB
 *   for seven methods; see test/provider/closure.test.ts).
 *
 * The provider host evaluates the text with module paths from the Pulumi project's working
 * directory, so `pulumi-edgeplatform` must be installed (or linked) in the project.
 *
 * DO NOT EDIT casually: any change to these functions' text changes every stack's state.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import type * as dynamic from "@pulumi/pulumi/dynamic";

/** Serialized provider of `edge.shield.RateLimitRule`. */
export const rateLimitRuleStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.rateLimitRule.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.rateLimitRule.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.rateLimitRule.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.rateLimitRule.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.rateLimitRule.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.rateLimitRule.update(a, b, c),
  delete: (a: any, b: any) => require("pulumi-edgeplatform").__providers.rateLimitRule.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.dns.ZoneDnssec`. */
export const zoneDnssecStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.zoneDnssec.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.zoneDnssec.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.zoneDnssec.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.zoneDnssec.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.zoneDnssec.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.zoneDnssec.update(a, b, c),
  delete: (a: any, b: any) => require("pulumi-edgeplatform").__providers.zoneDnssec.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.dns.DnsZone`. */
export const dnsZoneStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.dnsZone.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.dnsZone.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.dnsZone.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.dnsZone.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.dnsZone.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.dnsZone.update(a, b, c),
  delete: (a: any, b: any) => require("pulumi-edgeplatform").__providers.dnsZone.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.containers.VolumeInstancesDeletion`. */
export const volumeInstancesDeletionStub = {
  configure: (a: any) =>
    require("pulumi-edgeplatform").__providers.volumeInstancesDeletion.configure(a),
  check: (a: any, b: any) =>
    require("pulumi-edgeplatform").__providers.volumeInstancesDeletion.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.volumeInstancesDeletion.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.volumeInstancesDeletion.create(a),
  read: (a: any, b: any) =>
    require("pulumi-edgeplatform").__providers.volumeInstancesDeletion.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.volumeInstancesDeletion.update(a, b, c),
  delete: (a: any, b: any) =>
    require("pulumi-edgeplatform").__providers.volumeInstancesDeletion.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.shield.WafRule`. */
export const wafRuleStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.wafRule.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.wafRule.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.wafRule.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.wafRule.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.wafRule.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.wafRule.update(a, b, c),
  delete: (a: any, b: any) => require("pulumi-edgeplatform").__providers.wafRule.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.shield.AccessList`. */
export const accessListStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.accessList.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.accessList.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.accessList.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.accessList.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.accessList.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.accessList.update(a, b, c),
  delete: (a: any, b: any) => require("pulumi-edgeplatform").__providers.accessList.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.shield.ManagedAccessList`. */
export const managedAccessListStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.managedAccessList.configure(a),
  check: (a: any, b: any) =>
    require("pulumi-edgeplatform").__providers.managedAccessList.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.managedAccessList.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.managedAccessList.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.managedAccessList.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.managedAccessList.update(a, b, c),
  delete: (a: any, b: any) =>
    require("pulumi-edgeplatform").__providers.managedAccessList.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.shield.ShieldZone`. */
export const shieldZoneStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.shieldZone.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.shieldZone.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.shieldZone.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.shieldZone.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.shieldZone.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.shieldZone.update(a, b, c),
  delete: (a: any, b: any) => require("pulumi-edgeplatform").__providers.shieldZone.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.shield.BotDetection`. */
export const botDetectionStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.botDetection.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.botDetection.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.botDetection.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.botDetection.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.botDetection.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.botDetection.update(a, b, c),
  delete: (a: any, b: any) => require("pulumi-edgeplatform").__providers.botDetection.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.shield.UploadScanning`. */
export const uploadScanningStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.uploadScanning.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.uploadScanning.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.uploadScanning.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.uploadScanning.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.uploadScanning.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.uploadScanning.update(a, b, c),
  delete: (a: any, b: any) =>
    require("pulumi-edgeplatform").__providers.uploadScanning.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.shield.ApiGuardian`. */
export const apiGuardianStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.apiGuardian.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.apiGuardian.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.apiGuardian.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.apiGuardian.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.apiGuardian.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.apiGuardian.update(a, b, c),
  delete: (a: any, b: any) => require("pulumi-edgeplatform").__providers.apiGuardian.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.shield.ResponsePage`. */
export const responsePageStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.responsePage.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.responsePage.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.responsePage.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.responsePage.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.responsePage.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.responsePage.update(a, b, c),
  delete: (a: any, b: any) => require("pulumi-edgeplatform").__providers.responsePage.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.shield.UnderAttackMode`. */
export const underAttackModeStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.underAttackMode.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.underAttackMode.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.underAttackMode.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.underAttackMode.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.underAttackMode.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.underAttackMode.update(a, b, c),
  delete: (a: any, b: any) =>
    require("pulumi-edgeplatform").__providers.underAttackMode.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.shield.BotCategorization`. */
export const botCategorizationStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.botCategorization.configure(a),
  check: (a: any, b: any) =>
    require("pulumi-edgeplatform").__providers.botCategorization.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.botCategorization.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.botCategorization.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.botCategorization.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.botCategorization.update(a, b, c),
  delete: (a: any, b: any) =>
    require("pulumi-edgeplatform").__providers.botCategorization.delete(a, b),
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.dns.DnsRecord`. */
export const dnsRecordStub = {
  configure: (a: any) => require("pulumi-edgeplatform").__providers.dnsRecord.configure(a),
  check: (a: any, b: any) => require("pulumi-edgeplatform").__providers.dnsRecord.check(a, b),
  diff: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.dnsRecord.diff(a, b, c),
  create: (a: any) => require("pulumi-edgeplatform").__providers.dnsRecord.create(a),
  read: (a: any, b: any) => require("pulumi-edgeplatform").__providers.dnsRecord.read(a, b),
  update: (a: any, b: any, c: any) =>
    require("pulumi-edgeplatform").__providers.dnsRecord.update(a, b, c),
  delete: (a: any, b: any) => require("pulumi-edgeplatform").__providers.dnsRecord.delete(a, b),
} as dynamic.ResourceProvider;
