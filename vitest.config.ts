import { existsSync } from 'node:fs';
import babel from '@rolldown/plugin-babel';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import { defineConfig } from 'vitest/config';
import { catalogParts } from './src/i18n/catalog-parts.plugin.ts';

// Unit tests only (machines, services, components); a unit test lives in tests/unit/ at its
// source file's path (tests/unit/src/lib/x.test.ts tests src/lib/x.ts). Server e2e has server/vitest.config.mts,
// browser tests are Playwright. Kept separate from vite.config.ts because the React Router
// plugin does not run under vitest.
// Components use Lingui macros, which need the Babel transform; it needs lingui.config.ts.
const hasLinguiConfig = existsSync(new URL('./lingui.config.ts', import.meta.url));

export default defineConfig({
  plugins: hasLinguiConfig ? [catalogParts(), lingui(), babel({ presets: [linguiTransformerBabelPreset()] })] : [],
  test: {
    // happy-dom for everything: cheap enough, and component tests need a DOM.
    environment: 'happy-dom',
    include: ['tests/unit/**/*.test.ts?(x)', 'machines/**/*.test.ts', 'services/**/*.test.ts'],
    restoreMocks: true,
  },
});
