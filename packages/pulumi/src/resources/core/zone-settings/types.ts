/**
 * The settings engine's types: a settings resource's inputs and state, what a kind may add to
 * the engine (its hooks, a resolved key, an address of its own, a stored form), and the
 * dynamic-provider operations the engine gives a kind.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import type { Failure } from "../common";
import type { ConfigureRequestLike } from "../settings";
import type { JsonSchema, SettingsKind, SettingsSnapshot, SettingsTarget } from "./kind";
import type { SharedField } from "./shared-field";
import type { NameChecks, UniqueNames } from "./unique-names";

/** Inputs of a settings resource after `check`: the zone, the kind's key, the settings. */
export type SettingsInputs = {
  shieldZoneId?: number;
  pullZoneId?: number;
} & Record<string, unknown>;

/** State of a settings resource. */
export type SettingsOutputs = {
  shieldZoneId: number;
  pullZoneId?: number;
  /** The managed fields' values before Pulumi managed them (enumerations by name). */
  prior: Record<string, unknown>;
  /** The managed fields' paths (`"waf.mode"`). */
  managed: string[];
  /** True when the program names the zone by `pullZoneId`. */
  byPullZone?: boolean;
  /** True when Pulumi created the object (a shield zone): destroy leaves it as it is. */
  created?: boolean;
  /** True for a read-only view (`get`): never written. */
  readOnly?: boolean;
  /**
   * When this entry recorded `prior` (ISO 8601; absent in states of earlier versions: older
   * than any): of two entries for one object, destroy restores the older record only.
   */
  priorRecordedAt?: string;
} & Record<string, unknown>;

/**
 * A kind's public state as the engine stores it: a field whose value may be `undefined` is
 * optional (absent from the stored object rather than present as `undefined`).
 */
export type StoredState<S> = {
  [K in keyof S as undefined extends S[K] ? never : K]: S[K];
} & {
  [K in keyof S as undefined extends S[K] ? K : never]?: Exclude<S[K], undefined>;
};

/** What a kind may add to the engine: how the zone is found or made (a shield zone). */
export interface ZoneResolution {
  /** The object's id (a string for a kind whose `address.ids` is `"string"`). */
  zone: number | string;
  /** Pulumi created the object in this call. */
  created?: boolean;
  /**
   * The object as the call that created (or found) it answered: create reads it no second
   * time (a created object is then never forgotten by a failed read).
   */
  current?: SettingsSnapshot;
}

/**
 * What destroy does with an object Pulumi created, for a kind whose objects the platform can
 * delete (a DNS zone): without it, a created object is left as it is, with its settings (a
 * shield zone: the platform has no DELETE of it).
 */
export interface CreatedDeletion {
  /**
   * Deletes the object. A not-found answer is never "gone" (the engine says so, naming the
   * answers); nothing else is written.
   */
  run(target: SettingsTarget, what: string): Promise<void>;
  /** What the delete takes with it, in the log lines of destroy and of a replacing diff. */
  consequence: string;
  /**
   * A boolean input (kept in the state: the kind's `passThrough`) that makes destroy delete an
   * adopted object too when true (`deleteOnDestroy`); without it, an adopted object is kept.
   */
  adoptedIf?: string;
}

