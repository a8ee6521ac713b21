#!/usr/bin/env node
/**
 * Benchmark 2: API calls per Pulumi operation and per kind, counted from the emulator's
 * request journal.
 *
 * For each kind, one stack with N objects created by the program: `up` (create N), a
 * no-change `preview`, an `up` that changes one field of one object, `refresh`, `destroy`.
 * The settings kinds (shield-zone, bot-detection, upload-scanning, api-guardian,
 * response-page, under-attack-mode, bot-categorization) are one object each, in shield zone 1;
 * dns-record is N records of DNS zone 1, dns-zone that zone's settings (adopted),
 * pull-zone-edge-rules pull zone 1's settings (adopted) and N edge rules in it.
 * Goal: the minimum the semantics need (the `expected` of each kind below). Every command
 * that runs `check` (up, preview) also reads GET /shield/shield-zone/defaults once per
 * provider process, the API key check (core/credentials.ts): a no-change preview makes that
 * one call and nothing else. Rows are printed for the kinds measured even when a later kind
 * fails; any row off its minimum fails the run (exit code 1).
 *
 *   npm run build && node bench/calls.js [--n 10] [--kinds rate-limit-rule,waf-rule]
 */
/* global fetch */
"use strict";

const {
  arg,
  machineLine,
  printTable,
  runMain,
  startEmulatorProcess,
  writeResult,
} = require("./lib/common");
const { freshStack, prepareEngine, rulesProgram } = require("./lib/engine");
const { MIXED_ZONE_LIMITS } = require("./lib/workloads");

/** Inline program: `n` custom WAF rules in shield zone 1; `changed` blocks instead of logging. */
function wafRulesProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    for (let i = 0; i < n; i++) {
      new edge.shield.WafRule(`waf-${i}`, {
        shieldZoneId: 1,
        ruleName: `bench-waf-${i}`,
        ruleDescription: "benchmark rule",
        ruleConfiguration: {
          actionType: changed === i ? "Block" : "Log",
          variableTypes: { REQUEST_URI: `/bench-${i}` },
          operatorType: "BEGINSWITH",
          severityType: "WARNING",
          value: `/bench-${i}`,
        },
      });
    }
    return { count: n };
  };
}

/** Inline program: `n` custom access lists (3 CIDR entries each) in shield zone 1. */
function accessListsProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    for (let i = 0; i < n; i++) {
      new edge.shield.AccessList(`list-${i}`, {
        shieldZoneId: 1,
        name: `bench-list-${i}`,
        type: "CIDR",
        entries: [0, 1, 2].map((k) => `10.${i}.${k}.0/24`),
        enabled: true,
        action: changed === i ? "Challenge" : "Block",
      });
    }
    return { count: n };
  };
}

/** Inline program: the configuration of the curated lists 1..n (n <= 3) of shield zone 1. */
function managedListsProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    for (let i = 0; i < n; i++) {
      new edge.shield.ManagedAccessList(`curated-${i + 1}`, {
        shieldZoneId: 1,
        listId: i + 1,
        enabled: true,
        action: changed === i ? "Log" : "Block",
      });
    }
    return { count: n };
  };
}

/**
 * Inline program: one settings resource of shield zone 1 (`kind` = its class); `changed`
 * changes one managed field. Each kind manages settings the fixtures' zone has otherwise.
 */
function settingsProgram(kind, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    const zone = { shieldZoneId: 1 };
    if (kind === "ShieldZone")
      new edge.shield.ShieldZone("zone", {
        ...zone,
        waf: { mode: "Log", requestBodyLimitAction: changed ? "Block" : "Ignore" },
        ddos: { sensitivity: "High" },
      });
    if (kind === "BotDetection")
      new edge.shield.BotDetection("bots", {
        ...zone,
        executionMode: "Challenge",
        ipAddress: { sensitivity: changed ? "High" : "Medium" },
      });
    if (kind === "UploadScanning")
      new edge.shield.UploadScanning("scan", {
        ...zone,
        enabled: true,
        antivirusScanningMode: changed ? "Block" : "Log",
      });
    if (kind === "ApiGuardian")
      new edge.shield.ApiGuardian("api", {
        ...zone,
        enabled: true,
        executionMode: changed ? "Block" : "Log",
      });
    if (kind === "ResponsePage")
      new edge.shield.ResponsePage("blocked", {
        ...zone,
        pageType: "block",
        html: changed ? "<h1>Blocked (v2)</h1>" : "<h1>Blocked</h1>",
      });
    if (kind === "UnderAttackMode")
      new edge.shield.UnderAttackMode("attack", { ...zone, enabled: !changed });
    if (kind === "BotCategorization")
      new edge.shield.BotCategorization("bot-actions", {
        ...zone,
        categories: { AIScraper: changed ? "Allow" : "Block" },
      });
    if (kind === "DnsZone")
      new edge.dns.DnsZone("dns-zone", {
        zoneId: 1,
        loggingEnabled: true,
        // A field the platform takes on its own (an SOA e-mail needs custom nameservers on).
        loggingIpAnonymizationEnabled: changed,
      });
    return { count: 1 };
  };
}

