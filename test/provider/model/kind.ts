/**
 * A kind of platform object as the model test drives it: one pluggable part per Pulumi
 * resource type (rate-limit rules, custom WAF rules, ...). The engine, the commands and the
 * invariants are the same for every kind; a kind brings only what is its own:
 *
 * - the provider under test (its dynamic-provider entry points);
 * - the program inputs generator (new resources, field edits, adoptions, mode switches);
 * - the oracle of managed fields (what the program's values mean on the platform);
 * - the out-of-band mutations another actor makes (edit, delete, create);
 * - the projection of the emulator's whole state onto its objects, and the paths its calls
 *   take (journal reads, injected faults).
 *
 * Everything a kind says comes from the scenario and the spec, never from the provider's own
 * plan functions.
 */
import type fc from "fast-check";
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { EmulatorState } from "../../../packages/emulator/src";
import type { ProgramInputs, StateEntry } from "./engine";

/** One platform object of a kind, projected from the emulator's state. */
export interface PlatformObject {
  /** `<tag>:<id>`: ids of two kinds may be equal. */
  key: string;
  /** Its id as the provider's state names it (a number, or e.g. `"1/2"`). */
  id: number | string;
  /** Its shield zone. */
  zone: number;
  /** Its name (unique in a zone when the kind says so). */
  name: string | null | undefined;
  /** Every field the program could manage, by path (`ruleConfiguration.actionType`). */
  fields: Record<string, unknown>;
  /** The object as stored (compared byte for byte when nobody may touch it). */
  raw: unknown;
}

/** A program edit of one field: a new value, or removed from the managed set. */
export interface FieldEdit {
  field: string;
  value: unknown;
  remove: boolean;
}

/** An out-of-band edit of one field. */
export interface OobFieldEdit {
  field: string;
  value: unknown;
}

/** An out-of-band create: a zone, a name from the pool (or a fresh one), the rest. */
export interface OobCreateSpec {
  zone: number;
  name: string | undefined;
  body: Record<string, unknown>;
}

/** Where a kind's calls go (regular expressions of the emulator's fault specs). */
export interface KindPaths {
  /** POST of a new object. */
  create: string;
  /** GET/PATCH/DELETE of one object. */
  one: string;
  /** GET of a zone's objects. */
  list: string;
  /** A GET of one object in the journal; group 1 is the id. */
  read: RegExp;
  /** A GET that reads every object of a zone (group 1 is the zone), for kinds read so. */
  readZone?: RegExp;
  /** The HTTP methods of a create and an update when they are not POST and PATCH (DNS). */
  methods?: { create?: string; update?: string };
}

/** One kind of object, as the model test drives it. */
export interface ModelKind {
  /** The resource type (`RateLimitRule`). */
  name: string;
  /** Prefix of its resource names (`r0`, `r1`, ...) and of its object keys (`r:101`). */
  tag: string;
  /** The dynamic provider under test. */
  provider: dynamic.ResourceProvider;
  /** Forgets what the provider keeps per process (each run is a new provider process). */
  newProcess?(): void;
  /** Its objects in the emulator's state. */
  objects(s: EmulatorState): PlatformObject[];
  paths: KindPaths;
  /** Whether names are unique in a zone (invariant 3). */
  uniqueNames: boolean;
  /** The object id a program entry addresses directly (adopt mode), if any. */
  adoptId(prog: ProgramInputs): number | string | undefined;
  /** The shield zone a program entry places its object in, if it says. */
  zoneOf(prog: ProgramInputs): number | undefined;
  /** The field paths a program entry manages (compared with `PlatformObject.fields`). */
  managedFields(prog: ProgramInputs): string[];
  /** Where the object does not hold the program's managed values (empty: it holds them). */
  differences(prog: ProgramInputs, obj: PlatformObject): string[];
  /** Errors a fault-free run may end with for a reason the scenario explains. */
  expectedErrors: RegExp[];

