#!/usr/bin/env node
// `npm run machines:docs`: writes docs/machines/<name>.md (a Mermaid state diagram and a table of
// events, guards and actors) for every machine in machines/*.machine.ts, and docs/machines/README.md.
// `npm run machines:docs -- --json` also writes build/machines/<name>.json (`machine.toJSON()`,
// what Stately's tools import). The output comes from src/app/inspector/machine-docs.ts, which the
// stale-diagram test (tests/unit/src/app/inspector/machine-docs.test.ts) runs too.
// Plain Node cannot load the TypeScript machines: Vite's module runner does (as in tests/tools/paths/paths.mjs).
import { mkdirSync, readdirSync, writeFileSync, rmSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { runnerImport } from 'vite';

const root = new URL('../..', import.meta.url).pathname;

async function load(path) {
  const { module } = await runnerImport(join(root, path), { root, configFile: false, logLevel: 'silent' });
  return module;
}

async function main(argv) {
  const sources = readdirSync(join(root, 'machines'))
    .filter((f) => f.endsWith('.machine.ts'))
    .map((f) => `machines/${f}`);
  const modules = [];
  for (const sourcePath of sources) modules.push({ sourcePath, exports: await load(sourcePath) });
  const { machineDocFiles, collectMachines } = await load('src/app/inspector/machine-docs.ts');
  const files = machineDocFiles(modules);
  // Machines removed from machines/ lose their page too.
  const dir = join(root, 'docs/machines');
  if (existsSync(dir)) rmSync(dir, { recursive: true });
  mkdirSync(dir, { recursive: true });
  for (const [path, content] of Object.entries(files)) writeFileSync(join(root, path), content);
  console.log(`docs/machines: ${Object.keys(files).length} files`);
  if (argv.includes('--json')) {
    const out = join(root, 'build/machines');
    mkdirSync(out, { recursive: true });
    for (const m of collectMachines(modules)) writeFileSync(join(out, `${m.name}.json`), `${JSON.stringify(m.json, null, 2)}\n`);
    console.log(`build/machines: Stately JSON of ${collectMachines(modules).length} machines`);
  }
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
