/**
 * Sales that work as labelled (issue 35 §4, docs/decisions/041-sales-priced-by-the-server.md):
 * the variant's promo price (onSale, promoPrice, startDate..endDate) is the price the Shop API
 * shows (product page, listings, search) and the cart charges; when the window closes the
 * apply-sale-windows task brings listings and open carts back to the normal price, and a cart
 * filled during the sale goes to payment at today's price.
 */
import { ModuleRef } from '@nestjs/core';
import { Injector } from '@vendure/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { applySaleWindowsTask } from '../../server/src/plugins/catalogue/config/sale-windows';

import { adminApi, shopOk } from './helpers/shop-api';
import { createStoreTestEnv, type StoreTestEnv } from './helpers/test-env';

const PORT = 3551;
/** The normal price and the promo price set on the product's variants (halalas, incl. VAT). */
const NORMAL = 25000;
const PROMO = 19900;

let env: StoreTestEnv;
let admin: Awaited<ReturnType<typeof adminApi>>;

interface Picked {
  productId: string;
  name: string;
  variantIds: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function setVariants(ids: string[], fields: Record<string, unknown>, price?: number) {
  await admin(`mutation ($input: [UpdateProductVariantInput!]!) { updateProductVariants(input: $input) { id } }`, {
    input: ids.map((id) => ({ id, ...(price !== undefined ? { price } : {}), customFields: fields })),
  });
}

async function productPage(p: Picked) {
  const { data } = await shopOk<{ product: { variants: Array<{ id: string; priceWithTax: number; discountAmount: number }> } }>(
    env,
    `query ($id: ID!) { product(id: $id) { variants { id priceWithTax discountAmount } } }`,
    { id: p.productId },
  );
  return data.product.variants;
}

/** What the listing index prices the product at: the card's price summary in search and the price filter. */
async function listed(p: Picked) {
  const search = await shopOk<{ searchProducts: { items: Array<{ id: string; priceSummary: { priceWithTax: number } | null }> } }>(
    env,
    `query ($t: String!) { searchProducts(term: $t, take: 100) { items { id priceSummary { priceWithTax } } } }`,
    { t: p.name },
  );
  const hit = search.data.searchProducts.items.find((i) => i.id === p.productId);
  const filtered = await shopOk<{ productByFilter: { items: Array<{ id: string }> } }>(
    env,
    `query ($o: ProductFilterInput!) { productByFilter(options: $o) { items { id } } }`,
    { o: { minPrice: PROMO, maxPrice: PROMO, take: 100 } },
  );
  return {
    searchPrice: hit?.priceSummary?.priceWithTax,
    inPromoPriceFilter: filtered.data.productByFilter.items.some((i) => i.id === p.productId),
  };
}

/** A guest cart holding two of the product's first variant. */
async function cartWithTwo(p: Picked) {
  const { createSession } = (await shopOk(env, 'mutation { createSession { token } }')).data as { createSession: { token: string } };
  const token = createSession.token;
  const q = async (query: string, variables: Record<string, unknown> = {}) => (await shopOk(env, query, variables, { token })).data as any;
  const added = await q(
    `mutation ($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 2) { ... on Order { subTotalWithTax lines { unitPriceWithTax } } ... on ErrorResult { errorCode message } } }`,
    { id: p.variantIds[0] },
  );
  return { q, added: added.addItemToOrder };
}

async function activeCart(q: (query: string) => Promise<any>) {
  const { activeOrder } = await q(`{ activeOrder { state subTotalWithTax lines { unitPriceWithTax } } }`);
  return activeOrder;
}

/**
 * Lets the listing index take the edit in (its sync with the database, at most every 2 s), so
 * that what it holds afterwards is only moved by the clock and the task.
 */
async function settle(p: Picked) {
  await sleep(2_100);
  await listed(p);
  await sleep(500);
}

/** The storefront generation its servers poll (decision 042). */
async function storefrontGeneration(): Promise<string> {
  const res = await fetch(`${env.baseUrl}/storefront-changes`);
  return ((await res.json()) as { generation: string }).generation;
}

function runTask() {
  return applySaleWindowsTask.execute(new Injector(env.server.app.get(ModuleRef)));
}

describe('sale windows', () => {
  const picked: Picked[] = [];

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT, products: 12 });
    admin = await adminApi(env);
    // products never on sale in the seed, with stock for a cart of two: each test takes its own
    for (const spec of env.seed.catalogue) {
      if (spec.variants.some((v) => v.promoPrice !== null || v.stock < 5)) continue;
      const variantIds = spec.variants.map((v) => String(env.seed.variantIdBySku[v.sku]));
      const { product } = await admin(`query ($id: ID!) { productVariant(id: $id) { product { id name } } }`, { id: variantIds[0] }).then(
        (d) => d.productVariant,
      );
      picked.push({ productId: String(product.id), name: product.name, variantIds });
      // a known normal price: the seed's prices vary with its catalogue
      await setVariants(variantIds, { mainPrice: NORMAL, onSale: false, promoPrice: null }, NORMAL);
    }
    expect(picked.length).toBeGreaterThanOrEqual(3);
  }, 300_000);

  afterAll(async () => {
    await env?.destroy();
  });

  it('the apply-sale-windows task is scheduled every minute', async () => {
    const { scheduledTasks } = await admin(`{ scheduledTasks { id schedule enabled } }`);
    expect(scheduledTasks.filter((t: { id: string }) => t.id === 'apply-sale-windows')).toEqual([
      { id: 'apply-sale-windows', schedule: '* * * * *', enabled: true },
    ]);
  });

  it('inside the window the promo price is shown and charged; after it, the task restores the normal price', async () => {
    const p = picked[0];
    const now = Date.now();
    await setVariants(p.variantIds, {
      onSale: true,
      promoPrice: PROMO,
      startDate: new Date(now - 60_000).toISOString(),
      endDate: new Date(now + 8_000).toISOString(),
    });

    expect((await productPage(p)).map((v) => [v.priceWithTax, v.discountAmount])).toEqual(p.variantIds.map(() => [19900, 5100]));
    expect(await listed(p)).toEqual({ searchPrice: 19900, inPromoPriceFilter: true });
    const { q, added } = await cartWithTwo(p);
    expect(added).toEqual({ subTotalWithTax: 39800, lines: [{ unitPriceWithTax: 19900 }] });
    await settle(p);
    expect(await listed(p)).toEqual({ searchPrice: 19900, inPromoPriceFilter: true });

    // the window closes by the clock alone: no edit, no event
    await sleep(Math.max(0, now + 8_500 - Date.now()));
    const generation = await storefrontGeneration();
    const run = await runTask();
    expect(run.orders).toBeGreaterThanOrEqual(1);
    // the storefront's servers learn of it and drop their caches
    expect(await storefrontGeneration()).not.toBe(generation);

    await sleep(2_100); // the response cache keeps an answer at most its TTL (2 s)
    expect((await productPage(p)).map((v) => [v.priceWithTax, v.discountAmount])).toEqual(p.variantIds.map(() => [25000, 0]));
    expect(await listed(p)).toEqual({ searchPrice: 25000, inPromoPriceFilter: false });
    expect(await activeCart(q)).toEqual({ state: 'AddingItems', subTotalWithTax: 50000, lines: [{ unitPriceWithTax: 25000 }] });
  }, 90_000);

  it('a future window keeps the normal price until it starts, then the promo price', async () => {
    const p = picked[1];
    const start = Date.now() + 8_000;
    await setVariants(p.variantIds, { onSale: true, promoPrice: PROMO, startDate: new Date(start).toISOString(), endDate: null });

    expect((await productPage(p)).map((v) => v.priceWithTax)).toEqual(p.variantIds.map(() => 25000));
    expect(await listed(p)).toEqual({ searchPrice: 25000, inPromoPriceFilter: false });
    const { q, added } = await cartWithTwo(p);
    expect(added).toEqual({ subTotalWithTax: 50000, lines: [{ unitPriceWithTax: 25000 }] });
    await settle(p);
    expect(await listed(p)).toEqual({ searchPrice: 25000, inPromoPriceFilter: false });

    await sleep(Math.max(0, start + 500 - Date.now()));
    await runTask();
    await sleep(2_100);
    expect((await productPage(p)).map((v) => v.priceWithTax)).toEqual(p.variantIds.map(() => 19900));
    expect(await listed(p)).toEqual({ searchPrice: 19900, inPromoPriceFilter: true });
    expect(await activeCart(q)).toEqual({ state: 'AddingItems', subTotalWithTax: 39800, lines: [{ unitPriceWithTax: 19900 }] });
  }, 90_000);

  it('a cart filled during a sale that has ended goes to payment at the normal price, before the task runs', async () => {
    const p = picked[2];
    const now = Date.now();
    await setVariants(p.variantIds, {
      onSale: true,
      promoPrice: PROMO,
      startDate: new Date(now - 60_000).toISOString(),
      endDate: new Date(now + 4_000).toISOString(),
    });
    const { q, added } = await cartWithTwo(p);
    expect(added).toEqual({ subTotalWithTax: 39800, lines: [{ unitPriceWithTax: 19900 }] });
    await q('mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }', {
      i: { emailAddress: `sale-${now}@example.com`, firstName: 'Sara', lastName: 'Buyer' },
    });
    await q('mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
      i: { streetLine1: 'Olaya St', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966500000000' },
    });
    const { eligibleShippingMethods } = await q('query { eligibleShippingMethods { id } }');
    await q('mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
      id: [eligibleShippingMethods[0].id],
    });

    await sleep(Math.max(0, now + 4_500 - Date.now()));
    const t = await q(
      `mutation { transitionOrderToState(state: "ArrangingPayment") { ... on Order { state subTotalWithTax lines { unitPriceWithTax } } ... on OrderStateTransitionError { transitionError } } }`,
    );
    expect(t.transitionOrderToState).toEqual({ state: 'ArrangingPayment', subTotalWithTax: 50000, lines: [{ unitPriceWithTax: 25000 }] });
    expect(await activeCart(q)).toEqual({ state: 'ArrangingPayment', subTotalWithTax: 50000, lines: [{ unitPriceWithTax: 25000 }] });
  }, 90_000);
});
