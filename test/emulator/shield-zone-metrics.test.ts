/**
 * The client's metrics of one shield zone's features (bot detection, upload scanning, API
 * guardian): each reads the zone it names, and a zone id that is not an integer is refused
 * before anything is sent, naming `shieldZoneId` and the operation.
 */
import { EmulatorControl, type RunningEmulator } from "../../packages/emulator/src";
import { Client, InvalidArgumentError } from "../../packages/client/src";
import { NOW, start } from "./helpers";

let emu: RunningEmulator;
let ctl: EmulatorControl;
let client: Client;
beforeAll(async () => {
  emu = await start({ now: () => NOW });
  ctl = new EmulatorControl(emu.url);
  client = new Client({ apiKey: emu.apiKey, baseUrl: emu.url, maxAttempts: 1 });
});
afterAll(async () => {
  client.close();
  await emu.close();
});
beforeEach(() => ctl.reset());

describe.each([
  ["botDetection", "bot-detection"],
  ["uploadScanning", "upload-scanning"],
  ["apiGuardian", "api-guardian"],
] as const)("shieldMetrics.%s", (method, feature) => {
  test("reads the metrics of the zone it names", async () => {
    await client.shieldMetrics[method](2);
    const reads = await ctl.journal({ path: /^\/shield\/metrics\// });
    expect(reads.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual([
      `GET /shield/metrics/shield-zone/2/${feature} 200`,
    ]);
  });

  test("a zone id that is not an integer is refused before any request", async () => {
    const refused = client.shieldMetrics[method](1.5);
    await expect(refused).rejects.toBeInstanceOf(InvalidArgumentError);
    await expect(refused).rejects.toThrow(/shieldZoneId.*must be an integer/);
    await expect(refused).rejects.toMatchObject({ operation: `shieldMetrics.${method}` });
    expect(await ctl.journal({ path: /^\/shield\/metrics\// })).toEqual([]);
  });
});
