import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { portTaken, startGroup, waitUntil } from './servers.mjs';

const dir = mkdtempSync(join(tmpdir(), 'servers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('portTaken: true while something listens on the port, false once it is closed', async () => {
  const server = createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  expect(await portTaken(port)).toBe(true);
  await new Promise((r) => server.close(r));
  expect(await portTaken(port)).toBe(false);
});

test('startGroup: output goes to the log, stop() ends the process and its children', async () => {
  const logFile = join(dir, 'group.log');
  // the grandchild prints its pid; a stop that only killed `sh` would leave it running
  const group = startGroup('sh', ['-c', 'sleep 60 & echo "child $!"; wait'], { cwd: dir, env: process.env, logFile });
  expect(await waitUntil(() => /child \d+/.test(group.tail()), 5_000)).toBe(true);
  const pid = Number(/child (\d+)/.exec(group.tail())[1]);
  await group.stop();
  expect(group.exited()).toBe(true);
  // gone, or a zombie nobody has reaped yet (a container's init may not): either way it ended
  const running = () => {
    try {
      return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
    } catch {
      return false;
    }
  };
  expect(await waitUntil(() => !running(), 2_000)).toBe(true);
});

test('waitUntil: false at once when the process is dead, false after the timeout, true when the check passes', async () => {
  expect(
    await waitUntil(
      () => false,
      60_000,
      () => true,
    ),
  ).toBe(false);
  const t0 = Date.now();
  expect(await waitUntil(() => false, 600)).toBe(false);
  expect(Date.now() - t0).toBeGreaterThanOrEqual(500);
  let calls = 0;
  expect(await waitUntil(() => ++calls === 2, 5_000)).toBe(true);
});
