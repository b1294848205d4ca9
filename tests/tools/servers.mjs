// Starting and stopping the servers a browser test needs, shared by run-e2e.mjs (built app) and
// run-inspector.mjs (dev server): a port check, a process group with its output in a log file,
// and a stop that ends the whole group (Vendure's and Vite's own children included).
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';

export const portTaken = (port) =>
  new Promise((res) => {
    const s = connect({ port, host: '127.0.0.1' });
    s.once('connect', () => (s.destroy(), res(true)));
    s.once('error', () => res(false));
  });

/**
 * Spawns `cmd args` in its own process group (so stopping it stops its children too), its output
 * written to `logFile` (truncated first). Returns `exited()`, `stop()` (SIGTERM, SIGKILL after 10 s) and `tail()`.
 */
export function startGroup(cmd, args, { cwd, env, logFile }) {
  // created (emptied) now, not when the stream gets round to it: tail() may be asked at once
  writeFileSync(logFile, '');
  const out = createWriteStream(logFile, { flags: 'a' });
  const child = spawn(cmd, args, { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(out, { end: false });
  child.stderr.pipe(out, { end: false });
  let exited = false;
  child.on('exit', () => (exited = true));
  const signal = (sig) => {
    try {
      process.kill(-child.pid, sig);
    } catch {
      /* already gone */
    }
  };
  return {
    exited: () => exited,
    async stop() {
      if (exited) return;
      signal('SIGTERM');
      for (let i = 0; i < 100 && !exited; i++) await new Promise((r) => setTimeout(r, 100));
      if (!exited) signal('SIGKILL');
    },
    tail: (lines = 40) => readFileSync(logFile, 'utf8').trim().split('\n').slice(-lines).join('\n'),
  };
}

/** Polls `check` every 500 ms until it is true (→ true), `isDead()` (→ false) or the time is up (→ false). */
export async function waitUntil(check, timeoutMs, isDead = () => false) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (isDead()) return false;
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 500));
  }
  return false;
}
