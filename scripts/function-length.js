#!/usr/bin/env node
/**
 * Fails when a function in the given folders is longer than the limit, counting its own body:
 * the lines of the functions nested in it are not counted (a factory that returns small
 * closures is as long as its own code). Part of `npm run lint`, for the lifecycle core and the
 * kinds (`packages/pulumi/src/resources/core`, `.../kinds`): their functions stay readable.
 *
 *   node scripts/function-length.js [--max 150] <dir-or-file>...
 *
 * Prints each function over the limit as `file:line name: N lines (limit M)` and exits 1; with
 * none, prints the longest one and exits 0. Exit 2 on bad arguments.
 */
const fs = require("fs");
const path = require("path");
const ts = require("typescript");

/** The `.ts` files under `p` (a file or a folder). */
function filesOf(p) {
  const st = fs.statSync(p);
  if (st.isFile()) return p.endsWith(".ts") ? [p] : [];
  return fs
    .readdirSync(p)
    .sort()
    .flatMap((f) => filesOf(path.join(p, f)));
}

/** Every function with a body in `file`: its name, first line and own length in lines. */
function functionsOf(file) {
  const src = ts.createSourceFile(
    file,
    fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
  );
  const lineOf = (pos) => src.getLineAndCharacterOfPosition(pos).line;
  const span = (n) => lineOf(n.getEnd()) - lineOf(n.getStart(src)) + 1;
  const nameOf = (n) => {
    if (n.name && ts.isIdentifier(n.name)) return n.name.text;
    const p = n.parent;
    if (p && (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) && ts.isIdentifier(p.name))
      return p.name.text;
    return "(anonymous)";
  };
  const out = [];
  const visit = (n) => {
    if (ts.isFunctionLike(n) && n.body) {
      let own = span(n);
      const nested = (c) => {
        if (ts.isFunctionLike(c) && c.body) own -= span(c) - 1;
        else c.forEachChild(nested);
      };
      n.body.forEachChild(nested);
      out.push({ file, line: lineOf(n.getStart(src)) + 1, name: nameOf(n), lines: own });
    }
    n.forEachChild(visit);
  };
  visit(src);
  return out;
}

function main(argv) {
  let max = 150;
  const roots = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === "--max") max = Number(argv[++i]);
    else roots.push(argv[i]);
  }
  if (!Number.isInteger(max) || max < 1 || roots.length === 0) {
    console.error("usage: node scripts/function-length.js [--max N] <dir-or-file>...");
    return 2;
  }
  const all = roots.flatMap(filesOf).flatMap(functionsOf);
  const over = all.filter((f) => f.lines > max);
  for (const f of over)
    console.log(`${f.file}:${f.line} ${f.name}: ${f.lines} lines (limit ${max})`);
  if (over.length) return 1;
  const top = all.sort((a, b) => b.lines - a.lines)[0];
  console.log(
    `${all.length} functions, none over ${max} lines` +
      (top ? `; the longest: ${top.file}:${top.line} ${top.name} (${top.lines})` : ""),
  );
  return 0;
}

process.exitCode = main(process.argv.slice(2));
