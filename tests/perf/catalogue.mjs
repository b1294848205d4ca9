#!/usr/bin/env node
// `npm run bench:catalogue`: the custom catalogue queries of the Shop API (server/src/plugins/catalogue)
// at two catalogue sizes, side by side (issue 17, item 4): the seeded catalogue and a generated one
// of BENCH_PRODUCTS products (default 10,000), each in its own DATA_DIR (data/bench-<size>), seeded
// once and reused on later runs (delete the directory, or BENCH_RESEED=1, to seed it again).
// For each size it starts Vendure on BENCH_SERVER_PORT, loads every query with autocannon
// (budgets.json `catalogue`: 20 connections, 10 s after a 2 s warm-up) and stops it again.
//
//   BENCH_PRODUCTS=2000          the large catalogue's size (default 10000)
//   BENCH_SERVER_PORT=3100       Vendure's port while measuring
//   BENCH_QUERIES=search-ar,...  only these queries
//   BENCH_CONNECTIONS / BENCH_DURATION / BENCH_WARMUP   override budgets.json
//
// Budgets: p95 of every query at the large size, and its p95 growth from the seeded size. A budget
// for "10,000 products" is only checked when the large catalogue has at least that many products:
// a reduced run prints the figures, says the budget was not checked, and exits non-zero.
// Like bench:load, the load generator shares the machine with the server: figures are a lower bound.
//
// PostgreSQL (issue 18): BENCH_DB=postgres runs the same queries with the same budgets on
// PostgreSQL. With a postgres:// DATABASE_URL it uses that server; otherwise it starts one with
// tests/tools/services.mjs (BENCH_PG_PORT, default 5442; installed from Debian when missing) whose
// cluster is kept in data/bench-pg/cluster, and stops it at the end. Each size gets its own
// database on that server (bench_seeded, bench_<BENCH_PRODUCTS>) and DATA_DIR (data/bench-pg/<size>
// for the assets), seeded once and reused like the SQLite directories (BENCH_RESEED=1 to redo).
//
//   BENCH_DB=postgres npm run bench:catalogue
//   BENCH_DB=postgres DATABASE_URL=postgres://user:pw@host:5432/postgres npm run bench:catalogue
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureDebianPackages, startPostgres, stopOnExit } from '../tools/services.mjs';
import { benchPlan, canReuse, ensureDatabase, markSeeded, redactUrl, sizeEnv } from './catalogue-db.mjs';
import { loadTarget } from './load.mjs';
import { evaluate, fmt, formatTable, loadBudgets, report } from './lib.mjs';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The product card of the storefront's listings (services/fragments.ts ProductCardFields). */
const CARD = `
  fragment Asset on Asset { id name preview source width height focalPoint { x y } }
  fragment Card on Product {
    id name slug isFav isNew
    featuredAsset { ...Asset }
    customFields { subTitle variantType dropPrice }
    overallRating { overallRate totalCount }
    brand { id code name }
    variants { id priceWithTax stockLevel inStock discountAmount
      customFields { default startDate endDate mainPrice promoPrice onSale } }
  }`;

const LISTING = `query Listing($input: ProductFilterInput!) {
  productByFacetValue(input: $input) { items { ...Card } totalItems } } ${CARD}`;
const FILTERED = `query Filtered($options: ProductFilterInput!) {
  productByFilter(options: $options) { items { ...Card } totalItems } } ${CARD}`;
/** The storefront's search (services/search.service.ts searchDocument: the header's search list). */
const SEARCH = `query Search($term: String!, $take: Int) {
  searchProducts(term: $term, skip: 0, take: $take) {
    items { id name slug featuredAsset { ...Asset } customFields { subTitle } brand { id code name }
      priceSummary { priceWithTax minPriceWithTax maxPriceWithTax } }
    totalItems } }
  fragment Asset on Asset { id name preview source width height focalPoint { x y } }`;
