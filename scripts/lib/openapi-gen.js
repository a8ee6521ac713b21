"use strict";
/**
 * What the generators of the client's spec from a published OpenAPI document share
 * (scripts/gen-pullzone-spec.js, scripts/gen-containers-spec.js): the extract's "facts only"
 * filter, the TypeBox option list, the order of the object declarations and an object's
 * TypeBox declaration. Each generator keeps what is its own: its names, its enumerations,
 * its property types and its modules.
 */

/** The name a `$ref` points at (`#/components/schemas/<name>`). */
const refName = (ref) => ref.split("/").pop();

/** Examples: always dropped from an extract. */
const EXAMPLES = new Set(["example", "examples"]);

/**
 * A function that returns a copy of a document part, facts only: every key of `prose` whose
 * value is text (`description`, `summary`, ...) and every example removed.
 * @param {Set<string>} prose The prose keys of the document.
 */
function factsOnly(prose) {
  return (v) =>
    JSON.parse(
      JSON.stringify(v, (k, x) =>
        EXAMPLES.has(k) || (prose.has(k) && typeof x !== "object") ? undefined : x,
      ),
    );
}

/** The options argument of a TypeBox call (`{ minLength: 1 }`), or "" when all are undefined. */
function opts(o) {
  const entries = Object.entries(o).filter(([, v]) => v !== undefined);
  return entries.length
    ? `{ ${entries.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join(", ")} }`
    : "";
}

/**
 * The names of the object schemas (those `isEnum` does not take) in an order where each comes
 * after those it refers to; otherwise by name.
 */
function objectOrder(schemas, isEnum) {
  const out = [];
  const seen = new Set();
  const visit = (n) => {
    if (seen.has(n) || isEnum(schemas[n])) return;
    seen.add(n);
    const deps = new Set();
    (function walk(o) {
      if (!o || typeof o !== "object") return;
      if (o.$ref) deps.add(refName(o.$ref));
      for (const v of Object.values(o)) walk(v);
    })(schemas[n]);
    for (const d of [...deps].sort()) visit(d);
    out.push(n);
  };
  for (const n of Object.keys(schemas).sort()) visit(n);
  return out;
}

/**
 * The TypeBox declaration of the object schema `s` named `n` in the document: the constant
 * `constName` and its `Static` type `typeName`; `typeOf` writes a property's TypeBox code.
 */
function objectDecl(n, s, { typeOf, constName, typeName }) {
  const required = new Set(s.required ?? []);
  const props = Object.entries(s.properties ?? {}).map(([k, p]) => {
    const t = typeOf(p);
    return `    ${k}: ${required.has(k) ? t : `Type.Optional(${t})`},`;
  });
  const extra = s.additionalProperties === false ? ", { additionalProperties: false }" : "";
  return [
    `/** \`${n}\` of the published document. */`,
    `export const ${constName} = Type.Object(`,
    `  {`,
    ...props,
    `  }${extra}`,
    `);`,
    `/** \`${n}\` of the published document. */`,
    `export type ${typeName} = Static<typeof ${constName}>;`,
  ].join("\n");
}

module.exports = { refName, factsOnly, opts, objectOrder, objectDecl };
