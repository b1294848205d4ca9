// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { loadOrdersPage } from '../../../../../src/routes/profile/orders.server';

// A Shop API that keeps a customer's orders and answers `getCustomerOrders` as Vendure does:
// filtered by the `states` asked for, newest first, `skip`/`take` applied, `totalItems` of the
// filtered list. So what the page lists follows from what the service asks for.

interface StoredOrder {
  code: string;
  state: string;
  createdAt: string;
}

function shopApiHolding(orders: StoredOrder[]) {
  const asked: Array<{ states: string[]; skip: number; take: number }> = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const { variables } = JSON.parse(String(init?.body)) as { variables: { states: string[]; skip: number; take: number } };
    asked.push(variables);
    const listed = orders
      .filter((o) => variables.states.includes(o.state))
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    const items = listed.slice(variables.skip, variables.skip + variables.take).map((o) => ({
      id: o.code,
      code: o.code,
      state: o.state,
      createdAt: o.createdAt,
      orderPlacedAt: o.createdAt,
      totalQuantity: 1,
      totalWithTax: 11500,
      currencyCode: 'SAR',
      lines: [],
      payments: [],
    }));
    return Response.json({ data: { activeCustomer: { id: '7', orders: { items, totalItems: listed.length } } } });
  };
  return { fetch, asked };
}

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const request = (query = '') => new Request(`http://shop.test/en/profile/orders${query}`, { headers: { cookie: 'vendure_token=t1' } });

async function status(promise: Promise<unknown>): Promise<number | null> {
  try {
    await promise;
    return null;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? null;
  }
}

describe('loadOrdersPage (src/routes/profile/orders.server.ts)', () => {
  // 12 placed orders (days 1..12), a Rejected one that is the newest, and the open cart
  const placed = Array.from({ length: 12 }, (_, i) => ({
    code: `P${String(i + 1).padStart(2, '0')}`,
    state: i % 3 === 0 ? 'Delivered' : 'PaymentSettled',
    createdAt: at(i + 1),
  }));
  const orders = [
    ...placed,
    { code: 'REJ', state: 'Rejected', createdAt: at(20) },
    { code: 'CART', state: 'AddingItems', createdAt: at(21) },
  ];

  it('lists no Rejected order and not the cart, nor counts them', async () => {
    const { fetch, asked } = shopApiHolding(orders);
    const first = await loadOrdersPage(request(), 'en', { fetch });
    expect(first.orders.map((o) => o.code)).not.toContain('REJ');
    expect(first.orders.map((o) => o.code)).not.toContain('CART');
    expect(first.totalItems).toBe(12);
    expect(asked[0]!.states).not.toContain('Rejected');
    expect(asked[0]!.states).not.toContain('AddingItems');
    expect(asked[0]!.states).toContain('Cancelled');
  });

  it('pages by the spec’s 10: the ten newest first, the other two on page 2, nothing past it', async () => {
    const { fetch } = shopApiHolding(orders);
    const first = await loadOrdersPage(request(), 'en', { fetch });
    expect(first.page).toBe(1);
    expect(first.orders.map((o) => o.code)).toEqual(['P12', 'P11', 'P10', 'P09', 'P08', 'P07', 'P06', 'P05', 'P04', 'P03']);
    const second = await loadOrdersPage(request('?page=2'), 'en', { fetch });
    expect(second.orders.map((o) => o.code)).toEqual(['P02', 'P01']);
    expect(second.totalItems).toBe(12);
    expect(await status(loadOrdersPage(request('?page=3'), 'en', { fetch }))).toBe(404);
  });

  it('a page number that is not one is a 404; no orders at all is an empty first page', async () => {
    const { fetch } = shopApiHolding([]);
    for (const bad of ['?page=0', '?page=-1', '?page=1.5', '?page=two']) {
      expect(await status(loadOrdersPage(request(bad), 'en', { fetch })), bad).toBe(404);
    }
    expect(await loadOrdersPage(request(), 'en', { fetch })).toEqual({ page: 1, totalItems: 0, orders: [] });
  });
});
