#!/usr/bin/env node
// `npm test`: every check of the project, in sequence, with timings and one summary.
//
//   node tests/tools/run-all.mjs              all stages (what CI runs)
//   node tests/tools/run-all.mjs lint unit    only the named stages
//   SKIP_E2E=1 npm test                       skip a stage locally (ignored when CI is set)
//
// Stages and their skip flags: typecheck (SKIP_TYPECHECK), lint (SKIP_LINT), i18n (SKIP_I18N),
// spec-ops (SKIP_SPEC_OPS), tools (SKIP_TOOLS), unit (SKIP_UNIT), paths (SKIP_PATHS), inspector (SKIP_INSPECTOR),
// server (SKIP_SERVER), e2e (SKIP_E2E).
// Test counts come from the vitest/Playwright JSON reporters (test-results/run-all/<stage>.json).
// A check stage (typecheck, lint, ...) or a test stage that fails without reporting a failed test
// counts as one failed test, so the last line ("N passed, N failed") is never "0 failed" on a red run.
// spec-ops fails when a named operation of ../shared/spec/operations.txt is not defined in the
// storefront's sources; it is skipped when ../shared is not beside the project.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BROWSER_RECORD, browserPathCounts, writeBrowserRecord } from './paths/run-path-tests.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outDir = join(root, 'test-results/run-all');
const CI = Boolean(process.env.CI) && process.env.CI !== 'false';

const major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(`error: npm test needs Node >= 22.12 (vitest 5, Lingui 6); this is node ${process.version}. See README.`);
  process.exit(1);
}

const vitestJson = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${join(outDir, `${name}.json`)}`];

/** @type {{name: string, title: string, cmd: string[], kind: 'check'|'vitest'|'playwright', skipIf?: () => string|false}[]} */
const stages = [
  { name: 'typecheck', title: 'typecheck', cmd: ['npm', 'run', '--silent', 'typecheck'], kind: 'check' },
  { name: 'lint', title: 'lint (eslint, import rule, logical CSS)', cmd: ['npm', 'run', '--silent', 'lint'], kind: 'check' },
  { name: 'i18n', title: 'translations', cmd: ['npm', 'run', '--silent', 'i18n:check'], kind: 'check' },
  {
    name: 'spec-ops',
    title: 'spec operations',
    cmd: ['node', '../shared/tools/spec-operations'],
    kind: 'check',
    skipIf: () => !existsSync(join(root, '../shared/tools/spec-operations')) && 'no ../shared beside the project',
  },
  {
    name: 'tools',
    title: 'tool tests (checkers of this harness)',
    cmd: ['npx', 'vitest', 'run', '--config', 'tests/tools/vitest.config.mts', ...vitestJson('tools')],
    kind: 'vitest',
  },
  {
    name: 'unit',
    title: 'unit tests (storefront)',
    // the other suites have their own stage; keep them out of the storefront's run
    cmd: [
      'npx',
      'vitest',
      'run',
      '--exclude',
      'tests/e2e/**',
      '--exclude',
      'tests/tools/**',
      '--exclude',
      'server/**',
      '--exclude',
      'tests/server/**',
      '--exclude',
      'tests/unit/machines/*.paths.test.ts',
      ...vitestJson('unit'),
    ],
    kind: 'vitest',
  },
  {
    name: 'paths',
    title: 'path tests from the machines (npm run test:paths)',
    // the browser paths run once, in the e2e stage (their counts are printed and recorded after it)
    cmd: ['node', 'tests/tools/paths/run-path-tests.mjs', '--no-browser'],
    kind: 'vitest',
  },
  {
    // the offline inspector in Chromium against the dev server (compiles on demand) and Vendure
    name: 'inspector',
    title: 'inspector in the browser (dev server, npm run inspector:check)',
    cmd: ['node', 'tests/tools/run-inspector.mjs'],
    kind: 'playwright',
  },
  {
    name: 'server',
    title: 'server e2e (Vendure)',
    cmd: ['npx', 'vitest', 'run', '--config', 'server/vitest.config.mts', ...vitestJson('server')],
    kind: 'vitest',
  },
  {
    // issue 18: PostgreSQL + Redis (Debian packages, installed when missing) + a separate worker
    name: 'pg',
    title: 'server e2e on PostgreSQL, BullMQ on Redis, separate worker (npm run test:pg)',
    cmd: ['node', 'tests/tools/run-pg.mjs', '--json', join(outDir, 'pg.json')],
    kind: 'vitest',
  },
  { name: 'e2e', title: 'browser e2e (Playwright)', cmd: ['node', 'tests/tools/run-e2e.mjs'], kind: 'playwright' },
];

const only = process.argv.slice(2);
for (const o of only) {
  if (!stages.some((s) => s.name === o)) {
    console.error(`unknown stage "${o}"; stages: ${stages.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
}

const fmt = (ms) =>
  ms >= 60_000 ? `${Math.floor(ms / 60_000)}m${String(Math.round((ms % 60_000) / 1000)).padStart(2, '0')}s` : `${(ms / 1000).toFixed(1)}s`;

function run(cmd, env) {
  return new Promise((res) => {
    let tail = '';
    const child = spawn(cmd[0], cmd.slice(1), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk) => {
      tail += chunk;
    };
    child.stdout.on('data', (c) => (process.stdout.write(c), keep(c)));
    child.stderr.on('data', (c) => (process.stderr.write(c), keep(c)));
    child.on('error', (err) => res({ code: 127, tail: String(err) }));
    child.on('close', (code, signal) => res({ code: code ?? (signal ? 128 : 1), tail }));
  });
}

