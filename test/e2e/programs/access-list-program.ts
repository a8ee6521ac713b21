/**
 * Inline program of the AccessList e2e test (test/e2e/access-list.e2e.test.ts): the custom
 * access lists the options list, each written exactly as given (a field left out of an option
 * is left out of the program).
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** One `edge.shield.AccessList`: its resource name plus its arguments as written. */
export interface AccessListSpec {
  /** Pulumi resource name. */
  name: string;
  listId?: number;
  shieldZoneId?: number;
  pullZoneId?: number;
  /** The list's name on the platform. */
  listName?: string;
  description?: string | null;
  type?: string | number;
  entries?: string[];
  enabled?: boolean;
  action?: string | number;
  deleteOnDestroy?: boolean;
}

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type AccessListProgramOptions = { lists?: AccessListSpec[] };

/** The program: every listed access list; exports their ids by resource name. */
export function program(o: AccessListProgramOptions): Record<string, unknown> {
  const ids: Record<string, pulumi.Output<string>> = {};
  for (const { name, listName, ...args } of o.lists ?? []) {
    const written = { ...args, ...(listName !== undefined ? { name: listName } : {}) };
    ids[name] = new edge.shield.AccessList(name, written as edge.shield.AccessListArgs).id;
  }
  return { ids };
}
