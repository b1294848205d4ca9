import { Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Ctx, ProductVariant, ProductVariantService, RequestContext } from '@vendure/core';
import gql from 'graphql-tag';

import { QuantityLimits } from './quantity-limits';

export const maxQuantitySchema = gql`
  extend type ProductVariant {
    "The most units of this variant one cart may hold now: its saleable stock, at most MAX_LINE_QUANTITY; 0 when none can be bought."
    maxQuantity: Int!
  }
`;

/** The most units of a variant a cart may ask for: what is in stock, within the per-product limit. */
export function maxQuantityOf(saleableStock: number, limits: Pick<QuantityLimits, 'maxLineQuantity'>): number {
  return Math.max(0, Math.min(Math.floor(saleableStock), limits.maxLineQuantity));
}

/**
 * `ProductVariant.maxQuantity` (issue 32 §7): the storefront's quantity pickers (product page,
 * cart) offer no more than this, so a shopper is never offered units the shop does not have.
 * Saleable stock is Vendure's own figure (on hand − allocated − out-of-stock threshold; units in
 * carts are allocated only when the order is placed).
 */
@Resolver('ProductVariant')
export class MaxQuantityResolver {
  static limits: Pick<QuantityLimits, 'maxLineQuantity'> = { maxLineQuantity: 10 };

  constructor(private readonly variantService: ProductVariantService) {}

  @ResolveField()
  async maxQuantity(@Ctx() ctx: RequestContext, @Parent() variant: ProductVariant): Promise<number> {
    return maxQuantityOf(await this.variantService.getSaleableStockLevel(ctx, variant), MaxQuantityResolver.limits);
  }
}
