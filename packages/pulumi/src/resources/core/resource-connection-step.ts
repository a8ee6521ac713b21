/**
 * The step of the provider chain (`provider-chain.ts`) for a resource's own connection
 * (`opts.connection`, the input `connection`, `resource-connection.ts`), a step of the dynamic
 * resources only: each operation runs with the connection, the kind never sees it, and the
 * outputs keep it, so that the next operation (a refresh, a delete) has it too.
 */
import type { EdgeSettings } from "edgeplatform-client";
import type { Call, Next, Step } from "./provider-chain";
import { connectionFailures, splitConnection, withResourceConnection } from "./resource-connection";

type Props = Record<string, unknown>;

/** The call with other arguments. */
const withArgs = (call: Call, args: unknown[]): Call => ({ ...call, args });

/** Whether two connections are the same (as stored: their JSON). */
const same = (a: EdgeSettings | undefined, b: EdgeSettings | undefined): boolean =>
  JSON.stringify(a) === JSON.stringify(b);

/** Whether a delete's resource brings its own API key (`delete(id, props)`). */
export function ownKey(call: Call): boolean {
  const [, connection] = splitConnection(call.args[1]);
  return typeof connection?.apiKey === "string" && connection.apiKey !== "";
}

/**
 * `check(olds, news)`: a refused connection is the check's failures (the kind's check not
 * run); else the kind's check with the connection, and the connection as given (also when
 * not known yet, in a preview) kept in the inputs.
 */
async function check(call: Call, next: Next): Promise<unknown> {
  const [olds, news] = call.args;
  const [o] = splitConnection(olds);
  const [n, connection] = splitConnection(news);
  const refused = connectionFailures(news);
  if (refused.length > 0) return { inputs: news, failures: refused };
  return withResourceConnection(connection, async () => {
    const r = (await next(withArgs(call, [o, n]))) as { inputs?: Props } | undefined;
    const given = (news as Props | undefined)?.connection;
    return given !== undefined ? { ...r, inputs: { ...r?.inputs, connection: given } } : r;
  });
}

/** `diff(id, olds, news)`: a new connection alone is an update that writes nothing (it is stored). */
async function diff(call: Call, next: Next): Promise<unknown> {
  const [id, olds, news] = call.args;
  const [o, before] = splitConnection(olds);
  const [n, connection] = splitConnection(news);
  const r = (await withResourceConnection(connection, () =>
    next(withArgs(call, [id, o, n])),
  )) as Props;
  return same(before, connection) ? r : { ...r, changes: true };
}

/** `create(inputs)`: the connection kept in the outputs. */
async function create(call: Call, next: Next): Promise<unknown> {
  const [i, connection] = splitConnection(call.args[0]);
  const r = (await withResourceConnection(connection, () => next(withArgs(call, [i])))) as {
    outs?: Props;
  };
  return connection ? { ...r, outs: { ...r.outs, connection } } : r;
}

/** `read(id, props)`: the connection kept in the properties and inputs of an object found. */
async function read(call: Call, next: Next): Promise<unknown> {
  const [id, props] = call.args;
  const [pr, connection] = splitConnection(props);
  const r = (await withResourceConnection(connection, () => next(withArgs(call, [id, pr])))) as {
    id?: string;
    props?: Props;
    inputs?: Props;
  };
  if (!connection || !r?.id) return r;
  return {
    ...r,
    props: { ...r.props, connection },
    ...(r.inputs ? { inputs: { ...r.inputs, connection } } : {}),
  };
}

/**
 * `update(id, olds, news)`: when only the connection changed (the kind's diff finds nothing),
 * nothing is written and the new one is stored; the connection kept in the outputs.
 */
async function update(call: Call, next: Next): Promise<unknown> {
  const [id, olds, news] = call.args;
  const [o, before] = splitConnection(olds);
  const [n, connection] = splitConnection(news);
  const kindDiff = call.kind.diff;
  return withResourceConnection(connection, async () => {
    const onlyConnection =
      !same(before, connection) &&
      typeof kindDiff === "function" &&
      ((await kindDiff.call(call.kind, id, o, n)) as { changes?: boolean })?.changes === false;
    const r = (onlyConnection ? { outs: o } : await next(withArgs(call, [id, o, n]))) as {
      outs?: Props;
    };
    return connection ? { ...r, outs: { ...r?.outs, connection } } : r;
  });
}

/** `delete(id, props)`: the delete run with the connection. */
function del(call: Call, next: Next): Promise<unknown> {
  const [id, props] = call.args;
  const [pr, connection] = splitConnection(props);
  return withResourceConnection(connection, () => next(withArgs(call, [id, pr])));
}

const BY_OPERATION: Partial<Record<Call["op"], Step>> = {
  check,
  diff,
  create,
  read,
  update,
  delete: del,
};

/** The step: each operation with the resource's connection, as above. */
export const resourceConnectionStep: Step = (call, next) =>
  (BY_OPERATION[call.op] ?? ((c, n) => n(c)))(call, next);
