#!/usr/bin/env node
// `npm run bench:bundle [-- URL]`: how much JavaScript each page makes the browser load.
//
//   BENCH_URL (or the first argument)   the shop, default http://127.0.0.1:8080
//   CHROME_PATH                         the browser, default /usr/bin/chromium
//   BENCH_IDLE_MS                       wait after the load event before scrolling (500)
//
// Per route, in a fresh browser context (empty cache, service worker blocked, the locale cookie
// of the page's language set so no first-visit redirect happens):
// - initial JS: every script (modules, modulepreloads, dynamic imports such as the message catalog)
//   the page asked for before it had both fired its load event and hydrated: what it needs to render
//   and hydrate. What the page asks for later on purpose (the app's actors, loaded once the page has
//   hydrated and the main thread is idle — decision 007) counts as deferred, with everything else;
// - total JS: after that, the page is scrolled to the end and the network left to go idle.
// Sizes: "gzip" is each file's body gzipped here at level 6 (the budget's unit, whatever the
// server sent), "transfer" what went over the wire to Chromium (encoded body as served: br or
// gzip), "gzip served" what a client accepting only gzip downloads (the build's Zopfli copies,
// decision 009; asked for again outside the browser).
/* global document, window -- the scroll and the hydration check run in the page */
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { baseUrl, discoverRoutes, evaluate, formatTable, loadBudgets, LOCALE_COOKIE, localeOf, report } from './lib.mjs';

const IDLE_AFTER_LOAD_MS = Number(process.env.BENCH_IDLE_MS || 500);
const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Body bytes as sent to a client that accepts only gzip (0 when it cannot be asked). */
function servedGzipBytes(url) {
  if (!url.startsWith('http://')) return Promise.resolve(0);
  return new Promise((resolve) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve(bytes));
      })
      .on('error', () => resolve(0));
  });
}

async function measureRoute(browser, base, route) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  await context.addCookies([{ name: LOCALE_COOKIE, value: localeOf(route.path), url: base }]);
  const page = await context.newPage();
  const files = new Map();
  let phase = 'initial';
  const askedIn = new WeakMap();
  page.on('request', (request) => askedIn.set(request, phase));
  // Initial lasts until the page has loaded *and* hydrated: the message catalog is a dynamic import
  // that entry.client awaits before hydrating, and on a fast connection it is asked for after the
  // load event, yet the page cannot hydrate without it.
  let loaded = false;
  let hydrated = false;
  page.on('load', () => {
    loaded = true;
    if (hydrated) phase = 'later';
  });
  await page.exposeFunction('__benchHydrated', () => {
    hydrated = true;
    if (loaded) phase = 'later';
  });
  // React's fiber key on <body> appears when hydration has committed (as tests/e2e/fixtures.ts).
  await page.addInitScript(() => {
    const check = () => {
      if (document.body && Object.keys(document.body).some((k) => k.startsWith('__reactFiber$'))) {
        window.__benchHydrated();
        return;
      }
      setTimeout(check, 5);
    };
    check();
  });
  const pending = [];
  page.on('requestfinished', (request) => {
    const record = (async () => {
      const response = await request.response();
      if (!response) return;
      const type = response.headers()['content-type'] ?? '';
      if (request.resourceType() !== 'script' && !/javascript/.test(type)) return;
      const [sizes, body, gzipServed] = await Promise.all([
        request.sizes(),
        response.body().catch(() => Buffer.alloc(0)),
        servedGzipBytes(request.url()),
      ]);
      const url = new URL(request.url());
      const name = url.origin === base ? url.pathname : url.href;
      if (!files.has(name)) {
        files.set(name, { name, phase: askedIn.get(request) ?? phase, transfer: sizes.responseBodySize, gzipServed, gzip: gzipSync(body, { level: 6 }).length, raw: body.length });
      }
    })();
    pending.push(record);
  });
  const response = await page.goto(base + route.path, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`${route.path} answered ${response?.status()}`);
  await page.waitForFunction(() => Object.keys(document.body).some((k) => k.startsWith('__reactFiber$')));
  await page.waitForTimeout(IDLE_AFTER_LOAD_MS);
  await Promise.all(pending);
  phase = 'later';
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
  await page.waitForLoadState('networkidle').catch(() => {});
  await Promise.all(pending);
  await context.close();
  const list = [...files.values()];
  const sum = (items, key) => items.reduce((n, f) => n + f[key], 0);
  const initial = list.filter((f) => f.phase === 'initial');
  return {
    route,
    files: list,
    initialFiles: initial.length,
    initialJsKiB: kib(sum(initial, 'gzip')),
    initialTransferKiB: kib(sum(initial, 'transfer')),
    initialGzipServedKiB: kib(sum(initial, 'gzipServed')),
    initialRawKiB: kib(sum(initial, 'raw')),
    totalFiles: list.length,
    totalJsKiB: kib(sum(list, 'gzip')),
  };
}

async function main() {
  const base = baseUrl();
  const budgets = loadBudgets().bundle;
  const routes = await discoverRoutes(base);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  const results = [];
  try {
    for (const route of routes) results.push(await measureRoute(browser, base, route));
  } finally {
    await browser.close();
  }

  console.log(
    `JavaScript per page on ${base} (KiB; gzip = level-6 gzip of each file, transfer = as served to Chromium, gzip served = as served to a gzip-only client)\n`,
  );
  console.log(
    formatTable(
      results.map((r) => ({ ...r, name: r.route.name, path: r.route.path })),
      [
        { key: 'name', title: 'route' },
        { key: 'path', title: 'path' },
        { key: 'initialFiles', title: 'initial files' },
        { key: 'initialJsKiB', title: 'initial gzip' },
        { key: 'initialTransferKiB', title: 'initial transfer' },
        { key: 'initialGzipServedKiB', title: 'initial gzip served' },
        { key: 'initialRawKiB', title: 'initial raw' },
        { key: 'totalFiles', title: 'total files' },
        { key: 'totalJsKiB', title: 'total gzip' },
      ],
    ),
  );

  // every file once, with the routes that load it before hydration
  const byFile = new Map();
  for (const r of results) {
    for (const f of r.files) {
      const row = byFile.get(f.name) ?? {
        file: f.name,
        gzip: kib(f.gzip),
        transfer: kib(f.transfer),
        gzipServed: kib(f.gzipServed),
        raw: kib(f.raw),
        initialOn: [],
      };
      if (f.phase === 'initial') row.initialOn.push(r.route.name);
      byFile.set(f.name, row);
    }
  }
  const fileRows = [...byFile.values()]
    .sort((a, b) => b.gzip - a.gzip)
    .map((row) => ({ ...row, initialOn: row.initialOn.length === results.length ? 'all' : row.initialOn.join(', ') || '-' }));
  console.log(
    `\nFiles\n${formatTable(fileRows, [
      { key: 'file', title: 'file' },
      { key: 'gzip', title: 'gzip' },
      { key: 'transfer', title: 'transfer' },
      { key: 'gzipServed', title: 'gzip served' },
      { key: 'raw', title: 'raw' },
      { key: 'initialOn', title: 'initial on', align: 'left' },
    ])}`,
  );

  const { checked } = evaluate(
    results.map((r) => ({ label: r.route.name, metric: 'initialJsKiB', value: r.initialJsKiB })),
    budgets,
  );
  process.exitCode = report('Bundle', checked);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
