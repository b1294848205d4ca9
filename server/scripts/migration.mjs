#!/usr/bin/env node
// PostgreSQL schema migrations (the embedded SQLite default synchronizes instead).
//   DATABASE_URL=postgres://… node server/scripts/migration.mjs generate <name>
//     → compares the entities with the database and writes server/src/migrations/<ts>-<name>.ts
//   DATABASE_URL=postgres://… node server/scripts/migration.mjs run
//     → applies pending migrations (the server also does this on boot unless DB_SYNCHRONIZE=true)
import { createRequire } from 'node:module';
import path from 'node:path';

import { baseEnv, buildIfStale, checkNode, isPostgres, SERVER_DIR } from './lib.mjs';

checkNode();
const [command, name] = process.argv.slice(2);
if (!isPostgres()) {
  console.error('Set DATABASE_URL=postgres://… (migrations are for PostgreSQL; SQLite synchronizes its schema).');
  process.exit(1);
}
Object.assign(process.env, baseEnv(), { DB_SYNCHRONIZE: 'false' });
buildIfStale();
const require = createRequire(import.meta.url);
const { generateMigration, runMigrations } = require('@vendure/core');
const { buildConfig } = require(path.join(SERVER_DIR, 'dist', 'vendure-config.js'));
const config = buildConfig(process.env);

if (command === 'generate' && name) {
  const file = await generateMigration(config, { name, outputDir: path.join(SERVER_DIR, 'src', 'migrations') });
  console.log(file ? `[migration] wrote ${file} (rebuild: npm run build:server)` : '[migration] schema is up to date');
} else if (command === 'run') {
  const done = await runMigrations(config);
  console.log(`[migration] applied: ${done.length ? done.join(', ') : 'none'}`);
} else {
  console.error('usage: node server/scripts/migration.mjs generate <name> | run');
  process.exit(1);
}
process.exit(0);
