/**
 * Every kind of the lifecycle tables (the provider-level table.test.ts and the real-engine
 * test/e2e/lifecycle-table.e2e.test.ts): a kind added later is covered by both once its
 * declaration is listed here.
 */
import { accessList } from "./access-list";
import { botCategorization } from "./bot-categorization";
import type { KindDeclaration } from "./kind";
import { managedAccessList } from "./managed-access-list";
import { rateLimitRule } from "./rate-limit-rule";
import { apiGuardian, botDetection, responsePage, shieldZone, uploadScanning } from "./settings";
import { underAttackMode } from "./under-attack-mode";
import { volumeInstancesDeletion } from "./volume-instances-deletion";
import { wafRule } from "./waf-rule";
import { zoneDnssec } from "./zone-dnssec";
import { dnsZone } from "./dns-zone";
import { dnsRecord } from "./dns-record";

export const KINDS: readonly KindDeclaration[] = [
  rateLimitRule,
  wafRule,
  accessList,
  shieldZone,
  botDetection,
  uploadScanning,
  apiGuardian,
  responsePage,
  underAttackMode,
  botCategorization,
  managedAccessList,
  zoneDnssec,
  dnsZone,
  volumeInstancesDeletion,
  dnsRecord,
];