/** A kind plus the hooks only some kinds need. */
export interface EngineKind<R = unknown> extends SettingsKind<R> {
  /**
   * Finds (or creates) the object of create's inputs when they name none by id (the engine's
   * `shieldZoneId`: that one, adopted); default: the shield zone of their pull zone. A create
   * by name runs `names` (the kind's {@link EngineKind.uniqueNames}) before its write and
   * after a refused one.
   */
  resolveZone?(inputs: SettingsInputs, what: string, names: NameChecks): Promise<ZoneResolution>;
  /**
   * Names unique under the object's parent (the account) though the platform does not keep
   * them so (unique-names.ts): a create by a name in use is refused. Default: not checked.
   */
  uniqueNames?: UniqueNames;
  /** Kind-specific input failures (`check`). */
  checkExtra?(news: Record<string, unknown>): Failure[];
  /**
   * The export of the generated schema module of the settings kinds (`<key>InputsSchema`,
   * kinds/settings-inputs-schemas.ts) that is this kind's inputs schema (built from this
   * declaration by `settingsInputsSchema`, precompiled by the build): what `check` validates.
   */
  inputsSchema: `${string}InputsSchema`;
  /** Inputs `check` passes through without validating them as settings (plain JSON Schema). */
  extraInputs?: Record<string, JsonSchema>;
  /** Output fields kept from the inputs as given (ApiGuardian's `specHash`). */
  passThrough?: readonly string[];
  /** Extra write before/after the settings (ApiGuardian's document); returns outputs to add. */
  afterWrite?(
    target: SettingsTarget,
    inputs: SettingsInputs,
    olds: SettingsOutputs | undefined,
    what: string,
  ): Promise<Record<string, unknown>>;
  /**
   * Whether the state records an operation that did not finish (a deployment that failed or
   * was left under way): `diff` then reports a change and `update` runs its write path (the
   * kind's `afterWrite`) even when every value is the same, so that the next `pulumi up`
   * retries it. Default: never.
   */
  unfinished?(olds: Partial<SettingsOutputs>): boolean;
  /** Extra log line of delete (what destroy cannot undo). */
  deleteNote?(target: SettingsTarget, props: SettingsOutputs): string | undefined;
  /** How destroy deletes an object Pulumi created (see {@link CreatedDeletion}). */
  deleteCreated?: CreatedDeletion;
  /**
   * How the object is addressed when not by shield zone (a DNS zone): by one input, with no
   * other spelling; the object's own read is the zone's read, so its not-found is the zone's.
   */
  address?: ZoneAddress;
  /** Settings the program must give (path → the failure's reason); else at least one. */
  required?: Readonly<Record<string, string>>;
  /**
   * How an operation that writes zone `zone` runs (create of an adopted object, update,
   * delete: the read before the write, the write and its read-back), for a kind whose
   * platform rewrites a whole object shared with other kinds (a pull zone and its edge
   * rules): through that object's queue of writes, one at a time. Default: at once.
   */
  writesUnder?<T>(zone: number, operation: () => Promise<T>): Promise<T>;
  /** The kind's stored form, when it is not the engine's (see {@link StoredForm}). */
  form?: StoredForm;
  /** A key inside the zone that the platform resolves (a managed list: by id or name). */
  key?: ResolvedKey;
  /**
   * The settings (by path) that write a platform field another kind writes too
   * (kinds/settings/shared-fields.ts): one resource per such field and zone, whatever kind.
   */
  shared?: Readonly<Record<string, SharedField>>;
}

/**
 * A key inside the zone that the program may spell two ways, by id or by name (a managed
 * list): both spellings name one object, so one resource; the platform resolves the name to
 * the id before anything is claimed. The resource id is `<zone>/<id>`; the state holds both
 * and says which one the program wrote, so that inputs and outputs follow it.
 */
export interface ResolvedKey {
  /** The input naming the object by id, an integer (`"listId"`). */
  id: string;
  /** The input naming it by name (`"listName"`). */
  name: string;
  /** The state's flag: the program names it by name (`"byName"`). */
  byName: string;
  /** The key in the resource's label (`"list"`: `ManagedAccessList (shield zone 1, list 3)`). */
  label: string;
  /** What the key names, in the input failures (`"the managed list"`). */
  noun: string;
  /**
   * The object a spelling names in the zone (its id and name), with the object as read (a
   * create reads it no second time). A spelling that names no such object fails, saying what
   * the zone has; a failed read fails as it is (never a resolution).
   */
  resolve(
    zone: number,
    by: { id?: number; name?: string },
    what: string,
  ): Promise<{ id: number; name: string; current?: SettingsSnapshot }>;
}

