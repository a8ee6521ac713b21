/**
 * "Gone" needs unambiguous evidence, for every settings kind (ShieldZone, BotDetection,
 * UploadScanning, ApiGuardian, ResponsePage, ManagedAccessList, ZoneDnssec), through the
 * dynamic providers against the in-process emulator. A key of another account (the
 * emulator's scoped key, which sees only shield zone 2 and DNS zone 2) gets the same answers
 * as for a deleted zone (`not_found_or_unauthorised_access.shieldzone`, a 404 for DNS
 * zones): read must fail, never return `{id: ""}`; delete must fail, never return without
 * restoring. With the right key again, destroy restores the emulator's state exactly.
 * Fixtures: shield zone 1 (Basic: managed list 3 "AI Crawlers" disabled), 3 (Business: DDoS
 * High, a custom block page), DNS zone 1 (DNSSEC off). Expected values come from the
 * emulator's state before the step, never from the provider's own functions.
 */
import {
  EmulatorControl,
  startEmulator,
  type EmulatorState,
  type RunningEmulator,
} from "../../packages/emulator/src";
import { storeDocument } from "../../packages/pulumi/src/resources/public/api-guardian-documents";
import { checkManagedAccessList } from "../../packages/pulumi/src/resources/kinds/settings/managed-access-list-provider";
import { managedAccessListProvider as mal } from "../../packages/pulumi/src/resources/kinds/settings/managed-access-list-provider";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import {
  checkZoneDnssec,
  zoneDnssecProvider as dnssec,
} from "../../packages/pulumi/src/resources/kinds/settings/zone-dnssec-provider";
import { apiGuardianProvider as api } from "../../packages/pulumi/src/resources/kinds/settings/api-guardian";
import { botDetectionProvider as bot } from "../../packages/pulumi/src/resources/kinds/settings/bot-detection";
import { responsePageProvider as page } from "../../packages/pulumi/src/resources/kinds/settings/response-page";
import { shieldZoneProvider as sz } from "../../packages/pulumi/src/resources/kinds/settings/shield-zone";
import { uploadScanningProvider as scan } from "../../packages/pulumi/src/resources/kinds/settings/upload-scanning";
import { stackConfig } from "./helpers";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any;

/** A key of another account: it sees shield zone 2 and DNS zone 2 only. */
const OTHER_KEY = "key-of-another-account-zone-2";

let emu: RunningEmulator;
let ctl: EmulatorControl;
const useKey = (apiKey: string) => {
  resetSettings();
  configureFromRequest(
    stackConfig({ "edgeplatform:apiKey": apiKey, "edgeplatform:baseUrl": emu.url }),
  );
};
beforeAll(async () => {
  emu = await startEmulator({
    port: 0,
    scopedKeys: { [OTHER_KEY]: { shieldZones: [2], dnsZones: [2] } },
  });
  ctl = new EmulatorControl(emu.url);
});
afterAll(async () => {
  resetSettings();
  await emu.close();
});
beforeEach(async () => {
  await ctl.reset();
  await ctl.clearJournal();
  resetRunState();
  useKey(emu.apiKey);
});

const zoneOf = (s: EmulatorState, id: number): Any =>
  (s.shieldZones as Any[]).find((z) => z.id === id);
const writes = async () => (await ctl.journal()).filter((e) => e.method !== "GET");
/**
 * JSON-comparable copy of a state; a zone's plan fields as the platform answers them (a
 * fixture without `planType`/`wafEnabled` is Basic with the WAF on; a zone PATCH writes them).
 */
const plain = (s: EmulatorState): Any => {
  const c = JSON.parse(JSON.stringify(s));
  for (const z of c.shieldZones)
    Object.assign(z, { planType: z.planType ?? 0, wafEnabled: z.wafEnabled ?? true });
  return c;
};

async function rejection(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a rejection, got success");
}

/** The provider operations a case drives. */
interface Ops {
  create(inputs: Any): Promise<{ id: string; outs: Any }>;
  read(id: string, props: Any): Promise<{ id?: string }>;
  delete(id: string, props: Any): Promise<void>;
}
type Case = [name: string, ops: Ops, inputs: (before: EmulatorState) => Record<string, unknown>];

