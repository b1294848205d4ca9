import { describe, expect, it } from 'vitest';
import { toOptionGroupView, toProductCard, toRatingBreakdown, type CardSource } from '../../../../../src/lib/catalogue/view-models';

const now = new Date('2026-11-20T12:00:00Z');
const base: CardSource = {
  id: '1',
  name: 'Bag',
  slug: 'bag',
  isFav: false,
  isNew: true,
  featuredAsset: { preview: '/assets/bag.jpg', width: 1000, height: 800, focalPoint: null },
  customFields: { subTitle: '', dropPrice: null },
  overallRating: { overallRate: 0, totalCount: 0 },
  brand: { code: 'acme', name: 'Acme' },
  variants: [],
};

describe('toProductCard', () => {
  it('shows the cheapest purchasable variant and says "from" when prices differ', () => {
    const card = toProductCard(
      {
        ...base,
        variants: [
          { id: 'a', priceWithTax: 5000, stockLevel: 'OUT_OF_STOCK' },
          { id: 'b', priceWithTax: 9000, stockLevel: 'IN_STOCK' },
          { id: 'c', priceWithTax: 7000, stockLevel: 'LOW_STOCK', customFields: { default: true } },
        ],
      },
      now,
    );
    expect(card).toMatchObject({ price: 7000, priceVaries: true, purchasable: true, variantId: 'c', subTitle: null, rating: null });
    expect(card.image).toEqual({ src: '/assets/bag.jpg', width: 1000, height: 800 });
  });

  it('keeps a running promotion and its reference price', () => {
    const card = toProductCard(
      {
        ...base,
        variants: [
          {
            id: 'a',
            priceWithTax: 15000,
            stockLevel: 'IN_STOCK',
            discountAmount: 5000,
            customFields: { onSale: true, mainPrice: 20000, startDate: null, endDate: null },
          },
        ],
      },
      now,
    );
    expect(card).toMatchObject({ price: 15000, compareAt: 20000, discountPercent: 25, priceVaries: false });
  });

  it('marks a product with nothing in stock as not purchasable', () => {
    const card = toProductCard({ ...base, variants: [{ id: 'a', priceWithTax: 100, stockLevel: 'OUT_OF_STOCK' }] }, now);
    expect(card).toMatchObject({ purchasable: false, variantId: null, price: 100 });
  });
});

describe('toOptionGroupView', () => {
  it('treats a group with colour codes as colours even without a declared type', () => {
    const g = toOptionGroupView({
      id: 'g',
      code: 'colour',
      name: 'Colour',
      customFields: null,
      options: [{ id: 'o', code: 'red', name: 'Red', customFields: { colorCode: '#f00' } }],
    });
    expect(g.type).toBe('color');
    expect(g.options[0]).toEqual({ id: 'o', code: 'red', name: 'Red', colorCode: '#f00' });
  });
});

describe('toRatingBreakdown', () => {
  it('lists every star from 5 to 1', () => {
    expect(
      toRatingBreakdown({
        overallRate: 4.5,
        totalCount: 2,
        rateInfo: [
          { rate: 5, count: 1 },
          { rate: 4, count: 1 },
        ],
      }).distribution,
    ).toEqual([
      { rate: 5, count: 1 },
      { rate: 4, count: 1 },
      { rate: 3, count: 0 },
      { rate: 2, count: 0 },
      { rate: 1, count: 0 },
    ]);
  });
});