/** Inline program: `n` A records named `bench-i` in DNS zone 1; `changed` gives record 0 a new TTL. */
function dnsRecordsProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    for (let i = 0; i < n; i++) {
      new edge.dns.DnsRecord(`record-${i}`, {
        zoneId: 1,
        type: "A",
        name: `bench-${i}`,
        value: `192.0.2.${(i % 250) + 1}`,
        ttl: changed === i ? 600 : 300,
      });
    }
    return { count: n };
  };
}

/**
 * Inline program: pull zone 1's settings (adopted: its cache max-age) and `n` edge rules
 * `bench-rule-i` in it (their `pullZoneId` the PullZone's output); `changed` gives rule 0
 * another header value.
 */
function pullZoneRulesProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    const zone = new edge.pullzones.PullZone("zone", {
      pullZoneId: 1,
      cacheControlMaxAgeOverride: 3600,
    });
    for (let i = 0; i < n; i++) {
      new edge.pullzones.EdgeRule(`rule-${i}`, {
        pullZoneId: zone.pullZoneId,
        description: `bench-rule-${i}`,
        actionType: "SetResponseHeader",
        actionParameter1: `X-Bench-${i}`,
        actionParameter2: changed === i ? "changed" : "on",
        triggers: [{ type: "Url", patternMatches: [`*/bench-${i}/*`] }],
        triggerMatchingType: "MatchAny",
        enabled: true,
        priority: 100 + i,
      });
    }
    return { count: n };
  };
}

/** Inline program: `n` optimizer classes `bench-class-i` in pull zone 1; `changed` gives class 0 another width. */
function optimizerClassesProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    for (let i = 0; i < n; i++) {
      new edge.pullzones.OptimizerClass(`class-${i}`, {
        pullZoneId: 1,
        name: `bench-class-${i}`,
        properties: { width: changed === i ? "640" : `${100 + i}`, quality: "80" },
      });
    }
    return { count: n };
  };
}

/**
 * Inline program: `n` hostnames `bench-i.calls.example` of pull zone 1, each with `forceSsl`
 * and no certificate; `changed` turns hostname 0's `forceSsl` off.
 */
function hostnamesProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    for (let i = 0; i < n; i++) {
      new edge.pullzones.Hostname(`host-${i}`, {
        pullZoneId: 1,
        hostname: `bench-${i}.calls.example`,
        forceSsl: changed !== i,
      });
    }
    return { count: n };
  };
}

/** Inline program: `n` standalone edge scripts `bench-script-i` with inline code; `changed` gives script 0 new code. */
function edgeScriptsProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    for (let i = 0; i < n; i++) {
      const body = changed === i ? `v2 ${i}` : `v1 ${i}`;
      new edge.compute.EdgeScript(`script-${i}`, {
        name: `bench-script-${i}`,
        scriptType: "CDN",
        code: `export default { fetch: () => new Response("${body}") };\n`,
      });
    }
    return { count: n };
  };
}

/** Inline program: `n` variables `BENCH_i` of edge script 1; `changed` gives variable 0 another default. */
function scriptVariablesProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    for (let i = 0; i < n; i++) {
      new edge.compute.ScriptVariable(`variable-${i}`, {
        scriptId: 1,
        name: `BENCH_${i}`,
        defaultValue: changed === i ? "changed" : `value-${i}`,
        required: false,
      });
    }
    return { count: n };
  };
}

