/**
 * The pull-zone record of fixture zone 1 ("zone-one", protected by shield zone 1): its system
 * hostname and two of its own (one forced to HTTPS with a free certificate), 20 edge rules
 * (guids `00000000-0000-4000-8000-0000000000NN`, order index NN, every fifth one off) and an
 * optimizer class. Every other fixture zone has a new zone's record.
 */
import {
  defaultPullZoneRecord,
  hostnameRecord,
  type EdgeRuleRecord,
  type PullZoneRecord,
} from "./state-pullzone";

/** The guid of fixture edge rule `n` (1–20) of zone 1. */
export const fixtureEdgeRuleGuid = (n: number) =>
  `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

/** Edge rule `n` of zone 1: a response header on one path, or a redirect for every tenth. */
function fixtureEdgeRule(n: number): EdgeRuleRecord {
  const redirect = n % 10 === 0;
  return {
    Guid: fixtureEdgeRuleGuid(n),
    ActionType: redirect ? 1 : 5,
    ActionParameter1: redirect ? `https://zone-one.example/moved/${n}` : `X-Rule-${n}`,
    ActionParameter2: redirect ? "301" : "on",
    ActionParameter3: null,
    Triggers: [
      {
        Type: 0,
        PatternMatches: [`https://cdn.zone-one.example/path-${n}/*`],
        PatternMatchingType: 0,
        Parameter1: null,
      },
    ],
    ExtraActions: [],
    TriggerMatchingType: 0,
    Description: `fixture rule ${n}`,
    Enabled: n % 5 !== 0,
    OrderIndex: n,
    ReadOnly: false,
  };
}

/** The record of fixture zone 1. */
export function zoneOneRecord(): PullZoneRecord {
  const z = defaultPullZoneRecord(1, "zone-one", 1);
  const secure = hostnameRecord(2, "cdn.zone-one.example");
  secure.ForceSSL = true;
  secure.HasCertificate = true;
  secure.CertificateProvisionType = 1;
  z.Hostnames.push(secure, hostnameRecord(3, "static.zone-one.example"));
  z.OriginUrl = "https://origin.zone-one.example";
  z.EdgeRules = Array.from({ length: 20 }, (_, i) => fixtureEdgeRule(i + 1));
  z.OptimizerClasses = [{ Name: "thumb", Properties: { width: "200", height: "200" } }];
  z.BlockedIps = ["192.0.2.10"];
  z.AllowedReferrers = ["zone-one.example"];
  return z;
}
