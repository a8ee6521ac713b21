/**
 * The precompiled validators (scripts/precompile-schemas.js, read by
 * packages/client/src/spec/precompiled.ts): every schema a check or a data source validates
 * against is precompiled by the build, and a precompiled validator reports exactly what the
 * runtime compiler's does (same failures, same messages) — over every exported `*Schema` of
 * every schema module, on generated values.
 */
import fc from "fast-check";
import * as fs from "fs";
import * as path from "path";
import {
  isSchemaRef,
  loadSchema,
  schemaRef,
  schemaRefs,
  validate,
  type SchemaRef,
} from "../../packages/client/src/spec/runtime";

const generator = require("../../scripts/precompile-schemas.js") as {
  exportedSchemas(mod: object): [string, object][];
  standaloneModule(
    schema: object,
    options: object,
    requireFrom: string,
    viaClient: boolean,
  ): string;
};

const root = path.join(__dirname, "..", "..");
const clientSrc = path.join(root, "packages", "client", "src");
const pulumiSrc = path.join(root, "packages", "pulumi", "src");

/** The schema modules of the sources, as the generator finds them in dist (same rule). */
function sourceSchemaModules(): string[] {
  const out = [path.join(clientSrc, "spec", "index")];
  (function walk(dir: string) {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/^(.*-)?schemas\.ts$/.test(e.name)) out.push(p.replace(/\.ts$/, ""));
    }
  })(pulumiSrc);
  return out.sort();
}

/** The generator's rule for a module path (without extension). */
const isSchemaModule = (m: string) =>
  m === path.join(clientSrc, "spec", "index") || /^(.*-)?schemas$/.test(path.basename(m));

describe("every schema a check or a data source uses is precompiled", () => {
  test("the package's schema references name exported `*Schema`s of schema modules", () => {
    // Load every module of the package (the providers are otherwise loaded on first use).
    (function load(dir: string) {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) load(p);
        else if (p.endsWith(".ts") && !p.includes(`${path.sep}import${path.sep}`)) require(p);
      }
    })(pulumiSrc);
    const refs = schemaRefs();
    expect(refs.length).toBeGreaterThan(10);
    for (const ref of refs) {
      expect({ ref, schemaModule: isSchemaModule(ref.module) }).toEqual({
        ref,
        schemaModule: true,
      });
      expect(ref.name).toMatch(/Schema$/);
      expect(typeof loadSchema(ref)).toBe("object");
    }
  });

  test("only schema modules load TypeBox (a value import) in pulumi-edgeplatform and spec/runtime", () => {
    const offenders: string[] = [];
    const scan = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) {
          if (e.name !== "import") scan(p); // the import CLI is not a provider path
          continue;
        }
        if (!p.endsWith(".ts")) continue;
        const text = fs.readFileSync(p, "utf8");
        const valueImport = /^import\s+(?!type\b)[^;]*from\s+"@sinclair\/typebox"/m.test(text);
        const specIndex = /^import\s+(?!type\b)[^;]*from\s+"edgeplatform-client\/spec"/m.test(text);
        const schemaSide = /^(.*-)?schemas\.ts$|^schema-helpers\.ts$/.test(e.name);
        if ((valueImport || specIndex) && !schemaSide) offenders.push(path.relative(root, p));
      }
    };
    scan(pulumiSrc);
    const runtimeModules = ["runtime", "enums", "access-list-entries", "validation", "retention"]
      .concat(["patterns", "precompiled"])
      .map((m) => path.join(clientSrc, "spec", `${m}.ts`));
    for (const p of runtimeModules) {
      const text = fs.readFileSync(p, "utf8");
      if (
        /^import\s+(?!type\b)[^;]*from\s+"(@sinclair\/typebox|ajv|\.\/(schemas|shield-schemas|schema-helpers|index))"/m.test(
          text,
        )
      ) {
        offenders.push(path.relative(root, p));
      }
    }
    expect(offenders).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------
// Precompiled = compiled
// ---------------------------------------------------------------------------------------

/** Where the generated validators of this run go (inside the repo, so ajv resolves). */
const out = path.join(root, "node_modules", ".cache", `precompiled-test-${process.pid}`);

interface Case {
  label: string;
  schema: object;
  ref: SchemaRef;
}

function generateAll(): Case[] {
  const { AJV_OPTIONS } = require("../../packages/client/src/spec/validation");
  const cases: Case[] = [];
  for (const [i, m] of sourceSchemaModules().entries()) {
    const mod = require(m) as object;
    const dir = path.join(out, `${i}.precompiled`);
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, schema] of generator.exportedSchemas(mod)) {
      const code = generator.standaloneModule(schema, AJV_OPTIONS, root, true);
      fs.writeFileSync(path.join(dir, `${name}.js`), code);
      cases.push({
        label: `${path.relative(root, m)}#${name}`,
        schema,
        ref: schemaRef(out, `./${i}`, name),
      });
    }
  }
  return cases;
}

/** Values that hit every keyword: types, ranges, enums, patterns, unknown members, nesting. */
const leaf = fc.oneof(
  fc.constantFrom(null, "", " ", "x", "RateLimit", "Challenge", "CIDR", "2024-05-01T00:00:00Z"),
  fc.constantFrom(0, 1, 3, 7, -1, 1.5, 2147483647, 2147483648, -2147483649, 10001, true, false),
  fc.constantFrom("05-01-2024", "200,5xx", "asc", "nope", "\t"),
  fc.string({ maxLength: 4 }),
  fc.integer(),
);
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.array(tie("v"), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("REQUEST_URI", "ARGS", "nope", "x"), tie("v"), { maxKeys: 2 }),
  ),
})).v;

/** An object with the schema's own property names (and sometimes others), values from above. */
function valuesFor(schema: object): fc.Arbitrary<unknown> {
  const props = Object.keys((schema as { properties?: object }).properties ?? {});
  if (props.length === 0) return value;
  const nested = (schema as { properties: Record<string, { properties?: object }> }).properties;
  const member = (k: string) =>
    nested[k]?.properties ? fc.oneof(valuesFor(nested[k] as object), value) : value;
  return fc.oneof(
    fc.record(Object.fromEntries(props.map((k) => [k, member(k)])), { requiredKeys: [] }),
    fc
      .tuple(
        fc.record(Object.fromEntries(props.map((k) => [k, member(k)])), { requiredKeys: [] }),
        fc.dictionary(fc.constantFrom("bogus", "extra"), value, { maxKeys: 1 }),
      )
      .map(([a, b]) => ({ ...a, ...b })),
    value,
  );
}

describe("a precompiled validator reports what the compiled one reports", () => {
  let cases: Case[] = [];
  beforeAll(() => {
    cases = generateAll();
  });
  afterAll(() => fs.rmSync(out, { recursive: true, force: true }));

  test("every exported schema of every schema module is generated", () => {
    expect(cases.length).toBeGreaterThan(40);
    for (const c of cases) expect(isSchemaRef(c.ref)).toBe(true);
  });

  test("same failures and messages on generated values, both nouns, with a prefix", () => {
    for (const c of cases) {
      fc.assert(
        fc.property(valuesFor(c.schema), fc.boolean(), (v, arg) => {
          const noun = arg ? "argument" : "property";
          const compiled = validate(c.schema, v, "p", noun);
          const precompiled = validate(c.ref, v, "p", noun);
          expect({ label: c.label, failures: precompiled }).toEqual({
            label: c.label,
            failures: compiled,
          });
        }),
        { numRuns: 150, seed: 20 },
      );
    }
  });
});