/** Inline program: `n` secrets `BENCH_SECRET_i` of edge script 1; `changed` rotates secret 0. */
function scriptSecretsProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    for (let i = 0; i < n; i++) {
      new edge.compute.ScriptSecret(`secret-${i}`, {
        scriptId: 1,
        name: `BENCH_SECRET_${i}`,
        value: changed === i ? `rotated-${i}` : `secret-${i}`,
      });
    }
    return { count: n };
  };
}

/** Inline program: `n` Docker Hub registries `bench-registry-i`; `changed` renames registry 0. */
function imageRegistriesProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    for (let i = 0; i < n; i++) {
      new edge.containers.ImageRegistry(`registry-${i}`, {
        registryType: "dockerHub",
        displayName: changed === i ? `bench-registry-${i}-renamed` : `bench-registry-${i}`,
        userName: `bench-${i}`,
        token: `bench-token-${i}`,
      });
    }
    return { count: n };
  };
}

/** Inline program: `n` container apps of one container each; `changed` gives app 0's container another tag. */
function containerAppsProgram(n, changed) {
  return async () => {
    const edge = require("pulumi-edgeplatform");
    for (let i = 0; i < n; i++) {
      new edge.containers.ContainerApp(`app-${i}`, {
        name: `bench-app-${i}`,
        runtimeType: "shared",
        regions: { allowed: ["DE"], required: ["DE"], maxAllowed: 1 },
        containers: [
          {
            name: "web",
            image: {
              registryId: "1",
              namespace: "acme",
              name: "bench-web",
              tag: changed === i ? "2.0.0" : "1.0.0",
            },
            environment: { INDEX: String(i) },
          },
        ],
      });
    }
    return { count: n };
  };
}

/** The answer to GET `path` of the management API (what a settings kind manages, as read). */
async function readApi(emu, path) {
  const res = await fetch(`${emu.url}${path}`, { headers: { accesskey: emu.apiKey } });
  return { status: res.status, body: await res.text() };
}

/**
 * A settings kind: one resource (N = 1). Create reads the current value (the prior, the merge
 * base) and writes once; one field: read + write; refresh: one read; destroy writes the prior
 * back (one read first: the merge base of the restoring write). `path` is where the kind's
 * settings are read: destroy must leave them as they were before the create.
 */
const settingsKind = (kind, path, write = "PATCH", destroyWrite = write) => ({
  max: 1,
  program: (_n, changed) => settingsProgram(kind, changed),
  expected: () => ({
    create: [`1 GET + 1 ${write}`, { GET: 1, [write]: 1 }],
    oneField: [`1 GET + 1 ${write}`, { GET: 1, [write]: 1 }],
    refresh: ["1 GET", { GET: 1 }],
    destroy: [`1 GET + 1 ${destroyWrite}`, { GET: 1, [destroyWrite]: 1 }],
  }),
  read: (emu) => readApi(emu, path),
  left: () => [],
});

/**
 * A refresh of N rules of one zone that holds `others` more (the fixtures'): the first read's
 * GET, then the zone's list (1 000 rules a page) serves the others (zone-objects/zone-reads.ts);
 * one rule alone is one GET. (A refresh whose reads span more than the list's 2 s window
 * lists again: not at the N this benchmark runs.)
 */
const zoneRefresh = (n, others) => {
  const pages = Math.ceil((n + others) / 1000);
  return n === 1
    ? ["1 GET", { GET: 1 }]
    : [`1 GET + ${pages} list page${pages === 1 ? "" : "s"}`, { GET: 1 + pages }];
};

/**
 * The kinds measured: the program for N objects (and with one field of object 0 changed),
 * the calls each operation needs at least, and how to find the program's objects left in the
 * emulator's state after destroy.
 */
