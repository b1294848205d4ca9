// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { loadCartSeed } from '../../../../src/routes/cart/cart.server';

/** A Shop API that answers getOrders with the active order of the bearer token it is given. */
function shopApi(orders: Record<string, unknown>) {
  return vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const auth = new Headers(init?.headers).get('authorization') ?? '';
    const token = auth.replace(/^Bearer /, '');
    return new Response(JSON.stringify({ data: { activeOrder: orders[token] ?? null } }), {
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