  /** Inputs of a new resource that creates its object. */
  addInputs: fc.Arbitrary<ProgramInputs>;
  /** Edits of one field of a program entry. */
  edits: fc.Arbitrary<FieldEdit>;
  /** Applies an edit; returns the log line, or undefined when it does not apply. */
  applyEdit(prog: ProgramInputs, e: FieldEdit): string | undefined;
  /**
   * Rewrites a created object's entry as adopt-by-id, or an adopted one back to its zone
   * (optionally through its pull zone). Returns the log line, or undefined when it cannot.
   */
  modeSwitch?(prog: ProgramInputs, st: StateEntry, viaPullZone: boolean): string | undefined;
  /** What an adoption keeps and changes (drawn once, applied to the object found then). */
  adoptSpecs: fc.Arbitrary<unknown>;
  /**
   * Brings the fixtures to what the platform holds before each run (a pull zone always has an
   * origin; the emulator's fixture zones but zone 1 have none, and a zone write is refused).
   */
  prepare?(s: EmulatorState): void;
  /** The inputs of a resource adopting `obj` (undefined: the kind adopts nothing, a one-shot). */
  adoptInputs(obj: PlatformObject, spec: unknown): ProgramInputs | undefined;
  /** Out-of-band field edits. */
  oobEdits: fc.Arbitrary<OobFieldEdit>;
  /**
   * Applies an out-of-band edit to the state document; `false`: it does not apply to this
   * object (nothing changed).
   */
  oobEdit(s: EmulatorState, obj: PlatformObject, e: OobFieldEdit): void | false;
  /**
   * Deletes the object from the state document (absent: another actor cannot); `false`: the
   * platform would refuse this one (a registry an application uses), nothing changed.
   */
  oobDelete?(s: EmulatorState, obj: PlatformObject): void | false;
  /** Out-of-band creates (absent: another actor cannot create one). */
  oobCreates?: fc.Arbitrary<OobCreateSpec>;
  /**
   * Creates an object in the state document (a name the zone lacks: the pool's, else
   * `freshName`); returns its id, or undefined when the platform would refuse (a plan limit).
   */
  oobCreate?(s: EmulatorState, spec: OobCreateSpec, freshName: string): number | string | undefined;
  /**
   * Settings objects (they exist without Pulumi; destroy puts back what was there): the
   * fields destroy restores, and what an object not yet on the platform holds when it first
   * appears (a zone's configuration of a managed list appears on its first listing).
   */
  restoresPrior?: { fields: string[]; unseen: Record<string, unknown> };
  /**
   * Settings objects: the managed fields destroy gives back, when not all of them (a field
   * that changes with another and has no way back of its own: a live release on a platform
   * that publishes saved code).
   */
  restoredFields?(prog: ProgramInputs): string[];
  /**
   * Settings objects a program may also create (a DNS zone by `domain`): whether a state entry
   * created its object. Such an object is deleted by destroy, not restored (outside (7)).
   */
  createdBy?(st: StateEntry): boolean;
  /**
   * The tag of the kind whose objects contain this kind's (a DNS record's `zone` is its DNS
   * zone's id): a run that deletes a container it owns deletes what is in it, as documented.
   */
  within?: string;
  /**
   * With `within`: the input naming the container (`zoneId` of a DNS record, `pullZoneId` of an
   * edge rule). A new resource may name a container the program creates there
   * (`{ $ref: "#<index>" }`, resolved by commands.ts to one of the program's containers).
   */
  refField?: string;
  /** With `refField`: the fixture containers a new resource goes to when the program is full. */
  fixtureContainers?: number[];
  /** A container kind: the inputs of a new container resource `i` (for a `$ref` with none). */
  newContainer?(i: number): ProgramInputs;
  /**
   * A one-shot operation (`VolumeInstancesDeletion`): its state entries name no platform
   * object (a past event); its objects are what it acts on. A create (or replace) of an entry
   * may remove exactly the objects `removes` names, given the platform before the run, and
   * after a successful run they are gone; every other object stays as it was (invariant 1).
   */
  oneShot?: {
    /** The keys of the objects a run of these (resolved) inputs removes; none may change else. */
    removes(inputs: ProgramInputs, before: readonly PlatformObject[]): string[];
  };
}
