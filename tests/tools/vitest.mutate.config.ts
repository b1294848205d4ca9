import { defineConfig, mergeConfig } from 'vitest/config';
import base from '../../vitest.config';

// `npm run mutate` (stryker.config.mjs): the machines' own tests only (tests/unit/machines, the
// checkout's model test among them); the views' tests would triple every mutant's run.
export default mergeConfig(base, defineConfig({ test: { include: ['tests/unit/machines/**/*.test.ts?(x)', 'machines/**/*.test.ts'] } }));
