/** Shared helpers of the dynamic-resource tests: an in-process emulator and its control API. */
import { EmulatorControl, RunningEmulator, startEmulator } from "../../packages/emulator/src";
import type { EmulatorState, FaultSpec, JournalEntry } from "../../packages/emulator/src";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import { sampleRuleConfiguration } from "../support/fixtures";

export type { EmulatorState, JournalEntry };

/** A started emulator plus control-API helpers; configures the providers to use it. */
export interface TestPlatform {
  emu: RunningEmulator;
  reset(): Promise<void>;
  state(): Promise<EmulatorState>;
  setState(s: EmulatorState): Promise<void>;
  journal(): Promise<JournalEntry[]>;
  clearJournal(): Promise<void>;
  fault(f: FaultSpec): Promise<void>;
  close(): Promise<void>;
}

/** Stack config as the dynamic-provider host hands it to `configure()`. */
export function stackConfig(values: Record<string, string>) {
  return { config: { get: (k: string) => values[k], require: (k: string) => values[k] } };
}

/** Starts an emulator and points the providers at it through `configure()` (stack config). */
export async function startPlatform(): Promise<TestPlatform> {
  const emu = await startEmulator({ port: 0 });
  resetSettings();
  configureFromRequest(
    stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
  );
  const ctl = new EmulatorControl(emu.url);
  return {
    emu,
    reset: () => ctl.reset(),
    state: () => ctl.state(),
    setState: (s) => ctl.setState(s),
    journal: () => ctl.journal(),
    clearJournal: () => ctl.clearJournal(),
    fault: async (f) => void (await ctl.fault(f)),
    close: async () => {
      resetSettings();
      await emu.close();
    },
  };
}

/**
 * The platform of a test file: started before its tests, closed after them; before each test
 * the emulator is reset and a new run begins (`resetRunState`). Usable once `beforeAll` ran.
 */
export function usePlatform(): TestPlatform {
  const t = {} as TestPlatform;
  beforeAll(async () => void Object.assign(t, await startPlatform()));
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.reset();
    resetRunState();
  });
  return t;
}

/** The provider's log lines (`edgeplatform: …` on stderr) are not printed by this test file. */
export function quietProviderLogs(): void {
  const realWrite = process.stderr.write.bind(process.stderr);
  jest
    .spyOn(process.stderr, "write")
    .mockImplementation(((chunk: unknown, ...rest: never[]) =>
      String(chunk).startsWith("edgeplatform: ")
        ? true
        : realWrite(chunk as string, ...rest)) as typeof process.stderr.write);
}

/** A full, valid rule configuration (the shared sample, test/support/fixtures.ts). */
export const sampleConfig = () => sampleRuleConfiguration();

/**
 * Whether a journaled request is the read of a signed zone's DS record: a POST of the DNSSEC
 * switch that changed nothing (the emulator journals it `unchanged`; `ZoneDnssec` reads the
 * record so when its state does not hold it). Tests that count writes leave it out.
 */
export const isDsRead = (e: Pick<JournalEntry, "method" | "path" | "unchanged">) =>
  e.method === "POST" && /^\/dnszone\/\d+\/dnssec$/.test(e.path) && e.unchanged === true;