/** One line on what a check stage found, from its whole output. */
export function summarizeCheck(output) {
  const text = output.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
  const found = [];
  const tsErrors = (text.match(/error TS\d+:/g) ?? []).length;
  if (tsErrors) found.push(`${tsErrors} type error(s)`);
  const eslint = /✖ (\d+) problems? \((\d+) errors?, (\d+) warnings?\)/.exec(text);
  if (eslint) found.push(`eslint: ${eslint[2]} error(s), ${eslint[3]} warning(s)`);
  for (const re of [/^logical CSS: .*$/m, /^translations: .*$/m, /^\d+ of \d+ spec operations defined$/m]) {
    const m = re.exec(text);
    if (m) found.push(m[0]);
  }
  if (found.length) return found.join('; ');
  return text.trim().split('\n').pop()?.slice(0, 90) ?? '';
}

export function countVitest(file) {
  if (!existsSync(file)) return null;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: j.numPassedTests, failed: j.numFailedTests, skipped: (j.numPendingTests || 0) + (j.numTodoTests || 0) };
}

/**
 * After the e2e stage: the checkout machine's paths it drove in the browser (issue 14), or null.
 * With `recordFile`, a run that drove any is recorded for `npm run test:paths -- --no-browser`.
 */
export function browserPathsLine(file, recordFile = null) {
  if (!existsSync(file)) return null;
  const counts = browserPathCounts(JSON.parse(readFileSync(file, 'utf8')));
  if (recordFile && counts.ran > 0) writeBrowserRecord(recordFile, counts, 'npm test, e2e stage');
  return `checkout paths in the browser: ${counts.ran} ran, ${counts.passed} passed`;
}

export function countPlaywright(file) {
  if (!existsSync(file)) return null;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  // flaky = failed first, passed on retry: counted as passed but listed in the summary
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped, flaky: stats.flaky };
}

async function main() {
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const env = { ...process.env, VENDURE_DISABLE_TELEMETRY: 'true', PATH_TESTS_JSON: join(outDir, 'paths.json') };
  if (!process.stdout.isTTY) env.NO_COLOR = '1';
  const results = [];
  const t0 = Date.now();
  const selected = only.length ? stages.filter((s) => only.includes(s.name)) : stages;

  for (const [i, s] of selected.entries()) {
    const flag = `SKIP_${s.name.toUpperCase().replace(/-/g, '_')}`;
    let skip = s.skipIf?.() || false;
    if (!skip && process.env[flag] === '1') {
      if (CI) console.log(`\n(${flag}=1 ignored: CI runs every stage)`);
      else skip = `${flag}=1`;
    }
    if (skip) {
      console.log(`\n━━ [${i + 1}/${selected.length}] ${s.title}: skipped (${skip})`);
      results.push({ ...s, status: 'skipped', note: skip, ms: 0 });
      continue;
    }
    console.log(`\n━━ [${i + 1}/${selected.length}] ${s.title}: ${s.cmd.join(' ')}\n`);
    const started = Date.now();
    // each Playwright stage its own report: a stage that crashed before reporting must not count another's
    const pwReport = join(outDir, `${s.name}.json`);
    const { code, tail } = await run(s.cmd, s.kind === 'playwright' ? { ...env, PW_JSON_OUTPUT: pwReport } : env);
    const ms = Date.now() - started;
    let counts = null;
    if (s.kind === 'vitest') counts = countVitest(join(outDir, `${s.name}.json`));
    if (s.kind === 'playwright') counts = countPlaywright(pwReport);
    let status = code === 0 ? 'passed' : 'failed';
    let note = '';
    if (counts) {
      note =
        `${counts.passed} passed, ${counts.failed} failed` +
        (counts.skipped ? `, ${counts.skipped} skipped` : '') +
        (counts.flaky ? `, ${counts.flaky} flaky` : '');
      if (status === 'passed' && counts.passed === 0) {
        status = 'failed';
        note += ' (no tests ran)';
      }
    } else if (s.kind !== 'check') {
      note = 'no test report';
      if (status === 'passed') status = 'failed';
    } else {
      note = summarizeCheck(tail);
    }
    results.push({ ...s, status, note, ms, counts });
    console.log(`\n━━ ${s.title}: ${status.toUpperCase()} in ${fmt(ms)}${note ? ` (${note})` : ''}`);
    if (s.name === 'e2e') {
      const line = browserPathsLine(pwReport, BROWSER_RECORD);
      if (line) console.log(line);
    }
  }

  let passed = 0;
  let failed = 0;
  console.log('\n━━━━━━━━━━ summary ━━━━━━━━━━');
  for (const r of results) {
    if (r.counts) {
      passed += r.counts.passed;
      failed += r.counts.failed;
    }
    if (r.status === 'failed' && !(r.counts && r.counts.failed > 0)) failed += 1; // a failed check or a crashed suite
    const mark = { passed: 'ok  ', failed: 'FAIL', skipped: 'skip' }[r.status];
    console.log(`${mark}  ${r.name.padEnd(10)} ${fmt(r.ms).padStart(7)}  ${r.note}`);
  }
  console.log(`total ${fmt(Date.now() - t0)}`);
  const anyFailed = results.some((r) => r.status === 'failed');
  // asking for check stages only (`run-all.mjs lint`) legitimately runs no tests
  const checksOnly = only.length > 0 && selected.every((st) => st.kind === 'check');
  if (!anyFailed && passed === 0 && !checksOnly) {
    console.log('no tests ran: that is not a pass');
    failed = Math.max(failed, 1);
  }
  console.log(`${passed} passed, ${failed} failed`);
  process.exitCode = anyFailed || failed > 0 ? 1 : 0;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