const DETAIL = `query Detail($slug: String!) {
  product(slug: $slug) { id name slug description isFav isNew
    featuredAsset { id preview } assets { id preview }
    customFields { subTitle variantType dropPrice }
    optionGroups { id code name options { id code name } }
    variants { id name sku priceWithTax stockLevel inStock discountAmount options { id code name groupId } }
    facetValues { id code name facet { code } }
    overallRating { overallRate totalCount } } }`;
const FILTER_BAR = `query FilterBar($input: ProductFilterInput) {
  filterBarProducts(input: $input) { minPrice maxPrice maxValue colors { code name colorCode }
    brands { id code name } subCategories { id code name } } }`;

/**
 * Page size of a listing (src/routes/catalogue: 24 cards) and of a search: the storefront's
 * search list asks for 100 (spec §7 and §9 "Search: … take 100"; services/search.service.ts
 * SEARCH_TAKE, machines/search.machine.ts) and shows every hit, so the bench asks the same.
 */
const LISTING_TAKE = 24;
const SEARCH_TAKE = 100;

/**
 * The queries, from codes discovered on the running catalogue so any seed size works: the
 * category with most products, a brand, a colour and the middle of the price range of the
 * category's filter bar, a product of the category.
 */
export function catalogueQueries({ categoryCode, brandCode, colorCode, minPrice, maxPrice, productSlug }) {
  const body = (query, variables) => JSON.stringify({ query, variables });
  return [
    { name: 'category', body: body(LISTING, { input: { categoryCode, skip: 0, take: LISTING_TAKE } }) },
    {
      name: 'category+price+colour',
      body: body(FILTERED, { options: { categoryCode, colorCodes: [colorCode], minPrice, maxPrice, skip: 0, take: LISTING_TAKE } }),
    },
    { name: 'brand', body: body(LISTING, { input: { brandCode, skip: 0, take: LISTING_TAKE } }) },
    // words of many product names (server/src/seed/catalogue/data.ts): every footwear product
    { name: 'search-ar', lang: 'ar', body: body(SEARCH, { term: 'حذاء', take: SEARCH_TAKE }) },
    { name: 'search-en', body: body(SEARCH, { term: 'shoes', take: SEARCH_TAKE }) },
    { name: 'product', body: body(DETAIL, { slug: productSlug }) },
    { name: 'filter-bar', body: body(FILTER_BAR, { input: { categoryCode } }) },
  ];
}

