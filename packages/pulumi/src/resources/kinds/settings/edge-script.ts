/**
 * An edge script (`EdgeScript`, an account-level object): its name and type (GET/POST
 * `/compute/script/{id}`), its saved code (GET/POST `…/code`) and its live release (GET
 * `…/releases/active`, POST `…/publish` or `…/publish/{uuid}`). The state holds the code's
 * sha256 (`codeHash`) and size, never the code: the program hands the code over through a
 * file named by that hash (../../public/edge-script-code.ts). The live release is the field
 * `liveCodeHash` (the sha256 of the code it runs): `publish: true` sets it to `codeHash`, so a
 * code change is one code write and, only when the program asks, one publish.
 *
 * A script is adopted by `scriptId` or created by `name` (POST `/compute/script`, with its
 * type, its code and optionally a linked pull zone made with it). Script names are not unique
 * on the platform (the published document and the emulator keep none), but a create refuses a
 * name the account already uses, before any write: an interrupted run, a second stack or a
 * rename would otherwise leave a second script of that name. A create whose answer is lost is
 * never re-sent; the one script of that name listed afterwards is the one it made. Destroy of a created script deletes
 * it (never its linked pull zones); of an adopted one gives back its name, type, code and live
 * release as they were before Pulumi (unless `deleteOnDestroy: true`).
 */
import { EdgeScriptType, type EdgeScript, type EdgeScriptRelease } from "edgeplatform-client";
import { messageOf, present, ResourceOperationError } from "../../core/common";
import { getClient } from "../../core/settings";
import { logLine, outcomeUnknown } from "../../core/zone-objects/recovery";
import {
  settingsProvider,
  type EngineKind,
  type NameChecks,
  type SettingsInputs,
  type SettingsOps,
  type SettingsOutputs,
  type StoredForm,
  type ZoneResolution,
} from "../../core/zone-settings/engine";
import {
  enumField,
  field,
  toWire,
  viewsOf,
  type SettingsDocs,
  type SettingsField,
  type SettingsSnapshot,
  type Wire,
} from "../../core/zone-settings/kind";
import { recordOutputs, statedPriorArg } from "../../core/zone-settings/create-or-adopt";
import { codeHash, codeSize, rememberCode, storedCode } from "../../public/edge-script-code";
import { sharedZoneAnswer } from "../../core/zone-objects/zone-reads";

const SHA256 = { type: "string", pattern: "^[0-9a-f]{64}$" };

const FIELDS: readonly SettingsField[] = [
  field(
    "name",
    { type: "string", minLength: 1, maxLength: 100 },
    "Name of the script (`Name`, 1–100 characters). Required to create a script; with " +
      "`scriptId`, renames the adopted script (destroy gives its name back). Names are not " +
      "unique on the platform.",
  ),
  enumField(
    "scriptType",
    EdgeScriptType,
    'Kind of script: `"CDN"` (standalone: it answers requests itself), `"Middleware"` (runs ' +
      'in front of a pull zone\'s origin) or `"DNS"` (answers DNS queries) (0–2; `ScriptType`). ' +
      "Required to create a script.",
  ),
  field(
    "codeHash",
    SHA256,
    "sha256 (hex) of the code the script saves (`…/code`): what the state holds instead of the " +
      "code. Set by `code`, `codeFile` or `codeAsset`; the provider compares it with the saved " +
      "code's.",
  ),
  field(
    "liveCodeHash",
    SHA256,
    "sha256 (hex) of the code the live release runs. `publish: true` sets it to `codeHash` " +
      "(the saved code is published once it changes); stated, it makes the release running that " +
      "code live again (a rollback: the release must exist). Left out (and no `publish`): the " +
      "live release is not managed.",
  ),
];

/** What a read of a script holds besides the fields' values. */
export interface ScriptRead {
  script: EdgeScript;
  /** Size of the saved code in bytes. */
  codeSize: number;
  /** The live release (its id and uuid); null when nothing was published. */
  live: { Id: number; Uuid: string | null } | null;
}

const fieldNamed = (p: string) => FIELDS.find((f) => f.path === p)!;

