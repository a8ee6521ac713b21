/**
 * Inline program of the edge-script e2e test (test/e2e/edge-script.e2e.test.ts): a standalone
 * edge script created with its code from a file (by its path, or as a Pulumi `FileAsset`) and a
 * pull zone made with it, and that pull zone
 * adopted as an `edge.pullzones.PullZone` (its origin is the script) with one setting managed.
 */
import * as pulumi from "@pulumi/pulumi";
import * as edge from "pulumi-edgeplatform";

/** Options of {@link program} (a type alias, so that it is a plain JSON record). */
export type EdgeScriptProgramOptions = {
  /** Absolute path of the script's code. */
  codeFile: string;
  /** Whether the code is given as a Pulumi `FileAsset` of that file (`codeAsset`), not by `codeFile`. */
  asAsset?: boolean;
  /** Seconds the zone caches a response (the adopted zone's one managed setting). */
  maxAge: number;
};

/** The program: the script and its zone; exports their ids. */
export function program(o: EdgeScriptProgramOptions): Record<string, unknown> {
  const script = new edge.compute.EdgeScript("router", {
    name: "e2e-router",
    scriptType: "CDN",
    ...(o.asAsset
      ? { codeAsset: new pulumi.asset.FileAsset(o.codeFile) }
      : { codeFile: o.codeFile }),
    publish: true,
    linkedPullZone: true,
    linkedPullZoneName: "e2e-router-zone",
  });
  const zone = new edge.pullzones.PullZone("router-zone", {
    pullZoneId: script.linkedPullZoneId.apply((id) => id as number),
    cacheControlMaxAgeOverride: o.maxAge,
  });
  return { scriptId: script.scriptId, zoneId: zone.pullZoneId, key: script.deploymentKey };
}
