/**
 * The thin, stable closures that Pulumi serializes into state (`__provider`) for each
 * dynamic resource.
 *
 * Each stub has ONE method, `configure`. The dynamic-provider host deserializes a provider
 * and calls its `configure` before any other method (once per provider text and process),
 * and then calls `check`, `diff`, `create`, ... on that same object. The stub's `configure`
 * therefore installs the implementation's methods on the object — `require`d BY PACKAGE
 * NAME at run time — and forwards to the implementation's `configure`. So the serialized
 * text:
 * - is small: one function (Pulumi's serializer wraps every function in a few hundred
 *   bytes, so seven forwarding methods would cost about 2 KB per copy, and state holds two
 *   copies per resource);
 * - holds no implementation code and no captured value, so it is identical across releases
 *   (no `~__provider` diff after an upgrade) and refresh, update and delete always run the
 *   installed package's current code;
 * - captures nothing secret (settings are resolved in the provider process, settings.ts).
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
  configure: function (this: any, req: any) {
    const impl = require("pulumi-edgeplatform").__providers.rateLimitRule;
    Object.assign(this, impl);
    return impl.configure(req);
  },
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.dns.ZoneDnssec`. */
export const zoneDnssecStub = {
  configure: function (this: any, req: any) {
    const impl = require("pulumi-edgeplatform").__providers.zoneDnssec;
    Object.assign(this, impl);
    return impl.configure(req);
  },
} as dynamic.ResourceProvider;

/** Serialized provider of `edge.containers.VolumeInstancesDeletion`. */
export const volumeInstancesDeletionStub = {
  configure: function (this: any, req: any) {
    const impl = require("pulumi-edgeplatform").__providers.volumeInstancesDeletion;
    Object.assign(this, impl);
    return impl.configure(req);
  },
} as dynamic.ResourceProvider;
