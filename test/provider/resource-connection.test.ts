/**
 * Two accounts in one TypeScript program: a dynamic resource's own connection
 * (`opts.connection`). Program side (mocks): the connection is a secret input and a secret
 * output. Provider side, as the dynamic-provider host calls the providers (one process for every
 * resource of the program): each resource's operations use its own key, including two at once;
 * `check` refuses a bad connection naming the setting; a new key alone writes nothing.
 */
import { createHash } from "crypto";
import { EmulatorControl, startEmulator, type RunningEmulator } from "../../packages/emulator/src";
import { __providers } from "../../packages/pulumi/src/resources/kinds/providers.generated";
import { resetCredentialChecks } from "../../packages/pulumi/src/resources/core/credentials";
import { resetRunState } from "../../packages/pulumi/src/resources/core/run-state";
import {
  configureFromRequest,
  resetSettings,
} from "../../packages/pulumi/src/resources/core/settings";
import * as pulumi from "@pulumi/pulumi";
import * as edge from "../../packages/pulumi/src";
import type { EdgeResourceOptions } from "../../packages/pulumi/src";
import { RateLimitRule } from "../../packages/pulumi/src/resources/public/rate-limit-rule";
import { registerSecret } from "../support/secrets";
import { stackConfig } from "./helpers";
import { newProgramRun, registeredInputs } from "./mocks";

/* eslint-disable @typescript-eslint/no-explicit-any */
type Any = any;

const KEY_A = `ts-account-a-${"a3".repeat(12)}`;
const KEY_B = `ts-account-b-${"b4".repeat(12)}`;
registerSecret(KEY_A);
registerSecret(KEY_B);
const fingerprint = (key: string) => createHash("sha256").update(key).digest("hex").slice(0, 12);
const SIG = "4dabf18193072939515e22adb298388d";
const SECRET_SIG = "1b47061264138c4ac30d75fd1eb44270";

const ruleArgs = (shieldZoneId: number, ruleName: string) => ({
  shieldZoneId,
  ruleName,
  ruleConfiguration: {
    actionType: "Challenge",
    variableTypes: { REQUEST_URI: "/login" },
    operatorType: "BEGINSWITH",
    value: "/login",
    requestCount: 20,
    timeframe: "PerOneMinute",
    blockTime: "ForFiveMinutes",
  },
});

describe("program side: opts.connection", () => {
  test("is a secret input named connection; the resource's other inputs are as without it", async () => {
    await newProgramRun();
    new RateLimitRule("with", ruleArgs(1, "login") as never, {
      connection: { apiKey: KEY_A, baseUrl: "http://127.0.0.1:4010" },
    });
    new RateLimitRule("without", ruleArgs(1, "login-2") as never);
    const withIt = await registeredInputs("with");
    const without = await registeredInputs("without");
    expect(withIt.connection).toEqual({
      [SIG]: SECRET_SIG,
      value: { apiKey: KEY_A, baseUrl: "http://127.0.0.1:4010" },
    });
    expect(without.connection).toBeUndefined();
    const { connection: _c, ...rest } = withIt;
    void _c;
    expect(Object.keys(rest).sort()).toEqual(Object.keys(without).sort());
  });
});

