/**
 * What the settings resources of a shield zone (the settings kinds of the list of kinds whose
 * public class extends {@link ZoneSettingsResource}) share in the program: the zone arguments,
 * the one-owner gate, the resource options they refuse, the inputs handed to the engine.
 */
import * as pulumi from "@pulumi/pulumi";
import type { StubKind } from "../core/serialized-provider";
import { otherSpellings, sharingFields, soleOwner } from "./one-owner";
import { SHARED_FIELDS } from "../kinds/settings/shared-fields";
import { ReadableResource } from "./readable-resource";
import { outputKeys } from "./object-inputs";

/** An enumeration argument: its name or the API's integer. */
export type EnumArg<E extends Record<string, number>> = keyof E | E[keyof E];

/** The zone, by shield zone id. */
export interface InShieldZoneArgs {
  /** Id of the shield zone. Another zone replaces the resource. */
  shieldZoneId: pulumi.Input<number>;
  /** Not with `shieldZoneId`: one of the two names the zone. */
  pullZoneId?: never;
}

/** The zone, by pull zone id. */
export interface InPullZoneArgs {
  /** Not with `pullZoneId`: one of the two names the zone. */
  shieldZoneId?: never;
  /** The shield zone of this pull zone. Another pull zone replaces the resource. */
  pullZoneId: pulumi.Input<number>;
}

/** The optional stated prior of a settings resource. */
export interface SettingsPriorArgs {
  /**
   * The way out after an interrupted `pulumi up` (the write landed, the state never recorded
   * it): the managed settings' values before Pulumi, as the interrupted run printed them
   * (`configuration before Pulumi {...}`), in the settings' own shape (`null`: not set). Only
   * managed settings may be named. Stating or changing it writes nothing to the platform: the
   * state records it (`priorPinned: true`) and destroy restores it. Default: the values read
   * when Pulumi first managed each setting.
   */
  prior?: pulumi.Input<Record<string, unknown>>;
}

/** Exactly one of `shieldZoneId` and `pullZoneId`, and the optional stated `prior`. */
export type SettingsZoneArgs = (InShieldZoneArgs | InPullZoneArgs) & SettingsPriorArgs;

/** Outputs every settings resource has. */
export interface SettingsStateBase {
  /** The shield zone. */
  shieldZoneId: number;
  /** The pull zone (when the program names the zone by it; a shield zone's own pull zone). */
  pullZoneId: number | undefined;
  /**
   * The managed settings before Pulumi managed them (enumerations by name; `null`: not set):
   * what destroy restores. `{}` for a read-only view.
   */
  prior: Record<string, unknown>;
  /** The managed settings' paths (`"waf.mode"`). */
  managed: string[];
  /** True when the program states `prior` (the record is the program's); else undefined. */
  priorPinned: boolean | undefined;
  /** True for a view read with `get` (never written); else undefined. */
  readOnly: boolean | undefined;
}

/**
 * The inputs handed to the engine: `outputs` (declared as undefined so that they are
 * outputs), then the program's arguments with the zone field through the one-owner gate.
 * @param type The resource type (`"ShieldZone"`).
 * @param noun What the settings object is, in messages (`"the bot detection settings"`).
 * @param key The second key (`ResponsePage`'s `pageType`), when the object has one.
 */
export function settingsInputs(
  type: string,
  noun: string,
  name: string,
  args: Record<string, unknown> | undefined,
  outputs: readonly string[],
  key?: { name: string; value: pulumi.Input<string> | undefined },
): pulumi.Inputs {
  const base = outputKeys(outputs);
  if (!args) return base;
  const zoneField = args.shieldZoneId !== undefined ? "shieldZoneId" : "pullZoneId";
  const zoneValue = args[zoneField] as pulumi.Input<number> | undefined;
  const gated: pulumi.Inputs = { ...base, ...args };
  if (zoneValue === undefined || zoneValue === null) return gated;
  if (args.shieldZoneId !== undefined && args.pullZoneId !== undefined) return gated;
  const zoneNoun = zoneField === "shieldZoneId" ? "shield zone" : "the shield zone of pull zone";
  const resource = `edge.shield.${type} "${name}"`;
  gated[zoneField] = pulumi
    .output(key?.value ?? "")
    .apply((k) =>
      soleOwner(
        `zone-settings\0${type}\0${zoneField}\0${k}`,
        resource,
        zoneValue,
        (z) => `${noun} of ${zoneNoun} ${z}${key ? ` (${key.name} ${JSON.stringify(k)})` : ""}`,
      ),
    );
  // The other resources of the program for this kind's object that spell the zone the other
  // way: the engine resolves them and refuses each resource for one object before any write.
  const spellings = pulumi
    .output(key?.value ?? "")
    .apply((k) =>
      otherSpellings(`zone-settings\0${type}\0${k}`, resource, { [zoneField]: zoneValue }),
    );
  const shared = SHARED_FIELDS[type];
  if (!shared) {
    gated.__spellings = spellings;
    return gated;
  }
  // The resources of other kinds that manage a platform field this one manages (a zone's DDoS
  // sensitivity): the same hint, each of them with the field (one field, one resource).
  const fields = pulumi.output(args as pulumi.Inputs).apply((a) => {
    const out: Record<string, string> = {};
    for (const [path, f] of Object.entries(shared)) {
      const v = path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], a);
      if (v !== undefined && v !== null) out[f.field] = path;
    }
    return out;
  });
  const sharers = sharingFields(type, resource, { [zoneField]: zoneValue }, fields);
  gated.__spellings = pulumi
    .all([spellings, sharers])
    .apply(([hint, sharing]) =>
      hint && sharing
        ? { self: hint.self, others: [...hint.others, ...sharing.others] }
        : (hint ?? sharing),
    );
  return gated;
}

