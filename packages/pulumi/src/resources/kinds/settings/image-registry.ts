/**
 * A Magic Containers image registry (`ImageRegistry`): read with GET `/mc/registries/{id}`,
 * written with PUT `/mc/registries/{id}`, which takes the display name, the type and the
 * credentials (a user name with its token) and keeps what it is not sent. The registry is
 * adopted by `registryId` or created by `registryType` (POST `/mc/registries`). The platform
 * does not keep display names unique, but a create is refused before any write when the
 * account already has a registry of that display name: Pulumi never duplicates a registry,
 * and a create whose answer was lost finds its registry by that name. A registry Pulumi
 * created is deleted by destroy (DELETE `/mc/registries/{id}`); an adopted one is kept (unless
 * `deleteOnDestroy: true`) and gets back its display name. The token is never answered by the
 * platform: it is compared with the state's, never with the platform's (its drift cannot be
 * seen), and destroy cannot give an adopted registry its credentials back. The state names the
 * registry `registryId` and says `origin` (`"created"` or `"adopted"`): see
 * {@link imageRegistryForm}.
 */
import type {
  ContainerRegistry,
  McContainerRegistry,
  McContainerRegistryRequest,
  McSaveContainerRegistryResult,
} from "edgeplatform-client";
import { messageOf, ResourceOperationError } from "../../core/common";
import { getClient } from "../../core/settings";
import { logLine, outcomeUnknown } from "../../core/zone-objects/recovery";
import {
  settingsProvider,
  type EngineKind,
  type NameChecks,
  type SettingsInputs,
  type StoredForm,
  type ZoneResolution,
} from "../../core/zone-settings/engine";
import {
  field,
  type SettingsDocs,
  type SettingsField,
  type SettingsSnapshot,
  type Wire,
  type WriteContext,
} from "../../core/zone-settings/kind";
import {
  createOrAdoptArgTypes,
  createOrAdoptForm,
  recordOutputs,
} from "../../core/zone-settings/create-or-adopt";
import { relistedAfterCreate } from "../../core/zone-settings/unique-names";
import { sharedZoneAnswer } from "../../core/zone-objects/zone-reads";

/** The registry types of the published document (`RegistryType`). */
export const REGISTRY_TYPES = ["dockerHub", "gitHub", "bunnyRegistry"] as const;

const FIELDS: readonly SettingsField[] = [
  field(
    "displayName",
    { type: "string", minLength: 1, maxLength: 50 },
    "Name of the registry in the dashboard and the API (`displayName`, 1–50 characters). " +
      "Required to create one: a name the account already uses is refused before any write.",
  ),
  field(
    "userName",
    { type: "string", minLength: 1 },
    "User name the platform pulls images with (`passwordCredentials.userName`). A new one is " +
      "written with `token`.",
  ),
  field(
    "token",
    { type: "string", minLength: 1 },
    "Token (or password) of `userName` (`passwordCredentials.password`). A secret: encrypted " +
      "in the state and the outputs, never printed. The platform never answers it, so a token " +
      "changed outside Pulumi is not seen by refresh; a new value is one write.",
    { secret: true },
  ),
];

/**
 * A registry as the engine compares it: its display name and user name as read, and the
 * token the state holds (`last`), since the platform never answers one (null: not known).
 */
const snapshotOf = (
  r: ContainerRegistry,
  token: unknown = null,
): SettingsSnapshot<ContainerRegistry> => ({
  raw: r,
  values: {
    displayName: r.displayName ?? null,
    userName: r.userName ?? null,
    token: typeof token === "string" ? token : null,
  },
});

/** A save the platform answered without saving (`status` other than `saved`): refused. */
function saved(what: string, r: McSaveContainerRegistryResult, action: string): number {
  if (r.status === "saved" && typeof r.id === "number") return r.id;
  const why =
    r.status === "secretsValidationFailed"
      ? "the registry refused the user name and token"
      : `status ${JSON.stringify(r.status ?? null)}`;
  throw new ResourceOperationError(
    `${what} failed: the platform did not save the registry (${why}` +
      `${r.error ? `: ${r.error}` : ""}). Nothing was ${action}.`,
  );
}

