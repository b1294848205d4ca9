#!/usr/bin/env node
// npm run server — builds server/dist if stale, seeds a fresh DATA_DIR, starts Vendure
// (Shop API, Admin API, assets, admin UI, mailbox; job queue in-process).
import fs from 'node:fs';

import { baseEnv, buildIfStale, checkNode, dataDir, heapLimitArgs, runNode, seededMarker, wipeDataDir } from './lib.mjs';

checkNode();
const started = Date.now();
const env = baseEnv();
let heapArgs; // checked before a seed, not after it
try {
  heapArgs = heapLimitArgs(env);
} catch (e) {
  console.error(`[server] ${e.message}`);
  process.exit(1);
}
const dir = dataDir(env);
fs.mkdirSync(dir, { recursive: true });
buildIfStale();

if (!fs.existsSync(seededMarker(env))) {
  console.log(`[server] ${dir} has no seeded database: seeding first (npm run seed -- --reset to redo later)`);
  wipeDataDir(env); // a half-finished seed leaves no marker
  const seedEnv = { ...env, DATA_DIR: dir, ...(env.DATABASE_URL ? { DB_SYNCHRONIZE: 'true' } : {}) };
  const code = await runNode('seed/cli.js', [], seedEnv);
  if (code !== 0) {
    console.error('[server] seeding failed');
    process.exit(code);
  }
}

const code = await runNode(
  'index.js',
  process.argv.slice(2),
  { ...env, DATA_DIR: dir, BOOT_STARTED_AT: String(started) },
  heapArgs, // V8's heap sized for the process, not the machine (docs/deploy.md, "Memory")
);
process.exit(code);
