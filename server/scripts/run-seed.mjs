#!/usr/bin/env node
// npm run seed -- [--reset] [--products N] [--pool-images]
// Seeds DATA_DIR (default ./data). --reset wipes the SQLite database, assets and mails first
// (with DATABASE_URL=postgres://… it drops and recreates the `public` schema).
import fs from 'node:fs';

import { baseEnv, buildIfStale, checkNode, dataDir, isPostgres, runNode, seededMarker, wipeDataDir } from './lib.mjs';

checkNode();
const args = process.argv.slice(2);
const reset = args.includes('--reset');
const passThrough = args.filter((a) => a !== '--reset');
const env = baseEnv();
const dir = dataDir(env);

async function resetPostgres() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: env.DATABASE_URL });
  await client.connect();
  await client.query('DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;');
  await client.end();
}

const started = Date.now();
if (reset) {
  if (isPostgres(env)) await resetPostgres();
  wipeDataDir(env);
  console.log(`[seed] reset ${dir}${isPostgres(env) ? ' and the PostgreSQL schema' : ''}`);
} else if (fs.existsSync(seededMarker(env)) || (!isPostgres(env) && fs.existsSync(`${dir}/vendure.sqlite`))) {
  console.error(`[seed] ${dir} already holds a database; use \`npm run seed -- --reset\` to rebuild it.`);
  process.exit(1);
}
fs.mkdirSync(dir, { recursive: true });
buildIfStale();
// A fresh PostgreSQL schema is created by TypeORM synchronize during the seed.
const seedEnv = { ...env, DATA_DIR: dir, ...(isPostgres(env) ? { DB_SYNCHRONIZE: 'true' } : {}) };
const code = await runNode('seed/cli.js', passThrough, seedEnv);
if (code === 0) console.log(`[seed] total ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(code);
