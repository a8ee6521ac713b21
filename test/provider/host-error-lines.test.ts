/**
 * How a failure of `read` and `delete` reaches the user: the dynamic-provider host prints it
 * itself (`@pulumi/pulumi/cmd/dynamic-provider`: `console.error(`${e}: ${e.stack}`)` before it
 * answers the engine with the message), which for a plain Error is the class name, the message,
 * the class name and the message again, then the stack trace. Through the host's entry point
 * (`__providers`), against the in-process emulator with a fault.
 */
import { __providers } from "../../packages/pulumi/src/resources/kinds/providers.generated";
import { quietProviderLogs, usePlatform } from "./helpers";

const t = usePlatform();
quietProviderLogs();

/** The line the host prints for a failure `e` of read, delete, check or diff. */
const hostLine = (e: unknown) => `${e}: ${(e as Error).stack}`;

async function rejection(x: Promise<unknown>): Promise<Error> {
  try {
    await x;
  } catch (e) {
    return e as Error;
  }
  throw new Error("expected a rejection, got success");
}

const created = {
  recordId: 301,
  zoneId: 3,
  type: "A",
  name: "www",
  value: "192.0.2.10",
  adopted: false,
  origin: "created",
};

test.each(["read", "delete"] as const)(
  "a failed %s prints one line: the message once, no class name, no stack trace",
  async (op) => {
    await t.fault({ path: "^/dnszone/3", status: 500, count: -1 });
    const p = __providers.dnsRecord as unknown as Record<
      string,
      (id: string, props: unknown) => Promise<unknown>
    >;
    const e = await rejection(p[op]("3/301", created));
    expect(e.message).toMatch(/DNS zone 3|dnszone\/3/);
    expect(e.message).not.toMatch(/ResourceOperationError/);
    expect(e.message).toMatch(new RegExp(`^edgeplatform DnsRecord 301: ${op} failed: `));
    // Seen with the real CLI: the line shows under the stack, the message as the resource's error.
    expect(hostLine(e).split("\n")).toEqual([
      `edgeplatform: ${e.message.slice("edgeplatform ".length)}`,
    ]);
  },
);
