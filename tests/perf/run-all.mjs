#!/usr/bin/env node
// `npm run bench [-- URL]`: bundle, Lighthouse and load benchmarks in turn against one running
// shop (each prints its table); exits non-zero when any of them missed a budget or failed.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const results = [];
for (const name of ['bundle', 'lighthouse', 'load']) {
  console.log(`\n=== ${name} ===\n`);
  const run = spawnSync(process.execPath, [join(here, `${name}.mjs`), ...args], { stdio: 'inherit' });
  results.push([name, run.status ?? 1]);
}
console.log(`\n${results.map(([name, code]) => `${name}: ${code === 0 ? 'within budget' : `exit ${code}`}`).join(', ')}`);
process.exit(results.some(([, code]) => code !== 0) ? 1 : 0);
