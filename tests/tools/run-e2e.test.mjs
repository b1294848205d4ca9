import { expect, test } from 'vitest';
import { e2ePhases, mergeReports } from './run-e2e.mjs';

test('a full run (no spec named, options only) runs the main tests, then the faults run that may find none', () => {
  expect(e2ePhases([])).toEqual([
    { phase: 'main', args: [] },
    { phase: 'faults', args: [], passWithNoTests: true },
  ]);
  expect(e2ePhases(['--grep', 'checkout', '--reporter=line'])).toEqual([
    { phase: 'main', args: ['--grep', 'checkout', '--reporter=line'] },
    { phase: 'faults', args: ['--grep', 'checkout', '--reporter=line'], passWithNoTests: true },
  ]);
});

test('named specs select only the runs they belong to', () => {
  expect(e2ePhases(['tests/e2e/faults.spec.ts'])).toEqual([{ phase: 'faults', args: ['tests/e2e/faults.spec.ts'] }]);
  expect(e2ePhases(['tests/e2e/faults.spec.ts:120'])).toEqual([{ phase: 'faults', args: ['tests/e2e/faults.spec.ts:120'] }]);
  expect(e2ePhases(['tests/e2e/cart.spec.ts'])).toEqual([{ phase: 'main', args: ['tests/e2e/cart.spec.ts'] }]);
  expect(e2ePhases(['tests/e2e/cart.spec.ts', 'tests/e2e/faults.spec.ts'])).toEqual([
    { phase: 'main', args: ['tests/e2e/cart.spec.ts', 'tests/e2e/faults.spec.ts'] },
    { phase: 'faults', args: ['tests/e2e/cart.spec.ts', 'tests/e2e/faults.spec.ts'] },
  ]);
});

test('named projects select the runs too, and each run gets only its own projects', () => {
  expect(e2ePhases(['tests/e2e/checkout.spec.ts', '--project=desktop'])).toEqual([
    { phase: 'main', args: ['tests/e2e/checkout.spec.ts', '--project=desktop'] },
  ]);
  expect(e2ePhases(['--project', 'mobile'])).toEqual([{ phase: 'main', args: ['--project=mobile'] }]);
  expect(e2ePhases(['--project=faults'])).toEqual([{ phase: 'faults', args: [] }]);
  expect(e2ePhases(['--project=desktop', '--project=faults'])).toEqual([
    { phase: 'main', args: ['--project=desktop'] },
    { phase: 'faults', args: [] },
  ]);
});

test('the faults report adds its counts and suites to the main one', () => {
  const main = {
    config: { x: 1 },
    suites: [{ title: 'cart' }],
    errors: [],
    stats: { expected: 200, unexpected: 1, skipped: 3, flaky: 2, duration: 1000, startTime: 't0' },
  };
  const faults = { suites: [{ title: 'faults' }], errors: [], stats: { expected: 4, unexpected: 0, skipped: 0, flaky: 1, duration: 500 } };
  expect(mergeReports(main, faults)).toEqual({
    config: { x: 1 },
    suites: [{ title: 'cart' }, { title: 'faults' }],
    errors: [],
    stats: { expected: 204, unexpected: 1, skipped: 3, flaky: 3, duration: 1500, startTime: 't0' },
  });
});
