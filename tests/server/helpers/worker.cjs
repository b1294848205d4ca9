/**
 * The separate job-queue worker of a PostgreSQL test run (test-env.ts, `npm run test:pg`): a plain
 * Node process, not vitest. It compiles our TypeScript on require with SWC (decorator metadata, as
 * server/vitest.config.mts does), then boots a Vendure worker from buildConfig(process.env):
 * DATABASE_URL (the run's database), REDIS_URL (BullMQ), DATA_DIR (mails, assets).
 * Prints "[worker] ready" once it processes jobs; SIGTERM closes it.
 */
const fs = require('fs');
const swc = require('@swc/core');

require.extensions['.ts'] = function compileTs(module, filename) {
  const { code } = swc.transformSync(fs.readFileSync(filename, 'utf8'), {
    filename,
    sourceMaps: 'inline',
    module: { type: 'commonjs' },
    jsc: {
      target: 'es2021',
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      keepClassNames: true,
    },
  });
  module._compile(code, filename);
};

process.env.VENDURE_DISABLE_TELEMETRY = 'true';
const { bootstrapWorker, mergeConfig } = require('@vendure/core');
const { buildConfig } = require('../../../server/src/vendure-config.ts');

async function main() {
  const config = mergeConfig(buildConfig(process.env), { dbConnectionOptions: { synchronize: false } });
  const worker = await bootstrapWorker(config);
  await worker.startJobQueue();
  process.stdout.write(`[worker] ready (pid ${process.pid})\n`);
  const close = () => {
    worker.app
      .close()
      .catch(() => undefined)
      .finally(() => process.exit(0));
  };
  process.once('SIGTERM', close);
  process.once('SIGINT', close);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