/** The snapshot of a script as read, its code `code` and its live release `live`. */
function snapshotOf(
  script: EdgeScript,
  code: string,
  live: EdgeScriptRelease | { Id: number; Uuid: string | null; Code: string | null } | null,
): SettingsSnapshot<ScriptRead> {
  return {
    raw: {
      script,
      codeSize: codeSize(code),
      live: live ? { Id: live.Id, Uuid: live.Uuid ?? null } : null,
    },
    values: {
      name: script.Name ?? null,
      scriptType: script.ScriptType ?? null,
      codeHash: codeHash(code),
      liveCodeHash: live && typeof live.Code === "string" ? codeHash(live.Code) : null,
    },
  };
}

/**
 * Script `id` as the account's listing holds it (with its linked pull zones), from the listing
 * the reads of one refresh share (zone-reads.ts `sharedZoneAnswer`: one listing for them all;
 * each entry holds what the script's GET does); undefined when it lacks the script or fails.
 */
const listedScript = (id: number): Promise<EdgeScript | undefined> =>
  sharedZoneAnswer("edge-scripts", id, async () => {
    const out: EdgeScript[] = [];
    const all = getClient().compute.allScripts({ perPage: 1000, includeLinkedPullzones: true });
    for await (const s of all) out.push(s);
    return out;
  }).then(
    (all) => all.find((s) => s.Id === id),
    () => undefined,
  );

/**
 * Reads the script `id`: its model (for a refresh, `refresh`, from the shared listing; else, or
 * when the listing lacks it, its own GET, which says whether it is gone), its saved code and
 * its live release.
 */
async function readScript(id: number, refresh = false): Promise<SettingsSnapshot<ScriptRead>> {
  const c = getClient().compute;
  const script = (refresh ? await listedScript(id) : undefined) ?? (await c.getScript(id));
  const code = (await c.getCode(id)).Code ?? "";
  // Kept in the user's own store: what a destroy gives back when no release holds it.
  rememberCode(code);
  const live = script.CurrentReleaseId > 0 ? await c.getActiveRelease(id) : null;
  return snapshotOf(script, code, live);
}

/** The release of script `id` whose code has the sha256 `hash` (newest first). */
async function releaseOf(id: number, hash: string): Promise<EdgeScriptRelease | undefined> {
  for await (const r of getClient().compute.allReleases(id))
    if (typeof r.Code === "string" && codeHash(r.Code) === hash) return r;
  return undefined;
}

/**
 * The code whose sha256 is `hash`: the program's (stored by the program side), or one of the
 * script's releases (what a destroy gives back).
 * @throws ResourceOperationError naming the hash when neither holds it.
 */
async function codeOf(id: number | undefined, hash: string, what: string): Promise<string> {
  const stored = storedCode(hash);
  if (stored !== undefined) return stored;
  const r = id === undefined ? undefined : await releaseOf(id, hash);
  if (r && typeof r.Code === "string") return r.Code;
  throw new ResourceOperationError(
    `${what} failed: the code with sha256 ${hash} is not available to the provider (the ` +
      `program hands it over in a file named by its hash, and no release of the script holds ` +
      `it); run \`pulumi up\` again from the program's directory, with \`code\` or \`codeFile\` ` +
      `giving that code. Nothing more was written.`,
  );
}

/** Makes the release running the code `hash` live: an existing one, else the saved code's. */
async function makeLive(id: number, hash: string, savedHash: unknown, what: string) {
  const c = getClient().compute;
  const existing = await releaseOf(id, hash);
  if (existing?.Uuid) return c.publishRelease(id, existing.Uuid);
  if (hash === savedHash) return c.publish(id, {});
  throw new ResourceOperationError(
    `${what} failed: no release of edge script ${id} runs the code with sha256 ${hash}, and ` +
      `it is not the saved code; publish that code first (\`publish: true\` with it as \`code\`).`,
  );
}

/**
 * Writes `changes` to script `t.zone`: name and type (one POST), then the code (one POST of
 * the code), then the live release (one publish, unless saving the code made it live
 * already). Returns the outputs as they are after the write.
 */
