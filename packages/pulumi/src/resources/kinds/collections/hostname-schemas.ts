/**
 * The TypeBox declarations of `edge.pullzones.Hostname`'s `check` (a schema module: the build
 * precompiles each exported `*Schema`; see edgeplatform-client's `spec/precompiled.ts`). A
 * hostname is the published document's `HostnameModel` of a pull zone: its value, whether it
 * redirects HTTP to HTTPS (`ForceSSL`), its certificate and the certificate's key type.
 */
import { Type } from "@sinclair/typebox";
import { INT32_MAX } from "edgeplatform-client/spec/runtime";

/** The engine's configuration of a hostname (wire form: the key type as its integer). */
export const hostnameConfigurationSchema = Type.Object(
  {
    forceSsl: Type.Optional(Type.Boolean()),
    certificate: Type.Optional(
      Type.Union([
        Type.Object({ type: Type.String() }, { additionalProperties: true }),
        Type.Null(),
      ]),
    ),
    certificateKeyType: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  },
  { additionalProperties: false },
);

/** The public inputs of a hostname (`certificate` and `certificateKeyType` checked by hand). */
export const hostnameInputsSchema = Type.Object(
  {
    existingHostname: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Null()])),
    pullZoneId: Type.Optional(Type.Integer({ minimum: 1, maximum: INT32_MAX })),
    hostname: Type.Optional(Type.String()),
    forceSsl: Type.Optional(Type.Boolean()),
    certificate: Type.Optional(Type.Unsafe<unknown>({})),
    certificateKeyType: Type.Optional(Type.Unsafe<unknown>({})),
    deleteOnDestroy: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
