// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { decodeZatcaQr } from '../../../../../src/lib/invoice/zatca-qr';
import { orderSummary } from '../../../../../src/lib/order-summary';
import { loadOrderPage } from '../../../../../src/routes/profile/order.server';

const CUSTOMER = { id: '7', title: null, firstName: 'Sara', lastName: 'Ali', phoneNumber: null, emailAddress: 'sara@example.sa' };

/** An order as GetOrderByCode answers it: one line of 115 SAR incl. 15 % VAT, 15 SAR delivery incl. VAT. */
function order(overrides: Record<string, unknown> = {}) {
  return {
    id: '1',
    code: 'ABC123',
    state: 'PaymentAuthorized',
    active: false,
    createdAt: '2026-11-20T08:00:00.000Z',
    orderPlacedAt: '2026-11-20T09:30:00.000Z',
    currencyCode: 'SAR',
    totalQuantity: 1,
    subTotal: 10000,
    subTotalWithTax: 11500,
    shipping: 1304,
    shippingWithTax: 1500,
    total: 11304,
    totalWithTax: 13000,
    couponCodes: [],
    discounts: [],
    taxSummary: [{ description: 'VAT', taxRate: 15, taxBase: 11304, taxTotal: 1696 }],
    shippingLines: [{ shippingMethod: { id: '1', code: 'standard', name: 'Standard' }, priceWithTax: 1500 }],
    shippingAddress: {
      fullName: 'Sara Ali',
      streetLine1: 'Olaya 1',
      streetLine2: '',
      city: 'Riyadh',
      province: '',
      postalCode: '',
      countryCode: 'SA',
      country: 'Saudi Arabia',
      phoneNumber: '+966501234567',
    },
    customer: { id: '7' },
    payments: [
      {
        id: 'p1',
        method: 'cash-on-delivery',
        state: 'Authorized',
        amount: 13000,
        transactionId: null,
        metadata: {},
        createdAt: '2026-11-20T09:30:00.000Z',
      },
    ],
    paymentUrl: null,
    surcharges: [],
    lines: [
      {
        id: 'l1',
        quantity: 1,
        taxRate: 15,
        unitPriceWithTax: 11500,
        linePrice: 10000,
        linePriceWithTax: 11500,
        discountedLinePriceWithTax: 11500,
        featuredAsset: null,
        orderLineHasReview: false,
        productVariant: { id: 'v1', name: 'Bag black', sku: 'BAG-1', options: [], product: { id: 'p', name: 'Bag', slug: 'bag' } },
      },
    ],
    history: {
      items: [
        { id: 'h1', type: 'ORDER_STATE_TRANSITION', createdAt: '2026-11-20T08:00:00.000Z', data: { from: 'Created', to: 'AddingItems' } },
        {
          id: 'h2',
          type: 'ORDER_STATE_TRANSITION',
          createdAt: '2026-11-20T09:29:00.000Z',
          data: { from: 'AddingItems', to: 'ArrangingPayment' },
        },
        { id: 'h3', type: 'ORDER_PAYMENT_TRANSITION', createdAt: '2026-11-20T09:30:00.000Z', data: {} },
        {
          id: 'h4',
          type: 'ORDER_STATE_TRANSITION',
          createdAt: '2026-11-20T09:30:00.000Z',
          data: { from: 'ArrangingPayment', to: 'PaymentAuthorized' },
        },
      ],
    },
    ...overrides,
  };
}

/** The store's identity as its owner set it in the admin (the channel's custom fields, decision 030). */
const IDENTITY = {
  legalNameAr: 'شركة الأناقة للتجارة',
  legalNameEn: 'Elegance Trading Company',
  vatNumber: '310122393500003',
  commercialRegistrationNumber: '1010123456',
  addressAr: null,
  addressEn: null,
  customerServicePhone: null,
  customerServiceEmail: null,
  businessCertificateUrl: null,
};
const UNSET = Object.fromEntries(Object.keys(IDENTITY).map((k) => [k, null]));

/** The Shop API: `body` for the order, the channel's identity fields for StoreIdentity. */
function shopApi(body: unknown, identity: Record<string, string | null> = IDENTITY) {
  return vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const answer = String(init?.body).includes('StoreIdentity') ? { data: { activeChannel: { customFields: identity } } } : body;
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
}

const request = () => new Request('http://shop.test/profile/orders/ABC123', { headers: { cookie: 'vendure_token=t1' } });

async function status(promise: Promise<unknown>): Promise<number | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? null;
  }
}