const KINDS = {
  "rate-limit-rule": {
    program: (n, changed) => rulesProgram(n, changed ? { updateIndex: 0, updatedCount: 75 } : {}),
    // Creates: one listing of the zone for the name check (once per zone per run) + N POSTs.
    // One field: one GET (the platform's current configuration, the merge base) + one PATCH.
    expected: (n) => ({
      create: [`1 GET + ${n} POST`, { GET: 1, POST: n }],
      oneField: ["1 GET + 1 PATCH", { GET: 1, PATCH: 1 }],
      refresh: zoneRefresh(n, 2), // shield zone 1 holds fixture rules 101 and 102
      destroy: [`${n} DELETE`, { DELETE: n }],
    }),
    left: (st) => st.rateLimitRules.filter((r) => /^bench-/.test(r.ruleName || "")),
  },
  "waf-rule": {
    program: (n, changed) => wafRulesProgram(n, changed ? 0 : undefined),
    // Creates: the zone listing (name check) and the zone itself (its plan limit), once per
    // zone per run, + N POSTs. One field: GET (merge base) + PATCH.
    expected: (n) => ({
      create: [`2 GET + ${n} POST`, { GET: 2, POST: n }],
      oneField: ["1 GET + 1 PATCH", { GET: 1, PATCH: 1 }],
      refresh: zoneRefresh(n, 0), // no fixture WAF rule in shield zone 1
      destroy: [`${n} DELETE`, { DELETE: n }],
    }),
    left: (st) => st.wafRules.filter((r) => /^bench-waf-/.test(r.ruleName || "")),
  },
  "access-list": {
    program: (n, changed) => accessListsProgram(n, changed ? 0 : undefined),
    // Creates: the zone's listing (name check, limits) once per zone per run; per list the
    // POST (it answers the list), the listing (its configurationId) and one configuration
    // PATCH (enabled, action). One field (action): the list and the listing (the merge base
    // and the configurationId) + one configuration PATCH. Refresh: each list, and the zone's
    // listing once, shared by the reads of the refresh (zone-objects/zone-reads.ts).
    expected: (n) => ({
      create: [`${1 + n} GET + ${n} POST + ${n} PATCH`, { GET: 1 + n, POST: n, PATCH: n }],
      oneField: ["2 GET + 1 PATCH", { GET: 2, PATCH: 1 }],
      refresh: [`${n + 1} GET`, { GET: n + 1 }],
      destroy: [`${n} DELETE`, { DELETE: n }],
    }),
    left: (st) => st.accessLists.filter((l) => /^bench-list-/.test(l.name || "")),
  },
  "managed-access-list": {
    max: 3,
    program: (n, changed) => managedListsProgram(n, changed ? 0 : undefined),
    // Per list, the zone's listing (the configuration as it is: the prior, the merge base) and
    // one PATCH only where it differs: of the fixtures' lists 1 (enabled, Block) 2 (enabled,
    // Challenge) 3 (off) the program (enabled, Block) changes 2 and 3. One field: listing +
    // PATCH. Destroy puts every prior back: list 1's action (changed by the one-field step),
    // 2 and 3.
    expected: (n) => ({
      create: [`${n} GET + ${n - 1} PATCH`, { GET: n, PATCH: n - 1 }],
      oneField: ["1 GET + 1 PATCH", { GET: 1, PATCH: 1 }],
      refresh: [`${n} GET`, { GET: n }],
      destroy: [`${n} GET + ${n} PATCH`, { GET: n, PATCH: n }],
    }),
    // Nothing is created; destroy restores the configurations as they were before.
    left: (st, before) =>
      st.accessListConfigs.filter((c) => {
        const was = before.accessListConfigs.find((b) => b.configurationId === c.configurationId);
        return !was || was.isEnabled !== c.isEnabled || was.action !== c.action;
      }),
  },
  // Settings of shield zone 1 (N = 1; its plan raised to Enterprise, see measureKind).
  "shield-zone": settingsKind("ShieldZone", "/shield/shield-zone/1"),
  "bot-detection": settingsKind("BotDetection", "/shield/shield-zone/1/bot-detection"),
  "upload-scanning": settingsKind("UploadScanning", "/shield/shield-zone/1/upload-scanning"),
  "api-guardian": settingsKind("ApiGuardian", "/shield/shield-zone/1/api-guardian"),
  // The fixtures' zone 1 has no custom block page: create and changes PUT it, destroy DELETEs
  // it (the zone had none before).
  "response-page": settingsKind(
    "ResponsePage",
    "/shield/shield-zone/1/custom-page/block",
    "PUT",
    "DELETE",
  ),
  // The zone's DDoS sensitivity (Challenge: on; off and destroy: the sensitivity before).
  // The one-field step turns it off, which already writes the sensitivity before Pulumi
  // back: destroy reads and finds nothing to restore.
  "under-attack-mode": (() => {
    const k = settingsKind("UnderAttackMode", "/shield/shield-zone/1");
    return {
      ...k,
      expected: (n) => ({ ...k.expected(n), destroy: ["1 GET (nothing to restore)", { GET: 1 }] }),
    };
  })(),
  // Records of DNS zone 1. The zone's GET holds its records: creates read it once per zone
  // per run (the proof an unknown outcome needs, and the duplicate check) + N PUTs; one field:
  // the zone (the record as it is) + one POST of that field; refresh: the zone once for all;
  // destroy: N DELETEs.
  "dns-record": {
    program: (n, changed) => dnsRecordsProgram(n, changed ? 0 : undefined),
    expected: (n) => ({
      create: [`1 GET + ${n} PUT`, { GET: 1, PUT: n }],
      oneField: ["1 GET + 1 POST", { GET: 1, POST: 1 }],
      refresh: ["1 GET", { GET: 1 }],
      destroy: [`${n} DELETE`, { DELETE: n }],
    }),
    left: (st) =>
      st.dnsZones.flatMap((z) => (z.Records ?? []).filter((r) => /^bench-/.test(r.Name || ""))),
  },
  // An adopted DNS zone's settings (zone 1): POST /dnszone/1 writes them; destroy restores
  // them (the zone's date of its last write is the platform's record: left out).
  "dns-zone": (() => {
    const k = settingsKind("DnsZone", "/dnszone/1", "POST");
    return {
      ...k,
      read: async (emu) => {
        const r = await k.read(emu);
        const body = JSON.parse(r.body);
        delete body.DateModified;
        return { ...r, body: JSON.stringify(body) };
      },
    };
  })(),
  // Pull zone 1's settings (adopted) and N edge rules in it. Up: the zone's settings read
  // once (check: the values before Pulumi) and written once; the rules' name checks read the
  // zone once per run; one write per rule. One field: the rule as it is (the zone's GET) + its
  // write. Refresh: one GET of the zone serves its settings and every rule. Destroy: one
  // DELETE per rule, and the zone's settings read and written back.
  "pull-zone-edge-rules": {
    program: (n, changed) => pullZoneRulesProgram(n, changed ? 0 : undefined),
    expected: (n) => ({
      create: [`2 GET + ${n + 1} POST`, { GET: 2, POST: n + 1 }],
      oneField: ["1 GET + 1 POST", { GET: 1, POST: 1 }],
      refresh: ["1 GET", { GET: 1 }],
      destroy: [`1 GET + 1 POST + ${n} DELETE`, { GET: 1, POST: 1, DELETE: n }],
    }),
    left: (st, before) => {
      const model = (s) => s.pullZones.find((z) => z.id === 1).model;
      const rules = model(st).EdgeRules.filter((r) => /^bench-rule-/.test(r.Description || ""));
      const was = model(before).CacheControlMaxAgeOverride;
      const now = model(st).CacheControlMaxAgeOverride;
      return now === was ? rules : [...rules, { CacheControlMaxAgeOverride: { was, now } }];
    },
  },
  // One category's action: one PUT of that entry (destroy: the action before, None).
  "bot-categorization": settingsKind(
    "BotCategorization",
    "/shield/shield-zone/1/bot-categorization",
    "PUT",
  ),
  // N classes of pull zone 1. The platform has no endpoint of a class: the zone's classes are
  // one array, written only whole with the zone's settings (POST /pullzone/{id}, which answers
  // the zone). Each create, change and delete of a class is therefore a write of the array
  // as the platform holds it just before: one GET of the zone (which also serves the create's
  // name check) and one POST. The answer of one class's write is not the base of the next:
  // another writer (a second stack, the dashboard) may have written the zone in between, and
  // a write from an older read would drop its class. Refresh: the zone's GET holds every class.
  "optimizer-class": {
    program: (n, changed) => optimizerClassesProgram(n, changed ? 0 : undefined),
    expected: (n) => ({
      create: [`${n} GET + ${n} POST`, { GET: n, POST: n }],
      oneField: ["1 GET + 1 POST", { GET: 1, POST: 1 }],
      refresh: ["1 GET", { GET: 1 }],
      destroy: [`${n} GET + ${n} POST`, { GET: n, POST: n }],
    }),
    left: (st, before) => {
      const classes = (s) => s.pullZones.find((z) => z.id === 1).model.OptimizerClasses ?? [];
      const now = JSON.stringify(classes(st));
      const was = JSON.stringify(classes(before));
      return now === was ? [] : [{ OptimizerClasses: { was, now } }];
    },
  },
  // N hostnames of pull zone 1, with forceSsl and no certificate. Create: a hostname another
  // zone of the account has (or this one) is refused before any write, so the account's zones
  // are listed once per run (GET /pullzone: each zone with its hostnames, one page here; it
  // serves the name checks too); then per hostname its add (POST …/addHostname) and its
  // forceSsl (POST …/setForceSSL): the add takes only the name and answers no body, so one
  // read of the zone gives the hostname as the platform made it (what the writes after it
  // compare with; the outputs: certificate, system hostname); setForceSSL holds the value
  // sent and changes nothing else reported. A new hostname without a certificate has nothing
  // to wait for. One field (forceSsl): the zone's GET (the hostname as it is) + one
  // setForceSSL. Refresh: the zone's GET holds every hostname. Destroy: one removeHostname
  // each (the platform refuses one it does not hold: only then is the zone read, to tell
  // why). A free certificate (certificate: { type: "free" }) adds per hostname
  // its request (GET /pullzone/loadFreeCertificate) and at least one read of the zone (the
  // certificate is issued asynchronously: the zone is read every second until it has it,
  // bounded by timeoutSeconds).
  hostname: {
    program: (n, changed) => hostnamesProgram(n, changed ? 0 : undefined),
    expected: (n) => ({
      create: [`${1 + n} GET + ${2 * n} POST`, { GET: 1 + n, POST: 2 * n }],
      oneField: ["1 GET + 1 POST", { GET: 1, POST: 1 }],
      refresh: ["1 GET", { GET: 1 }],
      destroy: [`${n} DELETE`, { DELETE: n }],
    }),
    left: (st) =>
      st.pullZones.flatMap((z) =>
        (z.model.Hostnames ?? []).filter((h) => /^bench-\d+\.calls\.example$/.test(h.Value)),
      ),
  },
  // N standalone scripts created with inline code (no publish). Create: names are not unique
  // on the platform but Pulumi keeps them so: the account's scripts are listed once per run
  // (GET /compute/script, one page here); then one POST /compute/script each, whose body holds
  // the name, the type and the code. One field (the code of script 0): the script as it is
  // (GET /compute/script/{id}: its name and type are managed too, and the update writes back
  // what differs from the platform) and its code as saved (GET …/code, the hash compared), one
  // code write (POST …/code), then the script again (GET /compute/script/{id}): a platform that
  // publishes on save has a new live release, which the outputs name (its uuid is one more GET
  // only then; the code's size is the code written). No live release here: none is read.
  // Refresh: the account's listing (one page) holds each script's name, type and live release,
  // and each script's saved code is one GET …/code (the state holds its hash). Destroy: one
  // DELETE each.
  "edge-script": {
    program: (n, changed) => edgeScriptsProgram(n, changed ? 0 : undefined),
    expected: (n) => ({
      create: [`1 GET + ${n} POST`, { GET: 1, POST: n }],
      oneField: ["3 GET + 1 POST", { GET: 3, POST: 1 }],
      refresh: [`1 list page + ${n} code GET`, { GET: 1 + n }],
      destroy: [`${n} DELETE`, { DELETE: n }],
    }),
    left: (st) => st.scripts.filter((s) => /^bench-script-/.test(s.name || "")),
  },
  // N variables of edge script 1. Create: the script's GET (its EdgeScriptVariables) serves
  // the name checks of the run; one POST …/variables/add each. One field (a default value):
  // the variable as it is (the merge base: only what differs is sent) + one POST of it.
  // Refresh: the script's GET once for all. Destroy: one DELETE each.
  "script-variable": {
    program: (n, changed) => scriptVariablesProgram(n, changed ? 0 : undefined),
    expected: (n) => ({
      create: [`1 GET + ${n} POST`, { GET: 1, POST: n }],
      oneField: ["1 GET + 1 POST", { GET: 1, POST: 1 }],
      refresh: ["1 GET", { GET: 1 }],
      destroy: [`${n} DELETE`, { DELETE: n }],
    }),
    left: (st) =>
      st.scripts.flatMap((s) => (s.variables ?? []).filter((v) => /^BENCH_\d+$/.test(v.Name))),
  },
  // N secrets of edge script 1. Create: the script's secrets listed once per run (the name
  // checks); one POST …/secrets each. One field (a rotation): one POST of that secret; the
  // platform never answers a value, so there is nothing to read as a merge base. Refresh: the
  // script's secrets listed once for all. Destroy: one DELETE each.
  "script-secret": {
    program: (n, changed) => scriptSecretsProgram(n, changed ? 0 : undefined),
    expected: (n) => ({
      create: [`1 GET + ${n} POST`, { GET: 1, POST: n }],
      oneField: ["1 POST", { POST: 1 }],
      refresh: ["1 GET", { GET: 1 }],
      destroy: [`${n} DELETE`, { DELETE: n }],
    }),
    left: (st) =>
      st.scripts.flatMap((s) => (s.secrets ?? []).filter((v) => /^BENCH_SECRET_\d+$/.test(v.Name))),
  },
  // N registries created. Create: display names are not unique on the platform but Pulumi
  // keeps them so: the account's registries are listed once per run (GET /mc/registries);
  // one POST /mc/registries each, whose answer is a status and the id only: one GET
  // /mc/registries/{id} gives the registry as the platform keeps it (host, user name). One
  // field (a new display name): the registry as it is (GET /mc/registries/{id}, the merge
  // base) + one PUT /mc/registries/{id}. Refresh: one listing holds every registry as its GET
  // does, shared by the reads of the refresh. Destroy: one DELETE each.
  "image-registry": {
    program: (n, changed) => imageRegistriesProgram(n, changed ? 0 : undefined),
    expected: (n) => ({
      create: [`${1 + n} GET + ${n} POST`, { GET: 1 + n, POST: n }],
      oneField: ["1 GET + 1 PUT", { GET: 1, PUT: 1 }],
      refresh: ["1 GET", { GET: 1 }],
      destroy: [`${n} DELETE`, { DELETE: n }],
    }),
    left: (st) => st.registries.filter((r) => /^bench-registry-/.test(r.displayName || "")),
  },
  // N container apps of one container. Create: the account's apps listed once for the name
  // checks of the run and the region ids listed once (checked before any write), one POST of
  // each whole app, and one read of each app after it (the app as created, which is also the
  // first answer of the wait for its deployment: more reads only while it deploys). One field
  // (another image tag): the app as it is (the merge base), one PATCH of that container, one
  // read of the deployment it starts. Refresh: one GET per app (the listing holds no
  // containers). An app with volume templates adds, to each read that gives outputs, the
  // listing of its volumes (their ids are only there); these apps have none. Destroy: one
  // DELETE each.
  "container-app": {
    program: (n, changed) => containerAppsProgram(n, changed ? 0 : undefined),
    expected: (n) => ({
      create: [`${2 + n} GET + ${n} POST`, { GET: 2 + n, POST: n }],
      oneField: ["2 GET + 1 PATCH", { GET: 2, PATCH: 1 }],
      refresh: [`${n} GET`, { GET: n }],
      destroy: [`${n} DELETE`, { DELETE: n }],
    }),
    left: (st) => st.apps.filter((a) => /^bench-app-/.test(a.name || "")),
  },
};

