#!/usr/bin/env node
// `npm run bench:lighthouse [-- URL]`: Lighthouse (mobile preset: emulated phone, simulated
// slow 4G and 4x CPU slowdown) on each route, median of several runs.
//
//   BENCH_URL (or the first argument)   the shop, default http://127.0.0.1:8080
//   BENCH_RUNS                          runs per route (3)
//   BENCH_ROUTES                        only the routes whose name contains one of these words (comma-separated)
//   BENCH_SAVE                          a directory (created if missing): every Lighthouse JSON report is written there
//   CHROME_PATH                         the browser, default /usr/bin/chromium
//   LIGHTHOUSE_CLI                      how to start Lighthouse when node_modules/lighthouse is
//                                       missing, e.g. "npx --yes lighthouse@13.5.0"
//
// Each route is loaded as a returning visitor of its language (locale cookie sent), so the
// unprefixed Arabic pages are measured, not a first-visit redirect to /en. Signed-in routes run in
// a fresh browser profile per run whose cookie jar holds the session (Playwright writes it; storage
// reset off): a Cookie header alone reaches the server but not `document.cookie`, so the page's own
// client would call the Shop API as a visitor (on /profile/addresses that emptied the list: CLS 0.15).
// Figures per route: performance score, LCP, CLS, TBT and FCP, each the median of the runs.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  baseUrl,
  cookieHeader,
  discoverRoutes,
  evaluate,
  formatTable,
  loadBudgets,
  median,
  report,
  routeCookies,
  signedInRoutes,
  signInToken,
} from './lib.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const LOCAL_CLI = join(root, 'node_modules/lighthouse/cli/index.js');
export const INSTALL_HINT = 'npm install -D lighthouse@13.5.0';

/** The command that starts Lighthouse's CLI: the project's copy, else LIGHTHOUSE_CLI. */
export function lighthouseCommand(env = process.env) {
  if (existsSync(LOCAL_CLI)) return [process.execPath, LOCAL_CLI];
  if (env.LIGHTHOUSE_CLI) return env.LIGHTHOUSE_CLI.split(/\s+/).filter(Boolean);
  return null;
}

/** The figures of one Lighthouse JSON report. */
export function figures(lhr) {
  const audit = (id) => lhr.audits?.[id]?.numericValue ?? Number.NaN;
  const score = lhr.categories?.performance?.score;
  return {
    performance: typeof score === 'number' ? Math.round(score * 100) : Number.NaN,
    lcpMs: Math.round(audit('largest-contentful-paint')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    tbtMs: Math.round(audit('total-blocking-time')),
    fcpMs: Math.round(audit('first-contentful-paint')),
  };
}

/** A new Chrome profile whose cookie jar holds the route's cookies (a signed-in shopper's browser). */
async function signedInProfile(base, cookies) {
  const { chromium } = await import('@playwright/test');
  const dir = mkdtempSync(join(tmpdir(), 'bench-lh-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox'],
    headless: true,
  });
  const expires = Math.floor(Date.now() / 1000) + 3600;
  await context.addCookies(cookies.map((c) => ({ ...c, url: base, expires })));
  await context.close();
  return dir;
}

function runOnce(command, url, cookie, profileDir) {
  const chromeFlags = `--headless=new --no-sandbox --disable-gpu${profileDir ? ` --user-data-dir=${profileDir}` : ''}`;
  const args = [
    ...command.slice(1),
    url,
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance',
    '--quiet',
    `--chrome-flags=${chromeFlags}`,
    ...(profileDir ? ['--disable-storage-reset'] : [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`]),
  ];
  return new Promise((resolvePromise, reject) => {
    execFile(
      command[0],
      args,
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) return reject(new Error(`lighthouse failed on ${url}: ${stderr || error.message}`));
        try {
          const lhr = JSON.parse(stdout);
          if (lhr.runtimeError) return reject(new Error(`lighthouse on ${url}: ${lhr.runtimeError.message}`));
          if (process.env.BENCH_SAVE) {
            mkdirSync(process.env.BENCH_SAVE, { recursive: true });
            writeFileSync(join(process.env.BENCH_SAVE, `${Date.now()}.json`), stdout);
          }
          resolvePromise(figures(lhr));
        } catch (parseError) {
          reject(parseError);
        }
      },
    );
  });
}

async function main() {
  const command = lighthouseCommand();
  if (!command) {
    console.error(`Lighthouse is not installed: run \`${INSTALL_HINT}\`, or set LIGHTHOUSE_CLI="npx --yes lighthouse@13.5.0".`);
    process.exit(2);
  }
  const base = baseUrl();
  const runs = Number(process.env.BENCH_RUNS || 3);
  const budgets = loadBudgets().lighthouse;
  // BENCH_ROUTES=profile,products: only the routes whose name contains one of the words
  const only = (process.env.BENCH_ROUTES || '').split(',').filter(Boolean);
  const routes = [...(await discoverRoutes(base)), ...((await signedInRoutes(base)) ?? [])].filter(
    (r) => only.length === 0 || only.some((w) => r.name.includes(w)),
  );
  const token = await signInToken(base, routes);
  console.log(`Lighthouse (mobile) on ${base}, median of ${runs} runs per route\n`);
  const rows = [];
  for (const route of routes) {
    const results = [];
    for (let i = 0; i < runs; i++) {
      // a fresh profile per run: the storage reset is off, so nothing may be cached from the last run
      const profile = route.signedIn || route.cookie ? await signedInProfile(base, routeCookies(route, token)) : null;
      try {
        results.push(await runOnce(command, base + route.path, cookieHeader(route, token), profile));
      } finally {
        if (profile) rmSync(profile, { recursive: true, force: true });
      }
    }
    const row = { name: route.name, path: route.path, scores: results.map((r) => r.performance).join(' ') };
    for (const key of ['performance', 'lcpMs', 'cls', 'tbtMs', 'fcpMs']) row[key] = median(results.map((r) => r[key]));
    rows.push(row);
    console.log(`  ${row.name}: performance ${row.performance} (runs: ${row.scores}), LCP ${row.lcpMs} ms, CLS ${row.cls}`);
  }
  console.log(
    `\n${formatTable(rows, [
      { key: 'name', title: 'route' },
      { key: 'path', title: 'path' },
      { key: 'performance', title: 'score' },
      { key: 'scores', title: 'runs', align: 'left' },
      { key: 'lcpMs', title: 'LCP ms' },
      { key: 'cls', title: 'CLS' },
      { key: 'tbtMs', title: 'TBT ms' },
      { key: 'fcpMs', title: 'FCP ms' },
    ])}`,
  );
  const { checked } = evaluate(
    rows.flatMap((row) => ['performance', 'lcpMs', 'cls'].map((metric) => ({ label: row.name, metric, value: row[metric] }))),
    budgets,
  );
  process.exitCode = report('Lighthouse', checked);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
