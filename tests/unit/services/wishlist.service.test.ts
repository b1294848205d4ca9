import { describe, expect, it } from 'vitest';
import { createShopClient } from '../../../services/client';
import { getProductNames } from '../../../services/wishlist.service';

/** A Shop API that sells products p1…p250 and answers `products` filtered by id, as Vendure does. */
function fakeShop() {
  const asked: Array<{ operationName: string; ids: string[]; take: number; languageCode: string | null }> = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body));
    const { filter, take } = body.variables.options as { filter: { id: { in: string[] } }; take: number };
    asked.push({
      operationName: body.operationName,
      ids: filter.id.in,
      take,
      languageCode: new URL(String(input)).searchParams.get('languageCode'),
    });
    const sold = filter.id.in.filter((id) => Number(id.slice(1)) <= 250).slice(0, Math.min(take, 100));
    const items = sold.map((id) => ({ id, name: `منتج ${id}` }));
    return new Response(JSON.stringify({ data: { products: { items } } }), { headers: { 'content-type': 'application/json' } });
  };
  const client = createShopClient({ endpoint: 'http://shop.test/shop-api', languageCode: 'ar', fetch: fetch as typeof globalThis.fetch });
  return { client, asked };
}

describe('getProductNames', () => {
  it('asks for every saved product in one call, in the client’s language; products no longer sold are left out', async () => {
    const { client, asked } = fakeShop();

    const names = await getProductNames(client, ['p1', 'p999', 'p7']);

    expect(names).toEqual([
      { id: 'p1', name: 'منتج p1' },
      { id: 'p7', name: 'منتج p7' },
    ]);
    expect(asked).toEqual([{ operationName: 'productNames', ids: ['p1', 'p999', 'p7'], take: 3, languageCode: 'ar' }]);
  });

  it('asks a page of 100 at a time past the Shop API’s page limit, and gets every name', async () => {
    const { client, asked } = fakeShop();
    const ids = Array.from({ length: 150 }, (_, i) => `p${i + 1}`);

    const names = await getProductNames(client, ids);

    expect(names.map((n) => n.id)).toEqual(ids);
    expect(asked.map((a) => a.ids.length)).toEqual([100, 50]);
  });

  it('asks nothing for no products', async () => {
    const { client, asked } = fakeShop();

    await expect(getProductNames(client, [])).resolves.toEqual([]);
    expect(asked).toEqual([]);
  });
});
