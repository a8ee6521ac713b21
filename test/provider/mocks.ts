/**
 * Pulumi's test mocks that record what a program registers: the inputs the engine would
 * receive for each resource, for tests of the program side (constructors, one-owner checks,
 * the `__spellings` hint) without an engine.
 */
import * as pulumi from "@pulumi/pulumi";

/** What the mocks recorded in this process (cleared by each {@link newProgramRun}). */
const registered: pulumi.runtime.MockResourceArgs[] = [];

/**
 * Starts a program run under mocks: a new engine connection (as each inline Automation API
 * run has), nothing registered yet. Each resource's state is its inputs.
 */
export async function newProgramRun(): Promise<void> {
  registered.length = 0;
  await pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(args);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    false,
  );
}

/** The inputs the engine receives for resource `name`, once it is registered (up to 5 s). */
export async function registeredInputs(name: string): Promise<Record<string, unknown>> {
  for (let i = 0; i < 200 && !registered.some((r) => r.name === name); i++)
    await new Promise((r) => setTimeout(r, 25));
  const reg = registered.find((r) => r.name === name);
  if (!reg) throw new Error(`${name} was not registered`);
  return reg.inputs;
}
