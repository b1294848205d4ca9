import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Lang, shopOk } from './helpers/shop-api';
import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

const PORT = 3402;
// Defaults of the cart-guards plugin (MAX_LINE_QUANTITY / MAX_ORDER_QUANTITY unset in tests).
const MAX_LINE = 10;
const MAX_ORDER = 50;

const RESULT = `__typename
    ... on Order { id totalQuantity lines { id quantity productVariant { id } } }
    ... on ErrorResult { errorCode message }
    ... on OrderLimitError { maxItems }
    ... on OrderInterceptorError { interceptorError }`;
const ADD = `mutation ($id: ID!, $q: Int!) { addItemToOrder(productVariantId: $id, quantity: $q) { ${RESULT} } }`;
const ADJUST = `mutation ($id: ID!, $q: Int!) { adjustOrderLine(orderLineId: $id, quantity: $q) { ${RESULT} } }`;

describe('cart guards', () => {
  let env: StoreTestEnv;
  let variants: string[];

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT });
    // variants with plenty of stock, one per product, on products that are on sale now or never
    variants = env.seed.catalogue
      .flatMap((p) => p.variants.filter((v) => v.stock >= 30).slice(0, 1))
      .map((v) => String(env.seed.variantIdBySku[v.sku]));
    expect(variants.length).toBeGreaterThanOrEqual(Math.ceil(MAX_ORDER / MAX_LINE) + 1);
  });
  afterAll(async () => {
    await env?.destroy();
  });

  /** A fresh guest cart: returns a client bound to its session. */
  async function cart(lang: Lang) {
    let token: string | null = null;
    return async (query: string, variables: Record<string, unknown>) => {
      const r = await shopOk(env, query, variables, { lang, token });
      token = r.token ?? token;
      return r.data as any;
    };
  }

  it.each([
    ['en', `You can order at most ${MAX_LINE} pieces of the same product.`],
    ['ar', 'الحد الأقصى للكمية من المنتج الواحد هو 10 قطع.'],
  ] as const)('%s: more than the per-product maximum → OrderInterceptorError "%s"', async (lang, text) => {
    const q = await cart(lang);
    const over = await q(ADD, { id: variants[0], q: MAX_LINE + 1 });
    expect(over.addItemToOrder).toEqual({
      __typename: 'OrderInterceptorError',
      errorCode: 'ORDER_INTERCEPTOR_ERROR',
      message: text,
      interceptorError: text,
    });

    const ok = await q(ADD, { id: variants[0], q: MAX_LINE - 2 });
    expect(ok.addItemToOrder).toMatchObject({ __typename: 'Order', totalQuantity: MAX_LINE - 2 });
    // adding to an existing line counts what is already there
    const more = await q(ADD, { id: variants[0], q: 3 });
    expect(more.addItemToOrder).toMatchObject({ __typename: 'OrderInterceptorError', message: text });
    const fill = await q(ADD, { id: variants[0], q: 2 });
    expect(fill.addItemToOrder).toMatchObject({ __typename: 'Order', totalQuantity: MAX_LINE });

    const lineId = fill.addItemToOrder.lines[0].id;
    const adjust = await q(ADJUST, { id: lineId, q: MAX_LINE + 1 });
    expect(adjust.adjustOrderLine).toMatchObject({ __typename: 'OrderInterceptorError', message: text });
    const lower = await q(ADJUST, { id: lineId, q: 1 });
    expect(lower.adjustOrderLine).toMatchObject({ __typename: 'Order', totalQuantity: 1 });
  });

  it('asking for more than the stock while holding some cannot take the line past the maximum', async () => {
    // Holding 9 and asking for 40 of a variant with stock 11..19: core caps the add at the
    // stock and tells our interceptor only the units it adds (2..10), though the line would
    // end at the stock, over the cap.
    const held = MAX_LINE - 1;
    const spec = env.seed.catalogue.flatMap((p) => p.variants).find((v) => v.stock > MAX_LINE && v.stock <= MAX_LINE + held);
    expect(spec, 'a variant with stock just over the per-product cap').toBeTruthy();
    const id = String(env.seed.variantIdBySku[spec!.sku]);
    const q = await cart('en');
    const first = await q(ADD, { id, q: held });
    expect(first.addItemToOrder).toMatchObject({ __typename: 'Order', totalQuantity: held });
    const greedy = await q(ADD, { id, q: MAX_ORDER - MAX_LINE });
    expect(greedy.addItemToOrder).toMatchObject({ __typename: 'OrderInterceptorError' });
    const order = await q(`{ activeOrder { totalQuantity } }`, {});
    expect(order.activeOrder.totalQuantity).toBe(held);
  });

  // Issue 32 §7: the storefront's quantity pickers offer no more than maxQuantity: the saleable
  // stock, within the per-product maximum; 0 for a variant that cannot be bought.
  it('ProductVariant.maxQuantity is the stock within the per-product maximum', async () => {
    const variantsOf = env.seed.catalogue.map((p) => ({ slug: p.slug, variants: p.variants }));
    const find = (ok: (stock: number) => boolean) =>
      variantsOf.flatMap((p) => p.variants.map((v) => ({ ...v, slug: p.slug }))).find((v) => ok(v.stock));
    const picks = [find((n) => n === 0), find((n) => n > 0 && n < MAX_LINE), find((n) => n >= 30)];
    expect(picks.every(Boolean), 'variants with no, low and plenty of stock').toBe(true);
    const q = await cart('en');
    const shown: number[] = [];
    for (const v of picks) {
      const { product } = await q(`query ($slug: String!) { product(slug: $slug) { variants { sku maxQuantity } } }`, { slug: v!.slug });
      shown.push(product.variants.find((x: { sku: string }) => x.sku === v!.sku).maxQuantity);
    }
    expect(shown).toEqual([0, picks[1]!.stock, MAX_LINE]);
    // a cart line's variant tells the same, so the cart's stepper stops there too
    const id = String(env.seed.variantIdBySku[picks[1]!.sku]);
    const added = await q(
      `mutation ($id: ID!) { addItemToOrder(productVariantId: $id, quantity: 1) { ... on Order { lines { productVariant { maxQuantity } } } } }`,
      { id },
    );
    expect(added.addItemToOrder.lines[0].productVariant.maxQuantity).toBe(picks[1]!.stock);
  });

  it.each([
    ['en', `Cannot add items. An order may consist of a maximum of ${MAX_ORDER} items`],
    ['ar', `لا يمكن إضافة المزيد من المنتجات. الحد الأقصى للطلب الواحد هو ${MAX_ORDER} قطعة`],
  ] as const)('%s: more than the per-order maximum → OrderLimitError "%s"', async (lang, text) => {
    const q = await cart(lang);
    const full = MAX_ORDER / MAX_LINE;
    for (let i = 0; i < full; i++) {
      const r = await q(ADD, { id: variants[i], q: MAX_LINE });
      expect(r.addItemToOrder.__typename, JSON.stringify(r.addItemToOrder)).toBe('Order');
    }
    const over = await q(ADD, { id: variants[full], q: 1 });
    expect(over.addItemToOrder).toEqual({
      __typename: 'OrderLimitError',
      errorCode: 'ORDER_LIMIT_ERROR',
      message: text,
      maxItems: MAX_ORDER,
    });
    const order = await q(`{ activeOrder { totalQuantity } }`, {});
    expect(order.activeOrder.totalQuantity).toBe(MAX_ORDER);
  });
});