/** The account's registries of exactly `displayName`. */
async function registriesNamed(displayName: string): Promise<McContainerRegistry[]> {
  const list = await getClient().containers.listRegistries();
  return (list.items ?? []).filter((r) => r.displayName === displayName);
}

/**
 * Registry `id` as read: for a refresh (`refresh`), from the account's listing that the reads
 * of one refresh share (zone-reads.ts `sharedZoneAnswer`: one GET `/mc/registries` for them
 * all; the listing holds each registry as its GET does); else, or when the listing lacks it
 * or fails, its own GET (which says whether it is gone).
 */
async function registryRead(id: number, refresh: boolean): Promise<ContainerRegistry> {
  const c = getClient().containers;
  if (refresh) {
    const listed = await sharedZoneAnswer("image-registries", id, () => c.listRegistries()).then(
      (l) => (l.items ?? []).find((r) => r.id === id),
      () => undefined,
    );
    if (listed) return listed as ContainerRegistry;
  }
  return c.getRegistry(id);
}

/**
 * Creates a registry of `registryType` (POST `/mc/registries`, with the display name and
 * credentials; one named by `registryId` is adopted by the engine) once `names` (the kind's
 * unique display names) finds none of that display name on the account. A create whose
 * outcome is unknown is never re-sent:
 * the listing then has exactly one registry of this name, absent before the write, and that
 * one is Pulumi's; else the error says what to do.
 */
async function resolveZone(
  inputs: SettingsInputs,
  what: string,
  names: NameChecks,
): Promise<ZoneResolution> {
  const name = String(inputs.displayName);
  await names.before(name, what);
  const body: McContainerRegistryRequest = {
    displayName: name,
    type: inputs.registryType as McContainerRegistryRequest["type"],
    ...(typeof inputs.userName === "string" && typeof inputs.token === "string"
      ? { passwordCredentials: { userName: inputs.userName, password: inputs.token } }
      : {}),
  };
  let id: number;
  try {
    const answer = await getClient().containers.addRegistry(body);
    // Saved without an id: the registry exists, found by its name like a lost answer.
    id =
      answer.status === "saved" && typeof answer.id !== "number"
        ? await recoverCreated(name, new Error("the answer named no registry id"), what)
        : saved(what, answer, "created");
  } catch (e) {
    if (e instanceof ResourceOperationError) throw e;
    if (!outcomeUnknown(e)) {
      // Refused (a 400, a scoped key's 403): nothing was made.
      await names.afterRefusal(name, what, e);
      throw new ResourceOperationError(
        `${what} failed: the platform refused the registry ${JSON.stringify(name)}: ` +
          `${messageOf(e)}. Nothing was written.`,
        e,
      );
    }
    id = await recoverCreated(name, e, what);
  }
  return { zone: id, created: true, current: await createdSnapshot(id, body) };
}

/**
 * The registry just created, as read (its host and user name as the platform keeps them), with
 * the token sent; as sent when that read fails (the registry is recorded all the same).
 */
async function createdSnapshot(
  id: number,
  body: McContainerRegistryRequest,
): Promise<SettingsSnapshot<ContainerRegistry>> {
  const token = body.passwordCredentials?.password ?? null;
  try {
    return snapshotOf(await getClient().containers.getRegistry(id), token);
  } catch {
    const sent = {
      id,
      displayName: body.displayName,
      userName: body.passwordCredentials?.userName ?? null,
    };
    return snapshotOf(sent as ContainerRegistry, token);
  }
}

