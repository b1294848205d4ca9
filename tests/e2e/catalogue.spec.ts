// The catalogue as a shopper meets it (issue 4, "How it is checked"): home rows and banners,
// category filters in the URL, pagination and the back button, grid/list, variant choice with
// price/stock/SKU, out-of-stock variants, the header search (minimum length, Arabic spelling
// variants), 404s, server-rendered product HTML with JSON-LD, and axe, in Arabic and English.
// Test data is read from the running Shop API (through the storefront's proxy), so the tests
// follow the seed instead of hard-coding it (the Arabic spelling test names two seeded products).
import type { APIRequestContext, Page } from '@playwright/test';
import { formatMoneyPlain } from '../../src/lib/money';
import {
  acceptLanguage,
  browserLocale,
  exactly,
  expect,
  gotoHydrated,
  localePath,
  locales,
  startingWith,
  test,
  tr,
  type Locale,
} from './fixtures';

/** The first category of the header's menu (the seed's, whatever it is). */
async function firstCategory(request: APIRequestContext, locale: Locale): Promise<string> {
  const { headerFacets } = await shop<{ headerFacets: { code: string }[] }>(request, locale, '{ headerFacets { code } }');
  expect(headerFacets.length, 'seeded categories').toBeGreaterThan(0);
  return headerFacets[0]!.code;
}

async function shop<T>(request: APIRequestContext, locale: Locale, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await request.post(`/shop-api?languageCode=${locale}`, { data: { query, variables } });
  expect(res.ok(), `Shop API ${res.status()}`).toBe(true);
  const body = (await res.json()) as { data?: T; errors?: { message: string }[] };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

interface Variant {
  id: string;
  sku: string;
  priceWithTax: number;
  stockLevel: string;
  inStock: boolean;
  options: { id: string; name: string; groupId: string }[];
}
interface Product {
  id: string;
  name: string;
  slug: string;
  optionGroups: { id: string; name: string; customFields: { type: string } | null }[];
  variants: Variant[];
}

const PRODUCTS = `query($take: Int, $skip: Int) { products(options: { take: $take, skip: $skip }) { totalItems items {
  id name slug
  optionGroups { id name customFields { type } }
  variants { id sku priceWithTax stockLevel inStock options { id name groupId } }
} } }`;

/** Every product, 40 a page: a page of 100 with variants and options is over the Shop API's list budget (decision 027). */
async function products(request: APIRequestContext, locale: Locale): Promise<Product[]> {
  const all: Product[] = [];
  for (let skip = 0; ; skip += 40) {
    const { products: page } = await shop<{ products: { totalItems: number; items: Product[] } }>(request, locale, PRODUCTS, {
      take: 40,
      skip,
    });
    all.push(...page.items);
    if (page.items.length === 0 || all.length >= page.totalItems) return all;
  }
}

const soldOut = (v: Variant) => !v.inStock || v.stockLevel === 'OUT_OF_STOCK';

/** A product with a colour group whose colours have different SKUs, one colour sold out in some size or not. */
function colourProduct(list: Product[]) {
  for (const p of list) {
    const colour = p.optionGroups.find((g) => g.customFields?.type === 'color');
    if (!colour || p.variants.length < 2) continue;
    const byColour = new Map<string, Variant>();
    for (const v of p.variants) {
      const o = v.options.find((x) => x.groupId === colour.id);
      if (o && !byColour.has(o.id) && !soldOut(v)) byColour.set(o.id, v);
    }
    const [a, b] = [...byColour.values()];
    if (a && b && a.sku !== b.sku) return { product: p, colour, from: a, to: b };
  }
  throw new Error('seed has no product with two in-stock colours');
}

function optionName(v: Variant, groupId: string): string {
  return v.options.find((o) => o.groupId === groupId)!.name;
}

function price(halalas: number, locale: Locale): string {
  return formatMoneyPlain(halalas, locale);
}

/** Opens a listing and waits until React runs its filters. */
async function openListing(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('.listing[data-interactive]')).toBeAttached();
}

async function cardNames(page: Page): Promise<string[]> {
  return page.locator('.product-card__name').allTextContents();
}

/** Shop API calls of the header search (the `search` operation, GET or POST). */
function searchRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    if (!req.url().includes('/shop-api')) return;
    const text = decodeURIComponent(req.url()) + (req.postData() ?? '');
    if (/searchProducts/.test(text)) seen.push(text);
  });
  return seen;
}

