/**
 * The scaled topology on one machine (issue 18, docs/deploy.md): PostgreSQL and Redis (Debian
 * packages, installed when missing; throwaway instances), a freshly seeded database, one Vendure
 * worker, two Vendure servers (RUN_WORKER=false), nginx in front of them, two storefronts whose
 * SHOP_API_URL is that nginx, and nginx in front of the storefronts.
 *
 *   shop      http://127.0.0.1:8830  nginx → storefronts 8831, 8832
 *   Vendure   http://127.0.0.1:3830  nginx → servers 3831, 3832 (worker: no HTTP)
 *
 * Ports: SCALED_SHOP_PORT (8830; storefronts +1, +2), SCALED_VENDURE_PORT (3830; servers +1, +2;
 * PostgreSQL +8 and Redis +9 unless SCALED_PG_PORT / SCALED_REDIS_PORT), so the whole topology
 * stays in two blocks of ten ports and can run beside `npm run test:pg`. Used by tests/scaled/start.mjs (npm run start:scaled) and by
 * tests/scaled/scaled.test.mjs, which also stops and restarts the worker.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { heapLimitArgs } from '../../server/scripts/lib.mjs';
import { ensureDebianPackages, portFree, startPostgres, startRedis, stopOnExit, waitForPort } from '../tools/services.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function nginxBin() {
  for (const p of ['/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (spawnSync(p, ['-v']).status === 0) return p;
  }
  return 'nginx';
}

/** A child whose output goes to <runDir>/<name>.log; resolves when `ready` appears in it. */
function startProcess(name, cmd, args, env, runDir, ready, timeoutMs = 240_000) {
  const logFile = join(runDir, `${name}.log`);
  const out = openSync(logFile, 'a');
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', out] });
  let text = '';
  const handle = {
    name,
    child,
    logFile,
    pid: child.pid,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      await new Promise((res) => {
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => (clearTimeout(timer), res()));
        child.kill('SIGTERM');
      });
    },
  };
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} not ready within ${timeoutMs / 1000} s (log: ${logFile})`)), timeoutMs);
    child.stdout.on('data', (chunk) => {
      writeFileSync(logFile, chunk, { flag: 'a' });
      if (text !== null) {
        text += chunk;
        if (typeof ready === 'string' ? text.includes(ready) : ready.test(text)) {
          text = null;
          clearTimeout(timer);
          resolvePromise(handle);
        }
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}; its log ${logFile}:\n${readFileSync(logFile, 'utf8').slice(-3000)}`));
    });
  });
}

function run(cmd, args, env, what) {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`${what} failed (exit ${r.status})`);
}

/**
 * Starts everything; returns { urls, processes, services, stop(), stopWorker(), startWorker(),
 * runDir, dataDir }. `products` seeds a smaller catalogue (the test uses 12).
 */
