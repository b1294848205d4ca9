import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import { defineConfig, type Plugin } from 'vite';
import { catalogParts } from './src/i18n/catalog-parts.plugin.ts';

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

/**
 * Client chunks (decision 009). Every page needs React, React DOM and React Router, and the root
 * and default layout with everything they import statically (header, footer, search box, i18n,
 * the actors handle). Left to the bundler's default, that is ~20 small chunks; gzip compresses
 * each on its own, so a page cost ~6 KiB more than the same code in a few files. So:
 * - `framework`: React, React DOM, scheduler, React Router (changes only with an upgrade);
 * - `shell`: every other module statically reachable from the root and the default layout.
 * Route modules and what only they import keep the bundler's default chunks.
 */
function clientChunks(): { plugin: Plugin; codeSplitting: object } {
  const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
  const SHELL_ROOTS = /[\\/]src[\\/](root|layouts[\\/]default-layout)\.tsx$/;
  let moduleIds: string[] = [];
  let shell: Set<string> | null = null;
  type Ctx = { getModuleInfo(id: string): { importedIds: readonly string[] } | null };
  const shellModules = (ctx: Ctx) => {
    if (shell) return shell;
    const stack = moduleIds.filter((id) => SHELL_ROOTS.test(id.split('?')[0] ?? ''));
    if (stack.length === 0) throw new Error('clientChunks: the root and default layout modules were not found');
    shell = new Set<string>();
    while (stack.length) {
      const id = stack.pop()!;
      if (shell.has(id)) continue;
      shell.add(id);
      stack.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
    }
    return shell;
  };
  return {
    plugin: {
      name: 'storefront:client-chunks',
      apply: 'build',
      buildStart() {
        moduleIds = [];
        shell = null;
      },
      buildEnd() {
        moduleIds = [...this.getModuleIds()];
      },
    },
    codeSplitting: {
      groups: [
        { name: 'framework', test: FRAMEWORK, priority: 2 },
        {
          name: (id: string, ctx: Ctx) => (!FRAMEWORK.test(id) && shellModules(ctx).has(id) ? 'shell' : null),
          priority: 1,
        },
      ],
    },
  };
}

// Plugin order matters (docs/toolchain-facts): lingui() compiles .po imports, babel runs the
// Lingui macro transform, and only then React Router sees plain JSX. @vitejs/plugin-react 6 has
// no babel option, so the macros go through @rolldown/plugin-babel.
/** Vendure's origin, as src/lib/config.server.ts finds the Shop API (SHOP_API_URL, else SERVER_PORT). */
function shopApiOrigin(): string {
  return new URL(process.env.SHOP_API_URL || `http://127.0.0.1:${process.env.SERVER_PORT || '3000'}/shop-api`).origin;
}

export default defineConfig(({ mode }) => {
  const chunks = clientChunks();
  return {
    plugins: [
      chunks.plugin,
      catalogParts(),
      sharedCustomMedia(),
      lingui({ failOnMissing: mode === 'production', failOnCompileError: true }),
      babel({ presets: [linguiTransformerBabelPreset()] }),
      reactRouter(),
    ],
    resolve: {
      alias: [
        {
          find: /^use-sync-external-store\/shim$/,
          replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
        },
      ],
    },
    // The inspector (development only, docs/inspector.md) is imported lazily, so the dependency
    // scan at start-up does not see its packages: found on the first `?inspect`, they were
    // optimised then and the page reloaded under the developer (and the browser test).
    optimizeDeps: { include: ['@statelyai/inspect', 'elkjs/lib/elk.bundled.js'] },
    // Lightning CSS resolves the custom media queries above and minifies.
    css: { transformer: 'lightningcss', lightningcss: { drafts: { customMedia: true } } },
    server: {
      host: '127.0.0.1',
      // The dev server stands in for src/server/storefront.mjs, so the browser's same-origin calls
      // (/shop-api with its graphql-ws upgrade, /assets, …: that file's PROXIED_PREFIXES) go to
      // Vendure as they do in production; without this `npm run dev` had no working cart.
      proxy: Object.fromEntries(
        ['/shop-api', '/assets', '/sandbox', '/payments/callback'].map((prefix) => [
          prefix,
          { target: shopApiOrigin(), ws: prefix === '/shop-api', xfwd: true },
        ]),
      ),
    },
    // Build files under /_app so they never collide with Vendure's /assets (proxied by the storefront server).
    build: {
      target: 'es2022',
      assetsDir: '_app',
    },
    environments: { client: { build: { rollupOptions: { output: { codeSplitting: chunks.codeSplitting } } } } },
  };
});
