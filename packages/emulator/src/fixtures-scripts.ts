/**
 * The edge scripts of the fixtures: `edge-router` (1, standalone) runs on pull zone 1
 * (`zone-one`) with two variables, a secret and two releases (the second live, its code the
 * saved code); `image-resizer` (2, middleware) has nothing but its name; `geo-answer` (3) is
 * a DNS script with one variable and a live release.
 */
import type { EmulatorState } from "./state";
import { SCRIPT_FIXTURE_DATE as AT } from "./state-scripts";

const ROUTER_V1 = "export default { fetch: () => new Response('v1') };\n";
const ROUTER_V2 = "export default { fetch: () => new Response('v2') };\n";
const GEO = "export default { resolve: () => ({ type: 'A', value: '192.0.2.1' }) };\n";

/** A release made at the fixture date. */
const release = (Id: number, Uuid: string, Code: string, Note: string) => ({
  Id,
  Uuid,
  Code,
  Note,
  Author: "fixtures",
  AuthorEmail: null,
  CommitSha: null,
  DateReleased: AT,
  DatePublished: AT,
});

/** The scripts of the fixtures. */
export function scriptFixtures(): EmulatorState["scripts"] {
  return [
    {
      id: 1,
      name: "edge-router",
      scriptType: 1,
      code: ROUTER_V2,
      currentReleaseId: 12,
      releases: [
        release(11, "00000000-0000-4000-8000-000000000011", ROUTER_V1, "first"),
        release(12, "00000000-0000-4000-8000-000000000012", ROUTER_V2, "second"),
      ],
      variables: [
        { Id: 21, Name: "ORIGIN", Required: true, DefaultValue: "https://origin.example" },
        { Id: 22, Name: "LOG_LEVEL", Required: false, DefaultValue: "info" },
      ],
      secrets: [{ Id: 31, Name: "API_TOKEN", LastModified: AT, value: "fixture-secret-api-token" }],
      deploymentKey: "fixture-deployment-key-1",
      linkedPullZoneIds: [1],
    },
    { id: 2, name: "image-resizer", scriptType: 2 },
    {
      id: 3,
      name: "geo-answer",
      scriptType: 0,
      code: GEO,
      currentReleaseId: 13,
      releases: [release(13, "00000000-0000-4000-8000-000000000013", GEO, "first")],
      variables: [{ Id: 23, Name: "FALLBACK", Required: false, DefaultValue: "192.0.2.1" }],
    },
  ];
}
