/**
 * Shop API answers -> catalogue view models (./types.ts). The input types
 * are structural (what the services' fragments select), so this module does not depend on the
 * generated schema types and is easy to test with plain objects.
 */
import { variantPricing, type PricedVariant } from '../../../machines/lib/variant-pricing';
import { isPurchasable, resolveVariant, type SelectableVariant } from '../../../machines/lib/variant-selection';
import type { AssetView, FacetRef, OptionGroupView, ProductCardData, RatingBreakdown, ReviewView, VariantView } from './types';

export interface AssetSource {
  preview: string;
  width: number;
  height: number;
  focalPoint?: { x: number; y: number } | null;
}

interface FacetSource {
  code: string;
  name: string;
}

interface VariantSource extends PricedVariant {
  id: string;
  stockLevel: string;
  inStock?: boolean | null;
  customFields?: (PricedVariant['customFields'] & { default?: boolean | null }) | null;
}

export interface CardSource {
  id: string;
  name: string;
  slug: string;
  isFav: boolean;
  isNew: boolean;
  featuredAsset?: AssetSource | null;
  customFields?: { subTitle?: string | null; dropPrice?: number | null } | null;
  overallRating?: { overallRate: number; totalCount: number } | null;
  brand?: FacetSource | null;
  variants: readonly VariantSource[];
}

export function toAssetView(asset: AssetSource | null | undefined): AssetView | null {
  if (!asset) return null;
  return {
    src: asset.preview,
    width: asset.width,
    height: asset.height,
    ...(asset.focalPoint ? { focalPoint: { x: asset.focalPoint.x, y: asset.focalPoint.y } } : {}),
  };
}

export function toFacetRef(fv: FacetSource | null | undefined): FacetRef | null {
  return fv ? { code: fv.code, name: fv.name } : null;
}

function asSelectable(v: VariantSource): SelectableVariant {
  return { id: v.id, options: [], stockLevel: v.stockLevel, inStock: v.inStock, customFields: v.customFields };
}

/**
 * A card shows the cheapest purchasable variant's price (or the cheapest of all when none can be
 * bought), "from" when prices differ, and adds the default variant to the cart.
 */
export function toProductCard(p: CardSource, now: Date): ProductCardData {
  const dropPrice = p.customFields?.dropPrice ?? null;
  const priced = p.variants.map((v) => ({ v, pricing: variantPricing(v, dropPrice, now) }));
  const pool = priced.filter(({ v }) => isPurchasable(v));
  const candidates = pool.length ? pool : priced;
  const cheapest = candidates.reduce<(typeof priced)[number] | undefined>(
    (best, c) => (!best || c.pricing.price < best.pricing.price ? c : best),
    undefined,
  );
  const prices = new Set(priced.map(({ pricing }) => pricing.price));
  const chosen = resolveVariant(p.variants.map(asSelectable));
  const rating = p.overallRating && p.overallRating.totalCount > 0 ? p.overallRating : null;
  return {
    id: p.id,
    slug: p.slug,
    name: p.name,
    subTitle: p.customFields?.subTitle || null,
    isNew: p.isNew,
    isFav: p.isFav,
    image: toAssetView(p.featuredAsset),
    variantId: chosen && isPurchasable(chosen) ? chosen.id : (pool[0]?.v.id ?? null),
    purchasable: pool.length > 0,
    price: cheapest?.pricing.price ?? 0,
    compareAt: cheapest?.pricing.compareAt ?? null,
    discountPercent: cheapest?.pricing.discountPercent ?? 0,
    priceVaries: prices.size > 1,
    rating: rating ? { overallRate: rating.overallRate, totalCount: rating.totalCount } : null,
    brand: toFacetRef(p.brand),
  };
}

export interface DetailVariantSource extends VariantSource {
  name: string;
  sku: string;
  featuredAsset?: AssetSource | null;
  options: readonly { id: string; groupId: string }[];
  maxQuantity?: number | null;
}

export function toVariantView(v: DetailVariantSource): VariantView {
  return {
    id: v.id,
    name: v.name,
    sku: v.sku,
    image: toAssetView(v.featuredAsset),
    options: v.options.map((o) => ({ id: o.id, groupId: o.groupId })),
    stockLevel: v.stockLevel,
    inStock: v.inStock ?? null,
    maxQuantity: v.maxQuantity ?? null,
    priceWithTax: v.priceWithTax,
    discountAmount: v.discountAmount ?? 0,
    customFields: v.customFields
      ? {
          default: v.customFields.default ?? null,
          mainPrice: v.customFields.mainPrice ?? null,
          promoPrice: v.customFields.promoPrice ?? null,
          onSale: v.customFields.onSale ?? null,
          startDate: v.customFields.startDate ?? null,
          endDate: v.customFields.endDate ?? null,
        }
      : null,
  };
}

export interface OptionGroupSource {
  id: string;
  code: string;
  name: string;
  customFields?: { type?: string | null } | null;
  options: readonly { id: string; code: string; name: string; customFields?: { colorCode?: string | null } | null }[];
}

export function toOptionGroupView(g: OptionGroupSource): OptionGroupView {
  const declared = g.customFields?.type;
  const hasColours = g.options.some((o) => o.customFields?.colorCode);
  const type = declared === 'color' || declared === 'size' ? declared : hasColours ? 'color' : 'text';
  return {
    id: g.id,
    code: g.code,
    name: g.name,
    type,
    options: g.options.map((o) => ({ id: o.id, code: o.code, name: o.name, colorCode: o.customFields?.colorCode ?? null })),
  };
}

export function toRatingBreakdown(r: {
  overallRate: number;
  totalCount: number;
  rateInfo?: readonly { rate: number; count: number }[] | null;
}): RatingBreakdown {
  const byRate = new Map((r.rateInfo ?? []).map((i) => [i.rate, i.count]));
  return {
    overallRate: r.overallRate,
    totalCount: r.totalCount,
    distribution: [5, 4, 3, 2, 1].map((rate) => ({ rate, count: byRate.get(rate) ?? 0 })),
  };
}

export function toReviewView(r: ReviewView): ReviewView {
  return {
    id: r.id,
    createdAt: r.createdAt,
    summary: r.summary,
    body: r.body,
    rating: r.rating,
    authorName: r.authorName,
    isAuthor: r.isAuthor,
    state: r.state,
    languageCode: r.languageCode,
  };
}
