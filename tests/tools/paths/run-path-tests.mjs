#!/usr/bin/env node
// `npm run test:paths`: runs the machines' path tests (tests/unit/machines/*.paths.test.ts and the
// checkout's model test, checkout.model.test.tsx) with
// vitest, then the checkout paths in the real app (tests/e2e/checkout-paths.spec.ts through
// tests/tools/run-e2e.mjs, its ports from E2E_PORT / E2E_SERVER_PORT) when Chromium is there, and
// prints how many paths ran in each, per machine, and each machine's transition coverage (the line
// its coverage test logs). Exit code: vitest's or Playwright's, or 1 when a machine reports no
// coverage or the browser drove no path.
//
//   npm run test:paths                    unit paths, then browser paths (skipped, with a note, without Chromium)
//   npm run test:paths -- --browser       the same, but no Chromium is a failure
//   npm run test:paths -- --no-browser    unit paths only; prints the last browser run's counts with its date
//
// `npm test` runs this with --no-browser: its e2e stage drives the browser paths (once) and records
// their counts (BROWSER_RECORD) for the next `--no-browser` run to print.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;
const dir = 'tests/unit/machines';

/** Path test files that must report transition coverage; the others pin their paths only. */
export const REQUIRE_COVERAGE = ['checkout'];

/**
 * A path test is named `<start> shortest to <state>: …`, `<start> covers …` or `<start> scenario …`
 * (checkout.model.test.tsx), `shortest to <state>: …` / `to <outcome>: …` (the browser spec), or
 * `reaches <state> via <events>` (the machines on tests/unit/machines/path-kit.ts).
 */
export const isPathTest = (title) =>
  /^(shortest )?to \S/.test(title) || /^reaches \S.* via /.test(title) || /^(fresh|returning) (shortest to|covers|scenario) \S/.test(title);

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
      .replace(/\.(paths\.test\.ts|model\.test\.tsx)$/, '');
    const paths = file.assertionResults.filter((t) => isPathTest(t.title));
    return { machine, ran: paths.length, passed: paths.filter((t) => t.status === 'passed').length };
  });
}

/** The Playwright spec whose tests drive the checkout machine's paths in the browser. */
export const BROWSER_PATHS_SPEC = 'checkout-paths.spec.ts';

/** Every test of a Playwright JSON report, with the file it is in (suites nest by describe). */
function* playwrightTests(suites, file = '') {
  for (const suite of suites ?? []) {
    const inFile = suite.file ?? file;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) yield { file: spec.file ?? inFile, title: spec.title, status: test.status };
    }
    yield* playwrightTests(suite.suites, inFile);
  }
}

/**
 * Browser path tests (checkout-paths.spec.ts, titled `<fresh|returning> <path name>`) in a Playwright
 * JSON report: how many ran (not skipped) and passed (expected, or flaky: passed on retry). One count
 * per project a test ran in. The spec's other tests (its check of the generator) are not paths.
 */
export function browserPathCounts(report) {
  const paths = [...playwrightTests(report.suites)].filter(
    (t) => t.file.endsWith(BROWSER_PATHS_SPEC) && isPathTest(t.title.replace(/^(fresh|returning) /, '')),
  );
  const ran = paths.filter((t) => t.status !== 'skipped');
  return { ran: ran.length, passed: ran.filter((t) => t.status === 'expected' || t.status === 'flaky').length };
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

/** The last browser run's counts, whoever ran them (this script or npm test's e2e stage). */
export const BROWSER_RECORD = join(root, 'test-results/browser-paths.json');

/** `--browser` requires the browser run, `--no-browser` skips it; by default it runs when Chromium is there. */
export function browserPlan(argv, chromiumExists) {
  const mode = argv.includes('--no-browser') ? 'off' : argv.includes('--browser') ? 'on' : 'auto';
  if (mode === 'off') return { run: false, fail: false, reason: '--no-browser' };
  if (!chromiumExists) return { run: false, fail: mode === 'on', reason: 'no Chromium' };
  return { run: true, fail: false, reason: null };
}

export function writeBrowserRecord(file, counts, source, at = new Date()) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...counts, source, at: at.toISOString() }));
}

export function readBrowserRecord(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    return Number.isInteger(r.ran) && Number.isInteger(r.passed) && typeof r.at === 'string' ? r : null;
  } catch {
    return null;
  }
}

/** The browser's line: this run's counts, or (not run now) the last recorded ones with their date. */
export function browserLine(counts, { reason = null, record = null } = {}) {
  if (counts) return `browser (real app, sandbox gateway): ${counts.ran} paths ran, ${counts.passed} passed`;
  const last = record
    ? `last run ${record.at.slice(0, 16).replace('T', ' ')} UTC (${record.source}): ${record.ran} paths ran, ${record.passed} passed`
    : 'no earlier run recorded';
  return `browser (real app, sandbox gateway): not run now (${reason ?? 'no report'}); ${last}`;
}

/** The checkout paths through run-e2e.mjs; its exit code and counts. */
async function runBrowserPaths() {
  const out = mkdtempSync(join(tmpdir(), 'browser-paths-'));
  const reportFile = join(out, 'report.json');
  try {
    const code = await new Promise((resolve) => {
      const child = spawn(process.execPath, ['tests/tools/run-e2e.mjs', `tests/e2e/${BROWSER_PATHS_SPEC}`], {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, PW_JSON_OUTPUT: reportFile },
      });
      child.on('close', (c) => resolve(c ?? 1));
    });
    let counts = null;
    try {
      counts = browserPathCounts(JSON.parse(readFileSync(reportFile, 'utf8')));
    } catch {
      console.error('browser path tests: Playwright wrote no report');
    }
    return { code, counts };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

async function main() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  const plan = browserPlan(process.argv.slice(2), existsSync(chromium));
  const files = readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.paths.test.ts') || f.endsWith('.model.test.tsx'))
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
  // Machines whose path tests must measure transition coverage (issue 14: checkout at 100 %).
  const uncovered = counts.filter((c) => REQUIRE_COVERAGE.includes(c.machine) && !coverage[c.machine]);
  const unitCode = code || (uncovered.length ? 1 : 0);
  if (!plan.run) {
    console.log(`\n${summary(counts, coverage)}`);
    console.log(
      browserLine(null, {
        reason: plan.reason === 'no Chromium' ? `no Chromium at ${chromium}` : plan.reason,
        record: readBrowserRecord(BROWSER_RECORD),
      }),
    );
    return unitCode || (plan.fail ? 1 : 0);
  }

  console.log(`\n${summary(counts, coverage)}\n\nthe checkout paths in the browser (${BROWSER_PATHS_SPEC}):\n`);
  const { code: e2eCode, counts: inBrowser } = await runBrowserPaths();
  if (inBrowser) writeBrowserRecord(BROWSER_RECORD, inBrowser, 'npm run test:paths');
  console.log(`\n${summary(counts, coverage)}`);
  console.log(browserLine(inBrowser, { reason: 'Playwright wrote no report' }));
  // no report, or no path driven, is not a pass
  return unitCode || e2eCode || (inBrowser && inBrowser.ran > 0 ? 0 : 1);
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = await main();
