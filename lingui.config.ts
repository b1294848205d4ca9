import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

export default defineConfig({
  locales: ['ar', 'en'],
  sourceLocale: 'en',
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['<rootDir>/src', '<rootDir>/machines', '<rootDir>/services'],
      exclude: ['**/node_modules/**', '**/*.test.ts', '**/*.test.tsx', '**/*.d.ts', '**/*.d.mts'],
    },
  ],
  compileNamespace: 'es',
  // No line numbers: several developers extract into the same catalogs, so origins without
  // line numbers keep the diffs small.
  format: formatter({ lineNumbers: false }),
});
