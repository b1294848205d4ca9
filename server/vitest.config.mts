import path from 'node:path';
import { fileURLToPath } from 'node:url';

import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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
    test: {
        include: ['tests/server/**/*.e2e-spec.ts'],
        environment: 'node',
        testTimeout: 60_000,
        hookTimeout: 240_000,
        maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 1),
        fileParallelism: Number(process.env.VITEST_MAX_WORKERS ?? 1) > 1,
        reporters: ['default'],
    },
});
