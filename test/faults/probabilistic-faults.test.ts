/**
 * The emulator's probabilistic faults (`probability`, `seed` in FaultSpec), used by the e2e
 * concurrency test ("20 % of requests answer 429"): the share is about right, spared requests
 * do not use the fault up, and the same seed gives the same sequence.
 */
import { FaultPlatform, startFaultPlatform } from "./helpers";

let t: FaultPlatform;
beforeAll(async () => {
  t = await startFaultPlatform();
});
afterAll(() => t.close());

async function statuses(n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${t.emu.url}/dnszone/1`, { headers: { AccessKey: t.apiKey } });
    await res.arrayBuffer();
    out.push(res.status);
  }
  return out;
}

test("20 % of the matching requests answer 429, reproducibly for a seed", async () => {
  const spec = { status: 429, probability: 0.2, seed: 7, count: -1, path: "^/dnszone/" };
  await t.reset();
  await t.fault(spec);
  const first = await statuses(200);
  const hit = first.filter((s) => s === 429).length;
  expect(hit).toBeGreaterThan(20);
  expect(hit).toBeLessThan(60);
  expect(first.filter((s) => s !== 429).every((s) => s === 200)).toBe(true);

  await t.reset();
  await t.fault(spec);
  expect(await statuses(200)).toEqual(first);
});

test("a counted probabilistic fault is used up only by the requests it hits", async () => {
  await t.reset();
  await t.fault({ status: 503, probability: 0.5, seed: 3, count: 2, path: "^/dnszone/" });
  const s = await statuses(40);
  expect(s.filter((x) => x === 503)).toHaveLength(2);
});

test("invalid probability or seed is rejected", async () => {
  for (const bad of [{ probability: 1.5 }, { probability: "x" }, { seed: 1.5 }]) {
    const res = await fetch(`${t.emu.url}/_emulator/faults`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ status: 429, ...bad }),
    });
    expect(res.status).toBe(400);
  }
});
