/**
 * The program side of the collection kinds that are not rule kinds (AccessList, EdgeRule,
 * DnsRecord) under `pulumi.runtime.setMocks`: each class's type token, the key order of the
 * inputs it hands the engine (every output a key, the id after `before`), the hint of
 * `opts.import`'s refusal, and `get`.
 */
import * as pulumi from "@pulumi/pulumi";
import { AccessList } from "../../packages/pulumi/src/resources/public/access-list";
import { DnsRecord } from "../../packages/pulumi/src/resources/public/dns-record";
import { EdgeRule } from "../../packages/pulumi/src/resources/public/edge-rule";

const registered: pulumi.runtime.MockResourceArgs[] = [];
beforeAll(() =>
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(args);
        return { id: `${args.name}-id`, state: args.inputs };
      },
      call: (args) => args.inputs,
    },
    "project",
    "stack",
    true,
  ),
);

const value = <T>(o: pulumi.Output<T>): Promise<T> => new Promise((resolve) => o.apply(resolve));
const find = (name: string) => registered.find((r) => r.name === name)!;
async function registeredAll(names: string[]): Promise<void> {
  for (let i = 0; i < 200 && !names.every((n) => registered.some((r) => r.name === n)); i++) {
    await new Promise((r) => setTimeout(r, 25));
  }
}

test("opts.import is refused with the way to adopt the object, for each class", () => {
  const adopt = (id: string, parent: string, noun: string, get: string) =>
    `write \`${id}\` (with its \`${parent}\`) in the arguments instead: that adopts the ` +
    `existing ${noun} (only writes of managed fields that differ) and leaves it in place on ` +
    `destroy; ${get} reads one without managing it`;
  const cases: [() => unknown, string][] = [
    [
      () => new AccessList("i1", { listId: 501, shieldZoneId: 1 }, { import: "1/501" }),
      adopt("listId: <the list's id>", "shieldZoneId", "list", "AccessList.get(name, id)"),
    ],
    [
      () => new EdgeRule("i2", { edgeRuleId: "g", pullZoneId: 1 }, { import: "1/g" }),
      adopt(
        "edgeRuleId: <the rule's guid>",
        "pullZoneId",
        "rule",
        "EdgeRule.get(name, `<pullZoneId>/<edgeRuleId>`)",
      ),
    ],
    [
      () => new DnsRecord("i3", { recordId: 5, zoneId: 1, type: "A", name: "" }, { import: "1/5" }),
      adopt(
        "recordId: <the record's id>",
        "zoneId",
        "record",
        "DnsRecord.get(name, `<zoneId>/<recordId>`)",
      ),
    ],
  ];
  for (const [make, hint] of cases) {
    let message = "";
    try {
      make();
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('invalid argument "opts.import"');
    expect(message).toContain(hint);
  }
});

test.each([
  [
    "AccessList",
    "al",
    () => [1, 2].map((n) => new AccessList(`al${n}`, { listId: 501, shieldZoneId: 1 })),
    "listId",
    'custom access list 501 is named by 2 resources of this program (edge.shield.AccessList "al1", edge.shield.AccessList "al2")',
  ],
  [
    "EdgeRule",
    "er",
    () => [1, 2].map((n) => new EdgeRule(`er${n}`, { edgeRuleId: "g-1", pullZoneId: 1 })),
    "edgeRuleId",
    'edge rule g-1 is named by 2 resources of this program (edge.pullzones.EdgeRule "er1", edge.pullzones.EdgeRule "er2")',
  ],
  [
    "DnsRecord",
    "dr",
    () =>
      [1, 2].map(
        (n) => new DnsRecord(`dr${n}`, { recordId: 7, zoneId: 1, type: "A", name: "www" }),
      ),
    "recordId",
    'DNS record 7 is named by 2 resources of this program (edge.dns.DnsRecord "dr1", edge.dns.DnsRecord "dr2")',
  ],
] as const)(
  "%s: its type token; two resources adopting one object both hand the engine a conflict naming it",
  async (type, prefix, make, idField, conflict) => {
    const [first] = make();
    const names = [`${prefix}1`, `${prefix}2`];
    await registeredAll(names);
    expect(await value(first.urn)).toContain(`:${type}::${names[0]}`);
    for (const name of names) {
      expect(find(name).inputs[idField]).toEqual({
        oneOwnerConflict: expect.stringContaining(conflict),
      });
    }
  },
);

test("get registers a read of the id under the class's own type token", async () => {
  const views = [
    [AccessList.get("seen-al", "1/501"), "shield:AccessList"],
    [EdgeRule.get("seen-er", "1/g"), "pullzones:EdgeRule"],
    [DnsRecord.get("seen-dr", "1/5"), "dns:DnsRecord"],
  ] as const;
  for (const [view, token] of views) {
    expect(await value(view.urn)).toContain(`dynamic/${token}::`);
  }
  expect(AccessList.get("seen-al2", "1/502")).toBeInstanceOf(AccessList);
  expect(find("seen-er").id).toBe("1/g");
  expect(Object.keys(find("seen-dr").inputs)).toEqual(["__provider"]);
});

test("objects of two kinds with one id are two objects: no conflict", async () => {
  new AccessList("same-al", { listId: 42, shieldZoneId: 1 });
  new EdgeRule("same-er", { edgeRuleId: "42", pullZoneId: 1 });
  new DnsRecord("same-dr", { recordId: 42, zoneId: 1, type: "A", name: "www" });
  await registeredAll(["same-al", "same-er", "same-dr"]);
  expect(find("same-al").inputs.listId).toBe(42);
  expect(find("same-er").inputs.edgeRuleId).toBe("42");
  expect(find("same-dr").inputs.recordId).toBe(42);
});
