import { ProductVariant } from '@vendure/core';

export interface SaleFields {
  onSale?: boolean | null;
  startDate?: Date | string | null;
  endDate?: Date | string | null;
  mainPrice?: number | null;
  promoPrice?: number | null;
}

/** On sale at `now`: the onSale flag and inside startDate..endDate (an open end counts as open). */
export function isOnSaleAt(fields: SaleFields | undefined, now: Date): boolean {
  if (!fields?.onSale) return false;
  const start = fields.startDate ? new Date(fields.startDate) : undefined;
  const end = fields.endDate ? new Date(fields.endDate) : undefined;
  return (!start || start <= now) && (!end || end >= now);
}

export function discountAmountOf(variant: ProductVariant, priceWithTax: number, now: Date): number {
  const fields = variant.customFields as SaleFields | undefined;
  if (!isOnSaleAt(fields, now) || fields?.mainPrice == null) return 0;
  return Math.max(0, fields.mainPrice - priceWithTax);
}

/** The promo price (minor units, incl. VAT) that prices the variant at `now`, or null (docs/decisions/041). */
export function salePriceAt(fields: SaleFields | undefined, now: Date): number | null {
  if (fields?.promoPrice == null || !isOnSaleAt(fields, now)) return null;
  return fields.promoPrice;
}
