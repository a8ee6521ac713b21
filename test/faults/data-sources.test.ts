/**
 * Fault tolerance of every data source (provider/functions/*), table-driven over the fault
 * catalogue of helpers.ts. Every data source only reads (GET, or the name check's POST that
 * the client marks idempotent), so every transient fault must be retried and the result must
 * equal the fault-free one; a 2xx carrying `success: false` must fail without a retry; no
 * error may contain the API key.
 */
import { getEventLogs } from "../../packages/pulumi/src/functions/shield";
import { getRegistry, getRegionSettings } from "../../packages/pulumi/src/functions/containers";
import {
  getContainerApp,
  getContainerApps,
} from "../../packages/pulumi/src/functions/containers-apps";
import { getScriptStatistics } from "../../packages/pulumi/src/functions/compute";
import {
  getEdgeScript,
  getEdgeScripts,
  getReleases,
} from "../../packages/pulumi/src/functions/compute-scripts";
import { checkNameAvailability } from "../../packages/pulumi/src/functions/pullzones";
import { getAccessLogs } from "../../packages/pulumi/src/functions/logging";
import { getLegacyAccessLogs } from "../../packages/pulumi/src/functions/legacy-logging";
import {
  clearClientCache,
  type DataSourceOptions,
} from "../../packages/pulumi/src/functions/options";
import { assertNoSecrets } from "../support/secrets";
import {
  DELAY_PAST_TIMEOUT_MS,
  FaultCase,
  FAULTS,
  FaultPlatform,
  FAST_CLIENT,
  matching,
  outcome,
  sleep,
  startFaultPlatform,
} from "./helpers";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

jest.setTimeout(30_000);

let t: FaultPlatform;
let options: DataSourceOptions;
const DAY = 86_400_000;
const now = Date.now();
// A fixed window inside the retention, so that the record count cannot move during the test.
const window = {
  from: new Date(now - 12 * 3600_000).toISOString(),
  to: new Date(now - 3600_000).toISOString(),
};
const yesterday = new Date(now - DAY);

beforeAll(async () => {
  t = await startFaultPlatform();
  options = {
    connection: {
      apiKey: t.apiKey,
      baseUrl: t.emu.url,
      loggingUrl: t.emu.loggingUrl,
      clientOptions: FAST_CLIENT,
    },
  };
});
afterAll(async () => {
  clearClientCache();
  await t.close();
});
beforeEach(async () => {
  await t.reset();
});

/** Today's event-log timestamps follow the clock; ids and counts do not. */
const eventLogsEssence = (r: Any) => ({
  pages: r.pages,
  ids: r.logs.map((l: Any) => l.logId),
});

/** One data source under test: its call, the request a fault hits, and its fault-free result. */
interface DataSourceOp {
  name: string;
  method: string;
  path: string;
  call: () => Promise<Any>;
  /** The part of the result that must equal the fault-free call's. */
  essence: (r: Any) => unknown;
}

const OPS: DataSourceOp[] = [
  {
    name: "containers.getRegistry",
    method: "GET",
    path: "^/mc/registries/1$",
    call: () => getRegistry({ registryId: 1 }, options),
    essence: (r) => r,
  },
  {
    name: "containers.getRegionSettings",
    method: "GET",
    path: "^/mc/apps/app-1/region-settings$",
    call: () => getRegionSettings({ appId: "app-1" }, options),
    essence: (r) => r,
  },
  {
    name: "containers.getContainerApp",
    method: "GET",
    path: "^/mc/apps/app-1$",
    call: () => getContainerApp({ appId: "app-1" }, options),
    // The status is the platform's word at the read: not compared.
    essence: (r) => ({ ...r, status: undefined }),
  },
  {
    name: "containers.getContainerApp (its volumes)",
    method: "GET",
    path: "^/mc/apps/app-1/volumes$",
    call: () => getContainerApp({ appId: "app-1" }, options),
    essence: (r) => ({ ...r, status: undefined }),
  },
  {
    name: "containers.getContainerApps",
    method: "GET",
    path: "^/mc/apps$",
    call: () => getContainerApps({}, options),
    essence: (r) => r.apps.map((a: Any) => ({ ...a, status: undefined })),
  },
  {
    name: "compute.getScriptStatistics",
    method: "GET",
    path: "^/compute/script/1/statistics$",
    call: () =>
      getScriptStatistics(
        { scriptId: 1, dateFrom: window.from, dateTo: window.to, hourly: true },
        options,
      ),
    essence: (r) => r,
  },
  {
    name: "compute.getEdgeScript",
    method: "GET",
    path: "^/compute/script/1$",
    call: () => getEdgeScript({ scriptId: 1 }, options),
    essence: (r) => r,
  },
  {
    name: "compute.getEdgeScripts",
    method: "GET",
    path: "^/compute/script$",
    call: () => getEdgeScripts({}, options),
    essence: (r) => r,
  },
  {
    name: "compute.getReleases",
    method: "GET",
    path: "^/compute/script/1/releases$",
    call: () => getReleases({ scriptId: 1 }, options),
    essence: (r) => r,
  },
  {
    name: "pullzones.checkNameAvailability",
    method: "POST",
    path: "^/pullzone/checkavailability$",
    call: () => checkNameAvailability({ name: "faults-fresh-zone" }, options),
    essence: (r) => r,
  },
  {
    name: "shield.getEventLogs (first page)",
    method: "GET",
    path: "^/shield/event-logs/1/\\d{2}-\\d{2}-\\d{4}$",
    call: () => getEventLogs({ shieldZoneId: 1, date: new Date(now) }, options),
    essence: eventLogsEssence,
  },
  {
    name: "shield.getEventLogs (a later page)",
    method: "GET",
    path: "^/shield/event-logs/1/\\d{2}-\\d{2}-\\d{4}/.+$",
    call: () => getEventLogs({ shieldZoneId: 1, date: new Date(now) }, options),
    essence: eventLogsEssence,
  },
  {
    name: "logging.getAccessLogs (v2)",
    method: "GET",
    path: "^/logging/v2/pullzones/1/logs$",
    call: () => getAccessLogs({ pullZoneId: 1, ...window }, options),
    essence: (r) => ({ n: r.records.length, first: r.records[0], last: r.records.at(-1) }),
  },
  {
    name: "logging.getLegacyAccessLogs (v1)",
    method: "GET",
    path: "^/logging/\\d{2}-\\d{2}-\\d{2}/1\\.log$",
    call: () => getLegacyAccessLogs({ pullZoneId: 1, date: yesterday }, options),
    essence: (r) => ({ n: r.records.length, skipped: r.skippedLines, first: r.records[0] }),
  },
];

