#!/usr/bin/env node
// `npm run screenshots [-- <shop url>]`: full-page PNGs of a running shop (`npm start`; default
// http://127.0.0.1:8080, or SCREENSHOT_URL) for a person to look at: home, a category listing, a
// product (one with reviews in both languages when there is one), search results (the header's search list, typed on the
// home page; a viewport-sized shot), the cart and the
// wishlist (of the seeded demo customer, signed in), at 390 px and 1280 px wide, in Arabic and English -> test-results/screenshots/
// <page>-<locale>-<width>.png. Not part of `npm test` (it checks nothing by itself); it prints, per
// page, every image the page shows that does not come from the asset server (that is, is not one
// of the seeded photographs; the logo and the payment logos aside), so "every image is a photograph" can be checked at a glance.
//
// Test data comes from the running Shop API (through the storefront's proxy), so it follows the
// seed: the first category of the header, its first products, a word of a product's name.
/* global document, window, location -- the scroll, the image check and the list of images run in the page */
import { chromium } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const base = (process.argv[2] ?? process.env.SCREENSHOT_URL ?? `http://127.0.0.1:${process.env.PORT || 8080}`).replace(/\/$/, '');
const outDir = join(root, 'test-results', 'screenshots');
const WIDTHS = [
  { width: 390, height: 844, isMobile: true, hasTouch: true },
  { width: 1280, height: 800, isMobile: false, hasTouch: false },
];
const LOCALES = [
  { code: 'ar', prefix: '', browser: 'ar-SA' },
  { code: 'en', prefix: '/en', browser: 'en-US' },
];

async function gql(query, variables = {}, { lang = 'en', token } = {}) {
  const res = await fetch(`${base}/shop-api?languageCode=${lang}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  if (!res.ok) throw new Error(`Shop API ${res.status} at ${base}: is the shop running?`);
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return { data: body.data, token: res.headers.get('vendure-auth-token') ?? token };
}

async function pickData() {
  const { data: header } = await gql('{ headerFacets { code } }');
  const category = header.headerFacets[0]?.code;
  if (!category) throw new Error('the shop has no categories');
  const { data } = await gql(
    `query($input: ProductFilterInput!) { productByFacetValue(input: $input) { items { id slug name variants { id inStock } } } }`,
    { input: { categoryCode: category, take: 24 } },
  );
  const items = data.productByFacetValue.items;
  const { data: all } = await gql(`{ productByFilter(options: { take: 100 }) { items { id slug name variants { id inStock } } } }`);
  // the product shown: one with reviews in both languages, if any
  let product = items[0];
  for (const p of all.productByFilter.items) {
    const { data: r } = await gql(`query($id: ID!) { productReviews(productId: $id, options: { take: 50 }) { items { languageCode } } }`, {
      id: p.id,
    });
    const langs = new Set(r.productReviews.items.map((x) => x.languageCode));
    if (langs.has('ar') && langs.has('en')) {
      product = p;
      break;
    }
  }
  const inStock = all.productByFilter.items.filter((p) => p.variants.some((v) => v.inStock));
  return { category, product, cart: inStock.slice(1, 3), wishlist: inStock.slice(3, 6) };
}

/** Scrolls to the bottom and back so lazy images load, then waits for every image to finish. */
async function settle(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 120));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 30_000 }).catch(() => {});
  await page.waitForTimeout(300);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const data = await pickData();
  // one session for every screenshot: the seeded demo customer's (README), whose wishlist and cart
  // are filled here if empty (the wishlist needs a signed-in customer)
  let { token } = await gql(`mutation { login(username: "customer@example.com", password: "Customer123!") { __typename } }`);
  const { data: active } = await gql('{ activeOrder { lines { id } } }', {}, { token });
  if (!active.activeOrder?.lines.length) {
    for (const p of data.cart) {
      const variant = p.variants.find((v) => v.inStock);
      await gql(`mutation($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { __typename } }`, { id: variant.id }, { token });
    }
  }
  for (const p of data.wishlist) {
    const toggle = () => gql(`mutation($id: ID!) { toggleFav(productId: $id) { isFav } }`, { id: p.id }, { token });
    // toggling a saved product would take it out: toggle once more in that case
    if (!(await toggle()).data.toggleFav.isFav) await toggle();
  }

  const word = (name) => name.split(/\s+/).find((w) => w.length >= 3) ?? name;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu'],
  });
  const written = [];
  try {
    for (const locale of LOCALES) {
      const { data: names } = await gql(
        `query($slug: String!) { product(slug: $slug) { name } }`,
        { slug: data.product.slug },
        { lang: locale.code },
      );
      const pages = [
        ['home', '/'],
        ['listing', `/products/c/${data.category}`],
        ['product', `/products/${data.product.slug}`],
        // search is the header's combobox (spec: a list of results under the box), typed on the home page
        ['search', '/', word(names.product?.name ?? data.product.name)],
        ['cart', '/cart'],
        ['wishlist', '/wishlist'],
      ];
      for (const size of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width: size.width, height: size.height },
          isMobile: size.isMobile,
          hasTouch: size.hasTouch,
          locale: locale.browser,
          timezoneId: 'Asia/Riyadh',
          serviceWorkers: 'block',
        });
        await context.addCookies([{ name: 'vendure_token', value: token, url: base }]);
        const page = await context.newPage();
        for (const [name, path, query] of pages) {
          const url = `${base}${locale.prefix}${path === '/' && locale.prefix ? '' : path}`;
          await page.goto(url, { waitUntil: 'load' });
          await settle(page);
          if (query) {
            // on a phone the box opens from the header's search toggle
            const toggle = page.locator('.header-actions__search-toggle');
            if (await toggle.isVisible()) await toggle.click();
            const box = page.locator('input[role="combobox"]:visible').first();
            await box.fill(query);
            await page.locator('[role="listbox"]:visible [role="option"]').first().waitFor({ timeout: 15000 });
            // the hits' thumbnails (no scrolling: it would move the page under the open list)
            await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 15_000 }).catch(() => {});
          }
          const file = join(outDir, `${name}-${locale.code}-${size.width}.png`);
          // the search list is a popup over the page's top: the viewport shows it, a full page would not add to it
          await page.screenshot({ path: file, fullPage: !query });
          const others = await page.evaluate(() =>
            [...document.images]
              .filter((img) => {
                const path = new URL(img.currentSrc || img.src, location.href).pathname;
                // the shop's logo and the footer's payment logos are drawings by design
                return img.getBoundingClientRect().width > 0 && !/^\/(assets\/|payments\/|logo-)/.test(path);
              })
              .map((img) => `${img.alt || '(no alt)'} <${img.currentSrc || img.src}>`.slice(0, 140)),
          );
          written.push(file);
          console.log(`${file.slice(root.length + 1)}${others.length ? `\n  not from the asset server: ${others.join('\n    ')}` : ''}`);
        }
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${written.length} screenshots in ${outDir.slice(root.length + 1)}/`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
