// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { loadCartSeed, loadServerCart } from '../../../../src/routes/cart/cart.server';

/** A Shop API that answers getOrders with the active order of the bearer token it is given. */
function shopApi(orders: Record<string, unknown>, methods: { priceWithTax: number }[] = []) {
  return vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('authorization') ?? '';
    const token = auth.replace(/^Bearer /, '');
    const shipping = String(init?.body ?? _input).includes('eligibleShippingMethods');
    const data = shipping
      ? { eligibleShippingMethods: methods.map((m, i) => ({ id: String(i), code: `m${i}`, name: `M${i}`, description: '', ...m })) }
      : { activeOrder: orders[token] ?? null };
    return new Response(JSON.stringify({ data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

const request = (cookie?: string) => new Request('http://shop.test/en/cart', { headers: cookie ? { cookie } : {} });

describe('loadCartSeed (the cart page loader, issue 38 §2)', () => {
  it("reads each visitor's own active order with their token cookie", async () => {
    const fetch = shopApi({ a: { id: '1', code: 'A', lines: [{ id: 'la' }] }, b: { id: '2', code: 'B', lines: [{ id: 'lb' }] } });
    const a = await loadCartSeed(request('vendure_token=a'), 'en', { fetch });
    const b = await loadCartSeed(request('i18n_redirected=en; vendure_token=b'), 'en', { fetch });
    expect(a?.order?.code).toBe('A');
    expect(b?.order?.code).toBe('B');
    expect(fetch).toHaveBeenCalledTimes(2);
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body)) as { query: string };
    expect(body.query).toContain('activeOrder');
  });

  it('no token: no cart, without asking the backend', async () => {
    const fetch = shopApi({});
    await expect(loadCartSeed(request(), 'ar', { fetch })).resolves.toEqual({ order: null });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('the backend down: null (the browser asks, as before)', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    await expect(loadCartSeed(request('vendure_token=a'), 'ar', { fetch })).resolves.toBeNull();
  });
});

describe('loadServerCart', () => {
  it("comes with the cheapest delivery for the order's key, so the summary does not change after hydration", async () => {
    const order = { id: '1', code: 'A', totalQuantity: 2, subTotalWithTax: 5000, lines: [{ id: 'la' }] };
    const fetch = shopApi({ a: order }, [{ priceWithTax: 3000 }, { priceWithTax: 1500 }]);
    const cart = await loadServerCart(request('vendure_token=a'), 'en', { fetch });
    expect(cart.cartSeed?.order?.code).toBe('A');
    expect(cart.shipping).toEqual({ key: 'A:2:5000', estimate: 1500 });
  });

  it('no token: the empty cart, no estimate, no request', async () => {
    const fetch = shopApi({});
    await expect(loadServerCart(request(), 'ar', { fetch })).resolves.toEqual({ cartSeed: { order: null }, shipping: null });
    expect(fetch).not.toHaveBeenCalled();
  });
});