/** The visible header search box; on a phone it first opens the search toggle. */
async function openSearch(page: Page, locale: Locale, isMobile: boolean) {
  const header = page.getByRole('banner');
  if (isMobile) await header.getByRole('button', { name: tr(locale, 'Search'), exact: true }).click();
  const box = header.getByRole('combobox', { name: tr(locale, 'Search products') }).filter({ visible: true });
  await expect(box).toHaveCount(1);
  return box;
}

/** Past the search's 500 ms debounce and 1 s max wait: a request due would have gone out. */
const SEARCH_SETTLE_MS = 1_500;

for (const locale of locales) {
  test.describe(`catalogue (${locale})`, () => {
    test.use(browserLocale(locale));

    test('the home page shows both product rows @responsive', async ({ page }) => {
      await page.goto(localePath(locale, '/'));
      for (const title of ['New arrivals', 'Special offers']) {
        const section = page.getByRole('region', { name: tr(locale, title) });
        await expect(section).toBeVisible();
        await expect(section.locator('.product-card')).toHaveCount(8);
      }
    });

    test('the home page shows the super banners with a mobile artwork', async ({ page, request }) => {
      const { superBanners } = await shop<{ superBanners: { id: string }[] }>(request, locale, '{ superBanners { id } }');
      expect(superBanners.length, 'seeded super banners').toBeGreaterThan(0);
      await page.goto(localePath(locale, '/'));
      const hero = page.getByRole('region', { name: tr(locale, 'Featured') });
      await expect(hero.locator('picture')).toHaveCount(superBanners.length);
      await expect(hero.locator('picture source[media]').first()).toHaveAttribute('srcset', /.+/);
      // The first banner is the LCP image: eager and high priority.
      await expect(hero.locator('img').first()).toHaveAttribute('fetchpriority', 'high');
    });

    test('a category filters by colour and price, and the URL says so', async ({ page, request }) => {
      const category = await firstCategory(request, locale);
      const bar = await shop<{ filterBarProducts: { colors: { code: string; name: string }[]; maxValue: number } }>(
        request,
        locale,
        'query($input: ProductFilterInput) { filterBarProducts(input: $input) { colors { code name } maxValue } }',
        { input: { categoryCode: category } },
      );
      const colour = bar.filterBarProducts.colors[0]!;
      const count = async (input: Record<string, unknown>) =>
        (
          await shop<{ productByFacetValue: { totalItems: number } }>(
            request,
            locale,
            'query($input: ProductFilterInput!) { productByFacetValue(input: $input) { totalItems } }',
            { input: { categoryCode: category, ...input } },
          )
        ).productByFacetValue.totalItems;

      await openListing(page, localePath(locale, `/products/c/${category}`));
      await page.getByRole('checkbox', { name: exactly(colour.name) }).click();
      await expect(page).toHaveURL(new RegExp(`[?&]color=${colour.code}(&|$)`));
      const withColour = await count({ colorCodes: [colour.code] });
      await expect(page.locator('.product-card')).toHaveCount(Math.min(withColour, 10));

      await page.getByRole('slider', { name: tr(locale, 'Maximum price') }).fill('300');
      await expect(page).toHaveURL(/[?&]max=300(&|$)/);
      await expect(page).toHaveURL(new RegExp(`color=${colour.code}`));
      const both = await count({ colorCodes: [colour.code], maxPrice: 30000 });
      await expect(page.locator('.product-card')).toHaveCount(Math.min(both, 10));
      await expect(page.getByRole('checkbox', { name: exactly(colour.name) })).toBeChecked();
    });

    test('on a phone the filters fold behind their summary and still filter by colour @mobile', async ({ page, request }) => {
      await openListing(page, localePath(locale, `/products/c/${await firstCategory(request, locale)}`));
      const filters = page.locator('details.listing__filters');
      await expect(filters).not.toHaveAttribute('open');
      await filters.locator('summary').click();
      await expect(filters).toHaveAttribute('open');
      const swatch = filters.getByRole('checkbox').first();
      await swatch.click();
      await expect(page).toHaveURL(/[?&]color=/);
    });

    test('pagination moves pages and the back button restores them', async ({ page }) => {
      await openListing(page, localePath(locale, '/products'));
      const first = await cardNames(page);
      expect(first).toHaveLength(10);
      await page.getByRole('link', { name: tr(locale, 'Page {0}', { 0: locale === 'ar' ? '٢' : '2' }) }).click();
      await expect(page).toHaveURL(/[?&]page=2(&|$)/);
      await expect.poll(() => cardNames(page)).not.toEqual(first);
      const second = await cardNames(page);
      expect(second.some((n) => first.includes(n))).toBe(false);
      await page.goBack();
      await expect(page).not.toHaveURL(/page=2/);
      await expect.poll(() => cardNames(page)).toEqual(first);
      await page.goForward();
      await expect.poll(() => cardNames(page)).toEqual(second);
    });

    test('the list view and the grid view toggle', async ({ page }) => {
      await openListing(page, localePath(locale, '/products'));
      const grid = page.getByRole('button', { name: tr(locale, 'Grid view') });
      const list = page.getByRole('button', { name: tr(locale, 'List view') });
      await expect(grid).toHaveAttribute('aria-pressed', 'true');
      await list.click();
      await expect(page).toHaveURL(/[?&]view=list/);
      await expect(list).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('.product-grid')).toHaveAttribute('data-view', 'list');
      await grid.click();
      await expect(page).not.toHaveURL(/view=list/);
      await expect(page.locator('.product-grid')).toHaveAttribute('data-view', 'grid');
    });

    test('choosing a colour shows that variant’s price, stock and SKU, and it is in the URL @responsive', async ({ page, request }) => {
      const { product, colour, from, to } = colourProduct(await products(request, locale));
      await page.goto(localePath(locale, `/products/${product.slug}?variant=${from.id}`));
      await expect(page.locator('article.product[data-interactive]')).toBeAttached();
      await expect(page.getByTestId('sku')).toHaveText(from.sku);
      await expect(page.getByTestId('price').first()).toHaveText(price(from.priceWithTax, locale));
      await page
        .getByRole('group', { name: new RegExp(colour.name) })
        .getByRole('radio', { name: optionName(to, colour.id) })
        .click();
      await expect(page).toHaveURL(new RegExp(`variant=${to.id}`));
      await expect(page.getByTestId('sku')).toHaveText(to.sku);
      await expect(page.getByTestId('price').first()).toHaveText(price(to.priceWithTax, locale));
      await expect(page.getByTestId('stock-status')).toHaveText(tr(locale, to.stockLevel === 'LOW_STOCK' ? 'Only a few left' : 'In stock'));
      // The chosen variant is shareable: a fresh load of the URL renders it on the server.
      const html = await (await request.get(page.url(), { headers: { 'accept-language': acceptLanguage[locale] } })).text();
      expect(html).toContain(to.sku);
    });

    test('an out-of-stock variant says so and cannot be added to the cart; an in-stock one can', async ({ page, request }) => {
      const all = await products(request, locale);
      const p = all.find((x) => x.variants.some(soldOut) && x.variants.some((v) => !soldOut(v)))!;
      const out = p.variants.find(soldOut)!;
      const inStock = p.variants.find((v) => !soldOut(v))!;
      const addToCart = page.getByRole('button', { name: tr(locale, 'Add to cart') });

      await page.goto(localePath(locale, `/products/${p.slug}?variant=${out.id}`));
      await expect(page.locator('article.product[data-interactive]')).toBeAttached();
      await expect(page.getByTestId('stock-status')).toHaveText(tr(locale, 'Out of stock'));
      await expect(addToCart).toBeDisabled();

      await page.goto(localePath(locale, `/products/${p.slug}?variant=${inStock.id}`));
      await expect(page.locator('article.product[data-interactive]')).toBeAttached();
      await expect(page.getByTestId('sku')).toHaveText(inStock.sku);
      await expect(addToCart).toBeEnabled();
    });

    test('a guest who opens the review form is asked to sign in', async ({ page, request }) => {
      const { product } = colourProduct(await products(request, locale));
      await page.goto(localePath(locale, `/products/${product.slug}`));
      await expect(page.locator('article.product[data-interactive]')).toBeAttached();
      await page.getByRole('button', { name: tr(locale, 'Write a review') }).click();
      await expect(page.getByText(tr(locale, 'Sign in to review this product.'))).toBeVisible();
      await expect(page.getByRole('link', { name: tr(locale, 'Sign in'), exact: true })).toBeVisible();
    });

    test('the server HTML of a product page has its name, price and JSON-LD', async ({ request }) => {
      const { product, from } = colourProduct(await products(request, locale));
      const res = await request.get(localePath(locale, `/products/${product.slug}?variant=${from.id}`), {
        headers: { 'accept-language': acceptLanguage[locale] },
        maxRedirects: 0,
      });
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(product.name);
      expect(html).toContain(price(from.priceWithTax, locale));
      const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
      const ld = blocks.find((b) => b['@type'] === 'Product');
      expect(ld).toMatchObject({ name: product.name });
      const offers = Array.isArray(ld.offers) ? ld.offers : [ld.offers];
      expect(offers).toContainEqual(
        expect.objectContaining({ sku: from.sku, priceCurrency: 'SAR', price: (from.priceWithTax / 100).toFixed(2) }),
      );
      expect(blocks.find((b) => b['@type'] === 'BreadcrumbList')).toBeTruthy();
    });

    test('the gallery: the server HTML holds only the first photo, the others arrive once the page has hydrated', async ({
      page,
      request,
    }) => {
      const { products: found } = await shop<{ products: { items: { slug: string; assets: { preview: string }[] }[] } }>(
        request,
        locale,
        'query ($take: Int) { products(options: { take: $take }) { items { slug assets { preview } } } }',
        { take: 100 },
      );
      const product = found.items.find((p) => p.assets.length >= 2);
      expect(product, 'a seeded product with two photos or more').toBeTruthy();
      const path = localePath(locale, `/products/${product!.slug}`);
      const html = await (await request.get(path, { headers: { 'accept-language': acceptLanguage[locale] } })).text();
      const strip = html.split('class="gallery__main"')[1]!.split('</ul>')[0]!;
      const slides = strip.match(/<img [^>]*>/g) ?? [];
      expect(slides).toHaveLength(product!.assets.length);
      expect(slides[0]).not.toContain('image--placeholder');
      expect(slides.slice(1).every((img) => img.includes('image--placeholder'))).toBe(true);

      await gotoHydrated(page, path);
      const photos = page.locator('.gallery__main img');
      await expect(photos).toHaveCount(product!.assets.length);
      await expect(page.locator('.gallery__main img.image--placeholder')).toHaveCount(0);
      for (const [i, asset] of product!.assets.entries()) {
        await expect(photos.nth(i)).toHaveAttribute(
          'src',
          new RegExp(asset.preview.replace(/^https?:\/\/[^/]+/, '').replace(/[.?*+^$()[\]{}|\\]/g, '\\$&')),
        );
      }
    });

    test('search: 2 characters do nothing, 3 show the matching products @responsive', async ({ page, request, isMobile, axe }) => {
      // the first letters of a seeded product's name, whatever the seed sells
      const { productByFilter } = await shop<{ productByFilter: { items: { name: string }[] } }>(
        request,
        locale,
        '{ productByFilter(options: { take: 1 }) { items { name } } }',
      );
      const word = productByFilter.items[0]!.name.split(/\s+/).find((w) => [...w].length >= 3)!;
      const [two, three] = [word.slice(0, 2), word.slice(0, 3)];
      const { searchProducts: expected } = await shop<{ searchProducts: { totalItems: number; items: { name: string; slug: string }[] } }>(
        request,
        locale,
        'query($term: String!) { searchProducts(term: $term, skip: 0, take: 100) { totalItems items { name slug } } }',
        { term: three },
      );
      expect(expected.totalItems, `seeded products matching "${three}"`).toBeGreaterThan(0);
      const requests = searchRequests(page);
      await gotoHydrated(page, localePath(locale, '/about')); // a light page: the header is what counts
      const box = await openSearch(page, locale, isMobile);
      const results = page.getByRole('listbox', { name: tr(locale, 'Search results') });

      await box.pressSequentially(two);
      await page.waitForTimeout(SEARCH_SETTLE_MS);
      expect(requests, 'no search request for 2 characters').toEqual([]);
      await expect(box).toHaveAttribute('aria-expanded', 'false');
      await expect(results).toBeHidden();

      await box.pressSequentially(three.slice(two.length));
      await expect(results).toBeVisible();
      await expect(box).toHaveAttribute('aria-expanded', 'true');
      const options = results.getByRole('option');
      await expect(options).toHaveCount(Math.min(expected.totalItems, 100));
      const first = expected.items[0]!;
      // The name first, then brand and price (issue 16: hits a shopper can tell apart).
      await expect(options.first()).toHaveAccessibleName(startingWith(first.name));
      await expect(options.first()).toHaveAttribute('href', localePath(locale, `/products/${first.slug}`));
      expect(requests).toHaveLength(1);
      await axe();

      // Back to 2 characters: the list closes and no request goes out.
      await box.press('Backspace');
      await expect(results).toBeHidden();
      await page.waitForTimeout(SEARCH_SETTLE_MS);
      expect(requests).toHaveLength(1);
    });

    test('unknown product, category and brand answer 404', async ({ request }) => {
      for (const path of ['/products/no-such-product-x', '/products/c/no-such-category-x', '/products/brand/no-such-brand-x']) {
        const res = await request.get(localePath(locale, path), {
          headers: { 'accept-language': acceptLanguage[locale] },
          maxRedirects: 0,
        });
        expect(res.status(), path).toBe(404);
      }
    });

    for (const [name, path] of [
      ['home', '/'],
      ['category listing', 'first-category?color=black'],
      ['category index', '/products/c'],
    ] as const) {
      test(`the ${name} page has no serious accessibility violations @responsive`, async ({ page, axe, request }) => {
        const resolved = path.startsWith('first-category')
          ? path.replace('first-category', `/products/c/${await firstCategory(request, locale)}`)
          : path;
        await page.goto(localePath(locale, resolved));
        await axe();
      });
    }

    test('the product page has no serious accessibility violations @responsive', async ({ page, axe, request }) => {
      const { product } = colourProduct(await products(request, locale));
      await page.goto(localePath(locale, `/products/${product.slug}`));
      await axe();
    });
  });
}

