#!/usr/bin/env node
/**
 * `npm run test:pg` (issue 18): the backend e2e suite (tests/server) on PostgreSQL with the BullMQ
 * job queue on Redis and a separate worker process per test server (tests/server/helpers/test-env.ts),
 * plus the rate-limit store's unit tests on PostgreSQL (server/vitest.config.mts includes them then).
 *
 * Installs PostgreSQL and Redis from Debian's packages when missing (root or `sudo -n`; without
 * either it fails), starts throwaway instances in temporary directories (PG_PORT, default 5440;
 * REDIS_PORT, default 6390), runs the specs, prints the counts and stops what it started, also on
 * failure and Ctrl-C.
 *
 *   npm run test:pg                               # the suite
 *   npm run test:pg -- tests/server/mails.e2e-spec.ts   # some spec files
 *   npm run test:pg -- --json out.json            # vitest's JSON report (npm test's stage)
 *
 * Lighter: tests/server/bad-input.e2e-spec.ts fuzzes 100 inputs per operation (BAD_INPUT_RUNS; the
 * `server` stage runs 1,000 on SQLite): on PostgreSQL what matters is that its errors do not leak
 * either, and 1,000 took 10 minutes here.
 *
 * Left out (EXCLUDED): tests/server/rate-limits.e2e-spec.ts runs its server on an SQLite file by
 * design (it reads the database store's table); on PostgreSQL + Redis the limits live in Redis, and
 * the database store on PostgreSQL is covered by its unit tests run here.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import pg from 'pg';

import { ensureDebianPackages, startPostgres, startRedis, stopOnExit } from './services.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const EXCLUDED = { 'tests/server/rate-limits.e2e-spec.ts': 'SQLite store by design' };

const args = process.argv.slice(2);
let jsonOut = join(root, 'test-results/pg/server.json');
const files = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--json') jsonOut = resolve(args[++i]);
  else files.push(args[i]);
}

const log = (m) => console.log(`[test:pg] ${m}`);
const fmt = (ms) => `${(ms / 1000).toFixed(1)} s`;

function run(cmd, env) {
  return new Promise((res) => {
    const child = spawn(cmd[0], cmd.slice(1), { cwd: root, env, stdio: 'inherit' });
    child.on('error', () => res(127));
    child.on('close', (code, signal) => res(code ?? (signal ? 128 : 1)));
  });
}

function counts(file) {
  if (!existsSync(file)) return null;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: j.numPassedTests,
    failed: j.numFailedTests,
    skipped: (j.numPendingTests || 0) + (j.numTodoTests || 0),
    files: j.testResults?.length ?? 0,
  };
}

async function main() {
  const t0 = Date.now();
  const installed = ensureDebianPackages(['postgres', 'redis'], log);
  if (installed.length) log(`installed ${installed.join(', ')} in ${fmt(Date.now() - t0)}`);
  const services = [];
  const stopAll = stopOnExit(services, log);
  let code = 1;
  try {
    services.push(await startPostgres({ port: Number(process.env.PG_PORT || 5440), log }));
    services.push(await startRedis({ port: Number(process.env.REDIS_PORT || 6390), log }));
    const [pgService, redisService] = services;
    const dataRoot = mkdtempSync(join(os.tmpdir(), 'vendure-e2e-pg-'));
    services.push({ name: 'test data', stop: async () => rmSync(dataRoot, { recursive: true, force: true }) });

    const admin = new pg.Client({ connectionString: pgService.url });
    await admin.connect();
    await admin.query('CREATE DATABASE rate_limit_store_test');
    await admin.end();
    const storeUrl = pgService.url.replace(/\/postgres$/, '/rate_limit_store_test');

    const env = {
      ...process.env,
      TEST_PG_URL: pgService.url,
      TEST_REDIS_URL: redisService.url,
      TEST_POSTGRES_URL: storeUrl,
      E2E_DATA_ROOT: dataRoot,
      // the input fuzzer: 100 inputs per operation here (1,000 in the SQLite stage), to keep the CI stage lean
      BAD_INPUT_RUNS: process.env.BAD_INPUT_RUNS ?? '100',
      VENDURE_DISABLE_TELEMETRY: 'true',
    };
    mkdirSync(dirname(jsonOut), { recursive: true });
    rmSync(jsonOut, { force: true });
    // server/vitest.config.mts adds the store's unit test (UNIT_ON_PG) when TEST_PG_URL is set
    const cmd = [
      'npx',
      'vitest',
      'run',
      '--config',
      'server/vitest.config.mts',
      ...(files.length ? files : Object.keys(EXCLUDED).flatMap((f) => ['--exclude', f])),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${jsonOut}`,
    ];
    log(`PostgreSQL ${pgService.url}, Redis ${redisService.url}; ${cmd.join(' ')}`);
    const started = Date.now();
    code = await run(cmd, env);
    const c = counts(jsonOut);
    const excluded = files.length
      ? ''
      : ` (left out: ${Object.entries(EXCLUDED)
          .map(([f, why]) => `${f} (${why})`)
          .join(', ')}; bad-input with BAD_INPUT_RUNS=${env.BAD_INPUT_RUNS})`;
    if (c) {
      log(
        `${c.files} files: ${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''} in ${fmt(Date.now() - started)}${excluded}`,
      );
      if (c.passed === 0 && code === 0) code = 1;
    } else {
      log(`no test report (${jsonOut}); vitest exited with ${code}`);
      if (code === 0) code = 1;
    }
  } catch (err) {
    console.error(`[test:pg] ${err.stack ?? err}`);
    code = 1;
  } finally {
    await stopAll();
  }
  log(`${code === 0 ? 'passed' : 'FAILED'} in ${fmt(Date.now() - t0)}`);
  process.exit(code);
}

main();
