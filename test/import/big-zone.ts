/**
 * A generated zone file for the `--bind-file` tests: `count` records the platform takes,
 * cycling through every zone-file type it has (A, AAAA, CNAME, TXT, MX, SRV, CAA, PTR, NS,
 * SVCB, HTTPS, TLSA), with `\DDD` and `\X` escapes, relative and absolute names, two
 * `$ORIGIN`s; the SOA and two apex NS records of the old host; and, every `badEvery` records,
 * one line of a kind the platform cannot take. What the file holds is known line by line.
 */

/** The generated file and what each of its lines is. */
export interface BigZone {
  domain: string;
  text: string;
  /** The lines of records the platform takes. */
  recordLines: number[];
  /** The lines the import must refuse. */
  refusedLines: number[];
  /** The SOA and apex NS lines (skipped). */
  skippedLines: number[];
}

/** Lines the platform cannot take, one of each kind, in turn. */
const BAD = [
  (i: number) => `hinfo${i} IN HINFO "PC" "Linux"`,
  (i: number) => `ds${i} IN DS 60485 5 1 2BB183AF5F22588179A53B0A98631FAD1A292118`,
  (i: number) => `latin${i} IN TXT "caf\\233 ${i}"`,
  (i: number) => `dot\\.label${i} IN A 192.0.2.1`,
  (i: number) => `long${i} IN TXT "${"x".repeat(256)}"`,
  (i: number) => `badip${i} IN A 192.0.2.${256 + i}`,
  (i: number) => `byte${i} IN TXT "\\400"`,
  (i: number) => `out${i}.elsewhere.example. IN A 192.0.2.2`,
];

/** One good record `i` (unique owner or value), written in the file's syntax. */
function record(i: number, domain: string): string {
  const h = i.toString(16);
  switch (i % 12) {
    case 0:
      return `a${i} IN A 10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
    case 1:
      return `aaaa${i}.${domain}. 600 IN AAAA 2001:db8::${h}`;
    case 2:
      return `cname${i} IN CNAME a${i - 2}`;
    case 3:
      return `txt${i} IN TXT "\\195\\133land \\"${i}\\"" "\\240\\159\\152\\128 \\; two"`;
    case 4:
      return `@ IN MX ${i % 100} mail${i}`;
    case 5:
      return `_s${i}._tcp IN SRV 10 5 ${1000 + i} srv${i}`;
    case 6:
      return `caa${i} IN CAA 0 issue "ca${i}.\\101xample"`;
    case 7:
      return `${i}.ptr IN PTR host${i}`;
    case 8:
      return `deleg${i} IN NS ns1.deleg${i}`;
    case 9:
      return `_v${i} IN SVCB 1 svc${i} alpn="h2" port=${1000 + i}`;
    case 10:
      return `w${i} IN HTTPS 1 w${i} alpn=h3,h2`;
    default:
      return `_443._tcp.tlsa${i} IN TLSA 3 1 1 ${h.padStart(64, "0")}`;
  }
}

/** The zone file of `count` good records in `domain`. */
export function bigZone(count: number, domain = "big.example", badEvery = 100): BigZone {
  const lines = [
    `; ${count} records, generated`,
    `$ORIGIN ${domain}.`,
    "$TTL 300",
    `@ IN SOA ns1.oldhost.example. hostmaster.${domain}. 1 7200 3600 1209600 300`,
    "@ IN NS ns1.oldhost.example.",
    "  IN NS ns2.oldhost.example.",
  ];
  const zone: BigZone = {
    domain,
    text: "",
    recordLines: [],
    refusedLines: [],
    skippedLines: [4, 5, 6],
  };
  for (let i = 0; i < count; i++) {
    if (i === Math.floor(count / 2)) lines.push(`$ORIGIN sub.${domain}.`);
    if (i > 0 && i % badEvery === 0) {
      lines.push(BAD[(i / badEvery) % BAD.length](i));
      zone.refusedLines.push(lines.length);
    }
    lines.push(record(i, domain));
    zone.recordLines.push(lines.length);
  }
  zone.text = `${lines.join("\n")}\n`;
  return zone;
}
