// ESLint flat config: recommended JS + TypeScript rules for all project sources.
const js = require("@eslint/js");
const tseslint = require("typescript-eslint");

module.exports = tseslint.config(
  {
    ignores: [
      "dist/**",
      "packages/*/dist/**",
      "node_modules/**",
      "coverage/**",
      "bench/results/**",
      ".demo/**",
      // The generated SDKs (scripts/sdk.js).
      "sdk/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        require: "readonly",
        module: "writable",
        process: "readonly",
        console: "readonly",
        __dirname: "readonly",
        Buffer: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
      },
    },
    rules: {
      "@typescript-eslint/no-require-imports": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // The core (engines, gating, serialization) never imports a kind: the kinds import the
    // core, and the tables that name every kind are generated outside it (scripts/gen-kinds.js).
    files: ["packages/pulumi/src/resources/core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/kinds", "**/kinds/**"],
              message:
                "resources/core/ never imports a kind: move the code to the kind, or to a neutral core module the kind imports",
            },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='require'] > Literal[value=/(^|\\/)kinds(\\/|$)/]",
          message:
            "resources/core/ never requires a kind: the generated table (resources/kinds/providers.generated.ts) does",
        },
      ],
    },
  },
  {
    // The emulator checks DNS requests with rules of its own (written from the published
    // document), never with the client's: a rule the client gets wrong must not be wrong in
    // the emulator the same way (the tests would pass against both).
    files: ["packages/emulator/src/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            "edgeplatform-client/spec",
            "edgeplatform-client/spec/runtime",
            "edgeplatform-client",
          ].map((name) => ({
            name,
            importNames: [
              "checkDnsRecord",
              "isDnsHostname",
              "DnsRecordTypeFields",
              "CaaTags",
              "dnsRecordTypeName",
              "addDnsRecordSchema",
              "updateDnsRecordSchema",
              "addDnsZoneSchema",
              "updateDnsZoneSchema",
            ],
            allowTypeImports: true,
            message:
              "the emulator validates DNS requests with its own rules (packages/emulator/src/dns-validation.ts)",
          })),
          patterns: [
            {
              group: ["edgeplatform-client/spec/dns-*", "**/client/src/spec/dns-*"],
              allowTypeImports: true,
              message:
                "the emulator validates DNS requests with its own rules (packages/emulator/src/dns-validation.ts)",
            },
          ],
        },
      ],
    },
  },
);
