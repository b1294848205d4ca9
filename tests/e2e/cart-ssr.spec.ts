// Issue 38 §2: /cart is rendered on the server with the shopper's lines (the token is a cookie), and
// the browser's cart starts from them: no activeOrder request on hydration, no skeleton swap.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { browserLocale, expect, locales, localDigits, localePath, startingWith, test, tr, type Locale } from './fixtures';

interface SeedProduct {
  slug: string;
  name: string;
  variants: { id: string; stockLevel: string }[];
}

async function buyableProducts(request: APIRequestContext, locale: Locale): Promise<SeedProduct[]> {
  const res = await request.post(`/shop-api?languageCode=${locale}`, {
    data: { query: 'query { products(options: { take: 60 }) { items { slug name variants { id stockLevel } } } }' },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { products: { items: SeedProduct[] } } };
  return body.data.products.items.filter((p) => p.variants.length === 1 && p.variants[0]!.stockLevel === 'IN_STOCK');
}

async function addFromProductPage(page: Page, locale: Locale, slug: string) {
  await page.goto(localePath(locale, `/products/${slug}`));
  await expect(page.locator('article.product[data-interactive]')).toBeAttached();
  await page.getByRole('button', { name: tr(locale, 'Add to cart') }).click();
  const cart = page.getByRole('banner').getByRole('link', { name: startingWith(tr(locale, 'Cart')) });
  await expect(cart.locator('.count-badge')).toHaveText(localDigits(locale, 1));
}

/** The same shopper (cookies) in a browser without JavaScript: what the server sent is all there is. */
async function withoutScript(browser: Browser, context: BrowserContext, locale: Locale): Promise<Page> {
  const noJs = await browser.newContext({ ...browserLocale(locale), javaScriptEnabled: false, storageState: await context.storageState() });
  return noJs.newPage();
}

const isActiveOrderCall = (url: string, body: string | null) => /getOrders/.test(url) || /getOrders/.test(body ?? '');

for (const locale of locales) {
  test.describe(`cart rendered on the server (${locale})`, () => {
    test.use(browserLocale(locale));

    test("the server's HTML has each shopper's own lines, private", async ({ browser, request }) => {
      test.slow(); // two shoppers, each adding from a product page
      const [a, b] = await buyableProducts(request, locale);
      const shoppers = [];
      for (const product of [a!, b!]) {
        const context = await browser.newContext(browserLocale(locale));
        const page = await context.newPage();
        await addFromProductPage(page, locale, product.slug);
        shoppers.push({ context, product });
      }
      for (const [i, { context, product }] of shoppers.entries()) {
        const other = shoppers[1 - i]!.product;
        const res = await context.request.get(localePath(locale, '/cart'));
        expect(res.status()).toBe(200);
        expect(res.headers()['cache-control']).toMatch(/private/);
        expect(res.headers()['cache-control']).toMatch(/no-store/);

        const page = await withoutScript(browser, context, locale);
        await page.goto(localePath(locale, '/cart'));
        const lines = page.getByRole('list', { name: tr(locale, 'Products in your cart') });
        await expect(lines.getByRole('listitem')).toHaveCount(1);
        const line = lines.getByRole('listitem').filter({ has: page.getByRole('heading', { name: product.name }) });
        await expect(line).toHaveCount(1);
        await expect(line.getByRole('group', { name: tr(locale, 'Quantity of {name}', { name: product.name }) })).toContainText(
          localDigits(locale, 1),
        );
        await expect(line).toContainText(new RegExp(`${tr(locale, 'Line total')}[^0-9\\u0660-\\u0669]{0,12}[0-9\\u0660-\\u0669]`));
        await expect(page.getByRole('heading', { name: other.name })).toHaveCount(0);
        await expect(page.getByRole('link', { name: tr(locale, 'Proceed to checkout') })).toBeVisible();
        await expect(page.getByRole('status', { name: tr(locale, 'Loading your cart') })).toHaveCount(0);
        // the first line's photo is the page's largest paint: eager, high priority, sized
        const photo = line.locator('img').first();
        await expect(photo).toHaveAttribute('loading', 'eager');
        await expect(photo).toHaveAttribute('fetchpriority', 'high');
        await expect(photo).toHaveAttribute('width', /\d+/);
        await expect(photo).toHaveAttribute('height', /\d+/);
        await page.context().close();
      }
      for (const { context } of shoppers) await context.close();
    });

    test('a visitor without a cart gets the empty cart from the server', async ({ browser }) => {
      const context = await browser.newContext({ ...browserLocale(locale), javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(localePath(locale, '/cart'));
      await expect(page.getByText(tr(locale, 'Your cart is empty.'))).toBeVisible();
      await context.close();
    });

    test('the hydrated cart asks nothing on load and still changes a quantity', async ({ page, request }) => {
      const [, , product] = await buyableProducts(request, locale);
      await addFromProductPage(page, locale, product!.slug);
      const calls: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/shop-api') && isActiveOrderCall(r.url(), r.postData())) calls.push(r.url());
      });
      await page.goto(localePath(locale, '/cart'));
      // the app's actors are there once the header shows the cart count
      const cart = page.getByRole('banner').getByRole('link', { name: startingWith(tr(locale, 'Cart')) });
      await expect(cart.locator('.count-badge')).toHaveText(localDigits(locale, 1));
      await page.waitForLoadState('networkidle');
      expect(calls, 'activeOrder requests while the cart page loads').toEqual([]);

      const line = page
        .getByRole('list', { name: tr(locale, 'Products in your cart') })
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: product!.name }) });
      await line.getByRole('button', { name: tr(locale, 'Increase quantity of {name}', { name: product!.name }) }).click();
      await expect(line.locator('output')).toHaveText(localDigits(locale, 2));
      await page.reload();
      await expect(line.locator('output')).toHaveText(localDigits(locale, 2));
    });
  });
}
