/**
 * Inline program of the ManagedAccessList e2e test
 * (test/e2e/managed-access-list.e2e.test.ts): the managed access lists the options list, each
 * written exactly as given (a field left out of an option is left out of the program).
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** One `edge.shield.ManagedAccessList`: its resource name plus its arguments as written. */
export interface ManagedAccessListSpec {
  /** Pulumi resource name. */
  name: string;
  shieldZoneId?: number;
  pullZoneId?: number;
  listId?: number;
  listName?: string;
  enabled?: boolean;
  action?: string | number;
  /** The managed fields before Pulumi, as the program states them (a way out). */
  prior?: { enabled?: boolean; action?: string | number };
}

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type ManagedAccessListProgramOptions = { lists?: ManagedAccessListSpec[] };

/** The program: every listed list; exports their ids and priors by resource name. */
export function program(o: ManagedAccessListProgramOptions): Record<string, unknown> {
  const ids: Record<string, pulumi.Output<string>> = {};
  const priors: Record<string, pulumi.Output<unknown>> = {};
  for (const { name, ...args } of o.lists ?? []) {
    const r = new edge.shield.ManagedAccessList(name, args as edge.shield.ManagedAccessListArgs);
    ids[name] = r.id;
    priors[name] = r.prior;
  }
  return { ids, priors };
}
