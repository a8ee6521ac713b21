/**
 * The set-up the per-kind e2e tests share: an emulator on 127.0.0.1 (a free port) that reports
 * each request when it ARRIVES (the journal records a request only when it is answered, and an
 * interrupted `up` needs to see a write in flight), a random API key registered with the secret
 * guard, and fresh stacks of one inline program configured for it.
 */
import { randomBytes } from "crypto";
import type { AddressInfo } from "net";
import { buildServer } from "../../packages/emulator/src";
import { registerSecret } from "../support/secrets";
import { CliInfo, Control, TestStack } from "./setup";

/** What {@link startKindHarness} gives a test file. */
export interface KindHarness {
  url: string;
  apiKey: string;
  control: Control;
  /** A fresh stack of the program (cleaned up by `close`). */
  newStack(name: string): TestStack;
  /** Stops the emulator; removes the stacks' directories unless KEEP_E2E_DIR=1. */
  close(): Promise<void>;
}

/**
 * Starts the emulator and the stack factory of one test file. `label` names the project
 * (`edgeplatform-<label>`) and the key; `onArrive` sees every request as it arrives.
 */
export async function startKindHarness(
  cli: CliInfo,
  o: {
    label: string;
    programModule: string;
    onArrive?: (method: string | undefined, url: string | undefined) => void;
  },
): Promise<KindHarness> {
  const apiKey = `e2e-${o.label}-${randomBytes(16).toString("hex")}`;
  registerSecret(apiKey);
  const { app } = buildServer({ apiKey });
  await app.listen({ port: 0, host: "127.0.0.1" });
  if (o.onArrive) {
    const onArrive = o.onArrive;
    app.server.on("request", (req: { method?: string; url?: string }) =>
      onArrive(req.method, req.url),
    );
  }
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const stacks: TestStack[] = [];
  return {
    url,
    apiKey,
    control: new Control(url),
    newStack(name) {
      const s = new TestStack(cli, {
        projectName: `edgeplatform-${o.label}`,
        stackName: name,
        passphrase: randomBytes(12).toString("hex"),
        programModule: o.programModule,
        programExport: "program",
        config: {
          "edgeplatform:baseUrl": { value: url },
          "edgeplatform:apiKey": { value: apiKey, secret: true },
        },
      });
      stacks.push(s);
      return s;
    },
    async close() {
      await app.close();
      if (process.env.KEEP_E2E_DIR !== "1") for (const s of stacks) s.cleanup();
    },
  };
}
