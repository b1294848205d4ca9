import { data } from 'react-router';
import { RELATED_SIZE, getProduct, getRelatedProducts } from '../../../services/products.service';
import { getProductReviews } from '../../../services/reviews.service';
import type { ProductCardData, ProductDetailData, ReviewPage } from '../../lib/catalogue/types';
import type { Locale } from '../../i18n/locales';
import { createShopClient } from '../../../services/client';
import { config } from '../../lib/config.server';
import { cachedRead } from '../../lib/shop.server';
import { REVIEWS_PAGE_SIZE } from './reviews-constants';
import { descriptionText, sanitizeDescription } from './sanitize-description.server';
import {
  toAssetView,
  toFacetRef,
  toOptionGroupView,
  toProductCard,
  toRatingBreakdown,
  toReviewView,
  toVariantView,
} from '../../lib/catalogue/view-models';

const CACHEABLE = { cacheable: true } as const;

export interface ProductPageData {
  product: ProductDetailData;
  related: { sameBrand: ProductCardData[]; mostWatched: ProductCardData[] };
  reviews: ReviewPage;
  /** The instant prices were computed for (server and hydration agree on promotions). */
  now: string;
}

/**
 * The product, then its related products and first reviews in parallel (they need the
 * product's id). All anonymous cached reads: the page is the same for every visitor; personal
 * bits (favourite, own review) come from the client machines.
 */
export function loadProductPage(locale: Locale, slug: string): Promise<ProductPageData> {
  // The mapped page (sanitised description included) is cached like the reads it is made of:
  // sanitising HTML on every request would cost more than the rest of the loader.
  return cachedRead(locale, 'catalogue:productPage', { slug }, () => buildProductPage(locale, slug));
}

async function buildProductPage(locale: Locale, slug: string): Promise<ProductPageData> {
  const p = await cachedRead(locale, 'GetSingleProduct', { slug }, (c) => getProduct(c, slug, CACHEABLE));
  if (!p) throw data(null, { status: 404 });
  const [related, reviews] = await Promise.all([
    cachedRead(locale, 'relatedOfSingleProduct', { productId: p.id, take: RELATED_SIZE }, (c) =>
      getRelatedProducts(c, p.id, RELATED_SIZE, CACHEABLE),
    ),
    loadReviews(locale, p.id, 1),
  ]);
  const now = new Date();
  const assets = p.assets.length ? p.assets : p.featuredAsset ? [p.featuredAsset] : [];
  const product: ProductDetailData = {
    id: p.id,
    slug: p.slug,
    name: p.name,
    subTitle: p.customFields?.subTitle || null,
    isNew: p.isNew,
    isFav: false,
    descriptionHtml: sanitizeDescription(p.description),
    descriptionText: descriptionText(p.description),
    assets: assets.map((a) => toAssetView(a)!),
    optionGroups: p.optionGroups.map(toOptionGroupView),
    variants: p.variants.map(toVariantView),
    dropPrice: p.customFields?.dropPrice ?? null,
    rating: toRatingBreakdown(p.overallRating),
    category: toFacetRef(p.category),
    subCategory: toFacetRef(p.subCategory),
    brand: toFacetRef(p.brand),
  };
  const notSelf = (c: { id: string }) => c.id !== p.id;
  return {
    product,
    related: {
      sameBrand: related.sameBrand.filter(notSelf).map((r) => toProductCard(r, now)),
      mostWatched: related.mostWatched.filter(notSelf).map((r) => toProductCard(r, now)),
    },
    reviews,
    now: now.toISOString(),
  };
}

/**
 * A page of reviews. With the shopper's token (resource route) the answer is personal (their
 * own review, whatever its state, is marked) and never cached.
 */
export async function loadReviews(locale: Locale, productId: string, page: number, token?: string | null): Promise<ReviewPage> {
  const vars = { productId, skip: (page - 1) * REVIEWS_PAGE_SIZE, take: REVIEWS_PAGE_SIZE };
  const result = token
    ? await getProductReviews(personalClient(locale, token), vars)
    : await cachedRead(locale, 'productReviews', vars, (c) => getProductReviews(c, vars, CACHEABLE));
  return { items: result.items.map(toReviewView), totalItems: result.totalItems, page };
}

/** A one-off client carrying the shopper's token (never cached, never shared). */
function personalClient(locale: Locale, token: string) {
  return createShopClient({ endpoint: config.shopApiUrl, languageCode: locale, name: 'ssr-personal', getToken: () => token });
}
