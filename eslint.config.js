// Lint for the whole repo. The part that matters most is the architecture's dependency rule
// (docs/architecture.md), enforced per directory:
//   machines/   xstate, valibot, other machines, and `import type` from services/; no browser globals
//   services/   graphql libraries, its client, generated types and other services
//   src/        lib < components < containers < routes < app, one way (the table below); only
//               routes (loaders, *.server.ts), app and lib's *.server.ts call services/ at runtime
//   server/     nothing from src/, machines/ or services/ (and they nothing from server/)
//   tests/      imported by test files only, never by the code of a layer above
// Dynamic `import()` and `require()` are checked like static imports, also when their path is
// completed at run time (the folder its fixed start names).
// Relative paths are resolved by the local rule `architecture/layer-imports`
// (tests/tools/eslint-rules/layer-imports.mjs); package bans use `no-restricted-imports`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layerImports from './tests/tools/eslint-rules/layer-imports.mjs';

const root = import.meta.dirname;
const testFile = String.raw`(\.test|\.spec)\.[cm]?[jt]sx?$`;

/**
 * The layer table of the dependency rule; first match wins, same name = same layer.
 * Inside src/ imports point down only (docs/decisions/010-storefront-layers.md):
 *   app (composition root) > routes (routes, layouts, root) > containers > components > lib.
 * Every linted file under src/ must match a row (`mustBelong`), so a new folder needs a name here.
 */
const view = { anyPackage: true };
export const layers = [
  { name: 'server', files: '^server/', anyPackage: true },
  { name: 'machines', files: `^machines/.*${testFile}`, packages: ['xstate', 'valibot', 'vitest'], typeOnlyLayers: ['services'] },
  { name: 'machines', files: '^machines/', packages: ['xstate', 'valibot'], typeOnlyLayers: ['services'] },
  {
    name: 'services',
    files: `^services/.*${testFile}`,
    packages: ['graphql', 'graphql-request', 'graphql-ws', 'gql.tada', 'vitest'],
  },
  { name: 'services', files: '^services/', packages: ['graphql', 'graphql-request', 'graphql-ws', 'gql.tada'] },
  // The storefront's Express server (plain .mjs): runs the build, imports nothing of the app's source.
  { name: 'web-server', files: '^src/server/', anyPackage: true },
  // Pure helpers, view models, link builders, locale and SEO helpers. Server-only helpers
  // (*.server.ts: the SSR Shop API client, config) may call services at runtime.
  { name: 'lib', files: String.raw`^src/(lib|i18n|seo)/.*\.server\.ts$`, ...view, layers: ['machines', 'services'] },
  { name: 'lib', files: '^src/(lib|i18n|seo)/', ...view, layers: ['machines'], typeOnlyLayers: ['services'] },
  { name: 'components', files: '^src/components/', ...view, layers: ['lib', 'machines'], typeOnlyLayers: ['services'] },
  // AppActors is declared in containers (app-actors.types.ts): the composition root implements it.
  { name: 'containers', files: '^src/containers/', ...view, layers: ['components', 'lib', 'machines'], typeOnlyLayers: ['services'] },
  {
    name: 'routes',
    files: String.raw`^src/(routes/|layouts/|root\.tsx$|routes\.ts$)`,
    ...view,
    layers: ['containers', 'components', 'lib', 'machines', 'services'],
  },
  {
    name: 'app',
    files: String.raw`^src/(app/|entry\.client\.tsx$|entry\.server\.tsx$)`,
    ...view,
    layers: ['routes', 'containers', 'components', 'lib', 'machines', 'services'],
  },
];
/** Files under these paths must match a layer above (the rule reports one that matches none). */
export const mustBelong = ['^src/'];
/** Test code: the layers' files import from here only in their own test files (`testFile`). */
export const testOnly = ['^tests/'];
export const testFiles = testFile;

const browserGlobalsInMachines = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'fetch',
  'navigator',
  'location',
  'XMLHttpRequest',
  'WebSocket',
  'indexedDB',
].map((name) => ({
  name,
  message: 'machines/ are pure: reach the outside world through an actor or action provided by the composition root.',
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'build/**',
      'build-previous/**',
      'server/dist/**',
      '.react-router/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '.stryker-tmp/**',
      'data/**',
      'services/generated/**',
      'locales/*/messages.ts',
      'locales/*/messages.js',
      'tests/tools/fixtures/**',
      'server/admin-ui/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2024, sourceType: 'module', globals: { ...globals.node } },
    plugins: { architecture: { rules: { 'layer-imports': layerImports } } },
    rules: {
      'architecture/layer-imports': ['error', { root, layers, mustBelong, testOnly, testFiles }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'services/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: ['graphql-request', 'graphql-ws', 'gql.tada'].map((name) => ({
            name,
            message: 'Views talk to the Shop API only through services/ (route loaders) and machines.',
          })),
        },
      ],
    },
  },
  {
    // Presentational components: props in, callbacks out; actors are reached in src/containers/.
    files: ['src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['graphql-request', 'graphql-ws', 'gql.tada'].map((name) => ({
              name,
              message: 'Views talk to the Shop API only through services/ (route loaders) and machines.',
            })),
            ...['xstate', '@xstate/react'].map((name) => ({
              name,
              allowTypeImports: true,
              message: 'Components are presentational: a container (src/containers/) reads and drives the actor.',
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['machines/**/*.ts'],
    languageOptions: { globals: { ...globals.builtin } },
    rules: {
      'no-restricted-globals': ['error', ...browserGlobalsInMachines],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'react/*', 'react-dom/*', '@xstate/react', 'react-router', '@react-router/*'],
              message: 'machines/ know nothing about React.',
            },
            {
              group: ['graphql-request', 'graphql-ws', 'graphql'],
              message: 'machines/ invoke actors; the Shop API calls live in services/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['public/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // the backend and its e2e specs (tests/server) share the server's conventions
    files: ['server/**/*.ts', 'tests/server/**/*.ts'],
    rules: {
      // NestJS/Vendure DI reads constructor parameter types at runtime (emitDecoratorMetadata):
      // turning those imports into `import type` would inject undefined.
      '@typescript-eslint/consistent-type-imports': 'off',
      // Vendure's custom-field, Injector and TypeORM query APIs are loosely typed; the server's `any`s
      // are at those seams (80 of them when this was written), so this rule would only be noise there.
      '@typescript-eslint/no-explicit-any': 'off',
      // the server logs through Vendure's Logger; deliberate console output carries a disable comment
      'no-console': 'error',
      // TypeORM's `@ManyToOne(type => Product)` and interface implementations keep unused parameters
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'none', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
);
