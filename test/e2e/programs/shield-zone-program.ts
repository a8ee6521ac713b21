/**
 * Inline program of the settings-resources e2e test (test/e2e/shield-zone.e2e.test.ts): the
 * settings resources the options list, each written exactly as given (a setting left out of
 * an option is left out of the program).
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** One settings resource: its kind, resource name and arguments as written. */
export interface SettingsSpec {
  kind:
    | "ShieldZone"
    | "BotDetection"
    | "UploadScanning"
    | "ApiGuardian"
    | "ResponsePage"
    | "UnderAttackMode";
  name: string;
  args: Record<string, unknown>;
}

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type ShieldZoneProgramOptions = { resources?: SettingsSpec[] };

/** The program: every listed resource; exports their ids and priors by resource name. */
export function program(o: ShieldZoneProgramOptions): Record<string, unknown> {
  const ids: Record<string, pulumi.Output<string>> = {};
  const priors: Record<string, pulumi.Output<unknown>> = {};
  for (const { kind, name, args } of o.resources ?? []) {
    const Ctor = edge.shield[kind] as unknown as new (
      n: string,
      a: Record<string, unknown>,
    ) => pulumi.CustomResource & { prior: pulumi.Output<unknown> };
    const r = new Ctor(name, args);
    ids[name] = r.id;
    priors[name] = r.prior;
  }
  return { ids, priors };
}
