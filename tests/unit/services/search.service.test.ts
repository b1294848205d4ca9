import { describe, expect, it } from 'vitest';
import { toSearchHits } from '../../../services/search.service';

const product = (over: Partial<Parameters<typeof toSearchHits>[0][number]> & { id: string }) => ({
  name: 'Leather bag',
  slug: `bag-${over.id}`,
  featuredAsset: null,
  customFields: { subTitle: null },
  brand: { name: 'Acme' },
  priceSummary: { priceWithTax: 15000, minPriceWithTax: 15000, maxPriceWithTax: 15000 },
  ...over,
});

describe('toSearchHits', () => {
  it("gives every hit its brand, the server's cheapest buyable price and whether prices vary", () => {
    const [hit] = toSearchHits([
      product({ id: '1', priceSummary: { priceWithTax: 12000, minPriceWithTax: 9000, maxPriceWithTax: 15000 } }),
    ]);
    expect(hit).toMatchObject({ id: '1', brand: 'Acme', price: 12000, priceVaries: true, detail: null });
  });

  it('shows one price, not "from", when every variant costs the same', () => {
    const [hit] = toSearchHits([product({ id: '1' })]);
    expect(hit).toMatchObject({ price: 15000, priceVaries: false });
  });

  it('shows a product matched twice once', () => {
    const hits = toSearchHits([product({ id: '1' }), product({ id: '2', brand: { name: 'Zenith' } }), product({ id: '1' })]);
    expect(hits.map((h) => h.id)).toEqual(['1', '2']);
    expect(hits.map((h) => h.detail)).toEqual([null, null]);
  });

  it('adds the subtitle to hits that would otherwise look the same', () => {
    const hits = toSearchHits([
      product({ id: '1', customFields: { subTitle: 'Black, 30 cm' } }),
      product({ id: '2', customFields: { subTitle: 'Brown, 40 cm' } }),
      product({ id: '3', name: 'Wallet', customFields: { subTitle: 'Slim' } }),
    ]);
    expect(hits.map((h) => h.detail)).toEqual(['Black, 30 cm', 'Brown, 40 cm', null]);
  });

  it('has no price for a product without variants, and no brand when it has none', () => {
    const [hit] = toSearchHits([product({ id: '1', brand: null, priceSummary: null })]);
    expect(hit).toMatchObject({ brand: null, price: null, priceVaries: false });
  });
});
