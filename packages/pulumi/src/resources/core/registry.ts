/**
 * The gate every dynamic-provider implementation is reached through (the table of kinds,
 * `../kinds/providers.generated.ts`, wraps each kind's provider in {@link gated}): each method
 * runs with its resource's URN and connection, and `check` also checks the API key
 * (`credentials.ts`), so that `pulumi preview` fails on a missing or refused key; a delete
 * refused for the key stored with the provider names the way out (`stored-settings.ts`).
 * Names no kind.
 */
import { credentialFailure } from "./credentials";
import { connectionFailures, splitConnection, withResourceConnection } from "./resource-connection";
import { installUrnCapture, withUrnOf } from "./engine-log";
import { deleteWithWayOut, noteProgramRan } from "./stored-settings";

/** A provider whose `check` may be called. */
interface Checking {
  check?: (olds: never, news: never) => unknown;
}

const gatedProviders = new WeakMap<object, object>();

/** Which argument of each method holds the properties the host's request named a URN for. */
const PROPS_ARG: Record<string, number> = {
  check: 1,
  diff: 2,
  create: 0,
  read: 1,
  update: 2,
  delete: 1,
};

type Method = (...args: unknown[]) => Promise<unknown>;

/** The methods whose failure the dynamic-provider host prints itself (`${e}: ${e.stack}`). */
const PRINTED_BY_HOST = new Set(["check", "diff", "read", "delete"]);

/**
 * A failure as the host prints it: one line, `edgeplatform: <message>` (the CLI shows it under
 * the stack, beside the resource's error). The host's own line
 * is the error's text and its stack (`@pulumi/pulumi/cmd/dynamic-provider`), which for an
 * Error repeats the class name and the message and adds the stack trace; the engine still gets
 * the message. The error keeps its class and fields (`errorKey`, `status`).
 */
function printedOnce(e: unknown): never {
  if (e instanceof Error) {
    // The messages name the provider already ("edgeplatform DnsRecord 7: read failed: …").
    const rest = e.message.replace(/^edgeplatform /, "");
    Object.defineProperty(e, "stack", { value: rest, configurable: true, writable: true });
    Object.defineProperty(e, "toString", { value: () => "edgeplatform", configurable: true });
  }
  throw e;
}

/**
 * `provider` as the host calls it: every method runs with the URN of its resource (so that its
 * log lines show under the resource, `engine-log.ts`) and with the resource's own connection
 * when it has one (`opts.connection`, `resource-connection.ts`: the kind's code never sees it,
 * and the outputs keep it), and `check`, when the provider's own check finds nothing wrong with
 * the inputs, fails on a missing or refused API key ({@link credentialFailure}). The same
 * object for the same provider; every other member is the provider's (a prototype link).
 */
function gated<P extends Checking>(provider: P): P {
  let g = gatedProviders.get(provider) as P | undefined;
  if (!g) {
    installUrnCapture();
    const methods: PropertyDescriptorMap = {};
    const p = provider as unknown as Record<string, Method | undefined>;
    const values: Record<string, Method> = {
      check: (olds, news) =>
        withUrnOf(news, async () => {
          noteProgramRan();
          const [o] = splitConnection(olds);
          const [n, connection] = splitConnection(news);
          const refused = connectionFailures(news);
          if (refused.length > 0) return { inputs: news, failures: refused };
          return withResourceConnection(connection, async () => {
            const r = (await p.check?.call(provider, o, n)) as {
              inputs?: Record<string, unknown>;
              failures?: { property: string; reason: string }[];
            };
            // The connection as given (also when not known yet, in a preview).
            const given = (news as Record<string, unknown> | undefined)?.connection;
            const res =
              given !== undefined ? { ...r, inputs: { ...r?.inputs, connection: given } } : r;
            if ((r?.failures ?? []).length > 0) return res; // the inputs first
            const key = await credentialFailure();
            return key ? { ...res, failures: [key] } : res;
          });
        }),
      diff: (id, olds, news) =>
        withUrnOf(news, async () => {
          const [o, before] = splitConnection(olds);
          const [n, connection] = splitConnection(news);
          const r = (await withResourceConnection(connection, () =>
            p.diff!.call(provider, id, o, n),
          )) as { changes?: boolean };
          // A new connection alone is an update that writes nothing (it is stored).
          return JSON.stringify(before) === JSON.stringify(connection)
            ? r
            : { ...r, changes: true };
        }),
      create: (inputs) =>
        withUrnOf(inputs, async () => {
          const [i, connection] = splitConnection(inputs);
          const r = (await withResourceConnection(connection, () =>
            p.create!.call(provider, i),
          )) as { id: string; outs?: Record<string, unknown> };
          return connection ? { ...r, outs: { ...r.outs, connection } } : r;
        }),
      read: (id, props) =>
        withUrnOf(props, async () => {
          const [pr, connection] = splitConnection(props);
          const r = (await withResourceConnection(connection, () =>
            p.read!.call(provider, id, pr),
          )) as { id?: string; props?: Record<string, unknown>; inputs?: Record<string, unknown> };
          if (!connection || !r?.id) return r;
          return {
            ...r,
            props: { ...r.props, connection },
            ...(r.inputs ? { inputs: { ...r.inputs, connection } } : {}),
          };
        }),
      update: (id, olds, news) =>
        withUrnOf(news, async () => {
          const [o, before] = splitConnection(olds);
          const [n, connection] = splitConnection(news);
          return withResourceConnection(connection, async () => {
            // Only the connection changed: nothing to write; the new one is stored.
            const onlyConnection =
              JSON.stringify(before) !== JSON.stringify(connection) &&
              typeof p.diff === "function" &&
              ((await p.diff.call(provider, id, o, n)) as { changes?: boolean })?.changes === false;
            const r = (onlyConnection ? { outs: o } : await p.update!.call(provider, id, o, n)) as {
              outs?: Record<string, unknown>;
            };
            return connection ? { ...r, outs: { ...r?.outs, connection } } : r;
          });
        }),
      delete: (id, props) =>
        withUrnOf(props, async () => {
          const [pr, connection] = splitConnection(props);
          return deleteWithWayOut(
            () => withResourceConnection(connection, () => p.delete!.call(provider, id, pr)),
            typeof connection?.apiKey === "string" && connection.apiKey !== "",
          );
        }),
    };
    for (const name of Object.keys(PROPS_ARG)) {
      if (typeof p[name] !== "function" && name !== "check") continue;
      const method = values[name];
      const value: Method = PRINTED_BY_HOST.has(name)
        ? (...args) => method(...args).catch(printedOnce)
        : method;
      methods[name] = { value, writable: true, enumerable: true, configurable: true };
    }
    g = Object.create(provider, methods) as P;
    gatedProviders.set(provider, g);
  }
  return g;
}

export { gated };
