/**
 * Throwaway PostgreSQL and Redis for `npm run test:pg` and `npm run start:scaled` (issue 18).
 *
 * - ensureDebianPackages(): installs the Debian packages that provide missing binaries with
 *   apt-get (as root, or through `sudo -n`), never from anywhere else. Without root or sudo it
 *   throws: a missing engine is a failure, not a reason to skip. While installing, a
 *   policy-rc.d keeps the packages from starting their system services.
 * - startPostgres() / startRedis(): a fresh instance in a temporary directory on the given port,
 *   as a child process (PostgreSQL as the `postgres` user when we are root: it refuses root).
 *   Each returns { url, stop() }; stop() ends the process and removes its directory.
 *   startPostgres({ dir }) keeps its cluster in `dir` instead (bench:catalogue's reusable
 *   databases): initdb only when `dir` holds no cluster yet, and stop() leaves the directory.
 * - stopOnExit(): stops the given services on exit, Ctrl-C (SIGINT), SIGTERM and uncaught errors.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const isRoot = process.getuid?.() === 0;

function which(bin) {
  const r = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
}

/** The newest /usr/lib/postgresql/<v>/bin holding initdb and postgres, or null. */
export function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')) && existsSync(path.join(base, v, 'bin', 'postgres')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/** What each engine needs: a test for its binary and the Debian package providing it. */
export const ENGINES = {
  postgres: { package: 'postgresql', present: () => postgresBinDir() !== null },
  redis: { package: 'redis-server', present: () => which('redis-server') !== null },
  nginx: { package: 'nginx', present: () => which('nginx') !== null || existsSync('/usr/sbin/nginx') },
};

/** Installs the Debian packages of the missing engines; throws when it cannot. */
export function ensureDebianPackages(names, log = console.log) {
  const missing = names.filter((n) => !ENGINES[n].present());
  if (!missing.length) return [];
  const packages = missing.map((n) => ENGINES[n].package);
  let prefix;
  if (isRoot) prefix = [];
  else if (which('sudo') && spawnSync('sudo', ['-n', 'true']).status === 0) prefix = ['sudo', '-n'];
  else {
    throw new Error(
      `missing ${missing.join(', ')}: installing the Debian package(s) ${packages.join(' ')} needs root or passwordless sudo, and neither is available. ` +
        `Install them (apt-get install ${packages.join(' ')}) and run again.`,
    );
  }
  const sh = (script) =>
    execFileSync(prefix.length ? prefix[0] : 'sh', prefix.length ? [...prefix.slice(1), 'sh', '-c', script] : ['-c', script], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  log(`installing Debian package(s): ${packages.join(' ')}`);
  // policy-rc.d exit 101: "action forbidden", so the packages do not start system-wide services
  const policy = '/usr/sbin/policy-rc.d';
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) sh(`printf '#!/bin/sh\\nexit 101\\n' > ${policy} && chmod +x ${policy}`);
  try {
    sh('apt-get update -qq');
    sh(`apt-get install -y -qq --no-install-recommends ${packages.join(' ')} >/dev/null`);
  } finally {
    if (ownPolicy) sh(`rm -f ${policy}`);
  }
  const still = missing.filter((n) => !ENGINES[n].present());
  if (still.length) throw new Error(`apt-get installed ${packages.join(' ')} but ${still.join(', ')} is still missing`);
  return packages;
}

export function portFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, host, () => srv.close(() => resolve(true)));
  });
}

