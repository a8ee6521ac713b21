/**
 * The report of a `--bind-file` import: a summary line, then every line of the zone file that
 * was not written as it stands — refused (with the reason), skipped (the SOA and apex NS
 * records, which the platform writes) and noted (TXT strings joined) — in file order, each
 * with its line number, the reason and the record as written (`  | ` before each of its
 * lines). `edgeplatform-import` prints it on standard error and writes it beside the program.
 * No I/O.
 */
import type { ZoneFileImport } from "./bind";
import { plural } from "./render";

/** The report file of program file `out`: `shop.ts` gives `shop.import-report.txt`. */
export function reportFileOf(out: string): string {
  return `${out.replace(/\.[cm]?[jt]s$/i, "")}.import-report.txt`;
}

/** The report of zone file `file` read as `zone`. */
export function zoneFileReport(file: string, zone: ZoneFileImport): string {
  const items = [
    ...zone.refused.map((r) => ({ line: r.line, head: `refused: ${r.reason}`, text: r.text })),
    ...zone.skipped.map((s) => ({ line: s.line, head: `skipped: ${s.reason}`, text: s.text })),
    ...zone.notes.map((n) => ({ line: n.line, head: `note: ${n.note}`, text: n.text })),
  ].sort((a, b) => a.line - b.line);
  const counts = [
    `${plural(zone.records.length, "record")} taken`,
    `${plural(zone.refused.length, "line")} refused`,
    `${zone.skipped.length} skipped`,
    plural(zone.notes.length, "note"),
  ];
  return [
    `zone file ${file} (${zone.domain}): ${counts.join(", ")}`,
    ...items.flatMap((i) => [
      `line ${i.line}: ${i.head}`,
      ...i.text.split("\n").map((l) => `  | ${l}`),
    ]),
  ]
    .map((l) => `${l}\n`)
    .join("");
}
