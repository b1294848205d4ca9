#!/usr/bin/env node
// `npm run test:paths`: runs the machines' path tests (tests/unit/machines/*.paths.test.ts) with
// vitest, then prints how many paths ran per machine and each machine's transition coverage (the
// line its coverage test logs). Exit code: vitest's, or 1 when a machine reports no coverage.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;
const dir = 'tests/unit/machines';

/** Path test files that must report transition coverage; the others pin their paths only. */
export const REQUIRE_COVERAGE = ['checkout'];

/**
 * A path test is named `shortest to <state>: …` or `to <outcome>: …` (checkout.paths.test.ts), or
 * `reaches <state> via <events>` (the machines on tests/unit/machines/path-kit.ts).
 */
export const isPathTest = (title) => /^(shortest )?to \S/.test(title) || /^reaches \S.* via /.test(title);

/** `checkout transition coverage: 100.0 % of 84 transitions` → { checkout: { percent: 100, transitions: 84 } } */
export function coverageOf(output) {
  const found = {};
  // eslint-disable-next-line no-control-regex -- the reporter colours its output
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  for (const m of plain.matchAll(/(\S+) transition coverage: ([\d.]+) % of (\d+) transitions/g)) {
    found[m[1]] = { percent: Number(m[2]), transitions: Number(m[3]) };
  }
  return found;
}

/** Per test file: paths that passed / ran, from vitest's JSON report. */
export function pathCounts(report) {
  return report.testResults.map((file) => {
    const machine = file.name
      .split('/')
      .pop()
      .replace(/\.paths\.test\.ts$/, '');
    const paths = file.assertionResults.filter((t) => isPathTest(t.title));
    return { machine, ran: paths.length, passed: paths.filter((t) => t.status === 'passed').length };
  });
}

export function summary(counts, coverage) {
  const lines = counts.map(({ machine, ran, passed }) => {
    const cov = coverage[machine];
    const covText = cov
      ? `transition coverage ${cov.percent.toFixed(1)} % of ${cov.transitions} transitions`
      : 'no transition coverage reported';
    return `${machine}: ${ran} paths ran, ${passed} passed; ${covText}`;
  });
  const total = counts.reduce((n, c) => n + c.ran, 0);
  return [`path tests (vitest, fake actors): ${total} paths ran`, ...lines.map((l) => `  ${l}`)].join('\n');
}

async function main() {
  const files = readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.paths.test.ts'))
    .sort()
    .map((f) => `${dir}/${f}`);
  // npm test (tests/tools/run-all.mjs) keeps the report to count the tests; alone, a temp file.
  const out = process.env.PATH_TESTS_JSON ? null : mkdtempSync(join(tmpdir(), 'path-tests-'));
  const reportFile = process.env.PATH_TESTS_JSON ?? join(out, 'report.json');
  const vitest = join(root, 'node_modules/.bin/vitest');
  let output = '';
  const code = await new Promise((resolve) => {
    const child = spawn(vitest, ['run', ...files, '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk) => {
      output += chunk;
      process.stdout.write(chunk);
    });
    child.on('close', (c) => resolve(c ?? 1));
  });
  let report;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8'));
  } catch {
    console.error('path tests: vitest wrote no report');
    return code || 1;
  } finally {
    if (out) rmSync(out, { recursive: true, force: true });
  }
  const counts = pathCounts(report);
  const coverage = coverageOf(output);
  console.log(`\n${summary(counts, coverage)}`);
  // Machines whose path tests must measure transition coverage (issue 14: checkout at 100 %).
  const uncovered = counts.filter((c) => REQUIRE_COVERAGE.includes(c.machine) && !coverage[c.machine]);
  return code || (uncovered.length ? 1 : 0);
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
