import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The CommonJS build of graphql, the one Vendure and Apollo load: Vite would resolve our server
// code's `import ... from 'graphql'` to the ESM build, a second copy whose schema classes fail
// graphql's instanceof checks ("Cannot use GraphQLObjectType from another module or realm").
const graphqlCjs = createRequire(path.join(root, 'package.json')).resolve('graphql');

/**
 * Server e2e tests (@vendure/testing): `npm run test:server`.
 * SWC transpiles the TypeScript with decorator metadata (esbuild does not emit it, NestJS DI needs it).
 * One Vendure server per test file, each on its own port: files run one at a time by default
 * (2-core machines); set VITEST_MAX_WORKERS=2 to run two at once.
 */
export default defineConfig({
  root,
  plugins: [
    swc.vite({
      tsconfigFile: false,
      jsc: {
        target: 'es2021',
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
        keepClassNames: true,
      },
    }),
  ],
  resolve: { alias: [{ find: /^graphql$/, replacement: graphqlCjs }] },
  test: {
    include: [
      'tests/server/**/*.e2e-spec.ts',
      // npm run test:pg (tests/tools/run-pg.mjs): the database rate-limit store's tests on PostgreSQL too
      ...(process.env.TEST_PG_URL ? ['tests/unit/server/src/plugins/common/services/rate-limit-store.test.ts'] : []),
    ],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 240_000,
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 1),
    fileParallelism: Number(process.env.VITEST_MAX_WORKERS ?? 1) > 1,
    reporters: ['default'],
  },
});
