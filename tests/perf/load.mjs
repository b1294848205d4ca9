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
import { pathToFileURL } from 'node:url';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { baseUrl, discoverRoutes, evaluate, fmt, formatTable, loadBudgets, LOCALE_COOKIE, localeOf, percentile, report } from './lib.mjs';

const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 bench',
};

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

async function main() {
  const base = baseUrl();
  const budgets = loadBudgets().load;
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
  process.exitCode = report('Load', checked);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