/** A settings kind as its class states it. */
export interface SettingsResourceKind<A> {
  /** The kind's stub module. */
  stub: StubKind;
  /** The resource type (`"ShieldZone"`), in `shield`. */
  type: string;
  /** What the settings object is, in messages (`"the bot detection settings"`). */
  noun: string;
  /** The kind's own outputs (besides the common ones). */
  outputs: readonly string[];
  /**
   * The outputs that hold a secret setting (a field declared `secret: true`): Pulumi secrets in
   * the state and the outputs (`additionalSecretOutputs`), whatever the program gives.
   */
  secretOutputs?: readonly string[];
  /** The object's second key (`ResponsePage`'s `pageType`), when it has one. */
  key?: keyof A & string;
  /** The arguments as the engine takes them, when they differ from the program's. */
  engineArgs?: (args: A) => Record<string, unknown>;
}

/**
 * The base class of the settings resources: the outputs they all have, `get`, and the
 * constructor that hands the engine its inputs (see {@link settingsInputs}).
 */
export abstract class ZoneSettingsResource<A extends object> extends ReadableResource {
  /** The shield zone. */
  declare public readonly shieldZoneId: pulumi.Output<number>;
  /** The pull zone (when the program names the zone by it; a shield zone's own pull zone). */
  declare public readonly pullZoneId: pulumi.Output<number | undefined>;
  /** The managed settings before Pulumi managed them: destroy restores them. */
  declare public readonly prior: pulumi.Output<Record<string, unknown>>;
  /** The managed settings' paths (`"waf.mode"`). */
  declare public readonly managed: pulumi.Output<string[]>;
  /** True when the program states `prior` (the record is the program's); else undefined. */
  declare public readonly priorPinned: pulumi.Output<boolean | undefined>;
  /** True for a view read with `get` (never written); else undefined. */
  declare public readonly readOnly: pulumi.Output<boolean | undefined>;

  /**
   * @param kind The settings kind.
   * @param args The program's arguments (the zone and the settings to manage).
   * @param opts Options for the resource (`opts.import` is refused: the arguments adopt).
   */
  protected constructor(
    kind: SettingsResourceKind<A>,
    name: string,
    args: A,
    opts: pulumi.CustomResourceOptions | undefined,
  ) {
    const adopt =
      `the resource already adopts the zone's settings (no write when they match); ` +
      `${kind.type}.get(name, "<shieldZoneId>${kind.key ? `/<${kind.key}>` : ""}") reads them without managing them`;
    // Its secret settings (`secretOutputs`) are secrets in the state and the outputs: the base
    // class makes them so.
    // The shield zone of one named by its pull zone is known in a preview of an update.
    const idOutput = { name: "shieldZoneId", type: "number" } as const;
    super({ ...kind, module: "shield", adopt, idOutput }, name, args, opts, (given) => {
      const a = given as (A & Record<string, unknown>) | undefined;
      const key = a && kind.key ? { name: kind.key, value: a[kind.key] as never } : undefined;
      const engineArgs = a && kind.engineArgs ? kind.engineArgs(a) : a;
      const outputs = [...COMMON_OUTPUTS, ...kind.outputs];
      return settingsInputs(kind.type, kind.noun, name, engineArgs, outputs, key);
    });
  }
}

/** Outputs every settings resource has. */
const COMMON_OUTPUTS = [
  "shieldZoneId",
  "pullZoneId",
  "prior",
  "priorPinned",
  "managed",
  "byPullZone",
  "readOnly",
];
