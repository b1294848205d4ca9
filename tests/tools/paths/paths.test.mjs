import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  browserLine,
  browserPathCounts,
  browserPlan,
  coverageOf,
  isPathTest,
  pathCounts,
  readBrowserRecord,
  summary,
  writeBrowserRecord,
} from './run-path-tests.mjs';
import { browserPathsLine } from '../run-all.mjs';
import { describeFinal } from './paths.mjs';

const run = promisify(execFile);
const root = new URL('../../..', import.meta.url).pathname;
const cli = (...args) => run(process.execPath, ['tests/tools/paths/paths.mjs', ...args], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
// Simple paths to one outcome are numbered in walk order; the tests name them by content.
const unnumbered = (text) => text.split('\n').map((l) => l.replace(/ #\d+ \|/, ' #n |'));

describe('npm run paths -- checkout', () => {
  it('prints one line a path (name | steps | final state), with the paths to success', async () => {
    const { stdout } = await cli('checkout');
    const lines = unnumbered(stdout);

    expect(lines[0]).toMatch(/^# checkout: \d+ paths \(fresh \d+, returning \d+\), \d+ end in success; \d+ run in the unit model test$/);
    expect(lines).toContain(
      'fresh shortest to success | done:fetchCheckoutOrders(paid) | ⇒ success (order PaymentAuthorized+address+shipping, placedOrderCode ORD1) | runs in unit: tests/unit/machines/checkout.model.test.tsx',
    );
    expect(lines).toContain(
      'fresh to success #n | done:fetchCheckoutOrders(shipped) → review.confirm → done:transitionOrder(ok) → done:fetchPaymentMethods(card, tamara, tabby ineligible, cod) → payment.select(cod) → payment.submit → done:addPayment(authorized) | ⇒ success (order PaymentAuthorized+address+shipping, paymentMethodCode cash-on-delivery, placedOrderCode ORD1) | runs in browser: tests/e2e/checkout-paths.spec.ts (when the real app can take every step)',
    );
    expect(lines).toContain(
      'returning to success #n | done:fetchCheckoutOrders(arranging) → order.stateChanged(settled) | ⇒ success (order ArrangingPayment+address+shipping, placedOrderCode ORD1) | runs in browser: tests/e2e/checkout-paths.spec.ts (when the real app can take every step)',
    );
    expect(lines).toContain(
      'returning to success #n | done:fetchCheckoutOrders(arranging) → order.watchFailed → after:pollDelay → done:fetchOrderState(authorized) | ⇒ success (order ArrangingPayment+address+shipping, placedOrderCode ORD1) | runs in browser: tests/e2e/checkout-paths.spec.ts (when the real app can take every step)',
    );
    expect(lines).toContain(
      'returning to payment.fetching PAYMENT_DECLINED #n | done:fetchCheckoutOrders(arranging) → order.stateChanged(declined) | ⇒ payment.fetching [PAYMENT_DECLINED] (order ArrangingPayment+address+shipping) | runs in browser: tests/e2e/checkout-paths.spec.ts (when the real app can take every step)',
    );
  }, 120_000);

  it('prints the same paths as JSON with --json, named like the vitest path tests', async () => {
    const { stdout } = await cli('checkout', '--json');
    const { machine, paths } = JSON.parse(stdout);

    expect(machine).toBe('checkout');
    const live = paths.find(
      (p) => p.name === 'to success -: done:fetchCheckoutOrders(arranging) → order.stateChanged(settled)' && p.start === 'returning',
    );
    expect(live).toEqual({
      machine: 'checkout',
      start: 'returning',
      kind: 'simple',
      name: 'to success -: done:fetchCheckoutOrders(arranging) → order.stateChanged(settled)',
      test: 'browser: tests/e2e/checkout-paths.spec.ts (when the real app can take every step)',
      steps: [
        {
          description: 'done:fetchCheckoutOrders(arranging)',
          event: { type: 'xstate.done.actor.fetchCheckoutOrders', label: 'arranging' },
        },
        {
          description: 'order.stateChanged(settled)',
          event: {
            type: 'order.stateChanged',
            label: 'settled',
            update: { orderCode: 'ORD1', state: 'PaymentSettled', paymentState: 'Settled' },
          },
        },
      ],
      final: {
        state: 'success',
        order: 'ArrangingPayment+address+shipping',
        error: null,
        addressId: null,
        shippingMethodId: null,
        paymentMethodCode: null,
        gotoStep: null,
        pollAttempt: 0,
        placedOrderCode: 'ORD1',
      },
    });
    expect(paths.filter((p) => p.final.state === 'success').every((p) => p.steps.length > 0)).toBe(true);
  }, 120_000);

  it('names the known machines for an unknown one and exits 2', async () => {
    await expect(cli('nope')).rejects.toMatchObject({ code: 2, stderr: 'Unknown machine "nope". Known: checkout\n' });
  });
});

describe('describeFinal', () => {
  it('leaves out nulls and zeros', () => {
    expect(
      describeFinal({ state: 'payment.choosing.payFailed', error: 'NETWORK', order: 'ArrangingPayment', addressId: null, pollAttempt: 0 }),
    ).toBe('payment.choosing.payFailed [NETWORK] (order ArrangingPayment)');
  });
});

describe('npm run test:paths summary', () => {
  it('counts path tests by name and reads the coverage line through the reporter’s colours', () => {
    expect(
      [
        'shortest to success: x',
        'to success -: y',
        'reaches ready via cart.sync',
        'reaches exactly the pinned set of states',
        'takes every transition',
        'fresh covers review.idle.transitionFailed checkout.retry: x',
        'returning scenario back without paying: y',
        'the paths take every transition of the machine',
      ].map(isPathTest),
    ).toEqual([true, true, true, false, false, true, true, false]);
    const report = {
      testResults: [
        {
          name: '/repo/tests/unit/machines/checkout.model.test.tsx',
          assertionResults: [
            { title: 'shortest to empty: done:fetchCheckoutOrders(no order)', status: 'passed' },
            { title: 'to success -: done:fetchCheckoutOrders(paid)', status: 'failed' },
            { title: 'ends simple paths only at the pinned outcomes', status: 'passed' },
          ],
        },
      ],
    };
    const coverage = coverageOf('\u001b[22m\u001b[39mcheckout transition coverage: 97.5 % of 80 transitions\n');

    expect(pathCounts(report)).toEqual([{ machine: 'checkout', ran: 2, passed: 1 }]);
    expect(coverage).toEqual({ checkout: { percent: 97.5, transitions: 80 } });
    expect(summary(pathCounts(report), coverage)).toBe(
      'path tests (vitest, fake actors): 2 paths ran\n  checkout: 2 paths ran, 1 passed; transition coverage 97.5 % of 80 transitions',
    );
  });
});

// A Playwright JSON report cut down to what the counting reads: file suites, nested describes, one
// test per project a spec ran in.
const spec = (file, title, ...statuses) => ({ title, file, tests: statuses.map((status) => ({ status })) });
const playwrightReport = {
  suites: [
    {
      title: 'checkout-paths.spec.ts',
      file: 'checkout-paths.spec.ts',
      specs: [],
      suites: [
        {
          title: 'checkout machine paths in the real app (en)',
          file: 'checkout-paths.spec.ts',
          specs: [
            spec('checkout-paths.spec.ts', 'the generator offers drivable paths to success and to failures', 'expected'),
            spec('checkout-paths.spec.ts', 'fresh shortest to success: done:fetchCheckoutOrders(paid)', 'expected'),
            spec('checkout-paths.spec.ts', 'fresh to success #1: done:fetchCheckoutOrders(shipped) → review.confirm', 'unexpected'),
            spec('checkout-paths.spec.ts', 'returning to success #2: done:fetchCheckoutOrders(arranging)', 'flaky'),
            spec('checkout-paths.spec.ts', 'returning to payment.fetching PAYMENT_DECLINED #1: x', 'skipped'),
          ],
        },
      ],
    },
    {
      title: 'checkout.spec.ts',
      file: 'checkout.spec.ts',
      specs: [],
      suites: [
        {
          title: 'checkout (en)',
          file: 'checkout.spec.ts',
          specs: [spec('checkout.spec.ts', 'fresh to success #1: not a path here', 'expected', 'expected')],
        },
      ],
    },
  ],
};

describe('browser path counts', () => {
  it('counts the checkout-paths spec’s path tests: ran = not skipped, passed = expected or flaky', () => {
    expect(browserPathCounts(playwrightReport)).toEqual({ ran: 3, passed: 2 });
    expect(browserPathCounts({ suites: [] })).toEqual({ ran: 0, passed: 0 });
  });

  it('npm test prints the line after the e2e stage from that stage’s report, and nothing without one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'browser-paths-test-'));
    try {
      const file = join(dir, 'e2e.json');
      writeFileSync(file, JSON.stringify(playwrightReport));
      expect(browserPathsLine(file)).toBe('checkout paths in the browser: 3 ran, 2 passed');
      expect(browserPathsLine(join(dir, 'missing.json'))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('npm test’s e2e stage records its counts for `test:paths -- --no-browser`; a run that drove no path records nothing', () => {
    const dir = mkdtempSync(join(tmpdir(), 'browser-paths-test-'));
    try {
      const record = join(dir, 'record', 'browser-paths.json');
      const empty = join(dir, 'empty.json');
      writeFileSync(empty, JSON.stringify({ suites: [] }));
      browserPathsLine(empty, record);
      expect(readBrowserRecord(record)).toBeNull();

      const file = join(dir, 'e2e.json');
      writeFileSync(file, JSON.stringify(playwrightReport));
      browserPathsLine(file, record);
      expect(readBrowserRecord(record)).toMatchObject({ ran: 3, passed: 2, source: 'npm test, e2e stage' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run test:paths: the browser paths', () => {
  it('run by default when Chromium is there, never with --no-browser (npm test), and --browser makes no Chromium a failure', () => {
    expect(browserPlan([], true)).toEqual({ run: true, fail: false, reason: null });
    expect(browserPlan([], false)).toEqual({ run: false, fail: false, reason: 'no Chromium' });
    expect(browserPlan(['--browser'], true)).toEqual({ run: true, fail: false, reason: null });
    expect(browserPlan(['--browser'], false)).toEqual({ run: false, fail: true, reason: 'no Chromium' });
    expect(browserPlan(['--no-browser'], true)).toEqual({ run: false, fail: false, reason: '--no-browser' });
  });

  it('prints this run’s browser count, else the last recorded one with its date and where it ran', () => {
    const dir = mkdtempSync(join(tmpdir(), 'browser-paths-test-'));
    try {
      const record = join(dir, 'browser-paths.json');
      expect(browserLine({ ran: 12, passed: 11 })).toBe('browser (real app, sandbox gateway): 12 paths ran, 11 passed');
      expect(browserLine(null, { reason: '--no-browser', record: readBrowserRecord(record) })).toBe(
        'browser (real app, sandbox gateway): not run now (--no-browser); no earlier run recorded',
      );
      writeBrowserRecord(record, { ran: 12, passed: 12 }, 'npm run test:paths', new Date('2026-11-26T12:40:31Z'));
      expect(browserLine(null, { reason: '--no-browser', record: readBrowserRecord(record) })).toBe(
        'browser (real app, sandbox gateway): not run now (--no-browser); last run 2026-11-26 12:40 UTC (npm run test:paths): 12 paths ran, 12 passed',
      );
      writeFileSync(record, '{"ran":"x"}');
      expect(readBrowserRecord(record)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
