import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig, type Plugin } from 'vite';

const BREAKPOINTS = fileURLToPath(new URL('./src/styles/breakpoints.css', import.meta.url));

/**
 * The spec's breakpoints are written as `@custom-media --md (min-width: 768px)` in
 * src/styles/breakpoints.css. Lightning CSS resolves custom media per file, so any stylesheet that
 * uses `(--sm)`…`(--xxl)` gets those definitions prepended: every CSS file can use them without
 * importing anything.
 */
function sharedCustomMedia(): Plugin {
  const definitions = () =>
    readFileSync(BREAKPOINTS, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('@custom-media '))
      .join('\n');
  return {
    name: 'storefront:shared-custom-media',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!file.endsWith('.css') || file === BREAKPOINTS) return null;
      if (!/\(\s*--[\w-]+\s*\)/.test(code)) return null;
      this.addWatchFile(BREAKPOINTS);
      return { code: `${definitions()}\n${code}`, map: null };
    },
  };
}

// Plugin order matters (docs/toolchain-facts): lingui() compiles .po imports, babel runs the
// Lingui macro transform, and only then React Router sees plain JSX. @vitejs/plugin-react 6 has
// no babel option, so the macros go through @rolldown/plugin-babel.
export default defineConfig(({ mode }) => ({
  plugins: [
    sharedCustomMedia(),
    lingui({ failOnMissing: mode === 'production', failOnCompileError: true }),
    babel({ presets: [linguiTransformerBabelPreset()] }),
    reactRouter(),
  ],
  // Lightning CSS resolves the custom media queries above and minifies.
  css: { transformer: 'lightningcss', lightningcss: { drafts: { customMedia: true } } },
  server: { host: '127.0.0.1' },
  // Build files under /_app so they never collide with Vendure's /assets (proxied by the storefront server).
  build: { target: 'es2022', assetsDir: '_app' },
}));
