/**
 * createStoreTestEnv(): a real Vendure server for e2e tests, built from OUR buildConfig()
 * (all our plugins, custom fields, Arabic messages, email templates) on better-sqlite3 with the
 * same connection hooks as the shop (WAL, pragmas, the shared-statement patch of
 * server/src/config/sqlite-statements.ts), seeded through the same seed steps as `npm run seed`
 * (small catalogue). See server/README.md ("E2E tests").
 *
 * Seeding runs once per (test file name, server/src content, options): the seeded database
 * (seed.sqlite, its WAL checkpointed into the file), its assets and a seed.json summary are cached
 * under $E2E_DATA_ROOT (default <os tmp>/vendure-e2e/<name>-<fingerprint>). Each test server runs
 * on its own copy of seed.sqlite (run-<pid>-<n>.sqlite beside it, removed when the env is
 * destroyed), so tests never see each other's writes.
 */
import { DefaultLogger, ID, LogLevel, mergeConfig, NoopLogger, TransactionalConnection, VendureConfig } from '@vendure/core';
import { SimpleGraphQLClient, TestServer } from '@vendure/testing';
import { ChildProcess, spawn } from 'child_process';
import crypto from 'crypto';
import fs from 'fs';
import { Redis } from 'ioredis';
import pg from 'pg';
import os from 'os';
import path from 'path';

import type { ProductSpec } from '../../../server/src/seed/catalogue/generate';
import { runSeed, TEST_SEED_SIZE, waitForJobQueue } from '../../../server/src/seed/run';
import { seedSteps } from '../../../server/src/seed/steps';
import type { SeedGenerated, SeedStep } from '../../../server/src/seed/types';
import { buildConfig } from '../../../server/src/vendure-config';

process.env.VENDURE_DISABLE_TELEMETRY = 'true';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** PostgreSQL + Redis mode (npm run test:pg): the admin URL of the cluster and Redis' URL. */
const PG_URL = process.env.TEST_PG_URL || '';
const REDIS_URL = process.env.TEST_REDIS_URL || '';
if (PG_URL && !REDIS_URL) throw new Error('TEST_PG_URL needs TEST_REDIS_URL (the BullMQ job queue); run `npm run test:pg`');
/** Job queue name no queue has: the test server processes no job, the worker does. */
const NO_QUEUE = 'jobs-run-on-the-worker';

/** Whether this run is on PostgreSQL (tests that check SQLite specifics skip themselves). */
export const onPostgres = Boolean(PG_URL);

const dbUrl = (database: string) => {
  const u = new URL(PG_URL);
  u.pathname = `/${database}`;
  return u.toString();
};

async function pgAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

let runCounter = 0;

/** Empties the Redis database: no job or rate-limit window of an earlier run is left. */
async function flushRedis() {
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

export interface StoreTestEnvOptions {
  /** HTTP port — unique per test file (ask for your range; never reuse another file's port). */
  port: number;
  /** cache key of the seeded DB; default: the calling test file's base name */
  name?: string;
  /** number of generated products (default 12) */
  products?: number;
  /** extra environment for buildConfig() (e.g. { PAYFORT_MODE: 'sandbox' }) */
  env?: Record<string, string>;
  /** last-minute config changes (e.g. add a test-only plugin) */
  configure?: (config: VendureConfig) => VendureConfig;
  /** seed steps (default: all of server/src/seed/steps/index.ts) */
  steps?: SeedStep[];
  /** server logs (also LOG=1) */
  logging?: boolean;
}

/** JSON summary of what the seed produced (ids are strings as in the API). */
export interface SeedSummary extends Omit<SeedGenerated, 'extra'> {
  catalogue: ProductSpec[];
  variantIdBySku: Record<string, ID>;
  extra: Record<string, unknown>;
}

export interface DevMail {
  file: string;
  date: string;
  from: string;
  recipient: string;
  subject: string;
  body: string;
}

export interface StoreTestEnv {
  server: TestServer;
  /** Shop API client (`?languageCode=` via the 3rd argument of query()) */
  shopClient: SimpleGraphQLClient;
  /** Admin API client; call `await adminClient.asSuperAdmin()` first */
  adminClient: SimpleGraphQLClient;
  config: Required<VendureConfig>;
  port: number;
  baseUrl: string;
  dataDir: string;
  seed: SeedSummary;
  /** mails written by the EmailPlugin (dev mode) since the env started, oldest first */
  readMails(filter?: { to?: string }): DevMail[];
  /** waits until the job queue (e.g. email, search index jobs) is idle */
  waitForJobs(timeoutMs?: number): Promise<void>;
  destroy(): Promise<void>;
}

function callerTestFile(): string {
  const stack = new Error().stack?.split('\n') ?? [];
  for (const line of stack) {
    const m = line.match(/\(?((?:file:\/\/)?\/[^():]+\.(?:e2e-spec|spec|test)\.[mc]?[tj]s)/);
    if (m) return m[1].replace('file://', '');
  }
  return 'store';
}

function fingerprint(extra: string): string {
  const hash = crypto.createHash('sha1');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else {
        hash.update(path.relative(REPO_ROOT, p));
        hash.update(fs.readFileSync(p));
      }
    }
  };
  walk(path.join(REPO_ROOT, 'server', 'src'));
  hash.update(fs.readFileSync(__filename));
  hash.update(extra);
  return hash.digest('hex').slice(0, 12);
}

