import { describe, expect, it } from 'vitest';
import type { ProductDetailData, VariantView } from '../../../../../src/lib/catalogue/types';
import { breadcrumbJsonLd, productJsonLd, serializeJsonLd } from '../../../../../src/routes/catalogue/structured-data';

const variant = (id: string, priceWithTax: number, stockLevel: string): VariantView => ({
  id,
  name: id,
  sku: `SKU-${id}`,
  image: null,
  options: [],
  stockLevel,
  priceWithTax,
});

const product: ProductDetailData = {
  id: '1',
  slug: 'red-bag',
  name: 'Red bag',
  subTitle: null,
  isNew: true,
  isFav: false,
  descriptionHtml: '<p>Nice</p>',
  descriptionText: 'Nice',
  assets: [{ src: '/assets/a.jpg', width: 800, height: 800 }],
  optionGroups: [],
  variants: [variant('10', 12345, 'IN_STOCK'), variant('11', 9900, 'OUT_OF_STOCK')],
  dropPrice: null,
  rating: { overallRate: 4.26, totalCount: 7, distribution: [] },
  category: { code: 'bags', name: 'Bags' },
  subCategory: { code: 'totes', name: 'Totes' },
  brand: { code: 'acme', name: 'Acme' },
};

const opts = { url: 'https://shop.example/en/products/red-bag', origin: 'https://shop.example', now: new Date('2026-11-20') };

describe('productJsonLd', () => {
  it('describes offers per variant in SAR with availability', () => {
    const ld = productJsonLd(product, opts);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Red bag',
      image: ['https://shop.example/assets/a.jpg'],
      brand: { '@type': 'Brand', name: 'Acme' },
      aggregateRating: { ratingValue: 4.3, reviewCount: 7 },
    });
    expect(ld.offers).toEqual([
      expect.objectContaining({ price: '123.45', priceCurrency: 'SAR', availability: 'https://schema.org/InStock', sku: 'SKU-10' }),
      expect.objectContaining({ price: '99.00', availability: 'https://schema.org/OutOfStock' }),
    ]);
  });

  it('leaves out the rating when there are no reviews', () => {
    const ld = productJsonLd({ ...product, rating: { overallRate: 0, totalCount: 0, distribution: [] } }, opts);
    expect(ld.aggregateRating).toBeUndefined();
  });
});

describe('breadcrumbJsonLd', () => {
  it('numbers the items from 1', () => {
    expect(breadcrumbJsonLd([{ name: 'Home', url: 'https://s/' }, { name: 'Bag' }])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://s/' },
        { '@type': 'ListItem', position: 2, name: 'Bag' },
      ],
    });
  });
});

describe('serializeJsonLd', () => {
  it('cannot close the script element', () => {
    const s = serializeJsonLd({ name: '</script><script>alert(1)</script>' });
    expect(s).not.toContain('<');
    expect(JSON.parse(s)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
