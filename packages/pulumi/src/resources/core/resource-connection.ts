/**
 * A resource's own connection (`opts.connection`, the input `connection`): the account a
 * dynamic resource is managed in when it is not the stack config's. The program side makes it a
 * secret input and a secret output (`public/readable-resource.ts`); here, in the provider
 * process, each operation takes it out of the properties the kind sees and runs with it
 * (`withConnection`: every `getClient()` of the operation uses its key and address). Settings
 * it leaves out come from the stack config, then the environment, as without it.
 */
import { SETTING_SOURCES, type EdgeSettings, type SettingName } from "edgeplatform-client";
import { withConnection } from "./settings";

/** The input holding a resource's connection. */
export const CONNECTION = "connection";
/** The settings a connection takes. */
const KEYS = Object.keys(SETTING_SOURCES) as SettingName[];
/** The engine's placeholder for a value not known yet (a preview). */
const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

type Props = Record<string, unknown>;

/**
 * The properties without `connection`, and the connection (undefined when absent or not known
 * yet). Other values than objects are returned as they are.
 */
export function splitConnection(props: unknown): [never, EdgeSettings | undefined] {
  if (!props || typeof props !== "object" || !(CONNECTION in props))
    return [props as never, undefined];
  const { [CONNECTION]: c, ...rest } = props as Props;
  const connection =
    c && typeof c === "object" && !Array.isArray(c) ? (c as EdgeSettings) : undefined;
  return [rest as never, connection];
}

/**
 * Why a resource's connection is refused: one failure per setting, naming it
 * (`connection.baseUrl`) and never showing a key. Empty when there is none or it is fine.
 */
export function connectionFailures(props: unknown): { property: string; reason: string }[] {
  if (!props || typeof props !== "object" || !(CONNECTION in props)) return [];
  const c = (props as Props)[CONNECTION];
  if (c === undefined || c === null || c === UNKNOWN) return [];
  if (typeof c !== "object" || Array.isArray(c)) {
    return [
      {
        property: CONNECTION,
        reason: `opts.connection must be an object with ${KEYS.join(", ")}`,
      },
    ];
  }
  const failures: { property: string; reason: string }[] = [];
  for (const [k, v] of Object.entries(c as Props)) {
    const property = `${CONNECTION}.${k}`;
    if (!(KEYS as string[]).includes(k)) {
      failures.push({
        property,
        reason: `unknown setting "${k}" of opts.connection; allowed: ${KEYS.join(", ")}`,
      });
      continue;
    }
    if (v === undefined || v === null || v === UNKNOWN) continue;
    if (typeof v !== "string" || v.trim() === "") {
      failures.push({ property, reason: `opts.connection.${k} must be a non-empty string` });
      continue;
    }
    if (k === "baseUrl" || k === "loggingUrl") {
      let ok = false;
      try {
        ok = /^https?:$/.test(new URL(v).protocol);
      } catch {
        ok = false;
      }
      if (!ok) {
        failures.push({
          property,
          reason:
            `opts.connection.${k} must be an http or https address ` +
            "(for example http://127.0.0.1:4010)",
        });
      }
    }
  }
  return failures;
}

/** Runs `fn` with the resource's connection (explicit settings over the stack config), if any. */
export function withResourceConnection<T>(
  connection: EdgeSettings | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  if (!connection) return fn();
  const explicit: EdgeSettings = {};
  for (const k of KEYS) {
    const v = connection[k];
    if (typeof v === "string" && v !== "" && v !== UNKNOWN) explicit[k] = v;
  }
  return withConnection(
    { explicit, explicitName: (setting) => `resource option connection.${setting}` },
    fn,
  );
}