/** A zone addressed by one input of its own (`ZoneDnssec`'s `zoneId`). */
export interface ZoneAddress {
  /** The input and output naming the zone (`"zoneId"`). */
  input: string;
  /** The zone in messages (`"DNS zone"`). */
  noun: string;
  /** The zone in the resource's label (`"zone"`: `ZoneDnssec (zone 1)`). */
  label: string;
  /**
   * The form of the object's ids: `"string"` for an object the platform names by a string
   * (a container application, `"app-1"`): the engine then carries that string as the object's
   * id (`SettingsTarget.zone`; read it with `addressOf`), and a resource id is the string
   * itself. Default: positive integers.
   */
  ids?: "string";
  /**
   * The input that creates the zone instead of naming it (`DnsZone`'s `domain`): the program
   * gives exactly one of the two. A changed value replaces; the object is Pulumi's own
   * (`created`: destroy deletes it) only while the program names it by this input, so that an
   * adopted zone is never taken over by it and a created one named by its id is adopted.
   * The kind's `resolveZone` creates the zone.
   */
  createBy?: string;
}

/**
 * The inputs and state of a kind whose states were written before it joined the engine
 * (`ZoneDnssec`: `zoneId`, `priorEnabled`): translated to the engine's form (`shieldZoneId`
 * naming the kind's zone, `prior`, `managed`) on the way in and back on the way out, so that
 * old states read and the program's inputs stay as they are. The rules are the engine's.
 */
export interface StoredForm {
  /** The program's inputs in the engine's form (unknown properties kept, for `check`). */
  inputs(program: Record<string, unknown>): SettingsInputs;
  /** A stored state in the engine's form. */
  state(stored: Record<string, unknown> | undefined): SettingsOutputs;
  /** The engine's state as stored. */
  stored(state: SettingsOutputs): Record<string, unknown>;
  /** The program's inputs a read reports, from a stored state. */
  programInputs(stored: Record<string, unknown>): Record<string, unknown>;
  /** An input property of the engine's form as the program names it (`shieldZoneId` → `zoneId`). */
  property(engine: string): string;
  /** Inputs of the engine's form that `inputs` makes and the program never names (no schema). */
  engineOnly?: readonly string[];
  /** How the program states `prior` (for messages: "priorEnabled: false"); else the engine's. */
  priorInput?(prior: Record<string, unknown>): string;
  /** Recorded values as messages name them ("DNSSEC disabled"); else the engine's. */
  describe?(values: Record<string, unknown>): string;
}

/**
 * The dynamic-provider operations of a settings kind (what its serialized stub calls), with
 * its inputs `I` and state `O` (the engine's form unless the kind has a stored form).
 */
export interface SettingsOps<I = SettingsInputs, O = SettingsOutputs> {
  configure(req: ConfigureRequestLike): Promise<void>;
  check(olds: unknown, news: unknown): Promise<dynamic.CheckResult>;
  diff(id: string, olds: O, news: I): Promise<dynamic.DiffResult>;
  create(inputs: I): Promise<dynamic.CreateResult<O>>;
  read(id: string, props: O): Promise<dynamic.ReadResult<O>>;
  /**
   * `pulumi import` of the object `id` (the native plugin's `Read` with no properties): a state
   * that manages every setting the object has at its current value (also its value before
   * Pulumi), and those settings as inputs. Writes nothing.
   */
  import(id: string): Promise<dynamic.ReadResult<O>>;
  update(id: string, olds: O, news: I): Promise<dynamic.UpdateResult<O>>;
  delete(id: string, props: O): Promise<void>;
  /** The check, for tests and `check` of the stubs. */
  checkSync(olds: unknown, news: unknown): dynamic.CheckResult;
  /**
   * The values before Pulumi that `check` adds to a create's inputs (engine's form;
   * prior-read.ts): read for a new resource, kept from `olds` for one on the same object.
   */
  priorRead(olds: unknown, inputs: SettingsInputs): Promise<Record<string, unknown> | undefined>;
  /** The diff, for tests. */
  diffSync(id: string, olds: Partial<O>, news: I): dynamic.DiffResult;
}