async function write(
  t: { zone: number },
  current: SettingsSnapshot<ScriptRead>,
  changes: Record<string, Wire>,
  what: string,
): Promise<Record<string, unknown>> {
  const id = t.zone;
  const c = getClient().compute;
  const meta: Record<string, unknown> = {};
  if ("name" in changes) meta.Name = changes.name;
  if ("scriptType" in changes) meta.ScriptType = changes.scriptType;
  if (Object.keys(meta).length > 0) await c.updateScript(id, meta as never);
  let now = current;
  let code: string | undefined;
  if ("codeHash" in changes) {
    code = await codeOf(id, String(changes.codeHash), what);
    await c.setCode(id, code);
    // A platform that publishes on save has a new live release now.
    if ("liveCodeHash" in changes) now = await readScript(id);
  }
  const want = changes.liveCodeHash;
  if (want === null || want === undefined) {
    if ("liveCodeHash" in changes)
      await logLine(
        `${what}: edge script ${id} had no live release before Pulumi; the platform cannot ` +
          `unpublish, so its live release stays`,
      );
  } else if (now.values.liveCodeHash !== want) {
    const saved = "codeHash" in changes ? changes.codeHash : current.values.codeHash;
    await makeLive(id, String(want), saved, what);
  }
  return liveOutputs(await writtenScript(id, current.raw, code));
}

/**
 * Script `id` after a write, as its outputs need it: its model (GET: a platform that publishes
 * on save, or a publish, made a new live release), the live release's uuid read only when the
 * live release is not the one read before the write, and the saved code's size: the code just
 * written (`code`), or the size read before when none was.
 */
async function writtenScript(
  id: number,
  before: ScriptRead,
  code: string | undefined,
): Promise<ScriptRead> {
  const c = getClient().compute;
  const script = await c.getScript(id);
  // The release read before, when it is still the live one and its uuid was read.
  const kept =
    before.live !== null && before.live.Uuid !== null && before.live.Id === script.CurrentReleaseId;
  const live =
    script.CurrentReleaseId > 0 ? (kept ? before.live : await c.getActiveRelease(id)) : null;
  return {
    script,
    codeSize: code === undefined ? before.codeSize : codeSize(code),
    live: live ? { Id: live.Id, Uuid: live.Uuid ?? null } : null,
  };
}

/** The outputs of a read that change with a write. */
const liveOutputs = (r: ScriptRead) => ({
  codeSize: r.codeSize,
  liveReleaseId: r.live ? r.live.Id : null,
  liveReleaseUuid: r.live ? r.live.Uuid : null,
  deploymentKey: r.script.DeploymentKey ?? null,
});

/**
 * Rotates the deployment key of script `t.zone` when an update changes
 * `deploymentKeyRotation` (never on a create or an adopt, never when it is removed): one POST,
 * then the new key as the `deploymentKey` output.
 */
async function rotateKey(
  t: { zone: number },
  inputs: SettingsInputs,
  olds: SettingsOutputs | undefined,
  what: string,
): Promise<Record<string, unknown>> {
  const want = inputs.deploymentKeyRotation;
  if (olds === undefined || typeof want !== "string" || want === olds.deploymentKeyRotation)
    return {};
  const c = getClient().compute;
  await c.rotateDeploymentKey(t.zone);
  await logLine(`${what}: rotated the deployment key of edge script ${t.zone} (${want})`);
  return { deploymentKey: (await c.getScript(t.zone)).DeploymentKey ?? null };
}

/** Every script of the account (pages of 1 000: one call for most accounts). */
async function allScripts(): Promise<EdgeScript[]> {
  const out: EdgeScript[] = [];
  for await (const s of getClient().compute.allScripts({ perPage: 1000 })) out.push(s);
  return out;
}

/** The account's scripts named exactly `name`. */
async function scriptsNamed(name: string): Promise<EdgeScript[]> {
  const out: EdgeScript[] = [];
  for await (const s of getClient().compute.allScripts({ search: name }))
    if (s.Name === name) out.push(s);
  return out;
}

/**
 * Creates the script `name` (POST `/compute/script`, with its type, code and linked pull
 * zone; one named by `scriptId` is adopted by the engine) once `names` (the kind's unique
 * names) finds no script of that name on the account. A create whose outcome is unknown (a 5xx, a lost answer) is never re-sent: the one script of
 * that name listed afterwards (the name was free before) is Pulumi's; else the error says
 * what to do.
 */
