/** v1 (legacy, pipe-delimited) access-log parser: lines, streams, chunking, malformed lines. */
import fc from "fast-check";
import {
  formatLegacyLogLine,
  LegacyLogLineSplitter,
  LegacyLogParseError,
  parseLegacyLogBatches,
  parseLegacyLogLine,
  parseLegacyLogStream,
  type LegacyParseWarning,
} from "../../packages/client/src/api/legacy-log-parser";
import {
  CacheStatuses,
  LegacyLogFields,
  type LegacyAccessLogRecord,
} from "../../packages/client/src/spec";

const NORMAL =
  "HIT|200|1700000000123|5120|1|203.0.113.7|https://ref.example/|https://zone.example/a.png|DE-FRA|Mozilla/5.0 (X11)|abc-123|DE";
const EXTENDED = `${NORMAL}|4900|bytes 0-99/1000|Bearer ****`;

async function* chunks(...parts: (Buffer | string)[]): AsyncGenerator<Buffer | string> {
  for (const p of parts) yield p;
}

async function parseAll(
  parts: (Buffer | string)[],
  opts: Parameters<typeof parseLegacyLogStream>[1] = {},
): Promise<LegacyAccessLogRecord[]> {
  const out: LegacyAccessLogRecord[] = [];
  for await (const r of parseLegacyLogStream(chunks(...parts), opts)) out.push(r);
  return out;
}