export async function waitForPort(port, timeoutMs, child, name) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`${name} exited with code ${child.exitCode} before listening on ${port}`);
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${name} did not listen on ${port} within ${timeoutMs} ms`);
}

function stopChild(child, timeoutMs = 10_000) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', () => (clearTimeout(timer), resolve()));
    child.kill('SIGTERM');
  });
}

function postgresUser() {
  if (!isRoot) return null;
  const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error('running as root and there is no `postgres` user to run PostgreSQL as (it refuses root)');
  const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
  return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/**
 * A fresh PostgreSQL cluster on `port` (trust auth on 127.0.0.1, user `postgres`), tuned for
 * throwaway data (no fsync). Logs to <dir>/postgres.log. With `dir`, the cluster lives there and
 * outlives the process: created on the first start, reused on later ones, never removed.
 */
export async function startPostgres({ port, log = console.log, dir: keepDir }) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed (ensureDebianPackages first)');
  if (!(await portFree(port))) throw new Error(`port ${port} is taken: PostgreSQL for the tests needs it (set PG_PORT)`);
  if (keepDir) mkdirSync(keepDir, { recursive: true });
  const dir = keepDir ? path.resolve(keepDir) : mkdtempSync(path.join(os.tmpdir(), `pg-${port}-`));
  const user = postgresUser();
  if (user) chownSync(dir, user.uid, user.gid);
  const ids = user ? { uid: user.uid, gid: user.gid } : {};
  const data = path.join(dir, 'data');
  const reuse = Boolean(keepDir) && existsSync(path.join(data, 'PG_VERSION'));
  const init = reuse
    ? { status: 0 }
    : spawnSync(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], {
        ...ids,
        encoding: 'utf8',
        cwd: dir,
      });
  if (init.status !== 0) {
    if (!keepDir) rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${init.stderr || init.stdout}`);
  }
  const logFile = path.join(dir, 'postgres.log');
  if (!reuse) writeFileSync(logFile, '');
  if (user) chownSync(logFile, user.uid, user.gid);
  const args = ['-D', data, '-p', String(port), '-h', '127.0.0.1', '-k', dir];
  for (const c of ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=200', 'shared_buffers=128MB']) {
    args.push('-c', c);
  }
  const out = openSync(logFile, 'a');
  const child = spawn(path.join(bin, 'postgres'), args, { ...ids, cwd: dir, stdio: ['ignore', out, out] });
  await waitForPort(port, 30_000, child, 'PostgreSQL');
  // accepting TCP is not accepting queries yet: wait for pg_isready
  for (let i = 0; i < 100; i++) {
    if (spawnSync(path.join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres']).status === 0) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  log(`PostgreSQL ${path.basename(path.dirname(bin))} on 127.0.0.1:${port} (pid ${child.pid}, data ${data})`);
  return {
    name: 'PostgreSQL',
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dir,
    logFile,
    pid: child.pid,
    async stop() {
      await stopChild(child);
      if (!keepDir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh Redis on `port`, nothing persisted. */
export async function startRedis({ port, log = console.log }) {
  const bin = which('redis-server');
  if (!bin) throw new Error('redis-server is not installed (ensureDebianPackages first)');
  if (!(await portFree(port))) throw new Error(`port ${port} is taken: Redis for the tests needs it (set REDIS_PORT)`);
  const dir = mkdtempSync(path.join(os.tmpdir(), `redis-${port}-`));
  const logFile = path.join(dir, 'redis.log');
  const child = spawn(
    bin,
    [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
      '--logfile',
      logFile,
      '--daemonize',
      'no',
    ],
    { cwd: dir, stdio: 'ignore' },
  );
  await waitForPort(port, 15_000, child, 'Redis');
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.match(/v=(\S+)/)?.[1] ?? '?';
  log(`Redis ${version} on 127.0.0.1:${port} (pid ${child.pid})`);
  return {
    name: 'Redis',
    url: `redis://127.0.0.1:${port}`,
    dir,
    logFile,
    pid: child.pid,
    async stop() {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Stops `services` (latest first) when the process ends, is interrupted or crashes. Returns
 * stopAll() for the normal path.
 */
export function stopOnExit(services, log = console.log) {
  let stopping = null;
  const stopAll = () => {
    stopping ??= (async () => {
      for (const s of [...services].reverse()) {
        try {
          await s.stop();
          log(`stopped ${s.name}`);
        } catch (err) {
          log(`could not stop ${s.name}: ${err.message}`);
        }
      }
    })();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => {
      log(`\n${signal}: stopping what this run started`);
      stopAll().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
    });
  }
  process.once('uncaughtException', (err) => {
    console.error(err);
    stopAll().finally(() => process.exit(1));
  });
  return stopAll;
}