/**
 * The API key check a command that runs `check` makes (up, preview): one GET
 * /shield/shield-zone/defaults per provider process (core/credentials.ts).
 */
const withKeyCheck = ([goal, expected]) => [
  goal === "0 calls" ? "1 GET (key check)" : `${goal} + 1 GET (key check)`,
  { ...expected, GET: (expected.GET || 0) + 1 },
];

function summarize(entries) {
  const by = {};
  for (const e of entries) by[e.method] = (by[e.method] || 0) + 1;
  return Object.fromEntries(Object.entries(by).sort(([a], [b]) => a.localeCompare(b)));
}

const sorted = (o) => JSON.stringify(Object.fromEntries(Object.entries(o).sort()));

/** Runs the five operations of one kind on a fresh stack; adds its rows to `rows` as it goes. */
async function measureKind(env, emu, kindName, n, rows) {
  const kind = KINDS[kindName];
  n = Math.min(n, kind.max ?? n);
  const want = kind.expected(n);
  let program = kind.program(n, false);
  const stack = await freshStack(env, emu, () => program(), `calls-${kindName}-${n}`);
  const step = async (name, [goal, expected], fn) => {
    await emu.control("DELETE", "requests");
    await fn();
    const entries = (await emu.journal()).filter((e) => !e.path.startsWith("/_emulator"));
    const methods = summarize(entries);
    const met = sorted(methods) === sorted(expected);
    rows.push({
      kind: kindName,
      name,
      goal,
      expected,
      methods,
      total: entries.length,
      met,
      requests: entries.map((e) => ({
        method: e.method,
        path: e.path,
        status: e.status,
        ...(e.method === "PATCH" ? { body: e.body } : {}),
      })),
    });
    console.log(`  ${kindName} ${name}: ${entries.length} calls ${JSON.stringify(methods)}`);
  };
  await emu.control("POST", "reset");
  // Room for N objects of every kind in shield zone 1 (its plan limits raised), on the plan
  // that has every settings kind.
  const st = await emu.control("GET", "state");
  Object.assign(
    st.shieldZones.find((z) => z.id === 1),
    MIXED_ZONE_LIMITS,
    { planType: 3 },
  );
  await emu.control("PUT", "state", st);
  const before = await emu.control("GET", "state");
  const readBefore = kind.read ? await kind.read(emu) : undefined;
  try {
    await step(`up (create ${n})`, withKeyCheck(want.create), () => stack.up({ color: "never" }));
    await step("no-change preview", withKeyCheck(["0 calls", {}]), () =>
      stack.preview({ color: "never" }),
    );
    program = kind.program(n, true);
    await step("up (one field of one object)", withKeyCheck(want.oneField), () =>
      stack.up({ color: "never" }),
    );
    await step("refresh", want.refresh, () => stack.refresh({ color: "never" }));
    await step("destroy", want.destroy, () => stack.destroy({ color: "never" }));
    const left = kind.left(await emu.control("GET", "state"), before);
    if (kind.read) {
      const after = await kind.read(emu);
      if (JSON.stringify(after) !== JSON.stringify(readBefore))
        left.push({ before: readBefore, after });
    }
    if (left.length)
      throw new Error(`${kindName}: destroy left ${left.length} objects: ${JSON.stringify(left)}`);
  } finally {
    await stack.workspace.removeStack(stack.name, { force: true }).catch(() => undefined);
  }
}

