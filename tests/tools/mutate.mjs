#!/usr/bin/env node
// `npm run mutate [-- <scope>…]`: Stryker's mutation score per file of machines/ (issue 34).
//   npm run mutate                   every machine (slow: tens of minutes on two cores)
//   npm run mutate -- checkout       machines/checkout.machine.ts and machines/checkout/**
//   npm run mutate -- cart auth      several machines
//   npm run mutate -- machines/checkout/checkout.rules.ts   one file (a path or a glob)
// Options: --tests <glob[,glob]> runs only those test files (e.g. a rules file's own tests: fast);
// --concurrency N (default 2); --typecheck adds the TypeScript checker (mutants that do not
// compile are left out of the score instead of being killed by a failing test; slow). The config is stryker.config.mjs; the full JSON report is
// test-results/mutation/mutation.json. A benchmark, not a gate: the exit code is Stryker's own.
import { Stryker } from '@stryker-mutator/core';
import config from '../../stryker.config.mjs';

/** A scope word → the files to mutate; a path or glob is taken as it is. */
export function mutateGlobs(scopes) {
  if (scopes.length === 0) return config.mutate;
  return scopes.flatMap((scope) =>
    scope.includes('/') || scope.includes('*') ? [scope] : [`machines/${scope}.machine.ts`, `machines/${scope}/**/*.ts`],
  );
}

const DETECTED = new Set(['Killed', 'Timeout']);

/** Per file: killed, survived, no coverage, and the score (detected / (detected + undetected)). */
export function scoresOf(results) {
  const files = new Map();
  for (const m of results) {
    const f = files.get(m.fileName) ?? { detected: 0, survived: 0, noCoverage: 0, other: 0 };
    if (DETECTED.has(m.status)) f.detected++;
    else if (m.status === 'Survived') f.survived++;
    else if (m.status === 'NoCoverage') f.noCoverage++;
    else f.other++;
    files.set(m.fileName, f);
  }
  return [...files]
    .map(([file, f]) => ({
      file,
      ...f,
      score: f.detected + f.survived + f.noCoverage ? (100 * f.detected) / (f.detected + f.survived + f.noCoverage) : NaN,
    }))
    .sort((a, b) => a.file.localeCompare(b.file));
}

export function formatScores(rows) {
  const total = rows.reduce((t, r) => ({ detected: t.detected + r.detected, undetected: t.undetected + r.survived + r.noCoverage }), {
    detected: 0,
    undetected: 0,
  });
  const pct = (n) => (Number.isNaN(n) ? '   n/a' : `${n.toFixed(1).padStart(5)} %`);
  return [
    'mutation score per file (killed+timeout / killed+timeout+survived+no coverage; compile errors left out)',
    ...rows.map((r) => `${pct(r.score)}  ${r.file}  (${r.detected} killed, ${r.survived} survived, ${r.noCoverage} no coverage)`),
    `${pct((100 * total.detected) / (total.detected + total.undetected))}  all (${total.detected} of ${total.detected + total.undetected})`,
  ].join('\n');
}

async function main(argv) {
  const value = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1] : undefined);
  const concurrency = Number(value('--concurrency') ?? config.concurrency);
  // Read by tests/tools/vitest.mutate.config.ts in Stryker's test runner processes.
  if (value('--tests')) process.env.MUTATE_TESTS = value('--tests');
  const scopes = argv.filter((a, i) => !a.startsWith('--') && !['--concurrency', '--tests'].includes(argv[i - 1]));
  const checkers = argv.includes('--typecheck') ? ['typescript'] : [];
  const results = await new Stryker({ ...config, checkers, concurrency, mutate: mutateGlobs(scopes) }).runMutationTest();
  const rows = scoresOf(results);
  const by = new Map(results.map((m) => [m.status, 0]));
  for (const m of results) by.set(m.status, by.get(m.status) + 1);
  process.stdout.write(`\n${formatScores(rows)}\n(${[...by].map(([s, n]) => `${s} ${n}`).join(', ')})\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
