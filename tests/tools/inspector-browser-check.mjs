#!/usr/bin/env node
// A browser check of the offline inspector (docs/inspector.md) against the DEVELOPMENT server, which
// the e2e suite (built app) cannot do: the inspector is not in a build. Needs no backend.
//
//   node tests/tools/inspector-browser-check.mjs [--port 5191] [--screenshot file.png]
//
// Starts `react-router dev`, opens /en/about?inspect in Chromium (/usr/bin/chromium) and checks that
// the cart's statechart is drawn with its active state highlighted, and that sending an event from
// the panel drives a transition (search: idle → debouncing, the highlight moves), and that the contact
// page's page-scoped actor is listed. Exit 1 on failure.
import { spawn } from 'node:child_process';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const port = Number(opt('--port', 5191));
const shot = opt('--screenshot', null);
const root = new URL('../..', import.meta.url).pathname;
const base = `http://127.0.0.1:${port}`;

const server = spawn('npx', ['react-router', 'dev', '--port', String(port), '--host', '127.0.0.1', '--strictPort'], {
  cwd: root,
  stdio: 'ignore',
  detached: true,
});
let serverExited = false;
server.on('exit', () => (serverExited = true));
const stopServer = () => {
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    // already gone
  }
};

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    // --strictPort: a port in use ends our server at once; never test someone else's.
    if (serverExited) throw new Error(`react-router dev exited (port ${port} in use?)`);
    try {
      if ((await fetch(`${base}/en/about`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`dev server did not answer on ${base}`);
}

const panel = '[data-xsid="xstate-dev-inspector"]';
const failures = [];
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
};

let browser;
try {
  await waitForServer();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless'],
  });
  const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
  await page.goto(`${base}/en/about?inspect`, { waitUntil: 'networkidle', timeout: 90_000 });
  await page.waitForSelector(panel, { state: 'attached', timeout: 60_000 });
  const actors = await page.locator(`${panel} nav button`).allTextContents();
  check(
    ['locale', 'shop', 'session', 'cart', 'wishlist', 'search'].every((a) => actors.includes(a)),
    `actors listed: ${actors.join(', ')}`,
  );

  await page.locator(`${panel} nav button`, { hasText: /^cart$/ }).click();
  await page.locator(`${panel} .diagram svg .node`).first().waitFor();
  const cartNodes = await page.locator(`${panel} .diagram svg .node`).count();
  const cartActive = await page.locator(`${panel} .diagram svg .node.active`).evaluateAll((ns) => ns.map((n) => n.getAttribute('data-id')));
  check(cartNodes === 10 && cartActive.length === 1, `cart statechart drawn: ${cartNodes} states, active ${cartActive.join(', ')}`);

  await page.locator(`${panel} nav button`, { hasText: /^search$/ }).click();
  await page.locator(`${panel} .diagram svg .node.active[data-id="search.idle"]`).waitFor();
  await page.locator(`${panel} textarea`).fill('{ "type": "search.type", "value": "shirt" }');
  await page.locator(`${panel} button`, { hasText: /^Send$/ }).click();
  await page.locator(`${panel} .diagram svg .node.active[data-id="search.debouncing.waiting"]`).waitFor({ timeout: 5_000 });
  const log = await page.locator(`${panel} ol li`).first().textContent();
  check(/"search\.type"/.test(log ?? ''), `sent search.type from the panel; highlight moved to search.debouncing.waiting; log: ${log}`);
  if (shot) await page.screenshot({ path: shot });

  // A page-scoped actor (usePageActor) is inspected with nothing asked by its page.
  await page.goto(`${base}/en/contact?inspect`, { waitUntil: 'networkidle', timeout: 90_000 });
  await page.waitForSelector(panel, { state: 'attached', timeout: 60_000 });
  await page
    .locator(`${panel} nav button`, { hasText: /^contact$/ })
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  const pageActors = await page.locator(`${panel} nav button`).allTextContents();
  check(pageActors.includes('contact'), `page-scoped actor inspected on /en/contact: ${pageActors.join(', ')}`);
} catch (error) {
  check(false, error instanceof Error ? error.message : String(error));
} finally {
  await browser?.close();
  stopServer();
}
process.exit(failures.length ? 1 : 0);
