// The offline inspector's browser test (tests/inspector/inspector.spec.ts), against the DEVELOPMENT
// server and a seeded Vendure that tests/tools/run-inspector.mjs starts (`npm run inspector:check`,
// the `inspector` stage of `npm test`). Debian's Chromium; Playwright never downloads browsers.
import { defineConfig } from '@playwright/test';

const CI = Boolean(process.env.CI) && process.env.CI !== 'false';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/inspector',
  workers: 1,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  // The dev server compiles each module on its first request: a cold product page on CI's 2 cores
  // takes tens of seconds, so the one test gets far more time than an e2e test.
  timeout: 150_000,
  expect: { timeout: 15_000 },
  reporter: [[CI ? 'line' : 'list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT ?? '../../test-results/inspector-results.json' }]],
  use: {
    baseURL: process.env.INSPECTOR_BASE_URL ?? 'http://127.0.0.1:5191',
    browserName: 'chromium',
    // tall enough that the docked panel leaves the product's Add to cart button uncovered
    viewport: { width: 1400, height: 1400 },
    locale: 'en-US',
    launchOptions: {
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
    },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // page.route must see every Shop API call (a service worker's requests bypass it).
    serviceWorkers: 'block',
  },
});
