/**
 * The emulator's free certificate over plain HTTP under the `freeCertificateMs` switch: at
 * once by default (a hostname under `.invalid` refused 400), or pending for that many ms
 * (`HasCertificate: false`, the validation's provision type), then issued, or failed
 * (provision type back to Unknown, still no certificate) for a hostname under `.invalid`.
 */
import type { RunningEmulator } from "../../packages/emulator/src";
import { EmulatorControl } from "../../packages/emulator/src";
import { call, start } from "./helpers";

let emu: RunningEmulator;
let ctl: EmulatorControl;
beforeAll(async () => {
  emu = await start();
  ctl = new EmulatorControl(emu.url);
});
afterAll(() => emu.close());
beforeEach(async () => {
  await ctl.reset();
  await ctl.setProfile("default");
});

const hostname = async (value: string) =>
  ((await call(emu, "GET", "/pullzone/1")).json.Hostnames as Record<string, unknown>[]).find(
    (h) => h.Value === value,
  );
const add = (value: string) =>
  call(emu, "POST", "/pullzone/1/addHostname", { body: { Hostname: value } });
const load = (value: string) => call(emu, "GET", `/pullzone/loadFreeCertificate?hostname=${value}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("default: issued at once; under .invalid refused 400 naming hostname", async () => {
  await add("now.example.com");
  expect((await load("now.example.com")).status).toBe(200);
  expect(await hostname("now.example.com")).toMatchObject({
    HasCertificate: true,
    CertificateProvisionType: 1,
  });
  await add("bad.example.invalid");
  const r = await load("bad.example.invalid");
  expect(r.status).toBe(400);
  expect(JSON.stringify(r.json)).toContain("hostname");
});

test("freeCertificateMs: pending, then issued", async () => {
  await ctl.setProfile({ freeCertificateMs: 150 });
  await add("later.example.com");
  expect((await load("later.example.com")).status).toBe(200);
  expect(await hostname("later.example.com")).toMatchObject({
    HasCertificate: false,
    CertificateProvisionType: 1,
  });
  await sleep(300);
  expect(await hostname("later.example.com")).toMatchObject({
    HasCertificate: true,
    CertificateProvisionType: 1,
  });
});

test("freeCertificateMs: pending, then failed under .invalid (the hostname stays)", async () => {
  await ctl.setProfile({ freeCertificateMs: 150 });
  await add("never.example.invalid");
  expect((await load("never.example.invalid")).status).toBe(200);
  expect(await hostname("never.example.invalid")).toMatchObject({
    HasCertificate: false,
    CertificateProvisionType: 1,
  });
  await sleep(300);
  expect(await hostname("never.example.invalid")).toMatchObject({
    HasCertificate: false,
    CertificateProvisionType: 0,
  });
});

test("freeCertificateMs: out of range is refused naming the switch", async () => {
  await expect(ctl.setProfile({ freeCertificateMs: -1 })).rejects.toThrow(/freeCertificateMs/);
});
