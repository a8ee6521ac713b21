/**
 * A settings delete whose read answers not-found reads the shield zone: when that zone read
 * fails with something that is not a not-found (a 500, a timeout), the error names both
 * answers plainly and says that nothing is treated as gone; it does not claim that a key
 * without access gets the same answers (a 500 says nothing about access). Against the
 * in-process emulator. Fixture: shield zone 3 (Business) and its bot detection.
 */
import type { EmulatorState } from "../../packages/emulator/src";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { botDetectionProvider as bot } from "../../packages/pulumi/src/resources/kinds/settings/bot-detection";
import { usePlatform } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

const t = usePlatform();

const realWrite = process.stderr.write.bind(process.stderr);
jest
  .spyOn(process.stderr, "write")
  .mockImplementation(((chunk: unknown, ...rest: never[]) =>
    String(chunk).startsWith("edgeplatform: ")
      ? true
      : realWrite(chunk as string, ...rest)) as typeof process.stderr.write);

const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);
const writes = async () =>
  (await t.journal()).filter((e) => e.method !== "GET").map((e) => `${e.method} ${e.path}`);

test.each([
  ["answered 500", { status: 500 }, /500/],
  ["a connection reset", { reset: true }, /shieldZones\.get/],
])(
  "BotDetection delete: settings read 404, zone read %s: an error naming both answers, nothing treated as gone, nothing written",
  async (_name, zoneFault, zoneAnswer) => {
    const before = zoneOf(await t.state(), 3).botDetection.ipAddress.sensitivity;
    const r = bot.checkSync(
      {},
      { shieldZoneId: 3, ipAddress: { sensitivity: before === 3 ? 1 : 3 } },
    );
    expect(r.failures).toEqual([]);
    const entry: Any = await bot.create(r.inputs as never);
    resetRunState(); // the destroy run
    await t.fault({ method: "GET", path: "^/shield/shield-zone/3/bot-detection$", status: 404 });
    await t.fault({ method: "GET", path: "^/shield/shield-zone/3$", count: -1, ...zoneFault });
    await t.clearJournal();
    const err = await bot.delete(entry.id, entry.outs).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(err).toBeDefined();
    const msg = err!.message;
    expect(msg).not.toMatch(/key without access/i);
    expect(msg).not.toMatch(/same answers/i);
    expect(msg).toMatch(/404/);
    expect(msg).toMatch(zoneAnswer);
    expect(msg).toMatch(/nothing is treated as gone/i);
    expect(msg).toMatch(/nothing was written/i);
    expect(await writes()).toEqual([]);
  },
  60_000,
);
