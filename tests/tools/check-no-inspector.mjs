#!/usr/bin/env node
// Fails when anything of the development inspector (docs/inspector.md) reached a production build:
// `@statelyai/inspect`, elkjs or the panel's own marker in build/client or build/server.
// `npm run build:web` runs it last; run alone after a build:
//
//   node tests/tools/check-no-inspector.mjs [DIR...]      (default: build/client build/server)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Strings only the inspector's code carries (the panel's marker is in src/app/inspector/panel.ts). */
export const MARKERS = [
  'createBrowserInspector',
  'createBrowserReceiver',
  '@statelyai',
  'elkjs',
  'elk.bundled',
  'ElkNode',
  'layered.spacing',
  'xstate-dev-inspector',
];

function* files(path) {
  const stat = statSync(path);
  if (stat.isFile()) {
    yield path;
    return;
  }
  for (const entry of readdirSync(path)) yield* files(join(path, entry));
}

/** [{ file, marker }] for every built script or map that carries a marker. */
export function findInspectorLeaks(dirs) {
  const leaks = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) continue;
    for (const file of files(dir)) {
      if (!/\.(m?js|cjs|html|map)$/.test(file)) continue;
      const text = readFileSync(file, 'utf8');
      for (const marker of MARKERS) if (text.includes(marker)) leaks.push({ file, marker });
    }
  }
  return leaks;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), '../../..');
  const args = process.argv.slice(2);
  const dirs = (args.length ? args : ['build/client', 'build/server']).map((d) => resolve(root, d));
  const missing = dirs.filter((d) => !existsSync(d));
  if (missing.length === dirs.length) {
    console.error(`check-no-inspector: nothing to check (${missing.map((d) => relative(root, d)).join(', ')} missing): build first`);
    process.exit(2);
  }
  const leaks = findInspectorLeaks(dirs);
  for (const l of leaks) console.error(`${relative(root, l.file)}: carries "${l.marker}" (the dev inspector leaked into the build)`);
  if (leaks.length) process.exit(1);
  console.log('check-no-inspector: clean');
}
