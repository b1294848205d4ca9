// Never-seen URLs (issue 38 §1), `BENCH_FRESH=unseen npm run bench:load`: the time to first byte
// of pages no cache of ours has answered before, one request at a time, p50/p95 per page type.
//
// Every URL is asked once: every product page (both languages), every category and subcategory
// listing and every brand listing the home page links to, the home page of each language, and a
// search for each term of a list (words of the catalogue's product names, Arabic and English).
// Against our shop the bench starts its own storefront with the HTML and SSR read caches off (as
// the fresh-render mode does); Vendure's kept answers (decision 019) are turned off by starting
// Vendure with CATALOGUE_RESPONSE_CACHE=off — the bench says which it found.
//
// Another storefront, side by side (e.g. the Vendure Remix starter on the same backend):
//   BENCH_UNSEEN_BASE=http://127.0.0.1:3001  measured as it runs (never-seen URLs are uncached by
//                                             definition; its own caches are its business)
//   BENCH_UNSEEN_URLS=file                    the URLs to ask, one `<type> <path>` a line (types:
//                                             home, product, category, brand, search); without it,
//                                             our shop's URL scheme is used.
// `npm run bench:load -- --unseen-list` prints our list in that format (to adapt to another shop).
import http from 'node:http';
import { readFileSync } from 'node:fs';

import { BROWSER_HEADERS, firstByte, LOCALE_COOKIE, percentile } from './lib.mjs';

const round1 = (n) => Math.round(n * 10) / 10;

/** `{ type, path }[]` from a `<type> <path>` list. */
export function parseUrlList(text) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [type, path] = l.split(/\s+/, 2);
      if (!type || !path?.startsWith('/')) throw new Error(`not "<type> <path>": ${l}`);
      return { type, path };
    });
}

/** Words of product names worth searching for: 3+ letters, each once, at most `n`. */
export function searchTerms(names, n = 40) {
  const seen = new Set();
  for (const name of names) {
    for (const word of name.split(/[\s\-–,.()/]+/)) {
      const w = word.trim().toLowerCase();
      if (w.length >= 3 && !/^\d+$/.test(w)) seen.add(w);
      if (seen.size >= n) return [...seen];
    }
  }
  return [...seen];
}

/** Our shop's never-seen URLs: its sitemap (products, categories), the home page's brand links, searches. */
export async function ourUrls(base) {
  const sitemap = await fetch(`${base}/sitemap.xml`).then((r) => {
    if (!r.ok) throw new Error(`GET ${base}/sitemap.xml answered ${r.status}`);
    return r.text();
  });
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>|href="([^"]+)"/g)].map((m) => new URL(m[1] ?? m[2], base).pathname);
  const urls = [];
  const seen = new Set();
  const add = (type, path) => {
    if (seen.has(path)) return;
    seen.add(path);
    urls.push({ type, path });
  };
  add('home', '/');
  add('home', '/en');
  for (const p of paths) {
    const neutral = p.startsWith('/en/') ? p.slice(3) : p;
    if (/^\/products\/c\/[^/]+(\/[^/]+)?$/.test(neutral)) add('category', p);
    else if (/^\/products\/(?!c$|brand$)[^/]+$/.test(neutral)) add('product', p);
  }
  const home = await fetch(`${base}/`, { headers: { cookie: `${LOCALE_COOKIE}=ar` } }).then((r) => r.text());
  for (const m of home.matchAll(/href="(\/products\/brand\/[^"?#]+)"/g)) {
    add('brand', m[1]);
    add('brand', `/en${m[1]}`);
  }
  // the card's name: `<h3 class="product-card__name"><a …>Name</a></h3>`
  const namesIn = (html) => [...html.matchAll(/class="product-card__name"[^>]*>(?:<a [^>]*>)?([^<]+)</g)].map((m) => m[1]);
  const enHome = await fetch(`${base}/en`, { headers: { cookie: `${LOCALE_COOKIE}=en` } }).then((r) => r.text());
  for (const term of [...searchTerms(namesIn(home), 20), ...searchTerms(namesIn(enHome), 20)]) {
    const arabic = /[\u0600-\u06ff]/.test(term);
    add('search', `${arabic ? '' : '/en'}/products?${new URLSearchParams({ q: term })}`);
  }
  return urls;
}

/**
 * Asks each URL once, one at a time (after `warmup` requests of a page outside the list), and
 * returns a row per type: count, p50/p95/p99/max ms, failures (non-200, or an answer that says it
 * came from a cache).
 */
export async function measureUnseen(base, urls, { warmup = 3 } = {}) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const byType = new Map();
  try {
    // the renderer's own first-request costs (module loading, JIT) are not a page's
    for (let i = 0; i < warmup; i++) await firstByte(`${base}/about`, { ...BROWSER_HEADERS, cookie: `${LOCALE_COOKIE}=ar` }, agent);
    for (const { type, path } of urls) {
      const locale = path === '/en' || path.startsWith('/en/') || path.startsWith('/en?') ? 'en' : 'ar';
      const r = await firstByte(base + path, { ...BROWSER_HEADERS, cookie: `${LOCALE_COOKIE}=${locale}` }, agent);
      const row = byType.get(type) ?? { times: [], failures: 0 };
      row.times.push(r.ms);
      if (r.status !== 200 || r.cache === 'HIT' || r.cache === 'STALE') row.failures += 1;
      byType.set(type, row);
    }
  } finally {
    agent.destroy();
  }
  return [...byType].map(([type, { times, failures }]) => {
    times.sort((a, b) => a - b);
    return {
      type,
      name: `${type} (never seen)`,
      pages: times.length,
      p50Ms: round1(percentile(times, 50)),
      p95Ms: round1(percentile(times, 95)),
      p99Ms: round1(percentile(times, 99)),
      maxMs: round1(times.at(-1)),
      failures,
    };
  });
}

/** The list to ask: BENCH_UNSEEN_URLS's file, else our shop's scheme read from `discoverFrom`. */
export async function unseenUrls(discoverFrom) {
  const file = process.env.BENCH_UNSEEN_URLS;
  return file ? parseUrlList(readFileSync(file, 'utf8')) : ourUrls(discoverFrom);
}