const expected = new Map<string, unknown>();
beforeAll(async () => {
  for (const op of OPS) expected.set(op.name, op.essence(await op.call()));
});

const V1 = "logging.getLegacyAccessLogs (v1)";
const cases: [string, string, DataSourceOp, FaultCase][] = OPS.flatMap((op) =>
  FAULTS.map((f) => [op.name, f.kind, op, f] as [string, string, DataSourceOp, FaultCase]),
).filter(([name, kind]) => !(name === V1 && kind === "2xx with success:false")); // see below

describe("every data source under every fault", () => {
  test.each(cases)("%s / %s", async (_n, _k, op, f) => {
    await t.fault({ ...f.spec, method: op.method, path: op.path, count: 1 });
    const started = Date.now();
    const result = await outcome(op.call);
    if (f.kind === "delayed past timeout") {
      await sleep(Math.max(0, DELAY_PAST_TIMEOUT_MS + 300 - (Date.now() - started)));
    }
    const hits = matching(await t.journal(), op.method, new RegExp(op.path));
    if (f.neverRetried) {
      expect(result.ok).toBe(false);
      expect(hits).toHaveLength(1);
      if (!result.ok) {
        expect(result.error.message).toMatch(f.hint);
        assertNoSecrets({ error: result.error, stack: result.error.stack });
      }
      return;
    }
    if (!result.ok) throw new Error(`expected success after a retry, got: ${result.error.message}`);
    expect(hits.length).toBeGreaterThanOrEqual(2);
    expect(op.essence(result.value)).toEqual(expected.get(op.name));
    if (f.kind === "429 + Retry-After") {
      expect(hits[1].time - hits[0].time).toBeGreaterThanOrEqual(900);
    }
  });
});

describe("stream endpoints answering JSON", () => {
  // The v1 endpoint is a text stream; a 2xx answer with a JSON body that says `success: false`
  // is the platform's error, not log lines: it fails the call.
  test("v1: a 2xx JSON body with success:false fails instead of yielding 0 records", async () => {
    const f = FAULTS.find((x) => x.kind === "2xx with success:false")!;
    await t.fault({ ...f.spec, method: "GET", path: "^/logging/\\d{2}-\\d{2}-\\d{2}/1\\.log$" });
    const r = await outcome(() => getLegacyAccessLogs({ pullZoneId: 1, date: yesterday }, options));
    expect(r.ok).toBe(false);
  });
});

describe("persistent faults: bounded retries, then a clear error", () => {
  test.each([
    ["503", { status: 503 }, /503/],
    ["429", { status: 429 }, /429/],
    ["malformed JSON", { malformed: true }, /JSON|malformed/i],
  ])("getRegistry answering %s forever fails after maxAttempts", async (_n, spec, hint) => {
    await t.fault({ ...spec, method: "GET", path: "^/mc/registries/1$", count: -1 });
    const r = await outcome(() => getRegistry({ registryId: 1 }, options));
    expect(r.ok).toBe(false);
    expect(matching(await t.journal(), "GET", /^\/mc\/registries\/1$/)).toHaveLength(4);
    if (!r.ok) {
      expect(r.error.message).toMatch(/getRegistry/);
      expect(r.error.message).toMatch(hint);
      assertNoSecrets({ error: r.error });
    }
  });

  test("event logs: a page failing for good fails the whole read (no partial success)", async () => {
    await t.fault({ status: 503, method: "GET", path: "^/shield/event-logs/1/.+/.+$", count: -1 });
    const r = await outcome(() => getEventLogs({ shieldZoneId: 1, date: new Date(now) }, options));
    expect(r.ok).toBe(false);
  });
});
