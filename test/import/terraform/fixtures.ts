/**
 * The platform as the Terraform state `migrate.tfstate` (and its `terraform show -json` form,
 * `migrate.show.json`) describes it, plus what Terraform did not manage in the same zones.
 *
 * The state: pull zone 4 (`bunnynet_pullzone.site`, a type not covered) with its shield
 * (`bunnynet_pullzone_shield.site`, shield zone 2, no managed lists), WAF rules 301 and 302
 * (`wp[0]`, `wp[1]`), rate-limit rules 201 and 202 (`api["burst"]`, `api["login"]`), the
 * custom access list 502 (`geo`); in `module.dns` the DNS zone 9 (migrate.example) and in
 * `module.dns.module.records` its records 9000 to 9029 (`host[0]` to `host[29]`); a data
 * source (`data.bunnynet_region.eu`) and another provider's resource (`null_resource.marker`).
 *
 * The platform besides: rate-limit rules 203 and 204 of shield zone 2 and records 9030 and
 * 9031 of zone 9, which the state does not hold (left out), and shield zone 1's objects.
 */
import * as path from "path";
import { defaultFixtures, EmulatorState, largeDnsZone } from "../../../packages/emulator/src";
import { zoneTwoRules } from "../fixtures";

/** The two state files of the scenario. */
export const STATE_FILE = path.join(__dirname, "migrate.tfstate");
export const SHOW_JSON_FILE = path.join(__dirname, "migrate.show.json");

/** The DNS zone of the scenario: 32 records on the platform, 30 of them in the state. */
export const MIGRATE_ZONE = { id: 9, domain: "migrate.example", records: 32, inState: 30 };

/** The emulator's fixtures of the scenario (a fresh copy on every call). */
export function terraformFixtures(): EmulatorState {
  const f = defaultFixtures();
  f.rateLimitRules = [...f.rateLimitRules, ...zoneTwoRules()];
  f.accessLists.push({
    ...f.accessLists.find((l) => l.id === 501)!,
    id: 502,
    shieldZoneId: 2,
    configurationId: 7102,
    name: "geo-block",
    description: null,
    type: 3,
    content: "DE\nFR",
    isEnabled: false,
    action: 2,
  });
  f.dnsZones.push(largeDnsZone(MIGRATE_ZONE.id, MIGRATE_ZONE.domain, MIGRATE_ZONE.records, 9000));
  return f;
}