test.describe('Arabic search ignores hamza and taa marbuta spelling', () => {
  test.use(browserLocale('ar'));

  // Seeded names (server/src/seed/catalogue/data.ts), typed as shoppers often do: a bare alef
  // for "أ" and haa for the taa marbuta "ة".
  for (const [query, name, slug] of [
    ['زهره اوركيد', 'زهرة أوركيد بيضاء', 'white-phalaenopsis-orchid'],
    ['شاشه منحنيه', 'شاشة منحنية', 'curved-monitor'],
  ] as const) {
    test(`"${query}" finds "${name}"`, async ({ page }) => {
      await gotoHydrated(page, '/about');
      const box = await openSearch(page, 'ar', false);
      await box.pressSequentially(query);
      const options = page.getByRole('listbox', { name: tr('ar', 'Search results') }).getByRole('option');
      await expect(options.first()).toBeVisible();
      for (const option of await options.all()) {
        await expect(option).toHaveAccessibleName(startingWith(name));
        await expect(option).toHaveAttribute('href', new RegExp(`^/products/${slug}`));
      }
    });
  }
});

test.describe('reviews by a customer who bought the product', () => {
  test.use(browserLocale('en'));

  test('writes a review: invalid input is explained, the text is kept, then it is sent for moderation', async ({
    page,
    request,
    context,
    baseURL,
  }) => {
    const login = await request.post('/shop-api?languageCode=en', {
      data: {
        query: 'mutation { login(username: "customer@example.com", password: "Customer123!") { __typename ... on CurrentUser { id } } }',
      },
    });
    const token = login.headers()['vendure-auth-token'];
    expect(token, 'login token').toBeTruthy();
    const orders = await request.post('/shop-api?languageCode=en', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        query: `{ activeCustomer { orders(options: { filter: { state: { in: ["PaymentSettled"] } } }) { items {
                    lines { orderLineHasReview productVariant { product { slug name } } } } } } }`,
      },
    });
    type Line = { orderLineHasReview: boolean; productVariant: { product: { slug: string; name: string } } };
    const lines: Line[] = (await orders.json()).data.activeCustomer.orders.items.flatMap((o: { lines: Line[] }) => o.lines);
    const line = lines.find((l) => !l.orderLineHasReview);
    expect(line, 'a purchased line without a review').toBeTruthy();
    await context.addCookies([{ name: 'vendure_token', value: token!, url: baseURL! }]);

    await page.goto(`/en/products/${line!.productVariant.product.slug}`);
    await expect(page.locator('article.product[data-interactive]')).toBeAttached();
    await page.getByRole('button', { name: 'Write a review' }).click();
    const form = page.locator('form.review-form');
    await expect(form).toBeVisible();

    await form.getByLabel('Title').fill('Ok');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect(form.getByText('Choose a rating from 1 to 5 stars.')).toBeVisible();
    await expect(form.getByText('Give your review a title of at least 3 characters.')).toBeVisible();
    await expect(form.getByLabel('Title')).toHaveValue('Ok');

    await form.getByRole('radio', { name: '4 out of 5 stars' }).click();
    await form.getByLabel('Title').fill('Lovely and well made');
    await form.getByLabel('Your review', { exact: true }).fill('Well made and exactly as described in the listing.');
    await form.getByRole('button', { name: 'Submit review' }).click();
    await expect(page.getByText('Thank you! Your review will appear once it has been checked.')).toBeVisible();
  });
});