describe("parseLegacyLogLine", () => {
  test("a normal 12-field line", () => {
    expect(parseLegacyLogLine(NORMAL)).toEqual({
      cacheStatus: "HIT",
      statusCode: 200,
      timestamp: 1700000000123,
      bytesSent: 5120,
      pullZoneId: 1,
      remoteIp: "203.0.113.7",
      referer: "https://ref.example/",
      url: "https://zone.example/a.png",
      edgeLocation: "DE-FRA",
      userAgent: "Mozilla/5.0 (X11)",
      requestId: "abc-123",
      countryCode: "DE",
    });
  });

  test("an extended 15-field line", () => {
    const r = parseLegacyLogLine(EXTENDED);
    expect(r.bodyBytesSent).toBe(4900);
    expect(r.rangeHeader).toBe("bytes 0-99/1000");
    expect(r.authorizationHeader).toBe("Bearer ****");
    expect(Object.keys(r)).toEqual([...LegacyLogFields]);
  });

  test("'-' fields are empty strings; cacheStatus '-' is kept; '-' byte counts are 0", () => {
    const r = parseLegacyLogLine("-|204|1700000000000|-|4|-|-|-|-|-|-|-|-|-|-");
    expect(r).toEqual({
      cacheStatus: "-",
      statusCode: 204,
      timestamp: 1700000000000,
      bytesSent: 0,
      pullZoneId: 4,
      remoteIp: "",
      referer: "",
      url: "",
      edgeLocation: "",
      userAgent: "",
      requestId: "",
      countryCode: "",
      bodyBytesSent: 0,
      rangeHeader: "",
      authorizationHeader: "",
    });
  });

  test("trailing CR/LF is ignored", () => {
    expect(parseLegacyLogLine(`${NORMAL}\r\n`)).toEqual(parseLegacyLogLine(NORMAL));
  });

  test.each([
    ["HIT|200|1", "expected 12 or 15 fields, got 3"],
    [`${NORMAL}|1`, "expected 12 or 15 fields, got 13"],
    [NORMAL.replace("|200|", "|abc|"), 'field statusCode is not a non-negative integer: "abc"'],
    [NORMAL.replace("|1700000000123|", "|17e5|"), "field timestamp is not a non-negative integer"],
    [NORMAL.replace("|5120|", "|-5|"), "field bytesSent is not a non-negative integer"],
    [NORMAL.replace("|5120|1|", "|5120||"), "field pullZoneId is not a non-negative integer"],
    [NORMAL.replace("|200|", "|-|"), "field statusCode"],
    [`${NORMAL}|x|-|-`, "field bodyBytesSent is not a non-negative integer"],
  ])("malformed %p", (line, reason) => {
    let err: unknown;
    try {
      parseLegacyLogLine(line, 7);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(LegacyLogParseError);
    expect((err as LegacyLogParseError).lineNumber).toBe(7);
    expect((err as LegacyLogParseError).reason).toContain(reason);
    expect((err as Error).message).toMatch(/^v1 access log: line 7: /);
  });
});

describe("parseLegacyLogStream", () => {
  test("normal, extended and '-' lines, CRLF, empty lines, last line without newline", async () => {
    const text = `${NORMAL}\r\n\r\n${EXTENDED}\n\n-|204|1|-|4|-|-|-|-|-|-|-`;
    const out = await parseAll([text]);
    expect(out).toHaveLength(3);
    expect(out[0]).toEqual(parseLegacyLogLine(NORMAL));
    expect(out[1]).toEqual(parseLegacyLogLine(EXTENDED));
    expect(out[2].statusCode).toBe(204);
  });

  test("empty input and only newlines give nothing", async () => {
    expect(await parseAll([])).toEqual([]);
    expect(await parseAll(["", "\n\r\n", "\n"])).toEqual([]);
  });

  test("lines split across chunks, one byte at a time", async () => {
    const text = `${NORMAL}\n${EXTENDED}\n`;
    const bytes = Buffer.from(text);
    const parts = [...bytes].map((b) => Buffer.from([b]));
    expect(await parseAll(parts)).toEqual(await parseAll([text]));
  });

  test("multi-byte UTF-8 split across chunk boundaries", async () => {
    const line = NORMAL.replace("Mozilla/5.0 (X11)", "Mözilla/5.0 ✓ 🚀 日本");
    const bytes = Buffer.from(`${line}\n${line}`);
    const rocket = bytes.indexOf(Buffer.from("🚀"));
    // Split inside the 4-byte rocket and inside the 3-byte check mark of the second line.
    const second = bytes.lastIndexOf(Buffer.from("✓"));
    const parts = [
      bytes.subarray(0, rocket + 2),
      bytes.subarray(rocket + 2, second + 1),
      bytes.subarray(second + 1),
    ];
    const out = await parseAll(parts);
    expect(out.map((r) => r.userAgent)).toEqual(["Mözilla/5.0 ✓ 🚀 日本", "Mözilla/5.0 ✓ 🚀 日本"]);
  });

  test("string chunks are accepted", async () => {
    expect(await parseAll([NORMAL.slice(0, 10), NORMAL.slice(10), "\n"])).toHaveLength(1);
  });

  test("a UTF-8 BOM at the start is ignored", async () => {
    const out = await parseAll([
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(NORMAL)]),
    ]);
    expect(out[0].cacheStatus).toBe("HIT");
  });

  test("malformed lines are skipped and reported with their line numbers (default)", async () => {
    const warnings: LegacyParseWarning[] = [];
    const text = [NORMAL, "garbage", "", NORMAL.replace("|200|", "|2x0|"), EXTENDED].join("\n");
    const out = await parseAll([text], { onWarning: (w) => warnings.push(w) });
    expect(out).toHaveLength(2);
    expect(warnings).toEqual([
      { lineNumber: 2, line: "garbage", reason: "expected 12 or 15 fields, got 1" },
      {
        lineNumber: 4,
        line: NORMAL.replace("|200|", "|2x0|"),
        reason: 'field statusCode is not a non-negative integer: "2x0"',
      },
    ]);
    // Without onWarning, skipping is silent.
    expect(await parseAll([text])).toHaveLength(2);
  });

  test('onMalformed "fail": records before the bad line are yielded, then LegacyLogParseError', async () => {
    const text = `${NORMAL}\n${NORMAL}\r\nbad|line\n${NORMAL}\n`;
    const got: LegacyAccessLogRecord[] = [];
    let err: unknown;
    try {
      for await (const r of parseLegacyLogStream(chunks(text), { onMalformed: "fail" }))
        got.push(r);
    } catch (e) {
      err = e;
    }
    expect(got).toHaveLength(2);
    expect(err).toBeInstanceOf(LegacyLogParseError);
    expect((err as LegacyLogParseError).lineNumber).toBe(3);
    expect((err as LegacyLogParseError).reason).toBe("expected 12 or 15 fields, got 2");
  });

  test('onMalformed "fail" on a last line without newline', async () => {
    await expect(parseAll([`${NORMAL}\nnope`], { onMalformed: "fail" })).rejects.toMatchObject({
      name: "LegacyLogParseError",
      lineNumber: 2,
    });
  });

  test("an invalid onMalformed value is rejected", () => {
    expect(() => new LegacyLogLineSplitter({ onMalformed: "ignore" as "skip" })).toThrow(
      /onMalformed: must be "skip" or "fail"/,
    );
  });

  test("a line longer than maxLineBytes is malformed and not buffered", async () => {
    const warnings: LegacyParseWarning[] = [];
    const long = "x".repeat(5000);
    const out = await parseAll(
      [NORMAL, "\n", long.slice(0, 2000), long.slice(2000), `\n${NORMAL}\n`],
      {
        maxLineBytes: 1000,
        onWarning: (w) => warnings.push(w),
      },
    );
    expect(out).toHaveLength(2);
    expect(warnings).toEqual([{ lineNumber: 2, line: "", reason: "line longer than 1000 bytes" }]);
  });

  test("does not retain the chunks it was given", async () => {
    const splitter = new LegacyLogLineSplitter();
    const chunk = Buffer.from(`${NORMAL}\n${NORMAL.slice(0, 20)}`);
    splitter.push(chunk);
    chunk.fill(0x41); // overwrite the caller's buffer: the kept tail must be a copy
    const rest = splitter.push(`${NORMAL.slice(20)}\n`);
    expect(rest).toEqual([parseLegacyLogLine(NORMAL)]);
    expect(splitter.lines).toBe(2);
  });

  test("parseLegacyLogBatches yields one array per chunk with the same records", async () => {
    const text = `${NORMAL}\n${EXTENDED}\n${NORMAL}`;
    const batches: LegacyAccessLogRecord[][] = [];
    for await (const b of parseLegacyLogBatches(chunks(text.slice(0, 150), text.slice(150)))) {
      batches.push(b);
    }
    expect(batches.flat()).toEqual(await parseAll([text]));
    expect(batches.every((b) => b.length > 0)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------

/** Field text: no separators or line breaks; "-" would read back as "" so it is excluded. */
const fieldText = fc
  .string({
    unit: fc.oneof(
      fc.constantFrom("a", "Z", "0", " ", "/", "ü", "✓", "🚀", "-", "."),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }),
    ),
    maxLength: 30,
  })
  .map((s) => s.replace(/[|\r\n]/g, "_"))
  .filter((s) => s !== "-");
const uint = fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER });

