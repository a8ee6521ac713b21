/**
 * A kind whose states were written before it joined the settings engine (`ZoneDnssec`,
 * `ManagedAccessList`): the engine's operations translated to and from its stored form.
 */
import type * as dynamic from "@pulumi/pulumi/dynamic";
import { isPlainObject, safeCheck } from "../common";
import { PartialCreateError } from "../zone-objects/recovery";
import { withNames, type SettingsField } from "./kind";
import { PRIOR_READ } from "./prior-read";
import type { SettingsInputs, SettingsOutputs, StoredForm, SettingsOps } from "./types";

/** The engine's operations for a kind with a stored form of its own: translated both ways. */
export function inStoredForm(
  form: StoredForm,
  fields: readonly SettingsField[],
  ops: SettingsOps,
): SettingsOps {
  const stored = (o: SettingsOutputs) => form.stored(o) as SettingsOutputs;
  // A partial create (or update) carries the state to record: in the stored form too.
  const partial = (e: unknown) =>
    e instanceof PartialCreateError
      ? new PartialCreateError(e.message, e.id as never, stored(e.properties as SettingsOutputs))
      : e;
  /** A read's answer in the stored form (the program's inputs from it). */
  const inStored = (
    r: dynamic.ReadResult<SettingsOutputs>,
  ): dynamic.ReadResult<SettingsOutputs> => {
    if (!r.props) return r; // confirmed gone
    const outs = stored(r.props);
    return { id: r.id, props: outs as never, inputs: form.programInputs(outs) as never };
  };
  const checkSync = (olds: unknown, news: unknown): dynamic.CheckResult =>
    safeCheck(news, (n) => {
      const r = ops.checkSync(olds, form.inputs(n));
      const failures = (r.failures ?? []).map((f) => ({
        ...f,
        property: form.property(f.property),
      }));
      // Enumerations by name, as the engine's check gives them (the settings' paths are the
      // program's).
      return { inputs: withNames(fields, n), failures };
    });
  const diffSync = (id: string, olds: Partial<SettingsOutputs>, news: SettingsInputs) => {
    const r = ops.diffSync(id, form.state(olds), form.inputs(news));
    return { ...r, replaces: r.replaces?.map((p) => form.property(p)) };
  };
  return {
    ...ops,
    async check(olds: unknown, news: unknown) {
      const r = checkSync(olds, news);
      if ((r.failures ?? []).length > 0) return r;
      const o = isPlainObject(olds) ? form.inputs(olds) : olds;
      const read = await ops.priorRead(o, form.inputs(r.inputs as Record<string, unknown>));
      return read ? { ...r, inputs: { ...r.inputs, [PRIOR_READ]: read } } : r;
    },
    diff: async (id: string, olds: SettingsOutputs, news: SettingsInputs) =>
      diffSync(id, olds, news),
    async create(inputs: SettingsInputs) {
      try {
        const r = await ops.create(form.inputs(inputs));
        return { id: r.id, outs: stored(r.outs as SettingsOutputs) };
      } catch (e) {
        throw partial(e);
      }
    },
    read: async (id: string, props: SettingsOutputs) =>
      inStored(await ops.read(id, form.state(props))),
    import: async (id: string) => inStored(await ops.import(id)),
    async update(id: string, olds: SettingsOutputs, news: SettingsInputs) {
      try {
        const r = await ops.update(id, form.state(olds), form.inputs(news));
        return { outs: stored(r.outs as SettingsOutputs) };
      } catch (e) {
        throw partial(e);
      }
    },
    delete: (id: string, props: SettingsOutputs) => ops.delete(id, form.state(props)),
    checkSync,
    diffSync,
  };
}
