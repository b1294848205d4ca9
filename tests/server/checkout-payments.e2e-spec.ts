import crypto from 'crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStoreTestEnv, StoreTestEnv } from './helpers/test-env';

/**
 * Payment-method discounts and fees (PaymentMethod custom fields `discount` in percent and
 * `increment` in halalas) are applied to the order as a Surcharge when addPaymentToOrder is called
 * with the method, so the payment amount equals the adjusted total.
 */
const PORT = 3501;
const STOREFRONT = 'http://127.0.0.1:8080';
type Lang = 'ar' | 'en';

const ORDER_FIELDS = `code state active totalWithTax subTotalWithTax shippingWithTax paymentUrl
    lines { taxRate }
    surcharges { sku description price priceWithTax taxRate }
    payments { id state method amount }`;
const ADD_PAYMENT = /* GraphQL */ `
    mutation AddPayment($method: String!) {
        addPaymentToOrder(input: { method: $method, metadata: {} }) {
            __typename
            ... on Order { ${ORDER_FIELDS} }
            ... on ErrorResult { errorCode message }
        }
    }
`;

describe('payment-method discount and fee applied to the total', () => {
  let env: StoreTestEnv;

  /** Payments in the order they were made: the API promises no order (PostgreSQL's differs from SQLite's). */
  const byId = <T extends { id: string | number }>(payments: T[]): T[] => [...payments].sort((a, b) => Number(a.id) - Number(b.id));

  async function shop(query: string, variables: Record<string, unknown> = {}, opts: { lang?: Lang; token?: string } = {}) {
    const res = await fetch(`${env.baseUrl}/shop-api?languageCode=${opts.lang ?? 'en'}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    const json = (await res.json()) as { data: any; errors?: unknown[] };
    expect(json.errors).toBeUndefined();
    return json.data;
  }

  let adminToken: string | null = null;
  async function admin(query: string, variables: Record<string, unknown> = {}): Promise<any> {
    const call = async (q: string, v: Record<string, unknown>) => {
      const res = await fetch(`${env.baseUrl}/admin-api`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(adminToken ? { authorization: `Bearer ${adminToken}` } : {}) },
        body: JSON.stringify({ query: q, variables: v }),
      });
      const json = (await res.json()) as { data: any; errors?: unknown[] };
      expect(json.errors).toBeUndefined();
      adminToken = res.headers.get('vendure-auth-token') ?? adminToken;
      return json.data;
    };
    if (!adminToken) await call('mutation { login(username: "superadmin", password: "superadmin") { __typename } }', {});
    return call(query, variables);
  }

  /**
   * Admin updatePaymentMethod resets what the input leaves out (checker, custom fields), so the
   * current checker and custom fields are sent along with the change.
   */
  async function updateMethod(
    code: string,
    patch: { customFields?: { discount: number | null; increment: number | null }; checkerArgs?: Record<string, number> },
  ) {
    const { paymentMethods } = await admin(
      'query { paymentMethods { items { id code customFields { discount increment } checker { code args { name value } } } } }',
    );
    const m = paymentMethods.items.find((x: { code: string }) => x.code === code);
    const args = Object.fromEntries((m.checker?.args ?? []).map((a: { name: string; value: string }) => [a.name, a.value]));
    for (const [k, v] of Object.entries(patch.checkerArgs ?? {})) args[k] = String(v);
    const checker = m.checker
      ? { code: m.checker.code, arguments: Object.entries(args).map(([name, value]) => ({ name, value })) }
      : undefined;
    const { discount, increment } = m.customFields;
    await admin('mutation($input: UpdatePaymentMethodInput!) { updatePaymentMethod(input: $input) { id } }', {
      input: { id: m.id, checker, customFields: patch.customFields ?? { discount, increment } },
    });
  }

  /**
   * The baskets the tests need, chosen from the seeded catalogue by price and stock (not by name, so
   * a new seed keeps them meaningful): `large` is over cash on delivery's 1,000 SAR limit, `single`
   * one item between Tamara's 100 SAR minimum and that limit, `justOverFree` just over the free
   * delivery threshold (300 SAR) so that Tamara's 10 % off would take it under.
   */
  type Basket = 'large' | 'single' | 'justOverFree';
  const baskets = {} as Record<Basket, { variantId: string; quantity: number }>;
  async function chooseBaskets() {
    const { productVariants } = await admin(
      'query { productVariants(options: { take: 500 }) { items { id enabled priceWithTax stockOnHand customFields { promoPrice } } } }',
    );
    const plain = (
      productVariants.items as {
        id: string;
        enabled: boolean;
        priceWithTax: number;
        stockOnHand: number;
        customFields: { promoPrice: number | null };
      }[]
    )
      .filter((v) => v.enabled && !v.customFields.promoPrice && v.stockOnHand >= 10)
      .sort((a, b) => a.priceWithTax - b.priceWithTax);
    // the file places a dozen orders: enough stock for all of them, and the cheapest such variant
    // (installment providers have upper limits too)
    const large = plain.find((v) => v.priceWithTax * 4 >= 100000 && v.stockOnHand >= 40);
    const single = plain.find((v) => v.priceWithTax >= 10000 && v.priceWithTax < 100000 - 1500 && v.stockOnHand >= 20);
    const near = plain
      .map((v) => ({ v, n: Math.ceil(30001 / v.priceWithTax) }))
      .find(({ v, n }) => n <= 10 && v.priceWithTax * n * 0.9 < 30000);
    expect(large && single && near, 'the seeded catalogue has variants for every basket').toBeTruthy();
    baskets.large = { variantId: large!.id, quantity: 4 };
    baskets.single = { variantId: single!.id, quantity: 1 };
    baskets.justOverFree = { variantId: near!.v.id, quantity: near!.n };
  }

  /** A guest order in ArrangingPayment above Tamara's 100 SAR minimum. */
  async function checkout(lang: Lang = 'en', basket: Basket = 'large') {
    const { variantId, quantity } = baskets[basket];
    const { createSession } = await shop('mutation { createSession { token } }');
    const token = createSession.token as string;
    const q = (query: string, variables: Record<string, unknown> = {}) => shop(query, variables, { token, lang });
    await q('mutation($id: ID!, $q: Int!) { addItemToOrder(productVariantId: $id, quantity: $q) { __typename } }', {
      id: variantId,
      q: quantity,
    });
    await q('mutation($i: CreateCustomerInput!) { setCustomerForOrder(input: $i) { __typename } }', {
      i: { emailAddress: `buyer-${crypto.randomBytes(4).toString('hex')}@example.com`, firstName: 'Sara', lastName: 'Buyer' },
    });
    await q('mutation($i: CreateAddressInput!) { setOrderShippingAddress(input: $i) { __typename } }', {
      i: { streetLine1: 'Olaya St', city: 'Riyadh', countryCode: 'SA', phoneNumber: '+966500000000' },
    });
    const { eligibleShippingMethods } = await q('query { eligibleShippingMethods { id } }');
    await q('mutation($id: [ID!]!) { setOrderShippingMethod(shippingMethodId: $id) { __typename } }', {
      id: [eligibleShippingMethods[0].id],
    });
    const t = await q(`mutation { transitionOrderToState(state: "ArrangingPayment") { ... on Order { ${ORDER_FIELDS} } } }`);
    const order = t.transitionOrderToState;
    expect(order.state).toBe('ArrangingPayment');
    expect(order.surcharges).toEqual([]);
    expect(order.totalWithTax).toBeGreaterThanOrEqual(basket === 'large' ? 100000 : basket === 'single' ? 10000 : 30001);
    return {
      token,
      q,
      code: order.code as string,
      total: order.totalWithTax as number,
      shipping: order.shippingWithTax as number,
      vat: order.lines[0].taxRate as number,
    };
  }

  async function sandbox(paymentUrl: string, decision: 'approve' | 'decline' | 'cancel') {
    const res = await fetch(`${paymentUrl}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `decision=${decision}`,
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const back = await fetch(`${env.baseUrl}${res.headers.get('location')}`, { redirect: 'manual' });
    expect(back.status).toBe(303);
    return back.headers.get('location');
  }

  beforeAll(async () => {
    env = await createStoreTestEnv({ port: PORT });
    await chooseBaskets();
    await updateMethod('tamara', { customFields: { discount: 10, increment: null } });
    await updateMethod('tabby', { customFields: { discount: null, increment: 500 } });
  });
  afterAll(async () => {
    await env?.destroy();
  });

  it('Tamara with a 10 % discount: the total and the payment amount are reduced by 10 %, approval authorises the order', async () => {
    const { token, q, code, total, vat } = await checkout('en');
    const discount = Math.round(total / 10);
    const order = (await q(ADD_PAYMENT, { method: 'tamara' })).addPaymentToOrder;
    expect(order.__typename).toBe('Order');
    expect(order.totalWithTax).toBe(total - discount);
    expect(order.surcharges).toEqual([
      {
        sku: 'payment-method:tamara',
        description: 'خصم الدفع عبر تمارا (١٠٪) | Tamara payment discount (10%)',
        price: expect.any(Number),
        priceWithTax: -discount,
        taxRate: vat,
      },
    ]);
    // VAT of the discount at the lines' rate: net = gross / (1 + rate)
    expect(order.surcharges[0].price).toBe(Math.round(-discount / (1 + vat / 100)));
    expect(order.payments).toMatchObject([{ method: 'tamara', state: 'Pending', amount: total - discount }]);

    expect(await sandbox(order.paymentUrl, 'approve')).toBe(`${STOREFRONT}/en/checkout-success?order=${code}`);
    const placed = (await shop(`query($c: String!) { orderByCode(code: $c) { ${ORDER_FIELDS} } }`, { c: code }, { token })).orderByCode;
    expect(placed).toMatchObject({
      state: 'PaymentAuthorized',
      totalWithTax: total - discount,
      payments: [{ state: 'Authorized', amount: total - discount }],
    });
  });

  it('Tamara declined, then card: the discount is removed and the card pays the full total', async () => {
    const { q, total } = await checkout('ar');
    const tamara = (await q(ADD_PAYMENT, { method: 'tamara' })).addPaymentToOrder;
    expect(tamara.totalWithTax).toBe(total - Math.round(total / 10));
    await sandbox(tamara.paymentUrl, 'decline');

    const card = (await q(ADD_PAYMENT, { method: 'payfort-card' })).addPaymentToOrder;
    expect(card.surcharges).toEqual([]);
    expect(card.totalWithTax).toBe(total);
    expect(byId(card.payments).map((p: { method: string; state: string; amount: number }) => [p.method, p.state, p.amount])).toEqual([
      ['tamara', 'Declined', total - Math.round(total / 10)],
      ['payfort-card', 'Pending', total],
    ]);
  });

  it('Tabby with a 5 SAR fee: the total and the payment amount grow by 500 halalas', async () => {
    const { q, total, vat } = await checkout('en');
    const order = (await q(ADD_PAYMENT, { method: 'tabby' })).addPaymentToOrder;
    expect(order.totalWithTax).toBe(total + 500);
    expect(order.surcharges).toMatchObject([
      {
        sku: 'payment-method:tabby',
        description: 'رسوم الدفع عبر تابي (٥٫٠٠ ر.س) | Tabby payment fee (SAR 5.00)',
        priceWithTax: 500,
        taxRate: vat,
      },
    ]);
    expect(order.payments).toMatchObject([{ method: 'tabby', state: 'Pending', amount: total + 500 }]);
    await sandbox(order.paymentUrl, 'approve');
  });

  it('cash on delivery charges its seeded 15 SAR fee and is authorised for the adjusted total', async () => {
    const { q, total } = await checkout('en', 'single');
    expect(total).toBeLessThan(100000 - 1500);
    const order = (await q(ADD_PAYMENT, { method: 'cash-on-delivery' })).addPaymentToOrder;
    expect(order).toMatchObject({
      state: 'PaymentAuthorized',
      totalWithTax: total + 1500,
      payments: [{ state: 'Authorized', amount: total + 1500 }],
    });
    expect(order.surcharges).toMatchObject([{ sku: 'payment-method:cash-on-delivery', priceWithTax: 1500 }]);
  });

  const APPLY_COUPON = /* GraphQL */ `
    mutation Apply($code: String!) {
      applyCouponCode(couponCode: $code) {
        __typename
        ... on Order {
          couponCodes
          totalWithTax
          subTotalWithTax
          discounts {
            description
            amountWithTax
          }
        }
        ... on ErrorResult {
          errorCode
          message
        }
      }
    }
  `;

  it('a coupon does not discount the cash-on-delivery fee: the total grows by the whole 15 SAR (issue 35)', async () => {
    const { q, total } = await checkout('en', 'single');
    const withCoupon = (await q(APPLY_COUPON, { code: 'WELCOME10' })).applyCouponCode;
    expect(withCoupon.__typename).toBe('Order');
    // 10 % of the items, here with free or paid delivery unchanged
    expect(withCoupon.totalWithTax).toBeLessThan(total);
    const order = (await q(ADD_PAYMENT, { method: 'cash-on-delivery' })).addPaymentToOrder;
    expect(order.surcharges).toMatchObject([{ sku: 'payment-method:cash-on-delivery', priceWithTax: 1500 }]);
    expect(order.totalWithTax).toBe(withCoupon.totalWithTax + 1500);
    expect(order.payments).toMatchObject([{ state: 'Authorized', amount: withCoupon.totalWithTax + 1500 }]);
  });

  it('one coupon per order: a second code is refused with a message naming the first, in the shopper’s language', async () => {
    const { q } = await checkout('en', 'single');
    expect((await q(APPLY_COUPON, { code: 'WELCOME10' })).applyCouponCode.couponCodes).toEqual(['WELCOME10']);
    // the same code again is no second coupon
    expect((await q(APPLY_COUPON, { code: 'WELCOME10' })).applyCouponCode.__typename).toBe('Order');

    const refused = (await q(APPLY_COUPON, { code: 'VIP15' })).applyCouponCode;
    expect(refused).toEqual({
      __typename: 'CouponCodeCombinationError',
      errorCode: 'COUPON_CODE_COMBINATION_ERROR',
      message: 'Only one coupon per order: remove "WELCOME10" to use "VIP15"',
    });
    const { token } = await checkout('ar', 'single');
    const ar = (query: string, variables: Record<string, unknown>) => shop(query, variables, { token, lang: 'ar' });
    await ar(APPLY_COUPON, { code: 'VIP15' });
    expect((await ar(APPLY_COUPON, { code: 'WELCOME10' })).applyCouponCode.message).toBe(
      'قسيمة واحدة لكل طلب: أزِل "VIP15" لاستخدام "WELCOME10"',
    );

    // removing the first makes room for the other; the order has 15 %, not 25 %
    await q('mutation { removeCouponCode(couponCode: "WELCOME10") { __typename } }');
    const vip = (await q(APPLY_COUPON, { code: 'VIP15' })).applyCouponCode;
    expect(vip.couponCodes).toEqual(['VIP15']);
    expect(vip.discounts).toHaveLength(1);
  });

  it('limits apply to the total before the method discount: an order at Tamara minimum stays eligible, free delivery stays free', async () => {
    const { q, total, shipping } = await checkout('en', 'justOverFree');
    // the seeded "free-over-300" delivery applies to this order just over 300 SAR; 10 % off brings it below 300 SAR
    expect(shipping).toBe(0);
    expect(total).toBeGreaterThan(30000);
    expect(total - Math.round(total / 10)).toBeLessThan(30000);
    const setMinimum = (minTotal: number) => updateMethod('tamara', { checkerArgs: { minTotal } });
    await setMinimum(total);
    try {
      const order = (await q(ADD_PAYMENT, { method: 'tamara' })).addPaymentToOrder;
      expect(order.__typename).toBe('Order');
      expect(order.totalWithTax).toBe(total - Math.round(total / 10));
      expect(order.shippingWithTax).toBe(0);
      const { eligiblePaymentMethods } = await q('query { eligiblePaymentMethods { code isEligible } }');
      expect(eligiblePaymentMethods.find((m: { code: string }) => m.code === 'tamara').isEligible).toBe(true);
    } finally {
      await setMinimum(10000);
    }
  });

  it('a refused method leaves no fee behind (cash on delivery above its 1,000 SAR limit)', async () => {
    const { q, total } = await checkout('en', 'large');
    const refused = (await q(ADD_PAYMENT, { method: 'cash-on-delivery' })).addPaymentToOrder;
    expect(refused.__typename).toBe('IneligiblePaymentMethodError');
    const { activeOrder } = await q(`query { activeOrder { ${ORDER_FIELDS} } }`);
    expect(activeOrder).toMatchObject({ state: 'ArrangingPayment', totalWithTax: total, surcharges: [], payments: [] });
  });

  it('a refused second method does not touch the discount a pending Tamara payment was made for', async () => {
    const { q, code, total } = await checkout('en', 'large');
    const discounted = total - Math.round(total / 10);
    const tamara = (await q(ADD_PAYMENT, { method: 'tamara' })).addPaymentToOrder;
    expect(tamara.totalWithTax).toBe(discounted);
    // above the cash-on-delivery limit: refused
    expect((await q(ADD_PAYMENT, { method: 'cash-on-delivery' })).addPaymentToOrder.__typename).toBe('IneligiblePaymentMethodError');
    const { activeOrder } = await q(`query { activeOrder { ${ORDER_FIELDS} } }`);
    expect(activeOrder.totalWithTax).toBe(discounted);
    expect(activeOrder.surcharges.map((s: { sku: string }) => s.sku)).toEqual(['payment-method:tamara']);
    expect(await sandbox(tamara.paymentUrl, 'approve')).toBe(`${STOREFRONT}/en/checkout-success?order=${code}`);
  });

  it('a cancelled Tamara payment keeps the order payable; going back to the cart drops the discount', async () => {
    const { token, q, total } = await checkout('en');
    const tamara = (await q(ADD_PAYMENT, { method: 'tamara' })).addPaymentToOrder;
    await sandbox(tamara.paymentUrl, 'cancel');
    const back = (await q(`mutation { transitionOrderToState(state: "AddingItems") { ... on Order { state } } }`)).transitionOrderToState;
    expect(back.state).toBe('AddingItems');
    let active: any;
    for (let i = 0; i < 50; i++) {
      active = (await shop(`query { activeOrder { ${ORDER_FIELDS} } }`, {}, { token })).activeOrder;
      if (!active.surcharges.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(active.surcharges).toEqual([]);
    expect(active.totalWithTax).toBe(total);
  });

  it('back from Tamara unfinished, then card: Tamara is cancelled, the card pays the whole total; a late Tamara approval is kept for a refund', async () => {
    const { q, code, total } = await checkout('en', 'large');
    const tamara = (await q(ADD_PAYMENT, { method: 'tamara' })).addPaymentToOrder;
    expect(tamara.payments).toMatchObject([{ method: 'tamara', state: 'Pending', amount: total - Math.round(total / 10) }]);

    // The shopper closed the Tamara page and chose the card instead.
    const card = (await q(ADD_PAYMENT, { method: 'payfort-card' })).addPaymentToOrder;
    expect(card.__typename).toBe('Order');
    expect(card.state).toBe('ArrangingPayment');
    expect(card.totalWithTax).toBe(total);
    expect(card.surcharges).toEqual([]);
    expect(byId(card.payments).map((p: { method: string; state: string; amount: number }) => [p.method, p.state, p.amount])).toEqual([
      ['tamara', 'Cancelled', total - Math.round(total / 10)],
      ['payfort-card', 'Pending', total],
    ]);

    // The forgotten Tamara tab is approved anyway: the order does not count it, the store is told to refund it.
    expect(await sandbox(tamara.paymentUrl, 'approve')).toBe(`${STOREFRONT}/en/checkout/${code}?payment=cancelled`);
    const { activeOrder } = await q(`query { activeOrder { ${ORDER_FIELDS} } }`);
    expect(activeOrder.state).toBe('ArrangingPayment');
    expect(byId(activeOrder.payments).map((p: { state: string }) => p.state)).toEqual(['Cancelled', 'Pending']);
    const { orders } = await admin(
      'query($code: String!) { orders(options: { filter: { code: { eq: $code } } }) { items { history { items { type data } } } } }',
      { code },
    );
    const notes = orders.items[0].history.items
      .filter((h: { type: string }) => h.type === 'ORDER_NOTE')
      .map((h: { data: { note: string } }) => h.data.note);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/^tamara authorized payment .* refund it at tamara\.$/);

    expect(await sandbox(card.paymentUrl, 'approve')).toBe(`${STOREFRONT}/en/checkout-success?order=${code}`);
  });

  // Issue 33 §4: the index listed every shopper's pending payment (order code, amount, a link
  // to approve it) to anyone. It now lists none: a payment's page is reached from its checkout.
  it("/sandbox/ is an index page of what the sandbox does, naming no shopper's payment", async () => {
    const { q, code } = await checkout('en');
    const order = (await q(ADD_PAYMENT, { method: 'tabby' })).addPaymentToOrder;
    const reference = order.paymentUrl.split('/').pop();
    for (const path of ['/sandbox/', '/sandbox']) {
      const res = await fetch(`${env.baseUrl}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).toContain('<h1>Payment sandbox');
      expect(html).toContain('Approve</em>, <em>Decline</em> and <em>Cancel');
      expect(html).toContain('<a href="/mailbox">');
      expect(html).not.toContain(code);
      expect(html).not.toContain(reference);
      expect(html).not.toContain('href="/sandbox/pay/');
    }
    // the shopper's own link still works
    expect(await sandbox(order.paymentUrl, 'approve')).toBe(`${STOREFRONT}/en/checkout-success?order=${code}`);
  });
});
