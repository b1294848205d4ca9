#!/usr/bin/env node
// `npm run inspector:check` and the `inspector` stage of `npm test`: the offline inspector
// (docs/inspector.md) in Chromium against the DEVELOPMENT server, which the e2e suite cannot do (it
// runs the build, which has no inspector). Starts Vendure (fresh seeded DATA_DIR in a temp dir) and
// `react-router dev` (which proxies /shop-api to it, vite.config.ts), runs
// tests/inspector/inspector.spec.ts with tests/inspector/playwright.config.ts, stops both.
//
//   node tests/tools/run-inspector.mjs [playwright args...]
//
// Env: INSPECTOR_PORT (dev server, 5191), E2E_SERVER_PORT (Vendure, 3900: the e2e stage's, which
// never runs at the same time), CHROMIUM_PATH (/usr/bin/chromium), PW_JSON_OUTPUT (the JSON report).
// Server output: test-results/inspector-servers-<port>.log.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { shopApiAnswers } from '../../src/server/start.mjs';
import { portTaken, startGroup, waitUntil } from './servers.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const log = (m) => console.log(`[inspector] ${m}`);
const PORT = Number(process.env.INSPECTOR_PORT ?? 5191);
const SERVER_PORT = Number(process.env.E2E_SERVER_PORT ?? 3900);
// A cold start on CI's 2 cores: server/dist compiled and the database seeded (~80-120 s).
const BACKEND_TIMEOUT_MS = Number(process.env.INSPECTOR_BACKEND_TIMEOUT_MS ?? 240_000);

async function main() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    console.error(`[inspector] no Chromium at ${chromium}: install Debian's package or set CHROMIUM_PATH`);
    return 1;
  }
  for (const p of [PORT, SERVER_PORT]) {
    if (await portTaken(p)) {
      console.error(`[inspector] port ${p} is already in use; stop what runs there or set INSPECTOR_PORT / E2E_SERVER_PORT`);
      return 1;
    }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'inspector-data-'));
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const shopApiUrl = `http://127.0.0.1:${SERVER_PORT}/shop-api`;
  const env = { ...process.env, SERVER_PORT: String(SERVER_PORT), SHOP_API_URL: shopApiUrl, VENDURE_DISABLE_TELEMETRY: 'true' };
  const groups = [];
  const stop = async () => {
    await Promise.all(groups.map((g) => g.stop()));
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => stop().then(() => process.exit(130)));

  try {
    let t = Date.now();
    const backendLog = join(root, `test-results/inspector-servers-${SERVER_PORT}.log`);
    log(`starting Vendure :${SERVER_PORT} (DATA_DIR ${dataDir}; log ${backendLog})`);
    const backend = startGroup(process.execPath, ['server/scripts/run-server.mjs'], {
      cwd: root,
      logFile: backendLog,
      env: { ...env, DATA_DIR: dataDir },
    });
    groups.push(backend);
    // The dev server needs no backend to start: let it warm up meanwhile.
    const devLog = join(root, `test-results/inspector-servers-${PORT}.log`);
    const bin = join(root, 'node_modules/@react-router/dev/bin.cjs');
    const dev = startGroup(process.execPath, [bin, 'dev', '--port', String(PORT), '--host', '127.0.0.1', '--strictPort'], {
      cwd: root,
      logFile: devLog,
      env,
    });
    groups.push(dev);

    if (!(await waitUntil(() => shopApiAnswers(shopApiUrl), BACKEND_TIMEOUT_MS, backend.exited))) {
      console.error(
        `[inspector] Vendure did not come up (${backend.exited() ? 'exited' : 'timeout'}); last lines of ${backendLog}:\n${backend.tail()}`,
      );
      return 1;
    }
    log(`Vendure up in ${((Date.now() - t) / 1000).toFixed(1)} s`);
    t = Date.now();
    const devUp = await waitUntil(
      () =>
        fetch(`http://127.0.0.1:${PORT}/en/about`, { signal: AbortSignal.timeout(60_000) }).then(
          (r) => r.ok,
          () => false,
        ),
      180_000,
      dev.exited,
    );
    if (!devUp) {
      console.error(
        `[inspector] the dev server did not answer (${dev.exited() ? 'exited' : 'timeout'}); last lines of ${devLog}:\n${dev.tail()}`,
      );
      return 1;
    }
    log(`dev server answers (${((Date.now() - t) / 1000).toFixed(1)} s more); running Playwright`);

    return await new Promise((res) => {
      const cli = join(root, 'node_modules/@playwright/test/cli.js');
      const child = spawn(process.execPath, [cli, 'test', '--config', 'tests/inspector/playwright.config.ts', ...process.argv.slice(2)], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, INSPECTOR_BASE_URL: `http://127.0.0.1:${PORT}` },
      });
      child.on('close', (code, signal) => res(code ?? (signal ? 1 : 0)));
    });
  } finally {
    await stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
