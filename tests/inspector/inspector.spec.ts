// Issue 19, "How it is checked": with `?inspect` on the development server the cart machine's
// diagram is shown, adding a product moves its highlight, and the panel's send-event control drives
// a transition. Issue 14: a checkout page's machine is drawn there too, its step highlighted.
// Run by tests/tools/run-inspector.mjs (dev server + seeded Vendure).
import { expect, test, type Locator, type Page } from '@playwright/test';

/** An in-stock single-variant product of the seed, read through the dev server's /shop-api proxy. */
async function buyable(page: Page): Promise<{ slug: string; variantId: string }> {
  const res = await page.request.post('/shop-api?languageCode=en', {
    data: { query: 'query { products(options: { take: 60 }) { items { slug variants { id stockLevel } } } }' },
  });
  expect(res.ok()).toBe(true);
  const { data } = (await res.json()) as {
    data: { products: { items: { slug: string; variants: { id: string; stockLevel: string }[] }[] } };
  };
  const product = data.products.items.find((p) => p.variants.length === 1 && p.variants[0]!.stockLevel === 'IN_STOCK');
  expect(product, 'the seed has an in-stock single-variant product').toBeDefined();
  return { slug: product!.slug, variantId: product!.variants[0]!.id };
}

/**
 * Opens a page on the dev server once it has stopped reloading itself: on a cold cache (CI) Vite
 * finds more dependencies as the page's modules arrive, optimises them and reloads the page, which
 * would restart every actor mid-test. The first request also compiles the page's modules.
 */
async function openSettled(page: Page, url: string, ready: Locator = page.locator('article.product[data-interactive]')) {
  await page.goto(url, { timeout: 120_000 });
  for (let reloads = 0; ; reloads++) {
    await expect(ready).toBeAttached({ timeout: 60_000 });
    const reloaded = await page.waitForEvent('framenavigated', { predicate: (f) => f === page.mainFrame(), timeout: 4_000 }).then(
      () => true,
      () => false,
    );
    if (!reloaded) return;
    expect(reloads, 'the dev server keeps reloading the page').toBeLessThan(5);
    await page.waitForLoadState('load', { timeout: 60_000 });
  }
}

/** The state ids drawn highlighted in a statechart (the panel's yellow `.node.active` boxes). */
const highlighted = (diagram: Locator) =>
  diagram.locator('g.node.active').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-id')).sort());

test('the cart: its statechart drawn, the highlight follows Add to cart and an event sent from the panel', async ({ page }) => {
  const { slug } = await buyable(page);
  // Hold the add for a moment so the highlight can be seen in `mutating` before the answer.
  let releaseAdd = () => {};
  const addHeld = new Promise<void>((r) => (releaseAdd = r));
  await page.route('**/shop-api**', async (route) => {
    if (route.request().postData()?.includes('addItemToOrder')) await addHeld;
    await route.continue();
  });

  await openSettled(page, `/en/products/${slug}?inspect`);

  const inspector = page.getByRole('region', { name: 'XState inspector' });
  const actors = inspector.getByRole('navigation', { name: 'Actors' });
  await actors.getByRole('button', { name: 'cart', exact: true }).click({ timeout: 60_000 });
  await expect(inspector.getByRole('heading', { level: 2, name: /^cart / })).toBeVisible();
  // elkjs is loaded on the first drawing
  const diagram = inspector.getByRole('img', { name: /^Statechart of cart; active: / });
  await expect(diagram).toBeVisible({ timeout: 30_000 });
  for (const state of ['waiting', 'loading', 'loadFailed', 'settling', 'ready', 'mutating', 'adding', 'adjusting', 'removing']) {
    await expect(diagram.locator(`g.node[data-id="cart.${state}"], g.node[data-id="cart.mutating.${state}"]`)).toHaveCount(1);
  }
  await expect.poll(() => highlighted(diagram)).toEqual(['cart.ready']);

  // the panel's last list: the events the actor received (the shop itself sends cart.sync too)
  const logged = (type: string) =>
    inspector
      .getByRole('list')
      .last()
      .getByRole('listitem')
      .filter({ hasText: `"type":"${type}"` });
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect.poll(() => highlighted(diagram)).toEqual(['cart.mutating', 'cart.mutating.adding']);
  await expect(diagram).toHaveAccessibleName('Statechart of cart; active: cart, cart.mutating, cart.mutating.adding');
  await expect(logged('cart.add')).toHaveCount(1);
  releaseAdd();
  await expect.poll(() => highlighted(diagram)).toEqual(['cart.ready']);
  await expect(page.getByRole('banner').getByRole('link', { name: /^Cart/ }).locator('.count-badge')).toHaveText('1');

  // The send-event control: a button per event the state accepts fills the editor, Send sends it.
  const send = async (type: string) => {
    const before = await logged(type).count();
    await inspector.getByRole('button', { name: type, exact: true }).click();
    await expect(inspector.getByRole('textbox', { name: 'Event to send (JSON)' })).toHaveValue(JSON.stringify({ type }, null, 2));
    await inspector.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(logged(type)).toHaveCount(before + 1);
  };
  await send('cart.hold');
  await expect.poll(() => highlighted(diagram)).toEqual(['cart.waiting']);
  // waiting accepts cart.sync but no longer cart.hold
  await expect(inspector.getByRole('button', { name: 'cart.hold', exact: true })).toHaveCount(0);
  await send('cart.sync');
  await expect.poll(() => highlighted(diagram)).toEqual(['cart.ready']);
  await expect(inspector.getByRole('status')).toBeEmpty();
});