/** The environment buildConfig() gets (also the worker's, on PostgreSQL). */
function testEnvVars(opts: StoreTestEnvOptions, dataDir: string, databaseUrl = '', redisUrl = ''): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'test',
    SERVER_PORT: String(opts.port),
    DATA_DIR: dataDir,
    ADMIN_UI: 'false',
    DATABASE_URL: databaseUrl,
    DB_SYNCHRONIZE: 'false',
    REDIS_URL: redisUrl,
    STOREFRONT_URL: 'http://127.0.0.1:8080',
    ...opts.env,
  };
}

/**
 * PostgreSQL: seeding (synchronize, jobs processed in this process) or a test run (no queue
 * processed here: the worker does).
 */
function pgTestConfig(opts: StoreTestEnvOptions, dataDir: string, database: string, seeding: boolean): Required<VendureConfig> {
  // BullMQ when seeding too: Vendure fixes a process's plugin modules at its first bootstrap.
  const env = testEnvVars(opts, dataDir, dbUrl(database), REDIS_URL);
  const logging = opts.logging || !!process.env.LOG;
  let config = mergeConfig(buildConfig(env), {
    logger: logging ? new DefaultLogger({ level: LogLevel.Info }) : new NoopLogger(),
    dbConnectionOptions: { synchronize: seeding } as any,
    // explicit both ways: Vendure merges each bootstrap's config into the process's previous one
    jobQueueOptions: { activeQueues: seeding ? [] : [NO_QUEUE] },
  });
  if (opts.configure) config = opts.configure(config);
  return config as Required<VendureConfig>;
}

