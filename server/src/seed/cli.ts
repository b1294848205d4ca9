process.env.VENDURE_DISABLE_TELEMETRY = 'true';

import { bootstrapWorker, Logger, runMigrations } from '@vendure/core';
import fs from 'fs';
import path from 'path';

import { buildConfig, isPostgres, resolveDataDir } from '../vendure-config';

import { DEFAULT_SEED_SIZE, runSeed } from './run';

/**
 * `node server/dist/seed/cli.js [--products N] [--pool-images]` — seeds an EMPTY database
 * (server/scripts/run-seed.mjs wipes DATA_DIR first for --reset). Runs in a worker context
 * (no HTTP port) with the job queue processed in-process, and exits when the search index is built.
 */
async function main() {
  const started = Date.now();
  const args = process.argv.slice(2);
  const arg = (name: string) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const products = Number(arg('--products') ?? process.env.SEED_PRODUCTS ?? DEFAULT_SEED_SIZE.products);
  if (!Number.isInteger(products) || products < 6) throw new Error('--products must be an integer >= 6');
  const images = args.includes('--pool-images') || products > 500 ? 'pool' : 'unique';

  const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'Warn' };
  const config = buildConfig(env);
  if (isPostgres(env) && env.DB_SYNCHRONIZE !== 'true') await runMigrations(config);
  const worker = await bootstrapWorker(config);
  await worker.startJobQueue();
  const seed = await runSeed(worker.app, { dataDir: resolveDataDir(env), size: { products, images } });
  // eslint-disable-next-line no-console
  console.log(
    `[seed] done: ${seed.generated.productIds.length} products, ${seed.generated.variantIds.length} variants in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  // run-server.mjs seeds DATA_DIR again when this marker is missing (e.g. an interrupted seed)
  fs.writeFileSync(
    path.join(resolveDataDir(env), '.seeded'),
    JSON.stringify({ at: new Date().toISOString(), products: seed.generated.productIds.length }),
  );
  await worker.app.close();
}

main()
  .then(() => process.exit(0))
  .catch((err) => {
    Logger.error(String(err?.stack ?? err), 'Seed');
    // eslint-disable-next-line no-console
    console.error(err);
    process.exit(1);
  });