export async function startTopology({ products, log = (m) => console.log(`[scaled] ${m}`) } = {}) {
  const shopPort = Number(process.env.SCALED_SHOP_PORT || 8830);
  const vendurePort = Number(process.env.SCALED_VENDURE_PORT || 3830);
  const ports = [shopPort, shopPort + 1, shopPort + 2, vendurePort, vendurePort + 1, vendurePort + 2];
  for (const p of ports)
    if (!(await portFree(p))) throw new Error(`port ${p} is taken (SCALED_SHOP_PORT / SCALED_VENDURE_PORT move the topology)`);

  const installed = ensureDebianPackages(['postgres', 'redis', 'nginx'], log);
  if (installed.length) log(`installed ${installed.join(', ')}`);

  const services = [];
  const stopAll = stopOnExit(services, log);
  const runDir = mkdtempSync(join(os.tmpdir(), 'scaled-'));
  chmodSync(runDir, 0o755);
  services.push({ name: `run directory ${runDir}`, stop: async () => rmSync(runDir, { recursive: true, force: true }) });
  const dataDir = join(runDir, 'data');
  mkdirSync(dataDir);
  try {
    const pg = await startPostgres({ port: Number(process.env.SCALED_PG_PORT || vendurePort + 8), log });
    services.push(pg);
    const redis = await startRedis({ port: Number(process.env.SCALED_REDIS_PORT || vendurePort + 9), log });
    services.push(redis);

    const shopUrl = `http://127.0.0.1:${shopPort}`;
    const vendureUrl = `http://127.0.0.1:${vendurePort}`;
    const backendEnv = {
      ...process.env,
      VENDURE_DISABLE_TELEMETRY: 'true',
      DATABASE_URL: pg.url,
      REDIS_URL: redis.url,
      DATA_DIR: dataDir,
      STOREFRONT_URL: shopUrl,
      PAYMENTS_PUBLIC_URL: shopUrl,
      ADMIN_UI: 'false',
      TRUSTED_PROXIES: 'loopback',
    };

    // builds (server/dist, build/) when stale: the same as npm start
    const t0 = Date.now();
    const { buildIfNeeded } = await import('../../src/server/start.mjs');
    buildIfNeeded();
    run(
      process.execPath,
      ['server/scripts/run-seed.mjs', '--reset', ...(products ? ['--products', String(products)] : [])],
      backendEnv,
      'seed',
    );
    log(`built and seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s (PostgreSQL, DATA_DIR ${dataDir})`);

    const entry = join(root, 'server/dist/index.js');
    const heapArgs = heapLimitArgs(backendEnv); // as npm start bounds its Vendure (docs/deploy.md, "Memory")
    // the worker serves no HTTP; SERVER_PORT only shapes URLs in its config
    const workerEnv = { ...backendEnv, SERVER_PORT: String(vendurePort) };
    const startWorker = async () => {
      const w = await startProcess('worker', process.execPath, [...heapArgs, entry, '--worker'], workerEnv, runDir, 'Worker ready');
      processes.worker = w;
      log(`worker ready (pid ${w.pid})`);
      return w;
    };
    const processes = {};
    services.push({
      name: 'Vendure processes and storefronts',
      stop: async () => Promise.all(Object.values(processes).map((p) => p.stop())),
    });
    await startWorker();
    const servers = await Promise.all(
      [1, 2].map((i) =>
        startProcess(
          `server-${i}`,
          process.execPath,
          [...heapArgs, entry],
          { ...backendEnv, SERVER_PORT: String(vendurePort + i), RUN_WORKER: 'false' },
          runDir,
          '[server] ready',
        ),
      ),
    );
    servers.forEach((s, i) => (processes[`server${i + 1}`] = s));
    log(`Vendure servers ready on ${vendurePort + 1}, ${vendurePort + 2} (RUN_WORKER=false)`);

    // nginx: both listeners
    const conf = readFileSync(join(root, 'tests/scaled/nginx.conf.template'), 'utf8')
      .replaceAll('${RUN_DIR}', runDir)
      .replaceAll('${SHOP_PORT}', String(shopPort))
      .replaceAll('${VENDURE_PORT}', String(vendurePort))
      .replace('${STOREFRONT_SERVERS}', [1, 2].map((i) => `    server 127.0.0.1:${shopPort + i};`).join('\n'))
      .replace('${VENDURE_SERVERS}', [1, 2].map((i) => `    server 127.0.0.1:${vendurePort + i};`).join('\n'));
    const confFile = join(runDir, 'nginx.conf');
    writeFileSync(confFile, conf);
    for (const d of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
      mkdirSync(join(runDir, d));
      chmodSync(join(runDir, d), 0o777);
    }
    const nginxOut = openSync(join(runDir, 'nginx.log'), 'a');
    const nginx = spawn(nginxBin(), ['-c', confFile, '-p', runDir], { stdio: ['ignore', nginxOut, nginxOut] });
    processes.nginx = {
      name: 'nginx',
      pid: nginx.pid,
      stop: () =>
        new Promise((res) => {
          if (nginx.exitCode !== null) return res();
          nginx.once('exit', res);
          nginx.kill('SIGQUIT');
        }),
    };
    await waitForPort(vendurePort, 15_000, nginx, 'nginx');
    log(`nginx: ${vendureUrl} → Vendure servers, ${shopUrl} → storefronts`);

    const storefronts = await Promise.all(
      [1, 2].map((i) =>
        startProcess(
          `storefront-${i}`,
          process.execPath,
          ['src/server/storefront.mjs'],
          {
            ...process.env,
            NODE_ENV: 'production',
            PORT: String(shopPort + i),
            SHOP_API_URL: `${vendureUrl}/shop-api`,
            TRUSTED_PROXIES: 'loopback',
          },
          runDir,
          '[storefront] http://',
          60_000,
        ),
      ),
    );
    storefronts.forEach((s, i) => (processes[`storefront${i + 1}`] = s));
    await waitForPort(shopPort, 5_000, null, 'nginx (shop)');
    log(`storefronts ready on ${shopPort + 1}, ${shopPort + 2}; the shop: ${shopUrl}/`);

    return {
      runDir,
      dataDir,
      services: { postgres: pg, redis },
      processes,
      urls: {
        shop: shopUrl,
        vendure: vendureUrl,
        storefronts: [1, 2].map((i) => `http://127.0.0.1:${shopPort + i}`),
        servers: [1, 2].map((i) => `http://127.0.0.1:${vendurePort + i}`),
      },
      stopWorker: async () => {
        await processes.worker?.stop();
        delete processes.worker;
      },
      startWorker,
      stop: stopAll,
    };
  } catch (err) {
    await stopAll();
    throw err;
  }
}
