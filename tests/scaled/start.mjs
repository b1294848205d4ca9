#!/usr/bin/env node
/**
 * `npm run start:scaled`: the scaled topology of docs/deploy.md on this machine (tests/scaled/topology.mjs):
 * PostgreSQL + Redis (Debian packages, throwaway instances), a seeded database, one Vendure worker,
 * two Vendure servers and two storefronts, each pair behind nginx. Ctrl+C stops all of it.
 * `--products N` seeds a smaller catalogue (default: the full photographed one).
 */
import { startTopology } from './topology.mjs';

const i = process.argv.indexOf('--products');
const products = i > 0 ? Number(process.argv[i + 1]) : undefined;
try {
  const t = await startTopology({ products });
  console.log(`\n[scaled] the shop: ${t.urls.shop}/  (English: ${t.urls.shop}/en)`);
  console.log(`[scaled] Vendure behind nginx: ${t.urls.vendure}/shop-api, /admin-api; mailbox ${t.urls.servers[0]}/mailbox`);
  console.log(`[scaled] logs: ${t.runDir}/*.log; Ctrl+C stops everything\n`);
  await new Promise(() => undefined); // until a signal: topology's stopOnExit stops what it started
} catch (err) {
  console.error(`[scaled] ${err.stack ?? err}`);
  process.exit(1);
}
