/**
 * `--bind-file` round trip: the records of the program `edgeplatform-import` writes, read
 * back from its text, equal an independent reading of the zone file's records
 * (`zone-reading.ts`) on every line that was taken; the lines refused and skipped are the ones
 * each file was written to have. Fixtures written for each case, and a generated zone of
 * 2 000 records of every type with escapes and relative names (`big-zone.ts`).
 */
import * as fs from "fs";
import * as path from "path";
import { readZoneFile } from "../../packages/pulumi/src/import/bind";
import { generateProgram } from "../../packages/pulumi/src/import/generate";
import { bigZone } from "./big-zone";
import { programRecords, readRecords, type ReadRecord } from "./zone-reading";

const PLATFORM_NS = ["ns1.emulator.invalid", "ns2.emulator.invalid"];

/** The program's records and the zone's refused and skipped lines, for `text`. */
function importOf(file: string, text: string) {
  const zone = readZoneFile(text, { platformNameservers: PLATFORM_NS });
  const program = generateProgram({
    source: "http://127.0.0.1:4010",
    shieldZones: [],
    dnsZones: [],
    zoneFiles: [{ file, zone }],
  });
  return {
    domain: zone.domain,
    written: programRecords(program.text),
    refused: zone.refused.map((r) => r.line),
    skipped: zone.skipped.map((s) => s.line),
  };
}

/** The independent reading of `text`, on the lines `keep`. */
function expected(text: string, domain: string, keep: number[]): Map<number, ReadRecord> {
  const read = readRecords(text, domain);
  return new Map(keep.map((line) => [line, read.get(line)!]));
}

describe("--bind-file round trip: the program's records are the file's records that were taken", () => {
  const cases: [string, number[], number[]][] = [
    // file, the lines it was written to have refused, and skipped (SOA, apex NS)
    ["escapes.zone", [8, 9, 11, 12, 13], []],
    ["relative-names.zone", [], []],
    ["example-net.zone", [], [4, 10, 11]],
    ["old-host.zone", [], [4, 5, 6]],
    ["txt.zone", [5, 10], []],
  ];
  test.each(cases)("%s", (name, refused, skipped) => {
    const text = fs.readFileSync(path.join(__dirname, "zone-files", name), "utf8");
    const got = importOf(name, text);
    expect(got.refused).toEqual(refused);
    expect(got.skipped).toEqual(skipped);
    const records = [...readRecords(text, got.domain).keys()].filter(
      (l) => !refused.includes(l) && !skipped.includes(l),
    );
    expect(got.written).toEqual(expected(text, got.domain, records));
  });

  test("a generated zone of 2 000 records, every type, escapes, relative names: one run, exactly the bad lines refused", () => {
    const zone = bigZone(2000);
    const got = importOf("big.zone", zone.text);
    expect(got.refused).toEqual(zone.refusedLines);
    expect(got.skipped).toEqual(zone.skippedLines);
    expect(got.written.size).toBe(2000);
    expect(got.written).toEqual(expected(zone.text, zone.domain, zone.recordLines));
    const types = new Set([...got.written.values()].map((r) => r.type));
    expect([...types].sort()).toEqual(
      [
        "A",
        "AAAA",
        "CAA",
        "CNAME",
        "HTTPS",
        "MX",
        "NS",
        "PTR",
        "SRV",
        "SVCB",
        "TLSA",
        "TXT",
      ].sort(),
    );
  });
});