async function resolveScript(
  inputs: SettingsInputs,
  what: string,
  names: NameChecks,
): Promise<ZoneResolution> {
  const name = String(inputs.name);
  const code =
    typeof inputs.codeHash === "string" ? await codeOf(undefined, inputs.codeHash, what) : "";
  await names.before(name, what);
  const body: Record<string, unknown> = {
    Name: name,
    ScriptType: toWire(fieldNamed("scriptType"), inputs.scriptType),
    Code: code,
  };
  if (inputs.linkedPullZone === true) {
    body.CreateLinkedPullZone = true;
    if (present(inputs.linkedPullZoneName)) body.LinkedPullZoneName = inputs.linkedPullZoneName;
  }
  const client = getClient().compute;
  try {
    const made = await client.addScript(body as never);
    // Saving the code at creation may publish it (the platform's choice): its release runs it.
    const assumed = { Id: made.CurrentReleaseId, Uuid: null, Code: code };
    const live =
      made.CurrentReleaseId > 0
        ? await client.getActiveRelease(made.Id).catch(() => assumed)
        : null;
    return { zone: made.Id, created: true, current: snapshotOf(made, code, live) };
  } catch (e) {
    if (!outcomeUnknown(e)) {
      await names.afterRefusal(name, what, e);
      throw new ResourceOperationError(
        `${what} failed: the platform refused edge script ${name}: ${messageOf(e)}. Nothing was written.`,
        e,
      );
    }
    const fresh = await scriptsNamed(name).catch(() => undefined);
    if (fresh?.length === 1) {
      void logLine(
        `${what}: the answer to the script's create was lost (${messageOf(e)}); edge script ` +
          `${fresh[0].Id} named ${name}, free before the request, is the script it created`,
      );
      return { zone: fresh[0].Id, created: true };
    }
    throw new ResourceOperationError(
      `${what} failed: ${messageOf(e)}. The request was not re-sent. ` +
        (fresh === undefined || fresh.length > 1
          ? `Look for a new edge script named ${name} (GET /compute/script?search=${name}): if ` +
            `there is one, Pulumi may have created it: adopt it with \`scriptId\` or delete it, ` +
            `then run \`pulumi up\` again; if there is none, run \`pulumi up\` again.`
          : `The account lists no new edge script named ${name} after it, so it was not ` +
            `applied: it is safe to run \`pulumi up\` again.`),
      e,
    );
  }
}

/**
 * The engine's `create` input (what creates the script: its value is the same for every
 * script, so that a rename is an update, and it reads well in messages: "script for a new
 * edge script").
 */
const CREATE = "a new edge script";

/**
 * The stored form of `EdgeScript`: the script is `scriptId` (the engine's `shieldZoneId`),
 * `origin` says whether Pulumi created it. Without `scriptId` the program creates the script
 * (the engine's `create`), so that `name` is a setting: a rename is an update, never a new
 * script. `publish: true` is `liveCodeHash: codeHash`.
 */
export const edgeScriptForm: StoredForm = {
  inputs(program) {
    const { scriptId, ...rest } = program;
    const out: SettingsInputs = { ...rest };
    if (present(scriptId)) out.shieldZoneId = scriptId as number;
    else out.create = CREATE;
    if (program.publish === true && !present(program.liveCodeHash))
      out.liveCodeHash = program.codeHash;
    return out;
  },
  state(stored) {
    const { scriptId, origin, ...rest } = stored ?? {};
    return {
      ...rest,
      shieldZoneId: scriptId as number,
      prior: (rest.prior as Record<string, unknown> | undefined) ?? {},
      managed: (rest.managed as string[] | undefined) ?? [],
      ...(origin === "created" ? { created: true, create: CREATE } : {}),
    };
  },
  stored(s: SettingsOutputs) {
    const { shieldZoneId, created, create: _c, ...rest } = s as Record<string, unknown>;
    return {
      scriptId: shieldZoneId,
      ...(rest.readOnly === true ? {} : { origin: created === true ? "created" : "adopted" }),
      ...rest,
    };
  },
  programInputs(stored) {
    const i: Record<string, unknown> =
      stored.origin === "created" ? {} : { scriptId: stored.scriptId };
    if (stored.readOnly === true) return i;
    for (const k of ["publish", "deleteOnDestroy", "linkedPullZone", "linkedPullZoneName"])
      if (present(stored[k])) i[k] = stored[k];
    for (const p of (stored.managed as string[] | undefined) ?? []) {
      if (p === "liveCodeHash" && stored.publish === true) continue;
      i[p] = stored[p];
    }
    if (present(i.codeHash)) i.codeSize = stored.codeSize;
    return i;
  },
  property: (p) => (p === "shieldZoneId" ? "scriptId" : p),
  engineOnly: ["create"],
};