describe("provider side: each resource with its own connection", () => {
  let emu: RunningEmulator;
  let ctl: EmulatorControl;
  const provider = () => __providers.rateLimitRule as Any;
  const writes = async () =>
    (await ctl.journal())
      .filter((e) => e.method !== "GET")
      .map((e) => ({
        write: `${e.method} ${e.path.replace(/\d+$/, "<id>")}`,
        zone: (e.body as { shieldZoneId?: number } | null)?.shieldZoneId,
        key: e.scopedKey,
      }));
  /** check then create, as the host calls them, with the resource's connection. */
  const create = async (zone: number, name: string, connection?: object) => {
    const news = { ...ruleArgs(zone, name), ...(connection ? { connection } : {}) };
    const checked = await provider().check({}, news);
    if ((checked.failures ?? []).length > 0) throw new Error(JSON.stringify(checked.failures));
    return provider().create(checked.inputs);
  };

  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      scopedKeys: { [KEY_A]: { shieldZones: [1] }, [KEY_B]: { shieldZones: [2] } },
    });
    registerSecret(emu.apiKey);
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
    resetCredentialChecks();
    resetSettings();
    // The stack config: the full-access key (what a resource without a connection uses).
    configureFromRequest(
      stackConfig({ "edgeplatform:apiKey": emu.apiKey, "edgeplatform:baseUrl": emu.url }),
    );
  });

  test("two resources of two accounts, at once: each writes with its own key; the outputs keep the connection", async () => {
    const [a, b, plain] = await Promise.all([
      create(1, "login-a", { apiKey: KEY_A }), // the address from the stack config
      create(2, "login-b", { apiKey: KEY_B, baseUrl: emu.url }),
      create(3, "login-stack"),
    ]);
    const sorted = (await writes()).sort((x, y) => (x.zone ?? 0) - (y.zone ?? 0));
    expect(sorted).toEqual([
      { write: "POST /shield/rate-limit", zone: 1, key: fingerprint(KEY_A) },
      { write: "POST /shield/rate-limit", zone: 2, key: fingerprint(KEY_B) },
      { write: "POST /shield/rate-limit", zone: 3, key: undefined }, // the stack config's key
    ]);
    expect(a.outs.connection).toEqual({ apiKey: KEY_A });
    expect(b.outs.connection).toEqual({ apiKey: KEY_B, baseUrl: emu.url });
    expect(plain.outs.connection).toBeUndefined();

    // `pulumi destroy`: each delete with the connection stored in its outputs.
    resetRunState();
    await ctl.clearJournal();
    await Promise.all([
      provider().delete(a.id, a.outs),
      provider().delete(b.id, b.outs),
      provider().delete(plain.id, plain.outs),
    ]);
    expect((await writes()).map((w) => w.key).sort()).toEqual(
      [fingerprint(KEY_A), fingerprint(KEY_B), undefined].sort(),
    );
  });

  test("a resource of account A in account B's zone is refused with no write", async () => {
    const e = await create(2, "sneaky", { apiKey: KEY_A }).then(
      () => undefined,
      (err: Error) => err,
    );
    expect(e?.message).toMatch(/Shield zone 2 was not found or you do not have access to it/);
    expect(e?.message).not.toContain(KEY_A);
    expect(await writes()).toEqual([]);
  });

  test("check refuses a bad connection, one failure per setting naming it, before any call", async () => {
    await ctl.clearJournal();
    const r = await provider().check(
      {},
      {
        ...ruleArgs(1, "bad"),
        connection: { apiKey: "", baseUrl: "127.0.0.1:4010", apikey: KEY_A },
      },
    );
    const byProperty = [...r.failures].sort((x: Any, y: Any) => (x.property < y.property ? -1 : 1));
    expect(byProperty).toEqual([
      {
        property: "connection.apiKey",
        reason: "opts.connection.apiKey must be a non-empty string",
      },
      {
        property: "connection.apikey",
        reason:
          'unknown setting "apikey" of opts.connection; allowed: apiKey, baseUrl, loggingUrl, loggingToken',
      },
      {
        property: "connection.baseUrl",
        reason: expect.stringMatching(
          /^opts\.connection\.baseUrl must be an http or https address/,
        ),
      },
    ]);
    expect(JSON.stringify(r.failures)).not.toContain(KEY_A);
    expect(await ctl.journal()).toEqual([]);
  });

  test("check with a key the platform refuses names the connection, not the stack config", async () => {
    const r = await provider().check({}, { ...ruleArgs(1, "x"), connection: { apiKey: "nope" } });
    expect(r.failures).toEqual([
      { property: "", reason: expect.stringMatching(/resource option connection\.apiKey/) },
    ]);
  });

  test("a new key alone is an update that writes nothing and stores the new connection", async () => {
    const a = await create(1, "rotate", { apiKey: KEY_A });
    await ctl.setScopedKeys({
      [KEY_A]: { shieldZones: [1] },
      [KEY_B]: { shieldZones: [1, 2] },
    });
    await ctl.clearJournal();
    const news = {
      ...(
        await provider().check(a.outs, { ...ruleArgs(1, "rotate"), connection: { apiKey: KEY_B } })
      ).inputs,
    };
    const d = await provider().diff(a.id, a.outs, news);
    expect(d.changes).toBe(true);
    expect(d.replaces ?? []).toEqual([]);
    const u = await provider().update(a.id, a.outs, news);
    expect(u.outs.connection).toEqual({ apiKey: KEY_B });
    expect(await writes()).toEqual([]);
    // The next delete (`pulumi destroy`) uses the new key.
    resetRunState();
    await provider().delete(a.id, u.outs);
    expect((await writes()).map((w) => w.key)).toEqual([fingerprint(KEY_B)]);
    await ctl.setScopedKeys({ [KEY_A]: { shieldZones: [1] }, [KEY_B]: { shieldZones: [2] } });
  });
});