/** After a POST `/mc/registries` with an unknown outcome: the registry, found by proof only. */
async function recoverCreated(name: string, cause: unknown, what: string): Promise<number> {
  let found: McContainerRegistry[] = [];
  try {
    found = await relistedAfterCreate(() => registriesNamed(name));
  } catch (e) {
    throw new ResourceOperationError(
      `${what} failed: the outcome of the registry's create (POST /mc/registries) is unknown ` +
        `(${messageOf(cause)}) and listing the account's registries to find it failed too ` +
        `(${messageOf(e)}). The request was not re-sent and nothing is recorded. Look for a ` +
        `registry named ${JSON.stringify(name)} (GET /mc/registries): if there is one, Pulumi ` +
        `may have created it: delete it and run \`pulumi up\` again, or adopt it with ` +
        `\`registryId\`; if there is none, run \`pulumi up\` again.`,
      cause,
    );
  }
  // The account had no registry of this name before the write: one that is there now is ours.
  if (found.length === 1 && typeof found[0].id === "number") {
    void logLine(
      `${what}: the answer to the registry's create was lost (${messageOf(cause)}); ` +
        `container registry ${found[0].id} named ${JSON.stringify(name)}, absent before the ` +
        `request, is the registry it created`,
    );
    return found[0].id;
  }
  throw new ResourceOperationError(
    `${what} failed: ${messageOf(cause)}. The request was not re-sent; the account lists ` +
      `${found.length === 0 ? "no registry" : `${found.length} registries`} named ` +
      `${JSON.stringify(name)} ` +
      `${found.length === 0 ? "after it, so it was not applied: it is safe to run `pulumi up` again" : "after it: delete the ones that are not yours, then adopt the registry with `registryId`"}.`,
    cause,
  );
}

/**
 * Writes `changes` with one PUT: the display name (changed, or as read: the platform requires
 * it) and, when the user name or the token changes, both credentials (the token the state
 * holds when only the user name changes). A user name to give back without a token (destroy of
 * an adopted registry, `context.restoring`, or credentials the program no longer manages: the
 * platform never answered its token) is not written: the log says so.
 */
async function write(
  t: { zone: number },
  current: SettingsSnapshot<ContainerRegistry>,
  changes: Record<string, Wire>,
  what: string,
  _prior: unknown,
  context?: WriteContext,
): Promise<void> {
  const credentials = "userName" in changes || "token" in changes;
  const userName = ("userName" in changes ? changes.userName : current.values.userName) as
    string | null;
  const token = ("token" in changes ? changes.token : current.values.token) as string | null;
  const sendCredentials = credentials && typeof userName === "string" && typeof token === "string";
  // Giving an adopted registry back its values before Pulumi (destroy's restore, or credentials
  // the program stopped managing: their token before Pulumi is null, never answered): no token
  // to send.
  const restoring = context?.restoring === true || ("token" in changes && changes.token === null);
  if (credentials && !sendCredentials && !restoring)
    throw new ResourceOperationError(
      `${what} failed: a new userName is written with its token (the platform takes a ` +
        `registry's credentials as a pair, and never answers the token): give \`token\` too. ` +
        `Nothing was written.`,
    );
  if (credentials && !sendCredentials)
    void logLine(
      `${what}: container registry ${t.zone}'s credentials are left as they are: the platform ` +
        `never answers a registry's token, so Pulumi cannot give back the ones it had before`,
    );
  if (!("displayName" in changes) && !sendCredentials) return;
  const body: McContainerRegistryRequest = {
    displayName: String(changes.displayName ?? current.raw.displayName),
    ...(sendCredentials ? { passwordCredentials: { userName: userName!, password: token! } } : {}),
  };
  saved(what, await getClient().containers.updateRegistry(t.zone, body), "written");
}

/** Deletes a registry; an answer of `notFound` is a not-found (never "gone" to the engine). */
async function deleteRegistry(t: { zone: number }): Promise<void> {
  const r = await getClient().containers.deleteRegistry(t.zone);
  if (r.status === "notFound")
    throw Object.assign(new Error(`DELETE /mc/registries/${t.zone} answered status "notFound"`), {
      isNotFound: true,
    });
}

/**
 * The stored form of `ImageRegistry`: the registry is `registryId` (the engine's
 * `shieldZoneId`), and `origin` says whether Pulumi created it (the engine's `created`).
 */
export const imageRegistryForm: StoredForm = createOrAdoptForm({
  address: "registryId",
  createBy: "registryType",
  kept: ["deleteOnDestroy"],
});

