/**
 * The emulator's own DNS validation (written from the published core document and what the
 * platform is known to take, not from the client's rules): records the platform accepts, the
 * published 400 shape `{ErrorKey, Field, Message}` of every DNS 400, and records after a
 * change of type in the published record shape.
 */
import type { RunningEmulator } from "../../packages/emulator/src";
import { call, start } from "./helpers";

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await start();
});
afterAll(() => emu.close());
beforeEach(() => call(emu, "POST", "/_emulator/reset"));

describe("records the platform takes", () => {
  test.each([
    ["A with weight 29", { Type: 0, Value: "192.0.2.1", Weight: 29 }],
    ["AAAA with weight 100", { Type: 1, Value: "2001:db8::1", Weight: 100 }],
    ["A with weight 0", { Type: 0, Value: "192.0.2.1", Weight: 0 }],
    ["SRV with port 0", { Type: 8, Value: "sip.example.com", Priority: 10, Weight: 5, Port: 0 }],
    ["a null MX (RFC 7505)", { Type: 4, Value: ".", Priority: 0 }],
    ['a "no service" SRV', { Type: 8, Value: ".", Priority: 0, Weight: 0, Port: 0 }],
    ["CAA tag tbs", { Type: 9, Value: "x", Flags: 0, Tag: "tbs" }],
    ["CAA tag of letters and digits", { Type: 9, Value: "x", Flags: 128, Tag: "future2" }],
  ])("%s is created and read back as sent", async (_n, body) => {
    const r = await call(emu, "PUT", "/dnszone/1/records", { body });
    expect(r.status).toBe(201);
    const z = await call(emu, "GET", "/dnszone/1");
    expect(z.json.Records).toEqual([expect.objectContaining(body)]);
  });

  test.each([
    ["A with weight 101", { Type: 0, Value: "192.0.2.1", Weight: 101 }, "Weight", /0 to 100/],
    [
      "SRV with weight 70000",
      { Type: 8, Value: "s.ex", Priority: 1, Weight: 70000, Port: 1 },
      "Weight",
      /0 to 65535/,
    ],
    [
      "SRV with port -1",
      { Type: 8, Value: "s.ex", Priority: 1, Weight: 1, Port: -1 },
      "Port",
      /0 to 65535/,
    ],
    [
      "CAA tag with a space",
      { Type: 9, Value: "x", Flags: 0, Tag: "bad tag" },
      "Tag",
      /letters and digits/,
    ],
    ["CAA empty tag", { Type: 9, Value: "x", Flags: 0, Tag: "" }, "Tag", /letters and digits/],
    ["CNAME of a dot", { Type: 2, Value: "." }, "Value", /hostname/],
    ["TXT with weight", { Type: 3, Value: "x", Weight: 5 }, "Weight", /A, AAAA, SRV/],
  ])("%s is refused naming the field", async (_n, body, field, reason) => {
    const r = await call(emu, "PUT", "/dnszone/1/records", { body });
    expect(r.status).toBe(400);
    expect(r.json.Field).toBe(field);
    expect(r.json.Message).toMatch(reason);
  });
});

test("a zone file's null MX and 'no service' SRV are imported as the records the API takes", async () => {
  const r = await fetch(`${emu.url}/dnszone/1/import`, {
    method: "POST",
    headers: { AccessKey: emu.apiKey, "content-type": "text/plain" },
    body: "@ 300 IN MX 0 .\n_sip._tcp 300 IN SRV 0 0 0 .\n",
  });
  expect(await r.json()).toEqual({ RecordsSuccessful: 2, RecordsFailed: 0, RecordsSkipped: 0 });
  const z = await call(emu, "GET", "/dnszone/1");
  expect(z.json.Records).toEqual([
    expect.objectContaining({ Type: 4, Name: "", Value: ".", Priority: 0 }),
    expect.objectContaining({ Type: 8, Name: "_sip._tcp", Value: ".", Port: 0 }),
  ]);
});

describe("every DNS 400 is the published {ErrorKey, Field, Message}", () => {
  const shape = (json: unknown) => Object.keys(json as object).sort();
  test.each([
    [
      "a record refused by type",
      "PUT",
      "/dnszone/1/records",
      { Type: 0, Value: "www.example.com" },
      "Value",
    ],
    [
      "an unknown property",
      "PUT",
      "/dnszone/1/records",
      { Type: 0, Value: "192.0.2.1", Hostname: "x" },
      "Hostname",
    ],
    [
      "an update after the change",
      "POST",
      "/dnszone/3/records/305",
      { Priority: 70000 },
      "Priority",
    ],
    ["a zone that exists", "POST", "/dnszone", { Domain: "example.com" }, "Domain"],
    ["a zone's bad SOA e-mail", "POST", "/dnszone/1", { SoaEmail: "nobody" }, "SoaEmail"],
    ["a bad path id", "GET", "/dnszone/-1", undefined, "id"],
  ])("%s", async (_n, method, path, body, field) => {
    const r = await call(emu, method, path, body === undefined ? {} : { body });
    expect(r.status).toBe(400);
    expect(shape(r.json)).toEqual(["ErrorKey", "Field", "Message"]);
    expect(r.json.Field).toBe(field);
    expect(r.json.ErrorKey).toMatch(/^validation_error/);
    expect(r.json.Message).not.toBe("");
  });

  test("other statuses keep their shapes (a 404 is problem A)", async () => {
    const r = await call(emu, "GET", "/dnszone/404404");
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({ status: 404, title: "not_found.dnszone" });
  });
});

describe("a record after a change of type has the published record shape", () => {
  test.each([
    ["PullZone", 308],
    ["Script", 312],
  ])("%s → A: no PullZoneId/ScriptId, no link name", async (_n, id) => {
    const r = await call(emu, "POST", `/dnszone/3/records/${id}`, {
      body: { Type: 0, Value: "192.0.2.9" },
    });
    expect(r.status).toBe(204);
    const z = await call(emu, "GET", "/dnszone/3");
    const rec = z.json.Records.find((x: { Id: number }) => x.Id === id);
    expect(rec).toMatchObject({
      Type: 0,
      Value: "192.0.2.9",
      AcceleratedPullZoneId: 0,
      LinkName: null,
    });
    expect(rec).not.toHaveProperty("PullZoneId");
    expect(rec).not.toHaveProperty("ScriptId");
  });
});