const recordArb: fc.Arbitrary<LegacyAccessLogRecord> = fc
  .record({
    cacheStatus: fc.constantFrom(...CacheStatuses),
    statusCode: fc.integer({ min: 100, max: 599 }),
    timestamp: fc.integer({ min: 0, max: 4_102_444_800_000 }),
    bytesSent: uint,
    pullZoneId: fc.integer({ min: 1, max: 2 ** 31 }),
    remoteIp: fieldText,
    referer: fieldText,
    url: fieldText,
    edgeLocation: fieldText,
    userAgent: fieldText,
    requestId: fieldText,
    countryCode: fieldText,
    extended: fc.option(
      fc.record({ bodyBytesSent: uint, rangeHeader: fieldText, authorizationHeader: fieldText }),
      { nil: undefined },
    ),
  })
  .map(({ extended, ...base }) => ({ ...base, ...(extended ?? {}) }));

describe("properties", () => {
  test("format -> parse round-trips", () => {
    fc.assert(
      fc.property(recordArb, (r) => {
        expect(parseLegacyLogLine(formatLegacyLogLine(r))).toEqual(r);
      }),
      { numRuns: 500 },
    );
  });

  test("chunking at arbitrary byte positions gives identical results", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordArb, { maxLength: 20 }),
        fc.constantFrom("\n", "\r\n"),
        fc.boolean(),
        fc.array(fc.integer({ min: 0, max: 10_000 }), { maxLength: 12 }),
        fc.array(fc.constantFrom("garbage", "", "a|b", "1|2|3|4|5|6|7|8|9|10|11|12|13"), {
          maxLength: 3,
        }),
        async (records, eol, finalEol, cuts, junk) => {
          const lines = records.map(formatLegacyLogLine);
          junk.forEach((j, i) => lines.splice((i * 7) % (lines.length + 1), 0, j));
          const text = lines.join(eol) + (finalEol && lines.length ? eol : "");
          const bytes = Buffer.from(text);
          const positions = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort(
            (a, b) => a - b,
          );
          const parts: Buffer[] = [];
          let prev = 0;
          for (const p of [...positions, bytes.length]) {
            parts.push(bytes.subarray(prev, p));
            prev = p;
          }
          const w1: LegacyParseWarning[] = [];
          const w2: LegacyParseWarning[] = [];
          const whole = await parseAll([bytes], { onWarning: (w) => w1.push(w) });
          const chunked = await parseAll(parts, { onWarning: (w) => w2.push(w) });
          expect(chunked).toEqual(whole);
          expect(w2).toEqual(w1);
          expect(whole).toEqual(records);
        },
      ),
      { numRuns: 300 },
    );
  });
});
