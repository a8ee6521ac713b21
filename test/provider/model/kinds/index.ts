/**
 * The kinds the model test drives, together in one program. A resource's name starts with
 * its kind's tag (`r0` is a RateLimitRule, `w3` a WafRule, `a2` an AccessList, `m1` a
 * ManagedAccessList, `z0` a ShieldZone, `b0` a BotDetection, `u0` an UploadScanning, `g0` an
 * ApiGuardian, `p0` a ResponsePage, `x0` an UnderAttackMode, `c0` a BotCategorization, `d0` a
 * DnsZone, `n0` a DnsRecord, `pz0` a PullZone, `er0` an EdgeRule, `oc0` an OptimizerClass, `hn0` a
 * Hostname, `es0` an EdgeScript, `sv0` a ScriptVariable, `ss0` a ScriptSecret, `ca0` a
 * ContainerApp, `ir0` an ImageRegistry, `vd0` a VolumeInstancesDeletion), as a Pulumi URN
 * carries its type.
 */
import type { ModelKind } from "../kind";
import { accessListKind } from "./access-list";
import { containerAppKind, imageRegistryKind, volumeInstancesDeletionKind } from "./containers";
import { dnsRecordKind, dnsZoneKind } from "./dns";
import { managedAccessListKind } from "./managed-access-list";
import { edgeRuleKind, hostnameKind, optimizerClassKind, pullZoneKind } from "./pull-zones";
import { rateLimitRuleKind, wafRuleKind } from "./rules";
import { edgeScriptKind, scriptSecretKind, scriptVariableKind } from "./scripts";
import {
  apiGuardianKind,
  botCategorizationKind,
  botDetectionKind,
  responsePageKind,
  shieldZoneKind,
  underAttackModeKind,
  uploadScanningKind,
} from "./zone-settings";

/** Every kind, in a stable order. */
export const ALL_KINDS: readonly ModelKind[] = [
  rateLimitRuleKind,
  wafRuleKind,
  accessListKind,
  managedAccessListKind,
  shieldZoneKind,
  botDetectionKind,
  uploadScanningKind,
  apiGuardianKind,
  responsePageKind,
  underAttackModeKind,
  botCategorizationKind,
  dnsZoneKind,
  dnsRecordKind,
  pullZoneKind,
  edgeRuleKind,
  optimizerClassKind,
  hostnameKind,
  edgeScriptKind,
  scriptVariableKind,
  scriptSecretKind,
  containerAppKind,
  imageRegistryKind,
  volumeInstancesDeletionKind,
];

/**
 * The kinds a run drives: all of them, or those `MODEL_KINDS` names (comma-separated, e.g.
 * `MODEL_KINDS=RateLimitRule` gives one kind the whole command budget).
 */
export const KINDS: readonly ModelKind[] = process.env.MODEL_KINDS
  ? ALL_KINDS.filter((k) => process.env.MODEL_KINDS!.split(",").includes(k.name))
  : ALL_KINDS;

/** The kind of a resource, by its name's tag. */
export function kindOf(resourceName: string): ModelKind {
  const tag = /^[a-z]+/.exec(resourceName)?.[0];
  const kind = ALL_KINDS.find((k) => k.tag === tag);
  if (!kind) throw new Error(`model: no kind has the tag of resource ${resourceName}`);
  return kind;
}

/** The key of an object of a resource (`w:2001`): ids of two kinds may be equal. */
export const keyOf = (resourceName: string, id: string | number): string =>
  `${kindOf(resourceName).tag}:${id}`;