const checked = (p: { checkSync(o: unknown, n: unknown): Any }) => (news: Any) => {
  const r = p.checkSync({}, news);
  expect(r.failures).toEqual([]);
  return r.inputs;
};
const settings = (p: Ops & { checkSync(o: unknown, n: unknown): Any }): Ops => ({
  create: (i) => p.create(checked(p)(i)) as Any,
  read: (id, props) => p.read(id, props),
  delete: (id, props) => p.delete(id, props),
});
const plainOps = (p: Ops, check: (o: unknown, n: Any) => Any): Ops => ({
  create: (i) => {
    const r = check({}, i);
    expect(r.failures ?? []).toEqual([]);
    return p.create(r.inputs);
  },
  read: (id, props) => p.read(id, props),
  delete: (id, props) => p.delete(id, props),
});

const CASES: Case[] = [
  ["ShieldZone", settings(sz as Any), () => ({ shieldZoneId: 3, ddos: { sensitivity: "Low" } })],
  [
    "BotDetection",
    settings(bot as Any),
    (s) => ({
      shieldZoneId: 3,
      ipAddress: { sensitivity: zoneOf(s, 3).botDetection.ipAddress.sensitivity === 3 ? 1 : 3 },
    }),
  ],
  [
    "UploadScanning",
    settings(scan as Any),
    (s) => ({ shieldZoneId: 3, enabled: !zoneOf(s, 3).uploadScanning.isEnabled }),
  ],
  [
    "ApiGuardian",
    settings(api as Any),
    (s) => ({
      shieldZoneId: 3,
      enabled: !zoneOf(s, 3).apiGuardian.configuration.isEnabled,
      specHash: storeDocument('{"openapi":"3.0.0","info":{"title":"t","version":"1"},"paths":{}}'),
    }),
  ],
  [
    "ResponsePage",
    settings(page as Any),
    () => ({ shieldZoneId: 3, pageType: "block", html: "<p>Pulumi's block page</p>" }),
  ],
  [
    "ManagedAccessList",
    plainOps(mal as Any, checkManagedAccessList as Any),
    () => ({ shieldZoneId: 1, listId: 3, enabled: true, action: "Block" }),
  ],
  [
    "ZoneDnssec",
    plainOps(dnssec as Any, checkZoneDnssec as Any),
    () => ({ zoneId: 1, enabled: true }),
  ],
];

/** What an ambiguous answer's error says: not gone, the key's scope, the way out. */
const NOT_GONE = [/NOT treated as gone/, /API key's scope/, /pulumi state delete <urn>/];

describe.each(CASES)("%s with a key of another account", (name, ops, inputsOf) => {
  test("read and delete fail (never gone, nothing written); with the right key destroy restores the state exactly", async () => {
    const before = await ctl.state();
    const made = await ops.create(inputsOf(before));
    const mid = await ctl.state();
    expect(plain(mid)).not.toEqual(plain(before)); // Pulumi wrote something destroy restores

    useKey(OTHER_KEY);
    resetRunState(); // `pulumi refresh`
    await ctl.clearJournal();
    const r = await rejection(ops.read(made.id, made.outs));
    for (const m of NOT_GONE) expect([name, r.message]).toEqual([name, expect.stringMatching(m)]);
    expect(r.message).not.toContain(OTHER_KEY);

    resetRunState(); // `pulumi destroy` with the wrong key
    const d = await rejection(ops.delete(made.id, made.outs));
    for (const m of NOT_GONE) expect([name, d.message]).toEqual([name, expect.stringMatching(m)]);
    expect(await writes()).toEqual([]);
    expect(plain(await ctl.state())).toEqual(plain(mid));

    useKey(emu.apiKey);
    resetRunState(); // `pulumi destroy` with the right key
    await ops.delete(made.id, made.outs);
    const after = plain(await ctl.state());
    if (name === "ApiGuardian") {
      // The platform has no DELETE of an API document: destroy leaves Pulumi's document.
      zoneOf(after, 3).apiGuardian.spec = zoneOf(plain(before), 3).apiGuardian.spec;
    }
    expect(after).toEqual(plain(before));
  });
});
