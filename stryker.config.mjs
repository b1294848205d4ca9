// Mutation testing of the machines (issue 34): `npm run mutate [-- <scope>]` (tests/tools/mutate.mjs)
// picks the files to mutate and prints the score per file. A benchmark, not a CI gate: it is slow.
// Only the machines' unit tests run (tests/tools/vitest.mutate.config.ts), and only those that
// import a mutated file (`related`).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'tests/tools/vitest.mutate.config.ts', related: true },
  // The TypeScript checker (`npm run mutate -- --typecheck`) drops mutants that do not compile; it
  // type-checks the whole project first (minutes and 1.5 GB on a shared 2-core machine), so it is opt-in.
  tsconfigFile: 'tsconfig.json',
  coverageAnalysis: 'perTest',
  mutate: ['machines/**/*.ts', '!machines/**/*.test.ts', '!machines/**/*.d.ts'],
  ignorePatterns: [
    'server/dist',
    'server/admin-ui',
    'build',
    'build-previous',
    'test-results',
    'playwright-report',
    'coverage',
    'data',
    'public',
    'docs',
  ],
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'test-results/mutation/mutation.json' },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  concurrency: 2,
  timeoutMS: 10_000,
  // The first run of every related test, on a loaded shared machine, took over Stryker's 5 minutes.
  dryRunTimeoutMinutes: 30,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
