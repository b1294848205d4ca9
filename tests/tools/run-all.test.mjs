import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { countPlaywright, countVitest } from './run-all.mjs';

const dir = mkdtempSync(join(tmpdir(), 'run-all-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name, data) => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
};

test('vitest counts: pending and todo are skipped, not passed', () => {
  const file = write('v.json', { numPassedTests: 7, numFailedTests: 2, numPendingTests: 1, numTodoTests: 1, numTotalTests: 11 });
  expect(countVitest(file)).toEqual({ passed: 7, failed: 2, skipped: 2 });
});

test('playwright counts: flaky (passed on retry) counts as passed and is reported', () => {
  const file = write('p.json', { stats: { expected: 10, unexpected: 1, flaky: 2, skipped: 3, duration: 1 } });
  expect(countPlaywright(file)).toEqual({ passed: 12, failed: 1, skipped: 3, flaky: 2 });
});

test('a missing report is null (the stage then counts as a failure)', () => {
  expect(countVitest(join(dir, 'none.json'))).toBeNull();
  expect(countPlaywright(join(dir, 'none.json'))).toBeNull();
});