/** The forms of the arguments (`registryType` creates, `registryId` adopts) and the outputs. */
const DOCS: SettingsDocs = {
  argsDoc:
    "Settings of {@link ImageRegistryArgs}. Every setting left out is not managed (never " +
    "written); `token` goes with `userName`.",
  argTypes: {
    ...createOrAdoptArgTypes(
      "ImageRegistry",
      "registry",
      {
        input: "registryType",
        typeDoc: "Creates a registry: `registryType` (with `displayName`).",
        description:
          'Creates a registry of this type (POST `/mc/registries`): `"dockerHub"` ' +
          '(docker.io), `"gitHub"` (ghcr.io) or `"bunnyRegistry"`; destroy deletes it. ' +
          "Another type replaces the resource (a new registry, then the old one deleted).",
        tsType: '"dockerHub" | "gitHub" | "bunnyRegistry"',
      },
      {
        input: "registryId",
        typeDoc: "Adopts a registry: `registryId`.",
        description:
          "Id of an existing container registry to adopt: kept by destroy (unless " +
          "`deleteOnDestroy`), which gives back its display name (not its credentials: the " +
          "platform never answers a token). Another id replaces the resource.",
      },
    ),
    ImageRegistryOptionsArgs: {
      typeDoc: "The optional choices of an {@link ImageRegistry}.",
      args: {
        deleteOnDestroy: {
          description:
            "Destroy deletes an adopted registry too (a created one is always deleted). " +
            "Default false: an adopted registry is kept.",
          tsType: "boolean",
        },
      },
    },
  },
  stateBase: false,
  outputs: {
    registryId: { description: "Id of the container registry.", tsType: "number", first: true },
    hostName: {
      description: "Host the registry pulls from (`docker.io`, `ghcr.io`, …).",
      tsType: "string | undefined",
      first: true,
    },
    origin: {
      description:
        '`"created"` (destroy deletes the registry) or `"adopted"` (destroy keeps it unless ' +
        "`deleteOnDestroy`).",
      tsType: '"created" | "adopted" | undefined',
      first: true,
    },
    registryType: {
      description: "The type a created registry was made with; undefined for an adopted one.",
      tsType: "string | undefined",
      first: true,
    },
    deleteOnDestroy: {
      description: "The program's `deleteOnDestroy`; undefined when left out.",
      tsType: "boolean | undefined",
    },
    ...recordOutputs(
      "ImageRegistry",
      "registry",
      "The managed settings before Pulumi managed them (never the token): what destroy of an " +
        "adopted registry gives back. `{}` for a read-only view.",
    ),
  },
};

/** `edge.containers.ImageRegistry`. */
export const imageRegistryKind: EngineKind<ContainerRegistry> = {
  type: "ImageRegistry",
  noun: "the settings",
  inputsSchema: "imageRegistryInputsSchema",
  fields: FIELDS,
  docs: DOCS,
  allowEmpty: true,
  address: {
    input: "registryId",
    noun: "container registry",
    label: "registry",
    createBy: "registryType",
  },
  extraInputs: {
    registryType: { enum: [...REGISTRY_TYPES] },
    deleteOnDestroy: { type: "boolean" },
  },
  passThrough: ["registryType", "deleteOnDestroy"],
  checkExtra(news) {
    const out = [];
    const given = (k: string) => news[k] !== undefined && news[k] !== null;
    if (given("registryType") && !given("displayName"))
      out.push({
        property: "displayName",
        reason: "is required to create a registry (with `registryType`): its name on the account",
      });
    // A token needs its user name (the platform takes them as a pair); a user name alone is
    // managed as read (an import), and a change of it without a token is refused at the write.
    if (given("token") && !given("userName"))
      out.push({
        property: "userName",
        reason: "is required with `token`: the platform takes a registry's credentials as a pair",
      });
    return out;
  },
  uniqueNames: {
    input: "displayName",
    one: "container registry",
    many: "container registries",
    list: async () =>
      ((await getClient().containers.listRegistries()).items ?? []).map((r) => ({
        id: r.id,
        name: r.displayName,
      })),
  },
  resolveZone,
  read: async (t, context) =>
    snapshotOf(await registryRead(t.zone, context?.refresh === true), context?.last?.token),
  write,
  outputs: (snap) => ({
    hostName: snap.raw.hostName,
    displayName: snap.raw.displayName,
    userName: snap.raw.userName ?? undefined,
  }),
  deleteCreated: {
    run: deleteRegistry,
    consequence: "(the platform refuses while an application uses it)",
    adoptedIf: "deleteOnDestroy",
  },
  form: imageRegistryForm,
};

/** The dynamic provider of `edge.containers.ImageRegistry` (what its serialized stub calls). */
export const imageRegistryProvider = settingsProvider(imageRegistryKind);
