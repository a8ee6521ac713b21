import {
  formatEventLogDate,
  formatLegacyLogDate,
  toIsoDateTime,
} from "../../packages/client/src/api/dates";

describe("formatEventLogDate (MM-dd-yyyy, UTC)", () => {
  test.each([
    [new Date(Date.UTC(2024, 4, 1, 23, 59)), "05-01-2024"],
    ["2024-05-01", "05-01-2024"],
    ["2024-05-01T10:00:00Z", "05-01-2024"],
    ["2024-05-01T23:30:00-02:00", "05-02-2024"],
    ["2024-02-29T00:00:00.123Z", "02-29-2024"],
    ["05-01-2024", "05-01-2024"],
    [" 12-31-1999 ", "12-31-1999"],
  ])("%p -> %s", (input, expected) => {
    expect(formatEventLogDate(input)).toBe(expected);
  });

  test.each(["", "2024-13-01", "02-30-2024", "05-01-24", "yesterday", "2023-02-29", "5-1-2024"])(
    "rejects %p with a TypeError naming the field and format",
    (input) => {
      expect(() => formatEventLogDate(input)).toThrow(TypeError);
      expect(() => formatEventLogDate(input)).toThrow(/^date: .*MM-dd-yyyy/);
    },
  );

  test("invalid Date and custom field name", () => {
    expect(() => formatEventLogDate(new Date("nope"), "eventDate")).toThrow(
      /^eventDate: expected .*MM-dd-yyyy; got an invalid Date/,
    );
  });
});

describe("formatLegacyLogDate (MM-dd-yy, UTC)", () => {
  test.each([
    [new Date(Date.UTC(2024, 0, 9, 0, 0)), "01-09-24"],
    ["2024-01-09", "01-09-24"],
    ["2024-01-09T12:00:00+00:00", "01-09-24"],
    ["01-09-24", "01-09-24"],
    ["01-09-2024", "01-09-24"],
    [new Date(Date.UTC(2000, 11, 31)), "12-31-00"],
  ])("%p -> %s", (input, expected) => {
    expect(formatLegacyLogDate(input)).toBe(expected);
  });

  test.each(["", "2024/01/09", "13-01-24", "02-30-24", "today"])("rejects %p", (input) => {
    expect(() => formatLegacyLogDate(input)).toThrow(TypeError);
    expect(() => formatLegacyLogDate(input)).toThrow(/^date: .*MM-dd-yy;/);
  });
});

test("toIsoDateTime", () => {
  expect(toIsoDateTime(new Date(Date.UTC(2024, 0, 1)))).toBe("2024-01-01T00:00:00.000Z");
  expect(toIsoDateTime("2024-01-01T00:00:00Z")).toBe("2024-01-01T00:00:00.000Z");
  expect(toIsoDateTime("2024-01-01T02:30:00+02:00")).toBe("2024-01-01T00:30:00.000Z");
  expect(toIsoDateTime("2024-01-01")).toBe("2024-01-01T00:00:00.000Z");
  expect(toIsoDateTime("2024-01-01", "dateTo", { dateOnly: "end" })).toBe(
    "2024-01-01T23:59:59.999Z",
  );
  expect(() => toIsoDateTime(new Date(NaN), "dateFrom")).toThrow(
    /invalid argument "dateFrom": .*got an invalid Date$/,
  );
  expect(() => toIsoDateTime("2024-01-01T10:00", "dateFrom")).toThrow(/needs a time zone/);
  expect(() => toIsoDateTime("2024-13-01", "dateFrom")).toThrow(/is not a calendar date/);
});
