/**
 * What a kind declares for the lifecycle table (table.test.ts): how a program makes, adopts,
 * updates and addresses one of its objects, where that object is in the emulator's state,
 * how to change it out of band, and which rules do not apply to it (with the reason). The
 * rules themselves are in the table; a kind added later is covered by one more declaration.
 *
 * Expected values are written from the scenario (the emulator's fixtures and what the
 * program asks for), never computed by the provider's own functions.
 */
import type { EmulatorState, FaultSpec } from "../../../packages/emulator/src";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Any = any;
/** Program inputs (what the class hands the engine, before `check`). */
export type Inputs = Record<string, unknown>;

/** A dynamic provider, as the Pulumi engine drives it. */
export interface Provider {
  check(olds: unknown, news: unknown): Promise<{ inputs?: Any; failures?: unknown[] }>;
  /** `detailedDiff`: the properties a native plugin's detailed diff names (the plugin only). */
  diff(
    id: string,
    olds: Any,
    news: Any,
  ): Promise<{ changes?: boolean; replaces?: string[]; detailedDiff?: string[] }>;
  create(inputs: Any): Promise<{ id: string; outs?: Any }>;
  read(id: string, props: Any): Promise<{ id?: string; props?: Any; inputs?: Any }>;
  update(id: string, olds: Any, news: Any): Promise<{ outs?: Any }>;
  delete(id: string, props: Any): Promise<void>;
}

/** A rule that does not apply to a kind, and why. */
export interface NotApplicable {
  na: string;
}
export const na = (reason: string): NotApplicable => ({ na: reason });
export const isNa = (v: unknown): v is NotApplicable =>
  typeof v === "object" && v !== null && "na" in v;

/** One write as the journal shows it: `METHOD path` (path as a regular expression source). */
export interface WriteSpec {
  method: string;
  path: string;
  /**
   * The shield zone of a write whose path names none (`PATCH /shield/shield-zone`: the body's
   * `shieldZoneId`), so that two kinds writing that path are told apart.
   */
  zone?: number;
}

export interface KindDeclaration {
  /** The kind's type name. */
  name: string;
  provider: Provider;
  /**
   * What destroy does to what create did: `deletes` the object Pulumi created, `restores` the
   * settings to their values before Pulumi, `keeps` (an action: destroy writes nothing).
   */
  destroy: "deletes" | "restores" | "keeps";
  /** The inputs of a create; `s` is the state before. */
  create(s: EmulatorState): Inputs;
  /** The create's write (the journal entry an unknown outcome is injected into). */
  createWrite: WriteSpec;
  /** The object in the state (`id`: the resource's id), undefined when absent. */
  find(s: EmulatorState, id: string): Any;
  /** The platform value the create writes (read from `find`) and what it must be. */
  created: { get(obj: Any): unknown; expected: unknown };
  /** Adopting an existing object (a collection's `ruleId`/`listId`). */
  adopt:
    | NotApplicable
    | {
        /** Adopt inputs that change one field; the id of the adopted object. */
        inputs: Inputs;
        id: string;
        /** Sets the value the adopt writes in a copy of the state before. */
        apply(s: EmulatorState): void;
      };
  /** Update of one field. */
  update:
    | NotApplicable
    | {
        field: string;
        /** New program inputs from the create's. */
        inputs(created: Inputs): Inputs;
        /** Sets the platform value the update writes in a copy of the state before it. */
        apply(s: EmulatorState, id: string): void;
        /** The one write (method, path). */
        write(id: string, before: EmulatorState): WriteSpec;
        /** Checks the write's body against the state before the update. */
        body(body: Any, before: EmulatorState, id: string): void;
      };
  /** An out-of-band change and how read reports it (a path of read's inputs). */
  drift:
    | NotApplicable
    | {
        change(s: EmulatorState, id: string): void;
        path: string;
        expected: unknown;
      };
  /** A truly deleted object (removed from the state): read leaves the state, delete is fine. */
  gone: NotApplicable | { remove(s: EmulatorState, id: string): void };
  /** Scoped key of another zone: read and delete fail, write nothing. */
  scopedKey: NotApplicable | true;
  /**
   * Rename without aliases (or `--replace`): `twoEntries` (the new create succeeds and the
   * old entry's delete is refused; destroy deletes both) or `refused` (the new create is
   * refused writing nothing, as an object of that name exists).
   */
  rename: NotApplicable | "twoEntries" | "refused";
  /**
   * Under `async-202`: the methods of the writes answered 202, or n.a. A kind that deletes
   * and whose DELETE the published API never answers 202 says why (`noDelete202`).
   */
  async202: NotApplicable | { accepted: string[]; noDelete202?: string };
  /** Two resources for one object, the zone spelled both ways. */
  spellings:
    | NotApplicable
    | {
        byZone: Inputs;
        byPull: Inputs;
        /** The inputs that spell the object (the class's hint names them). */
        spelled: { byZone: string[]; byPull: string[] };
        /** `both-refused` (settings: no write), `one-created` (a collection: one POST). */
        outcome: "both-refused" | "one-created";
      };
  /**
   * An interrupted `pulumi up` (the CLI and the provider host killed while the create's write
   * is held in flight; it lands): what the next `up` does, and the documented way out.
   * `refused`: a collection's object is never taken over by name (the create fails, no POST;
   * the way out adopts it by id as this stack's own, then `pulumi refresh
   * --clear-pending-creates`). `priorLost`: a settings kind's next create reads Pulumi's own
   * write as the value before Pulumi (no write); the pending create holds that value all the
   * same (its input `priorRead`, which `check` read before the write): `prior` is what it must
   * hold (the fixtures' value before Pulumi), and the way out states it (`prior`,
   * `priorEnabled`). `wayOut` gives the program's inputs of the way out from the create's
   * inputs, the object's id and the pending create's `priorRead`.
   */
  interrupted:
    | NotApplicable
    | {
        next: "refused" | "priorLost";
        prior?: Inputs;
        wayOut(created: Inputs, id: string, record?: Inputs): Inputs;
      };
  /**
   * A second stack of the same program over the same objects (docs/resources.md, "Two stacks,
   * one zone"): `refused` (a collection: the second stack's create fails by name before any
   * write) or `priorOfFirst` (a settings object: nothing on the platform tells another stack's
   * values from values before Pulumi, so the second stack records the first's values as its
   * prior, and its up and destroy write nothing).
   */
  twoStacks: NotApplicable | "refused" | "priorOfFirst";
  /**
   * The refusal of a create by name (`rename`, `twoStacks` "refused"), with the object's id in
   * group 1, when it is not a collection's (`shield zone N already has … ID named`).
   */
  refusal?: RegExp;
  /** The create's write lands but its answer is lost (the emulator's `afterHandler`). */
  unknownOutcome:
    | NotApplicable
    | {
        fault: FaultSpec;
        /**
         * `never`: the write is sent once (a POST, a volume DELETE, DNSSEC); `idempotent`: a
         * whole-value PATCH/PUT the client may send again after a 5xx, with the same body.
         */
        resend: "never" | "idempotent";
      };
}

/** Path helpers: `get(obj, "a.b")`. */
export const getPath = (o: Any, path: string): unknown =>
  path.split(".").reduce((v, k) => (v === undefined || v === null ? undefined : v[k]), o);

/** The shield zone `id` of a state. */
export const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);