/** Calls the Shop API from the page with the page's session token, as the storefront does. */
async function shopCall<T>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  return page.evaluate(
    async ({ query, variables }) => {
      const token = localStorage.getItem('vendure_token');
      const res = await fetch('/shop-api', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query, variables }),
      });
      const next = res.headers.get('vendure-auth-token');
      if (next) {
        localStorage.setItem('vendure_token', next);
        document.cookie = `vendure_token=${encodeURIComponent(next)}; Path=/; SameSite=Lax`;
      }
      return ((await res.json()) as { data: T }).data;
    },
    { query, variables },
  );
}

test('the checkout: its statechart drawn, the address step highlighted', async ({ page }) => {
  // The dev server compiles the checkout's modules on their first request (the cart test's page has
  // not asked for them): more time than the product page needs on a loaded machine.
  test.setTimeout(300_000);
  const { variantId } = await buyable(page);
  // The seeded demo customer (README) signs in on the page's own session, with a product in the cart.
  await openSettled(page, '/en/cart', page.getByRole('heading', { level: 1 }));
  await page.waitForFunction(() => !!localStorage.getItem('vendure_token'), undefined, { timeout: 60_000 });
  const login = await shopCall<{ login: { __typename: string } }>(
    page,
    'mutation { login(username: "customer@example.com", password: "Customer123!") { __typename } }',
  );
  expect(login.login.__typename).toBe('CurrentUser');
  const added = await shopCall<{ addItemToOrder: { code?: string } }>(
    page,
    'mutation ($v: ID!) { addItemToOrder(productVariantId: $v, quantity: 1) { ... on Order { code } } }',
    { v: variantId },
  );
  const code = added.addItemToOrder.code;
  expect(code).toBeTruthy();

  await openSettled(page, `/en/checkout/${code}?inspect`, page.getByRole('heading', { level: 2, name: 'Shipping address' }));
  const inspector = page.getByRole('region', { name: 'XState inspector' });
  await inspector
    .getByRole('navigation', { name: 'Actors' })
    .getByRole('button', { name: 'checkout', exact: true })
    .click({ timeout: 60_000 });
  const diagram = inspector.getByRole('img', { name: /^Statechart of checkout; active: / });
  await expect(diagram).toBeVisible({ timeout: 30_000 });
  const drawn = await diagram.locator('g.node').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-id')));
  expect(drawn).toEqual(
    expect.arrayContaining(
      ['loading', 'address', 'address.awaitingCode', 'shipping', 'review', 'payment', 'confirming', 'unconfirmed', 'success', 'empty'].map(
        (state) => `checkout.${state}`,
      ),
    ),
  );
  // choosing.ready: the address step waits for the shopper, no request of it failed
  await expect
    .poll(() => highlighted(diagram))
    .toEqual(['checkout.address', 'checkout.address.choosing', 'checkout.address.choosing.ready']);
  await expect(diagram).toHaveAccessibleName(
    'Statechart of checkout; active: checkout, checkout.address, checkout.address.choosing, checkout.address.choosing.ready',
  );
});
