import { describe, expect, it } from 'vitest';
import { createShopClient } from '../../../../../services/client';
import { loadCheckoutFirstPaint } from '../../../../../src/routes/checkout/checkout.server';
import { orderAt, savedAddress } from '../../../machines/checkout.fixtures';

// Fake Shop API: answers by operation name, records what was asked (and with whose token).
function fakeShop(answers: Record<string, unknown>) {
  const asked: Array<[string, string | null]> = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    asked.push([body.operationName, new Headers(init?.headers).get('authorization')]);
    const answer = answers[body.operationName];
    if (!answer) throw new TypeError('fetch failed');
    return new Response(JSON.stringify({ data: answer }), { headers: { 'content-type': 'application/json' } });
  };
  const client = createShopClient({
    endpoint: 'http://shop.test/shop-api',
    languageCode: 'en',
    fetch: fetch as typeof globalThis.fetch,
    getToken: () => 'tok-owner',
  });
  return { client, asked };
}

const standard = { id: 'sm-std', code: 'standard', name: 'Standard', priceWithTax: 2500 };

describe('loadCheckoutFirstPaint (the checkout loader’s data for the first paint and the machine)', () => {
  it('reads the orders and the saved addresses when the order resumes at the address step', async () => {
    const home = savedAddress('a1', true, true);
    const { client, asked } = fakeShop({
      getOrders: { activeOrder: orderAt('cart') },
      getCheckOutOrder: { orderByCode: orderAt('cart') },
      GetAddresses: { activeCustomer: { addresses: [home] } },
    });

    const firstPaint = await loadCheckoutFirstPaint(client, 'ORD1', false);

    expect(firstPaint?.step).toBe('address');
    expect(firstPaint?.seed.code).toBe('ORD1');
    expect(firstPaint?.seed.orders.active?.code).toBe('ORD1');
    expect(firstPaint?.addresses).toEqual([home]);
    expect(firstPaint?.shippingMethods).toBeUndefined();
    expect(asked.sort()).toEqual([
      ['GetAddresses', 'Bearer tok-owner'],
      ['getCheckOutOrder', 'Bearer tok-owner'],
      ['getOrders', 'Bearer tok-owner'],
    ]);
  });

  it('reads the delivery options when the order resumes at the shipping step', async () => {
    const { client, asked } = fakeShop({
      getOrders: { activeOrder: orderAt('addressed') },
      getCheckOutOrder: { orderByCode: orderAt('addressed') },
      GetShippingMethods: { eligibleShippingMethods: [standard] },
    });

    const firstPaint = await loadCheckoutFirstPaint(client, 'ORD1', false);

    expect(firstPaint?.step).toBe('shipping');
    expect(firstPaint?.shippingMethods).toEqual([standard]);
    expect(asked.map(([name]) => name).sort()).toEqual(['GetShippingMethods', 'getCheckOutOrder', 'getOrders']);
  });

  it('reads only the orders for the review and payment steps', async () => {
    const review = fakeShop({ getOrders: { activeOrder: orderAt('shipped') }, getCheckOutOrder: { orderByCode: orderAt('shipped') } });
    await expect(loadCheckoutFirstPaint(review.client, 'ORD1', false)).resolves.toMatchObject({ step: 'review' });
    expect(review.asked.map(([name]) => name).sort()).toEqual(['getCheckOutOrder', 'getOrders']);

    const payment = fakeShop({ getOrders: { activeOrder: orderAt('arranging') }, getCheckOutOrder: { orderByCode: orderAt('arranging') } });
    await expect(loadCheckoutFirstPaint(payment.client, 'ORD1', false)).resolves.toMatchObject({ step: 'payment' });
  });

  it('shows no step for a paid order, a payment being confirmed or an empty cart (the machine decides)', async () => {
    const paid = fakeShop({ getOrders: { activeOrder: null }, getCheckOutOrder: { orderByCode: orderAt('paid') } });
    await expect(loadCheckoutFirstPaint(paid.client, 'ORD1', false)).resolves.toMatchObject({ step: null });

    const confirming = fakeShop({
      getOrders: { activeOrder: orderAt('arranging') },
      getCheckOutOrder: { orderByCode: orderAt('arranging') },
    });
    await expect(loadCheckoutFirstPaint(confirming.client, 'ORD1', true)).resolves.toMatchObject({ step: null });

    const empty = fakeShop({ getOrders: { activeOrder: null }, getCheckOutOrder: { orderByCode: null } });
    await expect(loadCheckoutFirstPaint(empty.client, 'ORD1', false)).resolves.toMatchObject({ step: null });
  });

  it('answers null when the Shop API fails: the page shows its loading line and the machine fetches', async () => {
    const { client } = fakeShop({ getCheckOutOrder: { orderByCode: orderAt('cart') } });

    await expect(loadCheckoutFirstPaint(client, 'ORD1', false)).resolves.toBeNull();
  });
});