/** The separate worker process of a PostgreSQL test run; resolves once it processes jobs. */
function startWorker(env: NodeJS.ProcessEnv, logFile: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const out = fs.openSync(logFile, 'w');
    const child = spawn(process.execPath, [path.join(__dirname, 'worker.cjs')], { env, stdio: ['ignore', 'pipe', out] });
    let text = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`worker not ready within 180 s (log: ${logFile})`));
    }, 180_000);
    child.stdout!.on('data', (chunk) => {
      fs.appendFileSync(logFile, chunk);
      text += chunk;
      if (text.includes('[worker] ready')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with code ${code} before it was ready:\n${fs.readFileSync(logFile, 'utf8').slice(-2000)}`));
    });
  });
}

function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => (clearTimeout(timer), resolve()));
    child.kill('SIGTERM');
  });
}

/**
 * The shop's own embedded connection (buildConfig(): better-sqlite3, WAL, prepareDatabase with the
 * patches of patched-internals.ts) on `dbFile`; nothing but the file and synchronize change.
 */
function testConfig(opts: StoreTestEnvOptions, dataDir: string, dbFile: string, seeding: boolean): Required<VendureConfig> {
  const env = testEnvVars(opts, dataDir);
  const logging = opts.logging || !!process.env.LOG;
  let config = mergeConfig(buildConfig(env), {
    logger: logging ? new DefaultLogger({ level: LogLevel.Info }) : new NoopLogger(),
    dbConnectionOptions: { database: dbFile, synchronize: seeding, logging: false } as any,
  });
  if (opts.configure) config = opts.configure(config);
  return config as Required<VendureConfig>;
}

const SQLITE_SUFFIXES = ['', '-wal', '-shm', '-journal'];

function removeSqlite(file: string) {
  for (const suffix of SQLITE_SUFFIXES) fs.rmSync(file + suffix, { force: true });
}

/** Run copies not yet removed by destroy(): removed when the process exits. */
const liveRunFiles = new Set<string>();
process.once('exit', () => liveRunFiles.forEach(removeSqlite));

/** Run copies left by test processes that died before destroy() (their pid is gone). */
function removeOrphanRunFiles(dataDir: string) {
  for (const f of fs.readdirSync(dataDir)) {
    const m = f.match(/^run-(\d+)-\d+\.sqlite$/);
    if (!m || Number(m[1]) === process.pid) continue;
    try {
      process.kill(Number(m[1]), 0);
    } catch {
      removeSqlite(path.join(dataDir, f));
    }
  }
}

export async function createStoreTestEnv(opts: StoreTestEnvOptions): Promise<StoreTestEnv> {
  // TEST_PORT_OFFSET moves every spec's fixed port, so two checkouts can run the server suite at once
  opts = { ...opts, port: opts.port + Number(process.env.TEST_PORT_OFFSET ?? 0) };
  const name = opts.name ?? path.basename(callerTestFile()).replace(/\.[mc]?[tj]s$/, '');
  const products = opts.products ?? TEST_SEED_SIZE.products;
  const steps = opts.steps ?? seedSteps;
  const fp = fingerprint(JSON.stringify({ products, steps: steps.map((s) => s.name), env: opts.env ?? {} }));
  const root = process.env.E2E_DATA_ROOT || path.join(os.tmpdir(), 'vendure-e2e');
  if (PG_URL) return createPgStoreTestEnv(opts, name, fp, root, products, steps);
  const dataDir = path.join(root, `${name}-${fp}`);
  const seedFile = path.join(dataDir, 'seed.sqlite');
  const summaryFile = path.join(dataDir, 'seed.json');
  fs.mkdirSync(root, { recursive: true });

  if (!fs.existsSync(summaryFile) || !fs.existsSync(seedFile)) {
    // stale caches of this test file
    for (const d of fs.readdirSync(root)) {
      if (d.startsWith(`${name}-`)) fs.rmSync(path.join(root, d), { recursive: true, force: true });
    }
    fs.mkdirSync(dataDir, { recursive: true });
    await seedInto(testConfig(opts, dataDir, seedFile, true), dataDir, opts, products, steps, async (seedServer) => {
      // everything into seed.sqlite itself (seed.json is written only after this): runs copy the file alone
      const driver = seedServer.app.get(TransactionalConnection).rawConnection.driver as any;
      driver.databaseConnection.pragma('wal_checkpoint(TRUNCATE)');
    });
    // closed cleanly: a WAL with pages in it would mean the copies miss part of the seed
    if (fs.existsSync(`${seedFile}-wal`) && fs.statSync(`${seedFile}-wal`).size > 0) {
      fs.rmSync(summaryFile, { force: true });
      throw new Error(`${seedFile}-wal is not empty after the seed server closed`);
    }
  }
  removeOrphanRunFiles(dataDir);
  const dbFile = path.join(dataDir, `run-${process.pid}-${++runCounter}.sqlite`);
  removeSqlite(dbFile);
  fs.copyFileSync(seedFile, dbFile);
  liveRunFiles.add(dbFile);

  const seed = JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as SeedSummary;
  const mailDir = path.join(dataDir, 'mail');
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });

  const config = testConfig(opts, dataDir, dbFile, false);
  const server = new TestServer(config);
  const dropRun = () => {
    removeSqlite(dbFile);
    liveRunFiles.delete(dbFile);
  };
  try {
    await server.bootstrap();
  } catch (err) {
    dropRun();
    throw err;
  }
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const shopClient = new SimpleGraphQLClient(config, `${baseUrl}/shop-api`);
  const adminClient = new SimpleGraphQLClient(config, `${baseUrl}/admin-api`);
  const env: StoreTestEnv = {
    server,
    shopClient,
    adminClient,
    config,
    port: opts.port,
    baseUrl,
    dataDir,
    seed,
    readMails: (filter) => readMailDir(mailDir, filter),
    waitForJobs: (timeoutMs = 30_000) => waitForJobQueue(env.server.app, timeoutMs),
    /** Destroys env.server (a spec that restarts the server on the same database sets it) and the run's copy. */
    async destroy() {
      try {
        await env.server.destroy();
      } finally {
        dropRun();
      }
    },
  };
  return env;
}

/** What a seed run leaves for the test runs: its summary (seed.json) and assets in dataDir. */
async function seedInto(
  config: Required<VendureConfig>,
  dataDir: string,
  opts: StoreTestEnvOptions,
  products: number,
  steps: SeedStep[],
  save?: (server: TestServer) => Promise<void>,
) {
  const seedServer = new TestServer(config);
  await seedServer.bootstrap();
  try {
    const seed = await runSeed(seedServer.app, {
      dataDir,
      size: { ...TEST_SEED_SIZE, products },
      steps,
      log: opts.logging || process.env.LOG ? undefined : () => undefined,
    });
    if (save) await save(seedServer);
    const { extra, ...generated } = seed.generated;
    const { catalogue, variantIdBySku, ...otherExtra } = extra as any;
    const summary: SeedSummary = { ...generated, catalogue, variantIdBySku, extra: otherExtra };
    fs.writeFileSync(path.join(dataDir, 'seed.json'), JSON.stringify(summary, null, 1));
  } finally {
    await seedServer.app.close();
  }
}

async function createPgStoreTestEnv(
  opts: StoreTestEnvOptions,
  name: string,
  fp: string,
  root: string,
  products: number,
  steps: SeedStep[],
): Promise<StoreTestEnv> {
  // One seed per fingerprint: files seeding alike share the template and its assets.
  const template = `tpl_${fp}`;
  const dataDir = path.join(root, `pg-${fp}`);
  const summaryFile = path.join(dataDir, 'seed.json');
  const templateExists = await pgAdmin(
    async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [template])).rowCount === 1,
  );
  if (!templateExists || !fs.existsSync(summaryFile)) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    await pgAdmin(async (c) => {
      await c.query(`DROP DATABASE IF EXISTS ${template}`);
      await c.query(`CREATE DATABASE ${template}`);
    });
    await flushRedis();
    await seedInto(pgTestConfig(opts, dataDir, template, true), dataDir, opts, products, steps);
  }
  const seed = JSON.parse(fs.readFileSync(summaryFile, 'utf8')) as SeedSummary;

  const database = `run_${name
    .replace(/[^a-z0-9]+/gi, '_')
    .toLowerCase()
    .slice(0, 40)}_${process.pid}_${++runCounter}`;
  await pgAdmin((c) => c.query(`CREATE DATABASE ${database} TEMPLATE ${template}`));
  await flushRedis();

  const mailDir = path.join(dataDir, 'mail');
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });

  const workerEnv = testEnvVars(opts, dataDir, dbUrl(database), REDIS_URL);
  const worker = await startWorker({ ...workerEnv, LOG_LEVEL: 'Info' }, path.join(root, `worker-${database}.log`));
  const config = pgTestConfig(opts, dataDir, database, false);
  const server = new TestServer(config);
  try {
    await server.bootstrap();
  } catch (err) {
    await stopProcess(worker);
    throw err;
  }
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  return {
    server,
    shopClient: new SimpleGraphQLClient(config, `${baseUrl}/shop-api`),
    adminClient: new SimpleGraphQLClient(config, `${baseUrl}/admin-api`),
    config,
    port: opts.port,
    baseUrl,
    dataDir,
    seed,
    readMails: (filter) => readMailDir(mailDir, filter),
    waitForJobs: (timeoutMs = 30_000) => waitForJobQueue(server.app, timeoutMs),
    async destroy() {
      await server.destroy();
      await stopProcess(worker);
      await pgAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    },
  };
}

function readMailDir(mailDir: string, filter?: { to?: string }): DevMail[] {
  if (!fs.existsSync(mailDir)) return [];
  return fs
    .readdirSync(mailDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((f) => {
      try {
        return [{ file: f, ...(JSON.parse(fs.readFileSync(path.join(mailDir, f), 'utf8')) as Omit<DevMail, 'file'>) }];
      } catch {
        return []; // still being written (on PostgreSQL the worker process writes mails)
      }
    })
    .filter((m) => !filter?.to || m.recipient === filter.to);
}