async function gqlRequest(base, query, variables, lang = 'en') {
  const res = await fetch(`${base}/shop-api?languageCode=${lang}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const json = await res.json();
  if (json.errors?.length) throw new Error(`${query.slice(0, 40)}…: ${json.errors[0].message}`);
  return json.data;
}

/** Codes and values the queries need, read from the catalogue itself. */
async function discover(base) {
  const { productByFilter } = await gqlRequest(
    base,
    `query { productByFilter(options: { take: 1000 }) { totalItems items { slug category { code } brand { code } } } }`,
    {},
  );
  const count = (key) => {
    const counts = new Map();
    for (const p of productByFilter.items) counts.set(p[key].code, (counts.get(p[key].code) ?? 0) + 1);
    return [...counts].sort((a, b) => b[1] - a[1])[0][0];
  };
  const categoryCode = count('category');
  const brandCode = count('brand');
  const { filterBarProducts: bar } = await gqlRequest(base, FILTER_BAR, { input: { categoryCode } });
  if (!bar.colors.length) throw new Error(`category ${categoryCode} has no colours to filter by`);
  const quarter = Math.round((bar.maxPrice - bar.minPrice) / 4);
  return {
    totalProducts: productByFilter.totalItems,
    categoryCode,
    brandCode,
    colorCode: bar.colors[0].code,
    minPrice: bar.minPrice + quarter,
    maxPrice: bar.maxPrice - quarter,
    productSlug: productByFilter.items.find((p) => p.category.code === categoryCode).slug,
  };
}

function run(cmd, args, env, { quiet = false } = {}) {
  const child = spawn(cmd, args, { cwd: REPO_ROOT, env, stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
  if (quiet) {
    // keep the last lines for an error message, drop the rest
    child.tail = [];
    const keep = (chunk) => {
      child.tail.push(...String(chunk).split('\n'));
      child.tail.splice(0, Math.max(0, child.tail.length - 40));
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
  }
  return { child, exited };
}

/** Seeds the size's DATA_DIR (and database) unless it already holds a finished seed of that size. */
async function ensureSeeded(size, env) {
  const { dataDir, products } = size;
  const markerFile = path.join(dataDir, '.seeded');
  const marker = fs.existsSync(markerFile) ? JSON.parse(fs.readFileSync(markerFile, 'utf8')) : null;
  // on PostgreSQL the database must exist and hold the catalogue too (not only the marker)
  const inDatabase = size.databaseUrl ? await ensureDatabase(size.databaseUrl) : undefined;
  const where = `${path.relative(REPO_ROOT, dataDir)}${size.databaseUrl ? ` + ${redactUrl(size.databaseUrl)}` : ''}`;
  if (canReuse(marker, size, { reseed: Boolean(process.env.BENCH_RESEED) }) && inDatabase !== 0) {
    console.log(`[bench] reusing ${where} (${marker.products} products, seeded ${marker.at})`);
    return;
  }
  const args = ['server/scripts/run-seed.mjs', '--reset', ...(products === undefined ? [] : ['--products', String(products)])];
  console.log(`[bench] seeding ${where}${products === undefined ? '' : ` with ${products} products`} …`);
  const t = Date.now();
  const code = await run(process.execPath, args, env).exited;
  if (code !== 0) throw new Error(`seeding ${where} failed (exit ${code})`);
  if (size.databaseUrl) fs.writeFileSync(markerFile, JSON.stringify(markSeeded(JSON.parse(fs.readFileSync(markerFile, 'utf8')), size)));
  console.log(`[bench] seeded in ${((Date.now() - t) / 1000).toFixed(0)} s`);
}

async function startVendure(dataDir, port, env) {
  const server = run(
    process.execPath,
    ['server/scripts/run-server.mjs'],
    {
      ...env,
      SERVER_PORT: String(port),
      ADMIN_UI: 'false',
      LOG_LEVEL: 'Warn',
    },
    { quiet: true },
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  let exitCode;
  server.exited.then((code) => (exitCode = code));
  while (Date.now() < deadline) {
    if (exitCode !== undefined) throw new Error(`Vendure exited (${exitCode}):\n${server.child.tail.join('\n')}`);
    try {
      await gqlRequest(base, '{ activeChannel { id } }', {});
      return { base, stop: () => (server.child.kill('SIGTERM'), server.exited) };
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  server.child.kill('SIGTERM');
  throw new Error(`Vendure on ${dataDir} did not answer within 180 s`);
}

async function measureSize(size, settings) {
  const { label, dataDir } = size;
  const env = sizeEnv(process.env, size);
  await ensureSeeded(size, env);
  const vendure = await startVendure(dataDir, settings.port, env);
  try {
    const found = await discover(vendure.base);
    console.log(
      `\n[bench] ${label}: ${found.totalProducts} products; category ${found.categoryCode}, brand ${found.brandCode}, ` +
        `colour ${found.colorCode}, price ${found.minPrice}-${found.maxPrice}, product ${found.productSlug}`,
    );
    const rows = [];
    for (const q of catalogueQueries(found).filter((q) => !settings.only || settings.only.includes(q.name))) {
      const target = {
        name: q.name,
        path: `/shop-api?languageCode=${q.lang ?? 'en'}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: q.body,
      };
      const row = await loadTarget(vendure.base, target, settings);
      rows.push(row);
      console.log(
        `  ${row.name}: ${row.requestsPerSecond} req/s, p50 ${fmt(row.p50Ms)} p95 ${fmt(row.p95Ms)} p99 ${fmt(row.p99Ms)} ms (${row.statuses})`,
      );
    }
    return { products: found.totalProducts, rows };
  } finally {
    await vendure.stop();
  }
}

