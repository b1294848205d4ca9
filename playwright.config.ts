// Browser tests against the built app and the real backend, started by tests/tools/run-e2e.mjs
// (`npm run test:e2e`). Debian's Chromium at /usr/bin/chromium: Playwright never downloads browsers.
//
// Projects: `desktop` runs every test not tagged @mobile; `mobile` (390x844, touch) runs the tests
// tagged @mobile (mobile-only behaviour) or @responsive (worth seeing at both sizes). `faults` is the
// only project when E2E_PHASE=faults: the specs that change what every other test would see —
// faults.spec.ts stops the backend, xss.spec.ts stores payloads in the alert bar and policies,
// expired-code.spec.ts writes into the backend's database file — run
// in that phase, after the others and one at a time (run-e2e.mjs), so no other test sees them.
import { defineConfig, devices } from '@playwright/test';

const CI = Boolean(process.env.CI) && process.env.CI !== 'false';
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8900}`;

const FAULTS = /(faults|xss|expired-code)\.spec\.ts$/;
const faultsPhase = process.env.E2E_PHASE === 'faults';

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // several developers may run Playwright in one tree: run-e2e.mjs gives each port its own dir
  outputDir: process.env.PW_OUTPUT_DIR ?? 'test-results/e2e',
  // 2 cores run Vendure, the storefront and the browsers: two workers is the most that helps.
  workers: faultsPhase ? 1 : Number(process.env.E2E_WORKERS ?? 2),
  fullyParallel: true,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  // e2e-figures prints the suites' own figures at the end (CSP documents checked, faults, xss payloads)
  reporter: [
    [CI ? 'line' : 'list'],
    ['json', { outputFile: process.env.PW_JSON_OUTPUT ?? 'test-results/e2e-results.json' }],
    ['./tests/tools/e2e-figures.mjs'],
  ],
  use: {
    baseURL,
    launchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Start every test as a first-time visitor whose browser prefers English (the spec's fallback);
    // Arabic tests set their locale explicitly (fixtures.ts).
    locale: 'en-US',
    timezoneId: 'Asia/Riyadh',
    // The shop registers a service worker once a page has loaded. Requests a worker handles are not
    // seen by page.route (Playwright's documented limit), and the worker taking control mid-test
    // changes what the tests' routes see: the sign-in network-failure test once found its login
    // request not failed under a loaded machine. No test is about the worker, so none runs it.
    serviceWorkers: 'block',
  },
  projects: faultsPhase
    ? [{ name: 'faults', testMatch: FAULTS, use: { ...devices['Desktop Chrome'], launchOptions } }]
    : [
        {
          name: 'desktop',
          grepInvert: /@mobile\b/,
          testIgnore: FAULTS,
          use: { ...devices['Desktop Chrome'], launchOptions },
        },
        {
          name: 'mobile',
          grep: /@mobile\b|@responsive\b/,
          testIgnore: FAULTS,
          use: {
            browserName: 'chromium',
            viewport: { width: 390, height: 844 },
            screen: { width: 390, height: 844 },
            deviceScaleFactor: 2,
            isMobile: true,
            hasTouch: true,
            userAgent: devices['Pixel 7'].userAgent,
            launchOptions,
          },
        },
      ],
});
