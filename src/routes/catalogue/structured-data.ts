/**
 * schema.org JSON-LD for product pages (Product with offers and AggregateRating, BreadcrumbList).
 * Built from loader data so it is in the server HTML; serialised safely for a <script> element.
 */
import { variantPricing } from '../../../machines/lib/variant-pricing';
import { stockState } from '../../../machines/lib/variant-selection';
import type { ProductDetailData } from '../../lib/catalogue/types';
import { toDecimalString } from '../../lib/money';

export interface Crumb {
  name: string;
  /** Absolute URL; the last crumb (the page itself) may omit it. */
  url?: string;
}

const AVAILABILITY = {
  'in-stock': 'https://schema.org/InStock',
  'low-stock': 'https://schema.org/LimitedAvailability',
  'out-of-stock': 'https://schema.org/OutOfStock',
} as const;

function absolute(origin: string, src: string): string {
  return /^https?:\/\//.test(src) ? src : origin.replace(/\/+$/, '') + (src.startsWith('/') ? src : `/${src}`);
}

export function productJsonLd(
  product: ProductDetailData,
  options: { url: string; origin: string; now: Date; brandName?: string | null },
): Record<string, unknown> {
  const offers = product.variants.map((v) => {
    const pricing = variantPricing(v, product.dropPrice, options.now);
    const offer: Record<string, unknown> = {
      '@type': 'Offer',
      sku: v.sku,
      price: toDecimalString(pricing.price),
      priceCurrency: 'SAR',
      availability: AVAILABILITY[stockState(v)],
      url: `${options.url}?variant=${encodeURIComponent(v.id)}`,
      itemCondition: 'https://schema.org/NewCondition',
    };
    if (pricing.promoEndsAt) offer.priceValidUntil = pricing.promoEndsAt.slice(0, 10);
    return offer;
  });
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    url: options.url,
    productID: product.id,
    image: product.assets.map((a) => absolute(options.origin, a.src)),
    offers: offers.length === 1 ? offers[0] : offers,
  };
  if (product.descriptionText) data.description = product.descriptionText;
  if (product.variants.length === 1 && product.variants[0]) data.sku = product.variants[0].sku;
  if (product.brand) data.brand = { '@type': 'Brand', name: product.brand.name };
  if (product.category)
    data.category = product.subCategory ? `${product.category.name} > ${product.subCategory.name}` : product.category.name;
  // Google rejects an AggregateRating without ratings.
  if (product.rating.totalCount > 0) {
    data.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: Math.round(product.rating.overallRate * 10) / 10,
      reviewCount: product.rating.totalCount,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return data;
}

export function breadcrumbJsonLd(crumbs: readonly Crumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.name,
      ...(c.url ? { item: c.url } : {}),
    })),
  };
}

/** JSON for a <script type="application/ld+json">: no "</script>" or "<!--" can break out. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