const code = {
  code: {
    description:
      "The script's code, as text. The state holds its sha256 (`codeHash`) and size " +
      "(`codeSize`), never the code. Not with `codeFile` or `codeAsset`.",
    tsType: "string | undefined",
  },
  codeFile: {
    description:
      "Path of the script's code, relative to the program's directory, read on the machine " +
      "that runs `pulumi`. The state holds its sha256 and size, never the code or the path. " +
      "Not with `code` or `codeAsset`.",
    tsType: "string | undefined",
  },
  codeAsset: {
    description:
      "The script's code as a Pulumi asset: a `StringAsset` (its text), a `FileAsset` (a path " +
      "relative to the program's directory) or a `RemoteAsset` of a `file://` URI, read on " +
      "the machine that runs `pulumi` (no other URI: the code is never fetched). The state " +
      "holds its sha256 and size, never the code or the asset. Not with `code` or `codeFile`.",
    tsType: "pulumi.asset.Asset | undefined",
  },
  deploymentKeyRotation: {
    description:
      "Any text (a date, a counter): when it changes in an update, the script's deployment " +
      "key is rotated once (POST `…/deploymentKey/rotate`) and the new key is the " +
      "`deploymentKey` output. Setting it for the first time on an existing resource rotates " +
      "too; a create, an adopt, or removing it rotates nothing.",
    tsType: "string",
    output: true as const,
  },
  publish: {
    description:
      "Whether the saved code is the live release: when the code changes, one publish follows " +
      "its write (none when the platform published it on save). Default: the live release is " +
      "not managed (a code change is saved, not published). With `code`, `codeFile` or " +
      "`codeAsset`.",
    tsType: "boolean",
    output: true as const,
  },
};

/**
 * The public types besides the settings: the two forms that name the script (`name` creates,
 * `scriptId` adopts), the code and its publishing, the linked pull zone of a new script, the
 * stated prior, and the outputs.
 */
const DOCS: SettingsDocs = {
  argsDoc:
    "Settings of {@link EdgeScriptArgs}: name, type, code and live release. Every setting left " +
    "out is not managed (never written).",
  args: code,
  argTypes: {
    EdgeScriptCreateArgs: {
      typeDoc: "Creates a script: `name` (with `scriptType`), and no `scriptId`.",
      args: {
        scriptId: {
          description: "Not with a create: `scriptId` adopts an existing script.",
          tsType: "never",
        },
        linkedPullZone: {
          description:
            "Whether a pull zone is created with the script (`CreateLinkedPullZone`), named " +
            "`linkedPullZoneName` (default: the script's name); its id is the output " +
            "`linkedPullZoneId`, which an `edge.pullzones.PullZone` adopts by `pullZoneId`. Read " +
            "only when the script is created. Destroy never deletes it.",
          tsType: "boolean",
          output: true,
        },
        linkedPullZoneName: {
          description: "Name of the pull zone made with the script (with `linkedPullZone`).",
          tsType: "string",
          output: true,
        },
      },
    },
    EdgeScriptAdoptArgs: {
      typeDoc: "Adopts a script: `scriptId`.",
      args: {
        scriptId: {
          description:
            "Id of an existing edge script to adopt: never deleted by Pulumi unless " +
            "`deleteOnDestroy: true`; destroy gives back the name, type, code and live release " +
            "it had before. Another id replaces the resource.",
          tsType: "number",
          required: true,
        },
        deleteOnDestroy: {
          description:
            "Whether destroy deletes the adopted script (default false: destroy gives back " +
            "what it had before).",
          tsType: "boolean",
          output: true,
        },
      },
    },
    EdgeScriptPriorArgs: {
      typeDoc: "The optional stated prior of an {@link EdgeScript}.",
      args: { prior: statedPriorArg },
    },
  },
  stateBase: false,
  outputsSet: true,
  outputTypes: { scriptType: "string | number" },
  outputs: {
    scriptId: { description: "Id of the edge script.", tsType: "number", first: true },
    origin: {
      description: '`"created"` (destroy deletes the script) or `"adopted"` (destroy restores it).',
      tsType: '"created" | "adopted" | undefined',
      first: true,
    },
    codeSize: {
      description: "Size of the saved code in bytes.",
      tsType: "number",
    },
    liveReleaseId: {
      description: "Id of the live release; null when nothing was published.",
      tsType: "number | null",
    },
    liveReleaseUuid: {
      description: "Uuid of the live release; null when nothing was published.",
      tsType: "string | null",
    },
    deploymentKey: {
      description:
        "The script's deployment key (what a CI job deploys with). A secret: encrypted in the " +
        "state and the outputs, never printed.",
      tsType: "string | null",
      secret: true,
    },
    linkedPullZoneId: {
      description:
        "Id of the first pull zone the script runs on (the one made with it, with " +
        "`linkedPullZone`); null when none.",
      tsType: "number | null",
    },
    linkedPullZoneIds: {
      description: "Ids of every pull zone the script runs on.",
      tsType: "number[]",
    },
    ...recordOutputs(
      "EdgeScript",
      "script",
      "The managed settings before Pulumi managed them: what destroy of an adopted script " +
        "restores. `{}` for a read-only view.",
    ),
  },
};

