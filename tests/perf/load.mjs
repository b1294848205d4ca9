#!/usr/bin/env node
// `npm run bench:load [-- URL]`: throughput and latency of a running shop under concurrent load
// (autocannon), on the product page, the Arabic home page and the Shop API proxy.
//
//   BENCH_URL (or the first argument)   the shop, default http://127.0.0.1:8080
//   BENCH_TARGETS=product,home          only these targets
//   BENCH_CONNECTIONS / BENCH_DURATION  override budgets.json (20 connections, 10 s)
//   BENCH_SERVER_PID                    the storefront's process id (same machine): adds the
//                                       CPU time it spent per request, a figure that does not
//                                       depend on how busy the other cores are
//
// Each target gets a warm-up (budgets.json warmupSeconds, not counted), then the measured run.
// Requests look like a returning visitor's: browser Accept/Accept-Encoding headers and the
// locale cookie of the page's language (a cookieless first visit to an unprefixed page may be
// redirected by Accept-Language, which is not what is being measured here).
// Latency percentiles are computed from every response's time (autocannon's own histogram has
// no p95). Any non-2xx answer or socket error counts as a failure.
// The load generator runs on the same machine as the shop: on 2 shared cores it takes CPU from
// the server, so the figures are a lower bound of what the server alone can do.
//
// Fresh renders (issue 17 item 5), `BENCH_FRESH=1 npm run bench:load`: the time to first byte of
// server renders that no cache answers. The bench starts a second storefront from the same build
// (src/server/storefront.mjs) on BENCH_FRESH_PORT (default: the shop's port + 1) with the HTML
// cache and the SSR read cache off (HTML_CACHE_TTL_MS=0, SSR_CACHE_TTL_MS=0), talking to the
// shop's Vendure (BENCH_SHOP_API_URL, default http://127.0.0.1:$SERVER_PORT/shop-api, SERVER_PORT
// 3000), so every request renders the page and reads its data from Vendure. It asks one request
// at a time (the latency of one render, not a queue) for BENCH_FRESH_REQUESTS requests per
// target (default budgets.json `load.fresh.requests`) after a few warm-up requests, going round
// up to 5 categories and 5 products linked from the home page, and prints p50/p95/p99 of the time
// to the response's first byte. Budget: `load.fresh` in budgets.json (p95 <= 60 ms). A response
// that says it came from a cache (X-Cache HIT or STALE) fails the run. BENCH_FRESH=only measures
// the fresh renders alone. BENCH_FRESH=unseen asks every product, category and brand page and a
// list of searches once each instead (never-seen URLs, p50/p95 per page type; tests/perf/unseen.mjs,
// which also says how to measure another storefront side by side).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { measureUnseen, unseenUrls } from './unseen.mjs';
import {
  BROWSER_HEADERS,
  firstByte,
  baseUrl,
  discoverRoutes,
  evaluate,
  fmt,
  formatTable,
  loadBudgets,
  LOCALE_COOKIE,
  localeOf,
  percentile,
  report,
} from './lib.mjs';

const round1 = (n) => Math.round(n * 10) / 10;

/** CPU time (ms, user + system) a local process has used so far; NaN when unknown. */
export function cpuMs(pid) {
  if (!pid) return Number.NaN;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of the full line, in clock ticks (100 per second)
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/** One autocannon run; resolves with its result and every response time (ms). */
function run(opts) {
  return new Promise((resolve, reject) => {
    const times = [];
    const statuses = new Map();
    const instance = autocannon(opts, (error, result) => (error ? reject(error) : resolve({ result, times, statuses })));
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      times.push(responseTime);
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
    });
  });
}

