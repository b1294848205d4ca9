// Tests of the harness's own checkers (check-logical-css, check-translations, run-all counting,
// the benchmarks' budget checks).
// Separate from the storefront's unit config so neither suite depends on the other's setup.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: new URL('../..', import.meta.url).pathname,
    include: ['tests/tools/**/*.test.mjs', 'tests/perf/**/*.test.mjs'],
    environment: 'node',
  },
});
