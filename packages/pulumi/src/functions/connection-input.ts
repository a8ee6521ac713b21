/**
 * The data sources' `connection` as the resources take it: the whole object and each setting
 * may be a plain string, a Promise or an Output (a secret one included). A data source resolves
 * it before it builds a client, so that nothing but a plain string reaches a request:
 * `getXOutput` waits for it (an unknown value in a preview leaves the result unknown), the
 * promise form `getX` awaits it and refuses a value that is not known yet, naming the setting.
 * The key's secrecy does not spread to the result, as an explicit provider's key does not: the
 * result holds what the platform answered, never the key.
 */
import * as pulumi from "@pulumi/pulumi";
import {
  InvalidArgumentError,
  SETTING_SOURCES,
  type EdgeSettings,
  type SettingName,
} from "edgeplatform-client";
import type { ResourceConnection } from "../resources/public/readable-resource";
import type { DataSourceConnection } from "./options";

/** What `opts.connection` of a data source may be: the resources' option, or a plain object with a client. */
export type ConnectionInput = DataSourceConnection | pulumi.Input<ResourceConnection>;

/** A connection whose settings are plain strings (what a client is built from). */
export type PlainConnection = Omit<DataSourceConnection, SettingName> & EdgeSettings;

const KEYS = Object.keys(SETTING_SOURCES) as SettingName[];

/** The two promises every Output has at run time (not in the SDK's public types). */
interface ResolvableOutput {
  isKnown: Promise<boolean>;
  promise(): Promise<unknown>;
}

/** The error of a setting the promise form cannot use yet (a preview, before its resource exists). */
function notKnown(field: string): InvalidArgumentError {
  const e = new InvalidArgumentError(
    "settings",
    field,
    "is an Output whose value is not known yet (during a preview, before the resource it " +
      "comes from exists); the promise form of a data source needs it now: use the Output " +
      "form (getXOutput), which waits for it",
  );
  e.message = `edgeplatform: data-source option ${field} ${e.reason}`;
  return e;
}

/** The value of an Input now: awaited, or refused (naming `field`) when it is an unknown Output. */
async function valueNow(v: unknown, field: string): Promise<unknown> {
  if (pulumi.Output.isInstance(v)) {
    const o = v as unknown as ResolvableOutput;
    if (!(await o.isKnown)) throw notKnown(field);
    return o.promise();
  }
  return v;
}

/** A connection written as an object (not an Output or a Promise of one). */
const isPlainObject = (v: unknown): v is DataSourceConnection =>
  !!v &&
  typeof v === "object" &&
  !Array.isArray(v) &&
  !pulumi.Output.isInstance(v) &&
  !(v instanceof Promise);

/**
 * The connection with every setting resolved (the promise form): Promises and known Outputs
 * become their values.
 * @throws InvalidArgumentError naming `connection` or `connection.<setting>` for an Output not
 * known yet, or a connection that is not an object.
 */
export async function plainConnection(
  given: ConnectionInput | undefined,
): Promise<PlainConnection | undefined> {
  const whole = await valueNow(given, "connection");
  if (whole === undefined || whole === null) return undefined;
  if (typeof whole !== "object" || Array.isArray(whole)) {
    throw new InvalidArgumentError(
      "settings",
      "connection",
      `the data-source option connection must be an object with ${KEYS.join(", ")}`,
    );
  }
  const resolved: Record<string, unknown> = { ...whole };
  for (const k of KEYS) {
    if (resolved[k] !== undefined) resolved[k] = await valueNow(resolved[k], `connection.${k}`);
  }
  return resolved as PlainConnection;
}

/**
 * The connection's settings as one Output (the Output form), not secret: a secret key makes
 * the result secret only where the data source itself does. Unknown while any setting is.
 * `client` and `clientOptions` of a plain connection are kept by {@link withSettings}.
 */
export function settingsOutput(given: ConnectionInput | undefined): pulumi.Output<EdgeSettings> {
  if (given === undefined || given === null) return pulumi.output({});
  const settings: pulumi.Input<ResourceConnection> = isPlainObject(given)
    ? Object.fromEntries(KEYS.map((k) => [k, given[k]]))
    : given;
  return pulumi.unsecret(pulumi.output(settings) as pulumi.Output<EdgeSettings>);
}

/** `given` (a plain connection's client and options kept) with `settings` as its settings. */
export function withSettings(
  given: ConnectionInput | undefined,
  settings: EdgeSettings,
): PlainConnection {
  const { client, clientOptions } = isPlainObject(given) ? given : {};
  return {
    ...settings,
    ...(client ? { client } : {}),
    ...(clientOptions ? { clientOptions } : {}),
  };
}
