// Shared helpers of the benchmark scripts (tests/perf/*.mjs). The pure functions at the top
// (percentile, median, checkLimit, evaluate, formatTable) are unit-tested in lib.test.mjs.
import { readFileSync } from 'node:fs';
import http from 'node:http';

/** The shop `npm start` serves: on PORT when set, as start.mjs. */
export const DEFAULT_BASE_URL = `http://127.0.0.1:${process.env.PORT || 8080}`;

/** The locale cookie of the storefront (src/i18n/locales.ts): a returning visitor has it. */
export const LOCALE_COOKIE = 'i18n_redirected';

/** The p-th percentile (0-100) of ascending numbers, nearest-rank; NaN for none. */
export function percentile(sorted, p) {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** The median of numbers (mean of the middle two for an even count); NaN for none. */
export function median(values) {
  const nums = values.filter((v) => typeof v === 'number' && !Number.isNaN(v)).sort((a, b) => a - b);
  if (!nums.length) return Number.NaN;
  const mid = nums.length >> 1;
  return nums.length % 2 ? nums[mid] : (nums[mid - 1] + nums[mid]) / 2;
}

/**
 * One measured value against one budget entry `{ min }` or `{ max }` (or both). A value that
 * could not be measured (NaN, null, undefined) misses its budget: a broken run is never green.
 */
export function checkLimit(value, limit) {
  if (!limit || (limit.min === undefined && limit.max === undefined)) return { ok: true, rule: '' };
  const measured = typeof value === 'number' && !Number.isNaN(value);
  const rules = [];
  let ok = measured;
  if (limit.min !== undefined) {
    rules.push(`>= ${limit.min}`);
    if (measured && value < limit.min) ok = false;
  }
  if (limit.max !== undefined) {
    rules.push(`<= ${limit.max}`);
    if (measured && value > limit.max) ok = false;
  }
  return { ok, rule: rules.join(' and ') };
}

/**
 * Checks `{ label, metric, value }` rows against a budget section `{ metric: { min|max } }`.
 * Returns every checked row with `ok`/`rule` and `failed`, the rows that missed their budget.
 * Metrics without a budget are not checked.
 */
export function evaluate(rows, budgets = {}) {
  const checked = [];
  for (const row of rows) {
    const limit = budgets[row.metric];
    if (!limit) continue;
    checked.push({ ...row, ...checkLimit(row.value, limit) });
  }
  return { checked, failed: checked.filter((r) => !r.ok) };
}

/** A plain-text table: `columns` are `{ key, title, align? }`, numbers right-aligned by default. */
export function formatTable(rows, columns) {
  const cell = (row, c) => {
    const v = row[c.key];
    return v === undefined || v === null ? '' : String(v);
  };
  const widths = columns.map((c) => Math.max(c.title.length, ...rows.map((r) => cell(r, c).length)));
  const right = (c) => c.align === 'right' || (c.align === undefined && rows.some((r) => typeof r[c.key] === 'number'));
  const line = (values) =>
    values
      .map((v, i) => (right(columns[i]) ? v.padStart(widths[i]) : v.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [
    line(columns.map((c) => c.title)),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map((r) => line(columns.map((c) => cell(r, c)))),
  ].join('\n');
}

/** Prints the budget verdict and returns the exit code (0 when every budget is met). */
export function report(title, checked) {
  const failed = checked.filter((r) => !r.ok);
  console.log(`\n${title} budgets:`);
  for (const r of checked) {
    console.log(`  ${r.ok ? 'ok  ' : 'MISS'} ${r.label} ${r.metric} = ${fmt(r.value)} (budget ${r.rule})`);
  }
  if (!checked.length) console.log('  (none)');
  console.log(failed.length ? `${failed.length} budget(s) missed.` : 'All budgets met.');
  return failed.length ? 1 : 0;
}

export function fmt(value, digits = 1) {
  if (typeof value !== 'number' || Number.isNaN(value)) return 'n/a';
  return Number.isInteger(value) ? String(value) : value.toFixed(digits);
}

// ---- I/O helpers -------------------------------------------------------------------------

export function loadBudgets() {
  return JSON.parse(readFileSync(new URL('./budgets.json', import.meta.url), 'utf8'));
}

/** The shop to measure: first CLI argument that looks like a URL, else BENCH_URL, else the default. */
export function baseUrl(argv = process.argv.slice(2)) {
  const arg = argv.find((a) => /^https?:\/\//.test(a));
  return (arg || process.env.BENCH_URL || DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/** The seeded demo customer (server/src/seed/steps/demo-customer.ts) the signed-in routes are measured as. */
export const DEMO_CUSTOMER = {
  email: process.env.BENCH_CUSTOMER_EMAIL || 'customer@example.com',
  password: process.env.BENCH_CUSTOMER_PASSWORD || 'Customer123!',
};

/** The storefront's session cookie (src/lib/token-store.ts TOKEN_COOKIE). */
export const TOKEN_COOKIE = 'vendure_token';

/**
 * The cookies a route is opened with: the locale's, and for a signed-in route the session token
 * (as the shop's token store keeps it after a sign-in).
 */
export function routeCookies(route, token) {
  const cookies = [{ name: LOCALE_COOKIE, value: localeOf(route.path) }];
  if (route.signedIn) {
    if (!token) throw new Error(`${route.path} is measured signed in, but there is no session token`);
    cookies.push({ name: TOKEN_COOKIE, value: token });
  }
  // Routes from signedInRoutes (checkout) carry their own session.
  if (route.cookie) cookies.push(route.cookie);
  return cookies;
}

/** The `Cookie` header of routeCookies (Lighthouse's extra headers). */
export function cookieHeader(route, token) {
  return routeCookies(route, token)
    .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
    .join('; ');
}

/**
 * Signs the demo customer in through the shop's own Shop API proxy and returns the session token,
 * or null when no route needs one. Fails loudly: a signed-in page measured as a guest would only
 * measure the redirect to /auth.
 */
export async function signInToken(base, routes, customer = DEMO_CUSTOMER) {
  if (!routes.some((r) => r.signedIn)) return null;
  const res = await fetch(`${base}/shop-api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: 'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }',
      variables: { u: customer.email, p: customer.password },
    }),
  });
  const body = await res.json().catch(() => null);
  const token = res.headers.get('vendure-auth-token');
  if (!res.ok || body?.data?.login?.__typename !== 'CurrentUser' || !token) {
    throw new Error(`signing in ${customer.email} at ${base}/shop-api failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return token;
}

/** `/en…` is English, everything else Arabic (decision 001). */
export function localeOf(path) {
  return path === '/en' || path.startsWith('/en/') || path.startsWith('/en?') ? 'en' : 'ar';
}

/**
 * The routes issue 4 asks to measure. The product and category are discovered from the home
 * page's links (first of each), so the scripts follow whatever the seed contains.
 */
export async function discoverRoutes(base) {
  const res = await fetch(`${base}/`, { headers: { cookie: `${LOCALE_COOKIE}=ar` } });
  if (!res.ok) throw new Error(`GET ${base}/ answered ${res.status}: is the shop running?`);
  const html = await res.text();
  const hrefs = [...html.matchAll(/href="(\/products\/[^"?#]+)"/g)].map((m) => m[1]);
  const category = hrefs.find((h) => /^\/products\/c\/[^/]+$/.test(h));
  const product = hrefs.find((h) => /^\/products\/[^/]+$/.test(h) && !/^\/products\/(c|brand)$/.test(h));
  if (!category || !product) throw new Error(`could not find a category and a product link on ${base}/`);
  // The header search's full results page (/products?q=…, issue 32): the products listing narrowed
  // to a word of the product's slug (an English name word; the index holds both languages).
  const word =
    decodeURIComponent(product.split('/').pop())
      .split('-')
      .find((w) => w.length >= 3) ?? 'shoes';
  return [
    { name: 'home (ar)', path: '/' },
    { name: 'home (en)', path: '/en' },
    { name: 'products', path: '/products' },
    { name: 'search results', path: `/products?q=${encodeURIComponent(word)}` },
    { name: 'category', path: category },
    { name: 'product', path: product },
    { name: 'about', path: '/about' },
    // Issue 13: the auth entry (sign in, create an account), a guest's page, in both locales.
    { name: 'auth (ar)', path: '/auth' },
    { name: 'auth (en)', path: '/en/auth' },
    // Signed in as the demo customer (signInToken); personal pages are never cached (decision 012).
    { name: 'orders (signed in)', path: '/profile/orders', signedIn: true },
    // The profile's forms: its home (details, phone, avatar) and the addresses, the heaviest pages.
    { name: 'profile (signed in)', path: '/profile', signedIn: true },
    { name: 'addresses (signed in)', path: '/profile/addresses', signedIn: true },
  ];
}

async function shopApi(base, query, variables, token) {
  const res = await fetch(`${base}/shop-api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  if (body.errors?.length) throw new Error(`${query.slice(0, 40)}…: ${body.errors[0].message}`);
  return { data: body.data, token: res.headers.get('vendure-auth-token') ?? token };
}

/** A new guest session whose cart holds one in-stock product: its `vendure_token` cookie, or null. */
async function guestCartCookie(base) {
  const products = await shopApi(base, 'query { products(options: { take: 20 }) { items { variants { id stockLevel } } } }', {});
  const variant = products.data.products.items.flatMap((p) => p.variants).find((v) => v.stockLevel === 'IN_STOCK');
  if (!variant) return null;
  const added = await shopApi(
    base,
    'mutation ($v: ID!) { addItemToOrder(productVariantId: $v, quantity: 1) { ... on Order { code } ... on ErrorResult { errorCode message } } }',
    { v: variant.id },
  );
  if (!added.data.addItemToOrder.code || !added.token) throw new Error(`guest addItemToOrder: ${JSON.stringify(added.data)}`);
  return { name: 'vendure_token', value: added.token };
}

/**
 * The signed-in pages (issue 14): a checkout step and /checkout-success of one of the demo
 * customer's placed orders. Signs the demo customer in through the Shop API and puts a product in
 * their cart (so the checkout has an order: this changes the demo customer's cart). Each route
 * carries the `vendure_token` cookie its browser context must send. Null when the demo customer
 * cannot sign in (a backend without the seed): the scripts then measure the public pages only.
 */
export async function signedInRoutes(base) {
  try {
    let { token } = await shopApi(base, 'mutation ($u: String!, $p: String!) { login(username: $u, password: $p) { __typename } }', {
      u: DEMO_CUSTOMER.email,
      p: DEMO_CUSTOMER.password,
    });
    if (!token) throw new Error('login returned no token');
    const placed = await shopApi(
      base,
      `query { activeCustomer { orders(options: { take: 10, sort: { createdAt: DESC } }) { items { code state } } } }`,
      {},
      token,
    );
    const order = placed.data.activeCustomer?.orders.items.find((o) =>
      ['PaymentSettled', 'PaymentAuthorized', 'Shipped', 'Delivered'].includes(o.state),
    );
    // The checkout needs a cart with a line: the active order when it has one (each run would
    // otherwise add another unit, until a line limit refuses it), else one in-stock variant added.
    const active = await shopApi(base, 'query { activeOrder { code totalQuantity } }', {}, token);
    let code = active.data.activeOrder?.totalQuantity ? active.data.activeOrder.code : null;
    if (!code) {
      const products = await shopApi(base, 'query { products(options: { take: 20 }) { items { variants { id stockLevel } } } }', {}, token);
      const variant = products.data.products.items.flatMap((p) => p.variants).find((v) => v.stockLevel === 'IN_STOCK');
      const added = await shopApi(
        base,
        'mutation ($v: ID!) { addItemToOrder(productVariantId: $v, quantity: 1) { ... on Order { code } ... on ErrorResult { errorCode message } } }',
        { v: variant.id },
        token,
      );
      code = added.data.addItemToOrder.code;
      if (!code) throw new Error(`addItemToOrder: ${added.data.addItemToOrder.errorCode} ${added.data.addItemToOrder.message}`);
      token = added.token ?? token;
    }
    const cookie = { name: 'vendure_token', value: token };
    const routes = [{ name: 'checkout (address step)', path: `/en/checkout/${code}`, cookie }];
    if (order) routes.push({ name: 'checkout-success', path: `/en/checkout-success?order=${order.code}`, cookie });
    // Issue 38 §2: the cart page, rendered on the server with its lines: the demo customer's cart
    // (the line above) and a guest's new session with one line.
    routes.push({ name: 'cart (signed in)', path: '/en/cart', cookie });
    const guest = await guestCartCookie(base);
    if (guest) routes.push({ name: 'cart (guest, one line)', path: '/cart', cookie: guest });
    return routes;
  } catch (error) {
    console.warn(`signed-in routes skipped: ${error instanceof Error ? error.message : error}`);
    return null;
  }
}

/** What a browser sends with a page request (the load benches' requests look like a visitor's). */
export const BROWSER_HEADERS = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36 bench',
};

/** Time (ms) to the first byte of the response to one GET, with its status and X-Cache header. */
export function firstByte(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get(url, { headers, agent }, (res) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      res.resume();
      res.on('end', () => resolve({ ms, status: res.statusCode, cache: res.headers['x-cache'] }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
