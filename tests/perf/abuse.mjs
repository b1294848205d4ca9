#!/usr/bin/env node
// `npm run bench:abuse`: a burst of the probe's abusive Shop API requests (issue 33 §1) — a nested
// fan-out, 500 aliases of products(take: 100), fragments nested 30 deep, a 5,000-token query, a
// batched array, a body over the limit — with a shopper's query every 100 ms meanwhile, and
// Vendure's resident memory (RSS of its process tree, /proc) before, at its peak during, and after.
// It starts Vendure itself (server/scripts/run-server.mjs: builds server/dist if stale, seeds
// BENCH_DATA_DIR once) on BENCH_SERVER_PORT, or measures a running one: BENCH_SERVER_URL plus
// BENCH_VENDURE_PID (the pid whose process tree is Vendure).
//
//   BENCH_ABUSE_REQUESTS=400        abusive requests in the burst (default 400)
//   BENCH_ABUSE_CONNECTIONS=20      of them in flight at once (default 20)
//   BENCH_MAX_RSS_GROWTH_MB=100     budget: peak RSS minus RSS before (default 100 MB)
//   BENCH_DATA_DIR=data/bench-abuse BENCH_SERVER_PORT=3100
//   BENCH_START_TIMEOUT_S=1800      how long a first start (build, seed) may take
//
// Exits non-zero when an abusive request is not refused with a 4xx, a shopper's query fails, or
// the peak grows past the budget. Linux only (reads /proc).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { fmt, formatTable, percentile } from './lib.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REQUESTS = Number(process.env.BENCH_ABUSE_REQUESTS || 400);
const CONNECTIONS = Number(process.env.BENCH_ABUSE_CONNECTIONS || 20);
const MAX_GROWTH_MB = Number(process.env.BENCH_MAX_RSS_GROWTH_MB || 100);
const START_TIMEOUT_S = Number(process.env.BENCH_START_TIMEOUT_S || 1800);

const FAN_OUT = `{ collections(options: { take: 50 }) { items { productVariants(options: { take: 50 }) { items { product {
  collections { productVariants(options: { take: 50 }) { items { id name } } } } } } } } }`;
const SHAPES = {
  'fan-out 50 per level': JSON.stringify({ query: FAN_OUT }),
  '500 aliases of products(take: 100)': JSON.stringify({
    query: `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: products(options: { take: 100 }) { items { id name description } }`).join(' ')} }`,
  }),
  'fragments 30 deep': JSON.stringify({
    query: [
      `query { collections { items { ...F0 } } }`,
      ...Array.from({ length: 30 }, (_, i) => `fragment F${i} on Collection { id parent { ...F${i + 1} } }`),
      `fragment F30 on Collection { id }`,
    ].join('\n'),
  }),
  '5,000 tokens': JSON.stringify({ query: `{ ${'__typename '.repeat(5000)}}` }),
  'batched array of 100': JSON.stringify(Array.from({ length: 100 }, () => ({ query: FAN_OUT }))),
  'body of 1 MB': JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(1024 * 1024) } }),
};
const SHOPPER = JSON.stringify({ query: `query { products(options: { take: 10 }) { totalItems items { id name slug } } }` });

/** RSS of a process and its descendants, in MB (/proc). */
function treeRssMb(rootPid) {
  const parents = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // the process ended meanwhile
    }
  }
  const tree = new Set([rootPid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (tree.has(ppid) && !tree.has(pid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  let kb = 0;
  for (const pid of tree) {
    try {
      kb += Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb / 1024;
}

async function post(url, body) {
  const started = performance.now();
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: AbortSignal.timeout(60_000),
    });
    await res.arrayBuffer();
    return { status: res.status, ms: performance.now() - started };
  } catch (error) {
    return { status: 0, ms: performance.now() - started, error: String(error?.cause?.code ?? error?.name ?? error) };
  }
}

async function startVendure(port) {
  const dataDir = path.resolve(REPO_ROOT, process.env.BENCH_DATA_DIR || 'data/bench-abuse');
  const child = spawn(process.execPath, ['server/scripts/run-server.mjs'], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir, SERVER_PORT: String(port), ADMIN_UI: 'false', LOG_LEVEL: 'Warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  // a first run builds server/dist and seeds the photographed catalogue: minutes on a busy machine
  const deadline = Date.now() + START_TIMEOUT_S * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Vendure exited (${child.exitCode})`);
    if ((await post(`${base}/shop-api`, SHOPPER)).status === 200) return { base, pid: child.pid, stop: () => child.kill('SIGTERM') };
    await new Promise((r) => setTimeout(r, 1000));
  }
  child.kill('SIGTERM');
  throw new Error(`Vendure did not answer within ${START_TIMEOUT_S} s (BENCH_START_TIMEOUT_S)`);
}

