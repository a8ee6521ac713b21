/**
 * The native provider plugin's package schema (packages/pulumi/src/plugin/schema.ts) agrees with
 * the dynamic TypeScript resource it shares its engine with: the same input fields (top level,
 * configuration, chained conditions), the same registered outputs, the enumerations by name, a
 * description on every field, and the settings as config variables (keys secret).
 */
import * as fs from "fs";
import * as path from "path";
import * as ts from "typescript";
import { buildSchema, type PulumiType } from "../../packages/pulumi/src/plugin/schema";
import { zoneRuleProps } from "../../packages/pulumi/src/resources/public/zone-rule-resource";

const SRC = path.join(__dirname, "..", "..", "packages", "pulumi", "src");
const RULE = "edgeplatform:shield:RateLimitRule";

/** Member names of the interfaces `names` in `file` (members typed `never` left out). */
function members(file: string, names: string[]): Set<string> {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, "utf8"),
    ts.ScriptTarget.ES2022,
    true,
  );
  const out = new Set<string>();
  const seen = new Set<string>();
  source.forEachChild((n) => {
    if (!ts.isInterfaceDeclaration(n) || !names.includes(n.name.text)) return;
    seen.add(n.name.text);
    for (const m of n.members) {
      if (ts.isPropertySignature(m) && ts.isIdentifier(m.name)) {
        if (m.type?.kind !== ts.SyntaxKind.NeverKeyword) out.add(m.name.text);
      }
    }
  });
  expect([...seen].sort()).toEqual([...names].sort());
  return out;
}

const schema = buildSchema("0.0.0-test");
const rule = schema.resources[RULE];
const typeOf = (ref: PulumiType | undefined) =>
  schema.types[(ref?.$ref ?? ref?.items?.$ref ?? "").replace("#/types/", "")];
const sorted = (xs: Iterable<string>) => [...xs].sort();

describe("plugin schema: RateLimitRule", () => {
  const file = path.join(SRC, "resources", "public", "generated", "rate-limit-rule.ts");

  test("the inputs are the dynamic resource's argument fields", () => {
    const args = members(file, [
      "RateLimitRuleAdoptArgs",
      "RateLimitRuleCreateInShieldZoneArgs",
      "RateLimitRuleCreateInPullZoneArgs",
      "RateLimitRuleCommonArgs",
    ]);
    expect(sorted(Object.keys(rule.inputProperties))).toEqual(sorted(args));
  });

  test("the configuration and chained-condition types have the dynamic resource's fields", () => {
    const config = typeOf(rule.inputProperties.ruleConfiguration);
    expect(sorted(Object.keys(config.properties ?? {}))).toEqual(
      sorted(members(file, ["RateLimitRuleConfigurationArgs"])),
    );
    const chained = typeOf(config.properties?.chainedRuleConditions);
    expect(sorted(Object.keys(chained.properties ?? {}))).toEqual(
      sorted(members(file, ["ChainedRuleConditionArgs"])),
    );
  });

  test("the outputs are the properties the dynamic resource registers", () => {
    const registered = Object.keys(
      zoneRuleProps("RateLimitRule", "rate-limit-rule", "rate-limit rule", "x", undefined),
    );
    expect(sorted(Object.keys(rule.properties))).toEqual(sorted(registered));
  });

  test("enumerations are string enums of their names", () => {
    const config = typeOf(rule.inputProperties.ruleConfiguration).properties ?? {};
    const names = (p: PulumiType | undefined) => typeOf(p).enum?.map((e) => e.value);
    expect(typeOf(config.actionType).type).toBe("string");
    expect(names(config.actionType)).toEqual(["RateLimit", "Log", "Challenge"]);
    expect(names(config.blockTime)).toEqual([
      "ForThirtySeconds",
      "ForOneMinute",
      "ForFiveMinutes",
      "ForFifteenMinutes",
      "ForThirtyMinutes",
      "ForOneHour",
    ]);
    expect(config.transformationTypes?.type).toBe("array");
    expect(names(config.transformationTypes)).toContain("LOWERCASE");
    expect(config.requestCount).toMatchObject({ type: "integer" });
    expect(config.variableTypes).toMatchObject({
      type: "object",
      additionalProperties: { type: "string" },
    });
  });

  test("every field has a description", () => {
    const all: [string, PulumiType][] = [
      ...Object.entries(rule.inputProperties),
      ...Object.entries(rule.properties),
      ...Object.values(schema.types).flatMap((t) => Object.entries(t.properties ?? {})),
    ];
    expect(all.length).toBeGreaterThan(25);
    expect(all.filter(([, p]) => !p.description?.trim()).map(([f]) => f)).toEqual([]);
  });
});

describe("plugin schema: package", () => {
  test("config variables are the settings and the client's tuning, the keys secret", () => {
    const v = schema.config.variables;
    expect(sorted(Object.keys(v))).toEqual([
      "apiKey",
      "baseUrl",
      "loggingToken",
      "loggingUrl",
      "maxRetries",
      "requestTimeoutMs",
    ]);
    expect(v.apiKey).toMatchObject({ type: "string", secret: true });
    expect(v.loggingToken).toMatchObject({ type: "string", secret: true });
    for (const k of ["baseUrl", "loggingUrl", "maxRetries", "requestTimeoutMs"]) {
      expect([k, v[k].secret]).toEqual([k, undefined]);
    }
    expect(v.apiKey.description).toContain("EDGEPLATFORM_API_KEY");
    // The tuning keys are integers; their descriptions give the allowed range.
    expect(v.maxRetries).toMatchObject({ type: "integer" });
    expect(v.maxRetries.description).toMatch(/from 0 to 10\b.*EDGEPLATFORM_MAX_RETRIES/);
    expect(v.requestTimeoutMs).toMatchObject({ type: "integer" });
    expect(v.requestTimeoutMs.description).toMatch(
      /from 100 to 600000\b.*EDGEPLATFORM_REQUEST_TIMEOUT_MS/,
    );
    // One default each: the logging token's own (the API key), not the variable's as well.
    expect(v.loggingToken.description?.match(/Default/g)).toHaveLength(1);
    expect(v.loggingToken.description).toContain("EDGEPLATFORM_LOGGING_TOKEN");
    expect(schema.name).toBe("edgeplatform");
  });

  test("the Provider resource takes every setting, the keys secret in its inputs and its state", () => {
    const v = schema.config.variables;
    expect(schema.provider.inputProperties).toEqual(v);
    // The provider's state: the same settings, the keys marked secret there too.
    expect(schema.provider.properties).toEqual(v);
    expect(schema.provider.description).toMatch(/account/);
  });
});
