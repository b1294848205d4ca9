// @vitest-environment node
// `npm start` (start.mjs) as a whole, with stand-ins for Vendure and the storefront (the real ones
// need a build and a seeded database; the e2e faults suite stops and starts the real Vendure).
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const fixtures = 'tests/unit/src/server/fixtures';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function pidAt(url: string): Promise<number | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
    return ((await res.json()) as { pid: number }).pid;
  } catch {
    return null;
  }
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last value ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let start: ChildProcess | null = null;
afterAll(() => {
  if (start && start.exitCode === null) start.kill('SIGKILL');
});

describe('npm start supervises Vendure and the storefront', () => {
  it('restarts a killed Vendure while the storefront keeps answering, restarts a killed storefront, and stops both on SIGTERM', async () => {
    const [port, serverPort] = [await freePort(), await freePort()];
    start = spawn(process.execPath, ['src/server/start.mjs'], {
      cwd: root,
      env: {
        ...process.env,
        SKIP_BUILD: '1',
        PORT: String(port),
        SERVER_PORT: String(serverPort),
        START_VENDURE_SCRIPT: `${fixtures}/fake-vendure.mjs`,
        START_STOREFRONT_SCRIPT: `${fixtures}/fake-storefront.mjs`,
        RESTART_BASE_MS: '300',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    start.stdout!.on('data', (c) => (output += c));
    start.stderr!.on('data', (c) => (output += c));
    const vendurePid = () => pidAt(`http://127.0.0.1:${serverPort}/pid`);
    const webPid = () => pidAt(`http://127.0.0.1:${port}/healthz`);

    // supervision starts once start.mjs has seen both answer (it then prints the addresses)
    await until(async () => output.includes('Ctrl+C stops both'), Boolean);
    const firstVendure = await vendurePid();
    const firstWeb = await webPid();
    expect(firstVendure).not.toBeNull();
    expect(firstWeb).not.toBeNull();

    process.kill(firstVendure!, 'SIGKILL');
    // the same storefront process answers while Vendure is down and after it is back
    const webMeanwhile = [await webPid()];
    const secondVendure = await until(
      async () => {
        webMeanwhile.push(await webPid());
        return vendurePid();
      },
      (p) => p !== null && p !== firstVendure,
    );
    expect(webMeanwhile[0]).toBe(firstWeb);
    expect(webMeanwhile.every((p) => p === firstWeb)).toBe(true);
    expect(output).toContain('[start] Vendure exited (signal SIGKILL) after');
    expect(output).toContain('restart 1 in 0.3 s');

    process.kill(firstWeb!, 'SIGKILL');
    const secondWeb = await until(webPid, (p) => p !== null && p !== firstWeb);
    expect(output).toContain('[start] the storefront exited (signal SIGKILL) after');
    expect(await vendurePid()).toBe(secondVendure);

    const exited = new Promise<number | null>((r) => start!.on('exit', (code) => r(code)));
    start.kill('SIGTERM');
    expect(await exited).toBe(143);
    expect(await vendurePid()).toBeNull();
    expect(await webPid()).toBeNull();
    expect(() => process.kill(secondVendure!, 0)).toThrow();
    expect(() => process.kill(secondWeb!, 0)).toThrow();
  }, 120_000);
});