describe('loadOrderPage (src/routes/profile/order.server.ts)', () => {
  it('the owner sees the order, its state timeline, cancel offered, and an invoice whose QR decodes to its totals', async () => {
    const fetch = shopApi({ data: { orderByCode: order() } });
    const page = await loadOrderPage(request(), 'ar', CUSTOMER, 'ABC123', { fetch });
    expect(page.timeline).toEqual([
      { state: 'ArrangingPayment', at: '2026-11-20T09:29:00.000Z' },
      { state: 'PaymentAuthorized', at: '2026-11-20T09:30:00.000Z' },
    ]);
    expect(page.cancel).toEqual({ possible: true, reasonMax: 500 });
    expect(page.order.lines).toEqual([
      expect.objectContaining({ id: 'l1', name: 'Bag black', slug: 'bag', reviewed: false, linePriceWithTax: 11500 }),
    ]);
    expect(page.invoice?.totals).toEqual({ exclVat: 11304, vat: 1696, inclVat: 13000 });
    expect(decodeZatcaQr(page.invoice!.qr.payload)).toEqual({
      sellerName: 'شركة الأناقة للتجارة',
      vatNumber: '310122393500003',
      timestamp: '2026-11-20T09:30:00Z',
      totalWithVat: '130.00',
      vatTotal: '16.96',
    });
    expect(page.qr?.path).toMatch(/^M/);
    expect(page.qr?.size).toBeGreaterThan(21);
    // the visitor's own token, never a shared one
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get('authorization')).toBe('Bearer t1');
  });

  it('without the store’s tax details set by its owner, the order shows without an invoice and the page is told why', async () => {
    for (const identity of [UNSET, { ...IDENTITY, vatNumber: null }, { ...IDENTITY, legalNameAr: null, legalNameEn: null }]) {
      const page = await loadOrderPage(request(), 'ar', CUSTOMER, 'ABC123', {
        fetch: shopApi({ data: { orderByCode: order() } }, identity),
      });
      expect(page.order.code).toBe('ABC123');
      expect(page.invoice).toBeNull();
      expect(page.qr).toBeNull();
      expect(page.taxDetailsMissing).toBe(true);
    }
    const configured = await loadOrderPage(request(), 'ar', CUSTOMER, 'ABC123', { fetch: shopApi({ data: { orderByCode: order() } }) });
    expect(configured.taxDetailsMissing).toBe(false);
    expect(configured.invoice?.seller.commercialRegistrationNumber).toBe('1010123456');
  });

  it("a payment method's fee is a row of its own: the subtotal row holds the items only, the rows add up", async () => {
    // Vendure's subtotal includes surcharges: items 115.00 + a 15.00 cash-on-delivery fee = 130.00
    const fetch = shopApi({
      data: {
        orderByCode: order({
          subTotalWithTax: 13000,
          totalWithTax: 14500,
          surcharges: [{ sku: 'payment-method:cash-on-delivery', description: 'رسوم | fee', price: 1304, priceWithTax: 1500 }],
        }),
      },
    });
    const page = await loadOrderPage(request(), 'en', CUSTOMER, 'ABC123', { fetch });
    const summary = orderSummary({
      ...page.order,
      lines: page.order.lines.map((l) => ({ discountedLinePriceWithTax: l.linePriceWithTax })),
    });
    expect(summary.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['subtotal', 11500],
      ['surcharge', 1500],
      ['shipping', 1500],
    ]);
    expect(summary.total).toBe(14500);
    expect(page.order.surcharges).toEqual([{ sku: 'payment-method:cash-on-delivery', description: 'رسوم | fee', priceWithTax: 1500 }]);
  });

  it('a shipped order is not offered for cancelling', async () => {
    const page = await loadOrderPage(request(), 'en', CUSTOMER, 'ABC123', {
      fetch: shopApi({ data: { orderByCode: order({ state: 'Shipped' }) } }),
    });
    expect(page.cancel.possible).toBe(false);
    expect(page.timeline.at(-1)).toEqual({ state: 'Shipped', at: '2026-11-20T09:30:00.000Z' });
  });

  it('a paid order the store cancelled and refunded tells the page what was refunded, and when', async () => {
    const page = await loadOrderPage(request(), 'en', CUSTOMER, 'ABC123', {
      fetch: shopApi({
        data: {
          orderByCode: order({
            state: 'Cancelled',
            payments: [
              {
                id: 'p1',
                method: 'payfort-card',
                state: 'Settled',
                amount: 13000,
                transactionId: 'T1',
                metadata: {},
                createdAt: '2026-11-20T09:30:00.000Z',
                refunds: [{ id: 'r1', total: 13000, state: 'Settled', createdAt: '2026-11-22T11:00:00.000Z' }],
              },
            ],
          }),
        },
      }),
    });
    expect(page.order.settlement).toEqual({
      cancelled: true,
      paid: 13000,
      refunds: [{ amount: 13000, at: '2026-11-22T11:00:00.000Z', method: 'payfort-card' }],
      refunded: 13000,
      toRefund: 0,
    });
  });

  it("another customer's order is a 404, whether the backend refuses it or answers it", async () => {
    const forbidden = shopApi({ data: null, errors: [{ message: 'You are not currently authorized', extensions: { code: 'FORBIDDEN' } }] });
    expect(await status(loadOrderPage(request(), 'ar', CUSTOMER, 'ABC123', { fetch: forbidden }))).toBe(404);
    const foreign = shopApi({ data: { orderByCode: order({ customer: { id: '8' } }) } });
    expect(await status(loadOrderPage(request(), 'ar', CUSTOMER, 'ABC123', { fetch: foreign }))).toBe(404);
    const none = shopApi({ data: { orderByCode: null } });
    expect(await status(loadOrderPage(request(), 'ar', CUSTOMER, 'NOPE', { fetch: none }))).toBe(404);
  });
});