export async function loadTarget(base, target, { connections, duration, warmup, serverPid }) {
  const opts = {
    url: base + target.path,
    connections,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
  };
  if (warmup > 0) await run({ ...opts, duration: warmup });
  const cpuBefore = cpuMs(serverPid);
  const { result, times, statuses } = await run({ ...opts, duration });
  const cpuPerRequest = (cpuMs(serverPid) - cpuBefore) / times.length;
  times.sort((a, b) => a - b);
  const ok = [...statuses].filter(([s]) => s >= 200 && s < 300).reduce((n, [, c]) => n + c, 0);
  const failures = times.length - ok + result.errors + result.timeouts;
  const seconds = result.duration || duration;
  return {
    name: target.name,
    path: target.path,
    requests: times.length,
    requestsPerSecond: Math.round(ok / seconds),
    p50Ms: round1(percentile(times, 50)),
    p95Ms: round1(percentile(times, 95)),
    p99Ms: round1(percentile(times, 99)),
    maxMs: round1(times.at(-1) ?? Number.NaN),
    failures,
    statuses: [...statuses].map(([s, c]) => `${s}×${c}`).join(' ') + (result.errors ? ` err×${result.errors}` : ''),
    serverCpuMs: Number.isNaN(cpuPerRequest) ? undefined : Math.round(cpuPerRequest * 100) / 100,
    kbPerRequest: times.length ? Math.round(result.throughput.total / times.length / 102.4) / 10 : Number.NaN,
  };
}

export async function loadTargets(base) {
  const routes = await discoverRoutes(base);
  const pick = (name) => routes.find((r) => r.name === name);
  const pageHeaders = (path) => ({ ...BROWSER_HEADERS, cookie: `${LOCALE_COOKIE}=${localeOf(path)}` });
  const product = pick('product');
  const home = pick('home (ar)');
  return [
    { name: 'product', path: product.path, headers: pageHeaders(product.path) },
    { name: 'home', path: home.path, headers: pageHeaders(home.path) },
    {
      // through the storefront's reverse proxy to Vendure, as the browser does
      name: 'shop-api',
      path: '/shop-api',
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br', 'vendure-language-code': 'ar' },
      body: JSON.stringify({ query: 'query BenchCollections { collections(options: { take: 3 }) { items { id slug name } } }' }),
    },
  ];
}

