/**
 * The enumerations of a collection kind's fields, from one table (field → name → integer):
 * names in the program and the state, integers on the wire.
 */
import { isPlainObject } from "../../core/common";

/** Enumerations by field: each a name → integer table (the client's spec enums). */
export type EnumTable = Record<string, Record<string, number>>;

/** Both directions of a kind's enumerations. */
export interface EnumCodec {
  /** The table itself (the engine's `enums`, the plugin schema's). */
  table: EnumTable;
  /** The integer of an enumeration value given as a name (any case); other values as they are. */
  wire(field: string, v: unknown): unknown;
  /** The name of an enumeration integer (`4` → `"MX"`); other values as they are. */
  name(field: string, v: unknown): unknown;
  /** A configuration with every enumeration field given as a name as its integer (a copy). */
  normalize(c: unknown): unknown;
}

/**
 * The codec of `table`. `trim`: a name is matched with the white space around it left out
 * (a DNS record's; an access list's is matched as given).
 */
export function enumCodec(table: EnumTable, opts: { trim?: boolean } = {}): EnumCodec {
  const wire = (field: string, v: unknown): unknown => {
    const e = table[field];
    if (!e || typeof v !== "string") return v;
    const want = (opts.trim ? v.trim() : v).toLowerCase();
    const hit = Object.keys(e).find((k) => k.toLowerCase() === want);
    return hit === undefined ? v : e[hit];
  };
  const name = (field: string, v: unknown): unknown => {
    const hit = Object.entries(table[field] ?? {}).find(([, n]) => n === v);
    return hit ? hit[0] : v;
  };
  const normalize = (c: unknown): unknown => {
    if (!isPlainObject(c)) return c;
    const out: Record<string, unknown> = { ...c };
    for (const k of Object.keys(table)) if (k in out) out[k] = wire(k, out[k]);
    return out;
  };
  return { table, wire, name, normalize };
}
