/**
 * The native provider plugin's functions (the `functions` of its package schema) are the data
 * sources of the TypeScript package: one function per data source (`edge.dns.getDnsZone` is
 * `edgeplatform:dns:getDnsZone`), with the arguments the data source takes (asked of the data
 * source itself: an unknown argument is refused with the list of the allowed ones), and a
 * description on the function and on each of its inputs and outputs.
 */
import * as edge from "../../packages/pulumi/src/index";
import { buildSchema } from "../../packages/pulumi/src/plugin/schema";

const schema = buildSchema("0.0.0-test") as ReturnType<typeof buildSchema> & {
  functions?: Record<
    string,
    {
      description?: string;
      inputs: { properties: Record<string, { description?: string }>; required?: string[] };
      outputs: { properties: Record<string, { description?: string }> };
    }
  >;
};
const functions = schema.functions ?? {};
const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

/** Every data source of the package: a function of a namespace with its `…Output` form. */
const dataSources = Object.entries(edge as Record<string, unknown>).flatMap(([ns, m]) =>
  m && typeof m === "object"
    ? Object.keys(m)
        .filter((k) => typeof (m as Record<string, unknown>)[k] === "function")
        .filter((k) => !k.endsWith("Output") && `${k}Output` in (m as object))
        .map((k) => ({
          ns,
          name: k,
          fn: (m as Record<string, (a: unknown, o: unknown) => Promise<unknown>>)[k],
        }))
    : [],
);

/** Options that reach no platform (every argument is checked before any call). */
const nowhere = {
  connection: {
    apiKey: "no-such-key-0000",
    baseUrl: "http://127.0.0.1:9",
    loggingUrl: "http://127.0.0.1:9",
    clientOptions: { timeoutMs: 200, maxAttempts: 1 },
  },
};

/**
 * The arguments the data source accepts, as it says when refusing an unknown one: its required
 * arguments are filled in first (an allowed value, else a number, else today's date).
 */
async function allowedArguments(fn: (a: unknown, o: unknown) => Promise<unknown>) {
  const args: Record<string, unknown> = { notAnArgument: 1 };
  const tried = new Map<string, number>();
  for (let i = 0; i < 20; i++) {
    const e = (await fn(args, nowhere).then(
      () => new Error("accepted an unknown argument"),
      (x: unknown) => x,
    )) as Error & { field?: string; allowed?: unknown[] };
    const m = /unknown argument; allowed arguments: ?(.*)$/.exec(e.message);
    if (e.field === "notAnArgument" && m) return m[1] ? m[1].split(", ") : [];
    const field = e.field;
    if (!field || field === "notAnArgument") throw e;
    const n = tried.get(field) ?? 0;
    tried.set(field, n + 1);
    const candidates = [e.allowed?.[0], 1, new Date().toISOString(), "x"].filter(
      (v) => v !== undefined,
    );
    if (n >= candidates.length) throw e;
    args[field] = candidates[n];
  }
  throw new Error("no answer naming the allowed arguments");
}

test("the package has data sources in every namespace that has some", () => {
  expect(sorted(dataSources.map((d) => d.ns))).toEqual(
    sorted(["shield", "dns", "containers", "compute", "pullzones", "logging"]),
  );
  expect(dataSources.length).toBeGreaterThanOrEqual(20);
});

test("every data source is a function of the schema, and the schema has no other", () => {
  expect(sorted(Object.keys(functions))).toEqual(
    sorted(dataSources.map((d) => `edgeplatform:${d.ns}:${d.name}`)),
  );
});

describe.each(dataSources.map((d) => [`edgeplatform:${d.ns}:${d.name}`, d] as const))(
  "%s",
  (token, d) => {
    test("its inputs are the arguments the data source takes", async () => {
      const f = functions[token];
      expect(f).toBeDefined();
      const allowed = await allowedArguments(d.fn);
      expect(sorted(Object.keys(f.inputs.properties))).toEqual(sorted(allowed));
    });

    test("it, its inputs and its outputs are described", () => {
      const f = functions[token];
      expect(f?.description?.trim()).toBeTruthy();
      const props = [
        ...Object.entries(f.inputs.properties),
        ...Object.entries(f.outputs.properties),
      ];
      expect(props.filter(([, p]) => !p.description?.trim()).map(([k]) => k)).toEqual([]);
      expect(Object.keys(f.outputs.properties).length).toBeGreaterThan(0);
    });
  },
);

test("getDnsRecords: its inputs as the data source checks them", () => {
  const f = functions["edgeplatform:dns:getDnsRecords"];
  expect(f.inputs.required).toEqual(["zoneId"]);
  expect(f.inputs.properties.zoneId).toMatchObject({ type: "integer" });
  expect(f.inputs.properties.name).toMatchObject({ type: "string" });
  expect(f.inputs.properties.zoneId.description).toBe("ID of the DNS zone.");
});