/** Up to `n` distinct category and product paths linked from the Arabic home page. */
async function freshPaths(base, n = 5) {
  const res = await fetch(`${base}/`, { headers: { cookie: `${LOCALE_COOKIE}=ar` } });
  if (!res.ok) throw new Error(`GET ${base}/ answered ${res.status}`);
  const hrefs = [...new Set([...(await res.text()).matchAll(/href="(\/products\/[^"?#]+)"/g)].map((m) => m[1]))];
  const categories = hrefs.filter((h) => /^\/products\/c\/[^/]+$/.test(h)).slice(0, n);
  const products = hrefs.filter((h) => /^\/products\/[^/]+$/.test(h) && !/^\/products\/(c|brand)$/.test(h)).slice(0, n);
  if (!categories.length || !products.length) throw new Error(`no category or product link on ${base}/`);
  return { category: categories, product: products };
}

/** Starts a storefront with both caches off; resolves with its base URL and a stop function. */
async function startFreshStorefront(port, shopApiUrl) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const base = `http://127.0.0.1:${port}`;
  // Something already answering there would be measured instead (and may be a cache)
  const taken = await fetch(`${base}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use: set BENCH_FRESH_PORT to a free one`);
  const child = spawn(process.execPath, ['src/server/storefront.mjs'], {
    cwd: root,
    // NODE_ENV as `npm start` runs it (src/server/start.mjs): production unless set, else React's
    // development build would be measured
    env: {
      ...process.env,
      NODE_ENV: process.env.NODE_ENV || 'production',
      PORT: String(port),
      SHOP_API_URL: shopApiUrl,
      HTML_CACHE_TTL_MS: '0',
      SSR_CACHE_TTL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = [];
  const keep = (chunk) => tail.push(...String(chunk).split('\n')) && tail.splice(0, Math.max(0, tail.length - 20));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = null;
  const done = new Promise((resolve) => child.on('exit', (code) => resolve((exited = code ?? 1))));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`the fresh-render storefront exited (${exited}):\n${tail.join('\n')}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop: () => (child.kill('SIGTERM'), done) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGTERM');
  throw new Error(`the fresh-render storefront on ${base} did not answer within 60 s`);
}

/** TTFB of fresh (uncached) renders of category and product pages, one request at a time. */
export async function measureFresh(base, { requests, warmup = 5 }) {
  const paths = await freshPaths(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const rows = [];
  try {
    for (const [name, list] of Object.entries(paths)) {
      const headers = { ...BROWSER_HEADERS, cookie: `${LOCALE_COOKIE}=ar` };
      for (let i = 0; i < warmup; i++) await firstByte(base + list[i % list.length], headers, agent);
      const times = [];
      let failures = 0;
      for (let i = 0; i < requests; i++) {
        const r = await firstByte(base + list[i % list.length], headers, agent);
        if (r.cache === 'HIT' || r.cache === 'STALE')
          throw new Error(`${list[i % list.length]} came from the HTML cache (X-Cache ${r.cache})`);
        if (r.status !== 200) failures += 1;
        times.push(r.ms);
      }
      times.sort((a, b) => a - b);
      rows.push({
        name: `${name} (fresh)`,
        pages: list.length,
        requests,
        p50Ms: round1(percentile(times, 50)),
        p95Ms: round1(percentile(times, 95)),
        p99Ms: round1(percentile(times, 99)),
        maxMs: round1(times.at(-1)),
        failures,
      });
    }
  } finally {
    agent.destroy();
  }
  return rows;
}

async function runFresh(base, budgets) {
  const port = Number(process.env.BENCH_FRESH_PORT || Number(new URL(base).port || 80) + 1);
  const shopApiUrl = process.env.BENCH_SHOP_API_URL || `http://127.0.0.1:${process.env.SERVER_PORT || 3000}/shop-api`;
  const requests = Number(process.env.BENCH_FRESH_REQUESTS || budgets.requests);
  const storefront = await startFreshStorefront(port, shopApiUrl);
  try {
    console.log(
      `\nFresh renders on ${storefront.base} (HTML and SSR read caches off, Shop API ${shopApiUrl}): ` +
        `${requests} requests per target, one at a time, time to first byte`,
    );
    const rows = await measureFresh(storefront.base, { requests });
    console.log(
      `\n${formatTable(rows, [
        { key: 'name', title: 'target' },
        { key: 'pages', title: 'pages' },
        { key: 'requests', title: 'requests' },
        { key: 'p50Ms', title: 'TTFB p50 ms' },
        { key: 'p95Ms', title: 'p95 ms' },
        { key: 'p99Ms', title: 'p99 ms' },
        { key: 'maxMs', title: 'max ms' },
        { key: 'failures', title: 'failures' },
      ])}`,
    );
    return rows.flatMap(
      (row) =>
        evaluate(
          ['p95Ms', 'failures'].map((metric) => ({ label: row.name, metric, value: row[metric] })),
          budgets.targets,
        ).checked,
    );
  } finally {
    await storefront.stop();
  }
}

/** Whether the Shop API at `shopApiUrl` keeps whole answers (decision 019's response cache). */
async function keptAnswers(shopApiUrl) {
  const ask = () =>
    fetch(shopApiUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ collections(options: { take: 1 }) { totalItems } }' }),
    }).then((r) => r.headers.get('x-catalogue-cache'));
  await ask();
  return (await ask()) === 'hit';
}

/** Never-seen URLs on our shop with its caches off, or on BENCH_UNSEEN_BASE as it runs. */
async function runUnseen(base, budgets) {
  const other = process.env.BENCH_UNSEEN_BASE;
  if (other && !process.env.BENCH_UNSEEN_URLS) throw new Error("BENCH_UNSEEN_BASE needs BENCH_UNSEEN_URLS (that shop's URLs)");
  const urls = await unseenUrls(base);
  let target = other;
  let storefront = null;
  if (!target) {
    const port = Number(process.env.BENCH_FRESH_PORT || Number(new URL(base).port || 80) + 1);
    const shopApiUrl = process.env.BENCH_SHOP_API_URL || `http://127.0.0.1:${process.env.SERVER_PORT || 3000}/shop-api`;
    storefront = await startFreshStorefront(port, shopApiUrl);
    target = storefront.base;
    const kept = await keptAnswers(shopApiUrl).catch(() => false);
    console.log(
      `\nNever-seen URLs on ${target} (HTML and SSR read caches off; Vendure's kept answers ${kept ? 'ON: start Vendure with CATALOGUE_RESPONSE_CACHE=off to measure without them' : 'off'})`,
    );
  } else {
    console.log(`\nNever-seen URLs on ${target} (as it runs)`);
  }
  try {
    console.log(`${urls.length} URLs, each asked once, one at a time, time to first byte`);
    const rows = await measureUnseen(target, urls);
    console.log(
      `\n${formatTable(rows, [
        { key: 'name', title: 'type' },
        { key: 'pages', title: 'URLs' },
        { key: 'p50Ms', title: 'TTFB p50 ms' },
        { key: 'p95Ms', title: 'p95 ms' },
        { key: 'p99Ms', title: 'p99 ms' },
        { key: 'maxMs', title: 'max ms' },
        { key: 'failures', title: 'failures' },
      ])}`,
    );
    return rows.flatMap(
      (row) =>
        evaluate(
          ['p95Ms', 'failures'].map((metric) => ({ label: row.name, metric, value: row[metric] })),
          budgets.targets[row.type],
        ).checked,
    );
  } finally {
    await storefront?.stop();
  }
}

async function main() {
  const base = baseUrl();
  const budgets = loadBudgets().load;
  const fresh = process.env.BENCH_FRESH;
  if (process.argv.includes('--unseen-list')) {
    for (const { type, path } of await unseenUrls(base)) console.log(`${type} ${path}`);
    return;
  }
  if (fresh === 'unseen') {
    process.exitCode = report('Never-seen URLs', await runUnseen(base, budgets.unseen));
    return;
  }
  if (fresh === 'only') {
    process.exitCode = report('Fresh renders', await runFresh(base, budgets.fresh));
    return;
  }
  const connections = Number(process.env.BENCH_CONNECTIONS || budgets.connections);
  const duration = Number(process.env.BENCH_DURATION || budgets.durationSeconds);
  const warmup = Number(process.env.BENCH_WARMUP ?? budgets.warmupSeconds);
  const only = process.env.BENCH_TARGETS?.split(',').map((s) => s.trim());
  const targets = (await loadTargets(base)).filter((t) => !only || only.includes(t.name));
  console.log(`Load on ${base}: ${connections} connections, ${duration} s per target after a ${warmup} s warm-up\n`);

  const rows = [];
  for (const target of targets) {
    const row = await loadTarget(base, target, { connections, duration, warmup, serverPid: process.env.BENCH_SERVER_PID });
    rows.push(row);
    console.log(`  ${row.name}: ${row.requestsPerSecond} req/s, p95 ${fmt(row.p95Ms)} ms (${row.statuses})`);
  }
  console.log(
    `\n${formatTable(rows, [
      { key: 'name', title: 'target' },
      { key: 'path', title: 'path' },
      { key: 'requestsPerSecond', title: 'req/s (2xx)' },
      { key: 'p50Ms', title: 'p50 ms' },
      { key: 'p95Ms', title: 'p95 ms' },
      { key: 'p99Ms', title: 'p99 ms' },
      { key: 'maxMs', title: 'max ms' },
      { key: 'kbPerRequest', title: 'KiB/resp' },
      ...(process.env.BENCH_SERVER_PID ? [{ key: 'serverCpuMs', title: 'server CPU ms/req' }] : []),
      { key: 'failures', title: 'failures' },
      { key: 'statuses', title: 'statuses', align: 'left' },
    ])}`,
  );

  const checked = rows.flatMap((row) => {
    const metrics = ['requestsPerSecond', 'p95Ms', 'failures'].map((metric) => ({ label: row.name, metric, value: row[metric] }));
    return evaluate(metrics, budgets.targets[row.name]).checked;
  });
  if (fresh && fresh !== '0') checked.push(...(await runFresh(base, budgets.fresh)));
  process.exitCode = report('Load', checked);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
