/**
 * What a variant costs right now, in halalas. The amount shown as the price is always the
 * amount the cart will charge (`priceWithTax`, which the server computes with the promo window
 * applied); the custom fields only explain it: the struck-through "was" price, the discount and
 * when the offer ends.
 */

export interface PricedVariant {
  priceWithTax: number;
  /** Server-computed: mainPrice - priceWithTax while on sale, else 0. */
  discountAmount?: number | null;
  customFields?: {
    mainPrice?: number | null;
    promoPrice?: number | null;
    onSale?: boolean | null;
    startDate?: string | null;
    endDate?: string | null;
  } | null;
}

export interface VariantPricing {
  price: number;
  /** Struck-through reference price, only when above `price`. */
  compareAt: number | null;
  /** compareAt - price (0 when none). */
  discount: number;
  /** Whole percent off, for a badge (0 when none). */
  discountPercent: number;
  /** ISO end of a running promotion, if it has one. */
  promoEndsAt: string | null;
  kind: 'regular' | 'promo' | 'drop';
}

function time(iso: string | null | undefined): number | null {
  if (!iso) return null;
  const t = Date.parse(iso);
  return Number.isNaN(t) ? null : t;
}

/**
 * A promotion runs when the variant is on sale and `now` is inside [startDate, endDate], the
 * same window the catalogue plugin uses for `discountAmount` (sale-window.ts).
 */
export function isPromoRunning(variant: PricedVariant, now: Date): boolean {
  const cf = variant.customFields;
  if (!cf?.onSale) return false;
  const start = time(cf.startDate);
  const end = time(cf.endDate);
  const t = now.getTime();
  return (start === null || start <= t) && (end === null || t <= end);
}

/**
 * @param dropPrice the product's `customFields.dropPrice`: a previous price the product was
 *   dropped from, shown struck through when no promotion explains the price.
 */
export function variantPricing(variant: PricedVariant, dropPrice: number | null | undefined, now: Date): VariantPricing {
  const price = variant.priceWithTax;
  const cf = variant.customFields;
  const promo = isPromoRunning(variant, now);
  let compareAt: number | null = null;
  let kind: VariantPricing['kind'] = 'regular';
  if (promo) {
    const main = cf?.mainPrice ?? (variant.discountAmount ? price + variant.discountAmount : null);
    if (main !== null && main !== undefined && main > price) {
      compareAt = main;
      kind = 'promo';
    }
  }
  if (compareAt === null && dropPrice !== null && dropPrice !== undefined && dropPrice > price) {
    compareAt = dropPrice;
    kind = 'drop';
  }
  const discount = compareAt === null ? 0 : compareAt - price;
  return {
    price,
    compareAt,
    discount,
    discountPercent: compareAt ? Math.round((discount / compareAt) * 100) : 0,
    promoEndsAt: kind === 'promo' ? (cf?.endDate ?? null) : null,
    kind,
  };
}
