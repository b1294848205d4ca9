import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { countPlaywright, countVitest, summarizeCheck } from './run-all.mjs';

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

test('check summaries: type errors counted, eslint and checker verdicts picked out', () => {
  const tsc = 'src/a.ts(1,2): error TS2322: x\n  detail\nsrc/b.ts(3,4): error TS7006: y\n';
  expect(summarizeCheck(tsc)).toBe('2 type error(s)');
  const lint =
    '/x.ts\n  1:1 error nope\n\n\u001b[31m✖ 4 problems (3 errors, 1 warning)\u001b[39m\n  0 errors and 1 warning potentially fixable\n';
  expect(summarizeCheck(lint)).toBe('eslint: 3 error(s), 1 warning(s)');
  expect(summarizeCheck('a\nlogical CSS: 59 files checked, no physical directions\n')).toBe(
    'logical CSS: 59 files checked, no physical directions',
  );
  expect(summarizeCheck('missing: query x\n70 of 71 spec operations defined\n')).toBe('70 of 71 spec operations defined');
  expect(summarizeCheck('something else\nlast words\n')).toBe('last words');
});