/** `edge.compute.EdgeScript`. */
export const edgeScriptKind: EngineKind<ScriptRead> = {
  type: "EdgeScript",
  noun: "the edge script",
  inputsSchema: "edgeScriptInputsSchema",
  fields: FIELDS,
  docs: DOCS,
  allowEmpty: true,
  address: { input: "scriptId", noun: "edge script", label: "script", createBy: "create" },
  extraInputs: {
    create: { type: "string", const: CREATE },
    codeSize: { type: "integer", minimum: 0 },
    publish: { type: "boolean" },
    linkedPullZone: { type: "boolean" },
    linkedPullZoneName: { type: "string", pattern: "^[a-zA-Z0-9-]{1,60}$" },
    deleteOnDestroy: { type: "boolean" },
    deploymentKeyRotation: { type: "string", minLength: 1 },
  },
  passThrough: [
    "publish",
    "deleteOnDestroy",
    "linkedPullZone",
    "linkedPullZoneName",
    "deploymentKeyRotation",
  ],
  checkExtra: checkScript,
  uniqueNames: {
    input: "name",
    one: "edge script",
    many: "edge scripts",
    list: async () => (await allScripts()).map((s) => ({ id: s.Id, name: s.Name })),
  },
  resolveZone: resolveScript,
  read: (t, context) => readScript(t.zone, context?.refresh === true),
  write,
  afterWrite: rotateKey,
  outputs: (snap) => ({
    ...viewsOf(FIELDS, snap.values),
    ...liveOutputs(snap.raw),
    linkedPullZoneId: snap.raw.script.LinkedPullZones?.[0]?.Id ?? null,
    linkedPullZoneIds: (snap.raw.script.LinkedPullZones ?? []).map((z) => z.Id),
  }),
  deleteCreated: {
    run: (t) => getClient().compute.deleteScript(t.zone, { deleteLinkedPullZones: false }),
    consequence: "(its linked pull zones stay)",
  },
  form: edgeScriptForm,
};

/** The input failures of an edge script that its schema cannot say. */
function checkScript(n: Record<string, unknown>) {
  const out: { property: string; reason: string }[] = [];
  const creating = n.create === CREATE;
  if (creating && !present(n.name))
    out.push({
      property: "name",
      reason: "is required to create an edge script (or give `scriptId` to adopt one)",
    });
  if (creating && !present(n.scriptType))
    out.push({
      property: "scriptType",
      reason: 'is required to create an edge script: "CDN", "Middleware" or "DNS"',
    });
  if (n.publish === true && !present(n.codeHash))
    out.push({
      property: "publish",
      reason: "publishes the code: give `code`, `codeFile` or `codeAsset` too",
    });
  if (n.publish === true && n.liveCodeHash !== n.codeHash)
    out.push({
      property: "liveCodeHash",
      reason: "give `publish: true` or `liveCodeHash`, not both",
    });
  for (const k of ["linkedPullZone", "linkedPullZoneName"])
    if (!creating && present(n[k]))
      out.push({
        property: k,
        reason: "applies to a script Pulumi creates (`name`), not with `scriptId`",
      });
  if (creating && present(n.deleteOnDestroy))
    out.push({
      property: "deleteOnDestroy",
      reason: "applies to an adopted script (`scriptId`): destroy always deletes a created one",
    });
  return out;
}

const engine = settingsProvider(edgeScriptKind);

/**
 * The dynamic provider of `edge.compute.EdgeScript` (what its serialized stub calls): the
 * engine's, except that destroy of a script adopted with `deleteOnDestroy: true` deletes it as
 * one Pulumi created.
 */
export const edgeScriptProvider: SettingsOps = {
  ...engine,
  delete: (id, props) =>
    engine.delete(
      id,
      (props as Record<string, unknown>).deleteOnDestroy === true
        ? ({ ...props, origin: "created" } as never)
        : props,
    ),
};