async function main() {
  const n = Number(arg("n", "10"));
  const kinds = String(arg("kinds", Object.keys(KINDS).join(","))).split(",");
  for (const k of kinds)
    if (!KINDS[k])
      throw new Error(`--kinds takes ${Object.keys(KINDS).join(", ")} (comma-separated); got ${k}`);
  console.log(`calls: N = ${n}, kinds ${kinds.join(", ")}; ${machineLine()}`);
  const env = await prepareEngine((l) => console.log(`[pulumi-cli] ${l}`));
  const emu = await startEmulatorProcess();
  const rows = [];
  const failures = [];
  try {
    for (const k of kinds) {
      try {
        await measureKind(env, emu, k, n, rows);
      } catch (e) {
        // The other kinds are still measured, and every row measured is printed.
        failures.push(`${k}: ${e && e.stack ? e.stack : e}`);
        console.log(`  ${k}: FAILED (${String((e && e.message) || e).split("\n")[0]})`);
      }
    }
  } finally {
    await emu.close();
    env.cleanup();
  }
  printTable(
    `API calls per operation (N = ${n} objects per kind, emulator journal)`,
    ["kind", "operation", "calls", "by method", "minimum", "met"],
    rows.map((r) => [
      r.kind,
      r.name,
      r.total,
      JSON.stringify(r.methods),
      r.goal,
      r.met ? "yes" : "NO",
    ]),
  );
  for (const r of rows.filter((x) => x.name.startsWith("up (one field"))) {
    for (const p of r.requests.filter((q) => q.method === "PATCH"))
      console.log(
        `${r.kind}: PATCH ${p.path} body fields: ${Object.keys(p.body || {}).join(", ")} (${Buffer.byteLength(JSON.stringify(p.body || {}))} B)`,
      );
  }
  writeResult("calls", { n, kinds, operations: rows, failures });
  if (failures.length > 0)
    throw new Error(`calls: ${failures.length} kind(s) failed:\n${failures.join("\n")}`);
  if (rows.some((r) => !r.met)) throw new Error("calls: a row is not at its minimum (met: NO)");
}

runMain(main);
