#!/usr/bin/env node
// `npm run bench:shoppers [-- URL]` (issue 18 item 3): bounded simulated shoppers at the HTTP level
// (fetch, no browsers) against a running shop, each buying: home, a filtered listing, an Arabic
// search, a product page, add to cart, cart, sign in, checkout to a placed order (cash on delivery
// or the card sandbox, alternately). Afterwards the Admin API is asked whether every order a
// shopper completed exists exactly once with the lines and total the shopper saw.
//
//   BENCH_URL (or the first argument)   the storefront, default http://127.0.0.1:8080; the Shop
//                                       API is reached through its /shop-api proxy, the card
//                                       sandbox through its /sandbox and /payments/callback proxy
//   BENCH_ADMIN_URL                     Vendure's Admin API, default
//                                       http://127.0.0.1:$SERVER_PORT/admin-api (SERVER_PORT 3000)
//   SUPERADMIN_USERNAME / _PASSWORD     as the server reads them (default superadmin/superadmin)
//   SHOPPERS / DURATION                 concurrent shoppers (default budgets.json, 100) and seconds
//                                       (60); a shopper starts no new visit after DURATION and
//                                       finishes the one it is in
//   THINK_MS                            think time between two steps of a visit and between visits:
//                                       `min-max` (uniformly random, ms) or one number; default
//                                       1000-3000. THINK_MS=0 is the stress mode (no pause at all).
//   BENCH_SERVER_PID                    Vendure's process id; by default the process listening on
//                                       the Admin API's port (ss). BENCH_STOREFRONT_PID likewise
//                                       for the storefront's port.
//   BENCH_PROCESSES                     the processes whose CPU time is counted, `name=pid` or
//                                       `name=:port` (the process listening there), comma-separated,
//                                       e.g. for the scaled topology `server 1=:3831,server 2=:3832,
//                                       worker=1234,storefront 1=:8831,storefront 2=:8832,
//                                       postgres=:3838+`; a trailing + counts the process's living
//                                       descendants too (PostgreSQL's backends). Default:
//                                       `Vendure` and `storefront` as above. The first one's RSS is
//                                       the memory check (BENCH_RSS_PIDS: several, summed).
//
// Rate limits: every shopper comes from 127.0.0.1. Successful sign-ins give their per-IP hit back
// (decision 014), but each takes it while it runs, so 100 concurrent sign-ins brush the per-IP
// limit of 100 / 15 min: start the shop with RATE_LIMIT_IP_SCALE=10 for this bench (test rigs
// only; docs/performance.md). A 429 counts as an error.
//
// The pool of customers (one per shopper, bench-shopper-<n>@example.com) is created through the
// Admin API on the first run and reused afterwards. Each visit starts as a guest (its own session);
// the guest cart must survive the sign-in (merged into the customer's active order), else the
// cart counts as lost.
//
// Memory: Vendure's RSS (/proc/<pid>/status) is sampled every second; the mean of the last 10 s
// may exceed the mean of the first 10 s after the warm-up by at most budgets.json
// memoryGrowthPercent. The warm-up (BENCH_WARMUP, default 10 s, while the shoppers ramp up) is
// left out of that first window: a freshly started process grows its V8 heap and compiles its
// code then, which is not growth under steady load (docs/performance.md). CPU: user + system
// time of each process (/proc/<pid>/stat) over the run, divided by orders placed.
// The shoppers run on the same machine as the shop (2 shared cores): the latencies include the
// load generator's own CPU, so they are an upper bound.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { baseUrl, discoverRoutes, evaluate, fmt, formatTable, loadBudgets, LOCALE_COOKIE, percentile, report } from './lib.mjs';
import { cpuMs } from './load.mjs';

const STEPS = ['home', 'listing', 'search', 'product', 'add to cart', 'cart', 'sign in', 'checkout', 'card sandbox', 'visit'];
const PASSWORD = 'Shopper123!';
const round1 = (n) => Math.round(n * 10) / 10;

class StepError extends Error {}

