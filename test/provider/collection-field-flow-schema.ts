/**
 * WafRule's configuration schema with one field more (`sampleRate`), for
 * collection-field-flow.test.ts: what a kind's declaration names as its configuration schema
 * (`configurationSchema`, a module's export).
 */
import { specSchema } from "edgeplatform-client/spec/runtime";

const base = specSchema("wafRuleConfigurationSchema");
const schema = (require(base.module) as Record<string, { properties: object }>)[base.name];

/** The client's WAF rule configuration schema and `sampleRate`, an integer 0 to 100. */
export const wafRuleConfigurationWithSampleRate = {
  ...schema,
  properties: { ...schema.properties, sampleRate: { type: "integer", minimum: 0, maximum: 100 } },
};
