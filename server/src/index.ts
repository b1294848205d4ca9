process.env.VENDURE_DISABLE_TELEMETRY = 'true';
// V8 code cache for the ~2k modules Vendure loads (Node >= 22.1): cuts cold start noticeably.
// eslint-disable-next-line @typescript-eslint/no-require-imports
(require('module') as { enableCompileCache?: () => unknown }).enableCompileCache?.();

import { bootstrap, bootstrapWorker, JobQueueService, Logger, runMigrations } from '@vendure/core';

import { buildConfig, isPostgres } from './vendure-config';

/**
 * Server entry (`node server/dist/index.js`, normally via `npm run server`).
 * Embedded default: the job queue runs in the same process (one command runs everything).
 * Scale-out: RUN_WORKER=false here, plus separate `node server/dist/index.js --worker`
 * processes (e.g. with REDIS_URL + BullMQ, or the database job queue).
 */
async function main() {
  // process start (incl. module loading), or the start of run-server.mjs when launched by it
  const started = Number(process.env.BOOT_STARTED_AT) || Math.round(performance.timeOrigin);
  const config = buildConfig(process.env);
  const workerOnly = process.argv.includes('--worker');

  if (isPostgres(process.env) && process.env.DB_SYNCHRONIZE !== 'true') {
    await runMigrations(config);
  }

  if (workerOnly) {
    const worker = await bootstrapWorker(config);
    await worker.startJobQueue();
    Logger.info(`Worker ready in ${Date.now() - started} ms`, 'Server');
    return;
  }

  const app = await bootstrap(config);
  if (process.env.RUN_WORKER !== 'false') {
    await app.get(JobQueueService).start();
  }
  const { hostname, port } = config.apiOptions;
  const ms = Date.now() - started;
  // Machine-readable line for scripts: run-server.mjs and tests wait for it.
  // eslint-disable-next-line no-console
  console.log(`[server] ready in ${ms} ms at http://${hostname}:${port} (shop-api /shop-api, admin /admin, mailbox /mailbox)`);
}

main().catch((err) => {
  // eslint-disable-next-line no-console
  console.error(err);
  process.exit(1);
});