/** The pid of the process listening on a local TCP port (ss -ltnp), or null. */
export function pidOnPort(port) {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    const m = out.match(/pid=(\d+)/);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** Resident set size of a process in MiB, NaN when unknown. */
export function rssMiB(pid) {
  try {
    const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
    return m ? Number(m[1]) / 1024 : Number.NaN;
  } catch {
    return Number.NaN;
  }
}

/**
 * Growth (percent) of the mean of the samples in the last `window` ms over those of the first
 * window that starts `warmupMs` after the first sample. NaN when the run is too short for two
 * windows that do not overlap.
 */
export function memoryGrowth(samples, windowMs = 10_000, warmupMs = 0) {
  if (samples.length < 2) return Number.NaN;
  const t0 = samples[0].t + warmupMs;
  const t1 = samples.at(-1).t;
  if (t1 - windowMs < t0) return Number.NaN;
  const mean = (xs) => xs.reduce((s, x) => s + x.mib, 0) / xs.length;
  const first = samples.filter((s) => s.t >= t0 && s.t - t0 <= windowMs);
  const last = samples.filter((s) => t1 - s.t <= windowMs);
  return { first: mean(first), last: mean(last), percent: ((mean(last) - mean(first)) / mean(first)) * 100 };
}

/**
 * THINK_MS: `min-max` (ms, uniformly random in between) or one number (fixed); default 1000-3000.
 * Returns { min, max } or throws on anything else.
 */
export function parseThink(value = '1000-3000') {
  const m = String(value)
    .trim()
    .match(/^(\d+)(?:\s*-\s*(\d+))?$/);
  if (!m) throw new Error(`THINK_MS must be a number of milliseconds or min-max, not "${value}"`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (max < min) throw new Error(`THINK_MS: ${max} is less than ${min}`);
  return { min, max };
}

/** CPU ms of a process and of its living descendants (e.g. PostgreSQL's backends). */
export function cpuTreeMs(pid) {
  let ms = cpuMs(pid);
  try {
    for (const task of readdirSync(`/proc/${pid}/task`))
      for (const child of readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
        ms += cpuTreeMs(Number(child));
  } catch {
    // gone meanwhile
  }
  return ms;
}

/**
 * BENCH_PROCESSES: `name=pid` or `name=:port`, comma-separated → [{ name, pid }] (pid null when
 * nothing listens on the port).
 */
export function parseProcesses(value, onPort = pidOnPort) {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const m = entry.match(/^(.+?)=(:?)(\d+)(\+?)$/);
      if (!m) throw new Error(`BENCH_PROCESSES: "${entry}" is not name=pid or name=:port (+ for its descendants too)`);
      return { name: m[1].trim(), pid: m[2] ? onPort(Number(m[3])) : Number(m[3]), tree: m[4] === '+' };
    });
}

function makeClients(base, adminUrl) {
  async function gql(url, query, variables, token, lang = 'ar') {
    const res = await fetch(`${url}?languageCode=${lang}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      throw new StepError(`${res.status} ${text.slice(0, 120)}`);
    }
    if (!res.ok || body.errors?.length) throw new StepError(`${res.status} ${body.errors?.[0]?.message ?? text.slice(0, 120)}`);
    return { data: body.data, token: res.headers.get('vendure-auth-token') ?? token };
  }
  let adminToken = null;
  const admin = async (query, variables = {}) => {
    if (!adminToken) {
      const r = await gql(adminUrl, 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }', {
        u: process.env.SUPERADMIN_USERNAME || 'superadmin',
        p: process.env.SUPERADMIN_PASSWORD || 'superadmin',
      });
      if (r.data.login.__typename !== 'CurrentUser') throw new Error(`Admin API sign-in refused: ${r.data.login.__typename}`);
      adminToken = r.token;
    }
    return (await gql(adminUrl, query, variables, adminToken, 'en')).data;
  };
  const shop = (query, variables, token) => gql(`${base}/shop-api`, query, variables, token);
  return { admin, shop };
}

/** One customer per shopper, created through the Admin API when missing. */
async function customerPool(admin, n) {
  const { customers } = await admin(
    'query { customers(options: { take: 1000, filter: { emailAddress: { contains: "bench-shopper-" } } }) { items { emailAddress } } }',
  );
  const have = new Set(customers.items.map((c) => c.emailAddress));
  const pool = [];
  for (let i = 1; i <= n; i++) {
    const email = `bench-shopper-${i}@example.com`;
    if (!have.has(email)) {
      const r = await admin(
        'mutation($i: CreateCustomerInput!, $p: String!) { createCustomer(input: $i, password: $p) { __typename ... on ErrorResult { message } } }',
        { i: { emailAddress: email, firstName: 'Bench', lastName: `Shopper ${i}`, phoneNumber: '+966500000000' }, p: PASSWORD },
      );
      if (r.createCustomer.__typename !== 'Customer') throw new Error(`creating ${email}: ${r.createCustomer.message}`);
    }
    pool.push(email);
  }
  return pool;
}

/**
 * What shoppers buy: BENCH_VARIANTS (20) enabled variants without a promotion price, priced under
 * cash on delivery's limit (1,000 SAR, in halalas), chosen by price and stock, not by name. The
 * seeded stock (tens per variant) would run out in a minute of 100 shoppers, so their stock on
 * hand is raised to BENCH_STOCK (10,000) through the Admin API: run the bench on a shop whose data
 * may change (it also creates customers and places orders).
 */
async function catalogue(admin, shop) {
  const { productVariants } = await admin(
    'query { productVariants(options: { take: 1000 }) { items { id enabled priceWithTax stockOnHand customFields { promoPrice } product { slug enabled } } } }',
  );
  const stock = Number(process.env.BENCH_STOCK || 10_000);
  const variants = productVariants.items
    .filter((v) => v.enabled && v.product.enabled && !v.customFields?.promoPrice && v.stockOnHand > 0 && v.priceWithTax < 90_000)
    .sort((a, b) => b.stockOnHand - a.stockOnHand)
    .slice(0, Number(process.env.BENCH_VARIANTS || 20))
    .map((v) => ({ id: v.id, slug: v.product.slug, stockOnHand: v.stockOnHand }));
  if (!variants.length) throw new Error('no variant in stock under 900 SAR in the catalogue');
  const low = variants.filter((v) => v.stockOnHand < stock);
  if (low.length) {
    await admin('mutation($i: [UpdateProductVariantInput!]!) { updateProductVariants(input: $i) { id } }', {
      i: low.map((v) => ({ id: v.id, stockOnHand: stock })),
    });
  }
  // Arabic search terms: a word of a product's Arabic name, as a shopper would type it.
  const { data } = await shop('query { products(options: { take: 30 }) { items { name } } }', {});
  const terms = [
    ...new Set(data.products.items.map((p) => p.name.split(/\s+/).find((w) => /[\u0600-\u06ff]{3,}/.test(w))).filter(Boolean)),
  ];
  if (!terms.length) throw new Error('no Arabic product name to search for');
  return { variants, terms };
}

const ORDER = 'code state active totalWithTax lines { quantity productVariant { id } }';

async function main() {
  const base = baseUrl();
  const budgets = loadBudgets().shoppers;
  const shoppers = Number(process.env.SHOPPERS || budgets.shoppers);
  const duration = Number(process.env.DURATION || budgets.durationSeconds);
  const adminUrl = process.env.BENCH_ADMIN_URL || `http://127.0.0.1:${process.env.SERVER_PORT || 3000}/admin-api`;
  const { admin, shop } = makeClients(base, adminUrl);
  const think = parseThink(process.env.THINK_MS);
  // Shoppers start spread over one visit's worth of think time (9 pauses), as a closed-model load
  // test ramps up: started together, 100 shoppers would stay in step and all sign in (bcrypt) at
  // the same second of every visit. The memory check's first window starts after the ramp.
  const rampMs = think.max ? 9 * ((think.min + think.max) / 2) : 1000;
  const warmupMs = process.env.BENCH_WARMUP ? Number(process.env.BENCH_WARMUP) * 1000 : Math.max(10_000, rampMs);
  const processes = process.env.BENCH_PROCESSES
    ? parseProcesses(process.env.BENCH_PROCESSES)
    : [
        { name: 'Vendure', pid: Number(process.env.BENCH_SERVER_PID) || pidOnPort(new URL(adminUrl).port || 80) },
        { name: 'storefront', pid: Number(process.env.BENCH_STOREFRONT_PID) || pidOnPort(new URL(base).port || 80) },
      ];
  const rssPids = process.env.BENCH_RSS_PIDS
    ? process.env.BENCH_RSS_PIDS.split(',').map((p) => (p.startsWith(':') ? pidOnPort(Number(p.slice(1))) : Number(p)))
    : [processes[0].pid];
  const thinkText = think.max
    ? `think time ${think.min === think.max ? think.min : `${think.min}-${think.max}`} ms between steps, start spread over ${fmt(rampMs / 1000)} s`
    : 'no think time (THINK_MS=0)';

  const routes = await discoverRoutes(base);
  const category = routes.find((r) => r.name === 'category').path;
  const pool = await customerPool(admin, shoppers);
  const { variants, terms } = await catalogue(admin, shop);
  console.log(
    `Shoppers on ${base}: ${shoppers} concurrent for ${duration} s; ${variants.length} variants, ${terms.length} search terms; ` +
      `${thinkText}; ${processes.map((p) => `${p.name} pid ${p.pid ?? '?'}`).join(', ')}`,
  );

  const times = Object.fromEntries(STEPS.map((s) => [s, []]));
  const errors = Object.fromEntries(STEPS.map((s) => [s, 0]));
  const errorSamples = [];
  const placed = []; // { code, email, lines: Map(variantId -> qty), total, method }
  let lostCarts = 0;
  const html = { accept: 'text/html', 'accept-encoding': 'gzip, br', cookie: `${LOCALE_COOKIE}=ar` };

  // one shopper at a time: each step's CPU time in Vendure (what the capacity model multiplies)
  const stepCpu = shoppers === 1 ? Object.fromEntries(STEPS.map((s) => [s, 0])) : null;
  async function step(name, fn) {
    const t = performance.now();
    const c = stepCpu && cpuMs(processes[0].pid);
    try {
      const r = await fn();
      times[name].push(performance.now() - t);
      if (stepCpu) stepCpu[name] += cpuMs(processes[0].pid) - c;
      return r;
    } catch (error) {
      errors[name]++;
      if (errorSamples.length < 10) errorSamples.push(`${name}: ${error.message}`);
      throw new StepError(error.message);
    }
  }
  async function page(path) {
    const res = await fetch(base + path, { headers: html });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`GET ${path} ${res.status}`);
    return body;
  }
  const pick = (xs) => xs[Math.floor(Math.random() * xs.length)];
  // a shopper reading the page before the next click (not timed in any step)
  const pause = () => (think.max ? new Promise((r) => setTimeout(r, think.min + Math.random() * (think.max - think.min))) : undefined);

  async function visit(email, n) {
    const variant = pick(variants);
    const quantity = 1 + (n % 2);
    const method = n % 2 ? 'payfort-card' : 'cash-on-delivery';
    await step('home', () => page('/'));
    await pause();
    await step('listing', () => page(`${category}?sort=price-asc&min=1&max=5000`));
    await pause();
    await step('search', async () => {
      const { data } = await shop('query($t: String!) { searchProducts(term: $t, take: 12) { totalItems items { slug } } }', {
        t: pick(terms),
      });
      if (!data.searchProducts.totalItems) throw new Error('Arabic search found nothing');
    });
    await pause();
    await step('product', () => page(`/products/${variant.slug}`));
    await pause();
    let token = null;
    await step('add to cart', async () => {
      const r = await shop(
        `mutation($v: ID!, $q: Int!) { addItemToOrder(productVariantId: $v, quantity: $q) { __typename ... on ErrorResult { message } } }`,
        { v: variant.id, q: quantity },
        token,
      );
      if (r.data.addItemToOrder.__typename !== 'Order') throw new Error(r.data.addItemToOrder.message);
      token = r.token;
    });
    await pause();
    await step('cart', async () => {
      await page('/cart'); // the page shell; the cart itself is the session's active order
      const { data } = await shop(`query { activeOrder { ${ORDER} } }`, {}, token);
      if (!data.activeOrder?.lines.some((l) => l.productVariant.id === variant.id)) throw new Error('cart is empty');
    });
    await pause();
    await step('sign in', async () => {
      const r = await shop(
        'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename ... on ErrorResult { message } } }',
        { u: email, p: PASSWORD },
        token,
      );
      if (r.data.login.__typename !== 'CurrentUser') throw new Error(r.data.login.message);
      token = r.token;
    });
    const { data } = await shop(`query { activeOrder { ${ORDER} } }`, {}, token);
    const line = data.activeOrder?.lines.find((l) => l.productVariant.id === variant.id);
    if (!line || line.quantity < quantity) {
      lostCarts++;
      throw new StepError(`cart lost at sign-in (${email})`);
    }
    await pause(); // the checkout form
    const order = await step('checkout', async () => {
      const q = async (query, variables = {}) => {
        const r = await shop(query, variables, token);
        const field = Object.values(r.data)[0];
        if (field?.__typename && field.__typename !== 'Order' && !Array.isArray(field))
          throw new Error(`${field.__typename} ${field.message ?? ''}`);
        return field;
      };
      await q('mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename ... on ErrorResult { message } } }', {
        i: { fullName: 'Bench Shopper', streetLine1: 'Olaya St', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966500000000' },
      });
      const methods = await q('query { eligibleShippingMethods { id } }');
      await q('mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename ... on ErrorResult { message } } }', {
        id: [methods[0].id],
      });
      await q('mutation { transitionOrderToState(state: "ArrangingPayment") { __typename ... on ErrorResult { message } } }');
      return q(
        `mutation($m: String!) { addPaymentToOrder(input: { method: $m, metadata: {} }) { __typename ... on Order { ${ORDER} paymentUrl } ... on ErrorResult { message } } }`,
        { m: method },
      );
    });
    if (method === 'payfort-card') {
      await pause(); // the card form
      await step('card sandbox', async () => {
        // what the shopper's browser does on the sandbox page: approve, follow the signed callback
        const decision = await fetch(`${base}${new URL(order.paymentUrl).pathname}/decision`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'decision=approve',
          redirect: 'manual',
        });
        if (decision.status !== 303) throw new Error(`sandbox decision ${decision.status}`);
        const back = await fetch(base + decision.headers.get('location'), { redirect: 'manual' });
        const to = back.headers.get('location') ?? '';
        if (back.status !== 303 || !to.includes(`checkout-success?order=${order.code}`)) throw new Error(`callback ${back.status} → ${to}`);
      });
    } else if (order.state !== 'PaymentAuthorized') {
      throw new StepError(`cash on delivery left the order in ${order.state}`);
    }
    placed.push({
      code: order.code,
      email,
      method,
      total: order.totalWithTax,
      lines: order.lines
        .map((l) => `${l.productVariant.id}×${l.quantity}`)
        .sort()
        .join(','),
    });
    await shop('mutation { logout { success } }', {}, token).catch(() => {});
  }

  // memory and CPU
  const rss = [];
  const started = Date.now();
  const sampler = setInterval(() => {
    if (rssPids.every(Boolean)) rss.push({ t: Date.now() - started, mib: rssPids.reduce((s, pid) => s + rssMiB(pid), 0) });
  }, 1000);
  const cpuOf = (p) => (p.tree ? cpuTreeMs(p.pid) : cpuMs(p.pid));
  const cpu0 = { procs: processes.map(cpuOf), self: process.cpuUsage() };
  const load0 = loadavg()[0];
  const since = new Date().toISOString();
  const deadline = Date.now() + duration * 1000;
  await Promise.all(
    pool.map(async (email, i) => {
      await new Promise((r) => setTimeout(r, (i * rampMs) / shoppers));
      for (let n = i; Date.now() < deadline; n++) {
        if (n > i) await pause(); // between two visits too
        if (Date.now() >= deadline) break;
        const t = performance.now();
        try {
          await visit(email, n);
          times.visit.push(performance.now() - t);
        } catch (error) {
          if (!(error instanceof StepError)) throw error;
          errors.visit++;
        }
      }
    }),
  );
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  const selfCpu = process.cpuUsage(cpu0.self);
  const cpu = [
    ...processes.map((p, i) => ({ name: p.name, ms: cpuOf(p) - cpu0.procs[i] })),
    { name: 'shoppers (this process)', ms: (selfCpu.user + selfCpu.system) / 1000 },
  ];
  const load1 = loadavg()[0];

  const rows = STEPS.map((name) => {
    const ts = times[name].sort((a, b) => a - b);
    return {
      step: name,
      requests: ts.length + errors[name],
      p50Ms: round1(percentile(ts, 50)),
      p95Ms: round1(percentile(ts, 95)),
      p99Ms: round1(percentile(ts, 99)),
      errors: errors[name],
    };
  });
  console.log(
    `\n${formatTable(rows, [
      { key: 'step', title: 'step' },
      { key: 'requests', title: 'count' },
      { key: 'p50Ms', title: 'p50 ms' },
      { key: 'p95Ms', title: 'p95 ms' },
      { key: 'p99Ms', title: 'p99 ms' },
      { key: 'errors', title: 'errors' },
    ])}`,
  );
  if (errorSamples.length) console.log(`\nfirst errors:\n  ${errorSamples.join('\n  ')}`);

  // The Admin API's view of every order placed since the run started.
  const seen = new Map();
  for (let skip = 0; ; skip += 100) {
    const { orders } = await admin(
      `query($s: Int!, $since: DateTime!) { orders(options: { skip: $s, take: 100, filter: { orderPlacedAt: { after: $since } } }) {
        totalItems items { code state totalWithTax customer { emailAddress } lines { quantity productVariant { id } } } } }`,
      { s: skip, since },
    );
    for (const o of orders.items) seen.set(o.code, [...(seen.get(o.code) ?? []), o]);
    if (skip + 100 >= orders.totalItems) break;
  }
  let missing = 0;
  let duplicates = 0;
  let wrong = 0;
  const mine = new Set(placed.map((p) => p.code));
  for (const p of placed) {
    const found = seen.get(p.code) ?? [];
    if (!found.length) missing++;
    if (found.length > 1) duplicates++;
    const o = found[0];
    if (!o) continue;
    const lines = o.lines
      .map((l) => `${l.productVariant.id}×${l.quantity}`)
      .sort()
      .join(',');
    const state = p.method === 'payfort-card' ? 'PaymentSettled' : 'PaymentAuthorized';
    if (lines !== p.lines || o.totalWithTax !== p.total || o.customer?.emailAddress !== p.email || o.state !== state) {
      wrong++;
      if (wrong <= 3)
        console.log(
          `  order ${p.code}: expected ${p.lines} ${p.total} ${state} for ${p.email}, admin has ${lines} ${o.totalWithTax} ${o.state} for ${o.customer?.emailAddress}`,
        );
    }
  }
  // Orders of the pool placed during the run that no shopper saw completed: a duplicate checkout.
  const unexpected = [...seen.values()]
    .flat()
    .filter((o) => o.customer?.emailAddress?.startsWith('bench-shopper-') && !mine.has(o.code)).length;
  const mem = memoryGrowth(rss, 10_000, warmupMs);
  const perOrder = (ms) => (placed.length ? round1(ms / placed.length) : Number.NaN);

  console.log(`
orders placed: ${placed.length} (${placed.filter((p) => p.method === 'cash-on-delivery').length} cash on delivery, ${placed.filter((p) => p.method === 'payfort-card').length} card) in ${fmt(seconds)} s = ${fmt((placed.length / seconds) * 60)} per minute
admin check: ${placed.length - missing} of ${placed.length} found, ${missing} missing, ${duplicates} duplicated, ${wrong} with other lines/total/state, ${unexpected} unexpected; carts lost at sign-in: ${lostCarts}
${thinkText}; ${shoppers} shoppers for ${duration} s
RSS (${rssPids.length > 1 ? `sum of ${rssPids.length} processes` : processes[0].name}): at the start ${fmt(rss[0]?.mib)} MiB; 10 s after a ${warmupMs / 1000} s warm-up ${fmt(mem.first)} MiB, last 10 s ${fmt(mem.last)} MiB (${fmt(mem.percent)} %), ${rss.length} samples
CPU per placed order: ${cpu.map((c) => `${c.name} ${fmt(perOrder(c.ms))} ms`).join(', ')}; total ${fmt(perOrder(cpu.reduce((s, c) => s + c.ms, 0)))} ms
load average (1 min): ${load0.toFixed(2)} at the start, ${load1.toFixed(2)} at the end, ${cpus().length} cores`);
  if (stepCpu)
    console.log(
      `${processes[0].name} CPU per step (one shopper): ${STEPS.filter((s) => s !== 'visit' && times[s].length)
        .map((s) => `${s} ${fmt(stepCpu[s] / times[s].length)} ms`)
        .join(', ')}`,
    );

  const step95 = (name) => rows.find((r) => r.step === name).p95Ms;
  const totalErrors = rows.reduce((s, r) => s + (r.step === 'visit' ? 0 : r.errors), 0) + lostCarts;
  const { checked } = evaluate(
    [
      { label: 'all steps', metric: 'errors', value: totalErrors },
      { label: 'orders', metric: 'placed', value: placed.length },
      { label: 'orders', metric: 'lostOrDuplicate', value: missing + duplicates + wrong + unexpected },
      { label: 'carts', metric: 'lost', value: lostCarts },
      { label: 'add to cart', metric: 'addToCartP95Ms', value: step95('add to cart') },
      { label: 'checkout', metric: 'checkoutP95Ms', value: step95('checkout') },
      { label: 'RSS', metric: 'memoryGrowthPercent', value: mem.percent ?? Number.NaN },
    ],
    budgets.targets,
  );
  process.exitCode = report('Shoppers', checked);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