/** Side-by-side rows of the two sizes, with the p95 growth. */
export function sideBySide(small, large) {
  return small.rows.map((s) => {
    const l = large.rows.find((r) => r.name === s.name) ?? {};
    return {
      query: s.name,
      smallRps: s.requestsPerSecond,
      smallP50: s.p50Ms,
      smallP95: s.p95Ms,
      smallP99: s.p99Ms,
      largeRps: l.requestsPerSecond,
      largeP50: l.p50Ms,
      largeP95: l.p95Ms,
      largeP99: l.p99Ms,
      growth: s.p95Ms > 0 && l.p95Ms !== undefined ? Math.round((l.p95Ms / s.p95Ms) * 100) / 100 : Number.NaN,
      failures: (s.failures ?? 0) + (l.failures ?? 0),
    };
  });
}

async function main() {
  const budgets = loadBudgets().catalogue;
  const products = Number(process.env.BENCH_PRODUCTS || budgets.products);
  const settings = {
    connections: Number(process.env.BENCH_CONNECTIONS || budgets.connections),
    duration: Number(process.env.BENCH_DURATION || budgets.durationSeconds),
    warmup: Number(process.env.BENCH_WARMUP ?? budgets.warmupSeconds),
    port: Number(process.env.BENCH_SERVER_PORT || 3100),
    only: process.env.BENCH_QUERIES?.split(',').map((s) => s.trim()),
  };
  const plan = benchPlan({ env: process.env, products, repoRoot: REPO_ROOT, pgPort: Number(process.env.BENCH_PG_PORT || 5442) });
  const engineName = plan.engine === 'postgres' ? 'PostgreSQL' : 'SQLite';
  console.log(
    `Catalogue queries on ${engineName}: seeded catalogue vs ${products} products, ${settings.connections} connections, ` +
      `${settings.duration} s per query after a ${settings.warmup} s warm-up\n`,
  );
  const services = [];
  const stopAll = plan.startPostgres ? stopOnExit(services) : async () => {};
  let small;
  let large;
  try {
    if (plan.startPostgres) {
      ensureDebianPackages(['postgres']);
      services.push(await startPostgres(plan.startPostgres));
    } else if (plan.engine === 'postgres') {
      console.log(`[bench] PostgreSQL of DATABASE_URL: ${redactUrl(process.env.DATABASE_URL)}`);
    }
    small = await measureSize(plan.sizes[0], settings);
    large = await measureSize(plan.sizes[1], settings);
  } finally {
    await stopAll();
  }

  const rows = sideBySide(small, large);
  const s = small.products;
  const l = large.products;
  console.log(
    `\n${formatTable(rows, [
      { key: 'query', title: 'query' },
      { key: 'smallRps', title: `${s}: req/s` },
      { key: 'smallP50', title: 'p50' },
      { key: 'smallP95', title: 'p95' },
      { key: 'smallP99', title: 'p99 ms' },
      { key: 'largeRps', title: `${l}: req/s` },
      { key: 'largeP50', title: 'p50' },
      { key: 'largeP95', title: 'p95' },
      { key: 'largeP99', title: 'p99 ms' },
      { key: 'growth', title: 'p95 growth' },
      { key: 'failures', title: 'failures' },
    ])}`,
  );

  const checked = rows.flatMap((row) => {
    const metrics = [
      { label: row.query, metric: 'p95Ms', value: row.largeP95 },
      { label: row.query, metric: 'p95Growth', value: row.growth },
      { label: row.query, metric: 'failures', value: row.failures },
    ];
    return evaluate(metrics, budgets.targets).checked;
  });
  const code = report(`Catalogue on ${engineName} (${l} products)`, checked);
  if (l < budgets.products) {
    console.log(`The budgets are set for ${budgets.products} products; this run had ${l}: not a pass.`);
    process.exitCode = 1;
  } else {
    process.exitCode = code;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
