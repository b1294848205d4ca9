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
// Sizes: "gzip served" is what a client accepting only gzip downloads (each file asked for again
// outside the browser with `Accept-Encoding: gzip`: the build's Zopfli copies, decision 009) —
// the budget's unit: bytes actually sent, with the compression every client understands;
// "gzip 6" each file's body gzipped here at level 6 (the unit until session 4, when the server
// compressed on the fly); "transfer" what went over the wire to Chromium (brotli).
/* global document, window -- the scroll and the hydration check run in the page */
import http from 'node:http';
import https from 'node:https';
import { gzipSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { baseUrl, discoverRoutes, evaluate, formatTable, loadBudgets, report, routeCookies, signedInRoutes, signInToken } from './lib.mjs';
import { pageHydrated } from '../tools/page-hydrated.mjs';

const IDLE_AFTER_LOAD_MS = Number(process.env.BENCH_IDLE_MS || 500);
const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;

/** Body bytes as sent to a client that accepts only gzip; null when it cannot be asked. */
function servedGzipBytes(url) {
  const client = url.startsWith('https://') ? https : url.startsWith('http://') ? http : null;
  if (!client) return Promise.resolve(null);
  return new Promise((resolve) => {
    client
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => resolve(res.statusCode === 200 ? bytes : null));
        res.on('error', () => resolve(null));
      })
      .on('error', () => resolve(null));
  });
}

async function measureRoute(browser, base, route, token) {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 } });
  await context.addCookies(routeCookies(route, token).map((c) => ({ ...c, url: base })));
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
  // Hydrated: `pageHydrated` (tests/tools/page-hydrated.mjs), checked from the start of each document.
  await page.addInitScript({
    content: `window.__pageHydrated = ${pageHydrated.toString()};
(() => {
  const check = () => {
    if (document.readyState !== 'loading' && document.body && window.__pageHydrated()) return window.__benchHydrated();
    setTimeout(check, 5);
  };
  check();
})();`,
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
        const gzip = gzipSync(body, { level: 6 }).length;
        // A file that cannot be asked for again counts with its level-6 size.
        files.set(name, {
          name,
          phase: askedIn.get(request) ?? phase,
          transfer: sizes.responseBodySize,
          gzipServed: gzipServed ?? gzip,
          gzip,
          raw: body.length,
        });
      }
    })();
    pending.push(record);
  });
  const response = await page.goto(base + route.path, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`${route.path} answered ${response?.status()}`);
  await page.waitForFunction(pageHydrated);
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
    initialJsKiB: kib(sum(initial, 'gzipServed')),
    initialGzip6KiB: kib(sum(initial, 'gzip')),
    initialTransferKiB: kib(sum(initial, 'transfer')),
    initialRawKiB: kib(sum(initial, 'raw')),
    totalFiles: list.length,
    totalJsKiB: kib(sum(list, 'gzipServed')),
  };
}

async function main() {
  const base = baseUrl();
  const budgets = loadBudgets().bundle;
  const routes = [...(await discoverRoutes(base)), ...((await signedInRoutes(base)) ?? [])];
  const token = await signInToken(base, routes);
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox'] });
  const results = [];
  try {
    for (const route of routes) results.push(await measureRoute(browser, base, route, token));
  } finally {
    await browser.close();
  }

  console.log(
    `JavaScript per page on ${base} (KiB; gzip served = as sent to a gzip-only client (the budget), gzip 6 = level-6 gzip of each file, transfer = as sent to Chromium)\n`,
  );
  console.log(
    formatTable(
      results.map((r) => ({ ...r, name: r.route.name, path: r.route.path })),
      [
        { key: 'name', title: 'route' },
        { key: 'path', title: 'path' },
        { key: 'initialFiles', title: 'initial files' },
        { key: 'initialJsKiB', title: 'initial gzip served' },
        { key: 'initialGzip6KiB', title: 'initial gzip 6' },
        { key: 'initialTransferKiB', title: 'initial transfer' },
        { key: 'initialRawKiB', title: 'initial raw' },
        { key: 'totalFiles', title: 'total files' },
        { key: 'totalJsKiB', title: 'total gzip served' },
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
    .sort((a, b) => b.gzipServed - a.gzipServed)
    .map((row) => ({ ...row, initialOn: row.initialOn.length === results.length ? 'all' : row.initialOn.join(', ') || '-' }));
  console.log(
    `\nFiles\n${formatTable(fileRows, [
      { key: 'file', title: 'file' },
      { key: 'gzipServed', title: 'gzip served' },
      { key: 'gzip', title: 'gzip 6' },
      { key: 'transfer', title: 'transfer' },
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