const target = process.env.BENCH_SERVER_URL
  ? { base: process.env.BENCH_SERVER_URL.replace(/\/$/, ''), pid: Number(process.env.BENCH_VENDURE_PID), stop: () => {} }
  : await startVendure(Number(process.env.BENCH_SERVER_PORT || 3100));
if (!Number.isInteger(target.pid) || target.pid <= 0) throw new Error('BENCH_VENDURE_PID: the pid of the running Vendure');
const url = `${target.base}/shop-api`;

try {
  for (let i = 0; i < 20; i++) await post(url, SHOPPER); // warm
  await new Promise((r) => setTimeout(r, 1000));
  const before = treeRssMb(target.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRssMb(target.pid))), 100);

  const shapes = Object.entries(SHAPES);
  const results = Object.fromEntries(shapes.map(([name]) => [name, []]));
  const shopper = [];
  let burstDone = false;
  const shopping = (async () => {
    while (!burstDone) {
      shopper.push(await post(url, SHOPPER));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (next < REQUESTS) {
        const [name, body] = shapes[next++ % shapes.length];
        results[name].push(await post(url, body));
      }
    }),
  );
  const burstMs = performance.now() - started;
  burstDone = true;
  await shopping;
  await new Promise((r) => setTimeout(r, 2000));
  clearInterval(sampler);
  const after = treeRssMb(target.pid);

  const row = (name, list) => {
    const ms = list.map((r) => r.ms).sort((a, b) => a - b);
    const statuses = Object.entries(Object.groupBy(list, (r) => r.error ?? String(r.status)))
      .map(([s, l]) => `${s}×${l.length}`)
      .join(' ');
    return {
      name,
      n: list.length,
      statuses,
      p50: fmt(percentile(ms, 50), 0),
      p95: fmt(percentile(ms, 95), 0),
      max: fmt(ms.at(-1) ?? 0, 0),
    };
  };
  console.log(`\nAbusive Shop API burst: ${REQUESTS} requests, ${CONNECTIONS} at once, ${fmt(burstMs / 1000, 1)} s (${target.base})\n`);
  console.log(
    formatTable(
      [...shapes.map(([name]) => row(name, results[name])), row('shopper (every 100 ms)', shopper)],
      [
        { key: 'name', title: 'request' },
        { key: 'n', title: 'n' },
        { key: 'statuses', title: 'statuses' },
        { key: 'p50', title: 'p50 ms', align: 'right' },
        { key: 'p95', title: 'p95 ms', align: 'right' },
        { key: 'max', title: 'max ms', align: 'right' },
      ],
    ),
  );
  console.log(
    `\nVendure RSS: before ${fmt(before, 0)} MB, peak during ${fmt(peak, 0)} MB, after ${fmt(after, 0)} MB (budget: +${MAX_GROWTH_MB} MB)`,
  );

  const failures = [];
  for (const [name] of shapes) {
    const bad = results[name].filter((r) => !(r.status >= 400 && r.status < 500));
    if (bad.length) failures.push(`${name}: ${bad.length} not refused with a 4xx`);
  }
  const failedShopper = shopper.filter((r) => r.status !== 200);
  if (failedShopper.length) failures.push(`shopper: ${failedShopper.length} of ${shopper.length} failed`);
  if (peak - before > MAX_GROWTH_MB) failures.push(`peak RSS grew ${fmt(peak - before, 0)} MB (budget ${MAX_GROWTH_MB} MB)`);
  for (const f of failures) console.log(`FAIL ${f}`);
  if (!failures.length) console.log('PASS memory flat, every abusive request refused, every shopper answered');
  process.exitCode = failures.length ? 1 : 0;
} finally {
  target.stop();
}
