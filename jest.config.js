/** Jest projects: fast unit/contract/provider tests and the real-engine e2e tests. */
const tsJest = ["ts-jest", { diagnostics: false }];
const common = {
  testEnvironment: "node",
  transform: { "^.+\\.ts$": tsJest },
  moduleFileExtensions: ["ts", "js", "json"],
  setupFilesAfterEnv: ["<rootDir>/test/support/secret-guard.ts"],
  // The generated SDKs (scripts/sdk.js) are no modules of the tests.
  modulePathIgnorePatterns: ["<rootDir>/sdk/"],
  // The workspace packages by name resolve to their sources (as in tsconfig.json "paths"), so
  // that a test and the package code it drives share one module instance.
  moduleNameMapper: {
    "^pulumi-edgeplatform$": "<rootDir>/packages/pulumi/src/index.ts",
    "^edgeplatform-client$": "<rootDir>/packages/client/src/index.ts",
    "^edgeplatform-client/spec$": "<rootDir>/packages/client/src/spec/index.ts",
    "^edgeplatform-client/spec/runtime$": "<rootDir>/packages/client/src/spec/runtime.ts",
    "^edgeplatform-emulator$": "<rootDir>/packages/emulator/src/index.ts",
  },
};
module.exports = {
  // A test's own time limit, where it sets none (a global option: jest ignores it inside a
  // project). Jest's 5 s default failed tests that take 1-2 s alone (a fast-check property
  // against the emulator, child processes of a CLI) while an e2e suite shared the two cores; a
  // hang still fails, after 30 s.
  testTimeout: 30_000,
  // One worker per core (jest's default leaves one core idle). The e2e suites spend most of
  // their time in child processes (the Pulumi CLI, the language and provider hosts), so on a
  // 2-core machine two suites at once finish in about 0.65 of the time of one after another.
  maxWorkers: "100%",
  // A worker is replaced once a test file leaves its heap above this (jest-worker measures
  // heapUsed after each file). Each suite loads the package anew into its own module registry,
  // and a worker's resident memory grows by 60-100 MB a suite that the heap does not show
  // (measured: 1.9 GB resident after 18 provider suites; 13 GB after 60). Without a limit the
  // two workers of a full run reached 14 and 10 GB and the kernel killed one (24 GB, no swap).
  workerIdleMemoryLimit: "512MB",
  // The e2e suites before the unit suites (a short file can hold a long e2e suite).
  testSequencer: "<rootDir>/test/support/sequencer.js",
  projects: [
    {
      ...common,
      displayName: "unit",
      testMatch: [
        "<rootDir>/test/unit/**/*.test.ts",
        "<rootDir>/test/contract/**/*.test.ts",
        "<rootDir>/test/client/**/*.test.ts",
        "<rootDir>/test/emulator/**/*.test.ts",
        "<rootDir>/test/provider/**/*.test.ts",
        "<rootDir>/test/functions/**/*.test.ts",
        "<rootDir>/test/faults/**/*.test.ts",
        "<rootDir>/test/node/**/*.test.ts",
        "<rootDir>/test/import/**/*.test.ts",
        "<rootDir>/test/docs/**/*.test.ts",
        "<rootDir>/test/sdk/**/*.test.ts",
      ],
    },
    {
      ...common,
      displayName: "e2e",
      testMatch: ["<rootDir>/test/e2e/**/*.test.ts"],
    },
  ],
};
