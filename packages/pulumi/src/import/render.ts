/**
 * Values as TypeScript source, for the programs `edgeplatform-import` writes: literals,
 * enumeration names (an unknown value stays the integer, with a comment and a warning),
 * arrays on one line or one item per line.
 */

/** Longest line before a statement is wrapped (the repository's prettier width). */
export const MAX_LINE = 100;

/** A rendered value: one line of text (plus a trailing comment), or several lines. */
export interface Rendered {
  text: string;
  comment?: string;
  lines?: string[];
}

export type Warn = (message: string) => void;
export type EnumTable = Record<string, number>;

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
export const key = (k: string): string => (IDENT.test(k) ? k : JSON.stringify(k));
export const str = (s: string): string => JSON.stringify(s);

/** A JSON-like value as a one-line TypeScript literal. */
export function literal(v: unknown): string {
  if (v === null) return "null";
  if (typeof v === "string") return str(v);
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  if (Array.isArray(v)) return `[${v.map(literal).join(", ")}]`;
  if (typeof v === "object") {
    const entries = Object.entries(v as Record<string, unknown>).filter(([, x]) => x !== undefined);
    if (entries.length === 0) return "{}";
    return `{ ${entries.map(([k, x]) => `${key(k)}: ${literal(x)}`).join(", ")} }`;
  }
  return "undefined";
}

/**
 * An enumeration value as source: its exact-case name as a string. An integer this provider
 * version does not know stays the integer, with a comment (and a warning).
 */
export function enumValue(field: string, table: EnumTable, v: unknown, warn: Warn): Rendered {
  const byValue = new Map(Object.entries(table).map(([n, x]) => [x, n]));
  if (typeof v === "number" && byValue.has(v)) return { text: str(byValue.get(v)!) };
  if (typeof v === "string") {
    const hit = Object.keys(table).find((n) => n.toLowerCase() === v.trim().toLowerCase());
    if (hit) return { text: str(hit) };
  }
  if (v === null) return { text: "null" };
  const allowed = Object.entries(table)
    .map(([n, x]) => `${x} ${n}`)
    .join(", ");
  warn(`${field} ${literal(v)} is not a value this provider knows (${allowed})`);
  return {
    text: literal(v),
    comment: `unknown ${field} value, kept as the platform returned it: tsc and pulumi preview flag it`,
  };
}

/** Appends `r` as the value of `prefix` (`field: ` or nothing) at `indent`. */
export function pushRendered(out: string[], indent: string, prefix: string, r: Rendered): void {
  if (r.lines) {
    out.push(`${indent}${prefix}${r.lines[0]}`, ...r.lines.slice(1).map((l) => indent + l));
    out[out.length - 1] += ",";
  } else {
    out.push(`${indent}${prefix}${r.text},${r.comment ? ` // ${r.comment}` : ""}`);
  }
}

/** An array: on one line when short and comment-free, else one item per line. */
export function array(items: Rendered[]): Rendered {
  const flat = `[${items.map((i) => i.text).join(", ")}]`;
  if (items.every((i) => !i.comment && !i.lines) && flat.length <= 60) return { text: flat };
  const lines = ["["];
  for (const i of items) pushRendered(lines, "  ", "", i);
  lines.push("]");
  return { text: flat, lines };
}

/** `2 rules`, `1 rule`: a count and a noun, plural with an `s`. */
export const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? "" : "s"}`;