/**
 * Every resource class of the package, by the areas users import, and whether its constructor's
 * options take `connection` (a type-level fact: `npm run typecheck` fails when a class's third
 * parameter does not accept {@link EdgeResourceOptions}).
 */
type AcceptsConnection<C> = C extends abstract new (
  name: string,
  args: Any,
  opts?: infer O,
) => unknown
  ? "connection" extends keyof NonNullable<O>
    ? NonNullable<O>["connection" & keyof NonNullable<O>] extends EdgeResourceOptions["connection"]
      ? true
      : false
    : false
  : false;
type ResourceClasses<M> = {
  [
    K in keyof M as M[K] extends abstract new (...a: Any[]) => pulumi.CustomResource ? K : never
  ]: M[K];
};
type EveryClassAcceptsConnection<M> = {
  [K in keyof ResourceClasses<M>]: AcceptsConnection<ResourceClasses<M>[K]>;
};

describe("every resource class takes opts.connection", () => {
  test("in each area (the type-check fails for a class whose options leave it out)", () => {
    const areas = { shield: edge.shield, dns: edge.dns, containers: edge.containers };
    const checked: {
      shield: EveryClassAcceptsConnection<typeof edge.shield>;
      dns: EveryClassAcceptsConnection<typeof edge.dns>;
      containers: EveryClassAcceptsConnection<typeof edge.containers>;
    } = {
      shield: Object.fromEntries(
        classNames(areas.shield).map((n) => [n, true]),
      ) as unknown as EveryClassAcceptsConnection<typeof edge.shield>,
      dns: Object.fromEntries(
        classNames(areas.dns).map((n) => [n, true]),
      ) as unknown as EveryClassAcceptsConnection<typeof edge.dns>,
      containers: Object.fromEntries(
        classNames(areas.containers).map((n) => [n, true]),
      ) as unknown as EveryClassAcceptsConnection<typeof edge.containers>,
    };
    const literalTrue: { [A in keyof typeof checked]: Record<string, true> } = checked;
    expect(Object.keys(literalTrue.dns).sort()).toEqual(["DnsRecord", "DnsZone", "ZoneDnssec"]);
    expect(Object.keys(literalTrue.shield).length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(literalTrue.containers).sort()).toEqual([
      "ContainerApp",
      "ImageRegistry",
      "VolumeInstancesDeletion",
    ]);
  });
});

function classNames(area: object): string[] {
  return Object.entries(area)
    .filter(([, v]) => typeof v === "function" && v.prototype instanceof pulumi.CustomResource)
    .map(([k]) => k);
}
